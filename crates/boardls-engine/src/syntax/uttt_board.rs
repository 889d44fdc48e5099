//! `.uttt` boards as sets of cells: a row in the usual layout read from its
//! bytes a whole row at a time, the judge's findings and the facts beyond
//! them, and a whole position in the usual layout read straight from the
//! bytes of the text (what opening a document and `check` read most):
//! finding a position's 14 lines one by one and walking its 81 cells three
//! times were most of opening a large file (figures: BENCHMARKS.md,
//! "Figures behind the code").

use crate::diagnostics::{self, Diagnostic, Span, codes};
use crate::games::uttt::{self, Board, Findings};
use crate::games::{Cell, CellSet, GameKind};
use crate::i18n::message;
use crate::text::byte_mask;

use super::position::{JudgedBoard, ParsedPosition, Tally, cell_span_in, row_span_in};
use super::row_lines::RowLines;
use super::square::Cells;

/// The cells of a board, gathered row by row: bit `col` of each row's
/// `x`, `o` and `!` cells, put together at the end with nine shifts by 9
/// rather than shifting each row into a `u128` by its own distance.
#[derive(Clone, Copy, Default)]
pub(super) struct Rows {
    x: [u16; 9],
    o: [u16; 9],
    marked: [u16; 9],
}

impl Rows {
    /// Reads board row `row` (0..9) from a line that is exactly
    /// `ccc ccc ccc` with cells `x`, `o`, `.` and `!`; `false` (and
    /// nothing read) for any other line.
    pub fn add_row(&mut self, row: usize, line: &[u8]) -> bool {
        let Ok(line) = <&[u8; 11]>::try_from(line) else {
            return false;
        };
        let mut window = [0u8; 16];
        window[..11].copy_from_slice(line);
        self.add_window(row, &window)
    }

    /// [`Rows::add_row`] for the 11 bytes at the start of `window` (what
    /// follows them does not matter).
    pub fn add_window(&mut self, row: usize, window: &[u8; 16]) -> bool {
        const ROW: u16 = 0x7ff;
        let x = byte_mask(window, b'x') & ROW;
        let o = byte_mask(window, b'o') & ROW;
        let marked = byte_mask(window, b'!') & ROW;
        let dot = byte_mask(window, b'.') & ROW;
        // Cells at bytes 0-2, 4-6 and 8-10; spaces at 3 and 7.
        if x | o | marked | dot != 0x777 || byte_mask(window, b' ') & ROW != 0x088 {
            return false;
        }
        if row < 9 {
            self.x[row] = squeeze(x);
            self.o[row] = squeeze(o);
            self.marked[row] = squeeze(marked);
        }
        true
    }

    pub fn board(&self) -> Board {
        Board::from_sets(gather(&self.x), gather(&self.o), gather(&self.marked))
    }
}

/// Nine rows of nine cells as one set.
fn gather(rows: &[u16; 9]) -> CellSet {
    let bits = rows
        .iter()
        .rev()
        .fold(0u128, |set, &row| set << 9 | u128::from(row & 0x1ff));
    CellSet::from_bits(bits)
}

/// Bits 0-2, 4-6 and 8-10 of a row's byte mask as cell columns 0..9.
const fn squeeze(mask: u16) -> u16 {
    (mask & 0o7) | (mask >> 1 & 0o70) | (mask >> 2 & 0o700)
}

/// The board of cell bytes read one at a time (anything but `x`, `o` and
/// `!` is `.`).
pub(super) fn board_of(cells: &Cells) -> Board {
    let mut rows = Rows::default();
    for (r, row) in cells.iter().enumerate() {
        for (c, &byte) in row.iter().enumerate() {
            let bit = 1u16 << c;
            match byte {
                b'x' => rows.x[r] |= bit,
                b'o' => rows.o[r] |= bit,
                b'!' => rows.marked[r] |= bit,
                _ => {}
            }
        }
    }
    rows.board()
}

