//! Pull diagnostics: `textDocument/diagnostic` and `workspace/diagnostic`.
//!
//! An open document's full report is written from the pieces it keeps
//! per position ([`written`]), as its publishes are: a pull after an edit
//! costs what the edit changed, not what the document lists.

use std::sync::Arc;

use ls_types::{
    DocumentDiagnosticParams, DocumentDiagnosticReport, DocumentDiagnosticReportResult,
    FullDocumentDiagnosticReport, RelatedFullDocumentDiagnosticReport,
    RelatedUnchangedDocumentDiagnosticReport, UnchangedDocumentDiagnosticReport,
    WorkspaceDiagnosticParams, WorkspaceDiagnosticReportResult,
};
use tower_lsp_server::jsonrpc::Request;

use crate::answers::side_diagnostics;
use crate::features::proto_diagnostics;
use crate::rpc::written_with;
use crate::session::{Host, Session};

/// The whole response to a `textDocument/diagnostic` request for an open
/// board document whose diagnostics changed since `previousResultId`: its
/// items joined from the kept pieces, byte for byte the report
/// [`document`] would serialize. `None` where [`document`] answers: an
/// answer or project file, a document not open, an unchanged report (a
/// few bytes), or a listing the pieces do not cover.
pub fn written<H: Host>(session: &Session<H>, request: &Request) -> Option<Vec<u8>> {
    let id = request.id()?;
    let params: DocumentDiagnosticParams =
        serde_json::from_value(request.params()?.clone()).ok()?;
    let uri = params.text_document.uri;
    // Under the session's lock only what a snapshot takes (a pointer per
    // position with diagnostics); the pieces are joined after it.
    let (result_id, snapshot, enc, filter, kept, locale) = {
        let mut state = session.lock();
        if state.side_docs.contains_key(&uri) {
            return None;
        }
        let filter = session.settings_of(&state, &uri).diagnostics;
        let open = state.docs.get(&uri)?;
        let locale = state.caps.locale;
        let result_id = filter.open_result_id(open.generation, locale);
        if params.previous_result_id.as_deref() == Some(result_id.as_str()) {
            return None;
        }
        let kept = Arc::clone(&open.diagnostics);
        let view = state.view(&uri)?;
        (
            result_id,
            view.doc.snapshot(),
            view.enc(),
            filter,
            kept,
            locale,
        )
    };
    // A lock poisoned by a panic: the fresh walk answers.
    let items = kept
        .lock()
        .ok()?
        .listed_json(&uri, &snapshot, enc, filter, locale)?;
    // `DocumentDiagnosticReport::Full` as serde writes it (no related
    // documents), in its response.
    written_with(id, |out| {
        out.extend_from_slice(br#"{"kind":"full","resultId":"#);
        serde_json::to_writer(&mut *out, &result_id).ok()?;
        out.extend_from_slice(br#","items":"#);
        out.extend_from_slice(&items);
        out.push(b'}');
        Some(())
    })
}

/// `textDocument/diagnostic`: an answer or project file's findings (anew
/// each time: they depend on another file, so no result id), an open
/// document's, else the host's of the file, else none.
pub fn document<H: Host>(
    session: &Session<H>,
    params: DocumentDiagnosticParams,
) -> DocumentDiagnosticReportResult {
    let uri = &params.text_document.uri;
    let previous = params.previous_result_id.as_deref();
    let mut state = session.lock();
    if let Some(items) = side_diagnostics(session, &state, uri) {
        return full(None, items);
    }
    let filter = session.settings_of(&state, uri).diagnostics;
    let locale = state.caps.locale;
    if let Some(generation) = state.docs.get(uri).map(|open| open.generation)
        && let Some(view) = state.view(uri)
    {
        let id = filter.open_result_id(generation, locale);
        if previous == Some(id.as_str()) {
            return unchanged(id);
        }
        return full(Some(id), proto_diagnostics::shown(&view, filter));
    }
    match H::unopened_diagnostics(&state, uri) {
        Some((result_id, items)) => {
            let id = filter.result_id(&result_id);
            if previous == Some(id.as_str()) {
                return unchanged(id);
            }
            full(Some(id), filter.apply(items))
        }
        None => full(None, Vec::new()),
    }
}

fn full(
    result_id: Option<String>,
    items: Vec<ls_types::Diagnostic>,
) -> DocumentDiagnosticReportResult {
    DocumentDiagnosticReportResult::Report(DocumentDiagnosticReport::Full(
        RelatedFullDocumentDiagnosticReport {
            related_documents: None,
            full_document_diagnostic_report: FullDocumentDiagnosticReport { result_id, items },
        },
    ))
}

/// The report for diagnostics the client already has.
fn unchanged(result_id: String) -> DocumentDiagnosticReportResult {
    DocumentDiagnosticReportResult::Report(DocumentDiagnosticReport::Unchanged(
        RelatedUnchangedDocumentDiagnosticReport {
            related_documents: None,
            unchanged_document_diagnostic_report: UnchangedDocumentDiagnosticReport { result_id },
        },
    ))
}

/// `workspace/diagnostic`: the host's report (the desktop's index, with
/// the open documents).
pub fn workspace<H: Host>(
    session: &Session<H>,
    params: WorkspaceDiagnosticParams,
) -> WorkspaceDiagnosticReportResult {
    H::workspace_diagnostic(&mut session.lock(), &params.previous_result_ids)
}
