//! The desktop's host of the IDE core ([`Desktop`]): a session's ordered
//! way out (the outbox), its client (the server's own requests), its
//! queue of work for its own loop, the files on disk that the sessions of
//! the process share, and its part of the session's state ([`DiskState`]:
//! the index of the workspace's board files, its shares of the folders).
//!
//! The core's state sits behind one `std::sync::Mutex`. The dispatcher
//! handles one message at a time, and background work (scans, file reads)
//! takes the lock only to apply a finished result; nothing awaits while
//! holding it. The requests that read a whole document hold the
//! document's `Arc`, not the lock.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use boardls_ide::files::Files;
use tokio::sync::mpsc;
use tower_lsp_server::Client;
use tower_lsp_server::ls_types::{FileEvent, Uri};

use super::shared::Shared;
use crate::disk::index::Index;
use crate::disk::store::{Lease, Store};
use crate::wire::outbox::Outbox;

/// A desktop session: the core's, hosted here.
pub type Session = boardls_ide::session::Session<Desktop>;

/// A desktop session's state: the core's, with [`DiskState`] beside it.
pub type State = boardls_ide::session::State<DiskState>;

/// What the desktop keeps of a session beside the core's state.
#[derive(Default)]
pub struct DiskState {
    /// Board files on disk under the workspace folders.
    pub index: Index,
    /// The session's shares in the folders (by the path the client names
    /// them with), in the store all sessions share.
    pub leases: HashMap<PathBuf, Lease>,
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

/// The desktop's host of a session.
pub struct Desktop {
    pub outbox: Outbox,
    /// For the server's own requests to the client (configuration,
    /// registrations, progress tokens, refreshes).
    pub client: Client,
    internal: mpsc::UnboundedSender<Internal>,
    /// What the sessions of this process share.
    pub shared: Arc<Shared>,
    pub files: DiskFiles,
    /// The tasks the session spawned that still run.
    #[cfg(feature = "test-hooks")]
    pub background: crate::test_hooks::Background,
}

impl Desktop {
    /// A session's host, and the receiving end of its internal work queue.
    pub fn new(
        client: Client,
        outbox: Outbox,
        shared: Arc<Shared>,
    ) -> (Desktop, mpsc::UnboundedReceiver<Internal>) {
        let (internal, queue) = mpsc::unbounded_channel();
        let files = DiskFiles(shared.store.clone());
        let desktop = Desktop {
            outbox,
            client,
            internal,
            shared,
            files,
            #[cfg(feature = "test-hooks")]
            background: crate::test_hooks::Background::default(),
        };
        (desktop, queue)
    }

    /// Runs `work` as a task of its own, beside the session's loop: the
    /// session's background work (scans, file reads, its own requests to
    /// the client).
    pub fn spawn(&self, work: impl Future<Output = ()> + Send + 'static) {
        #[cfg(feature = "test-hooks")]
        let work = self.background.track(work);
        tokio::spawn(work);
    }

    /// Queues work on the session's ordered path.
    pub fn queue(&self, work: Internal) {
        let _ = self.internal.send(work);
    }

    /// A way to queue work that does not keep the session alive.
    pub fn queue_sender(&self) -> mpsc::UnboundedSender<Internal> {
        self.internal.clone()
    }

    /// The files on disk, as all sessions of the process share them.
    pub fn store(&self) -> Arc<Store> {
        self.shared.store.clone()
    }
}

/// The core's closed files, read from disk through the store (which
/// counts them).
pub struct DiskFiles(Arc<Store>);

impl Files for DiskFiles {
    fn read(&self, uri: &Uri) -> Option<String> {
        self.0.read_text(&crate::uri::to_path(uri)?)
    }

    fn list(&self, folder: &Uri) -> Option<Vec<String>> {
        self.0.list_files(&crate::uri::to_path(folder)?)
    }
}
