//! Inlay hints, for the requested range only: the work is proportional to
//! the positions the range overlaps, not to the document.
//!
//! No hint stands inside a board row: each is at the end of a line, after
//! its last cell, so every row reads exactly as in the file and the
//! columns of a board stay aligned. (The cells' own states are semantic
//! tokens, see `tokens`; liberty counts are in the hover.)
//!
//! A line gets at most one hint, its parts joined with ` · `, and the
//! label reads as a comment of the files' own syntax (`# legal: 1 2 3`):
//! clients that draw a hint's padding as a sliver (VS Code) or none at
//! all would otherwise run it into the row's last cell or two hints into
//! one another. The parts:
//!
//! - every position: `Case #k: verdict` at the end of its last line (for
//!   uttt that is the last-move line, so the verdict names the player to
//!   move and the number of legal moves);
//! - uttt: at the end of each row with legal cells, their columns
//!   (`legal: 4 5 6`, counted from 1 as the last-move line counts them);
//! - go9: at the end of each row holding a capture point, where x captures
//!   and how many stones (`x at 6 captures 3`), before the verdict when
//!   the row is the board's last.

use std::collections::BTreeMap;

use ls_types::{InlayHint, InlayHintKind, InlayHintLabel, InlayHintTooltip, Position, Range};

use super::locate::{self, Located, at_cell, cell_list, field_name};
use crate::config::HintSettings;
use crate::encoding::line_end;
use crate::view::DocView;
use boardls_engine::games::go9;
use boardls_engine::games::{Cell, CellSet, uttt};
use boardls_engine::i18n::message;
use boardls_engine::i18n::{Locale, Message};
use boardls_engine::syntax::JudgedBoard;

/// The hints of the kinds the settings switch on (`enable` is the caller's).
pub fn inlay_hints_with(view: &DocView<'_>, range: Range, kinds: &HintSettings) -> Vec<InlayHint> {
    let first = range.start.line.min(range.end.line);
    let last = range.start.line.max(range.end.line);
    let wanted = |line: u32| (first..=last).contains(&line);
    let locale = view.locale();
    // The tooltips that are the same for every position, worded once.
    let mut judged = None;
    let mut unreadable = None;
    // Every part at a line's end, by line: one hint each.
    let mut lines: BTreeMap<u32, LineHint> = BTreeMap::new();
    for located in locate::in_range(view, range) {
        // Row summaries, top to bottom: (board row, label, tooltip).
        let rows = match located.position.game() {
            Some(JudgedBoard::Uttt { findings, .. }) if kinds.legal_moves => {
                uttt_rows(findings, locale)
            }
            Some(JudgedBoard::Go9 { board }) if kinds.captures => {
                go9_rows(&go9::analyse(board), locale)
            }
            _ => Vec::new(),
        };
        for (row, label, tooltip) in rows {
            let Some(line) = row_line(&located, row) else {
                continue;
            };
            if wanted(line) {
                lines.entry(line).or_default().add(label, tooltip);
            }
        }
        let line = located.last_line();
        if kinds.verdicts && wanted(line) {
            let tooltip = match located.position.game() {
                Some(JudgedBoard::Uttt { findings, .. }) => uttt_rule(findings).word(locale),
                Some(_) => judged
                    .get_or_insert_with(|| message!("hint-verdict-tooltip").word(locale))
                    .clone(),
                None => unreadable
                    .get_or_insert_with(|| message!("board-unreadable").word(locale))
                    .clone(),
            };
            let parts = lines.entry(line).or_default();
            parts.add(located.label(locale), tooltip);
            parts.has_verdict = true;
        }
    }
    lines
        .into_iter()
        .map(|(line, parts)| parts.hint(line_end(view.doc.rope(), line, view.enc())))
        .collect()
}

/// What goes after `#` at a line's end, and why.
#[derive(Default)]
struct LineHint {
    labels: Vec<String>,
    tooltips: Vec<String>,
    has_verdict: bool,
}

impl LineHint {
    fn add(&mut self, label: String, tooltip: String) {
        self.labels.push(label);
        self.tooltips.push(tooltip);
    }

    /// `# part · part`, set off from the text by a space; a verdict's
    /// hint is a type hint, a row summary a parameter hint (clients may
    /// style the two apart).
    fn hint(self, position: Position) -> InlayHint {
        let kind = if self.has_verdict {
            InlayHintKind::TYPE
        } else {
            InlayHintKind::PARAMETER
        };
        InlayHint {
            position,
            label: InlayHintLabel::String(format!("# {}", self.labels.join(" · "))),
            kind: Some(kind),
            text_edits: None,
            tooltip: Some(InlayHintTooltip::String(self.tooltips.join("\n"))),
            padding_left: Some(true),
            padding_right: Some(false),
            data: None,
        }
    }
}

/// The absolute line of board row `row` of a position.
fn row_line(located: &Located<'_>, row: u8) -> Option<u32> {
    located.position.row_line(usize::from(row))
}

/// `legal: 4 5 6` for each row with legal cells.
fn uttt_rows(findings: &uttt::Findings, locale: Locale) -> Vec<(u8, String, String)> {
    let player = findings
        .to_move
        .map_or(message!("hint-player-to-move"), |p| {
            message!("hint-player", player = p.symbol())
        });
    (0..9u8)
        .filter_map(|row| {
            let cells: Vec<Cell> = findings
                .legal
                .iter()
                .filter(|cell| cell.row == row)
                .collect();
            if cells.is_empty() {
                return None;
            }
            let columns: Vec<String> = cells.iter().map(|c| (c.col + 1).to_string()).collect();
            let label = message!("hint-legal", columns = columns.join(" "));
            let tooltip = message!(
                "hint-legal-tooltip",
                n = cells.len(),
                player = player.clone(),
                row = row + 1,
                cells = cell_list(cells)
            );
            Some((row, label.word(locale), tooltip.word(locale)))
        })
        .collect()
}

/// `x at 6 captures 3` for each row holding capture points: the stones of
/// every killable group whose last liberty that point is.
fn go9_rows(findings: &go9::Findings, locale: Locale) -> Vec<(u8, String, String)> {
    let mut points: BTreeMap<Cell, CellSet> = BTreeMap::new();
    for (group, at) in findings.killable() {
        let stones = points.entry(at).or_default();
        *stones = stones.union(group.stones);
    }
    let mut rows: Vec<(u8, String, String)> = Vec::new();
    for (point, stones) in points {
        let label =
            message!("hint-go9-capture", column = point.col + 1, n = stones.len()).word(locale);
        let tooltip = message!(
            "hint-go9-capture-tooltip",
            row = point.row + 1,
            column = point.col + 1,
            n = stones.len(),
            cells = cell_list(stones)
        )
        .word(locale);
        match rows.last_mut() {
            Some((row, labels, tooltips)) if *row == point.row => {
                labels.push_str(", ");
                labels.push_str(&label);
                tooltips.push('\n');
                tooltips.push_str(&tooltip);
            }
            _ => rows.push((point.row, label, tooltip)),
        }
    }
    rows
}

/// Why the legal cells are where they are.
fn uttt_rule(findings: &uttt::Findings) -> Message {
    let field = field_name(findings.target_field);
    let last = at_cell(findings.last_move);
    if findings.anywhere {
        message!("hint-uttt-rule-anywhere", last = last, field = field)
    } else {
        message!("hint-uttt-rule", last = last, field = field)
    }
}
