//! boardls: a language server and command-line judge for board files of
//! ultimate tic-tac-toe (`.uttt`), ancient go (`.go9`) and
//! Tic-Tac-Toe-Tomek (`.tomek`).
//!
//! Layers, each knowing only the one below it:
//! - [`games`]: the pure rules, judge-exact.
//! - [`syntax`]: text to positions with exact spans and [`diagnostics`];
//!   [`document`]: a rope re-parsed incrementally on each edit.
//! - [`solve`]: the judges themselves, streaming stdin to stdout.
//! - [`check`]: the linter command.
//! - [`lsp`]: the language server, the only layer that speaks LSP.

pub mod check;
pub mod diagnostics;
pub mod document;
pub mod games;
pub mod lsp;
pub mod solve;
pub mod syntax;
pub mod text;
pub mod walk;
pub mod wording;
