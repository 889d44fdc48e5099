//! boardls's engine: everything about one text, with no IO of its own.
//!
//! It names no file system, thread, clock, environment variable,
//! process, standard stream or async runtime (the crate's `clippy.toml`
//! disallows them), so it builds for `wasm32-unknown-unknown` as it is;
//! where it needs one of them, its caller hands it in (a file's text, not
//! its path). It depends on no other boardls crate and knows nothing of
//! LSP: the crates above it (`boardls-fs`, `boardls-ide`, the hosts and
//! the command line) use it, never the other way.
//!
//! Its rooms, lowest first; each imports only rooms listed before it
//! (`tests/it/structure.rs` checks the order and that no imports go in a
//! circle):
//! - [`text`], [`i18n`]: leaves (lines and columns; the message catalog in
//!   English, Russian and Simplified Chinese);
//! - [`diagnostics`]: the diagnostic model and its stable codes;
//! - [`games`]: the pure rules, judge-exact, with the judges' verdict
//!   wording;
//! - [`syntax`]: text (or a file's bytes) to positions with exact spans
//!   and diagnostics; it never fails;
//! - [`picture`]: a position drawn as SVG or as a text board;
//! - [`solve`]: the judges themselves, a reader to a writer;
//! - [`answers`]: answer files against the judge's output;
//! - [`profile`]: the promises of each judge's statement checked on an
//!   input;
//! - [`document`]: a rope re-parsed incrementally on each edit;
//! - [`project`]: `boardls.toml` read from its text, files to games by
//!   globs, answer names;
//! - [`coverage`]: which of the judges' situations a file reaches;
//! - [`format`](mod@format): the canonical layout.

pub mod answers;
pub mod coverage;
pub mod diagnostics;
pub mod document;
#[cfg(feature = "test-hooks")]
pub mod faults;
pub mod format;
pub mod games;
pub mod i18n;
pub mod picture;
pub mod profile;
pub mod project;
pub mod solve;
pub mod syntax;
pub mod text;
