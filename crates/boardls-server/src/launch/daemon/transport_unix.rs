//! The daemon on Unix: its Unix socket (`socket.rs`: the path rule, the
//! owner and mode checks, the lock, stale sockets), served and dialled
//! with the peer's credentials checked; SIGTERM and SIGINT; a spawned
//! daemon in a session of its own (`setsid`); files born private (`umask`).

use std::ffi::OsStr;
use std::io;
use std::os::unix::fs::{MetadataExt as _, PermissionsExt as _};
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use tokio::net::{UnixListener, UnixStream};
use tokio::signal::unix::{SignalKind, signal};

use super::socket::{self, Lock};
pub use super::socket::{create_private_file, default_dir, own_file, private_dir, private_log};

/// A connection's halves, whatever carries it.
pub type Halves = (
    Box<dyn tokio::io::AsyncRead + Unpin + Send>,
    Box<dyn tokio::io::AsyncWrite + Unpin + Send>,
);

/// What stops a daemon or a TCP server, in words.
pub const STOP_SIGNALS: boardls_engine::i18n::Message =
    boardls_engine::i18n::message!("show-stop-signals-unix");

/// Before any thread starts: whatever the daemon creates (its socket, lock
/// and log) is its user's alone.
pub fn private_files() {
    // SAFETY: umask has no preconditions and cannot fail.
    unsafe { libc::umask(0o077) };
}

/// Where a daemon is reached: a socket path.
pub struct Endpoint {
    path: PathBuf,
}

/// What dialling found.
pub enum Dialled {
    /// A daemon of this user answered.
    Connected(Halves),
    /// None answered; `starting` when one holds the socket's lock (it is
    /// starting, or serving): wait for it rather than start another.
    Absent { starting: bool },
}

impl Endpoint {
    /// `--socket PATH` (or `--connect PATH`), else the per-user default.
    pub fn resolve(given: Option<&Path>) -> Result<Endpoint, String> {
        let path = given.map_or_else(socket::default_path, Path::to_path_buf);
        Ok(Endpoint {
            path: socket::socket_path(&path)?,
        })
    }

    /// The socket, for messages.
    pub fn shown(&self) -> String {
        self.path.display().to_string()
    }

    /// What `boardls daemon --socket` is given to serve here.
    pub fn arg(&self) -> &OsStr {
        self.path.as_os_str()
    }

    /// The daemon's log: beside the socket.
    pub fn log(&self) -> PathBuf {
        socket::beside(&self.path, ".log")
    }

    /// Checks (makes, when missing) the socket's folder, where the log goes.
    pub fn make_dir(&self) -> Result<(), String> {
        socket::private_dir(socket::dir_of(&self.path), true)
    }

    /// Connects to the daemon, after checking the socket's folder and the
    /// socket, and the peer's credentials after.
    pub async fn dial(&self) -> Result<Dialled, String> {
        let path = &self.path;
        let dir = socket::dir_of(path);
        if dir.exists() || dir.is_symlink() {
            socket::private_dir(dir, false)?;
        }
        if socket::existing_socket(path)? {
            match UnixStream::connect(path).await {
                Ok(stream) => {
                    if let Err(peer) = socket::check_peer(&stream) {
                        return Err(format!(
                            "refusing the daemon on {}: it runs as {peer}, not as you",
                            path.display()
                        ));
                    }
                    let (input, output) = stream.into_split();
                    return Ok(Dialled::Connected((Box::new(input), Box::new(output))));
                }
                Err(err) if stale(&err) => {}
                Err(err) => return Err(format!("cannot connect to {}: {err}", path.display())),
            }
        }
        let starting = socket::lock_held(&socket::beside(path, ".lock"));
        Ok(Dialled::Absent { starting })
    }
}

/// No daemon behind the socket (any more).
fn stale(err: &io::Error) -> bool {
    matches!(
        err.kind(),
        io::ErrorKind::ConnectionRefused | io::ErrorKind::NotFound
    )
}

