//! Hover, in Markdown: what a cell holds and what it means, then the
//! position's verdict in the judge's wording (`Case #k: …`), then a
//! picture of the position (`super::picture`: an SVG image or a text
//! board, as the client and `hover.picture` decide).

use std::fmt::Write as _;

use ls_types::{Hover, HoverContents, MarkupContent, MarkupKind, Position};

use super::locate::{self, Located, cell_list, coord, field_name};
use super::picture;
use crate::coverage::GameCoverage;
use crate::games::go9::{self, Colour};
use crate::games::tomek::{self, Line};
use crate::games::{Cell, uttt};
use crate::lsp::config::HoverPicture;
use crate::lsp::view::DocView;
use crate::syntax::JudgedBoard;
use crate::wording::count;

/// The most positions a document may have for the coverage of its count
/// line's hover and its code lens (the largest judge's T).
pub const MAX_COVERAGE_POSITIONS: usize = 1000;

pub fn hover_with(view: &DocView<'_>, pos: Position, picture: HoverPicture) -> Option<Hover> {
    let Some((located, cell)) = locate::at(view, pos) else {
        return count_line(view, pos.line);
    };
    let mut text = String::new();
    let range = match (cell, located.position.game()) {
        (Some(cell), Some(game)) => {
            match game {
                JudgedBoard::Uttt { board, findings } => {
                    uttt_cell(&mut text, board, findings, cell)
                }
                JudgedBoard::Go9 { board } => {
                    go9_cell(&mut text, board, &go9::analyse(board), cell)
                }
                JudgedBoard::Tomek { board, findings } => {
                    tomek_cell(&mut text, board, findings, cell)
                }
            }
            located.cell_range(view, cell)
        }
        (Some(cell), None) => {
            let _ = writeln!(
                text,
                "**{}**\n\nThe board could not be read completely; see its errors.",
                coord(cell)
            );
            located.cell_range(view, cell)
        }
        (None, _) => {
            position_summary(&mut text, located);
            None
        }
    };
    let _ = write!(text, "\n---\n\n`{}`", located.label());
    if let Some(drawing) = picture::markdown(&located, cell, picture, &view.caps) {
        let _ = write!(text, "\n\n{drawing}");
    }
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: text,
        }),
        range,
    })
}

/// On the count line: the file's coverage of the judge's situations.
fn count_line(view: &DocView<'_>, line: u32) -> Option<Hover> {
    let doc = view.doc;
    if doc.header()?.line != line || doc.position_count() > MAX_COVERAGE_POSITIONS {
        return None;
    }
    let coverage = GameCoverage::of_file(doc.kind(), doc.positions_with_lines());
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: coverage.markdown(),
        }),
        range: None,
    })
}

/// Off the cells (a last-move line, a count line inside the position):
/// the position as a whole.
fn position_summary(text: &mut String, located: Located<'_>) {
    let _ = writeln!(text, "**Case #{}**\n", located.case());
    match located.position.game() {
        Some(JudgedBoard::Uttt { findings, .. }) => {
            let _ = writeln!(text, "{}", uttt_reason_line(findings));
        }
        Some(JudgedBoard::Go9 { board }) => {
            let killable: Vec<String> = go9::analyse(board)
                .killable()
                .map(|(group, at)| {
                    format!(
                        "- x at {} captures {}",
                        coord(at),
                        count(group.stones.len(), "o stone")
                    )
                })
                .collect();
            if killable.is_empty() {
                let _ = writeln!(text, "No o group has exactly one liberty.");
            } else {
                let _ = writeln!(text, "{}", killable.join("\n"));
            }
        }
        Some(JudgedBoard::Tomek { findings, .. }) => tomek_lines(text, findings, None),
        None => {
            let _ = writeln!(
                text,
                "The board could not be read completely; see its errors."
            );
        }
    }
}

fn uttt_reason_line(findings: &uttt::Findings) -> String {
    let field = field_name(findings.target_field);
    let last = coord(findings.last_move);
    let to_move = match findings.to_move {
        Some(player) => format!("{} to move", player.symbol()),
        None => "nobody to move (the last-move cell is empty)".to_owned(),
    };
    let legal = count(findings.legal.len(), "legal move");
    if findings.anywhere {
        format!(
            "Last move at {last}: {to_move}. It sends the next chip to the {field} field, which is full, so any free cell is legal: {legal}."
        )
    } else {
        format!(
            "Last move at {last}: {to_move}. It sends the next chip to the {field} field: {legal}."
        )
    }
}

