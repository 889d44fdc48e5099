//! A document: a rope plus its parsed positions, re-parsed incrementally.
//!
//! An edit re-parses from the first position whose reading looked at the
//! edited lines, and stops as soon as a freshly parsed position starts where
//! an old position (shifted by the edit's line delta) started below the
//! edit: from there on the text is the same as before, and a position depends
//! only on the lines from its first line on, so the old positions are reused
//! with their first line shifted. Their diagnostics are relative to their
//! first line, so shifting a position costs one addition.
//!
//! The shift itself is lazy: the first lines are kept in their own dense
//! `Vec<u32>`, with one pending line delta for every position from an index
//! on ([`Document::first_line`] adds it), and an edit only moves that index
//! to the edit's place, adding or taking back the delta over the positions
//! in between (a vectorised pass over 4 bytes per position). Typing a line break therefore
//! costs the distance from the previous edit, not the length of the
//! document (rewriting the first line of every position below the edit
//! made a line break cost the document's size; figures: BENCHMARKS.md,
//! "Figures behind the code").

use std::borrow::Cow;
use std::ops::Range;
use std::sync::{Arc, OnceLock};

use ropey::Rope;

use crate::diagnostics::Diagnostic;
use crate::games::GameKind;
use crate::profile::{self, Validation};
use crate::syntax::{
    CodeCount, DocPosition, Header, ParsedPosition, collect_diagnostics, file_diagnostics,
    parse_header, parse_position, read_positions,
};
use crate::text::{CursorLines, LineSource, strip_line_end, to_u32};

mod snapshot;
pub use snapshot::{DocDiagnostics, Visit, Want};

/// The lines of a rope, for the parser.
pub struct RopeLines<'a>(pub &'a Rope);

