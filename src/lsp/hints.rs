//! Inlay hints, for the requested range only: the work is proportional to
//! the positions the range overlaps, not to the document.
//!
//! - every position: `Case #k: verdict` at the end of its last line (for
//!   uttt that is the last-move line, so the verdict names the player to
//!   move and the number of legal moves);
//! - uttt: a `!` mark before each legal cell (the judge's own mark);
//! - go9: the liberty count of each group, once, after its first stone.

use tower_lsp_server::ls_types::{
    InlayHint, InlayHintKind, InlayHintLabel, InlayHintTooltip, Position, Range,
};

use super::config::HintSettings;
use super::encoding::line_end;
use super::locate::{self, Located, cell_list, coord, field_name};
use super::view::DocView;
use crate::games::go9::{self, Colour};
use crate::games::uttt;
use crate::syntax::Game;
use crate::wording::count;

pub fn inlay_hints(view: &DocView<'_>, range: Range) -> Vec<InlayHint> {
    inlay_hints_with(view, range, &HintSettings::default())
}

/// The hints of the kinds the settings switch on (`enable` is the caller's).
pub fn inlay_hints_with(view: &DocView<'_>, range: Range, kinds: &HintSettings) -> Vec<InlayHint> {
    let mut hints = Vec::new();
    let first = range.start.line.min(range.end.line);
    let last = range.start.line.max(range.end.line);
    let wanted = |pos: Position| (first..=last).contains(&pos.line);
    for located in locate::in_range(view, range) {
        match &located.position.game {
            Some(Game::Uttt { findings, .. }) if kinds.legal_moves => {
                uttt_cells(view, located, findings, &wanted, &mut hints);
            }
            Some(Game::Go9 { board }) if kinds.liberties => {
                for group in &go9::analyse(board).groups {
                    let Some(stone) = group.stones.first() else {
                        continue;
                    };
                    let Some(cell) = located.cell_range(view, stone) else {
                        continue;
                    };
                    if !wanted(cell.end) {
                        continue;
                    }
                    let colour = match group.colour {
                        Colour::Black => "x",
                        Colour::White => "o",
                    };
                    let liberties = group.liberties.len();
                    let tooltip = format!(
                        "{colour} group of {}: {}{}",
                        count(group.stones.len(), "stone"),
                        count(liberties, "liberty"),
                        if liberties == 0 {
                            String::new()
                        } else {
                            format!(" at {}", cell_list(group.liberties))
                        }
                    );
                    hints.push(hint(cell.end, liberties.to_string(), tooltip, false));
                }
            }
            _ => {}
        }
        let end = line_end(view.doc.rope(), located.last_line(), view.enc());
        if kinds.verdicts && wanted(end) {
            let tooltip = match &located.position.game {
                Some(Game::Uttt { findings, .. }) => uttt_rule(findings),
                Some(_) => "The judge's verdict for this position.".to_owned(),
                None => "The board could not be read completely; see its errors.".to_owned(),
            };
            hints.push(hint(end, located.label(), tooltip, true));
        }
    }
    hints
}

fn uttt_cells(
    view: &DocView<'_>,
    located: Located<'_>,
    findings: &uttt::Findings,
    wanted: &impl Fn(Position) -> bool,
    hints: &mut Vec<InlayHint>,
) {
    let player = findings
        .to_move
        .map_or("the player to move".to_owned(), |p| p.symbol().to_string());
    for cell in findings.legal {
        let Some(range) = located.cell_range(view, cell) else {
            continue;
        };
        if wanted(range.start) {
            let tooltip = format!("Legal move for {player} ({})", coord(cell));
            let mut mark = hint(range.start, "!".to_owned(), tooltip, false);
            mark.kind = Some(InlayHintKind::PARAMETER);
            hints.push(mark);
        }
    }
}

/// Why the legal cells are where they are.
fn uttt_rule(findings: &uttt::Findings) -> String {
    let field = field_name(findings.target_field);
    let last = coord(findings.last_move);
    if findings.anywhere {
        format!(
            "The last move at {last} sends the next chip to the {field} field, which is full: any free cell is legal."
        )
    } else {
        format!("The last move at {last} sends the next chip to the {field} field.")
    }
}

fn hint(position: Position, label: String, tooltip: String, padding_left: bool) -> InlayHint {
    InlayHint {
        position,
        label: InlayHintLabel::String(label),
        kind: Some(InlayHintKind::TYPE),
        text_edits: None,
        tooltip: Some(InlayHintTooltip::String(tooltip)),
        padding_left: Some(padding_left),
        padding_right: Some(false),
        data: None,
    }
}
