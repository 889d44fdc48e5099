//! What an open document keeps between edits, per position, so that a
//! request or a publish after an edit remakes only the positions the edit
//! re-read: the diagnostics' JSON, the semantic tokens and the symbols.
//!
//! - [`per_position`]: the bookkeeping they share (entries that hold the
//!   document's own `Arc` of their position);
//! - [`diagnostics`]: the pieces a publish is joined from;
//! - [`tokens`]: the tokens last sent, for `semanticTokens/full/delta`;
//! - [`symbols`]: each position's `documentSymbol` piece.

pub mod diagnostics;
pub(crate) mod per_position;
pub(crate) mod symbols;
pub mod tokens;