impl LineSource for RopeLines<'_> {
    fn line_count(&self) -> u32 {
        to_u32(self.0.len_lines())
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

/// Cloned only when an edit reaches a document that a request still
/// reads on another thread (the session keeps it behind an `Arc`).
#[derive(Clone)]
pub struct Document {
    kind: GameKind,
    rope: Rope,
    header: Option<Header>,
    /// Diagnostics of the count line only.
    header_diagnostics: Vec<Diagnostic>,
    /// Their own `first_line` is not kept up to date: `first_lines` is.
    /// Behind a pointer: an edit that splits or merges positions moves
    /// every position below it in this Vec, 8 bytes each instead of ~200.
    /// Shared (`Arc`), so that a [`DocDiagnostics`] of the
    /// positions with diagnostics costs a pointer each, not a copy.
    positions: Vec<Arc<ParsedPosition>>,
    /// The first line of each position, behind by `shift` from index
    /// `shift_from` on: read it through [`Document::first_line`].
    first_lines: Vec<u32>,
    /// The pending line delta (wrapping, so it can also be taken back) of
    /// the positions from `shift_from` on.
    shift: u32,
    shift_from: usize,
    /// Indices (ascending) of the positions that have diagnostics, so that
    /// gathering them costs the few noisy positions, not the whole file:
    /// an edit's round trip must not grow with the quiet positions
    /// (BENCHMARKS.md, "Figures behind the code").
    noisy: Vec<usize>,
    /// Header and file-level diagnostics, absolute.
    file_diagnostics: Vec<Diagnostic>,
    /// Set while the positions are re-read after an edit: still set
    /// afterwards only when that reading was cut short by a panic, and the
    /// positions then no longer match the text (see [`Document::repair`]).
    stale: bool,
    /// The judge profile the file keeps (a project's `[profiles]`), if any.
    validation: Option<Validation>,
    /// Every position's [`ParsedPosition::tally`] summed: worked out when
    /// first asked for, then kept up to date by each edit (the positions it
    /// re-read leave, the fresh ones come in), so that a publish that has
    /// listed all it may counts the rest without walking the positions.
    totals: OnceLock<Vec<CodeCount>>,
}

impl Document {
    pub fn new(kind: GameKind, text: &str) -> Document {
        let mut document = Document {
            kind,
            rope: Rope::from_str(text),
            header: None,
            header_diagnostics: Vec::new(),
            positions: Vec::new(),
            first_lines: Vec::new(),
            shift: 0,
            shift_from: 0,
            noisy: Vec::new(),
            file_diagnostics: Vec::new(),
            stale: false,
            validation: None,
            totals: OnceLock::new(),
        };
        // Read from the text itself rather than the rope: the same lines,
        // without a rope look-up per line (most of opening a large file),
        // and boards
        // in the usual layout straight from their bytes.
        let lines = CursorLines::new(text);
        let (header, body_start, header_diagnostics) = parse_header(kind, &lines);
        // Shared as they are read: collecting them bare first would hold
        // every position twice at the peak.
        let mut positions = Vec::new();
        read_positions(kind, &lines, body_start, &mut |p| {
            positions.push(Arc::new(p))
        });
        document.install(header, header_diagnostics, positions);
        document
    }

    pub fn kind(&self) -> GameKind {
        self.kind
    }

    /// Validates the document against a judge profile from now on (or no
    /// longer, with `None`).
    pub fn set_validation(&mut self, validation: Option<Validation>) {
        self.validation = validation;
    }

    pub fn validation(&self) -> Option<Validation> {
        self.validation
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

    /// How many positions there are.
    pub fn position_count(&self) -> usize {
        self.positions.len()
    }

    /// Position `index` (the judge's `Case #(index+1)`).
    pub fn position(&self, index: usize) -> Option<DocPosition<'_>> {
        Some(DocPosition::new(
            self.first_line(index)?,
            self.positions.get(index)?.as_ref(),
        ))
    }

    /// Every position in order, with its absolute first line.
    pub fn positions_with_lines(&self) -> impl Iterator<Item = (u32, &ParsedPosition)> {
        self.shared_positions_with_lines()
            .map(|(line, position)| (line, position.as_ref()))
    }

    /// [`Document::positions_with_lines`], as the document shares them.
    pub fn shared_positions_with_lines(&self) -> impl Iterator<Item = (u32, &Arc<ParsedPosition>)> {
        (0..self.positions.len())
            .filter_map(|i| Some((self.first_line(i)?, self.positions.get(i)?)))
    }

    /// Position `index` as the document shares it: the same pointer for
    /// as long as an edit leaves the position as it is, so what is kept
    /// per position elsewhere can tell whether it is still current.
    pub fn shared_position(&self, index: usize) -> Option<&Arc<ParsedPosition>> {
        self.positions.get(index)
    }

    /// How many positions have diagnostics.
    pub fn noisy_count(&self) -> usize {
        self.noisy.len()
    }

    /// Absolute first line of position `index`.
    pub fn first_line(&self, index: usize) -> Option<u32> {
        let line = *self.first_lines.get(index)?;
        Some(if index >= self.shift_from {
            line.wrapping_add(self.shift)
        } else {
            line
        })
    }

    /// Every position with its absolute lines, as a fresh parse gives them
    /// (a copy: for comparing with one).
    pub fn parsed_positions(&self) -> Vec<ParsedPosition> {
        (0..self.positions.len())
            .filter_map(|index| self.position(index))
            .map(|position| position.to_parsed())
            .collect()
    }

    /// Replaces the whole text (a full-document change).
    pub fn replace_all(&mut self, text: &str) {
        self.rope = Rope::from_str(text);
        self.stale = true;
        self.reparse_all();
        self.stale = false;
    }

    /// Whether a panic interrupted the re-reading of an edit: the text is
    /// the edited one, but the positions may not match it.
    #[cfg(feature = "test-hooks")]
    pub fn is_stale(&self) -> bool {
        self.stale
    }

    /// Whether a panic left the positions stale ([`Document::repair`]).
    pub fn needs_repair(&self) -> bool {
        self.stale
    }

    /// Reads every position again from the text if a panic left them stale;
    /// the text itself, and so every edit made, is never lost.
    pub fn repair(&mut self) {
        if self.needs_repair() {
            self.reparse_all();
            self.stale = false;
        }
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
        if self.stale {
            // An earlier edit's reading was cut short: read everything.
            self.reparse_all();
        } else {
            self.stale = true;
            self.reparse(to_u32(first_line), to_u32(last_line), delta);
        }
        self.stale = false;
    }

    /// Index of the position whose lines contain `line`.
    pub fn position_at_line(&self, line: u32) -> Option<usize> {
        let index = self
            .partition_point(|first, _| first <= line)
            .checked_sub(1)?;
        (line <= self.position(index)?.last_line()).then_some(index)
    }

    /// Indices of the positions overlapping lines `[start, end)`.
    pub fn positions_in_lines(&self, start: u32, end: u32) -> Range<usize> {
        let low = self.partition_point(|first, p| first + p.line_count.saturating_sub(1) < start);
        let high = self.partition_point(|first, _| first < end);
        low..high.max(low)
    }

    /// Every diagnostic (file-level and positions'), absolute, sorted.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        let noisy = self.noisy.iter().filter_map(|&i| self.position(i));
        collect_diagnostics(&self.file_diagnostics, noisy)
    }

    /// What publishing the diagnostics needs, detached from the document:
    /// the text (a rope shares its nodes, so a clone costs nothing until
    /// the next edit), the file-level diagnostics and the positions that
    /// have any, each with its absolute first line. It costs a pointer per
    /// position with diagnostics, so the document can be edited on while
    /// the snapshot is converted elsewhere.
    pub fn snapshot(&self) -> DocDiagnostics {
        let mut file_diagnostics = self.file_diagnostics.clone();
        crate::diagnostics::sort(&mut file_diagnostics);
        // A judge input is small: its promises are checked on the whole
        // text, each time.
        let validation = self.validation.map(|validation| {
            let text = self.rope.to_string();
            let broken = profile::check(validation.profile, self.kind, &text);
            (validation, broken)
        });
        DocDiagnostics {
            rope: self.rope.clone(),
            file_diagnostics,
            noisy: {
                // Sized exactly: a snapshot is kept while a session
                // publishes from it, beside the document.
                let mut noisy = Vec::with_capacity(self.noisy.len());
                noisy.extend(self.noisy.iter().filter_map(|&i| {
                    Some((self.first_line(i)?, Arc::clone(self.positions.get(i)?)))
                }));
                noisy
            },
            validation,
            totals: self.totals().to_vec(),
        }
    }

    /// See [`Document::totals`]'s field.
    fn totals(&self) -> &[CodeCount] {
        self.totals.get_or_init(|| {
            let mut totals = Vec::new();
            for &index in &self.noisy {
                if let Some(position) = self.positions.get(index) {
                    CodeCount::count_into(&mut totals, position.tally(), true);
                }
            }
            totals
        })
    }

    /// The diagnostics of the positions overlapping lines `[start, end)`
    /// (absolute, sorted), with the file-level ones on those lines.
    pub fn diagnostics_in_lines(&self, start: u32, end: u32) -> Vec<Diagnostic> {
        let positions = self.positions_in_lines(start, end);
        let file_level: Vec<Diagnostic> = self
            .file_diagnostics
            .iter()
            .filter(|d| (start..end).contains(&d.span.line))
            .cloned()
            .collect();
        collect_diagnostics(&file_level, positions.filter_map(|i| self.position(i)))
    }

    /// The first index whose position fails `pred(absolute first line,
    /// position)`, for a `pred` that holds on a prefix (binary search).
    fn partition_point(&self, pred: impl Fn(u32, &ParsedPosition) -> bool) -> usize {
        let (mut low, mut high) = (0, self.positions.len());
        while low < high {
            let mid = low + (high - low) / 2;
            let first = self.first_line(mid).unwrap_or(u32::MAX);
            if pred(first, &self.positions[mid]) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        low
    }

    /// Moves the start of the pending shift to `index`, applying it to the
    /// positions it leaves or taking it back from those it takes in.
    fn move_shift_to(&mut self, index: usize) {
        let index = index.min(self.first_lines.len());
        let from = self.shift_from.min(self.first_lines.len());
        let shift = self.shift;
        if index > from {
            for line in &mut self.first_lines[from..index] {
                *line = line.wrapping_add(shift);
            }
        } else {
            for line in &mut self.first_lines[index..from] {
                *line = line.wrapping_sub(shift);
            }
        }
        self.shift_from = index;
    }

    fn reparse_all(&mut self) {
        let lines = RopeLines(&self.rope);
        let (header, body_start, header_diagnostics) = parse_header(self.kind, &lines);
        let mut positions = Vec::new();
        let mut from = body_start;
        while let Some(position) = parse_position(self.kind, &lines, from) {
            from = position.first_line + position.line_count;
            positions.push(Arc::new(position));
        }
        self.install(header, header_diagnostics, positions);
    }

    /// Takes a fresh reading of the whole text.
    fn install(
        &mut self,
        header: Option<Header>,
        header_diagnostics: Vec<Diagnostic>,
        positions: Vec<Arc<ParsedPosition>>,
    ) {
        self.file_diagnostics = header_diagnostics.clone();
        self.file_diagnostics.extend(file_diagnostics(
            self.kind,
            header.as_ref(),
            positions.len(),
        ));
        self.header = header;
        self.header_diagnostics = header_diagnostics;
        self.first_lines = positions.iter().map(|p| p.first_line).collect();
        self.noisy = noisy_indices(positions.iter().map(AsRef::as_ref), 0);
        // Kept for the document's life: a collected list has up to twice
        // the room it needs.
        self.noisy.shrink_to_fit();
        self.positions = positions;
        self.shift = 0;
        self.shift_from = 0;
        self.totals = OnceLock::new();
    }

    /// One past the last line reading position `index` looked at.
    fn examined_end(&self, index: usize) -> u32 {
        let position = &self.positions[index];
        self.first_line(index).unwrap_or(0) + position.lines_examined
    }

    /// Re-parses after an edit of old lines `first_line..=last_line` that
    /// changed the line count by `delta`.
    fn reparse(&mut self, first_line: u32, last_line: u32, delta: i64) {
        // The first position whose reading looked at the edited lines; those
        // before it read only lines above the edit.
        let mut restart = self.partition_point(|first, _| first <= first_line);
        while restart > 0 && self.examined_end(restart - 1) > first_line {
            restart -= 1;
        }
        // From here on the positions are replaced or shifted by `delta`.
        self.move_shift_to(restart);
        // A test's fault here leaves the text edited and the positions half
        // moved: what `repair` must put right.
        #[cfg(feature = "test-hooks")]
        crate::faults::fault_point("reparse");
        let lines = RopeLines(&self.rope);
        let mut from = match restart.checked_sub(1) {
            Some(previous) => self.first_lines[previous] + self.positions[previous].line_count,
            None => {
                // The count line is read from the top: re-read it too.
                let (header, body_start, diagnostics) = parse_header(self.kind, &lines);
                self.header = header;
                self.header_diagnostics = diagnostics;
                body_start
            }
        };
        let shift = |line: u32| (i64::from(line) + delta).clamp(0, i64::from(u32::MAX)) as u32;
        // The old first line of position `index` (at or after `restart`).
        let old_line = |index: usize| self.first_lines[index].wrapping_add(self.shift);
        let mut fresh = Vec::new();
        let mut old = restart;
        let synced = loop {
            let Some(position) = parse_position(self.kind, &lines, from) else {
                break false;
            };
            // Only an old position that started below the edit can be
            // reused: its lines are unchanged.
            while old < self.positions.len()
                && (old_line(old) <= last_line || shift(old_line(old)) < position.first_line)
            {
                old += 1;
            }
            if old < self.positions.len() && shift(old_line(old)) == position.first_line {
                break true;
            }
            from = position.first_line + position.line_count;
            fresh.push(position);
        };
        let reused = if synced { old } else { self.positions.len() };
        let fresh_count = fresh.len();
        // The noisy indices: the replaced ones give way to the fresh ones,
        // and those below move with their positions.
        let low = self.noisy.partition_point(|&i| i < restart);
        let high = self.noisy.partition_point(|&i| i < reused);
        if fresh_count != reused - restart {
            for index in &mut self.noisy[high..] {
                *index = *index + fresh_count - (reused - restart);
            }
        }
        self.noisy.splice(low..high, noisy_indices(&fresh, restart));
        self.first_lines
            .splice(restart..reused, fresh.iter().map(|p| p.first_line));
        if let Some(totals) = self.totals.get_mut() {
            for position in &self.positions[restart..reused] {
                CodeCount::count_into(totals, position.tally(), false);
            }
            for position in &fresh {
                CodeCount::count_into(totals, position.tally(), true);
            }
        }
        self.positions
            .splice(restart..reused, fresh.into_iter().map(Arc::new));
        // The fresh positions are exact; the reused ones below them move by
        // `delta` more (wrapping: only the sum is a real line).
        self.shift_from = restart + fresh_count;
        self.shift = self.shift.wrapping_add(delta as u32);
        self.file_diagnostics = self.header_diagnostics.clone();
        self.file_diagnostics.extend(file_diagnostics(
            self.kind,
            self.header.as_ref(),
            self.positions.len(),
        ));
    }
}

/// The indices of `positions` that have diagnostics, counted from `first`.
fn noisy_indices<'a>(
    positions: impl IntoIterator<Item = &'a ParsedPosition>,
    first: usize,
) -> Vec<usize> {
    positions
        .into_iter()
        .enumerate()
        .filter(|(_, p)| p.has_diagnostics())
        .map(|(i, _)| first + i)
        .collect()
}
