//! Faults that tests inject (cargo feature `test-hooks`, off by default:
//! a release build holds none of this).
//!
//! A fault point is a name: a handler's method (`hover`, `didChange`, …),
//! checked by the session just before the handler runs, or `reparse`,
//! inside [`boardls_engine::document::Document`]'s incremental re-read of an edit
//! (the text has the edit, the positions do not match it yet), or
//! `unguarded-METHOD`, checked by the session's loop outside the guard (a
//! panic there ends the session's task, as a bug in the loop would). A
//! [`FaultPlan`] names one point and how often it panics there: `point`
//! on every hit, `point:N` on every Nth (the Nth, the 2Nth, …).
//!
//! `BOARDLS_TEST_POLL_MS` sets how often the workspace folders are polled
//! (2 s otherwise), so tests of the poll do not wait for it.
//!
//! The plan is armed for the work of one session only (a thread-local set
//! while that session's handler runs), so sessions in one test process do
//! not see each other's faults.
//!
//! A test that shows that something did NOT happen asks for
//! [`SETTLED_METHOD`]: the session answers it once its [`Background`] work
//! started so far has ended, and no poll of the disk is in progress
//! (`Store::poll_work`), and what that work queued for the client is on
//! the wire before the answer.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

/// The environment variable a server process reads its [`FaultPlan`] from.
pub const PANIC_VAR: &str = "BOARDLS_TEST_PANIC";

/// The environment variable that sets how often a server process polls
/// the workspace folders, in milliseconds (at least 10).
pub const POLL_VAR: &str = "BOARDLS_TEST_POLL_MS";

/// The environment variable that sets a server process's limit on what
/// waits for a client (`lsp::wire::writer::Limits`): bytes queued.
pub const WIRE_BYTES_VAR: &str = "BOARDLS_TEST_WIRE_BYTES";

/// The bytes [`WIRE_BYTES_VAR`] lets wait for a client, if set.
pub(crate) fn wire_bytes() -> Option<usize> {
    std::env::var(WIRE_BYTES_VAR).ok()?.parse().ok()
}

/// The poll interval [`POLL_VAR`] asks for, if any.
pub(crate) fn poll_interval() -> Option<Duration> {
    let millis: u64 = std::env::var(POLL_VAR).ok()?.parse().ok()?;
    Some(Duration::from_millis(millis.max(10)))
}

/// The request (no params, a `null` result) a session answers once its
/// background work has settled: every task of [`Background`] started
/// before it (and any they started) has ended, no round of the disk's
/// poll is in progress, the work queued on the
/// session's ordered path before it has run, and the answer goes through
/// the session's outbox, after every notification that work queued.
pub const SETTLED_METHOD: &str = "boardls/test/settled";

/// A session's background work: the tasks it spawns (scans, file reads,
/// its own requests to the client), counted while they run. Cheap to
/// clone; the clones count together.
#[derive(Clone, Debug, Default)]
pub struct Background(Arc<Counts>);

#[derive(Debug, Default)]
struct Counts {
    running: AtomicUsize,
    /// Tasks started over the session's life.
    started: AtomicU64,
    ended: tokio::sync::Notify,
}

impl Background {
    /// `work`, counted from now until it ends (or is dropped unfinished).
    pub(crate) fn track<F: Future<Output = ()>>(
        &self,
        work: F,
    ) -> impl Future<Output = ()> + use<F> {
        self.0.started.fetch_add(1, Ordering::SeqCst);
        self.0.running.fetch_add(1, Ordering::SeqCst);
        let running = Running(Arc::clone(&self.0));
        async move {
            let _running = running;
            work.await;
        }
    }

    /// Work counted from now until the returned guard is dropped: a task
    /// that is not one future (a round of the disk's poll).
    pub(crate) fn enter(&self) -> impl Drop + Send + use<> {
        self.0.started.fetch_add(1, Ordering::SeqCst);
        self.0.running.fetch_add(1, Ordering::SeqCst);
        Running(Arc::clone(&self.0))
    }

    /// Tasks started so far.
    pub(crate) fn started(&self) -> u64 {
        self.0.started.load(Ordering::SeqCst)
    }

    /// Whether no task runs.
    pub(crate) fn idle(&self) -> bool {
        self.0.running.load(Ordering::SeqCst) == 0
    }

    /// Ends once no task runs.
    pub(crate) async fn until_idle(&self) {
        loop {
            let ended = self.0.ended.notified();
            tokio::pin!(ended);
            ended.as_mut().enable();
            if self.idle() {
                return;
            }
            ended.await;
        }
    }
}

/// One running task of a [`Background`], uncounted when dropped.
struct Running(Arc<Counts>);

impl Drop for Running {
    fn drop(&mut self) {
        if self.0.running.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.ended.notify_waiters();
        }
    }
}

