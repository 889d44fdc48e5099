//! The square boards of `.go9` and `.tomek`: `size` rows of `size` cells
//! with no separators.

use crate::diagnostics::Diagnostic;
use crate::games::GameKind;
use crate::text::LineSource;
use crate::wording::{count, ordinal};

use super::builder::{Alphabet, PositionBuilder};
use super::lines::{LineKind, trim_trailing_blanks};
use super::position::board_size;

/// Codes of the layout faults of the square-board formats.
pub(super) struct LayoutCodes {
    pub bad_row: &'static str,
    pub missing_row: &'static str,
    pub bad_layout: &'static str,
}

/// The cells of a square board as read: one byte per cell.
pub(super) type Cells = [[u8; 9]; 9];

/// Reads a `.go9` or `.tomek` board: `size` consecutive rows of `size`
/// cells, ended by a blank line or the end of the text. Returns the builder
/// and the cells when every one of them was read correctly.
pub(super) fn read_square_board<'a>(
    kind: GameKind,
    lines: &'a dyn LineSource,
    from: u32,
    alphabet: &Alphabet,
    codes: &LayoutCodes,
) -> Option<(PositionBuilder<'a>, Option<Cells>)> {
    let size = board_size(kind);
    let (mut p, mut text) = PositionBuilder::start(kind, lines, from)?;
    let mut line = p.first_line;
    let mut cells: Cells = [[b'.'; 9]; 9];
    let mut rows = 0;
    let mut complete = true;
    loop {
        if rows == size {
            // Another row right after a full board: the next board starts
            // here, and the blank line between them is missing.
            p.error(
                codes.bad_layout,
                line,
                0,
                0,
                format!(
                    "expected a blank line after the board's {} row",
                    ordinal(size)
                ),
            );
            break;
        }
        let content = trim_trailing_blanks(&text);
        complete &= read_plain_row(
            &mut p,
            alphabet,
            codes.bad_row,
            line,
            content,
            rows,
            size,
            &mut cells[rows],
        );
        let regular = content.len() == size && content.is_ascii();
        p.row_line(rows, line, regular);
        rows += 1;
        match p.next_non_comment(line + 1) {
            Some((next, next_text, LineKind::Content)) => {
                line = next;
                text = next_text;
            }
            Some(_) | None => break,
        }
    }
    if rows < size {
        complete = false;
        let span = p.expected_after(p.last_line());
        p.push(Diagnostic::error(
            codes.missing_row,
            span,
            format!("the board has {}, expected {size}", count(rows, "row")),
        ));
    }
    Some((p, complete.then_some(cells)))
}

/// Reads a row of `size` cells with no separators into `out`; reports
/// every wrong cell and a wrong cell count. Returns whether it was right.
#[allow(clippy::too_many_arguments)]
fn read_plain_row(
    p: &mut PositionBuilder,
    alphabet: &Alphabet,
    bad_row: &'static str,
    line: u32,
    content: &str,
    row: usize,
    size: usize,
    out: &mut [u8; 9],
) -> bool {
    // The common case, a well-formed row, without the per-cell machinery.
    let bytes = content.as_bytes();
    if bytes.len() == size && bytes.iter().all(|b| alphabet.cells.contains(b)) {
        out[..size].copy_from_slice(bytes);
        return true;
    }
    let mut ok = true;
    let mut cells = 0;
    for (byte, c) in content.char_indices() {
        if cells == size {
            // Counting the rest is linear and bounded by the line; the
            // extra cells are not checked one by one (a line may be huge).
            let total = size + content[byte..].chars().count();
            p.error(
                bad_row,
                line,
                byte,
                content.len(),
                format!("row {} has {total} cells, expected {size}", row + 1),
            );
            return false;
        }
        match p.check_cell(alphabet, line, byte, c) {
            Some(b) => out[cells] = b,
            None => ok = false,
        }
        cells += 1;
    }
    if cells < size {
        p.error(
            bad_row,
            line,
            content.len(),
            content.len(),
            format!(
                "row {} has {}, expected {size}",
                row + 1,
                count(cells, "cell")
            ),
        );
        ok = false;
    }
    ok
}
