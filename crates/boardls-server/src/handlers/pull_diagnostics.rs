//! Pull diagnostics: `textDocument/diagnostic` and `workspace/diagnostic`.
//!
//! An open document's full report is written from the pieces it keeps
//! per position ([`written`]), as its publishes are: a pull after an edit
//! costs what the edit changed, not what the document lists.

use std::sync::Arc;

use tower_lsp_server::jsonrpc::Request;
use tower_lsp_server::ls_types::{
    DocumentDiagnosticParams, DocumentDiagnosticReport, DocumentDiagnosticReportResult,
    FullDocumentDiagnosticReport, RelatedFullDocumentDiagnosticReport, WorkspaceDiagnosticParams,
    WorkspaceDiagnosticReportResult,
};

use crate::handlers::answers;
use crate::state::session::Session;
use crate::wire::encode::written_with;
use crate::workspace::report;

/// The whole response to a `textDocument/diagnostic` request for an open
/// board document whose diagnostics changed since `previousResultId`: its
/// items joined from the kept pieces, byte for byte the report
/// [`document`] would serialize. `None` where [`document`] answers: an
/// answer or project file, a document not open, an unchanged report (a
/// few bytes), or a listing the pieces do not cover (`kept_diagnostics`).
pub fn written(session: &Session, request: &Request) -> Option<Vec<u8>> {
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
        let filter = state.settings_of(&uri).diagnostics;
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

pub fn document(
    session: &Session,
    params: DocumentDiagnosticParams,
) -> DocumentDiagnosticReportResult {
    let mut state = session.lock();
    // An answer or project file: checked anew each time (it depends on
    // another file), so no result id.
    if let Some(items) = answers::side_diagnostics(&state, &params.text_document.uri) {
        return DocumentDiagnosticReportResult::Report(DocumentDiagnosticReport::Full(
            RelatedFullDocumentDiagnosticReport {
                related_documents: None,
                full_document_diagnostic_report: FullDocumentDiagnosticReport {
                    result_id: None,
                    items,
                },
            },
        ));
    }
    report::document_report(
        &mut state,
        &params.text_document.uri,
        params.previous_result_id.as_deref(),
    )
}

pub fn workspace(
    session: &Session,
    params: WorkspaceDiagnosticParams,
) -> WorkspaceDiagnosticReportResult {
    let mut state = session.lock();
    report::workspace_report(&mut state, &params.previous_result_ids)
}
