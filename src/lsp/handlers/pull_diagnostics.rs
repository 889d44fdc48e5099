//! Pull diagnostics: `textDocument/diagnostic` and `workspace/diagnostic`.

use tower_lsp_server::ls_types::{
    DocumentDiagnosticParams, DocumentDiagnosticReportResult, WorkspaceDiagnosticParams,
    WorkspaceDiagnosticReportResult,
};

use crate::lsp::session::Session;
use crate::lsp::workspace::report;

pub fn document(
    session: &Session,
    params: DocumentDiagnosticParams,
) -> DocumentDiagnosticReportResult {
    let mut state = session.lock();
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
