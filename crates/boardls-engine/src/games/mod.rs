//! The rules of the three games: plain data in, plain data out.
//!
//! Nothing here knows about text positions, LSP or I/O; this is where the
//! judges' exact verdicts live. Every board fits a 9×9 grid, so sets of cells
//! are bitsets ([`CellSet`]) and no rule allocates per cell.

mod cell;
pub mod go9;
mod kind;
pub mod tomek;
pub mod uttt;

pub use cell::{Cell, CellSet, CellSetIter};
pub use kind::GameKind;
