//! Engine diagnostics as LSP diagnostics, and which of them a client is
//! sent ([`Budget`]).
//!
//! Only conversion happens here: the document keeps its positions'
//! diagnostics up to date as it is edited, so a change costs the
//! conversion of the diagnostics, not a re-analysis. Files read from disk
//! are converted from the lines their diagnostics name (`workspace::checked`),
//! without building a rope. Pushed diagnostics are written straight as JSON
//! by `publish`, under the same [`Budget`].

use serde_json::json;
use tower_lsp_server::ls_types::{
    self as lsp, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString,
    Position, Range, TextEdit, Uri,
};

use super::config::DiagnosticFilter;
use super::encoding::span_to_range;
use super::view::DocView;
use crate::diagnostics::{Diagnostic, Fix, Severity, Span, codes};

pub const SOURCE: &str = "boardls";

/// Where the engine's spans (line, byte columns) lie in the client's
/// coordinates.
pub trait SpanRanges {
    fn range(&self, span: Span) -> Range;
}

impl SpanRanges for DocView<'_> {
    fn range(&self, span: Span) -> Range {
        span_to_range(self.doc.rope(), span.line, span.start, span.end, self.enc())
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
    let mut budget = Budget::default();
    let mut items = Vec::new();
    view.doc.snapshot().for_each(&mut |_, d| {
        if !filter.keeps(d.severity) {
            return budget.wants_related();
        }
        if let Some(related) = budget.admit(d) {
            let mut item = to_lsp(view.uri, view, d);
            if related < d.related.len() {
                item.related_information = None;
            }
            items.push(item);
        }
        budget.wants_related()
    });
    if let Some(more) = budget.summary() {
        items.push(to_lsp(view.uri, view, &more));
    }
    items
}

/// Information diagnostics an open document sends at most, in document
/// order; the rest are summed up in one `file/more-diagnostics`. Errors
/// and warnings are always all sent. (A file of 1,000 dense go boards has
/// about 3,700 killable and atari facts: sent whole, each edit's publish
/// was 4.6 MB of JSON.)
pub const MAX_INFORMATION: usize = 100;

/// Related locations one publish holds at most, given in document order
/// to the diagnostics whose locations all still fit; later ones are sent
/// without them (their messages still say how large the group is). Each
/// location repeats the document's URI: at 150-200 bytes apiece they made
/// most of a dense file's publish.
pub const MAX_RELATED: usize = 256;

/// What a publish or a pull report holds, decided one diagnostic at a time
/// in document order.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    information_left: usize,
    related_left: usize,
    information: usize,
    omitted: usize,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            information_left: MAX_INFORMATION,
            related_left: MAX_RELATED,
            information: 0,
            omitted: 0,
        }
    }
}

impl Budget {
    /// `None` when `d` is left out (an information diagnostic past the
    /// limit), else how many of its related locations are sent: all of
    /// them or none.
    pub(crate) fn admit(&mut self, d: &Diagnostic) -> Option<usize> {
        if d.severity == Severity::Information {
            self.information += 1;
            if self.information_left == 0 {
                self.omitted += 1;
                return None;
            }
            self.information_left -= 1;
        }
        let wanted = d.related.len();
        if wanted <= self.related_left {
            self.related_left -= wanted;
            Some(wanted)
        } else {
            Some(0)
        }
    }

    /// Whether related locations may still be sent.
    pub(crate) fn wants_related(&self) -> bool {
        self.related_left > 0
    }

    /// The note on what was left out, at the top of the file; `None` when
    /// nothing was.
    pub fn summary(&self) -> Option<Diagnostic> {
        (self.omitted > 0).then(|| {
            Diagnostic::information(
                codes::FILE_MORE_DIAGNOSTICS,
                Span::at(0, 0),
                format!(
                    "{} more information diagnostics (killable groups, groups in atari) are not listed: \
                     boardls lists the first {} of {}; every error and warning is listed",
                    self.omitted,
                    MAX_INFORMATION,
                    self.information
                ),
            )
        })
    }
}

/// One diagnostic with absolute spans. Related spans (a killable group's
/// stones, for instance) become related locations in the same document;
/// a certain fix travels in `data` so a client can show it without asking.
pub fn to_lsp(uri: &Uri, ranges: &impl SpanRanges, d: &Diagnostic) -> lsp::Diagnostic {
    let related: Vec<DiagnosticRelatedInformation> = d
        .related
        .iter()
        .map(|r| {
            let location = match r.file.as_deref().and_then(Uri::from_file_path) {
                // Another file (an answer's input): its board rows are
                // ASCII, so byte columns are columns in any encoding.
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
                message: r.message.clone(),
            }
        })
        .collect();
    lsp::Diagnostic {
        range: ranges.range(d.span),
        severity: Some(severity(d.severity)),
        code: Some(NumberOrString::String(d.code.to_owned())),
        source: Some(SOURCE.to_owned()),
        message: d.message.clone(),
        related_information: (!related.is_empty()).then_some(related),
        data: d.fix.as_ref().map(|fix| fix_data(ranges, fix)),
        ..lsp::Diagnostic::default()
    }
}

/// A certain fix as a diagnostic's `data`: its title and text edits.
pub(crate) fn fix_data(ranges: &impl SpanRanges, fix: &Fix) -> serde_json::Value {
    json!({ "fix": { "title": fix.title, "edits": text_edits(ranges, fix) } })
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
