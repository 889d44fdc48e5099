//! The scene of a position: its cells, and what to highlight for the cell
//! under the cursor (or, without one, for the position as a whole).
//!
//! - `.go9`: on a stone, its group, and its capture point when it has one
//!   liberty (else its liberties); on an empty point where x captures, the
//!   stones it captures and the point; without a cursor, every killable o
//!   group and its capture point.
//! - `.uttt`: the legal cells, the last move and the target field.
//! - `.tomek`: the winning line(s).

use crate::games::tomek::{self, Line};
use crate::games::{Cell, GameKind, go9, uttt};
use crate::i18n::message;
use crate::i18n::{Locale, Message};
use crate::syntax::JudgedBoard;

use super::scene::{Fact, Mark, Scene, Stroke};

/// The scene of a completely read position: case `case` (1-based) with
/// its verdict (the judge's line, or for `.uttt` the player to move and
/// the legal moves), `cursor` the hovered cell, if any; its words in
/// `locale` (its `data-*` values in English, for programs).
pub fn scene(
    game: &JudgedBoard,
    case: usize,
    verdict: &Message,
    cursor: Option<Cell>,
    locale: Locale,
) -> Scene {
    let title = format!("Case #{case}: {}", verdict.word(locale));
    let mut scene = match game {
        JudgedBoard::Uttt { board, findings } => uttt_scene(board, findings, title, locale),
        JudgedBoard::Go9 { board } => go9_scene(board, title, cursor, locale),
        JudgedBoard::Tomek { board, findings } => tomek_scene(board, findings, title, locale),
    };
    let verdict_said = message!("picture-fact-verdict", value = verdict.clone());
    scene.facts.splice(
        0..0,
        [
            fact(
                "case",
                case.to_string(),
                message!("picture-fact-case", value = case),
                locale,
            ),
            fact("verdict", verdict.english(), verdict_said, locale),
        ],
    );
    if let Some(cursor) = cursor
        && cursor.row < scene.size
        && cursor.col < scene.size
    {
        scene.mark(cursor, Mark::Cursor);
        let value = format!("{} {}", cursor.row + 1, cursor.col + 1);
        let said = message!("picture-fact-cursor", value = value.clone());
        scene.facts.push(fact("cursor", value, said, locale));
    }
    scene
}

fn fact(name: &'static str, value: String, said: Message, locale: Locale) -> Fact {
    Fact {
        name,
        value,
        said: said.word(locale),
    }
}

fn go9_scene(board: &go9::Board, title: String, cursor: Option<Cell>, locale: Locale) -> Scene {
    let mut scene = Scene::new(GameKind::Go9, title, locale);
    for cell in scene.each_cell() {
        scene.cells[usize::from(cell.row)][usize::from(cell.col)] = board.point(cell).to_byte();
    }
    let findings = go9::analyse(board);
    match cursor {
        Some(cell) if board.point(cell) != go9::Point::Empty => {
            if let Some(group) = findings.group_at(cell) {
                scene.mark_all(group.stones, Mark::Group);
                match group.last_liberty() {
                    Some(at) => scene.mark(at, Mark::Capture),
                    None => scene.mark_all(group.liberties, Mark::Liberty),
                }
            }
        }
        Some(cell) => {
            if let Some(outcome) = go9::play_black(board, cell)
                && !outcome.captured.is_empty()
            {
                scene.mark_all(outcome.captured, Mark::Group);
                scene.mark(cell, Mark::Capture);
            }
        }
        None => {
            for (group, at) in findings.killable() {
                scene.mark_all(group.stones, Mark::Group);
                scene.mark(at, Mark::Capture);
            }
        }
    }
    scene
}

fn uttt_scene(
    board: &uttt::Board,
    findings: &uttt::Findings,
    title: String,
    locale: Locale,
) -> Scene {
    let mut scene = Scene::new(GameKind::Uttt, title, locale);
    for cell in scene.each_cell() {
        scene.cells[usize::from(cell.row)][usize::from(cell.col)] = board.chip(cell).to_byte();
    }
    let target = findings.target_field;
    scene.mark_all(uttt::field_cells(target.row, target.col), Mark::Target);
    scene.mark_all(findings.legal, Mark::Legal);
    scene.mark(findings.last_move, Mark::LastMove);
    scene.target_field = Some(target);
    let last = findings.last_move;
    let last = format!("{} {}", last.row + 1, last.col + 1);
    let target = format!("{} {}", target.row + 1, target.col + 1);
    let (to_move, to_move_said) = match findings.to_move {
        Some(player) => (
            player.symbol().to_string(),
            message!("picture-fact-to-move", value = player.symbol()),
        ),
        None => ("none".to_owned(), message!("picture-fact-nobody-to-move")),
    };
    let legal = findings.legal.len();
    let anywhere = if findings.anywhere {
        message!("picture-fact-anywhere")
    } else {
        message!("picture-fact-not-anywhere")
    };
    scene.facts.extend([
        fact(
            "last-move",
            last.clone(),
            message!("picture-fact-last-move", value = last),
            locale,
        ),
        fact(
            "target-field",
            target.clone(),
            message!("picture-fact-target-field", value = target),
            locale,
        ),
        fact("to-move", to_move, to_move_said, locale),
        fact(
            "legal-moves",
            legal.to_string(),
            message!("picture-fact-legal-moves", value = legal),
            locale,
        ),
        fact("anywhere", findings.anywhere.to_string(), anywhere, locale),
    ]);
    scene
}

/// `row 1`, `column 2`, `diagonal`, `anti-diagonal`: the names of the
/// SVG's `data-line`, the same in every language.
pub fn line_name(line: Line) -> String {
    match line {
        Line::Row(r) => format!("row {}", r + 1),
        Line::Column(c) => format!("column {}", c + 1),
        Line::Diagonal => "diagonal".to_owned(),
        Line::AntiDiagonal => "anti-diagonal".to_owned(),
    }
}

/// [`line_name`] in words, for the description.
fn line_said(line: Line) -> Message {
    match line {
        Line::Row(r) => message!("picture-line-row", row = r + 1),
        Line::Column(c) => message!("picture-line-column", column = c + 1),
        Line::Diagonal => message!("picture-line-diagonal"),
        Line::AntiDiagonal => message!("picture-line-anti-diagonal"),
    }
}

fn tomek_scene(
    board: &tomek::Board,
    findings: &tomek::Findings,
    title: String,
    locale: Locale,
) -> Scene {
    let mut scene = Scene::new(GameKind::Tomek, title, locale);
    for cell in scene.each_cell() {
        scene.cells[usize::from(cell.row)][usize::from(cell.col)] = board.mark(cell).to_byte();
    }
    let mut lines = Vec::new();
    let mut lines_said = Vec::new();
    for win in &findings.winning_lines {
        let cells = win.line.cells();
        scene.mark_all(cells, Mark::Win);
        let stroke = Stroke {
            from: cells[0],
            to: cells[3],
            player: win.player.symbol(),
            line: line_name(win.line),
        };
        lines.push(format!("{} {}", stroke.player, stroke.line));
        let said = message!(
            "picture-winning-line",
            player = stroke.player,
            line = line_said(win.line)
        );
        lines_said.push(said.word(locale));
        scene.strokes.push(stroke);
    }
    let (value, said) = if lines.is_empty() {
        ("none".to_owned(), message!("picture-fact-no-winning-lines"))
    } else {
        let said = message!("picture-fact-winning-lines", value = lines_said.join(", "));
        (lines.join(", "), said)
    };
    scene.facts.push(fact("winning-lines", value, said, locale));
    scene
}
