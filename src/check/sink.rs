//! What an output format is: a [`Sink`] that `check` feeds as it reads,
//! the file it is reading ([`CheckedFile`]) and the run's totals
//! ([`Summary`]).

use std::cell::Cell;

use boardls_engine::diagnostics::{Diagnostic, Severity, Span};
use boardls_engine::text::{CursorLines, floor_char_boundary};

/// One file being checked, as a [`Sink`] sees it.
pub struct CheckedFile<'a> {
    /// As the user named it (or as found below a folder they named).
    pub path: &'a str,
    lines: &'a CursorLines<'a>,
    /// The last column asked for, from which the next one on the same line
    /// is counted on.
    mark: Cell<ColumnMark>,
    /// The two lines asked for last, the latest first: a finding's line
    /// and its related location's a line or two above it.
    recent: Cell<[(u32, &'a str); 2]>,
}

/// A byte of a line (a char boundary) and its columns in characters and
/// in UTF-16 code units.
#[derive(Clone, Copy)]
struct ColumnMark {
    line: u32,
    byte: u32,
    chars: u32,
    utf16: u32,
}

impl ColumnMark {
    const NONE: ColumnMark = ColumnMark {
        line: u32::MAX,
        byte: 0,
        chars: 0,
        utf16: 0,
    };
}

impl<'a> CheckedFile<'a> {
    pub fn new(path: &'a str, lines: &'a CursorLines<'a>) -> Self {
        CheckedFile {
            path,
            lines,
            mark: Cell::new(ColumnMark::NONE),
            recent: Cell::new([(u32::MAX, ""); 2]),
        }
    }

    /// Line `index` of the file's text, without its line end (empty past
    /// the end): what a renderer needs to turn a diagnostic's byte columns
    /// into characters or UTF-16 units. Reading is cheap near the
    /// diagnostic being rendered (the file is never indexed as a whole).
    pub fn line(&self, index: u32) -> &'a str {
        let [latest, before] = self.recent.get();
        if latest.0 == index {
            return latest.1;
        }
        let text = if before.0 == index {
            before.1
        } else {
            self.lines.get(index)
        };
        self.recent.set([(index, text), latest]);
        text
    }

    /// The 0-based column of byte `byte` of line `line`, in characters.
    #[inline]
    pub fn char_column(&self, line: u32, byte: u32) -> u32 {
        self.column(line, byte).chars
    }

    /// The 0-based column of byte `byte` of line `line`, in UTF-16 code
    /// units (as LSP and SARIF count).
    #[inline]
    pub fn utf16_column(&self, line: u32, byte: u32) -> u32 {
        self.column(line, byte).utf16
    }

    /// The start and end columns of `span`, in UTF-16 code units.
    pub(crate) fn utf16_columns(&self, span: Span) -> (u32, u32) {
        let text = self.line(span.line);
        let start = self.column_in(span.line, text, span.start).utf16;
        (start, self.column_in(span.line, text, span.end).utf16)
    }

    /// The columns of byte `byte` of line `line` (moved back to a char
    /// boundary, and to the line's end past it), counted from the last
    /// column asked for when it is on the same line and not after it:
    /// findings come in order, so a long line is not counted from its
    /// start for each of them.
    fn column(&self, line: u32, byte: u32) -> ColumnMark {
        self.column_in(line, self.line(line), byte)
    }

    /// [`CheckedFile::column`] in `text`, line `line`'s text.
    fn column_in(&self, line: u32, text: &str, byte: u32) -> ColumnMark {
        let byte = floor_char_boundary(text, byte as usize);
        // A short ASCII prefix (every board row) is its own count.
        const SHORT: usize = 64;
        if byte <= SHORT && text.as_bytes()[..byte].is_ascii() {
            return ColumnMark {
                line,
                byte: byte as u32,
                chars: byte as u32,
                utf16: byte as u32,
            };
        }
        let mark = self.mark.get();
        let from = if mark.line == line && mark.byte as usize <= byte {
            mark
        } else {
            ColumnMark {
                line,
                ..ColumnMark::NONE
            }
        };
        let part = &text[from.byte as usize..byte];
        let (chars, utf16) = if part.is_ascii() {
            (part.len(), part.len())
        } else {
            part.chars()
                .fold((0, 0), |(n, units), c| (n + 1, units + c.len_utf16()))
        };
        let mark = ColumnMark {
            line,
            byte: byte as u32,
            chars: from.chars + chars as u32,
            utf16: from.utf16 + utf16 as u32,
        };
        self.mark.set(mark);
        mark
    }
}

/// A relative path without its leading `./` (what walking `.` gives), as
/// formats that name files relative to the repository want it.
pub fn relative(path: &str) -> &str {
    let mut path = path;
    while let Some(rest) = path.strip_prefix("./") {
        path = rest;
    }
    path
}

/// Totals over the whole run, for a summary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub files: usize,
    pub errors: usize,
    pub warnings: usize,
    pub information: usize,
}

impl Summary {
    /// Counts one diagnostic of `severity`.
    pub fn add(&mut self, severity: Severity) {
        match severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Information => self.information += 1,
        }
    }
}

/// Where `check` sends what it finds, as it finds it: one call before the
/// first file, one per file started, per diagnostic (absolute spans, in
/// order within the file) and per file ended, and one for the summary
/// after the last file. Each call appends its rendering to `out`, which
/// `check` writes out as it fills, so memory does not grow with the number
/// of findings. An output format is one `Sink`; a format that is one
/// document (a JSON array, a SARIF log) opens it in `start` and closes it
/// in `summary`.
pub trait Sink {
    /// Whether diagnostics should come with their related locations:
    /// deriving related stones' messages is costly on a dense go file, so a
    /// format that never shows them says no.
    fn wants_related(&self) -> bool {
        true
    }
    fn start(&mut self, _out: &mut Vec<u8>) {}
    fn start_file(&mut self, _file: &CheckedFile<'_>, _out: &mut Vec<u8>) {}
    fn diagnostic(&mut self, file: &CheckedFile<'_>, diagnostic: &Diagnostic, out: &mut Vec<u8>);
    fn end_file(&mut self, _file: &CheckedFile<'_>, _out: &mut Vec<u8>) {}
    fn summary(&mut self, _summary: &Summary, _out: &mut Vec<u8>) {}
}

#[cfg(test)]
mod tests {
    use crate::check::sink::relative;

    #[test]
    fn leading_dot_slashes_go() {
        assert_eq!(relative("./a/b.go9"), "a/b.go9");
        assert_eq!(relative("././a.go9"), "a.go9");
        assert_eq!(relative("../a.go9"), "../a.go9");
        assert_eq!(relative(".hidden.go9"), ".hidden.go9");
    }
}
