//! The formatter: a board file's canonical layout, for the server's
//! `textDocument/formatting` and for `boardls fmt`. No LSP types.
//!
//! It fixes what is certain and nothing else, so it never changes a
//! verdict, and formatting a formatted file changes nothing. The parts,
//! each importing only those listed before it:
//! - `certain`: which errors are fixed with certainty, and the refusal
//!   for a file with any other;
//! - `layout`: the canonical lines;
//! - `formatted`: the entry point [`format()`], the check that the result
//!   reads as the file did, and line edits.
//!
//! `boardls fmt`, which reads and writes files, is the command line's.
//!
//! This file only declares them and re-exports the public items.

mod certain;
mod formatted;
mod layout;

pub use certain::Refusal;
pub use formatted::{Formatted, LineEdit, format};
pub use layout::OutLine;
