//! `boardls daemon`: LSP sessions on the per-user endpoint (a Unix socket;
//! a named pipe on Windows: `transport`), one per connection, sharing the
//! process's files on disk (one walk, one read of each file, one poll of
//! each folder for all of them).
//!
//! Start (Unix): the socket's directory is checked (or made 0700), the
//! lock taken (else another daemon serves this socket: status 1), a stale
//! socket replaced, the socket bound and made 0600 (the umask is 077 from
//! the start, so it is never more open than that) and checked; in the
//! default directory, the stale sockets of other builds are removed. On
//! Windows the pipe's first instance, admitting only the user, is the
//! lock. Then it serves; a connection from another user is refused (the
//! peer's credentials, or the process behind the pipe). With no session
//! for the idle timeout, or on SIGTERM or SIGINT (Windows: Ctrl-C,
//! Ctrl-Break, the console closing), it removes its socket and lock file
//! and exits with status 0; on a signal, each session first tells its
//! client why (`window/showMessage`) and ends (it is waited for up to 2 s).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use tokio::sync::watch;

use super::conn::serve_connection;
use super::transport::{self, Listener};
use crate::state::shared::Shared;

/// `boardls daemon`'s options.
#[derive(Clone, Debug)]
pub struct DaemonOptions {
    /// The socket; the per-user default when `None`.
    pub socket: Option<PathBuf>,
    /// Exit after this long without a session; never when zero.
    pub idle_timeout: Duration,
}

/// Runs the daemon until it is idle for the timeout or stopped. Status 0
/// then; 1 when another daemon serves the socket or the socket cannot be
/// used (refused, or not bound).
pub fn run(options: DaemonOptions) -> ExitCode {
    transport::private_files();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("boardls daemon: cannot start the runtime: {err}");
            return ExitCode::FAILURE;
        }
    };
    let status = runtime.block_on(async {
        let mut listener = match Listener::bind(options.socket.as_deref()) {
            Ok(listener) => listener,
            Err(message) => {
                eprintln!("boardls daemon: {message}");
                return ExitCode::FAILURE;
            }
        };
        let status = serve(&mut listener, options.idle_timeout).await;
        listener.close();
        status
    });
    runtime.shutdown_background();
    status
}

/// Serves until idle or stopped.
async fn serve(listener: &mut Listener, idle: Duration) -> ExitCode {
    eprintln!(
        "boardls daemon: listening on {} (pid {})",
        listener.shown(),
        std::process::id()
    );
    let shared = Shared::new();
    let (sessions, count) = watch::channel(0usize);
    let count_on_stop = count.clone();
    let idle_exit = idle_for(count, idle);
    tokio::pin!(idle_exit);
    let stopped = transport::stop_signal();
    tokio::pin!(stopped);
    let (ended, ends) = watch::channel(0u64);
    tokio::spawn(give_back_memory(ends));
    let mut next = 0u64;
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let (input, output) = match accepted {
                    Ok(Ok(halves)) => halves,
                    Ok(Err(peer)) => {
                        eprintln!("boardls daemon: refused a connection from {peer}");
                        continue;
                    }
                    Err(err) => {
                        eprintln!("boardls daemon: accept failed: {err}");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        continue;
                    }
                };
                next += 1;
                sessions.send_modify(|n| *n += 1);
                let sessions = sessions.clone();
                let shared = shared.clone();
                let ended = ended.clone();
                tokio::spawn(async move {
                    serve_connection(input, output, shared, format!("#{next}")).await;
                    sessions.send_modify(|n| *n -= 1);
                    ended.send_modify(|n| *n += 1);
                });
            }
            () = &mut idle_exit => {
                eprintln!(
                    "boardls daemon: no session for {} s; exiting",
                    idle.as_secs_f64()
                );
                return ExitCode::SUCCESS;
            }
            () = &mut stopped => {
                shared.stop(boardls_engine::i18n::message!(
                    "show-daemon-stopped",
                    signals = transport::STOP_SIGNALS
                ));
                // The sessions tell their clients and end; a client that
                // does not read is not waited for long.
                let mut count = count_on_stop.clone();
                let _ = tokio::time::timeout(
                    Duration::from_secs(2),
                    count.wait_for(|n| *n == 0),
                )
                .await;
                eprintln!("boardls daemon: stopped");
                return ExitCode::SUCCESS;
            }
        }
    }
}

/// Ends once there was no session for `idle` (never when `idle` is zero).
async fn idle_for(mut count: watch::Receiver<usize>, idle: Duration) {
    if idle.is_zero() {
        return std::future::pending().await;
    }
    loop {
        if count.wait_for(|n| *n == 0).await.is_err() {
            return std::future::pending().await;
        }
        tokio::select! {
            () = tokio::time::sleep(idle) => {
                if *count.borrow() == 0 {
                    return;
                }
            }
            changed = count.changed() => {
                if changed.is_err() {
                    return std::future::pending().await;
                }
            }
        }
    }
}

/// A second after a session ends (what its background work held is freed
/// by then), the allocator hands its free memory back to the system:
/// glibc keeps it otherwise, and a daemon that served many sessions would
/// hold their peak for as long as one session stays. The sessions that end
/// during that second are trimmed for together, so a burst of ends trims
/// at most once a second. Only with glibc: macOS's and Windows's
/// allocators (and musl's) have no such call, and return free memory by
/// their own rules.
async fn give_back_memory(mut ends: watch::Receiver<u64>) {
    while ends.changed().await.is_ok() {
        tokio::time::sleep(Duration::from_secs(1)).await;
        ends.borrow_and_update();
        #[cfg(all(target_os = "linux", target_env = "gnu"))]
        // SAFETY: malloc_trim only returns free pages to the system.
        let _ = tokio::task::spawn_blocking(|| unsafe { libc::malloc_trim(0) }).await;
    }
}
