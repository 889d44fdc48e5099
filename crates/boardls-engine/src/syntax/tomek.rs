//! `.tomek` boards (GCJ 2013 Qualification A input): 4 rows of 4 cells
//! `X`, `O`, `T`, `.`.

use crate::diagnostics::{Diagnostic, codes};
use crate::games::GameKind;
use crate::games::tomek::{self, Board, Line, Mark, Verdict};
use crate::i18n::Message;
use crate::i18n::message;
use crate::text::LineSource;

use super::builder::Alphabet;
use super::position::{JudgedBoard, ParsedPosition, row_span_in};
use super::square::{self, Cells, LayoutCodes};

fn fix_case(c: char) -> Option<char> {
    matches!(c, 'x' | 'o' | 't').then(|| c.to_ascii_uppercase())
}

const ALPHABET: Alphabet = Alphabet {
    bad_cell: codes::TOMEK_BAD_CELL,
    expected: || message!("tomek-cells"),
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

/// Who wins with which line, for a related location.
fn wins_with(player: char, line: Line) -> Message {
    match line {
        Line::Row(r) => message!("tomek-wins-row", player = player, row = r + 1),
        Line::Column(c) => message!("tomek-wins-column", player = player, column = c + 1),
        Line::Diagonal => message!("tomek-wins-diagonal", player = player),
        Line::AntiDiagonal => message!("tomek-wins-anti-diagonal", player = player),
    }
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
        let message = message!("tomek-extra-t", count = t_cells.len());
        for extra in t_cells.iter().skip(1) {
            let mut diagnostic =
                Diagnostic::warning(codes::TOMEK_EXTRA_T, cell_span(extra), message.clone());
            if related {
                diagnostic = diagnostic.with_related(cell_span(first_t), message!("tomek-first-t"));
            }
            out.push(diagnostic);
        }
    }
    if findings.both_won() {
        let mut diagnostic = Diagnostic::warning(
            codes::TOMEK_TWO_WINNERS,
            row_span(0),
            message!("tomek-two-winners", verdict = Verdict::XWon.text()),
        );
        // Without `related`, no lines: they are only related locations.
        let shown = findings.winning_lines.iter().filter(|_| related);
        for winning in shown {
            let span = match winning.line {
                Line::Row(r) => row_span(r as usize),
                line => cell_span(line.cells()[0]),
            };
            let message = wins_with(winning.player.symbol(), winning.line);
            diagnostic = diagnostic.with_related(span, message);
        }
        out.push(diagnostic);
    }
}
