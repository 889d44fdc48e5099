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

use super::state::State;
use crate::config::Settings;
use crate::files::Files;
use crate::kept::answer::KeptAnswer;
use crate::kept::publish::{Listing, Published};
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
    fn publish(&self, uri: Uri, version: Option<i32>, listing: Listing);

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

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// From this many positions with diagnostics an open document's publish
/// waits for the session's next turn without client input
/// ([`Host::publish_later`]), so that a burst of edits read together costs
/// one snapshot, of its last version.
pub const HEAVY_PUBLISH: usize = 1_000;

/// A handle on a session, for the handlers and for the host's work.
pub struct Session<H: Host> {
    state: Arc<Mutex<State<H::Data>>>,
    /// The session's host: its way out, its files, its own work.
    pub host: Arc<H>,
    alive: Arc<AtomicBool>,
}

impl<H: Host> Clone for Session<H> {
    fn clone(&self) -> Self {
        Session {
            state: Arc::clone(&self.state),
            host: Arc::clone(&self.host),
            alive: Arc::clone(&self.alive),
        }
    }
}

impl<H: Host> Session<H> {
    /// A new session hosted by `host`.
    pub fn new(host: H) -> Session<H> {
        Session {
            state: Arc::default(),
            host: Arc::new(host),
            alive: Arc::new(AtomicBool::new(true)),
        }
    }

    /// A panic while the lock was held never poisons it for good: each
    /// handler leaves the state consistent or marks what it must redo.
    pub fn lock(&self) -> MutexGuard<'_, State<H::Data>> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn caps(&self) -> crate::view::ClientCaps {
        self.lock().caps
    }

    /// False once the session shut down or ended: background work stops.
    pub fn alive(&self) -> bool {
        self.alive.load(Ordering::SeqCst)
    }

    /// Background work stops, and the host lets go of what it holds for
    /// the session.
    pub fn end(&self) {
        self.alive.store(false, Ordering::SeqCst);
        H::ended(&mut self.lock());
    }

    /// `window/logMessage`, in English whatever the session's language:
    /// a log is searched and quoted in reports. What the user is shown
    /// (hovers, `window/showMessage`, progress) is worded in the session's
    /// language instead.
    pub fn log(&self, typ: MessageType, message: String) {
        self.host.log(typ, message);
    }

    /// Queues an open document's diagnostics for a push client (those the
    /// `diagnostics.*` settings show). A document with many positions with
    /// diagnostics publishes on the session's next turn without client
    /// input, once for all the edits read before it: its snapshot costs a
    /// pointer per such position, taken and dropped for every edit of a
    /// flood whose publishes the outbox then skips.
    pub fn publish_open(&self, state: &mut State<H::Data>, uri: &Uri) {
        if state.caps.pull_diagnostics {
            return;
        }
        if let Some(open) = state.docs.get_mut(uri)
            && open.doc.noisy_count() >= HEAVY_PUBLISH
        {
            if !open.publish_waiting {
                open.publish_waiting = true;
                self.host.publish_later(uri.clone());
            }
            return;
        }
        self.publish_snapshot(state, uri);
    }

    /// Publishes a document whose publish was put off
    /// ([`Session::publish_open`]), as it is now.
    pub fn publish_waiting(&self, uri: &Uri) {
        let mut state = self.lock();
        match state.docs.get_mut(uri) {
            Some(open) if open.publish_waiting => open.publish_waiting = false,
            _ => return,
        }
        self.publish_snapshot(&mut state, uri);
    }

    fn publish_snapshot(&self, state: &mut State<H::Data>, uri: &Uri) {
        let filter = self.settings_of(state, uri).diagnostics;
        let kept = state
            .docs
            .get(uri)
            .map(|open| Arc::clone(&open.diagnostics));
        let Some(view) = state.view(uri) else {
            return;
        };
        // A snapshot costs a pointer per position with diagnostics; the
        // host writes the JSON (the desktop's outbox thread, for the newest
        // version only).
        let published = Published::of_view(&view, filter, kept);
        self.host.publish_open(published);
    }

    /// Queues diagnostics of a file that is not open (no version), for a
    /// push client (those the `diagnostics.*` settings show).
    pub fn publish_unopened(&self, state: &State<H::Data>, uri: Uri, items: Vec<Diagnostic>) {
        if !state.caps.pull_diagnostics {
            let items = state.settings.diagnostics.apply(items);
            self.host.publish(uri, None, Listing::Items(items));
        }
    }

    /// [`Session::publish_unopened`] of a closed answer's kept findings.
    pub fn publish_unopened_answer(&self, state: &State<H::Data>, uri: Uri, kept: &KeptAnswer) {
        if !state.caps.pull_diagnostics {
            let listing = kept.listing(state.settings.diagnostics);
            self.host.publish(uri, None, listing);
        }
    }

    /// After a notification about `uri` panicked: the document, if open,
    /// is read again from its text and published.
    pub fn recover(&self, uri: &Uri) {
        let mut state = self.lock();
        self.publish_open(&mut state, uri);
    }
}
