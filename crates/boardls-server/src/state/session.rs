//! One client's session: its open documents, its settings, what it knows
//! of the workspace on disk, and its ordered way out (the outbox).
//!
//! The state sits behind one `std::sync::Mutex`. The dispatcher handles one
//! message at a time, and background work (scans, file reads) takes the
//! lock only to apply a finished result; nothing awaits while holding it.
//! The requests that read a whole document hold the document's `Arc`, not
//! the lock.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tokio::sync::mpsc;
use tower_lsp_server::Client;
use tower_lsp_server::ls_types::{FileEvent, MessageType, TextDocumentContentChangeEvent, Uri};

use super::shared::Shared;
use crate::disk::index::Index;
use crate::disk::store::{Lease, Store};
use crate::wire::outbox::{HEAVY_PUBLISH, Outbox, Outgoing};
use boardls_engine::document::Document;
use boardls_ide::config::Settings;
use boardls_ide::encoding::Encoding;
use boardls_ide::kept::diagnostics::KeptDiagnostics;
use boardls_ide::kept::publish::Published;
use boardls_ide::kept::symbols::KeptSymbols;
use boardls_ide::kept::tokens::KeptTokens;
use boardls_ide::uri::to_path as file_path;
use boardls_ide::view::{ClientCaps, DocView};

/// An open document: the editor's text wins over anything on disk.
pub struct OpenDocument {
    /// Shared with the requests that read it on other threads
    /// (`read_requests`): an edit changes it in place, or a copy of it
    /// while such a request still holds it.
    pub doc: Arc<Document>,
    pub version: i32,
    /// Unique within the session, changed by every edit: the pull
    /// diagnostics result id.
    pub generation: u64,
    /// The semantic tokens last sent, kept per position; the token
    /// requests of the document take turns on it, on other threads.
    pub tokens: Arc<Mutex<KeptTokens>>,
    /// Each position's symbol, kept likewise.
    pub symbols: Arc<Mutex<KeptSymbols>>,
    /// The JSON of each listed position's diagnostics, for the outbox's
    /// publishes.
    pub diagnostics: Arc<Mutex<KeptDiagnostics>>,
    /// The judge's output of its positions, for its answer files.
    pub judged: boardls_engine::answers::JudgedCache,
    /// A publish of this document waits for the session's next turn
    /// without client input ([`Session::publish_open`]).
    publish_waiting: bool,
    _counted: Counted,
}

/// Open documents alive in the process, for `boardls/status`.
static OPEN_DOCUMENTS: AtomicUsize = AtomicUsize::new(0);

/// The open documents of all the process's sessions (those a session that
/// ended left behind included).
pub(crate) fn open_documents() -> usize {
    OPEN_DOCUMENTS.load(Ordering::Relaxed)
}

/// One open document counted in [`OPEN_DOCUMENTS`] while it lives.
struct Counted;

impl Counted {
    fn new() -> Counted {
        OPEN_DOCUMENTS.fetch_add(1, Ordering::Relaxed);
        Counted
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        OPEN_DOCUMENTS.fetch_sub(1, Ordering::Relaxed);
    }
}

impl OpenDocument {
    /// A document just opened, at `version`.
    pub fn new(doc: Document, version: i32, generation: u64) -> OpenDocument {
        OpenDocument {
            doc: Arc::new(doc),
            version,
            generation,
            tokens: Arc::default(),
            symbols: Arc::default(),
            diagnostics: Arc::default(),
            judged: boardls_engine::answers::JudgedCache::default(),
            publish_waiting: false,
            _counted: Counted::new(),
        }
    }

    /// Reads the document again if a panic left it stale; a document that
    /// is fine is not touched (nor copied from under a reader).
    pub(crate) fn repair(&mut self) {
        if self.doc.needs_repair() {
            Arc::make_mut(&mut self.doc).repair();
        }
    }

    /// Applies a `didChange`'s changes in array order, each against the
    /// text the previous one produced (ranges clamped into the text).
    pub fn apply(&mut self, changes: &[TextDocumentContentChangeEvent], enc: Encoding) {
        boardls_ide::view::apply_changes(Arc::make_mut(&mut self.doc), changes, enc);
    }
}

