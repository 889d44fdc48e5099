//! Pull diagnostics: `textDocument/diagnostic` and `workspace/diagnostic`.

use tower_lsp_server::ls_types::{
    DocumentDiagnosticParams, DocumentDiagnosticReport, DocumentDiagnosticReportResult,
    FullDocumentDiagnosticReport, RelatedFullDocumentDiagnosticReport, WorkspaceDiagnosticParams,
    WorkspaceDiagnosticReportResult,
};

use crate::lsp::handlers::answers;
use crate::lsp::session::Session;
use crate::lsp::workspace::report;

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
