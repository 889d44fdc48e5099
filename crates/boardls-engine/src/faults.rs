//! Fault points that tests arm (feature `test-hooks`, off by default: a
//! release build holds none of this).
//!
//! A fault point is a name checked where a fault may strike: the engine's
//! one is `reparse`, inside [`Document`](crate::document::Document)'s
//! incremental re-read of an edit (the text has the edit, the positions do
//! not match it yet); the server checks its handlers' methods the same
//! way. A [`FaultPlan`] names one point and how often it panics there. It
//! is armed for one thread's work at a time ([`armed`]), so sessions in one
//! test process do not see each other's faults.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Where to panic, and how often.
#[derive(Debug)]
pub struct FaultPlan {
    point: String,
    every: u64,
    hits: AtomicU64,
}

impl FaultPlan {
    /// `point` (every hit) or `point:N` (every Nth hit: the Nth, the 2Nth,
    /// …; N of 0 counts as 1).
    pub fn parse(spec: &str) -> FaultPlan {
        let (point, every) = match spec.rsplit_once(':') {
            Some((point, n)) if n.parse::<u64>().is_ok() => {
                (point, n.parse::<u64>().unwrap_or(1).max(1))
            }
            _ => (spec, 1),
        };
        FaultPlan {
            point: point.to_owned(),
            every,
            hits: AtomicU64::new(0),
        }
    }

    /// Counts a hit of `point`, and says whether it panics.
    fn fires(&self, point: &str) -> bool {
        self.point == point
            && (self.hits.fetch_add(1, Ordering::Relaxed) + 1).is_multiple_of(self.every)
    }
}

thread_local! {
    static ARMED: RefCell<Option<Arc<FaultPlan>>> = const { RefCell::new(None) };
}

/// Puts back the plan that was armed before, even when the work panics.
struct Restore(Option<Arc<FaultPlan>>);

impl Drop for Restore {
    fn drop(&mut self) {
        let previous = self.0.take();
        ARMED.with(|armed| armed.replace(previous));
    }
}

/// Runs `work` with `plan` armed on this thread.
pub fn armed<R>(plan: Option<Arc<FaultPlan>>, work: impl FnOnce() -> R) -> R {
    let previous = ARMED.with(|armed| armed.replace(plan));
    let _restore = Restore(previous);
    work()
}

/// Panics if the plan armed on this thread fires at `point`.
pub fn fault_point(point: &str) {
    let fires = ARMED.with(|armed| {
        armed
            .borrow()
            .as_ref()
            .is_some_and(|plan| plan.fires(point))
    });
    if fires {
        panic!("injected panic ({point})");
    }
}
