//! The square boards of `.go9` and `.tomek`: `size` rows of `size` cells
//! with no separators.

use crate::diagnostics::Diagnostic;
use crate::games::GameKind;
use crate::i18n::message;
use crate::text::LineSource;

use super::builder::{Alphabet, PositionBuilder};
use super::lines::{LineKind, is_blank, trim_trailing_blanks};
use super::position::{JudgedBoard, ParsedPosition, board_size};

/// Codes of the layout faults of the square-board formats.
pub(super) struct LayoutCodes {
    pub bad_row: &'static str,
    pub missing_row: &'static str,
    pub bad_layout: &'static str,
}

/// The cells of a square board as read: one byte per cell.
pub(super) type Cells = [[u8; 9]; 9];

/// Reads one `.go9` or `.tomek` board, starting the search at line
/// `from`: the short way when it is in the usual layout, else the full
/// reader. `game` makes a board whose cells were all read correctly.
pub(super) fn parse(
    kind: GameKind,
    lines: &dyn LineSource,
    from: u32,
    alphabet: &Alphabet,
    codes: &LayoutCodes,
    game: impl Fn(&Cells) -> JudgedBoard,
) -> Option<ParsedPosition> {
    if let Some(regular) = regular_square_board(kind, lines, from, alphabet) {
        return Some(PositionBuilder::regular(
            kind,
            regular.first_line,
            regular.lines_examined,
            game(&regular.cells),
        ));
    }
    let (p, cells) = read_square_board(kind, lines, from, alphabet, codes)?;
    Some(p.finish(cells.as_ref().map(game), None))
}

/// A board in the usual layout, read without the builder (see
/// [`regular_square_board`]).
struct RegularBoard {
    first_line: u32,
    lines_examined: u32,
    cells: Cells,
}

/// The usual board, read the short way: blank lines, then `size` rows of
/// exactly `size` accepted cells, then a blank line or the end of the text.
/// It gives exactly what [`read_square_board`] gives such a board (no
/// diagnostic, every row regular), at a fraction of the cost of the
/// builder. `None` for anything else, which the full reader then reads
/// and reports on: a comment, a short or long row, a wrong cell, trailing
/// blanks, a board not followed by a blank line.
fn regular_square_board(
    kind: GameKind,
    lines: &dyn LineSource,
    from: u32,
    alphabet: &Alphabet,
) -> Option<RegularBoard> {
    let size = board_size(kind);
    let count = lines.line_count();
    let mut line = from;
    let first_line = loop {
        if line >= count {
            return None;
        }
        let text = lines.line(line);
        if !is_blank(&text) {
            break line;
        }
        line += 1;
    };
    let mut cells: Cells = [[b'.'; 9]; 9];
    for (row, cells) in cells.iter_mut().enumerate().take(size) {
        let text = lines.line(first_line + row as u32);
        let bytes = text.as_bytes();
        if bytes.len() != size || !bytes.iter().all(|b| alphabet.cells.contains(b)) {
            return None;
        }
        cells[..size].copy_from_slice(bytes);
    }
    let after = first_line + size as u32;
    let lines_examined = if after >= count {
        // Reaching the end is a dependency too (see `next_non_comment`).
        count - first_line
    } else if is_blank(&lines.line(after)) {
        size as u32 + 1
    } else {
        return None;
    };
    Some(RegularBoard {
        first_line,
        lines_examined,
        cells,
    })
}

/// Reads a `.go9` or `.tomek` board: `size` consecutive rows of `size`
/// cells, ended by a blank line or the end of the text. Returns the builder
/// and the cells when every one of them was read correctly.
fn read_square_board<'a>(
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
                message!("syntax-blank-after-board", rows = size),
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
            message!("syntax-missing-rows", rows = rows, expected = size),
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
                message!(
                    "syntax-row-cells",
                    row = row + 1,
                    cells = total,
                    expected = size
                ),
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
            message!(
                "syntax-row-cells",
                row = row + 1,
                cells = cells,
                expected = size
            ),
        );
        ok = false;
    }
    ok
}

#[cfg(test)]
mod tests {
    use super::regular_square_board;
    use crate::games::GameKind;
    use crate::i18n::message;
    use crate::syntax::builder::Alphabet;
    use crate::text::TextLines;

    // Not tomek.rs's own alphabet: tomek.rs imports this file.
    const TOMEK: Alphabet = Alphabet {
        bad_cell: "tomek/bad-cell",
        expected: || message!("tomek-cells"),
        cells: b"XOT.",
        fix_case: |_| None,
    };
    const BOARD: &str = "XXXT\n....\nOO..\n....";

    #[test]
    fn the_usual_board_is_read_the_short_way_up_to_its_blank_line_or_the_end() {
        let text = format!("2\n\n{BOARD}\n\nXOXO\n");
        let read = regular_square_board(GameKind::Tomek, &TextLines::new(&text), 1, &TOMEK)
            .expect("read the short way");
        // Its four rows and the blank line after them.
        assert_eq!((read.first_line, read.lines_examined), (2, 5));
        assert_eq!(&read.cells[0][..4], b"XXXT");
        assert_eq!(&read.cells[2][..4], b"OO..");
        // At the end of the text, up to the end.
        let text = format!("1\n\n\n{BOARD}");
        let read = regular_square_board(GameKind::Tomek, &TextLines::new(&text), 1, &TOMEK)
            .expect("read the short way");
        assert_eq!((read.first_line, read.lines_examined), (3, 4));
    }

    #[test]
    fn any_other_board_is_left_to_the_full_reader() {
        for text in [
            "XXXT\n..?.\nOO..\n....\n",
            "XXXT\n...\nOO..\n....\n",
            "XXXT\n....\nOO..\n....\nXXXX\n",
            "XXXT\n....\n",
            "\n\n",
        ] {
            let read = regular_square_board(GameKind::Tomek, &TextLines::new(text), 0, &TOMEK);
            assert!(read.is_none(), "{text:?}");
        }
    }
}
