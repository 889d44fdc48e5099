//! What the desktop adds to the IDE core ([`Host`] for [`Desktop`]): the
//! ordered outbox as its way out, the disk as its files, the workspace's
//! folders scanned, watched and polled, the server's own requests to the
//! client, and `boardls/status`.

use boardls_ide::files::Files;
use boardls_ide::kept::publish::{Listing, Published};
use boardls_ide::session::Host;
use boardls_ide::view::ClientCaps;
use serde_json::Value;
use tower_lsp_server::ls_types::{
    Diagnostic, FileEvent, InitializeParams, MessageType, PreviousResultId, Uri,
    WorkspaceDiagnosticReportResult,
};

use crate::disk::read;
use crate::state::session::{Desktop, DiskState, Internal, Session, State};
use crate::wire::outbox::{Outgoing, outbox_threads};
use crate::workspace::{reconfigure, report, tasks};

impl Host for Desktop {
    type Data = DiskState;

    fn files(&self) -> &dyn Files {
        &self.files
    }

    fn publish_open(&self, published: Published) {
        self.outbox.send(Outgoing::PublishOpen(Box::new(published)));
    }

    fn publish(&self, uri: Uri, version: Option<i32>, listing: Listing) {
        self.outbox.publish(uri, version, listing);
    }

    fn log(&self, typ: MessageType, message: String) {
        self.outbox.log(typ, message);
    }

    fn note(&self, line: String) {
        eprintln!("{line}");
    }

    fn show(&self, typ: MessageType, message: String) {
        let client = self.client.clone();
        self.spawn(async move { client.show_message(typ, message).await });
    }

    fn publish_later(&self, uri: Uri) {
        self.queue(Internal::PublishOpen(uri));
    }

    fn refresh_inlay_hints(&self) {
        let client = self.client.clone();
        self.spawn(async move {
            let _ = client.inlay_hint_refresh().await;
        });
    }

    fn refresh_pull(&self, caps: &ClientCaps) {
        if caps.pull_diagnostics && caps.diagnostic_refresh {
            let client = self.client.clone();
            self.spawn(async move {
                let _ = client.workspace_diagnostic_refresh().await;
            });
        }
    }

    fn has_workspace() -> bool {
        true
    }

    fn initialize(session: &Session, state: &mut State, params: &InitializeParams) {
        let mut uris: Vec<&Uri> = params
            .workspace_folders
            .iter()
            .flatten()
            .map(|f| &f.uri)
            .collect();
        #[allow(deprecated)] // Older clients name only a root.
        if uris.is_empty()
            && let Some(root) = &params.root_uri
        {
            uris.push(root);
        }
        for folder in uris.into_iter().filter_map(read::folder) {
            if state.host.index.add_folder(folder.clone()) {
                tasks::share_folder(session, state, &folder);
            }
        }
    }

    fn initialized(session: &Session) {
        reconfigure::initialized(session);
    }

    fn ended(state: &mut State) {
        let leases = std::mem::take(&mut state.host.leases);
        drop(leases);
    }

    fn settings_changed(
        session: &Session,
        old: &boardls_ide::config::Settings,
        relocalized: bool,
        rescan: bool,
    ) {
        reconfigure::settings_changed(session, old, relocalized, rescan);
    }

    fn fetch_configuration(session: &Session) {
        let fetcher = session.clone();
        session.host.spawn(async move {
            if let Some(section) = reconfigure::fetch(&fetcher).await {
                fetcher.configured(section, true);
            }
        });
    }

    fn board_closed(session: &Session, state: &mut State, uri: &Uri) -> bool {
        tasks::reread_closed(session, state, uri)
    }

    fn files_changed(session: &Session, changes: Vec<FileEvent>) {
        tasks::files_changed(session, changes);
    }

    fn folders_changed(session: &Session, added: &[Uri], removed: &[Uri]) {
        tasks::folders_changed(session, added, removed);
    }

    fn unopened_diagnostics(state: &State, uri: &Uri) -> Option<(String, Vec<Diagnostic>)> {
        let entry = state.host.index.entry(&crate::uri::to_path(uri)?)?;
        Some((entry.result_id.clone(), entry.diagnostics.to_vec()))
    }

    fn workspace_diagnostic(
        state: &mut State,
        previous: &[PreviousResultId],
    ) -> WorkspaceDiagnosticReportResult {
        report::workspace_report(state, previous)
    }

    /// Which process serves the session (several sessions of a daemon
    /// name the same one), how many sessions it has, how many files it
    /// has read from disk and how many folders it polls, for all of them;
    /// and what the sessions hold, to see that one that ended left
    /// nothing: open documents, leased folders, sessions registered on
    /// polls, outbox threads and the runtime's tasks.
    fn status(session: &Session) -> Option<Value> {
        let shared = &session.host.shared;
        let (folders, pollers) = shared.store.leased();
        Some(serde_json::json!({
            "version": env!("CARGO_PKG_VERSION"),
            "pid": std::process::id(),
            "sessions": shared.sessions(),
            "fileReads": shared.store.reads(),
            "sideReads": shared.store.side_reads(),
            "polledFolders": shared.store.polls(),
            "openDocuments": boardls_ide::session::open_documents(),
            "leasedFolders": folders,
            "pollers": pollers,
            "outboxThreads": outbox_threads(),
            "tasks": tokio::runtime::Handle::try_current()
                .map_or(0, |runtime| runtime.metrics().num_alive_tasks()),
        }))
    }
}
