//! `.go9` boards (HDU 5546 input): 9 rows of 9 cells `x`, `o`, `.`.

use crate::diagnostics::{Diagnostic, Span, codes};
use crate::games::go9::{self, Board, Colour, Group};
use crate::games::{Cell, CellSet, GameKind};
use crate::i18n::Message;
use crate::i18n::message;
use crate::text::LineSource;

use super::builder::{Alphabet, lowercase_players};
use super::position::{JudgedBoard, ParsedPosition};
use super::square::{self, Cells, LayoutCodes};

const ALPHABET: Alphabet = Alphabet {
    bad_cell: codes::GO9_BAD_CELL,
    expected: || message!("go9-cells"),
    cells: b"xo.",
    fix_case: lowercase_players,
};

const LAYOUT: LayoutCodes = LayoutCodes {
    bad_row: codes::GO9_BAD_ROW,
    missing_row: codes::GO9_MISSING_ROW,
    bad_layout: codes::GO9_BAD_LAYOUT,
};

pub(super) fn parse(lines: &dyn LineSource, from: u32) -> Option<ParsedPosition> {
    square::parse(GameKind::Go9, lines, from, &ALPHABET, &LAYOUT, game)
}

/// The board of cells that were all read correctly.
fn game(cells: &Cells) -> JudgedBoard {
    // Bitsets straight from the bytes, without a branch per cell.
    let (mut black, mut white) = (0u128, 0u128);
    for (r, row) in cells.iter().enumerate() {
        let (mut x, mut o) = (0u128, 0u128);
        for (c, &byte) in row.iter().enumerate() {
            x |= u128::from(byte == b'x') << c;
            o |= u128::from(byte == b'o') << c;
        }
        black |= x << (r * 9);
        white |= o << (r * 9);
    }
    let board = Board::from_stones(CellSet::from_bits(black), CellSet::from_bits(white));
    JudgedBoard::Go9 {
        board: Box::new(board),
    }
}

/// A related location lists at most this many stones of a group; the last
/// one listed says how many more there are: a group on a dense board may
/// have dozens of stones, and one location each made a diagnostic
/// kilobytes of JSON.
pub const MAX_RELATED_STONES: usize = 3;

/// The related location of one stone of a group, 1-based coordinates;
/// `more` stones are not listed.
type StoneMessage = fn(u8, u8, usize) -> Message;

fn captured_stone(row: u8, column: u8, more: usize) -> Message {
    if more == 0 {
        message!("go9-captured-stone", row = row, column = column)
    } else {
        message!(
            "go9-captured-stone-more",
            row = row,
            column = column,
            more = more
        )
    }
}

fn group_stone(row: u8, column: u8, more: usize) -> Message {
    if more == 0 {
        message!("go9-group-stone", row = row, column = column)
    } else {
        message!(
            "go9-group-stone-more",
            row = row,
            column = column,
            more = more
        )
    }
}

/// The group's first stones as related locations, the last of them saying
/// how many are not listed.
fn with_stones(
    p: &ParsedPosition,
    mut diagnostic: Diagnostic,
    group: &Group,
    stone_message: StoneMessage,
) -> Diagnostic {
    let total = group.stones.len();
    let more = total - MAX_RELATED_STONES.min(total);
    for (i, stone) in group.stones.iter().take(MAX_RELATED_STONES).enumerate() {
        let more = if i + 1 == MAX_RELATED_STONES { more } else { 0 };
        diagnostic = diagnostic.with_related(
            p.cell_span(stone).unwrap_or_default(),
            stone_message(stone.row + 1, stone.col + 1, more),
        );
    }
    diagnostic
}

/// The facts of a complete board (relative spans, in the order the rules
/// list them; the caller sorts): killable o groups, dead groups, x groups
/// in atari. Their messages are keys and numbers, worded at the edge.
pub(super) fn facts(p: &ParsedPosition, board: &Board, related: bool, out: &mut Vec<Diagnostic>) {
    let findings = go9::analyse(board);
    let span = |cell: Cell| p.cell_span(cell).unwrap_or_default();
    for (group, capture) in findings.killable() {
        let diagnostic = Diagnostic::information(
            codes::GO9_KILLABLE,
            span(capture),
            message!("go9-killable", stones = group.stones.len()),
        );
        out.push(if related {
            with_stones(p, diagnostic, group, captured_stone)
        } else {
            diagnostic
        });
    }
    for group in findings.dead() {
        let colour = match group.colour {
            Colour::Black => "x",
            Colour::White => "o",
        };
        let message = message!(
            "go9-dead-group",
            colour = colour,
            stones = group.stones.len()
        );
        push_group_fact(
            p,
            out,
            Diagnostic::warning(codes::GO9_DEAD_GROUP, Span::default(), message),
            group,
            related,
        );
    }
    for (group, liberty) in findings.black_in_atari() {
        debug_assert_eq!(group.colour, Colour::Black);
        let message = message!(
            "go9-atari",
            stones = group.stones.len(),
            row = liberty.row + 1,
            column = liberty.col + 1
        );
        let mut diagnostic = Diagnostic::information(codes::GO9_ATARI, Span::default(), message);
        if related {
            diagnostic = diagnostic.with_related(span(liberty), message!("go9-last-liberty"));
        }
        push_group_fact(p, out, diagnostic, group, related);
    }
}

/// A fact about a whole group: shown on its first stone, with its first
/// stones as related locations.
fn push_group_fact(
    p: &ParsedPosition,
    out: &mut Vec<Diagnostic>,
    mut diagnostic: Diagnostic,
    group: &Group,
    related: bool,
) {
    let Some(first) = group.stones.first() else {
        return;
    };
    diagnostic.span = p.cell_span(first).unwrap_or_default();
    out.push(if related {
        with_stones(p, diagnostic, group, group_stone)
    } else {
        diagnostic
    });
}
