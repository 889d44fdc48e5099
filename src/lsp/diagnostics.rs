//! Engine diagnostics as LSP diagnostics.
//!
//! Only conversion happens here: the document keeps its positions'
//! diagnostics up to date as it is edited, so a change costs the
//! conversion of the (usually few) diagnostics, not a re-analysis. Files
//! read from disk are converted from their plain text ([`TextRanges`]),
//! without building a rope.

use serde_json::json;
use tower_lsp_server::ls_types::{
    self as lsp, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Range,
    TextEdit, Uri,
};

use super::encoding::{Encoding, span_to_range, str_span_to_range};
use super::view::DocView;
use crate::diagnostics::{Diagnostic, Fix, Severity, Span};
use crate::text::TextLines;

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

/// The lines of a plain text, for diagnostics of a file that is not open.
pub struct TextRanges<'a> {
    lines: TextLines<'a>,
    enc: Encoding,
}

impl<'a> TextRanges<'a> {
    pub fn new(text: &'a str, enc: Encoding) -> TextRanges<'a> {
        TextRanges {
            lines: TextLines::new(text),
            enc,
        }
    }
}

impl SpanRanges for TextRanges<'_> {
    fn range(&self, span: Span) -> Range {
        let last = self.lines.len().saturating_sub(1);
        if span.line as usize > last {
            // Past the end: the end of the text, as the rope clamps.
            let end = self.lines.get(last);
            let line = u32::try_from(last).unwrap_or(u32::MAX);
            return str_span_to_range(end, line, u32::MAX, u32::MAX, self.enc);
        }
        let text = self.lines.get(span.line as usize);
        str_span_to_range(text, span.line, span.start, span.end, self.enc)
    }
}

/// Every diagnostic of the document, in the document's order.
pub fn document(view: &DocView<'_>) -> Vec<lsp::Diagnostic> {
    view.doc
        .diagnostics()
        .iter()
        .map(|d| to_lsp(view.uri, view, d))
        .collect()
}

/// The LSP range of an absolute engine span.
pub fn range(view: &DocView<'_>, span: Span) -> Range {
    view.range(span)
}

/// One diagnostic with absolute spans. Related spans (a killable group's
/// stones, for instance) become related locations in the same document;
/// a certain fix travels in `data` so a client can show it without asking.
pub fn to_lsp(uri: &Uri, ranges: &impl SpanRanges, d: &Diagnostic) -> lsp::Diagnostic {
    let related: Vec<DiagnosticRelatedInformation> = d
        .related
        .iter()
        .map(|r| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), ranges.range(r.span)),
            message: r.message.clone(),
        })
        .collect();
    lsp::Diagnostic {
        range: ranges.range(d.span),
        severity: Some(severity(d.severity)),
        code: Some(NumberOrString::String(d.code.to_owned())),
        source: Some(SOURCE.to_owned()),
        message: d.message.clone(),
        related_information: (!related.is_empty()).then_some(related),
        data: d
            .fix
            .as_ref()
            .map(|fix| json!({ "fix": { "title": fix.title, "edits": text_edits(ranges, fix) } })),
        ..lsp::Diagnostic::default()
    }
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
