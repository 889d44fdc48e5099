//! Engine diagnostics as LSP diagnostics.
//!
//! Only conversion happens here: the document keeps its positions'
//! diagnostics up to date as it is edited, so a change costs the
//! conversion of the (usually few) diagnostics, not a re-analysis.

use serde_json::json;
use tower_lsp_server::ls_types::{
    self as lsp, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Range,
    TextEdit,
};

use super::encoding::span_to_range;
use super::server::DocView;
use crate::diagnostics::{Diagnostic, Fix, Severity, Span};

pub const SOURCE: &str = "boardls";

/// Every diagnostic of the document, in the document's order.
pub fn document(view: &DocView<'_>) -> Vec<lsp::Diagnostic> {
    view.doc
        .diagnostics()
        .iter()
        .map(|d| to_lsp(view, d))
        .collect()
}

/// The LSP range of an absolute engine span.
pub fn range(view: &DocView<'_>, span: Span) -> Range {
    span_to_range(view.doc.rope(), span.line, span.start, span.end, view.enc)
}

/// One diagnostic with absolute spans. Related spans (a killable group's
/// stones, for instance) become related locations in the same document;
/// a certain fix travels in `data` so a client can show it without asking.
pub fn to_lsp(view: &DocView<'_>, d: &Diagnostic) -> lsp::Diagnostic {
    let related: Vec<DiagnosticRelatedInformation> = d
        .related
        .iter()
        .map(|r| DiagnosticRelatedInformation {
            location: Location::new(view.uri.clone(), range(view, r.span)),
            message: r.message.clone(),
        })
        .collect();
    lsp::Diagnostic {
        range: range(view, d.span),
        severity: Some(severity(d.severity)),
        code: Some(NumberOrString::String(d.code.to_owned())),
        source: Some(SOURCE.to_owned()),
        message: d.message.clone(),
        related_information: (!related.is_empty()).then_some(related),
        data: d
            .fix
            .as_ref()
            .map(|fix| json!({ "fix": { "title": fix.title, "edits": text_edits(view, fix) } })),
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
pub fn text_edits(view: &DocView<'_>, fix: &Fix) -> Vec<TextEdit> {
    fix.edits
        .iter()
        .map(|(span, text)| TextEdit::new(range(view, *span), text.clone()))
        .collect()
}
