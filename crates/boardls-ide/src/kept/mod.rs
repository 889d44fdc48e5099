//! What an open document keeps between edits, per position, so that a
//! request or a publish after an edit remakes only the positions the edit
//! re-read: the diagnostics' JSON, the semantic tokens and the symbols.
//!
//! - [`per_position`]: the bookkeeping they share (entries that hold the
//!   document's own `Arc` of their position);
//! - [`diagnostics`]: the pieces a publish is joined from;
//! - [`publish`]: an open document's `publishDiagnostics`, serialized from
//!   those pieces as it is written (by the desktop's outbox and by the
//!   browser's server alike);
//! - [`tokens`]: the tokens last sent, for `semanticTokens/full/delta`;
//! - [`symbols`]: each position's `documentSymbol` piece;
//! - [`side`]: an open answer file or `boardls.toml`, kept as text;
//! - [`answer`]: an answer file's findings, line by line.

pub mod answer;
pub mod diagnostics;
pub(crate) mod per_position;
pub mod publish;
pub mod side;
pub mod symbols;
pub mod tokens;
