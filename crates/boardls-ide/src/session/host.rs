//! What a host does for the core: carry its messages out, read files, and
//! add what only that host has (on the desktop: the disk, the workspace
//! scan, the watcher and the poll, the server's own requests to the
//! client). Every hook has the behaviour of a host with no disk, the
//! browser's, as its default.

use ls_types::{
    Diagnostic, InitializeParams, MessageType, PreviousResultId, Uri, WorkspaceDiagnosticReport,
    WorkspaceDiagnosticReportResult,
};
use serde_json::Value;

use super::Session;
use super::state::State;
use crate::config::Settings;
use crate::files::Files;
use crate::kept::publish::Published;
use crate::view::ClientCaps;

/// A host of the core: the desktop's server, or the browser's.
pub trait Host: Send + Sync + Sized + 'static {
    /// The host's own part of a session's state, kept beside the core's
    /// under the session's one lock (the desktop's index of files on disk,
    /// its shares of the folders).
    type Data: Default + Send;

    /// The files that are not open. Read through the session's
    /// [`Vfs`](crate::files::Vfs), which keeps what it read.
    fn files(&self) -> &dyn Files;

    /// An open document's diagnostics, to write from its snapshot (in
    /// order with the session's other notifications).
    fn publish_open(&self, published: Published);

    /// The diagnostics of a file that is not open (`version`: `None`), or
    /// of an open answer or project file.
    fn publish(&self, uri: Uri, version: Option<i32>, items: Vec<Diagnostic>);

    /// `window/logMessage`.
    fn log(&self, typ: MessageType, message: String);

    /// A line for the server's own log, not the client's (the desktop's
    /// standard error).
    fn note(&self, _line: String) {}

    /// `window/showMessage`.
    fn show(&self, typ: MessageType, message: String);

    /// Calls [`Session::publish_waiting`] for `uri` on the session's next
    /// turn with no client message to read (a burst of edits read together
    /// then costs one publish).
    fn publish_later(&self, uri: Uri);

    /// Asks the client to ask for inlay hints again.
    fn refresh_inlay_hints(&self) {}

    /// Asks a pull client (by `caps`) to pull diagnostics again.
    fn refresh_pull(&self, _caps: &ClientCaps) {}

    /// What `serverInfo.version` adds to the crate's version (the browser
    /// marks its WebAssembly build).
    fn version_suffix() -> &'static str {
        ""
    }

    /// `capabilities.experimental` of the `initialize` result: what the
    /// host lacks.
    fn experimental() -> Option<Value> {
        None
    }

    /// Whether the host has workspace folders (the desktop scans, watches
    /// and polls them; the browser has none, and `initialize` says so).
    fn has_workspace() -> bool {
        false
    }

    /// Whether the host pushes diagnostics whatever the client can pull
    /// (the browser: there is no workspace to pull reports of).
    fn push_only() -> bool {
        false
    }

    /// `initialize`, after the core read the client's capabilities and
    /// folders and before it composes the settings.
    fn initialize(
        _session: &Session<Self>,
        _state: &mut State<Self::Data>,
        _params: &InitializeParams,
    ) {
    }

    /// `initialized`, after the core logged that it is ready.
    fn initialized(_session: &Session<Self>) {}

    /// The session ends (`shutdown`, or the client went).
    fn ended(_state: &mut State<Self::Data>) {}

    /// New settings took effect (`old` before them): the host's part
    /// (the desktop's scan, the unopened files shown again). `rescan` is
    /// false for the first settings.
    fn settings_changed(
        _session: &Session<Self>,
        _old: &Settings,
        _relocalized: bool,
        _rescan: bool,
    ) {
    }

    /// `workspace/didChangeConfiguration` without a `boardls` section: the
    /// host may ask the client for it, then call
    /// [`Session::configured`].
    fn fetch_configuration(_session: &Session<Self>) {}

    /// An open board file was closed: the host takes over its
    /// diagnostics (the desktop reads a workspace file from disk again).
    /// False when it does not, and the core clears them.
    fn board_closed(_session: &Session<Self>, _state: &mut State<Self::Data>, _uri: &Uri) -> bool {
        false
    }

    /// Files changed on disk (the scan being on), after the core forgot
    /// what it kept of them and checked their answers again: the changes
    /// that were not answer files.
    fn files_changed(_session: &Session<Self>, _changes: Vec<ls_types::FileEvent>) {}

    /// Workspace folders were added or removed (the core's list of them
    /// is current).
    fn folders_changed(_session: &Session<Self>, _added: &[Uri], _removed: &[Uri]) {}

    /// `textDocument/diagnostic` for a document that is not open: the
    /// host's diagnostics of the file, with their result id.
    fn unopened_diagnostics(
        _state: &State<Self::Data>,
        _uri: &Uri,
    ) -> Option<(String, Vec<Diagnostic>)> {
        None
    }

    /// `workspace/diagnostic`.
    fn workspace_diagnostic(
        _state: &mut State<Self::Data>,
        _previous: &[PreviousResultId],
    ) -> WorkspaceDiagnosticReportResult {
        WorkspaceDiagnosticReportResult::Report(WorkspaceDiagnosticReport::default())
    }

    /// `boardls/status`: the host's process; `None` where there is none
    /// to tell of (the method is then unknown).
    fn status(_session: &Session<Self>) -> Option<Value> {
        None
    }
}
