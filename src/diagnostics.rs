//! The one diagnostic model: `check` prints it, the language server
//! publishes it.
//!
//! Every diagnostic has a stable machine code. The codes, their severities
//! and what they mean:
//!
//! | code | severity | meaning |
//! |---|---|---|
//! | `file/invalid-utf8` | error | the file is not UTF-8 (reported by `check`) |
//! | `file/no-positions` | error | the file holds no board at all |
//! | `file/count-mismatch` | error | the count line disagrees with the number of boards (fix: rewrite it) |
//! | `file/bad-count` | error | the count line's number does not fit |
//! | `file/unreadable` | warning | a workspace file the server could not read or check |
//! | `file/more-diagnostics` | information | an unopened file has more diagnostics than are shown |
//! | `uttt/bad-cell` | error | a cell that is not `x`, `o`, `.` or `!` (fix for `X`/`O`) |
//! | `uttt/bad-row` | error | a row not laid out as `ccc ccc ccc` |
//! | `uttt/missing-row` | error | a band with fewer than 3 rows, or fewer than 3 bands |
//! | `uttt/extra-row` | error | a row beyond a band's third or the board's ninth |
//! | `uttt/bad-layout` | error | blank lines missing or extra between bands and positions |
//! | `uttt/missing-last-move` | error | no last-move line `x y` after the 9th row |
//! | `uttt/bad-last-move` | error | a last-move line that is not two numbers 1..9 |
//! | `uttt/empty-last-move` | error | the last move points at an empty cell |
//! | `uttt/no-empty-cell` | error | the board has no empty cell |
//! | `uttt/wrong-marker` | warning | a `!` on a cell that is not a legal move (fix: `.`) |
//! | `uttt/missing-marker` | warning | a legal cell left as `.` on a board that uses `!` (fix: `!`) |
//! | `go9/bad-cell` | error | a cell that is not `x`, `o` or `.` (fix for `X`/`O`) |
//! | `go9/bad-row` | error | a row without exactly 9 cells |
//! | `go9/missing-row` | error | a board with fewer than 9 rows |
//! | `go9/bad-layout` | error | no blank line between two boards |
//! | `go9/killable` | information | x captures an o group by playing here |
//! | `go9/dead-group` | warning | a group without liberty: the position cannot occur |
//! | `go9/atari` | information | an x group with one liberty: o could take it next |
//! | `tomek/bad-cell` | error | a cell that is not `X`, `O`, `T` or `.` (fix for `x`/`o`/`t`) |
//! | `tomek/bad-row` | error | a row without exactly 4 cells |
//! | `tomek/missing-row` | error | a board with fewer than 4 rows |
//! | `tomek/bad-layout` | error | no blank line between two boards |
//! | `tomek/extra-t` | warning | more than one `T` on a board |
//! | `tomek/two-winners` | warning | both players hold a winning line |
//!
//! `go9/killable` is information, not a warning: a capturable group is the
//! very thing the judge asks about, and nothing in the file is wrong.

/// The stable codes, one constant each, so no caller misspells one.
pub mod codes {
    pub const FILE_INVALID_UTF8: &str = "file/invalid-utf8";
    pub const FILE_NO_POSITIONS: &str = "file/no-positions";
    pub const FILE_COUNT_MISMATCH: &str = "file/count-mismatch";
    pub const FILE_BAD_COUNT: &str = "file/bad-count";
    pub const FILE_UNREADABLE: &str = "file/unreadable";
    pub const FILE_MORE_DIAGNOSTICS: &str = "file/more-diagnostics";

    pub const UTTT_BAD_CELL: &str = "uttt/bad-cell";
    pub const UTTT_BAD_ROW: &str = "uttt/bad-row";
    pub const UTTT_MISSING_ROW: &str = "uttt/missing-row";
    pub const UTTT_EXTRA_ROW: &str = "uttt/extra-row";
    pub const UTTT_BAD_LAYOUT: &str = "uttt/bad-layout";
    pub const UTTT_MISSING_LAST_MOVE: &str = "uttt/missing-last-move";
    pub const UTTT_BAD_LAST_MOVE: &str = "uttt/bad-last-move";
    pub const UTTT_EMPTY_LAST_MOVE: &str = "uttt/empty-last-move";
    pub const UTTT_NO_EMPTY_CELL: &str = "uttt/no-empty-cell";
    pub const UTTT_WRONG_MARKER: &str = "uttt/wrong-marker";
    pub const UTTT_MISSING_MARKER: &str = "uttt/missing-marker";

    pub const GO9_BAD_CELL: &str = "go9/bad-cell";
    pub const GO9_BAD_ROW: &str = "go9/bad-row";
    pub const GO9_MISSING_ROW: &str = "go9/missing-row";
    pub const GO9_BAD_LAYOUT: &str = "go9/bad-layout";
    pub const GO9_KILLABLE: &str = "go9/killable";
    pub const GO9_DEAD_GROUP: &str = "go9/dead-group";
    pub const GO9_ATARI: &str = "go9/atari";

