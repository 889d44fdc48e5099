//! `.go9` boards (HDU 5546 input): 9 rows of 9 cells `x`, `o`, `.`.

use crate::diagnostics::{Diagnostic, Span, codes};
use crate::games::go9::{self, Board, Colour, Group};
use crate::games::{Cell, CellSet, GameKind};
use crate::text::LineSource;
use crate::wording::push_count;

use super::builder::{Alphabet, lowercase_players};
use super::position::{JudgedBoard, ParsedPosition};
use super::square::{self, Cells, LayoutCodes};

const ALPHABET: Alphabet = Alphabet {
    bad_cell: codes::GO9_BAD_CELL,
    expected: "`x`, `o` or `.`",
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

/// 1-based coordinates for messages.
fn coordinates(cell: Cell) -> String {
    let mut text = String::from("row ");
    text.push(char::from(b'1' + cell.row));
    text.push_str(", column ");
    text.push(char::from(b'1' + cell.col));
    text
}

/// The group's first stones as related locations, the last of them saying
/// how many are not listed.
fn with_stones(
    p: &ParsedPosition,
    mut diagnostic: Diagnostic,
    group: &Group,
    message: &str,
) -> Diagnostic {
    let total = group.stones.len();
    for (i, stone) in group.stones.iter().take(MAX_RELATED_STONES).enumerate() {
        let more = total - MAX_RELATED_STONES.min(total);
        let mut text = String::with_capacity(64);
        text.push_str(message);
        text.push_str(" at ");
        text.push_str(&coordinates(stone));
        if i + 1 == MAX_RELATED_STONES && more > 0 {
            text.push_str(" (and ");
            push_count(&mut text, more, "more stone");
            text.push(')');
        }
        diagnostic = diagnostic.with_related(p.cell_span(stone).unwrap_or_default(), text);
    }
    diagnostic
}

/// The facts of a complete board (relative spans, in the order the rules
/// list them; the caller sorts): killable o groups, dead groups, x groups
/// in atari.
pub(super) fn facts(p: &ParsedPosition, board: &Board, related: bool, out: &mut Vec<Diagnostic>) {
    let findings = go9::analyse(board);
    let span = |cell: Cell| p.cell_span(cell).unwrap_or_default();
    // Messages built by hand: `format!` and `count` were a large part of
    // a dense file's publish.
    let message = |parts: &[&str], n: usize, noun: &str, rest: &[&str]| {
        let mut text = String::with_capacity(96);
        parts.iter().for_each(|p| text.push_str(p));
        push_count(&mut text, n, noun);
        rest.iter().for_each(|p| text.push_str(p));
        text
    };
    for (group, capture) in findings.killable() {
        let diagnostic = Diagnostic::information(
            codes::GO9_KILLABLE,
            span(capture),
            message(
                &["x playing here captures "],
                group.stones.len(),
                "o stone",
                &[": the group's last liberty"],
            ),
        );
        out.push(if related {
            with_stones(p, diagnostic, group, "captured stone")
        } else {
            diagnostic
        });
    }
    for group in findings.dead() {
        let colour = match group.colour {
            Colour::Black => "this x group of ",
            Colour::White => "this o group of ",
        };
        let message = message(
            &[colour],
            group.stones.len(),
            "stone",
            &[" has no liberty, so the position cannot occur in a game"],
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
        let message = message(
            &["this x group of "],
            group.stones.len(),
            "stone",
            &[
                " has one liberty: o could capture it at ",
                &coordinates(liberty),
            ],
        );
        let mut diagnostic = Diagnostic::information(codes::GO9_ATARI, Span::default(), message);
        if related {
            diagnostic = diagnostic.with_related(span(liberty), "the last liberty");
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
        with_stones(p, diagnostic, group, "stone of the group")
    } else {
        diagnostic
    });
}
