//! A session: one client's open documents and settings behind one lock,
//! with its host around it ([`Host`]).
//!
//! - [`host`]: what a host does for the core;
//! - [`state`]: what a session holds;
//! - [`projects`]: the project of a document (its nearest `boardls.toml`,
//!   open or read through the host) and the settings it composes to.
//!
//! Every message is applied under the lock, synchronously, in the order
//! the host hands them over; nothing holds the lock across an `.await`.

pub mod host;
pub mod projects;
pub mod state;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use ls_types::{Diagnostic, MessageType, Uri};

pub use host::Host;
pub use state::{ClosedAnswer, OpenDocument, State, open_documents};

use crate::kept::publish::Published;

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
            self.host.publish(uri, None, items);
        }
    }

    /// After a notification about `uri` panicked: the document, if open,
    /// is read again from its text and published.
    pub fn recover(&self, uri: &Uri) {
        let mut state = self.lock();
        self.publish_open(&mut state, uri);
    }
}
