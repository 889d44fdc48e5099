//! The machinery the three readers share: the position builder, which
//! tracks a position's lines and keeps its diagnostics relative, and the
//! check of each cell against a format's alphabet.

use std::borrow::Cow;

use crate::diagnostics::{self, Diagnostic, Span};
use crate::games::GameKind;
use crate::i18n::Message;
use crate::text::{LineSource, to_u32};

use super::lines::{LineKind, classify, describe};
use super::position::{JudgedBoard, ParsedPosition, Tally, board_size};
use super::row_lines::RowLines;

/// The cells a format accepts, and how it names and fixes wrong ones.
pub(super) struct Alphabet {
    pub bad_cell: &'static str,
    /// For messages: "`x`, `o` or `.`".
    pub expected: fn() -> Message,
    /// The cell characters, all ASCII.
    pub cells: &'static [u8],
    /// The right letter when only its case is wrong.
    pub fix_case: fn(char) -> Option<char>,
}

/// The case fix of the two games written in lower case (`.uttt`, `.go9`):
/// `X` and `O` are meant as `x` and `o`.
pub(super) fn lowercase_players(c: char) -> Option<char> {
    matches!(c, 'X' | 'O').then(|| c.to_ascii_lowercase())
}

/// Builds one position: tracks its lines and keeps diagnostics relative.
pub(super) struct PositionBuilder<'a> {
    lines: &'a dyn LineSource,
    kind: GameKind,
    pub first_line: u32,
    /// Last line owned (absolute).
    last_line: u32,
    /// One past the last line looked at (absolute).
    examined_end: u32,
    row_lines: RowLines,
    regular_rows: u16,
    diagnostics: Vec<Diagnostic>,
}

impl<'a> PositionBuilder<'a> {
    /// Finds the first content line at or after `from`; `None` at the end.
    pub fn start(
        kind: GameKind,
        lines: &'a dyn LineSource,
        from: u32,
    ) -> Option<(Self, Cow<'a, str>)> {
        let count = lines.line_count();
        let mut line = from;
        while line < count {
            let text = lines.line(line);
            if classify(&text) == LineKind::Content {
                let builder = PositionBuilder {
                    lines,
                    kind,
                    first_line: line,
                    last_line: line,
                    examined_end: line + 1,
                    row_lines: RowLines::default(),
                    regular_rows: 0,
                    diagnostics: Vec::new(),
                };
                return Some((builder, text));
            }
            line += 1;
        }
        None
    }

    pub fn line_count(&self) -> u32 {
        self.lines.line_count()
    }

    /// The last line owned so far (absolute).
    pub fn last_line(&self) -> u32 {
        self.last_line
    }

    /// The line as a relative span of the given absolute line.
    pub fn span(&self, line: u32, start: usize, end: usize) -> Span {
        Span::new(line - self.first_line, to_u32(start), to_u32(end))
    }

    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    pub fn error(
        &mut self,
        code: &'static str,
        line: u32,
        start: usize,
        end: usize,
        message: Message,
    ) {
        let span = self.span(line, start, end);
        self.push(Diagnostic::error(code, span, message));
    }

    /// The line becomes part of the position.
    pub fn own(&mut self, line: u32) {
        self.last_line = self.last_line.max(line);
        self.examine(line);
    }

    fn examine(&mut self, line: u32) {
        self.examined_end = self.examined_end.max(line + 1);
    }

    /// The next line at or after `from` that is not a comment, with whether
    /// it is blank; `None` at the end of the text.
    pub fn next_non_comment(&mut self, from: u32) -> Option<(u32, Cow<'a, str>, LineKind)> {
        let count = self.line_count();
        let mut line = from;
        while line < count {
            self.examine(line);
            let text = self.lines.line(line);
            match classify(&text) {
                LineKind::Comment => line += 1,
                kind => return Some((line, text, kind)),
            }
        }
        // Reaching the end is a dependency too: text appended later matters.
        self.examined_end = self.examined_end.max(count);
        None
    }

    /// Where a line expected after absolute line `after` is missing: the
    /// start of the next non-comment line, or the end of the text.
    pub fn expected_after(&mut self, after: u32) -> Span {
        match self.next_non_comment(after + 1) {
            Some((line, _, _)) => self.span(line, 0, 0),
            None => {
                let last = self.line_count().saturating_sub(1).max(self.first_line);
                let len = self.lines.line(last).len();
                self.span(last, len, len)
            }
        }
    }

    /// Records that board row `row` was read from absolute line `line`.
    pub fn row_line(&mut self, row: usize, line: u32, regular: bool) {
        if row < 9 {
            self.row_lines.set(row, line - self.first_line);
            if regular {
                self.regular_rows |= 1 << row;
            }
        }
        self.own(line);
    }

    /// The relative line of each board row read so far.
    pub fn row_lines(&self) -> &RowLines {
        &self.row_lines
    }

    /// Checks one cell character; reports it when the format does not
    /// accept it. Returns the cell's byte when accepted.
    pub fn check_cell(
        &mut self,
        alphabet: &Alphabet,
        line: u32,
        byte: usize,
        c: char,
    ) -> Option<u8> {
        if c.is_ascii() && alphabet.cells.contains(&(c as u8)) {
            return Some(c as u8);
        }
        let span = self.span(line, byte, byte + c.len_utf8());
        let mut diagnostic = Diagnostic::error(
            alphabet.bad_cell,
            span,
            crate::i18n::message!(
                "syntax-bad-cell",
                expected = (alphabet.expected)(),
                found = describe(c)
            ),
        );
        if let Some(right) = (alphabet.fix_case)(c) {
            diagnostic = diagnostic.with_replacement(
                crate::i18n::message!("syntax-fix-replace", found = c, right = right),
                right.to_string(),
            );
        }
        self.push(diagnostic);
        None
    }

    /// A position read the short way (see `square::regular_square_board`):
    /// `rows` regular rows from `first_line`, nothing to report.
    pub fn regular(
        kind: GameKind,
        first_line: u32,
        lines_examined: u32,
        game: JudgedBoard,
    ) -> ParsedPosition {
        let size = board_size(kind);
        ParsedPosition {
            kind,
            first_line,
            line_count: size as u32,
            lines_examined,
            row_lines: RowLines::consecutive(size),
            last_move_line: None,
            last_move_span: None,
            facts: game.has_facts(),
            game: Some(game),
            stored: Vec::new(),
            regular_rows: (1 << size) - 1,
            tally: Tally::default(),
        }
    }

    pub fn finish(
        mut self,
        game: Option<JudgedBoard>,
        last_move: Option<(u32, Span)>,
    ) -> ParsedPosition {
        diagnostics::sort(&mut self.diagnostics);
        ParsedPosition {
            kind: self.kind,
            first_line: self.first_line,
            line_count: self.last_line - self.first_line + 1,
            lines_examined: self.examined_end - self.first_line,
            row_lines: self.row_lines,
            last_move_line: last_move.map(|(line, _)| line),
            last_move_span: last_move.map(|(_, span)| span),
            facts: game.as_ref().is_some_and(JudgedBoard::has_facts),
            game,
            stored: self.diagnostics,
            regular_rows: self.regular_rows,
            tally: Tally::default(),
        }
    }
}
