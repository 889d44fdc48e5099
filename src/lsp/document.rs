//! The server's document: a rope plus its parsed positions, re-parsed
//! incrementally, with the API of the team's `crate::document` contract.
//!
//! This stands in until `crate::document::Document` exists on the main
//! line; it is built only on `crate::syntax`'s contract (`parse_header`,
//! `parse_position`, `file_diagnostics`), whose positions depend only on the
//! lines they examined. An edit re-parses from the first position whose
//! examined lines reach the edit, and stops as soon as a re-parsed position
//! starts where an old position after the edit (shifted) started: from
//! there on the old positions are reused, moved by the edit's line delta.

use std::borrow::Cow;
use std::ops::Range;

use ropey::Rope;

use crate::diagnostics::Diagnostic;
use crate::games::GameKind;
use crate::syntax::{self, Header, LineSource, ParsedPosition};

/// The lines of a rope, without their line ends, as the parser reads them.
struct RopeLines<'a>(&'a Rope);

impl LineSource for RopeLines<'_> {
    fn line_count(&self) -> u32 {
        u32::try_from(self.0.len_lines()).unwrap_or(u32::MAX)
    }

    fn line(&self, index: u32) -> Cow<'_, str> {
        let Some(line) = self.0.get_line(index as usize) else {
            return Cow::Borrowed("");
        };
        let text: Cow<'_, str> = line.into();
        match text {
            Cow::Borrowed(s) => Cow::Borrowed(crate::text::strip_line_end(s)),
            Cow::Owned(s) => Cow::Owned(crate::text::strip_line_end(&s).to_owned()),
        }
    }
}

pub struct Document {
    kind: GameKind,
    rope: Rope,
    header: Option<Header>,
    header_diagnostics: Vec<Diagnostic>,
    body_start: u32,
    positions: Vec<ParsedPosition>,
    /// Indices of the positions that have diagnostics, ascending: a
    /// document's diagnostics are gathered without visiting every position.
    flagged: Vec<usize>,
}

impl Document {
    pub fn new(kind: GameKind, text: &str) -> Document {
        let mut document = Document {
            kind,
            rope: Rope::from_str(text),
            header: None,
            header_diagnostics: Vec::new(),
            body_start: 0,
            positions: Vec::new(),
            flagged: Vec::new(),
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

    pub fn header(&self) -> Option<&Header> {
        self.header.as_ref()
    }

    /// Index `i` is `Case #(i + 1)`.
    pub fn positions(&self) -> &[ParsedPosition] {
        &self.positions
    }

    fn reparse_all(&mut self) {
        let lines = RopeLines(&self.rope);
        let (header, body_start, diagnostics) = syntax::parse_header(self.kind, &lines);
        let mut positions = Vec::new();
        let mut from = body_start;
        while let Some(position) = syntax::parse_position(self.kind, &lines, from) {
            from = next_search(&position);
            positions.push(position);
        }
        self.header = header;
        self.header_diagnostics = diagnostics;
        self.body_start = body_start;
        self.flagged = flagged(&positions, 0);
        self.positions = positions;
    }

    /// Replaces chars `[start, end)` (clamped; swapped if reversed) with
    /// `text` and re-parses only the positions the edit can change.
    pub fn edit(&mut self, start_char: usize, end_char: usize, text: &str) {
        let len = self.rope.len_chars();
        let (start, end) = (start_char.min(len), end_char.min(len));
        let (start, end) = (start.min(end), start.max(end));
        let start_line = to_u32(self.rope.char_to_line(start));
        let old_end_line = i64::from(to_u32(self.rope.char_to_line(end)));
        self.rope.remove(start..end);
        self.rope.insert(start, text);
        let inserted_end = start + text.chars().count();
        let new_end_line = i64::from(to_u32(self.rope.char_to_line(inserted_end)));
        let delta = new_end_line - old_end_line;

        let lines = RopeLines(&self.rope);
        let (header, body_start, header_diagnostics) = syntax::parse_header(self.kind, &lines);
        if body_start != self.body_start {
            self.reparse_all();
            return;
        }
        self.header = header;
        self.header_diagnostics = header_diagnostics;

        // The first position whose examined lines reach the edit. Only the
        // last few before it can (a position peeks a line or two ahead).
        let upto = self
            .positions
            .partition_point(|p| p.first_line <= start_line);
        let first = (upto.saturating_sub(8)..upto)
            .find(|&i| examined_end(&self.positions[i]) > start_line)
            .unwrap_or(upto);
        let mut from = match first.checked_sub(1) {
            Some(before) => next_search(&self.positions[before]),
            None => body_start,
        };

        let mut fresh = Vec::new();
        let mut resumed = None;
        while let Some(position) = syntax::parse_position(self.kind, &lines, from) {
            from = next_search(&position);
            let old_first = i64::from(position.first_line) - delta;
            let after_edit =
                i64::from(position.first_line) > new_end_line && old_first > old_end_line;
            fresh.push(position);
            if after_edit
                && let Ok(old_first) = u32::try_from(old_first)
                && let Ok(k) =
                    self.positions[first..].binary_search_by_key(&old_first, |p| p.first_line)
            {
                resumed = Some(first + k);
                break;
            }
        }
        let replaced_end = resumed.map_or(self.positions.len(), |k| k + 1);
        if delta != 0 {
            for position in &mut self.positions[replaced_end..] {
                position.first_line = shift(position.first_line, delta);
            }
        }
        // Re-index the flagged positions: those replaced go, the fresh ones
        // come in, the later ones move by the change in count.
        let lo = self.flagged.partition_point(|&i| i < first);
        let hi = self.flagged.partition_point(|&i| i < replaced_end);
        let moved = fresh.len() as isize - (replaced_end - first) as isize;
        let later: Vec<usize> = self.flagged[hi..]
            .iter()
            .map(|&i| i.saturating_add_signed(moved))
            .collect();
        self.flagged.truncate(lo);
        self.flagged.extend(flagged(&fresh, first));
        self.flagged.extend(later);
        self.positions.splice(first..replaced_end, fresh);
    }

    /// The position whose lines (first to last content line) hold `line`.
    pub fn position_at_line(&self, line: u32) -> Option<usize> {
        let i = self
            .positions
            .partition_point(|p| p.first_line <= line)
            .checked_sub(1)?;
        (self.positions[i].last_line() >= line).then_some(i)
    }

    /// Indices of the positions overlapping lines `[start, end)`.
    pub fn positions_in_lines(&self, start: u32, end: u32) -> Range<usize> {
        let from = self.positions.partition_point(|p| p.last_line() < start);
        let to = self.positions.partition_point(|p| p.first_line < end);
        from..to.max(from)
    }

    /// Every diagnostic (file-level and positions'), absolute and sorted.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        let mut file_level = self.header_diagnostics.clone();
        file_level.extend(syntax::file_diagnostics(
            self.kind,
            self.header.as_ref(),
            self.positions.len(),
        ));
        let mut all = file_level;
        for &i in &self.flagged {
            let Some(position) = self.positions.get(i) else {
                continue;
            };
            all.extend(position.diagnostics.iter().map(|d| {
                let mut d = d.clone();
                d.shift_lines(position.first_line);
                d
            }));
        }
        crate::diagnostics::sort(&mut all);
        all
    }
}

/// Indices (from `offset`) of the positions with diagnostics.
fn flagged(positions: &[ParsedPosition], offset: usize) -> Vec<usize> {
    positions
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.diagnostics.is_empty())
        .map(|(i, _)| offset + i)
        .collect()
}

