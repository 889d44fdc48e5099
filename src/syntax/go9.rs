//! `.go9` boards (HDU 5546 input): 9 rows of 9 cells `x`, `o`, `.`.

use crate::diagnostics::{Diagnostic, Span, codes};
use crate::games::go9::{self, Board, Colour, Group};
use crate::games::{Cell, CellSet, GameKind};
use crate::text::LineSource;
use crate::wording::count;

use super::builder::{Alphabet, PositionBuilder, lowercase_players};
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
    let (mut p, cells) = read_square_board(GameKind::Go9, lines, from, &ALPHABET, &LAYOUT)?;
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
        let findings = go9::analyse(&board);
        report_facts(&mut p, &findings);
        Game::Go9 { board }
    });
    Some(p.finish(game, None))
}

/// 1-based coordinates for messages.
fn coordinates(cell: Cell) -> String {
    format!("row {}, column {}", cell.row + 1, cell.col + 1)
}

fn with_stones(
    p: &PositionBuilder,
    mut diagnostic: Diagnostic,
    group: &Group,
    message: &str,
) -> Diagnostic {
    for stone in group.stones {
        diagnostic = diagnostic.with_related(
            p.cell_span(stone),
            format!("{message} at {}", coordinates(stone)),
        );
    }
    diagnostic
}

fn report_facts(p: &mut PositionBuilder, findings: &go9::Findings) {
    for (group, capture) in findings.killable() {
        let stones = count(group.stones.len(), "o stone");
        let diagnostic = Diagnostic::information(
            codes::GO9_KILLABLE,
            p.cell_span(capture),
            format!("x playing here captures {stones}: the group's last liberty"),
        );
        let diagnostic = with_stones(p, diagnostic, group, "captured stone");
        p.push(diagnostic);
    }
    for group in findings.dead() {
        let message = format!(
            "this {} group of {} has no liberty, so the position cannot occur in a game",
            group.colour.symbol(),
            count(group.stones.len(), "stone")
        );
        push_group_fact(
            p,
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
            .with_related(p.cell_span(liberty), "the last liberty");
        push_group_fact(p, diagnostic, group);
    }
}

/// A fact about a whole group: shown on its first stone, with every stone
/// as a related location.
fn push_group_fact(p: &mut PositionBuilder, mut diagnostic: Diagnostic, group: &Group) {
    let Some(first) = group.stones.first() else {
        return;
    };
    diagnostic.span = p.cell_span(first);
    let diagnostic = with_stones(p, diagnostic, group, "stone of the group");
    p.push(diagnostic);
}
