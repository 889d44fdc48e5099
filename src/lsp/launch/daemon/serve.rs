//! `boardls daemon`: LSP sessions on a Unix socket, one per connection,
//! sharing the process's files on disk (one walk, one read of each file,
//! one poll of each folder for all of them).
//!
//! Start: the socket's directory is checked (or made 0700), the lock taken
//! (else another daemon serves this socket: status 1), a stale socket
//! replaced, the socket bound and made 0600 (the umask is 077 from the
//! start, so it is never more open than that) and checked; in the default
//! directory, the stale sockets of other builds are removed. Then it
//! serves; a connection from another user is refused (the peer's
//! credentials). With no session for the idle timeout, or on SIGTERM or
//! SIGINT, it removes its socket and lock file and exits with status 0;
//! on a signal, each session first tells its client why
//! (`window/showMessage`) and ends (it is waited for up to 2 s).

use std::os::unix::fs::{MetadataExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use tokio::net::UnixListener;
use tokio::signal::unix::{SignalKind, signal};
use tokio::sync::watch;

use super::conn::serve_connection;
use super::socket::{self, Lock};
use crate::lsp::state::shared::Shared;

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
    // Before any thread starts: whatever the daemon creates (its socket,
    // lock and log) is its user's alone.
    // SAFETY: umask has no preconditions and cannot fail.
    unsafe { libc::umask(0o077) };
    let default = options.socket.is_none();
    let path = options.socket.unwrap_or_else(socket::default_path);
    let (listener, lock, path) = match prepare(&path, default) {
        Ok(ready) => ready,
        Err(message) => {
            eprintln!("boardls daemon: {message}");
            return ExitCode::FAILURE;
        }
    };
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
    let status = runtime.block_on(serve(listener, &path, options.idle_timeout));
    remove_socket(&path, &status.1);
    lock.release();
    runtime.shutdown_background();
    status.0
}

/// Checks and binds the socket, holding its lock.
fn prepare(
    path: &Path,
    default: bool,
) -> Result<(std::os::unix::net::UnixListener, Lock, PathBuf), String> {
    let path = socket::socket_path(path)?;
    let dir = socket::dir_of(&path);
    socket::private_dir(dir, true)?;
    let Some(lock) = Lock::acquire(&socket::beside(&path, ".lock"))? else {
        return Err(format!(
            "another daemon already serves {} (its process id is in {}.lock)",
            path.display(),
            path.display()
        ));
    };
    if socket::existing_socket(&path)? {
        if socket::answers(&path) {
            return Err(format!("a server already answers on {}", path.display()));
        }
        std::fs::remove_file(&path)
            .map_err(|err| format!("cannot remove the stale socket {}: {err}", path.display()))?;
        eprintln!(
            "boardls daemon: replaced the stale socket {} (its daemon had stopped)",
            path.display()
        );
    }
    if default {
        for stale in socket::purge_stale(dir, &path) {
            eprintln!(
                "boardls daemon: removed the stale socket {}",
                stale.display()
            );
        }
    }
    let listener = std::os::unix::net::UnixListener::bind(&path)
        .map_err(|err| format!("cannot listen on {}: {err}", path.display()))?;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600))
        .map_err(|err| format!("cannot make {} private: {err}", path.display()))?;
    socket::existing_socket(&path)?;
    listener
        .set_nonblocking(true)
        .map_err(|err| format!("cannot use {}: {err}", path.display()))?;
    Ok((listener, lock, path))
}

/// Serves until idle or stopped; the status, and the socket's identity
/// (device, inode) to remove only what this daemon bound.
async fn serve(
    listener: std::os::unix::net::UnixListener,
    path: &Path,
    idle: Duration,
) -> (ExitCode, Option<(u64, u64)>) {
    let bound = std::fs::symlink_metadata(path)
        .ok()
        .map(|m| (m.dev(), m.ino()));
    let listener = match UnixListener::from_std(listener) {
        Ok(listener) => listener,
        Err(err) => {
            eprintln!("boardls daemon: cannot listen on {}: {err}", path.display());
            return (ExitCode::FAILURE, bound);
        }
    };
    eprintln!(
        "boardls daemon: listening on {} (pid {})",
        path.display(),
        std::process::id()
    );
    let shared = Shared::new();
    let (sessions, count) = watch::channel(0usize);
    let count_on_stop = count.clone();
    let idle_exit = idle_for(count, idle);
    tokio::pin!(idle_exit);
    let stopped = stop_signal();
    tokio::pin!(stopped);
    let (ended, ends) = watch::channel(0u64);
    tokio::spawn(give_back_memory(ends));
    let mut next = 0u64;
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let stream = match accepted {
                    Ok((stream, _)) => stream,
                    Err(err) => {
                        eprintln!("boardls daemon: accept failed: {err}");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        continue;
                    }
                };
                if let Err(peer) = socket::check_peer(&stream) {
                    eprintln!("boardls daemon: refused a connection from {peer}");
                    continue;
                }
                next += 1;
                sessions.send_modify(|n| *n += 1);
                let sessions = sessions.clone();
                let shared = shared.clone();
                let ended = ended.clone();
                tokio::spawn(async move {
                    let (input, output) = stream.into_split();
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
                return (ExitCode::SUCCESS, bound);
            }
            () = &mut stopped => {
                shared.stop(
                    "boardls: the shared daemon was asked to stop (SIGTERM or SIGINT); \
                     the editor starts the server again"
                        .to_owned(),
                );
                // The sessions tell their clients and end; a client that
                // does not read is not waited for long.
                let mut count = count_on_stop.clone();
                let _ = tokio::time::timeout(
                    Duration::from_secs(2),
                    count.wait_for(|n| *n == 0),
                )
                .await;
                eprintln!("boardls daemon: stopped");
                return (ExitCode::SUCCESS, bound);
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
/// at most once a second.
async fn give_back_memory(mut ends: watch::Receiver<u64>) {
    while ends.changed().await.is_ok() {
        tokio::time::sleep(Duration::from_secs(1)).await;
        ends.borrow_and_update();
        #[cfg(all(target_os = "linux", target_env = "gnu"))]
        // SAFETY: malloc_trim only returns free pages to the system.
        let _ = tokio::task::spawn_blocking(|| unsafe { libc::malloc_trim(0) }).await;
    }
}

/// SIGTERM or SIGINT.
pub async fn stop_signal() {
    let (Ok(mut term), Ok(mut int)) = (
        signal(SignalKind::terminate()),
        signal(SignalKind::interrupt()),
    ) else {
        return std::future::pending().await;
    };
    tokio::select! {
        _ = term.recv() => {}
        _ = int.recv() => {}
    }
}

/// Removes the socket if it is still the one this daemon bound.
fn remove_socket(path: &Path, bound: &Option<(u64, u64)>) {
    let now = std::fs::symlink_metadata(path)
        .ok()
        .map(|m| (m.dev(), m.ino()));
    if now.is_some() && now == *bound {
        let _ = std::fs::remove_file(path);
    }
}
