//! An answer file's findings, kept line by line between checks, so that an
//! edit of its input compares again only the lines of the cases the edit
//! re-judged, and an edit of the answer only the lines it touched.
//!
//! A line's findings depend on its text, on its case's output and place in
//! the input ([`ExpectedCase`]), and on the number of cases
//! ([`boardls_engine::answers::line_findings`]). An input edit keeps every
//! unchanged case's output as the same pointer ([`JudgedCache`]), so the
//! cases to compare again are found by pointer. Each line keeps its LSP
//! form too, and that form's JSON: a push publish joins the JSON of the
//! lines that have findings ([`KeptAnswer::listing`]), and is sent only
//! when one changed.
//!
//! [`ExpectedCase`]: boardls_engine::answers::ExpectedCase
//! [`JudgedCache`]: boardls_engine::answers::JudgedCache

use std::borrow::Cow;
use std::path::Path;
use std::sync::Arc;

use boardls_engine::answers::{self, Expected, ExpectedCase};
use boardls_engine::diagnostics::Diagnostic;
use boardls_engine::i18n::Locale;
use ls_types::{self as lsp, Uri};
use ropey::Rope;

use crate::config::DiagnosticFilter;
use crate::encoding::Encoding;
use crate::features::proto_diagnostics::{RopeRanges, to_lsp};
use crate::kept::publish::{Listing, Written};

/// What a check of an answer names and writes with.
pub struct AnswerContext<'a> {
    /// The answer's URI (its findings' own, and its input's scheme).
    pub uri: &'a Uri,
    /// The input's path, for the related locations.
    pub input: &'a Arc<Path>,
    pub encoding: Encoding,
    pub locale: Locale,
}

/// The findings of one line (or of the end of the file), in each form:
/// the engine's, LSP's, and each LSP diagnostic's JSON.
#[derive(Default, Debug)]
struct Found {
    found: Vec<Diagnostic>,
    lsp: Vec<lsp::Diagnostic>,
    json: Vec<Box<[u8]>>,
}

/// A line's findings; `None` for a line without any (most of them: a
/// publish walks past them at the cost of a pointer each).
type Line = Option<Box<Found>>;

impl Found {
    fn of(found: Vec<Diagnostic>, rope: &Rope, cx: &AnswerContext<'_>) -> Line {
        if found.is_empty() {
            return None;
        }
        let ranges = RopeRanges {
            rope,
            enc: cx.encoding,
        };
        let lsp: Vec<lsp::Diagnostic> = found
            .iter()
            .map(|d| to_lsp(cx.uri, &ranges, d, cx.locale))
            .collect();
        let json = lsp
            .iter()
            .map(|d| serde_json::to_vec(d).unwrap_or_default().into_boxed_slice())
            .collect();
        Some(Box::new(Found { found, lsp, json }))
    }
}

/// The LSP diagnostics of `line` (none for `None`).
fn lsp_of(line: &Line) -> &[lsp::Diagnostic] {
    line.as_ref().map_or(&[], |found| &found.lsp)
}

/// An answer's findings against [`Expected`], line by line.
pub struct KeptAnswer {
    /// Each case it was compared with: its output (held, so that a new
    /// output is never mistaken for it at a reused address) and its place.
    cases: Vec<CaseKey>,
    kind: boardls_engine::games::GameKind,
    input: Arc<Path>,
    lines: Vec<Line>,
    /// The missing cases past the last line.
    end: Line,
    encoding: Encoding,
    locale: Locale,
}

/// What a case's lines were compared with. Not the whole [`Expected`]:
/// an `Arc` of it held here would make the input's next edit copy it
/// ([`Arc::make_mut`]).
#[derive(Clone)]
struct CaseKey {
    output: Option<Arc<[String]>>,
    span: boardls_engine::diagnostics::Span,
}

impl CaseKey {
    fn of(case: &ExpectedCase) -> CaseKey {
        CaseKey {
            output: case.output.clone(),
            span: case.input_span,
        }
    }

    fn same(&self, case: &ExpectedCase) -> bool {
        self.span == case.input_span
            && match (&self.output, &case.output) {
                (Some(a), Some(b)) => Arc::ptr_eq(a, b) || a == b,
                (None, None) => true,
                _ => false,
            }
    }
}

/// The answer's content lines (not the empty rest after a last line end).
fn content_line_count(rope: &Rope) -> usize {
    let lines = rope.len_lines();
    let ended =
        rope.len_chars() == 0 || matches!(rope.get_char(rope.len_chars() - 1), Some('\n' | '\r'));
    lines - usize::from(ended)
}

