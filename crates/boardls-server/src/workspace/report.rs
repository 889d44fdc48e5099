//! The workspace's pull diagnostics report (`workspace/diagnostic`) with
//! result ids, so a client is told "unchanged" for every file whose
//! diagnostics it already has (a document's report is the core's).

use std::collections::{HashMap, HashSet};

use tower_lsp_server::ls_types::{
    self as lsp, FullDocumentDiagnosticReport, UnchangedDocumentDiagnosticReport, Uri,
    WorkspaceDiagnosticReport, WorkspaceDiagnosticReportResult, WorkspaceDocumentDiagnosticReport,
    WorkspaceFullDocumentDiagnosticReport, WorkspaceUnchangedDocumentDiagnosticReport,
};

use crate::state::session::State;
use crate::uri::to_path as file_path;
use boardls_ide::features::proto_diagnostics;

/// The key a file is known by across URI spellings.
fn key(uri: &Uri) -> String {
    file_path(uri).map_or_else(|| uri.as_str().to_owned(), |p| p.display().to_string())
}

/// `workspace/diagnostic`: every open document and every indexed file;
/// files whose result id the client already has are reported unchanged,
/// files the client knows but the server no longer does are emptied.
/// Result ids and items are those of the `diagnostics.*` settings' filter.
pub fn workspace_report(
    state: &mut State,
    previous: &[lsp::PreviousResultId],
) -> WorkspaceDiagnosticReportResult {
    let filter = state.settings.diagnostics;
    let previous: HashMap<String, (&Uri, &str)> = previous
        .iter()
        .map(|p| (key(&p.uri), (&p.uri, p.value.as_str())))
        .collect();
    let mut items = Vec::new();
    let mut reported = HashSet::new();
    let client_has =
        |uri: &Uri, id: &str| previous.get(&key(uri)).is_some_and(|(_, old)| *old == id);
    // `shown` is `None` when the client has this result id already.
    let mut report =
        |uri: &Uri, version: Option<i64>, id: String, shown: Option<Vec<lsp::Diagnostic>>| {
            reported.insert(key(uri));
            items.push(match shown {
                None => WorkspaceDocumentDiagnosticReport::Unchanged(
                    WorkspaceUnchangedDocumentDiagnosticReport {
                        uri: uri.clone(),
                        version,
                        unchanged_document_diagnostic_report: UnchangedDocumentDiagnosticReport {
                            result_id: id,
                        },
                    },
                ),
                Some(items) => {
                    WorkspaceDocumentDiagnosticReport::Full(WorkspaceFullDocumentDiagnosticReport {
                        uri: uri.clone(),
                        version,
                        full_document_diagnostic_report: FullDocumentDiagnosticReport {
                            result_id: Some(id),
                            items,
                        },
                    })
                }
            });
        };
    let open_uris: Vec<Uri> = state.docs.keys().cloned().collect();
    let open = super::tasks::open_paths(state);
    for uri in &open_uris {
        let Some(generation) = state.docs.get(uri).map(|open| open.generation) else {
            continue;
        };
        let id = filter.open_result_id(generation, state.caps.locale);
        let unchanged = client_has(uri, &id);
        let Some(view) = state.view(uri) else {
            continue;
        };
        let version = Some(i64::from(view.version));
        let shown = (!unchanged).then(|| proto_diagnostics::shown(&view, filter));
        report(uri, version, id, shown);
    }
    for (path, entry) in state.host.index.entries() {
        if !open.contains(path) {
            let id = filter.result_id(&entry.result_id);
            let shown =
                (!client_has(&entry.uri, &id)).then(|| filter.apply(entry.diagnostics.to_vec()));
            report(&entry.uri, None, id, shown);
        }
    }
    let mut answers: Vec<(&Uri, _)> = state.closed_answers.iter().collect();
    answers.sort_by(|a, b| a.0.as_str().cmp(b.0.as_str()));
    for (uri, answer) in answers {
        if !state.side_docs.contains_key(uri) {
            let id = filter.result_id(&answer.result_id);
            let shown =
                (!client_has(uri, &id)).then(|| filter.apply(answer.kept.lsp_diagnostics()));
            report(uri, None, id, shown);
        }
    }
    for (k, (uri, _)) in &previous {
        if !reported.contains(k) {
            items.push(WorkspaceDocumentDiagnosticReport::Full(
                WorkspaceFullDocumentDiagnosticReport {
                    uri: (*uri).clone(),
                    version: None,
                    full_document_diagnostic_report: FullDocumentDiagnosticReport::default(),
                },
            ));
        }
    }
    WorkspaceDiagnosticReportResult::Report(WorkspaceDiagnosticReport { items })
}
