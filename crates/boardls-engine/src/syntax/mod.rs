//! The parser: text in, positions with spans and diagnostics out. It never
//! fails; whatever does not fit the format becomes an error diagnostic on
//! the characters at fault, and reading goes on with the next position.
//!
//! A file is a sequence of positions. [`parse_position`] reads one position
//! starting its search at a given line, and its result depends only on the
//! lines from the position's first line on, so a document can re-parse from
//! any old position start and get what a fresh parse of the whole text would.
//! Each position also records how many lines it looked at
//! ([`ParsedPosition::lines_examined`]), which tells a document which
//! positions an edit can change.
//!
//! The parts, each importing only those listed before it:
//! - `lines`: line classification (blank, comment, content), quoting in
//!   messages;
//! - `row_lines`: where each board row of a position was read;
//! - `position`: [`ParsedPosition`] and [`JudgedBoard`], and where cells sit in a
//!   row;
//! - `builder`: the position builder that keeps spans relative, and cell
//!   checking with quick fixes for the wrong letter case;
//! - `square`: the square-board reader of `.go9` and `.tomek`;
//! - `uttt_board`: `.uttt` boards as sets of cells, the judge's facts,
//!   and positions in the usual layout read from their bytes;
//! - `uttt`, `go9`, `tomek`: one reader per format;
//! - `facts`: a position's diagnostics as a whole, the facts of `.go9`
//!   and `.tomek` boards derived on demand;
//! - `quiet`: quiet boards skipped as bytes, for `check`;
//! - `file`: the count line, whole files, and bytes that are not UTF-8.
//!
//! This file only declares them and re-exports the public items; no part
//! imports anything from it.

mod builder;
mod facts;
mod file;
pub mod go9;
mod lines;
mod position;
mod quiet;
#[cfg(test)]
mod readers_agree;
mod row_lines;
mod square;
#[cfg(test)]
mod tests;
pub mod tomek;
pub mod uttt;
mod uttt_board;

pub use file::{
    Diagnosed, Header, InOrder, ParsedFile, collect_diagnostics, diagnose, diagnose_bytes,
    diagnose_each, file_diagnostics, parse_file, parse_header, parse_lines, parse_position,
    read_positions,
};
pub use lines::is_comment;
pub use position::{CodeCount, DocPosition, JudgedBoard, ParsedPosition, Tally, board_size};
pub use row_lines::RowLines;