/// Line `line` of `rope` as the checker compares it.
fn line_text(rope: &Rope, line: usize) -> Cow<'_, str> {
    let text: Cow<'_, str> = rope.line(line).into();
    match text {
        Cow::Borrowed(text) => Cow::Borrowed(answers::answer_line(text)),
        Cow::Owned(text) => Cow::Owned(answers::answer_line(&text).to_owned()),
    }
}

impl KeptAnswer {
    /// Every line of `rope` compared with `expected`.
    pub fn new(expected: &Expected, rope: &Rope, cx: &AnswerContext<'_>) -> KeptAnswer {
        let mut kept = KeptAnswer {
            cases: expected.cases.iter().map(CaseKey::of).collect(),
            kind: expected.kind,
            input: Arc::clone(cx.input),
            lines: Vec::new(),
            end: None,
            encoding: cx.encoding,
            locale: cx.locale,
        };
        kept.lines = (0..content_line_count(rope))
            .map(|line| kept.line(expected, rope, line, cx))
            .collect();
        kept.end = kept.end_of(expected, rope, cx);
        kept
    }

    fn line(&self, expected: &Expected, rope: &Rope, line: usize, cx: &AnswerContext<'_>) -> Line {
        let text = line_text(rope, line);
        let found = answers::line_findings(
            expected,
            boardls_engine::text::to_u32(line),
            &text,
            Some(cx.input),
        );
        Found::of(found, rope, cx)
    }

    fn end_of(&self, expected: &Expected, rope: &Rope, cx: &AnswerContext<'_>) -> Line {
        let count = content_line_count(rope);
        let last_len = count
            .checked_sub(1)
            .map_or(0, |last| line_text(rope, last).len());
        let found = answers::missing_findings(expected, count, last_len, Some(cx.input));
        Found::of(found, rope, cx)
    }

    /// The end (the missing cases) compared again; true when it changed.
    fn recompare_end(&mut self, expected: &Expected, rope: &Rope, cx: &AnswerContext<'_>) -> bool {
        let end = self.end_of(expected, rope, cx);
        let changed = lsp_of(&end) != lsp_of(&self.end);
        self.end = end;
        changed
    }

    /// Everything compared again; true when a finding changed.
    fn renew(&mut self, expected: &Expected, rope: &Rope, cx: &AnswerContext<'_>) -> bool {
        let renewed = KeptAnswer::new(expected, rope, cx);
        let changed = renewed.lsp_diagnostics() != self.lsp_diagnostics();
        *self = renewed;
        changed
    }

    /// The input's judge output is now `expected` (the answer's text
    /// `rope` unchanged): the lines of the cases whose output or place
    /// changed are compared again. True when a finding changed.
    pub fn input_changed(
        &mut self,
        expected: &Expected,
        rope: &Rope,
        cx: &AnswerContext<'_>,
    ) -> bool {
        if self.kind != expected.kind
            || self.cases.len() != expected.cases.len()
            || !self.written_as(cx)
        {
            return self.renew(expected, rope, cx);
        }
        let mut changed = false;
        let mut any = false;
        for case in 0..expected.cases.len() {
            let now = &expected.cases[case];
            if !self.cases[case].same(now) {
                any = true;
                self.cases[case] = CaseKey::of(now);
                let from = expected.line_of_case(case) as usize;
                let to = expected.line_of_case(case + 1) as usize;
                changed |= self.recompare_lines(expected, rope, from, to, cx);
            }
        }
        if any {
            changed |= self.recompare_end(expected, rope, cx);
        }
        changed
    }

    /// Lines `from..to` compared again; true when a finding changed.
    fn recompare_lines(
        &mut self,
        expected: &Expected,
        rope: &Rope,
        from: usize,
        to: usize,
        cx: &AnswerContext<'_>,
    ) -> bool {
        let mut changed = false;
        for line in from..to.min(self.lines.len()) {
            let found = self.line(expected, rope, line, cx);
            if lsp_of(&found) != lsp_of(&self.lines[line]) {
                self.lines[line] = found;
                changed = true;
            }
        }
        changed
    }

