//! Engine diagnostics as LSP diagnostics, and which of them a client is
//! sent ([`Budget`]).
//!
//! Only conversion happens here: the document keeps its positions'
//! diagnostics up to date as it is edited, so a change costs the
//! conversion of the diagnostics, not a re-analysis. Files read from disk
//! are converted from the lines their diagnostics name (`workspace::checked`),
//! without building a rope. An open document's pushed and pulled
//! diagnostics are both [`each_listed`]: `publish` serializes them one at a
//! time as it writes, the pull report collects them.

use ls_types::{
    self as lsp, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString,
    Position, Range, TextEdit, Uri,
};
use ropey::Rope;
use serde_json::json;

use crate::config::DiagnosticFilter;
use crate::encoding::{Encoding, span_to_range};
use crate::view::DocView;
use boardls_engine::diagnostics::{Diagnostic, Fix, Severity, Span, codes};
use boardls_engine::document::{DocDiagnostics, Visit, Want};
use boardls_engine::i18n::message;
use boardls_engine::i18n::{Locale, Message, grouped};
use boardls_engine::syntax::CodeCount;
use boardls_engine::syntax::DocPosition;

pub const SOURCE: &str = "boardls";

/// Where the engine's spans (line, byte columns) lie in the client's
/// coordinates.
pub trait SpanRanges {
    fn range(&self, span: Span) -> Range;
}

/// Spans of a rope's text as LSP ranges.
pub struct RopeRanges<'a> {
    pub rope: &'a Rope,
    pub enc: Encoding,
}

impl SpanRanges for RopeRanges<'_> {
    fn range(&self, span: Span) -> Range {
        span_to_range(self.rope, span.line, span.start, span.end, self.enc)
    }
}

impl SpanRanges for DocView<'_> {
    fn range(&self, span: Span) -> Range {
        span_to_range(self.doc.rope(), span.line, span.start, span.end, self.enc())
    }
}

/// The ranges of an open document's spans, for the diagnostics of
/// `position` (or of the file, when `None`). A span on a regular board row
/// needs no look-up in the text: the row is ASCII, so its byte columns are
/// its UTF-8 and UTF-16 columns. Anything else goes through the rope.
pub(crate) struct DocRanges<'a> {
    pub(crate) rope: &'a Rope,
    pub(crate) enc: Encoding,
    pub(crate) position: Option<DocPosition<'a>>,
}

impl SpanRanges for DocRanges<'_> {
    fn range(&self, span: Span) -> Range {
        if let Some(position) = self.position
            && let Some(width) = position.regular_row_width(span.line)
            && span.start <= span.end
            && span.end <= width
        {
            return Range::new(
                Position::new(span.line, span.start),
                Position::new(span.line, span.end),
            );
        }
        span_to_range(self.rope, span.line, span.start, span.end, self.enc)
    }
}

/// An open document's diagnostics, in the document's order, as a pull
/// report (`textDocument/diagnostic`) holds them: under the same
/// [`Budget`] as a publish.
pub fn document(view: &DocView<'_>) -> Vec<lsp::Diagnostic> {
    shown(view, DiagnosticFilter::default())
}

/// [`document`], without what the `diagnostics.*` settings hide (left
/// out before the budget, so hidden diagnostics take none of it).
pub fn shown(view: &DocView<'_>, filter: DiagnosticFilter) -> Vec<lsp::Diagnostic> {
    let mut items = Vec::new();
    each_listed(
        view.uri,
        &view.doc.snapshot(),
        view.enc(),
        filter,
        view.locale(),
        &mut |item| items.push(item),
    );
    items
}

