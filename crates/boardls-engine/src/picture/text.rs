//! A scene as a plain-text board, for clients that do not show images:
//! the rows with numbered rows and columns, marks written into the board,
//! and a legend naming only the marks it uses.
//!
//! - the cell under the cursor stands in brackets: `[.]`;
//! - `.go9`: the highlighted group's stones in upper case (`X`, `O`), its
//!   capture point `*`, its other liberties `+`;
//! - `.uttt`: the legal cells `!`, the last move in upper case, the fields
//!   split by `|` and `-`;
//! - `.tomek`: the winning line's cells in parentheses: `(X)`.

use crate::games::GameKind;
use crate::i18n::Message;
use crate::i18n::message;

use super::scene::{Mark, Scene};

/// The character drawn for a cell.
fn glyph(scene: &Scene, row: u8, col: u8) -> char {
    let cell = crate::games::Cell::new(row, col);
    let state = char::from(scene.cell(cell));
    let marks = scene.marks(cell);
    match scene.kind {
        GameKind::Go9 if marks.contains(Mark::Capture) => '*',
        GameKind::Go9 if marks.contains(Mark::Liberty) => '+',
        GameKind::Go9 if marks.contains(Mark::Group) => state.to_ascii_uppercase(),
        GameKind::Uttt if marks.contains(Mark::LastMove) => state.to_ascii_uppercase(),
        GameKind::Uttt if marks.contains(Mark::Legal) => '!',
        // A `!` where no move is legal is drawn as what it is: empty.
        GameKind::Uttt if state == '!' => '.',
        _ => state,
    }
}

/// The brackets around a cell, if any.
fn brackets(scene: &Scene, row: u8, col: u8) -> Option<(char, char)> {
    let marks = scene.marks(crate::games::Cell::new(row, col));
    if marks.contains(Mark::Cursor) {
        Some(('[', ']'))
    } else if marks.contains(Mark::Win) {
        Some(('(', ')'))
    } else {
        None
    }
}

/// The blanks before column `col` (and after the last at `size`): the
/// first character may become the previous cell's closing bracket, the
/// last this cell's opening one.
fn separator(kind: GameKind, col: u8, size: u8) -> &'static str {
    match kind {
        _ if col == 0 || col == size => " ",
        GameKind::Uttt if col.is_multiple_of(3) => " | ",
        GameKind::Tomek => "  ",
        _ => " ",
    }
}

/// One row, `label` first, trailing blanks removed.
fn row_line(
    scene: &Scene,
    label: &str,
    cell: impl Fn(u8) -> (char, Option<(char, char)>),
) -> String {
    let mut chars: Vec<char> = label.chars().collect();
    let mut close: Option<char> = None;
    for col in 0..=scene.size {
        let mut sep: Vec<char> = separator(scene.kind, col, scene.size).chars().collect();
        if let Some(c) = close.take()
            && let Some(first) = sep.first_mut()
        {
            *first = c;
        }
        if col == scene.size {
            chars.extend(sep);
            break;
        }
        let (glyph, around) = cell(col);
        if let Some((open, shut)) = around {
            if let Some(last) = sep.last_mut() {
                *last = open;
            }
            close = Some(shut);
        }
        chars.extend(sep);
        chars.push(glyph);
    }
    let line: String = chars.into_iter().collect();
    line.trim_end().to_owned()
}

/// The board, one line per row plus the column numbers (and, for `.uttt`,
/// lines between the bands); no trailing blanks.
pub fn board(scene: &Scene) -> Vec<String> {
    let mut lines = Vec::new();
    let header = row_line(scene, "  ", |col| {
        (
            char::from_digit(u32::from(col) + 1, 10).unwrap_or('?'),
            None,
        )
    });
    // Under the `.uttt` fields' bars, the header has blanks.
    lines.push(header.replace('|', " ").trim_end().to_owned());
    for row in 0..scene.size {
        if scene.kind == GameKind::Uttt && row > 0 && row.is_multiple_of(3) {
            // A row's shape: `-` under cells and blanks, `+` under bars,
            // one more `-` for the blank the row ends with.
            let template = row_line(scene, "  ", |_| ('.', None));
            let mut rule: String = template
                .chars()
                .enumerate()
                .map(|(i, c)| match c {
                    _ if i < 2 => ' ',
                    '|' => '+',
                    _ => '-',
                })
                .collect();
            rule.push('-');
            lines.push(rule);
        }
        let label = format!("{} ", row + 1);
        lines.push(row_line(scene, &label, |col| {
            (glyph(scene, row, col), brackets(scene, row, col))
        }));
    }
    lines
}

/// What the board's marks mean: only those it shows, in Markdown, in the
/// scene's language.
pub fn legend(scene: &Scene) -> Vec<String> {
    let mut items = Vec::new();
    let mut add = |mark: Mark, text: Message| {
        if scene.has(mark) {
            items.push(text.word(scene.locale));
        }
    };
    match scene.kind {
        GameKind::Go9 => {
            add(Mark::Group, message!("picture-legend-group"));
            add(Mark::Capture, message!("picture-legend-capture"));
            add(Mark::Liberty, message!("picture-legend-liberty"));
        }
        GameKind::Uttt => {
            add(Mark::Legal, message!("picture-legend-legal"));
            add(Mark::LastMove, message!("picture-legend-last-move"));
        }
        GameKind::Tomek => add(Mark::Win, message!("picture-legend-win")),
    }
    add(Mark::Cursor, message!("picture-legend-cursor"));
    items
}
