//! The one diagnostic model: `check` prints it, the language server
//! publishes it.
//!
//! Every diagnostic has a stable machine code, one of [`codes`]; each code
//! is always reported with the same severity ([`codes::ALL`]). What each
//! one means is listed in README.md (§ Diagnostic codes), and a test keeps
//! that list equal to [`codes::ALL`].

use crate::i18n::Message;

/// The stable codes, one constant each, so no caller misspells one.
pub mod codes {
    use crate::diagnostics::Severity;

    pub const FILE_INVALID_UTF8: &str = "file/invalid-utf8";
    pub const FILE_NO_POSITIONS: &str = "file/no-positions";
    pub const FILE_COUNT_MISMATCH: &str = "file/count-mismatch";
    pub const FILE_BAD_COUNT: &str = "file/bad-count";
    /// The language server's note on an unopened file that has more
    /// diagnostics than it shows.
    pub const FILE_MORE_DIAGNOSTICS: &str = "file/more-diagnostics";
    /// The language server could not read a workspace file.
    pub const FILE_UNREADABLE: &str = "file/unreadable";

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

    pub const PROFILE_WRONG_GAME: &str = "profile/wrong-game";
    pub const PROFILE_COMMENT: &str = "profile/comment";
    pub const PROFILE_MISSING_COUNT: &str = "profile/missing-count";
    pub const PROFILE_COUNT_RANGE: &str = "profile/count-range";
    pub const PROFILE_ONE_POSITION: &str = "profile/one-position";
    pub const PROFILE_MARKER: &str = "profile/marker";
    pub const PROFILE_EMPTY_LAST_MOVE: &str = "profile/empty-last-move";
    pub const PROFILE_NO_EMPTY_CELL: &str = "profile/no-empty-cell";
    pub const PROFILE_EXTRA_T: &str = "profile/extra-t";
    pub const PROFILE_UNREACHABLE: &str = "profile/unreachable";
    pub const PROFILE_ACCEPTED_INVALID: &str = "profile/accepted-invalid";

    /// `boardls.toml` cannot be used (the previous settings stay).
    pub const PROJECT_INVALID: &str = "project/invalid";

    /// An answer file's line says another verdict than the judge.
    pub const ANSWER_WRONG: &str = "answer/wrong";
    /// A `.uttt` answer board row whose cells differ from the judge's.
    pub const ANSWER_WRONG_MARKER: &str = "answer/wrong-marker";
    pub const ANSWER_MISSING_CASE: &str = "answer/missing-case";
    pub const ANSWER_EXTRA_CASE: &str = "answer/extra-case";
    pub const ANSWER_MALFORMED: &str = "answer/malformed";
    pub const ANSWER_CASE_NUMBER: &str = "answer/case-number";
    pub const ANSWER_NO_INPUT: &str = "answer/no-input";

