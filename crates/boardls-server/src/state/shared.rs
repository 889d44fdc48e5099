//! What all the sessions of one server process share: the board files on
//! disk (one walk, one read, one poll for all of them: the [`Store`]) and
//! how many sessions there are, for `boardls/status`. A server on stdio has
//! one session; a daemon or a TCP server hands the same `Shared` to each.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::sync::watch;

use crate::disk::store::Store;
use boardls_engine::i18n::Message;

pub struct Shared {
    pub store: Arc<Store>,
    sessions: AtomicUsize,
    /// Why the process is stopping, once it is: each session tells its
    /// client and ends.
    stopping: watch::Sender<Option<Message>>,
    /// Shown to each client once initialized (`window/showMessage`, a
    /// warning, in the session's language): why a private server serves it.
    pub(crate) warning: Option<Message>,
    /// A private server (one client for the process): it never drops its
    /// client for reading slowly, but stops reading it while too much
    /// waits (`wire::writer::PastQueued`).
    pub(crate) private: bool,
}

impl Shared {
    /// What the sessions of a shared server (a daemon, a TCP server) share.
    pub fn new() -> Arc<Shared> {
        Shared::made(None, false)
    }

    /// A private server's one session.
    pub(crate) fn private() -> Arc<Shared> {
        Shared::made(None, true)
    }

    /// A private server whose client is told `warning` once initialized.
    pub(crate) fn with_warning(warning: Message) -> Arc<Shared> {
        Shared::made(Some(warning), true)
    }

    fn made(warning: Option<Message>, private: bool) -> Arc<Shared> {
        Arc::new(Shared {
            store: Store::new(),
            sessions: AtomicUsize::new(0),
            stopping: watch::Sender::new(None),
            warning,
            private,
        })
    }

    /// The process stops, for `why`: every session tells its client so
    /// (`window/showMessage`) and ends.
    pub fn stop(&self, why: Message) {
        self.stopping.send_replace(Some(why));
    }

    /// Changes once the process stops ([`Shared::stop`]).
    pub(crate) fn stopping(&self) -> watch::Receiver<Option<Message>> {
        self.stopping.subscribe()
    }

    /// Counts a session until the guard is dropped.
    pub fn enter(self: &Arc<Shared>) -> Entered {
        self.sessions.fetch_add(1, Ordering::SeqCst);
        Entered(self.clone())
    }

    /// The sessions running now.
    pub fn sessions(&self) -> usize {
        self.sessions.load(Ordering::SeqCst)
    }
}

/// A session counted in [`Shared::sessions`].
pub struct Entered(Arc<Shared>);

impl Drop for Entered {
    fn drop(&mut self) {
        self.0.sessions.fetch_sub(1, Ordering::SeqCst);
    }
}
