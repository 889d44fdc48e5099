//! The server's features, in process and data-driven: inlay hints, code
//! actions, symbols, folding ranges, formatting, diagnostics and edits are
//! pure functions
//! of a document view, so each test is a fixture and a snapshot of what one
//! feature answers (`support::features` describes both). `UPDATE_EXPECT=1 cargo test
//! --test it lsp_features` rewrites the snapshots that no longer match. The
//! hover and the semantic tokens have their own modules (`hover`, `tokens`).
//!
//! The protocol itself (framing, lifecycle, exit codes, abuse) is tested
//! against the spawned binary in `lsp_protocol.rs` and `lsp_abuse.rs`, and
//! random edits through the real server in `lsp_proptest.rs`.

mod edits;
mod formatting;
mod go9;
mod tomek;
mod uttt;
