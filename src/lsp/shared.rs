//! What all the sessions of one server process share: the board files on
//! disk (one walk, one read, one poll for all of them: the [`Store`]) and
//! how many sessions there are, for `boardls/status`. A server on stdio has
//! one session; a daemon or a TCP server hands the same `Shared` to each.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::workspace::store::Store;

pub struct Shared {
    pub store: Arc<Store>,
    sessions: AtomicUsize,
}

impl Shared {
    pub fn new() -> Arc<Shared> {
        Arc::new(Shared {
            store: Store::new(),
            sessions: AtomicUsize::new(0),
        })
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