#[derive(Default)]
pub struct State {
    pub caps: ClientCaps,
    pub docs: HashMap<Uri, OpenDocument>,
    /// Open answer files and project files (checked, not parsed as boards).
    pub side_docs: HashMap<Uri, boardls_ide::kept::side::SideDocument>,
    /// Answer files under the workspace folders that are not open, by path.
    pub closed_answers: HashMap<PathBuf, crate::state::answer_doc::ClosedAnswer>,
    pub settings: Settings,
    /// `initialize`'s `locale`, when the catalog speaks it.
    pub client_locale: Option<boardls_engine::i18n::Locale>,
    /// Settings from `initializationOptions`: the base every later
    /// configuration is read over.
    pub initial_settings: Settings,
    /// The settings of the workspace's `boardls.toml` (its last good
    /// reading), under everything the client sends.
    pub project_settings: serde_json::Value,
    /// Project files below the workspace root's, by path: their settings
    /// (as JSON) and the settings they compose to, which hold for the
    /// files below them (the nearest project file wins).
    pub nested_settings: HashMap<PathBuf, (serde_json::Value, Settings)>,
    /// `initializationOptions`, kept to lay them over a new project file.
    pub init_payload: Option<serde_json::Value>,
    /// The client's last `boardls` section, likewise.
    pub client_section: Option<serde_json::Value>,
    /// Board files on disk under the workspace folders.
    pub index: Index,
    /// The session's shares in the folders (by the path the client names
    /// them with), in the store all sessions share.
    pub leases: HashMap<PathBuf, Lease>,
    next_generation: u64,
}

impl State {
    /// The settings of the file `uri`: its nearest project file's, when
    /// that is a nested one the session has read, else the session's.
    pub(crate) fn settings_of(&self, uri: &Uri) -> Settings {
        if self.nested_settings.is_empty() {
            return self.settings;
        }
        boardls_ide::uri::to_path(uri)
            .and_then(|path| boardls_fs::project::find_project_file(&path))
            .and_then(|file| self.nested_settings.get(&file))
            .map_or(self.settings, |(_, settings)| *settings)
    }

    /// A number unique within the session: result ids and read tickets.
    pub fn generation(&mut self) -> u64 {
        self.next_generation += 1;
        self.next_generation
    }

    /// The view of an open document, repaired first if a panic left it
    /// stale.
    pub fn view<'a>(&'a mut self, uri: &'a Uri) -> Option<DocView<'a>> {
        let caps = self.caps;
        let open = self.docs.get_mut(uri)?;
        open.repair();
        Some(DocView {
            uri,
            doc: &open.doc,
            version: open.version,
            caps,
        })
    }

    /// The paths of the open documents: they are published from the
    /// editor's text, never from disk.
    pub(crate) fn open_paths(&self) -> HashSet<PathBuf> {
        self.docs.keys().filter_map(file_path).collect()
    }
}

/// Work for the session's ordered path that does not come from the client:
/// the dispatcher handles it between client messages, in the same order
/// and under the same guard.
pub enum Internal {
    /// Files changed on disk, found by polling (for clients that do not
    /// watch files).
    FilesChanged(Vec<FileEvent>),
    /// The publish of an open document with many positions with
    /// diagnostics, put off until the client's messages are read.
    PublishOpen(Uri),
    /// A test's mark ([`crate::test_hooks::SETTLED_METHOD`]): told once the
    /// work queued before it has run.
    #[cfg(feature = "test-hooks")]
    Settled(tokio::sync::oneshot::Sender<()>),
}

/// A handle on the session, for the handlers and for background work.
#[derive(Clone)]
pub struct Session {
    state: Arc<Mutex<State>>,
    pub outbox: Outbox,
    /// For the server's own requests to the client (configuration,
    /// registrations, progress tokens, refreshes).
    pub client: Client,
    alive: Arc<AtomicBool>,
    internal: mpsc::UnboundedSender<Internal>,
    /// What the sessions of this process share.
    pub shared: Arc<Shared>,
    /// The tasks the session spawned that still run.
    #[cfg(feature = "test-hooks")]
    pub(crate) background: crate::test_hooks::Background,
}