    pub const TOMEK_BAD_CELL: &str = "tomek/bad-cell";
    pub const TOMEK_BAD_ROW: &str = "tomek/bad-row";
    pub const TOMEK_MISSING_ROW: &str = "tomek/missing-row";
    pub const TOMEK_BAD_LAYOUT: &str = "tomek/bad-layout";
    pub const TOMEK_EXTRA_T: &str = "tomek/extra-t";
    pub const TOMEK_TWO_WINNERS: &str = "tomek/two-winners";

    /// Every code, for documentation and tests.
    pub const ALL: [&str; 30] = [
        FILE_INVALID_UTF8,
        FILE_NO_POSITIONS,
        FILE_COUNT_MISMATCH,
        FILE_BAD_COUNT,
        FILE_UNREADABLE,
        FILE_MORE_DIAGNOSTICS,
        UTTT_BAD_CELL,
        UTTT_BAD_ROW,
        UTTT_MISSING_ROW,
        UTTT_EXTRA_ROW,
        UTTT_BAD_LAYOUT,
        UTTT_MISSING_LAST_MOVE,
        UTTT_BAD_LAST_MOVE,
        UTTT_EMPTY_LAST_MOVE,
        UTTT_NO_EMPTY_CELL,
        UTTT_WRONG_MARKER,
        UTTT_MISSING_MARKER,
        GO9_BAD_CELL,
        GO9_BAD_ROW,
        GO9_MISSING_ROW,
        GO9_BAD_LAYOUT,
        GO9_KILLABLE,
        GO9_DEAD_GROUP,
        GO9_ATARI,
        TOMEK_BAD_CELL,
        TOMEK_BAD_ROW,
        TOMEK_MISSING_ROW,
        TOMEK_BAD_LAYOUT,
        TOMEK_EXTRA_T,
        TOMEK_TWO_WINNERS,
    ];
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Error,
    Warning,
    Information,
}

impl Severity {
    /// The word `check` prints.
    pub const fn word(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Information => "info",
        }
    }
}

/// One line, byte columns `[start, end)` within the line's text (no line
/// end). `start == end` is allowed ("expected here"). `line` is 0-based;
/// inside a `ParsedPosition` it is relative to the position's first line,
/// in file-level lists absolute.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Span {
    pub line: u32,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub const fn new(line: u32, start: u32, end: u32) -> Self {
        Span { line, start, end }
    }

    /// An empty span: "expected here".
    pub const fn at(line: u32, column: u32) -> Self {
        Span {
            line,
            start: column,
            end: column,
        }
    }

    pub const fn shifted(self, lines: u32) -> Self {
        Span {
            line: self.line + lines,
            ..self
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Related {
    pub span: Span,
    pub message: String,
}

/// A certain fix (letter case, count line): replace each span with its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub title: String,
    pub edits: Vec<(Span, String)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// Stable: one of [`codes`].
    pub code: &'static str,
    pub message: String,
    pub span: Span,
    pub related: Vec<Related>,
    pub fix: Option<Fix>,
}

impl Diagnostic {
    pub fn new(severity: Severity, code: &'static str, span: Span, message: String) -> Self {
        Diagnostic {
            severity,
            code,
            message,
            span,
            related: Vec::new(),
            fix: None,
        }
    }

    pub fn error(code: &'static str, span: Span, message: String) -> Self {
        Diagnostic::new(Severity::Error, code, span, message)
    }

    pub fn warning(code: &'static str, span: Span, message: String) -> Self {
        Diagnostic::new(Severity::Warning, code, span, message)
    }

    pub fn information(code: &'static str, span: Span, message: String) -> Self {
        Diagnostic::new(Severity::Information, code, span, message)
    }

    pub fn with_related(mut self, span: Span, message: impl Into<String>) -> Self {
        self.related.push(Related {
            span,
            message: message.into(),
        });
        self
    }

    /// A fix replacing this diagnostic's own span with `replacement`.
    pub fn with_replacement(mut self, title: String, replacement: String) -> Self {
        self.fix = Some(Fix {
            title,
            edits: vec![(self.span, replacement)],
        });
        self
    }

    /// Moves every span (own, related, fix edits) down by `lines`: turns
    /// position-relative lines into absolute ones.
    pub fn shift_lines(&mut self, lines: u32) {
        if lines == 0 {
            return;
        }
        self.span = self.span.shifted(lines);
        for related in &mut self.related {
            related.span = related.span.shifted(lines);
        }
        if let Some(fix) = &mut self.fix {
            for (span, _) in &mut fix.edits {
                *span = span.shifted(lines);
            }
        }
    }

    /// The order diagnostics are listed in: by position in the text.
    pub fn sort_key(&self) -> (Span, Severity) {
        (self.span, self.severity)
    }
}

/// Sorts by position; equal positions keep their order (the sort is stable).
pub fn sort(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by_key(Diagnostic::sort_key);
}
