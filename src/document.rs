//! A document: a rope plus its parsed positions, re-parsed incrementally.
//!
//! An edit re-parses from the first position whose reading looked at the
//! edited lines, and stops as soon as a freshly parsed position starts where
//! an old position (shifted by the edit's line delta) started below the
//! edit: from there on the text is the same as before, and a position depends
//! only on the lines from its first line on, so the old positions are reused
//! with their first line shifted. Their diagnostics are relative to their
//! first line, so shifting costs one addition per position.

use std::borrow::Cow;
use std::ops::Range;

use ropey::Rope;

use crate::diagnostics::Diagnostic;
use crate::games::GameKind;
use crate::syntax::{
    self, Header, LineSource, ParsedFile, ParsedPosition, collect_diagnostics, file_diagnostics,
    parse_header, parse_position,
};
use crate::text::strip_line_end;

/// The lines of a rope, for the parser.
pub struct RopeLines<'a>(pub &'a Rope);

impl LineSource for RopeLines<'_> {
    fn line_count(&self) -> u32 {
        u32::try_from(self.0.len_lines()).unwrap_or(u32::MAX)
    }

    fn line(&self, index: u32) -> Cow<'_, str> {
        let Some(line) = self.0.get_line(index as usize) else {
            return Cow::Borrowed("");
        };
        // A line inside one chunk needs no copy; only lines that straddle
        // chunk boundaries are gathered into a string.
        match line.as_str() {
            Some(text) => Cow::Borrowed(strip_line_end(text)),
            None => {
                let mut text = String::from(line);
                let len = strip_line_end(&text).len();
                text.truncate(len);
                Cow::Owned(text)
            }
        }
    }
}

pub struct Document {
    kind: GameKind,
    rope: Rope,
    header: Option<Header>,
    /// Diagnostics of the count line only.
    header_diagnostics: Vec<Diagnostic>,
    positions: Vec<ParsedPosition>,
    /// Header and file-level diagnostics, absolute.
    file_diagnostics: Vec<Diagnostic>,
}

impl Document {
    pub fn new(kind: GameKind, text: &str) -> Document {
        let mut document = Document {
            kind,
            rope: Rope::from_str(text),
            header: None,
            header_diagnostics: Vec::new(),
            positions: Vec::new(),
            file_diagnostics: Vec::new(),
        };
        document.reparse_all();
        document
    }

    pub fn kind(&self) -> GameKind {
        self.kind
    }

    pub fn rope(&self) -> &Rope {
        &self.rope
    }

    /// The rope's lines as the parser reads them (no line endings).
    pub fn lines(&self) -> RopeLines<'_> {
        RopeLines(&self.rope)
    }

    pub fn header(&self) -> Option<&Header> {
        self.header.as_ref()
    }

    /// Index `i` is the judge's `Case #(i+1)`.
    pub fn positions(&self) -> &[ParsedPosition] {
        &self.positions
    }

    /// Replaces the whole text (a full-document change).
    pub fn replace_all(&mut self, text: &str) {
        self.rope = Rope::from_str(text);
        self.reparse_all();
    }

    /// Replaces chars `[start, end)` with `text` and re-analyses only the
    /// positions the edit touches; the others are shifted. Out-of-range
    /// indices are clamped.
    pub fn edit(&mut self, start_char: usize, end_char: usize, text: &str) {
        let end = end_char.min(self.rope.len_chars());
        let start = start_char.min(end);
        let old_line_count = self.rope.len_lines();
        // One line more at the start: an edit next to a `\r` can join or
        // split a `\r\n` pair and so move the line break before it.
        let first_line = self.rope.char_to_line(start).saturating_sub(1);
        let last_line = self.rope.char_to_line(end);
        self.rope.remove(start..end);
        self.rope.insert(start, text);
        let delta = self.rope.len_lines() as i64 - old_line_count as i64;
        self.reparse(to_u32(first_line), to_u32(last_line), delta);
    }

    /// Index of the position whose lines contain `line`.
    pub fn position_at_line(&self, line: u32) -> Option<usize> {
        let index = self
            .positions
            .partition_point(|p| p.first_line <= line)
            .checked_sub(1)?;
        (line <= self.positions[index].last_line()).then_some(index)
    }

    /// Indices of the positions overlapping lines `[start, end)`.
    pub fn positions_in_lines(&self, start: u32, end: u32) -> Range<usize> {
        let low = self.positions.partition_point(|p| p.last_line() < start);
        let high = self.positions.partition_point(|p| p.first_line < end);
        low..high.max(low)
    }

    /// Every diagnostic (file-level and positions'), absolute, sorted.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        collect_diagnostics(&self.file_diagnostics, &self.positions)
    }

    /// A fresh parse of the current text, for comparing with the
    /// incremental state (`positions`, `header`, `diagnostics`).
    pub fn parse_fresh(&self) -> ParsedFile {
        syntax::parse_lines(self.kind, &self.lines())
    }

    fn reparse_all(&mut self) {
        let lines = RopeLines(&self.rope);
        let parsed = syntax::parse_lines(self.kind, &lines);
        let (_, _, header_diagnostics) = parse_header(self.kind, &lines);
        self.header = parsed.header;
        self.header_diagnostics = header_diagnostics;
        self.positions = parsed.positions;
        self.file_diagnostics = parsed.diagnostics;
    }

    /// Re-parses after an edit of old lines `first_line..=last_line` that
    /// changed the line count by `delta`.
    fn reparse(&mut self, first_line: u32, last_line: u32, delta: i64) {
        let lines = RopeLines(&self.rope);
        // The first position whose reading looked at the edited lines; those
        // before it read only lines above the edit.
        let mut restart = self
            .positions
            .partition_point(|p| p.first_line <= first_line);
        while restart > 0 && examined_end(&self.positions[restart - 1]) > first_line {
            restart -= 1;
        }
        let mut from = match restart.checked_sub(1) {
            Some(previous) => {
                let previous = &self.positions[previous];
                previous.first_line + previous.line_count
            }
            None => {
                // The count line is read from the top: re-read it too.
                let (header, body_start, diagnostics) = parse_header(self.kind, &lines);
                self.header = header;
                self.header_diagnostics = diagnostics;
                body_start
            }
        };
        let shift = |line: u32| (i64::from(line) + delta).clamp(0, i64::from(u32::MAX)) as u32;
        let mut fresh = Vec::new();
        let mut old = restart;
        let synced = loop {
            let Some(position) = parse_position(self.kind, &lines, from) else {
                break false;
            };
            // Only an old position that started below the edit can be
            // reused: its lines are unchanged.
            while old < self.positions.len()
                && (self.positions[old].first_line <= last_line
                    || shift(self.positions[old].first_line) < position.first_line)
            {
                old += 1;
            }
            if old < self.positions.len()
                && shift(self.positions[old].first_line) == position.first_line
            {
                break true;
            }
            from = position.first_line + position.line_count;
            fresh.push(position);
        };
        let reused = if synced { old } else { self.positions.len() };
        let fresh_count = fresh.len();
        self.positions.splice(restart..reused, fresh);
        if delta != 0 {
            for position in &mut self.positions[restart + fresh_count..] {
                position.first_line = shift(position.first_line);
            }
        }
        self.file_diagnostics = self.header_diagnostics.clone();
        self.file_diagnostics.extend(file_diagnostics(
            self.kind,
            self.header.as_ref(),
            self.positions.len(),
        ));
    }
}

/// One past the last line reading the position looked at.
fn examined_end(position: &ParsedPosition) -> u32 {
    position.first_line + position.lines_examined
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests;