/// The judge's findings, and the facts beyond them appended to `out`
/// (unsorted; `row_lines` and the spans are relative to the position).
pub(super) fn judge(
    board: &Board,
    last_move: Cell,
    last_move_span: Span,
    row_lines: &RowLines,
    out: &mut Vec<Diagnostic>,
) -> Findings {
    let cell_span = |cell| cell_span_in(GameKind::Uttt, row_lines, cell);
    let findings = uttt::judge(board, last_move);
    if board.chip(last_move).is_free() {
        let diagnostic = Diagnostic::error(
            codes::UTTT_EMPTY_LAST_MOVE,
            last_move_span,
            message!(
                "uttt-empty-last-move",
                row = last_move.row + 1,
                column = last_move.col + 1
            ),
        )
        .with_related(cell_span(last_move), message!("uttt-empty-cell"));
        out.push(diagnostic);
    }
    // With no free cell in the target field every free cell is legal, so
    // no legal cell there means no free cell at all.
    if findings.anywhere && findings.legal.is_empty() {
        out.push(Diagnostic::error(
            codes::UTTT_NO_EMPTY_CELL,
            row_span_in(GameKind::Uttt, row_lines, 0),
            message!("uttt-no-empty-cell"),
        ));
    }
    let mismatch = uttt::marker_mismatch(board, &findings);
    for cell in mismatch.wrong {
        let diagnostic = Diagnostic::warning(
            codes::UTTT_WRONG_MARKER,
            cell_span(cell),
            message!("uttt-wrong-marker"),
        )
        .with_replacement(
            message!("syntax-fix-replace", found = "!", right = "."),
            ".".to_owned(),
        );
        out.push(diagnostic);
    }
    for cell in mismatch.missing {
        let diagnostic = Diagnostic::warning(
            codes::UTTT_MISSING_MARKER,
            cell_span(cell),
            message!("uttt-missing-marker"),
        )
        .with_replacement(message!("uttt-fix-mark"), "!".to_owned());
        out.push(diagnostic);
    }
    findings
}

/// The relative line of each row of a position in the usual layout.
const ROW_LINES: RowLines = RowLines::Near([0, 1, 2, 4, 5, 6, 8, 9, 10]);

/// A position in the usual layout spans this many lines (the last one
/// its last-move line).
pub(super) const LINES: u32 = 12;

/// Bytes from a position's first row to the end of its last-move line,
/// without that line's break: three bands of three 12-byte rows, two
/// empty lines, `r c`.
pub(super) const LEN: usize = 113;

/// The position at byte `at` of the text, which starts line `line`, when
/// it is in the usual layout as the short reader (`uttt::regular`) takes
/// it, with `\n` line breaks: rows exactly `ccc ccc ccc`, one empty line
/// between bands, the last-move line exactly `r c`, then the end of the
/// text, or a line break and an empty line or the end of the text. It
/// ends `LEN` bytes on; the position after it is searched from line
/// `line + LINES`. `Some(None)` when it has nothing to report and
/// `keep_quiet` is not set, `None` for anything else (which the line
/// reader reads).
pub(super) fn read_position(
    bytes: &[u8],
    at: usize,
    line: u32,
    keep_quiet: bool,
) -> Option<Option<ParsedPosition>> {
    let text = bytes.get(at..at + LEN)?;
    let after = bytes.get(at + LEN..).unwrap_or_default();
    let lines_examined = match after {
        [] => LINES,
        [b'\n'] | [b'\n', b'\n', ..] => LINES + 1,
        _ => return None,
    };
    // Row `r` starts at byte `r * 12 + r / 3` and ends with `\n`; the
    // empty lines between bands are bytes 36 and 73.
    let mut rows = Rows::default();
    for row in 0..9 {
        let start = row * 12 + row / 3;
        // Sixteen bytes from the row's start: always inside the position
        // but for the last row, whose window may go past the end of the
        // text.
        let window = match bytes.get(at + start..at + start + 16) {
            Some(window) => window.try_into().ok()?,
            None => {
                let mut window = [0u8; 16];
                window[..12].copy_from_slice(&text[start..start + 12]);
                window
            }
        };
        if text[start + 11] != b'\n' || !rows.add_window(row, &window) {
            return None;
        }
    }
    let (r, c) = match text[110..] {
        [r @ b'1'..=b'9', b' ', c @ b'1'..=b'9'] if text[36] == b'\n' && text[73] == b'\n' => {
            (r - b'1', c - b'1')
        }
        _ => return None,
    };
    let board = rows.board();
    let last_move_span = Span::new(LINES - 1, 0, 3);
    let mut stored = Vec::new();
    let findings = judge(
        &board,
        Cell::new(r, c),
        last_move_span,
        &ROW_LINES,
        &mut stored,
    );
    if stored.is_empty() && !keep_quiet {
        return Some(None);
    }
    diagnostics::sort(&mut stored);
    Some(Some(ParsedPosition {
        kind: GameKind::Uttt,
        first_line: line,
        line_count: LINES,
        lines_examined,
        row_lines: ROW_LINES,
        last_move_line: Some(LINES - 1),
        last_move_span: Some(last_move_span),
        game: Some(JudgedBoard::Uttt {
            board: Box::new(board),
            findings: Box::new(findings),
        }),
        stored,
        facts: false,
        regular_rows: 0x1ff,
        tally: Tally::default(),
    }))
}