fn next_search(position: &ParsedPosition) -> u32 {
    position.first_line + position.line_count
}

fn examined_end(position: &ParsedPosition) -> u32 {
    position.first_line.saturating_add(position.lines_examined)
}

fn shift(line: u32, delta: i64) -> u32 {
    u32::try_from(i64::from(line) + delta).unwrap_or(0)
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    const GO9: &str = ".......xo\n.........\n.........\n..x......\n.xox....x\n.o.o...xo\n..o......\n.....xxxo\n....xooo.\n";
    const TOMEK: &str = "XXXT\n....\nOO..\n....\n";
    const UTTT: &str = "... ... ...\n... ... ...\n... ... ...\n\n... ... ...\n... ... ...\n... x.. ...\n\n... ... ...\n... ... ...\n... ... ...\n6 4\n";

    fn assert_fresh(document: &Document) {
        let fresh = syntax::parse_file(document.kind(), &document.rope().to_string());
        assert_eq!(document.header(), fresh.header.as_ref());
        assert_eq!(document.positions(), fresh.positions.as_slice());
        assert_eq!(document.diagnostics(), fresh.all_diagnostics());
    }

    #[test]
    fn split_and_merge() {
        let text = format!("{GO9}\n{GO9}\n{GO9}");
        let mut document = Document::new(GameKind::Go9, &text);
        assert_eq!(document.positions().len(), 3);
        let at = document.rope().line_to_char(14);
        document.edit(at, at, "\n");
        assert_fresh(&document);
        document.edit(at, at + 1, "");
        assert_fresh(&document);
        assert_eq!(document.positions().len(), 3);
        assert_eq!(document.position_at_line(10), Some(1));
        assert_eq!(document.position_at_line(9), None);
        assert_eq!(document.positions_in_lines(5, 12), 0..2);
    }

    fn fragment() -> impl Strategy<Value = String> {
        prop::sample::select(vec![
            "",
            "\n",
            "\r\n",
            "\r",
            "\n\n",
            " ",
            "#",
            "# note\n",
            "x",
            "o",
            ".",
            "!",
            "X",
            "O",
            "T",
            "5",
            "2\n",
            "6 4",
            "... ... ...\n",
            ".........\n",
            "XOXO\n",
            "é",
            "\u{1F600}",
        ])
        .prop_map(str::to_owned)
    }

    fn text(kind: GameKind) -> String {
        match kind {
            GameKind::Uttt => format!("{UTTT}\n{UTTT}"),
            GameKind::Go9 => format!("2\n{GO9}\n{GO9}"),
            GameKind::Tomek => format!("# c\n{TOMEK}\n{TOMEK}\n{TOMEK}"),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]
        #[test]
        fn incremental_equals_fresh(
            kind in prop::sample::select(GameKind::ALL.to_vec()),
            edits in prop::collection::vec((0.0..=1.0f64, 0..30usize, fragment()), 1..10),
        ) {
            let mut document = Document::new(kind, &text(kind));
            for (at, deleted, inserted) in edits {
                let start = (document.rope().len_chars() as f64 * at) as usize;
                document.edit(start, start + deleted, &inserted);
                assert_fresh(&document);
            }
        }
    }
}
