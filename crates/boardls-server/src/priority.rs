//! Work that can wait runs at a lower CPU priority than work a user waits
//! for.
//!
//! A whole-document answer, a workspace scan or a flooding session's large
//! publishes take a core for milliseconds to seconds; a hover or the
//! publish after a keystroke takes microseconds. On a machine with fewer
//! cores than busy threads, the kernel shares time by priority, so the
//! threads doing long work lower their own (nice 10): the short work
//! preempts them at once instead of waiting for their time slice to end.
//!
//! Each system lowers just the calling thread its own way:
//! - Linux keeps a nice value per thread (`setpriority`, nice 10);
//! - Windows: `SetThreadPriority`, `THREAD_PRIORITY_BELOW_NORMAL`;
//! - macOS: `setpriority` there would lower the whole process, so the
//!   thread takes the `utility` quality of service instead
//!   (`pthread_set_qos_class_self_np`), which Apple's scheduler runs below
//!   the default class (and may put on an efficiency core);
//! - any other system: nothing, every thread keeps its priority.
//!
//! An unprivileged thread cannot raise its priority again, so background
//! work gets threads of its own ([`spawn`]): on tokio's blocking pool it
//! would leave lowered threads behind for the standard input and output
//! of a private server, which tokio reads and writes on that pool.

use std::cell::Cell;
use std::sync::OnceLock;

use tokio::runtime::{Handle, Runtime};
use tokio::task::{JoinHandle, JoinSet};

/// How far a thread doing background work lowers itself: a nice-0 thread
/// then gets about nine times its share of a contended core.
const BACKGROUND_NICE: i32 = 10;

thread_local! {
    /// Whether this thread has lowered itself: an unprivileged thread
    /// cannot raise its priority again, so it is done once and kept.
    static LOWERED: Cell<bool> = const { Cell::new(false) };
}

/// Runs `work` on a thread at background priority, as
/// `tokio::task::spawn_blocking` does on the ambient pool. Threads are
/// made as needed (work may wait on a client, so there is no small fixed
/// number) and end after a while idle.
pub(crate) fn spawn<T, F>(work: F) -> JoinHandle<T>
where
    F: FnOnce() -> T + Send + 'static,
    T: Send + 'static,
{
    background_runtime().spawn_blocking(work)
}

/// Runs `work` as [`spawn`] does, as a member of `set`.
pub(crate) fn spawn_in<T, F>(set: &mut JoinSet<T>, work: F)
where
    F: FnOnce() -> T + Send + 'static,
    T: Send + 'static,
{
    set.spawn_blocking_on(work, &background_runtime());
}

/// Where background work runs: the blocking pool of a runtime of its own,
/// whose threads lower themselves as they start; the caller's runtime
/// (its threads at their priority) if that cannot be built.
fn background_runtime() -> Handle {
    static BACKGROUND: OnceLock<Option<Runtime>> = OnceLock::new();
    let background = BACKGROUND.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .thread_name("boardls-background")
            .on_thread_start(lower_this_thread)
            .build()
            .ok()
    });
    match background {
        Some(runtime) => runtime.handle().clone(),
        None => Handle::current(),
    }
}

/// Lowers the calling thread's priority, once: call it only on a thread
/// whose work from then on can all wait (a background thread, the outbox
/// of a session whose publishes are large).
pub(crate) fn lower_this_thread() {
    LOWERED.with(|lowered| {
        if !lowered.replace(true) {
            set_this_thread_nice(BACKGROUND_NICE);
        }
    });
}

#[cfg(target_os = "linux")]
fn set_this_thread_nice(nice: i32) {
    // SAFETY: setpriority only changes the scheduling priority of the
    // calling thread (who 0 with PRIO_PROCESS is the caller's thread id
    // on Linux); a failure leaves the priority as it was, which is fine.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, nice);
    }
}

#[cfg(windows)]
fn set_this_thread_nice(_nice: i32) {
    use windows_sys::Win32::System::Threading::{
        GetCurrentThread, SetThreadPriority, THREAD_PRIORITY_BELOW_NORMAL,
    };
    // SAFETY: the pseudo handle of the calling thread needs no closing; a
    // failure leaves the priority as it was, which is fine.
    unsafe {
        SetThreadPriority(GetCurrentThread(), THREAD_PRIORITY_BELOW_NORMAL);
    }
}

#[cfg(target_vendor = "apple")]
fn set_this_thread_nice(_nice: i32) {
    // SAFETY: changes only the calling thread's quality of service; a
    // failure leaves it as it was, which is fine.
    unsafe {
        libc::pthread_set_qos_class_self_np(libc::qos_class_t::QOS_CLASS_UTILITY, 0);
    }
}

#[cfg(not(any(target_os = "linux", windows, target_vendor = "apple")))]
fn set_this_thread_nice(_nice: i32) {}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    fn this_thread_nice() -> i32 {
        // SAFETY: getpriority reads the calling thread's nice value.
        unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) }
    }

    #[test]
    fn background_work_runs_lowered_and_the_ambient_pool_is_not() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a runtime");
        let before = this_thread_nice();
        let (background, ambient) = runtime.block_on(async {
            let background = spawn(this_thread_nice).await.expect("background work ends");
            let ambient = tokio::task::spawn_blocking(this_thread_nice)
                .await
                .expect("blocking work ends");
            (background, ambient)
        });
        assert_eq!(background, (before + BACKGROUND_NICE).min(19));
        assert_eq!(
            ambient, before,
            "tokio's own blocking pool keeps its priority"
        );
        assert_eq!(
            this_thread_nice(),
            before,
            "only background threads are lowered"
        );
    }

    #[test]
    fn a_thread_lowers_itself_once_and_stays_lowered() {
        let (first, second) = std::thread::spawn(|| {
            lower_this_thread();
            let first = this_thread_nice();
            lower_this_thread();
            (first, this_thread_nice())
        })
        .join()
        .expect("the thread ends");
        assert_eq!(first, second);
        assert_eq!(first, (this_thread_nice() + BACKGROUND_NICE).min(19));
    }
}
