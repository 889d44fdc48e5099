//! Which errors the formatter fixes, and the refusal it gives for the rest.
//!
//! An error is fixed **with certainty** when fixing it cannot change what
//! the file means, because the reader already read it one way only:
//!
//! - a cell in the wrong letter case (`X` in a `.go9` board, `x` in a
//!   `.tomek` one): the reader's own quick fix;
//! - a count line that disagrees with the boards, or whose number is too
//!   large: it becomes the number of boards;
//! - blanks in a board row where the format wants none or one: leading
//!   blanks, and between `.uttt` groups more than one space or tabs. A row
//!   counts only when, blanks and letter case fixed, it reads as a row of
//!   the format (`ccc ccc ccc`, nine or four cells);
//! - a missing or extra blank line that the reader recovered from
//!   (`*/bad-layout`): between positions, between `.uttt` bands, before a
//!   last-move line.
//!
//! Any other error (a wrong character, a missing row, a bad last-move
//! line, no position at all, …) means the formatter cannot know what was
//! meant: the file is left as it is and the refusal says which error.

use std::fmt;

use crate::diagnostics::{Diagnostic, Severity, codes};
use crate::games::GameKind;
use crate::i18n::Message;
use crate::i18n::message;
use crate::syntax::ParsedFile;
use crate::text::{TextLines, char_column};

/// Why a file was not formatted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// 0-based line of the error the formatter cannot fix.
    pub line: u32,
    /// 0-based column, in characters.
    pub column: u32,
    pub code: &'static str,
    /// What is wrong there.
    pub message: Message,
}

/// In English (what logs read); [`Refusal::reason`] in any language.
impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason().english())
    }
}

impl Refusal {
    /// Why the file was not formatted: where, what, and what the
    /// formatter fixes.
    pub fn reason(&self) -> Message {
        message!(
            "format-refused",
            line = self.line + 1,
            column = self.column + 1,
            error = self.message.clone(),
            code = self.code
        )
    }

    pub fn of(lines: &TextLines<'_>, diagnostic: &Diagnostic) -> Refusal {
        let span = diagnostic.span;
        Refusal {
            line: span.line,
            column: char_column(lines.get(span.line as usize), span.start),
            code: diagnostic.code,
            message: diagnostic.message.clone(),
        }
    }
}

/// The right letter for a cell character in the wrong case.
pub fn fix_case(kind: GameKind, c: char) -> char {
    match (kind, c) {
        (GameKind::Uttt | GameKind::Go9, 'X' | 'O') => c.to_ascii_lowercase(),
        (GameKind::Tomek, 'x' | 'o' | 't') => c.to_ascii_uppercase(),
        _ => c,
    }
}

/// A board row in canonical form: no leading or trailing blanks, `.uttt`
/// groups separated by one space, letter case fixed.
pub fn canonical_row(kind: GameKind, line: &str) -> String {
    let blank = |c: char| c == ' ' || c == '\t';
    let cells = |group: &str| group.chars().map(|c| fix_case(kind, c)).collect::<String>();
    match kind {
        GameKind::Uttt => line
            .split(blank)
            .filter(|group| !group.is_empty())
            .map(cells)
            .collect::<Vec<_>>()
            .join(" "),
        GameKind::Go9 | GameKind::Tomek => cells(line.trim_matches(blank)),
    }
}

/// Whether a canonical row is a row of the format.
pub fn is_row(kind: GameKind, row: &str) -> bool {
    let bytes = row.as_bytes();
    match kind {
        GameKind::Uttt => {
            bytes.len() == 11
                && bytes.iter().enumerate().all(|(i, b)| {
                    if i % 4 == 3 {
                        *b == b' '
                    } else {
                        b"xo.!".contains(b)
                    }
                })
        }
        GameKind::Go9 => bytes.len() == 9 && bytes.iter().all(|b| b"xo.".contains(b)),
        GameKind::Tomek => bytes.len() == 4 && bytes.iter().all(|b| b"XOT.".contains(b)),
    }
}

/// `Ok` when every error of the file is one the formatter fixes with
/// certainty; else the refusal for the first that is not.
pub fn check(
    kind: GameKind,
    lines: &TextLines<'_>,
    parsed: &ParsedFile,
    diagnostics: &[Diagnostic],
) -> Result<(), Refusal> {
    let is_board_row = |line: u32| {
        parsed.positions.iter().any(|p| {
            line >= p.first_line
                && p.row_lines
                    .iter()
                    .flatten()
                    .any(|rel| p.first_line + rel == line)
        })
    };
    for diagnostic in diagnostics {
        if diagnostic.severity != Severity::Error {
            continue;
        }
        let line = diagnostic.span.line;
        let certain = match diagnostic.code {
            codes::FILE_COUNT_MISMATCH | codes::FILE_BAD_COUNT => true,
            codes::UTTT_BAD_LAYOUT | codes::GO9_BAD_LAYOUT | codes::TOMEK_BAD_LAYOUT => true,
            codes::UTTT_BAD_CELL
            | codes::UTTT_BAD_ROW
            | codes::GO9_BAD_CELL
            | codes::GO9_BAD_ROW
            | codes::TOMEK_BAD_CELL
            | codes::TOMEK_BAD_ROW => {
                is_board_row(line) && is_row(kind, &canonical_row(kind, lines.get(line as usize)))
            }
            _ => false,
        };
        if !certain {
            return Err(Refusal::of(lines, diagnostic));
        }
    }
    Ok(())
}