    /// The answer's text is now `rope`, changed on lines `first..=last`
    /// only (numbered in the new text) if its line count is the same, else
    /// from `first` on; its input's output is `expected`, which
    /// [`KeptAnswer::input_changed`] has seen. True when a finding changed.
    pub fn text_changed(
        &mut self,
        expected: &Expected,
        rope: &Rope,
        first: usize,
        last: usize,
        cx: &AnswerContext<'_>,
    ) -> bool {
        if !self.written_as(cx) {
            return self.renew(expected, rope, cx);
        }
        let count = content_line_count(rope);
        let mut changed = count != self.lines.len();
        let to = if changed {
            self.lines.resize_with(count, || None);
            // Past `first`, every line answers another case now.
            count
        } else {
            last.saturating_add(1)
        };
        changed |= self.recompare_lines(expected, rope, first, to, cx);
        changed |= self.recompare_end(expected, rope, cx);
        changed
    }

    fn written_as(&self, cx: &AnswerContext<'_>) -> bool {
        self.encoding == cx.encoding && self.locale == cx.locale && self.input == *cx.input
    }

    /// The lines with findings, in order, then the end's.
    fn found(&self) -> impl Iterator<Item = &Found> {
        self.lines
            .iter()
            .chain([&self.end])
            .flatten()
            .map(|found| &**found)
    }

    /// Every finding, in line order.
    pub fn findings(&self) -> Vec<Diagnostic> {
        self.found()
            .flat_map(|found| found.found.iter().cloned())
            .collect()
    }

    /// Every finding as LSP diagnostics, in line order.
    pub fn lsp_diagnostics(&self) -> Vec<lsp::Diagnostic> {
        self.found()
            .flat_map(|found| found.lsp.iter().cloned())
            .collect()
    }

    /// [`KeptAnswer::lsp_diagnostics`] that `filter` shows, as the JSON
    /// array of a publish: the kept JSON of each, joined.
    pub fn listing(&self, filter: DiagnosticFilter) -> Listing {
        let mut json = vec![b'['];
        let mut count = 0;
        for found in self.found() {
            for (diagnostic, piece) in found.lsp.iter().zip(&found.json) {
                if piece.is_empty() {
                    // Not written (never seen): listed the slow way.
                    return Listing::Items(filter.apply(self.lsp_diagnostics()));
                }
                if filter.shows(diagnostic.severity) {
                    if count > 0 {
                        json.push(b',');
                    }
                    json.extend_from_slice(piece);
                    count += 1;
                }
            }
        }
        json.push(b']');
        Listing::Json(Box::new(Written { json, count }))
    }
}

#[cfg(test)]
mod tests {
    use std::str::FromStr as _;

    use boardls_engine::games::GameKind;

    use super::*;
    use crate::kept::publish::listed_notification;

    /// Three Tomek cases: X wins, O wins, a draw.
    const INPUT: &str =
        "3\nXXXT\n....\nOO..\n....\n\nOOOO\nXX..\nX...\n....\n\nXOXO\nXOXO\nOXOX\nOXOX\n";

    #[test]
    fn a_listing_writes_the_lsp_diagnostics_as_serde_does() {
        let parsed = boardls_engine::syntax::parse_file(GameKind::Tomek, INPUT);
        let expected = Expected::of(
            GameKind::Tomek,
            parsed.positions.iter().map(|p| (p.first_line, p)),
        );
        // Case 1 wrong, case 2 right, case 3 missing.
        let rope = Rope::from_str("Case #1: O won\nCase #2: O won\n");
        let uri = Uri::from_str("file:///t/01.ans").expect("a URI");
        let input: Arc<Path> = Arc::from(Path::new("/t/01.in"));
        let cx = AnswerContext {
            uri: &uri,
            input: &input,
            encoding: Encoding::Utf16,
            locale: Locale::English,
        };
        let kept = KeptAnswer::new(&expected, &rope, &cx);
        let items = kept.lsp_diagnostics();
        assert_eq!(items.len(), 2, "{items:?}");
        let listing = kept.listing(DiagnosticFilter::default());
        let Listing::Json(written) = &listing else {
            panic!("not written");
        };
        assert_eq!(written.count, 2);
        assert_eq!(
            written.json,
            serde_json::to_vec(&items).expect("serialized")
        );
        let listed = Listing::Items(items);
        for version in [None, Some(7)] {
            assert_eq!(
                listed_notification(&uri, version, &listing),
                listed_notification(&uri, version, &listed)
            );
        }
        // Nothing found: an empty array.
        let right = Rope::from_str("Case #1: X won\nCase #2: O won\nCase #3: Draw\n");
        let clean = KeptAnswer::new(&expected, &right, &cx);
        let Listing::Json(written) = clean.listing(DiagnosticFilter::default()) else {
            panic!("not written");
        };
        assert_eq!((written.json.as_slice(), written.count), (&b"[]"[..], 0));
    }
}