/// A spawned daemon, detached: a session of its own (no terminal, no
/// signal from the editor's process group), its working folder `/`.
pub fn detach(command: &mut Command) {
    command.current_dir("/");
    // SAFETY: only setsid runs between fork and exec; it is
    // async-signal-safe and touches no memory of the parent.
    unsafe {
        command.pre_exec(|| {
            if libc::setsid() < 0 {
                return Err(io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

/// The daemon's bound socket, its lock held.
pub struct Listener {
    listener: UnixListener,
    lock: Lock,
    path: PathBuf,
    /// The socket's identity (device, inode), to remove only what this
    /// daemon bound.
    bound: Option<(u64, u64)>,
}

impl Listener {
    /// Checks the socket's folder (made 0700 when missing), takes the lock
    /// (else another daemon serves this socket), replaces a stale socket,
    /// binds and checks the socket; in the default folder, removes the
    /// stale sockets of other builds. Inside the runtime.
    pub fn bind(given: Option<&Path>) -> Result<Listener, String> {
        let default = given.is_none();
        let path = Endpoint::resolve(given)?.path;
        let (listener, lock) = prepare(&path, default)?;
        let bound = identity(&path);
        match UnixListener::from_std(listener) {
            Ok(listener) => Ok(Listener {
                listener,
                lock,
                path,
                bound,
            }),
            Err(err) => {
                remove_socket(&path, bound);
                lock.release();
                Err(format!("cannot listen on {}: {err}", path.display()))
            }
        }
    }

    /// The socket, for messages.
    pub fn shown(&self) -> String {
        self.path.display().to_string()
    }

    /// The next connection: its halves, or, from another user, who that is
    /// (it is closed).
    pub async fn accept(&mut self) -> io::Result<Result<Halves, String>> {
        let (stream, _) = self.listener.accept().await?;
        if let Err(peer) = socket::check_peer(&stream) {
            return Ok(Err(peer));
        }
        let (input, output) = stream.into_split();
        Ok(Ok((Box::new(input), Box::new(output))))
    }

    /// Removes the socket (if it is still the one bound here) and the lock.
    pub fn close(self) {
        remove_socket(&self.path, self.bound);
        self.lock.release();
    }
}

/// Checks and binds the socket, holding its lock.
fn prepare(path: &Path, default: bool) -> Result<(std::os::unix::net::UnixListener, Lock), String> {
    let dir = socket::dir_of(path);
    socket::private_dir(dir, true)?;
    let Some(lock) = Lock::acquire(&socket::beside(path, ".lock"))? else {
        return Err(format!(
            "another daemon already serves {} (its process id is in {}.lock)",
            path.display(),
            path.display()
        ));
    };
    if socket::existing_socket(path)? {
        if socket::answers(path) {
            return Err(format!("a server already answers on {}", path.display()));
        }
        std::fs::remove_file(path)
            .map_err(|err| format!("cannot remove the stale socket {}: {err}", path.display()))?;
        eprintln!(
            "boardls daemon: replaced the stale socket {} (its daemon had stopped)",
            path.display()
        );
    }
    if default {
        for stale in socket::purge_stale(dir, path) {
            eprintln!(
                "boardls daemon: removed the stale socket {}",
                stale.display()
            );
        }
    }
    let listener = std::os::unix::net::UnixListener::bind(path)
        .map_err(|err| format!("cannot listen on {}: {err}", path.display()))?;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
        .map_err(|err| format!("cannot make {} private: {err}", path.display()))?;
    socket::existing_socket(path)?;
    listener
        .set_nonblocking(true)
        .map_err(|err| format!("cannot use {}: {err}", path.display()))?;
    Ok((listener, lock))
}

/// A file's device and inode.
fn identity(path: &Path) -> Option<(u64, u64)> {
    std::fs::symlink_metadata(path)
        .ok()
        .map(|m| (m.dev(), m.ino()))
}

/// Removes the socket if it is still the one this daemon bound.
fn remove_socket(path: &Path, bound: Option<(u64, u64)>) {
    let now = identity(path);
    if now.is_some() && now == bound {
        let _ = std::fs::remove_file(path);
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