fn uttt_cell(text: &mut String, board: &uttt::Board, findings: &uttt::Findings, cell: Cell) {
    let chip = board.chip(cell);
    let content = match chip {
        uttt::Chip::X => "`x`: a chip of x",
        uttt::Chip::O => "`o`: a chip of o",
        uttt::Chip::Empty => "`.`: empty",
        uttt::Chip::Marked => "`!`: empty, marked as a legal move",
    };
    let _ = writeln!(text, "**{}** — {content}\n", coord(cell));
    let field = Cell::new(cell.row / 3, cell.col / 3);
    let target = field_name(findings.target_field);
    let player = findings
        .to_move
        .map_or("the next player".to_owned(), |p| p.symbol().to_string());
    let verdict = if !chip.is_free() {
        if cell == findings.last_move {
            "Not a legal move: the cell is taken (by the last move).".to_owned()
        } else {
            "Not a legal move: the cell is taken.".to_owned()
        }
    } else if findings.legal.contains(cell) {
        if findings.anywhere {
            format!(
                "**Legal** for {player}: the last move sends the next chip to the {target} field, which is full, so any free cell is legal."
            )
        } else {
            format!(
                "**Legal** for {player}: it is in the {target} field, where the last move at {} sends the next chip.",
                coord(findings.last_move)
            )
        }
    } else {
        format!(
            "**Not legal**: this is the {} field, but the last move at {} sends the next chip to the {target} field, which has free cells.",
            field_name(field),
            coord(findings.last_move)
        )
    };
    let _ = writeln!(text, "{verdict}");
    if chip == uttt::Chip::Marked && !findings.legal.contains(cell) {
        let _ = writeln!(text, "\nThe `!` here is wrong: it should be `.`.");
    }
}

fn colour_name(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "x",
        Colour::White => "o",
    }
}

fn go9_cell(text: &mut String, board: &go9::Board, findings: &go9::Findings, cell: Cell) {
    match board.point(cell) {
        go9::Point::Empty => {
            let _ = writeln!(text, "**{}** — `.`: empty\n", coord(cell));
            match go9::play_black(board, cell) {
                Some(outcome) if !outcome.captured.is_empty() => {
                    let _ = writeln!(
                        text,
                        "x playing here captures {}: {}.",
                        count(outcome.captured.len(), "o stone"),
                        cell_list(outcome.captured)
                    );
                }
                Some(_) => {
                    let _ = writeln!(text, "x playing here captures nothing.");
                }
                None => {}
            }
            if let Some(outcome) = go9::play_black(board, cell)
                && !outcome.lost.is_empty()
            {
                let _ = writeln!(
                    text,
                    "\nAfterwards x loses {} without a liberty: {}.",
                    count(outcome.lost.len(), "own stone"),
                    cell_list(outcome.lost)
                );
            }
        }
        point => {
            let symbol = char::from(point.to_byte());
            let who = if point == go9::Point::Black {
                "black, to move"
            } else {
                "white"
            };
            let _ = writeln!(text, "**{}** — `{symbol}`: a stone of {who}\n", coord(cell));
            if let Some(group) = findings.group_at(cell) {
                go9_group(text, group);
            }
        }
    }
}

fn go9_group(text: &mut String, group: &go9::Group) {
    let colour = colour_name(group.colour);
    let _ = writeln!(
        text,
        "Group of {}: {}.\n",
        count(group.stones.len(), &format!("{colour} stone")),
        cell_list(group.stones)
    );
    let liberties = group.liberties.len();
    if liberties == 0 {
        let _ = writeln!(
            text,
            "No liberty: the group is already dead (this cannot happen in a game)."
        );
        return;
    }
    let _ = writeln!(
        text,
        "{}: {}.",
        count(liberties, "liberty"),
        cell_list(group.liberties)
    );
    if let Some(at) = group.last_liberty() {
        let _ = match group.colour {
            Colour::White => writeln!(text, "\nx captures it by playing at {}.", coord(at)),
            Colour::Black => writeln!(text, "\nIn atari: o could capture it at {}.", coord(at)),
        };
    }
}

fn tomek_cell(text: &mut String, board: &tomek::Board, findings: &tomek::Findings, cell: Cell) {
    let content = match board.mark(cell) {
        tomek::Mark::X => "`X`: a mark of X",
        tomek::Mark::O => "`O`: a mark of O",
        tomek::Mark::T => "`T`: the joker, counting for both players",
        tomek::Mark::Empty => "`.`: empty",
    };
    let _ = writeln!(text, "**{}** — {content}\n", coord(cell));
    tomek_lines(text, findings, Some(cell));
}

fn line_name(line: Line) -> String {
    match line {
        Line::Row(r) => format!("row {}", r + 1),
        Line::Column(c) => format!("column {}", c + 1),
        Line::Diagonal => "the diagonal from the top left".to_owned(),
        Line::AntiDiagonal => "the diagonal from the top right".to_owned(),
    }
}

fn tomek_lines(text: &mut String, findings: &tomek::Findings, cell: Option<Cell>) {
    let _ = writeln!(text, "Verdict: **{}**.", findings.verdict.text());
    for win in &findings.winning_lines {
        let here = cell.is_some_and(|c| win.line.cells().contains(&c));
        let _ = writeln!(
            text,
            "\n{} wins with {}: {}{}",
            win.player.symbol(),
            line_name(win.line),
            cell_list(win.line.cells()),
            if here { " (through this cell)." } else { "." }
        );
    }
    if findings.both_won() {
        let _ = writeln!(
            text,
            "\nBoth players hold a winning line, which no game reaches; the judge reports X."
        );
    }
}