impl Session {
    /// A session, and the receiving end of its internal work queue.
    pub fn new(
        client: Client,
        outbox: Outbox,
        shared: Arc<Shared>,
    ) -> (Session, mpsc::UnboundedReceiver<Internal>) {
        let (internal, queue) = mpsc::unbounded_channel();
        let session = Session {
            state: Arc::default(),
            outbox,
            client,
            alive: Arc::new(AtomicBool::new(true)),
            internal,
            shared,
            #[cfg(feature = "test-hooks")]
            background: crate::test_hooks::Background::default(),
        };
        (session, queue)
    }

    /// A panic while the lock was held never poisons it for good: each
    /// handler leaves the state consistent or marks what it must redo.
    pub fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn caps(&self) -> ClientCaps {
        self.lock().caps
    }

    /// False once the session shut down or ended: background work stops.
    pub(crate) fn alive(&self) -> bool {
        self.alive.load(Ordering::SeqCst)
    }

    /// Background work stops, and the session's shares in the folders end.
    pub fn end(&self) {
        self.alive.store(false, Ordering::SeqCst);
        let leases = std::mem::take(&mut self.lock().leases);
        drop(leases);
    }

    /// Runs `work` as a task of its own, beside the session's loop: the
    /// session's background work (scans, file reads, its own requests to
    /// the client).
    pub(crate) fn spawn(&self, work: impl Future<Output = ()> + Send + 'static) {
        #[cfg(feature = "test-hooks")]
        let work = self.background.track(work);
        tokio::spawn(work);
    }

    /// Queues work on the session's ordered path.
    pub fn queue(&self, work: Internal) {
        let _ = self.internal.send(work);
    }

    /// A way to queue work that does not keep the session alive.
    pub(crate) fn queue_sender(&self) -> mpsc::UnboundedSender<Internal> {
        self.internal.clone()
    }

    /// The files on disk, as all sessions of the process share them.
    pub(crate) fn store(&self) -> Arc<Store> {
        self.shared.store.clone()
    }

    /// `window/logMessage`, in English whatever the session's language:
    /// a log is searched and quoted in reports. What the user is shown
    /// (hovers, `window/showMessage`, progress) is worded in the session's
    /// language instead.
    pub fn log(&self, kind: MessageType, message: String) {
        self.outbox.log(kind, message);
    }

    /// Queues an open document's diagnostics for a push client (those the
    /// `diagnostics.*` settings show). A document with many positions with
    /// diagnostics publishes on the session's next turn without client
    /// input, once for all the edits read before it: its snapshot costs a
    /// pointer per such position, taken and dropped for every edit of a
    /// flood whose publishes the outbox then skips.
    pub(crate) fn publish_open(&self, state: &mut State, uri: &Uri) {
        if state.caps.pull_diagnostics {
            return;
        }
        if let Some(open) = state.docs.get_mut(uri)
            && open.doc.noisy_count() >= HEAVY_PUBLISH
        {
            if !open.publish_waiting {
                open.publish_waiting = true;
                self.queue(Internal::PublishOpen(uri.clone()));
            }
            return;
        }
        self.publish_snapshot(state, uri);
    }

    /// Publishes a document whose publish was put off
    /// ([`Session::publish_open`]), as it is now.
    pub(crate) fn publish_waiting(&self, uri: &Uri) {
        let mut state = self.lock();
        match state.docs.get_mut(uri) {
            Some(open) if open.publish_waiting => open.publish_waiting = false,
            _ => return,
        }
        self.publish_snapshot(&mut state, uri);
    }

    fn publish_snapshot(&self, state: &mut State, uri: &Uri) {
        let filter = state.settings_of(uri).diagnostics;
        let kept = state
            .docs
            .get(uri)
            .map(|open| Arc::clone(&open.diagnostics));
        let Some(view) = state.view(uri) else {
            return;
        };
        // A snapshot costs a pointer per position with diagnostics; the
        // outbox's thread writes the JSON, for the newest version only.
        let published = Published::of_view(&view, filter, kept);
        self.outbox.send(Outgoing::PublishOpen(Box::new(published)));
    }

    /// Queues diagnostics of a file that is not open (no version), for a
    /// push client (those the `diagnostics.*` settings show).
    pub(crate) fn publish_unopened(
        &self,
        state: &State,
        uri: Uri,
        items: Vec<tower_lsp_server::ls_types::Diagnostic>,
    ) {
        if !state.caps.pull_diagnostics {
            let items = state.settings.diagnostics.apply(items);
            self.outbox.publish(uri, None, items);
        }
    }
}
