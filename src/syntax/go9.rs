//! `.go9` boards (HDU 5546 input): 9 rows of 9 cells `x`, `o`, `.`.

use crate::diagnostics::{Diagnostic, Span, codes};
use crate::games::go9::{self, Board, Colour, Group};
use crate::games::{Cell, CellSet, GameKind};
use crate::text::LineSource;
use crate::wording::count;

use super::builder::{Alphabet, lowercase_players};
use super::position::{Game, ParsedPosition};
use super::square::{LayoutCodes, read_square_board};

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
    let (p, cells) = read_square_board(GameKind::Go9, lines, from, &ALPHABET, &LAYOUT)?;
    let game = cells.map(|cells| {
        // Bitsets straight from the bytes: no per-cell board updates.
        let (mut black, mut white) = (0u128, 0u128);
        for (r, row) in cells.iter().enumerate() {
            for (c, &byte) in row.iter().enumerate() {
                let bit = 1u128 << (r * 9 + c);
                match byte {
                    b'x' => black |= bit,
                    b'o' => white |= bit,
                    _ => {}
                }
            }
        }
        let board = Board::from_stones(CellSet::from_bits(black), CellSet::from_bits(white));
        Game::Go9 { board }
    });
    Some(p.finish(game, None))
}

/// A related location lists at most this many stones of a group; the last
/// one listed says how many more there are. (A group on a dense board may
/// have 60 stones: one location each made a diagnostic 4 KB of JSON.)
pub const MAX_RELATED_STONES: usize = 3;

/// 1-based coordinates for messages.
fn coordinates(cell: Cell) -> String {
    format!("row {}, column {}", cell.row + 1, cell.col + 1)
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
        let text = if i + 1 == MAX_RELATED_STONES && more > 0 {
            format!(
                "{message} at {} (and {} more)",
                coordinates(stone),
                count(more, "stone")
            )
        } else {
            format!("{message} at {}", coordinates(stone))
        };
        diagnostic = diagnostic.with_related(p.cell_span(stone).unwrap_or_default(), text);
    }
    diagnostic
}

/// The facts of a complete board (relative spans, in the order the rules
/// list them; the caller sorts): killable o groups, dead groups, x groups
/// in atari.
pub(super) fn facts(p: &ParsedPosition, board: &Board, out: &mut Vec<Diagnostic>) {
    let findings = go9::analyse(board);
    let span = |cell: Cell| p.cell_span(cell).unwrap_or_default();
    for (group, capture) in findings.killable() {
        let stones = count(group.stones.len(), "o stone");
        let diagnostic = Diagnostic::information(
            codes::GO9_KILLABLE,
            span(capture),
            format!("x playing here captures {stones}: the group's last liberty"),
        );
        out.push(with_stones(p, diagnostic, group, "captured stone"));
    }
    for group in findings.dead() {
        let message = format!(
            "this {} group of {} has no liberty, so the position cannot occur in a game",
            group.colour.symbol(),
            count(group.stones.len(), "stone")
        );
        push_group_fact(
            p,
            out,
            Diagnostic::warning(codes::GO9_DEAD_GROUP, Span::default(), message),
            group,
        );
    }
    for (group, liberty) in findings.black_in_atari() {
        debug_assert_eq!(group.colour, Colour::Black);
        let message = format!(
            "this x group of {} has one liberty: o could capture it at {}",
            count(group.stones.len(), "stone"),
            coordinates(liberty)
        );
        let diagnostic = Diagnostic::information(codes::GO9_ATARI, Span::default(), message)
            .with_related(span(liberty), "the last liberty");
        push_group_fact(p, out, diagnostic, group);
    }
}

/// A fact about a whole group: shown on its first stone, with its first
/// stones as related locations.
fn push_group_fact(
    p: &ParsedPosition,
    out: &mut Vec<Diagnostic>,
    mut diagnostic: Diagnostic,
    group: &Group,
) {
    let Some(first) = group.stones.first() else {
        return;
    };
    diagnostic.span = p.cell_span(first).unwrap_or_default();
    out.push(with_stones(p, diagnostic, group, "stone of the group"));
}