/// What an open document's publish or pull report holds, one LSP
/// diagnostic at a time in order, the note on what was left out last:
/// [`listed`] converted with [`to_lsp`].
pub fn each_listed(
    uri: &Uri,
    snapshot: &DocDiagnostics,
    enc: Encoding,
    filter: DiagnosticFilter,
    locale: Locale,
    each: &mut dyn FnMut(lsp::Diagnostic),
) {
    let rope = &snapshot.rope;
    let more = listed(snapshot, filter, &mut |position, d, related| {
        let ranges = DocRanges {
            rope,
            enc,
            position,
        };
        each(convert(uri, &ranges, d, related == d.related.len(), locale));
    });
    if let Some(more) = more {
        let ranges = DocRanges {
            rope,
            enc,
            position: None,
        };
        each(to_lsp(uri, &ranges, &more, locale));
    }
}

/// What a publish or a pull report lists of `snapshot`, in order: `each`
/// gets every diagnostic the settings show and the [`Budget`] admits,
/// with the position it belongs to and how many of its related locations
/// to send. Returns the note on what was left out, if anything was.
/// Positions of which nothing would be listed are counted from their
/// kept tallies, without deriving their diagnostics.
fn listed(
    snapshot: &DocDiagnostics,
    filter: DiagnosticFilter,
    each: &mut dyn FnMut(Option<DocPosition<'_>>, &Diagnostic, usize),
) -> Option<Diagnostic> {
    let mut budget = Budget::new(filter, snapshot.error_count());
    budget.to_come = snapshot.at_most();
    snapshot.for_each(&mut |visit| match visit {
        Visit::Position(tally) if budget.skips(tally) => {
            if budget.full() {
                Want::Stop
            } else {
                Want::Skip
            }
        }
        Visit::Position(_) => budget.want(),
        Visit::Diagnostic(owner, d) => {
            if filter.keeps(d.severity)
                && let Some(related) = budget.admit(d)
            {
                each(owner, d, related);
            }
            budget.want()
        }
    });
    budget.summary()
}

/// Information diagnostics an open document sends at most, in document
/// order; the rest are summed up in one `file/more-diagnostics`: a dense
/// go file has several facts a board, and sent whole they made each
/// edit's publish megabytes of JSON (figures: BENCHMARKS.md, "Figures
/// behind the code").
pub const MAX_INFORMATION: usize = 100;

/// Related locations one publish holds at most, given in document order
/// to the diagnostics whose locations all still fit; later ones are sent
/// without them (their messages still say how large the group is). Each
/// location repeats the document's URI: at 150-200 bytes apiece they made
/// most of a dense file's publish.
pub const MAX_RELATED: usize = 256;

/// What a publish or a pull report holds, decided one diagnostic at a time
/// in document order: every error up to `maxProblems`, then as many
/// warnings as are left of it (so errors come first however far down they
/// are), information up to [`MAX_INFORMATION`]. What is left out is
/// counted by code for the summary.
#[derive(Clone, Debug)]
pub struct Budget {
    filter: DiagnosticFilter,
    errors_left: usize,
    warnings_left: usize,
    information_left: usize,
    related_left: usize,
    information: usize,
    omitted_information: usize,
    /// How many errors, warnings and information diagnostics may still
    /// come (at most): none of a severity can be listed once it is 0.
    pub(crate) to_come: [usize; 3],
    /// Errors and warnings left out, by code, in the order first met (a
    /// handful of codes).
    omitted: Vec<(&'static str, Severity, usize)>,
}

impl Budget {
    /// The budget of a list that holds `errors` errors in all, under the
    /// `diagnostics.*` settings' `maxProblems`.
    pub fn new(filter: DiagnosticFilter, errors: usize) -> Budget {
        let max_problems = filter.max_problems;
        Budget {
            filter,
            errors_left: max_problems,
            warnings_left: max_problems - errors.min(max_problems),
            information_left: MAX_INFORMATION,
            related_left: MAX_RELATED,
            information: 0,
            omitted_information: 0,
            to_come: [usize::MAX; 3],
            omitted: Vec::new(),
        }
    }

    /// `None` when `d` is left out (past its severity's limit), else how
    /// many of its related locations are sent: all of them or none.
    pub(crate) fn admit(&mut self, d: &Diagnostic) -> Option<usize> {
        self.admit_kept(d.severity, d.code, d.related.len())
    }

    /// [`Budget::admit`] of a diagnostic known by its severity, code and
    /// number of related locations (one kept as JSON).
    pub(crate) fn admit_kept(
        &mut self,
        severity: Severity,
        code: &'static str,
        wanted: usize,
    ) -> Option<usize> {
        self.met(severity, 1);
        let left = match severity {
            Severity::Error => &mut self.errors_left,
            Severity::Warning => &mut self.warnings_left,
            Severity::Information => {
                self.information += 1;
                &mut self.information_left
            }
        };
        if *left == 0 {
            if severity == Severity::Information {
                self.omitted_information += 1;
            } else {
                self.omit(code, severity, 1);
            }
            return None;
        }
        *left -= 1;
        if wanted <= self.related_left {
            self.related_left -= wanted;
            Some(wanted)
        } else {
            Some(0)
        }
    }

    /// `n` diagnostics of `severity` met: fewer may still come.
    fn met(&mut self, severity: Severity, n: usize) {
        let to_come = &mut self.to_come[severity as usize];
        *to_come = to_come.saturating_sub(n);
    }

    /// Whether nothing more that the settings show can be listed.
    pub(crate) fn full(&self) -> bool {
        let none_left = |severity, left: usize| {
            left.min(self.to_come[severity as usize]) == 0 || !self.filter.keeps(severity)
        };
        none_left(Severity::Error, self.errors_left)
            && none_left(Severity::Warning, self.warnings_left)
            && none_left(Severity::Information, self.information_left)
    }

    /// Counts `n` errors or warnings of `code` as left out.
    fn omit(&mut self, code: &'static str, severity: Severity, n: usize) {
        match self
            .omitted
            .iter_mut()
            .find(|(c, s, _)| *c == code && *s == severity)
        {
            Some((_, _, total)) => *total += n,
            None => self.omitted.push((code, severity, n)),
        }
    }

    /// Whether related locations may still be sent.
    pub(crate) fn want(&self) -> Want {
        if self.related_left > 0 {
            Want::Related
        } else {
            Want::Plain
        }
    }

    /// Whether none of a position's diagnostics (counted in `tally`) could
    /// be listed any more; if so they are counted as left out.
    pub(crate) fn skips(&mut self, tally: &[CodeCount]) -> bool {
        let shown = || tally.iter().filter(|c| self.filter.keeps(c.severity));
        let room = |c: &CodeCount| match c.severity {
            Severity::Error => self.errors_left > 0,
            Severity::Warning => self.warnings_left > 0,
            Severity::Information => self.information_left > 0,
        };
        if shown().any(room) {
            return false;
        }
        for c in tally {
            self.met(c.severity, c.count as usize);
        }
        let filter = self.filter;
        for c in tally.iter().filter(|c| filter.keeps(c.severity)) {
            if c.severity == Severity::Information {
                self.information += c.count as usize;
                self.omitted_information += c.count as usize;
            } else {
                self.omit(c.code, c.severity, c.count as usize);
            }
        }
        true
    }

    /// The note on what was left out, at the top of the file ("2,188 more
    /// go9/dead-group warnings …"); `None` when nothing was.
    pub fn summary(&self) -> Option<Diagnostic> {
        if self.omitted.is_empty() && self.omitted_information == 0 {
            return None;
        }
        // Errors first, then by code: the same words however the rest
        // was counted.
        let mut omitted = self.omitted.clone();
        omitted.sort_by_key(|&(code, severity, _)| (severity != Severity::Error, code));
        let mut parts: Vec<Message> = omitted
            .iter()
            .map(|&(code, severity, n)| {
                let shown = grouped(n);
                if severity == Severity::Error {
                    message!("budget-more-errors", n = n, shown = shown, code = code)
                } else {
                    message!("budget-more-warnings", n = n, shown = shown, code = code)
                }
            })
            .collect();
        if self.omitted_information > 0 {
            let n = self.omitted_information;
            parts.push(message!(
                "budget-more-information",
                n = n,
                shown = grouped(n)
            ));
        }
        let last = parts.pop()?;
        let mut parts = parts.into_iter();
        let listed = match parts.next() {
            None => last,
            Some(first) => {
                let head = parts.fold(first, |head, next| {
                    message!("budget-list-comma", head = head, next = next)
                });
                message!("budget-list-and", head = head, last = last)
            }
        };
        let max = self.filter.max_problems;
        Some(Diagnostic::information(
            codes::FILE_MORE_DIAGNOSTICS,
            Span::at(0, 0),
            message!(
                "budget-summary",
                listed = listed,
                max = max,
                max_shown = grouped(max),
                information_max = MAX_INFORMATION,
                information_shown = grouped(self.information)
            ),
        ))
    }
}

/// The title of `diagnostic`'s quick fix `fix`. Outside English its code
/// follows, as in hovers, so that the fix can be searched for whatever
/// the language of its title.
pub(crate) fn fix_title(diagnostic: &Diagnostic, fix: &Fix, locale: Locale) -> String {
    if locale == Locale::English {
        return fix.title.english();
    }
    message!(
        "action-fix-with-code",
        title = fix.title.clone(),
        code = diagnostic.code
    )
    .word(locale)
}

/// One diagnostic with absolute spans. Related spans (a killable group's
/// stones, for instance) become related locations in the same document;
/// a certain fix travels in `data` so a client can show it without asking.
pub fn to_lsp(
    uri: &Uri,
    ranges: &impl SpanRanges,
    d: &Diagnostic,
    locale: Locale,
) -> lsp::Diagnostic {
    convert(uri, ranges, d, true, locale)
}

/// [`to_lsp`], with or without the related locations (a budget that has
/// none left for them).
pub(crate) fn convert(
    uri: &Uri,
    ranges: &impl SpanRanges,
    d: &Diagnostic,
    with_related: bool,
    locale: Locale,
) -> lsp::Diagnostic {
    let related: Vec<DiagnosticRelatedInformation> = d
        .related
        .iter()
        .take(if with_related { usize::MAX } else { 0 })
        .map(|r| {
            // Another file (an answer's input, beside it): named with this
            // document's scheme, never through the operating system. Its
            // board rows are ASCII, so byte columns are columns in any
            // encoding.
            let other = r
                .file
                .as_deref()
                .and_then(|file| crate::uri::with_path(uri, file));
            let location = match other {
                Some(other) => Location::new(
                    other,
                    Range::new(
                        Position::new(r.span.line, r.span.start),
                        Position::new(r.span.line, r.span.end),
                    ),
                ),
                None => Location::new(uri.clone(), ranges.range(r.span)),
            };
            DiagnosticRelatedInformation {
                location,
                message: r.message.word(locale),
            }
        })
        .collect();
    lsp::Diagnostic {
        range: ranges.range(d.span),
        severity: Some(severity(d.severity)),
        code: Some(NumberOrString::String(d.code.to_owned())),
        source: Some(SOURCE.to_owned()),
        message: d.message.word(locale),
        related_information: (!related.is_empty()).then_some(related),
        data: d.fix.as_ref().map(|fix| fix_data(ranges, fix, locale)),
        ..lsp::Diagnostic::default()
    }
}

/// A certain fix as a diagnostic's `data`: its title and text edits.
pub(crate) fn fix_data(ranges: &impl SpanRanges, fix: &Fix, locale: Locale) -> serde_json::Value {
    json!({ "fix": { "title": fix.title.word(locale), "edits": text_edits(ranges, fix) } })
}

pub fn severity(severity: Severity) -> DiagnosticSeverity {
    match severity {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Information => DiagnosticSeverity::INFORMATION,
    }
}

/// A fix's edits (absolute spans) as text edits.
pub fn text_edits(ranges: &impl SpanRanges, fix: &Fix) -> Vec<TextEdit> {
    fix.edits
        .iter()
        .map(|(span, text)| TextEdit::new(ranges.range(*span), text.clone()))
        .collect()
}