/// Faults a test can ask a session for.
#[derive(Clone, Debug, Default)]
pub struct Faults {
    /// Where the session's work panics.
    pub panic: Option<Arc<FaultPlan>>,
    /// Yield to the runtime a varying number of times before each message,
    /// so tests see that ordering does not depend on scheduling.
    pub jitter: bool,
    /// Where the session's work waits until the test lets it go on.
    pub gate: Option<Arc<Gate>>,
}

impl Faults {
    /// A panic at `spec` (see [`FaultPlan::parse`]).
    pub fn panic_at(spec: &str) -> Faults {
        Faults {
            panic: Some(Arc::new(FaultPlan::parse(spec))),
            ..Faults::default()
        }
    }

    /// The session's work waits at `gate`'s point until it is opened.
    pub fn held_at(gate: &Arc<Gate>) -> Faults {
        Faults {
            gate: Some(Arc::clone(gate)),
            ..Faults::default()
        }
    }

    /// The faults of a server process's sessions: [`PANIC_VAR`].
    pub(crate) fn from_env() -> Faults {
        Faults {
            panic: std::env::var(PANIC_VAR)
                .ok()
                .map(|spec| Arc::new(FaultPlan::parse(&spec))),
            ..Faults::default()
        }
    }

    /// Blocks the calling thread (a blocking one, never the runtime's)
    /// while the gate at `point` is closed.
    pub(crate) fn hold(&self, point: &str) {
        if let Some(gate) = &self.gate
            && gate.point == point
        {
            gate.pass();
        }
    }

    /// Runs `work` with the plan armed.
    pub fn armed<R>(&self, work: impl FnOnce() -> R) -> R {
        boardls_engine::faults::armed(self.panic.clone(), work)
    }

    /// `handler`, with fault point `what` checked before it runs and the
    /// plan armed whenever it is polled.
    pub(crate) fn around<F: Future + Unpin>(&self, what: &str, handler: F) -> Armed<F> {
        Armed {
            faults: self.clone(),
            what: Some(what.to_owned()),
            handler,
        }
    }

    /// The jitter's pauses: `None` without jitter.
    pub(crate) fn jitter(&self) -> Option<Jitter> {
        self.jitter.then_some(Jitter(0x9e37_79b9))
    }
}

/// A point (a fault point's name: `documentSymbol`, `full`, …) where work
/// of the session waits, on its blocking thread, until the test opens the
/// gate: so that a test orders what the session does at that point
/// against other messages by an event, not by how long the work takes.
#[derive(Debug)]
pub struct Gate {
    point: String,
    /// Whether work has come to the gate.
    reached: std::sync::atomic::AtomicBool,
    open: Mutex<bool>,
    opened: Condvar,
}

/// How long work waits at a gate the test never opens (a test that
/// failed first): a guard against hanging, not a time the tests use.
const GATE_GIVES_UP: Duration = Duration::from_secs(60);

impl Gate {
    /// A closed gate at `point`.
    pub fn closed(point: &str) -> Arc<Gate> {
        Arc::new(Gate {
            point: point.to_owned(),
            reached: std::sync::atomic::AtomicBool::new(false),
            open: Mutex::new(false),
            opened: Condvar::new(),
        })
    }

    /// Lets the work waiting at the gate, and any that comes later, go on.
    pub fn open(&self) {
        *self.open.lock().unwrap_or_else(PoisonError::into_inner) = true;
        self.opened.notify_all();
    }

    /// Whether work has come to the gate (and waits there while it is
    /// closed).
    pub fn reached(&self) -> bool {
        self.reached.load(Ordering::SeqCst)
    }

    fn pass(&self) {
        self.reached.store(true, Ordering::SeqCst);
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = self
            .opened
            .wait_timeout_while(open, GATE_GIVES_UP, |open| !*open);
    }
}

pub use boardls_engine::faults::{FaultPlan, fault_point};

/// A handler's future under [`Faults::around`].
pub struct Armed<F> {
    faults: Faults,
    /// The fault point checked at the first poll, before the handler runs.
    what: Option<String>,
    handler: F,
}

impl<F: Future + Unpin> Future for Armed<F> {
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<F::Output> {
        let this = self.get_mut();
        let what = this.what.take();
        let handler = &mut this.handler;
        this.faults.armed(|| {
            if let Some(what) = what {
                fault_point(&what);
            }
            Pin::new(handler).poll(cx)
        })
    }
}

/// A deterministic stream of pauses (xorshift32).
pub struct Jitter(u32);

impl Jitter {
    /// Yields 0 to 3 times, differently each call.
    pub(crate) async fn pause(&mut self) {
        let state = &mut self.0;
        *state ^= *state << 13;
        *state ^= *state >> 17;
        *state ^= *state << 5;
        for _ in 0..*state % 4 {
            yield_now().await;
        }
    }
}

/// Gives the runtime one chance to run other tasks.
async fn yield_now() {
    let mut yielded = false;
    std::future::poll_fn(|cx| {
        if yielded {
            Poll::Ready(())
        } else {
            yielded = true;
            cx.waker().wake_by_ref();
            Poll::Pending
        }
    })
    .await;
}
