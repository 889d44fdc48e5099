//! Answer files checked against the judge: problem folders and
//! `boardls.toml` (`folders`), each finding's code, span, message and fix
//! (`judge`), and the same through the server, with hover and definition
//! (`server`), kept by the edit and equal to a fresh reading (`edits`).
//! `cargo test --test it answers::` runs them all.

// Waits for the server to settle (boardls/test/settled).
#[cfg(feature = "test-hooks")]
mod edits;
mod folders;
mod judge;
mod server;
