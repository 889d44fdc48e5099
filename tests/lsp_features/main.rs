//! The server's features, in process and data-driven: hover, inlay hints,
//! code actions, symbols, folding ranges and diagnostics are pure functions
//! of a document view, so each test is a fixture and a snapshot of what one
//! feature answers (`support` describes both). `UPDATE_EXPECT=1 cargo test
//! --test lsp_features` rewrites the snapshots that no longer match.
//!
//! The protocol itself (framing, lifecycle, exit codes, abuse) is tested
//! against the spawned binary in `lsp_protocol.rs` and `lsp_abuse.rs`, and
//! random edits through the real server in `lsp_proptest.rs`.

#[path = "../support/oracle.rs"]
mod oracle;

mod support;

mod edits;
mod go9;
mod tomek;
mod uttt;
