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
use crate::syntax::JudgedBoard;

use super::scene::{Mark, Scene, Stroke};

/// The scene of a completely read position: case `case` (1-based) with
/// its verdict in the judge's wording, `cursor` the hovered cell, if any.
pub fn scene(game: &JudgedBoard, case: usize, verdict: &str, cursor: Option<Cell>) -> Scene {
    let title = format!("Case #{case}: {verdict}");
    let mut scene = match game {
        JudgedBoard::Uttt { board, findings } => uttt_scene(board, findings, title),
        JudgedBoard::Go9 { board } => go9_scene(board, title, cursor),
        JudgedBoard::Tomek { board, findings } => tomek_scene(board, findings, title),
    };
    scene.facts.splice(
        0..0,
        [("case", case.to_string()), ("verdict", verdict.to_owned())],
    );
    if let Some(cursor) = cursor
        && cursor.row < scene.size
        && cursor.col < scene.size
    {
        scene.mark(cursor, Mark::Cursor);
        scene
            .facts
            .push(("cursor", format!("{} {}", cursor.row + 1, cursor.col + 1)));
    }
    scene
}

fn go9_scene(board: &go9::Board, title: String, cursor: Option<Cell>) -> Scene {
    let mut scene = Scene::new(GameKind::Go9, title);
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

fn uttt_scene(board: &uttt::Board, findings: &uttt::Findings, title: String) -> Scene {
    let mut scene = Scene::new(GameKind::Uttt, title);
    for cell in scene.each_cell() {
        scene.cells[usize::from(cell.row)][usize::from(cell.col)] = board.chip(cell).to_byte();
    }
    let target = findings.target_field;
    scene.mark_all(uttt::field_cells(target.row, target.col), Mark::Target);
    scene.mark_all(findings.legal, Mark::Legal);
    scene.mark(findings.last_move, Mark::LastMove);
    scene.target_field = Some(target);
    let last = findings.last_move;
    scene.facts.extend([
        ("last-move", format!("{} {}", last.row + 1, last.col + 1)),
        (
            "target-field",
            format!("{} {}", target.row + 1, target.col + 1),
        ),
        (
            "to-move",
            findings
                .to_move
                .map_or("none".to_owned(), |p| p.symbol().to_string()),
        ),
        ("legal-moves", findings.legal.len().to_string()),
        ("anywhere", findings.anywhere.to_string()),
    ]);
    scene
}

/// `row 1`, `column 2`, `diagonal`, `anti-diagonal`.
pub fn line_name(line: Line) -> String {
    match line {
        Line::Row(r) => format!("row {}", r + 1),
        Line::Column(c) => format!("column {}", c + 1),
        Line::Diagonal => "diagonal".to_owned(),
        Line::AntiDiagonal => "anti-diagonal".to_owned(),
    }
}

fn tomek_scene(board: &tomek::Board, findings: &tomek::Findings, title: String) -> Scene {
    let mut scene = Scene::new(GameKind::Tomek, title);
    for cell in scene.each_cell() {
        scene.cells[usize::from(cell.row)][usize::from(cell.col)] = board.mark(cell).to_byte();
    }
    let mut lines = Vec::new();
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
        scene.strokes.push(stroke);
    }
    scene.facts.push((
        "winning-lines",
        if lines.is_empty() {
            "none".to_owned()
        } else {
            lines.join(", ")
        },
    ));
    scene
}