    /// Every code and the severity it is always reported with.
    pub const ALL: [(&str, Severity); 49] = [
        (FILE_INVALID_UTF8, Severity::Error),
        (FILE_NO_POSITIONS, Severity::Error),
        (FILE_COUNT_MISMATCH, Severity::Error),
        (FILE_BAD_COUNT, Severity::Error),
        (FILE_MORE_DIAGNOSTICS, Severity::Information),
        (FILE_UNREADABLE, Severity::Warning),
        (UTTT_BAD_CELL, Severity::Error),
        (UTTT_BAD_ROW, Severity::Error),
        (UTTT_MISSING_ROW, Severity::Error),
        (UTTT_EXTRA_ROW, Severity::Error),
        (UTTT_BAD_LAYOUT, Severity::Error),
        (UTTT_MISSING_LAST_MOVE, Severity::Error),
        (UTTT_BAD_LAST_MOVE, Severity::Error),
        (UTTT_EMPTY_LAST_MOVE, Severity::Error),
        (UTTT_NO_EMPTY_CELL, Severity::Error),
        (UTTT_WRONG_MARKER, Severity::Warning),
        (UTTT_MISSING_MARKER, Severity::Warning),
        (GO9_BAD_CELL, Severity::Error),
        (GO9_BAD_ROW, Severity::Error),
        (GO9_MISSING_ROW, Severity::Error),
        (GO9_BAD_LAYOUT, Severity::Error),
        // Not a warning: a capturable group is the very thing the judge
        // asks about, and nothing in the file is wrong.
        (GO9_KILLABLE, Severity::Information),
        (GO9_DEAD_GROUP, Severity::Warning),
        (GO9_ATARI, Severity::Information),
        (TOMEK_BAD_CELL, Severity::Error),
        (TOMEK_BAD_ROW, Severity::Error),
        (TOMEK_MISSING_ROW, Severity::Error),
        (TOMEK_BAD_LAYOUT, Severity::Error),
        (TOMEK_EXTRA_T, Severity::Warning),
        (TOMEK_TWO_WINNERS, Severity::Warning),
        (PROFILE_WRONG_GAME, Severity::Error),
        (PROFILE_COMMENT, Severity::Error),
        (PROFILE_MISSING_COUNT, Severity::Error),
        (PROFILE_COUNT_RANGE, Severity::Error),
        (PROFILE_ONE_POSITION, Severity::Error),
        (PROFILE_MARKER, Severity::Error),
        (PROFILE_EMPTY_LAST_MOVE, Severity::Error),
        (PROFILE_NO_EMPTY_CELL, Severity::Error),
        (PROFILE_EXTRA_T, Severity::Error),
        (PROFILE_UNREACHABLE, Severity::Error),
        (PROFILE_ACCEPTED_INVALID, Severity::Error),
        (PROJECT_INVALID, Severity::Error),
        (ANSWER_WRONG, Severity::Error),
        (ANSWER_WRONG_MARKER, Severity::Error),
        (ANSWER_MISSING_CASE, Severity::Error),
        (ANSWER_EXTRA_CASE, Severity::Error),
        (ANSWER_MALFORMED, Severity::Error),
        (ANSWER_CASE_NUMBER, Severity::Error),
        (ANSWER_NO_INPUT, Severity::Warning),
    ];

    /// The severity `code` is reported with; `None` for an unknown code.
    pub fn severity(code: &str) -> Option<Severity> {
        ALL.iter()
            .find(|(c, _)| *c == code)
            .map(|&(_, severity)| severity)
    }
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
    pub message: Message,
    /// Another file the span is in (an answer's input); `None`: the same file.
    pub file: Option<std::sync::Arc<std::path::Path>>,
}

/// A certain fix (letter case, count line): replace each span with its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub title: Message,
    pub edits: Vec<(Span, String)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// Stable: one of [`codes`].
    pub code: &'static str,
    /// Worded at the edge, in the reader's language.
    pub message: Message,
    pub span: Span,
    pub related: Vec<Related>,
    pub fix: Option<Fix>,
}

impl Diagnostic {
    pub fn new(
        severity: Severity,
        code: &'static str,
        span: Span,
        message: impl Into<Message>,
    ) -> Self {
        Diagnostic {
            severity,
            code,
            message: message.into(),
            span,
            related: Vec::new(),
            fix: None,
        }
    }

    pub fn error(code: &'static str, span: Span, message: impl Into<Message>) -> Self {
        Diagnostic::new(Severity::Error, code, span, message)
    }

    pub fn warning(code: &'static str, span: Span, message: impl Into<Message>) -> Self {
        Diagnostic::new(Severity::Warning, code, span, message)
    }

    pub fn information(code: &'static str, span: Span, message: impl Into<Message>) -> Self {
        Diagnostic::new(Severity::Information, code, span, message)
    }

    pub fn with_related(mut self, span: Span, message: impl Into<Message>) -> Self {
        self.related.push(Related {
            span,
            message: message.into(),
            file: None,
        });
        self
    }

    /// A fix replacing this diagnostic's own span with `replacement`.
    pub(crate) fn with_replacement(
        mut self,
        title: impl Into<Message>,
        replacement: String,
    ) -> Self {
        self.fix = Some(Fix {
            title: title.into(),
            edits: vec![(self.span, replacement)],
        });
        self
    }

    /// Moves every span (own, related, fix edits) down by `lines`: turns
    /// position-relative lines into absolute ones.
    pub(crate) fn shift_lines(&mut self, lines: u32) {
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
    pub(crate) fn sort_key(&self) -> (Span, Severity) {
        (self.span, self.severity)
    }
}

/// Sorts by position; equal positions keep their order (the sort is stable).
pub fn sort(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by_key(Diagnostic::sort_key);
}
