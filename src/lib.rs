//! boardls: a language server and command-line judge for board files of
//! ultimate tic-tac-toe (`.uttt`), ancient go (`.go9`) and
//! Tic-Tac-Toe-Tomek (`.tomek`).
//!
//! Layers, lowest first; each imports only from layers listed before it
//! (`tests/it/structure.rs` checks every import against the layer table of
//! ARCHITECTURE.md):
//! - leaves, importing nothing of the crate: [`text`] (line splitting, the
//!   [`text::LineSource`] trait, columns, [`text::to_u32`]), [`i18n`]
//!   (the message catalog in English, Russian and Simplified Chinese),
//!   [`diagnostics`] (the diagnostic model and its stable codes);
//! - [`games`]: the pure rules, judge-exact, with the judges' verdict
//!   wording;
//! - [`project`]: `boardls.toml` (found by walking up), file games by
//!   globs, answer pairing;
//! - [`walk`]: the board files below a folder (and the answer files);
//! - [`syntax`]: text (or a file's bytes) to positions with exact spans and
//!   diagnostics; it never fails;
//! - [`document`]: a rope re-parsed incrementally on each edit;
//! - [`picture`]: a position drawn as SVG or as a text board (the hover's
//!   picture), on [`syntax`] and [`games`];
//! - [`profile`]: judge profiles, the promises of each judge's statement
//!   checked on an input (on [`syntax`] and [`games`]);
//! - [`coverage`]: which of the judges' situations a folder of tests
//!   reaches (on [`syntax`], [`games`] and [`profile`]);
//! - [`solve`]: the judges themselves, streaming stdin to stdout (on
//!   [`games`] alone);
//! - [`stress`]: a solution run against the judge on generated inputs,
//!   a failure shrunk (on [`coverage`], [`profile`] and [`solve`]);
//! - [`answers`]: answer files against the judge's output;
//! - [`check`]: the linter command;
//! - [`format`]: the formatter (canonical layout) and `boardls fmt`;
//! - [`lsp`]: the language server, the only layer that speaks LSP.
//!
//! The command line (`src/main.rs`) is the only user of clap.

// Without `native`, what only the native rooms call is unused by design;
// the native build (the one CI lints with -D warnings) still finds dead code.
#![cfg_attr(not(feature = "native"), allow(dead_code))]

pub mod answers;
#[cfg(feature = "native")]
pub mod check;
pub mod coverage;
pub mod diagnostics;
pub mod document;
pub mod format;
pub mod games;
pub mod i18n;
pub mod lsp;
pub mod picture;
pub mod profile;
pub mod project;
pub mod solve;
#[cfg(feature = "native")]
pub mod stress;
pub mod syntax;
#[cfg(feature = "test-hooks")]
pub mod test_hooks;
pub mod text;
#[cfg(feature = "native")]
pub mod walk;
