//! The canonical layout, line by line, for a file whose errors are all
//! certain to fix (`certain`):
//!
//! - board rows canonical (`certain::canonical_row`); a `.uttt` last-move
//!   line `x y` with one space; the count line the number of boards;
//! - comment lines kept where they are, trailing blanks removed;
//! - no blank line before the first comment or content, none at the end,
//!   none between the count line and the first board;
//! - between positions each run of blank lines becomes one, and a gap
//!   without any gets one; inside a `.uttt` position exactly one blank
//!   line between bands and none elsewhere.
//!
//! Each line out names the line in that it came from, so that an editor
//! gets edits of the changed lines only.

use crate::games::GameKind;
use crate::syntax::{ParsedFile, ParsedPosition};
use crate::text::TextLines;

use super::certain::canonical_row;

/// A line of the formatted text (without its line end).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutLine {
    pub text: String,
    /// The input line it came from; `None` for a blank line put in.
    pub source: Option<u32>,
}

impl OutLine {
    /// A blank line, from input line `source` or put in (`None`).
    pub(crate) fn blank(source: Option<u32>) -> OutLine {
        OutLine {
            text: String::new(),
            source,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Gap,
    Header,
    /// A line inside a position's lines: a row, the last-move line, or a
    /// comment or blank line between them.
    Row(usize),
    LastMove,
    Inside,
}

fn is_blank(line: &str) -> bool {
    line.bytes().all(|b| b == b' ' || b == b'\t')
}

fn trim_end(line: &str) -> String {
    line.trim_end_matches([' ', '\t']).to_owned()
}

/// `x y`, each number as plain decimal.
fn canonical_last_move(line: &str) -> String {
    line.split([' ', '\t'])
        .filter(|token| !token.is_empty())
        .map(|token| {
            token
                .parse::<u8>()
                .map_or_else(|_| token.to_owned(), |n| n.to_string())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn roles(lines: &TextLines<'_>, parsed: &ParsedFile) -> Vec<Role> {
    let mut roles = vec![Role::Gap; lines.len()];
    let mut set = |line: u32, role: Role| {
        if let Some(slot) = roles.get_mut(line as usize) {
            *slot = role;
        }
    };
    if let Some(header) = &parsed.header {
        set(header.line, Role::Header);
    }
    for p in &parsed.positions {
        for line in p.first_line..=p.last_line() {
            set(line, Role::Inside);
        }
        for (row, rel) in p.row_lines.iter().enumerate() {
            if let Some(rel) = rel {
                set(p.first_line + rel, Role::Row(row));
            }
        }
        if let Some(rel) = p.last_move_line {
            set(p.first_line + rel, Role::LastMove);
        }
    }
    roles
}

/// The formatted lines.
pub fn lines(kind: GameKind, lines: &TextLines<'_>, parsed: &ParsedFile) -> Vec<OutLine> {
    let roles = roles(lines, parsed);
    let mut out = Vec::with_capacity(lines.len());
    let mut positions = parsed.positions.iter().peekable();
    let mut before = Before::Nothing;
    let mut line = 0;
    while line < lines.len() {
        match roles[line] {
            Role::Gap => {
                let start = line;
                while line < lines.len() && roles[line] == Role::Gap {
                    line += 1;
                }
                let after_gap = if line < lines.len() {
                    if roles[line] == Role::Header {
                        Before::Header
                    } else {
                        Before::Position
                    }
                } else {
                    Before::Nothing
                };
                gap(lines, start..line, before, after_gap, &mut out);
                continue;
            }
            Role::Header => {
                out.push(OutLine {
                    text: parsed.positions.len().to_string(),
                    source: Some(line as u32),
                });
                before = Before::Header;
            }
            Role::Row(_) | Role::LastMove | Role::Inside => {
                let Some(position) = positions.next() else {
                    break;
                };
                // Right after the previous position: a blank line between.
                if before == Before::Position && roles.get(line.wrapping_sub(1)) != Some(&Role::Gap)
                {
                    out.push(OutLine::blank(None));
                }
                position_lines(kind, lines, &roles, position, &mut out);
                line = position.last_line() as usize;
                before = Before::Position;
            }
        }
        line += 1;
    }
    out
}

/// What stands before (or after) a run of blank and comment lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Before {
    /// The start (or the end) of the file.
    Nothing,
    Header,
    Position,
}

/// A run of blank and comment lines outside the positions.
fn gap(
    lines: &TextLines<'_>,
    range: std::ops::Range<usize>,
    before: Before,
    after: Before,
    out: &mut Vec<OutLine>,
) {
    // Between the count line and the first board: no blank line at all.
    let no_blanks = before == Before::Header;
    let need_blank = before == Before::Position && after == Before::Position;
    if need_blank && !range.clone().any(|l| is_blank(lines.get(l))) {
        out.push(OutLine::blank(None));
    }
    let mut emitted = false;
    let mut pending: Option<u32> = None;
    for l in range {
        let text = lines.get(l);
        if is_blank(text) {
            pending.get_or_insert(l as u32);
            continue;
        }
        if let Some(blank) = pending.take() {
            // Not at the very start of the file.
            if !no_blanks && (emitted || before != Before::Nothing) {
                out.push(OutLine::blank(Some(blank)));
            }
        }
        out.push(OutLine {
            text: trim_end(text),
            source: Some(l as u32),
        });
        emitted = true;
    }
    // A run that ends the file goes; one before the next position or the
    // count line stays (after a comment, or between positions).
    if let Some(blank) = pending
        && !no_blanks
        && after != Before::Nothing
        && (emitted || before != Before::Nothing)
    {
        out.push(OutLine::blank(Some(blank)));
    }
}

/// The lines of one position.
fn position_lines(
    kind: GameKind,
    lines: &TextLines<'_>,
    roles: &[Role],
    position: &ParsedPosition,
    out: &mut Vec<OutLine>,
) {
    let mut last_row: Option<usize> = None;
    let mut blank_since_row = false;
    for line in position.first_line..=position.last_line() {
        let text = lines.get(line as usize);
        let source = Some(line);
        match roles.get(line as usize) {
            Some(Role::Row(row)) => {
                if kind == GameKind::Uttt && (*row == 3 || *row == 6) && !blank_since_row {
                    out.push(OutLine::blank(None));
                }
                out.push(OutLine {
                    text: canonical_row(kind, text),
                    source,
                });
                last_row = Some(*row);
                blank_since_row = false;
            }
            Some(Role::LastMove) => out.push(OutLine {
                text: canonical_last_move(text),
                source,
            }),
            _ if is_blank(text) => {
                // Kept only between `.uttt` bands, one at most.
                if kind == GameKind::Uttt && matches!(last_row, Some(2 | 5)) && !blank_since_row {
                    out.push(OutLine::blank(source));
                    blank_since_row = true;
                }
            }
            _ => out.push(OutLine {
                text: trim_end(text),
                source,
            }),
        }
    }
}
