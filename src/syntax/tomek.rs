//! `.tomek` boards (GCJ 2013 Qualification A input): 4 rows of 4 cells
//! `X`, `O`, `T`, `.`.

use std::borrow::Cow;

use crate::diagnostics::{Diagnostic, codes};
use crate::games::GameKind;
use crate::games::tomek::{self, Board, Line, Mark};
use crate::text::LineSource;

use super::builder::Alphabet;
use super::position::{JudgedBoard, ParsedPosition, row_span_in};
use super::square::{self, Cells, LayoutCodes};

fn fix_case(c: char) -> Option<char> {
    matches!(c, 'x' | 'o' | 't').then(|| c.to_ascii_uppercase())
}

const ALPHABET: Alphabet = Alphabet {
    bad_cell: codes::TOMEK_BAD_CELL,
    expected: "`X`, `O`, `T` or `.`",
    cells: b"XOT.",
    fix_case,
};

const LAYOUT: LayoutCodes = LayoutCodes {
    bad_row: codes::TOMEK_BAD_ROW,
    missing_row: codes::TOMEK_MISSING_ROW,
    bad_layout: codes::TOMEK_BAD_LAYOUT,
};

pub(super) fn parse(lines: &dyn LineSource, from: u32) -> Option<ParsedPosition> {
    square::parse(GameKind::Tomek, lines, from, &ALPHABET, &LAYOUT, game)
}

/// The board of cells that were all read correctly.
fn game(cells: &Cells) -> JudgedBoard {
    let mut board = Board::default();
    for (row, read) in board.cells.iter_mut().zip(cells) {
        for (mark, byte) in row.iter_mut().zip(read) {
            *mark = Mark::from_byte(*byte).unwrap_or(Mark::Empty);
        }
    }
    let findings = tomek::analyse(&board);
    JudgedBoard::Tomek { board, findings }
}

fn describe_line(line: Line) -> String {
    match line {
        Line::Row(r) => format!("row {}", r + 1),
        Line::Column(c) => format!("column {}", c + 1),
        Line::Diagonal => "the diagonal".to_owned(),
        Line::AntiDiagonal => "the anti-diagonal".to_owned(),
    }
}

/// The message of an extra `T` on a board with 2 to 16 of them, as
/// [`extra_t_message`] words it: written out, so that no finding formats or
/// copies its message.
const EXTRA_T: [&str; 15] = [
    "the board has 2 `T` cells; a board holds at most one",
    "the board has 3 `T` cells; a board holds at most one",
    "the board has 4 `T` cells; a board holds at most one",
    "the board has 5 `T` cells; a board holds at most one",
    "the board has 6 `T` cells; a board holds at most one",
    "the board has 7 `T` cells; a board holds at most one",
    "the board has 8 `T` cells; a board holds at most one",
    "the board has 9 `T` cells; a board holds at most one",
    "the board has 10 `T` cells; a board holds at most one",
    "the board has 11 `T` cells; a board holds at most one",
    "the board has 12 `T` cells; a board holds at most one",
    "the board has 13 `T` cells; a board holds at most one",
    "the board has 14 `T` cells; a board holds at most one",
    "the board has 15 `T` cells; a board holds at most one",
    "the board has 16 `T` cells; a board holds at most one",
];

/// The message of each extra `T` on a board holding `count` of them.
fn extra_t_message(count: usize) -> String {
    format!("the board has {count} `T` cells; a board holds at most one")
}

/// The facts of a complete board (relative spans): extra `T`s, two
/// winners.
pub(super) fn facts(
    p: &ParsedPosition,
    board: &Board,
    findings: &tomek::Findings,
    related: bool,
    out: &mut Vec<Diagnostic>,
) {
    let cell_span = |cell| p.cell_span(cell).unwrap_or_default();
    let row_span = |row| row_span_in(GameKind::Tomek, &p.row_lines, row);
    let t_cells = board.t_cells();
    if let Some(first_t) = t_cells.first() {
        let count = t_cells.len();
        let message = match EXTRA_T.get(count.wrapping_sub(2)) {
            Some(&fixed) => Cow::Borrowed(fixed),
            None => Cow::Owned(extra_t_message(count)),
        };
        for extra in t_cells.iter().skip(1) {
            let mut diagnostic =
                Diagnostic::warning(codes::TOMEK_EXTRA_T, cell_span(extra), message.clone());
            if related {
                diagnostic = diagnostic.with_related(cell_span(first_t), "the first `T`");
            }
            out.push(diagnostic);
        }
    }
    if findings.both_won() {
        let mut diagnostic = Diagnostic::warning(
            codes::TOMEK_TWO_WINNERS,
            row_span(0),
            "both X and O hold a winning line, which no game reaches; the judge answers \"X won\"",
        );
        // Without `related`, no lines: they are only related locations.
        let shown = findings.winning_lines.iter().filter(|_| related);
        for winning in shown {
            let span = match winning.line {
                Line::Row(r) => row_span(r as usize),
                line => cell_span(line.cells()[0]),
            };
            let message = format!(
                "{} wins with {}",
                winning.player.symbol(),
                describe_line(winning.line)
            );
            diagnostic = diagnostic.with_related(span, message);
        }
        out.push(diagnostic);
    }
}

#[cfg(test)]
mod tests {
    use super::{EXTRA_T, extra_t_message};

    #[test]
    fn the_written_out_messages_are_the_formatted_ones() {
        for (i, &message) in EXTRA_T.iter().enumerate() {
            assert_eq!(message, extra_t_message(i + 2));
        }
    }
}
