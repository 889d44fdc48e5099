//! Where the daemon's socket lives, and the checks that keep it the user's
//! own (gopls `-remote=auto`, biome `lsp-proxy`): Unix only
//! (`transport_unix.rs` serves and dials it).
//!
//! - The default socket is per user and per build:
//!   `$XDG_RUNTIME_DIR/boardls/boardls-VERSION-BUILD.sock`, or, without a
//!   runtime directory, `$TMPDIR/boardls-UID/…` (`/tmp` when `TMPDIR` is
//!   unset). BUILD is a short hash of the executable's path and
//!   modification time, so a rebuilt or another copy of boardls starts a
//!   daemon of its own instead of talking to an older one.
//! - The socket's directory must be a real directory (not a symbolic
//!   link), owned by the user, with no group or other permission bits;
//!   a missing one is made with mode 0700. The socket must be a socket
//!   (not a link), owned by the user, with no group or other bits (it is
//!   made 0600). Anything else is refused, with a message that says why.
//! - One daemon per socket: it holds an exclusive `flock` on `SOCKET.lock`
//!   (its process id inside) for its whole life. A socket file whose lock
//!   nobody holds and that refuses connections is stale (its daemon was
//!   killed) and is replaced.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write as _};
use std::os::fd::AsRawFd as _;
use std::os::unix::fs::{DirBuilderExt as _, FileTypeExt as _, MetadataExt as _, OpenOptionsExt};
use std::path::{Path, PathBuf};

use super::build_id::build_id;

/// `sun_path` holds 108 bytes with the terminating NUL.
const MAX_SOCKET_PATH: usize = 107;

/// The effective user id.
pub fn uid() -> u32 {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() }
}

/// `Ok` when the process at the other end of `stream` runs as this user;
/// otherwise who it is (`user N`, or why that could not be told), for the
/// refusal.
pub fn check_peer(stream: &tokio::net::UnixStream) -> Result<(), String> {
    match stream.peer_cred() {
        Ok(cred) if cred.uid() == uid() => Ok(()),
        Ok(cred) => Err(format!("user {}", cred.uid())),
        Err(err) => Err(format!("an unknown user ({err})")),
    }
}

/// The directory of the default socket (see the module comment).
pub fn default_dir() -> PathBuf {
    match std::env::var_os("XDG_RUNTIME_DIR").map(PathBuf::from) {
        Some(dir) if dir.is_absolute() && dir.is_dir() => dir.join("boardls"),
        _ => std::env::temp_dir().join(format!("boardls-{}", uid())),
    }
}

/// The default socket: per user (its directory) and per build (its name).
pub fn default_path() -> PathBuf {
    default_dir().join(format!(
        "boardls-{}-{}.sock",
        env!("CARGO_PKG_VERSION"),
        build_id()
    ))
}

/// Where a path's lock and log files go: beside it, with a suffix.
pub fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// The socket path made absolute, checked for length.
pub fn socket_path(path: &Path) -> Result<PathBuf, String> {
    let path = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()
            .map_err(|err| format!("cannot resolve {}: {err}", path.display()))?
            .join(path)
    };
    if path.as_os_str().len() > MAX_SOCKET_PATH {
        return Err(format!(
            "the socket path {} is longer than the {MAX_SOCKET_PATH} bytes a Unix socket may have; \
             choose a shorter one with --socket",
            path.display()
        ));
    }
    if path.file_name().is_none() {
        return Err(format!("{} names no socket file", path.display()));
    }
    Ok(path)
}

/// The directory a socket is in.
pub fn dir_of(path: &Path) -> &Path {
    path.parent().unwrap_or(Path::new("/"))
}

/// What must hold of each file the daemon trusts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Dir,
    Socket,
    File,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Dir => "directory",
            Kind::Socket => "socket",
            Kind::File => "file",
        }
    }

    fn is(self, metadata: &fs::Metadata) -> bool {
        let file_type = metadata.file_type();
        match self {
            Kind::Dir => file_type.is_dir(),
            Kind::Socket => file_type.is_socket(),
            Kind::File => file_type.is_file(),
        }
    }
}

/// Refuses anything but the user's own `kind`, not a link, without group
/// or other permission bits. `metadata` is the path's own (`lstat`).
fn check(path: &Path, metadata: &fs::Metadata, kind: Kind) -> Result<(), String> {
    let shown = path.display();
    let what = kind.name();
    if metadata.file_type().is_symlink() {
        return Err(format!(
            "refusing the {what} {shown}: it is a symbolic link, which could lead anywhere"
        ));
    }
    if !kind.is(metadata) {
        return Err(format!("refusing {shown}: it is not a {what}"));
    }
    if metadata.uid() != uid() {
        return Err(format!(
            "refusing the {what} {shown}: it belongs to user {}, not to you (user {})",
            metadata.uid(),
            uid()
        ));
    }
    let mode = metadata.mode() & 0o777;
    if mode & 0o077 != 0 {
        let wanted = if kind == Kind::Dir { "700" } else { "600" };
        return Err(format!(
            "refusing the {what} {shown}: its mode is {mode:03o}, so other users may use it; \
             it must have no group or other permissions (chmod {wanted} {shown})"
        ));
    }
    Ok(())
}

/// Checks the socket's directory; a missing one is made (mode 0700, as
/// are missing folders above it) when `create`.
pub fn private_dir(dir: &Path, create: bool) -> Result<(), String> {
    match fs::symlink_metadata(dir) {
        Ok(metadata) => check(dir, &metadata, Kind::Dir),
        Err(err) if err.kind() == io::ErrorKind::NotFound && create => {
            match fs::DirBuilder::new()
                .recursive(true)
                .mode(0o700)
                .create(dir)
            {
                Ok(()) => {}
                // Made by someone else meanwhile: checked below like any.
                Err(err) if err.kind() == io::ErrorKind::AlreadyExists => {}
                Err(err) => return Err(format!("cannot make {}: {err}", dir.display())),
            }
            let metadata = fs::symlink_metadata(dir)
                .map_err(|err| format!("cannot use {}: {err}", dir.display()))?;
            check(dir, &metadata, Kind::Dir)
        }
        Err(err) => Err(format!("cannot use {}: {err}", dir.display())),
    }
}

/// Whether a socket file is there; refused when something else (a link, a
/// file, another user's socket, a socket others may use) is.
pub fn existing_socket(path: &Path) -> Result<bool, String> {
    match fs::symlink_metadata(path) {
        Ok(metadata) => check(path, &metadata, Kind::Socket).map(|()| true),
        Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(false),
        Err(err) => Err(format!("cannot use {}: {err}", path.display())),
    }
}

/// Checks a file the user gave (a token file): the user's own regular file,
/// not a link. Group or other permissions are not refused (the user chose
/// the file) but are returned as a warning.
pub fn own_file(path: &Path) -> Result<Option<String>, String> {
    let metadata = fs::symlink_metadata(path)
        .map_err(|err| format!("cannot read {}: {err}", path.display()))?;
    match check(path, &metadata, Kind::File) {
        Ok(()) => Ok(None),
        Err(_) if Kind::File.is(&metadata) && metadata.uid() == uid() => Ok(Some(format!(
            "{} may be read by other users (mode {:03o}); anyone who can read it can use the \
             server (chmod 600 {})",
            path.display(),
            metadata.mode() & 0o777,
            path.display()
        ))),
        Err(message) => Err(message),
    }
}

/// Creates a new file only the user may read (0600, never through a link),
/// failing if the path exists.
pub fn create_private_file(path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW)
        .open(path)
}

/// Opens (creating it, 0600) a file to append to, never through a link,
/// checked like the daemon's other files; over `max` bytes it starts anew.
pub fn private_log(path: &Path, max: u64) -> Result<File, String> {
    let (file, metadata) = open_checked(path, OpenOptions::new().append(true))?;
    if metadata.len() > max {
        let _ = file.set_len(0);
    }
    Ok(file)
}

/// Opens `path` with `options`, creating it 0600, never through a link,
/// and checks it is the user's own private file.
fn open_checked(path: &Path, options: &mut OpenOptions) -> Result<(File, fs::Metadata), String> {
    let file = options
        .create(true)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW)
        .open(path)
        .map_err(|err| format!("cannot open {}: {err}", path.display()))?;
    let metadata = file
        .metadata()
        .map_err(|err| format!("cannot use {}: {err}", path.display()))?;
    check(path, &metadata, Kind::File)?;
    Ok((file, metadata))
}

/// The exclusive lock that makes one daemon per socket.
pub struct Lock {
    file: File,
    path: PathBuf,
}

impl Lock {
    /// Takes the lock at `path` (made 0600 if missing): `None` when another
    /// process holds it.
    pub fn acquire(path: &Path) -> Result<Option<Lock>, String> {
        // A holder that ends removes the file; whoever opened it just
        // before then locks a file nobody else will open. So the lock
        // counts only if the path still names the file locked.
        for _ in 0..16 {
            let (file, metadata) = open_checked(
                path,
                OpenOptions::new().read(true).write(true).truncate(false),
            )?;
            if !flock_soon(&file)? {
                return Ok(None);
            }
            match fs::symlink_metadata(path) {
                Ok(now) if now.dev() == metadata.dev() && now.ino() == metadata.ino() => {
                    let mut lock = Lock {
                        file,
                        path: path.to_path_buf(),
                    };
                    lock.write_pid();
                    return Ok(Some(lock));
                }
                _ => continue,
            }
        }
        Err(format!("cannot take the lock {}", path.display()))
    }

    fn write_pid(&mut self) {
        let _ = self.file.set_len(0);
        let _ = writeln!(self.file, "{}", std::process::id());
    }

    /// Removes the lock file, then lets go of the lock.
    pub fn release(self) {
        let _ = fs::remove_file(&self.path);
        drop(self.file);
    }
}

/// [`try_flock`], tried a few times over 50 ms: a forwarder looking at
/// the lock ([`lock_held`]) holds it for an instant, a daemon for its life.
fn flock_soon(file: &File) -> Result<bool, String> {
    for _ in 0..5 {
        if try_flock(file)? {
            return Ok(true);
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    Ok(false)
}

/// `flock(LOCK_EX | LOCK_NB)`: false when another process holds it.
fn try_flock(file: &File) -> Result<bool, String> {
    // SAFETY: the descriptor is open for as long as `file` lives.
    let done = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    if done == 0 {
        return Ok(true);
    }
    let err = io::Error::last_os_error();
    if err.kind() == io::ErrorKind::WouldBlock {
        Ok(false)
    } else {
        Err(format!("cannot lock: {err}"))
    }
}

/// Whether some process holds the lock at `path` (a daemon that serves,
/// or is starting to); the file is neither made nor changed.
pub fn lock_held(path: &Path) -> bool {
    let Ok(file) = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW)
        .open(path)
    else {
        return false;
    };
    match try_flock(&file) {
        Ok(true) => {
            // Taken only to look: let go at once.
            // SAFETY: the descriptor is open for as long as `file` lives.
            unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_UN) };
            false
        }
        Ok(false) => true,
        Err(_) => false,
    }
}

/// Whether a daemon answers on the socket.
pub fn answers(path: &Path) -> bool {
    std::os::unix::net::UnixStream::connect(path).is_ok()
}

/// Removes the sockets of other builds in the default directory that no
/// daemon serves any more (their daemon was killed), with their lock and
/// log files; returns what was removed.
pub fn purge_stale(dir: &Path, keep: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut removed = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if path == keep || !name.starts_with("boardls-") || !name.ends_with(".sock") {
            continue;
        }
        if !matches!(existing_socket(&path), Ok(true)) {
            continue;
        }
        // Its daemon, while it lives, holds the lock.
        let lock = beside(&path, ".lock");
        let held = match fs::symlink_metadata(&lock) {
            Ok(_) => match Lock::acquire(&lock) {
                Ok(Some(lock)) => Some(lock),
                _ => continue,
            },
            Err(_) => None,
        };
        if answers(&path) {
            continue;
        }
        let _ = fs::remove_file(&path);
        let _ = fs::remove_file(beside(&path, ".log"));
        if let Some(held) = held {
            held.release();
        }
        removed.push(path);
    }
    removed
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::PermissionsExt as _;
    use std::path::PathBuf;

    use crate::launch::daemon::socket::{Lock, beside, existing_socket, lock_held, private_dir};

    fn temp(name: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("boardls-sock-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        path
    }

    fn chmod(path: &std::path::Path, mode: u32) {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
            .unwrap_or_else(|e| panic!("{e}"));
    }

    #[test]
    fn directories_are_made_private_and_checked() {
        let dir = temp("dir");
        assert_eq!(private_dir(&dir, false).map_err(|_| ()), Err(()));
        assert_eq!(private_dir(&dir, true), Ok(()));
        let mode = std::fs::metadata(&dir).map(|m| m.permissions().mode() & 0o777);
        assert_eq!(mode.ok(), Some(0o700));
        chmod(&dir, 0o750);
        let refused = private_dir(&dir, true);
        assert!(
            refused
                .as_ref()
                .is_err_and(|m| m.contains("750") && m.contains("chmod 700")),
            "{refused:?}"
        );
        chmod(&dir, 0o700);
        let link = temp("dir-link");
        std::os::unix::fs::symlink(&dir, &link).unwrap_or_else(|e| panic!("{e}"));
        let refused = private_dir(&link, true);
        assert!(
            refused.as_ref().is_err_and(|m| m.contains("symbolic link")),
            "{refused:?}"
        );
        let _ = std::fs::remove_file(&link);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn sockets_must_be_sockets_of_mode_600() {
        let dir = temp("socket");
        assert_eq!(private_dir(&dir, true), Ok(()));
        let path = dir.join("s.sock");
        assert_eq!(existing_socket(&path), Ok(false));
        let listener =
            std::os::unix::net::UnixListener::bind(&path).unwrap_or_else(|e| panic!("{e}"));
        chmod(&path, 0o600);
        assert_eq!(existing_socket(&path), Ok(true));
        chmod(&path, 0o660);
        assert!(existing_socket(&path).is_err());
        drop(listener);
        let _ = std::fs::remove_file(&path);
        std::fs::write(&path, "").unwrap_or_else(|e| panic!("{e}"));
        assert!(existing_socket(&path).is_err_and(|m| m.contains("not a socket")));
        let _ = std::fs::remove_file(&path);
        std::os::unix::fs::symlink(dir.join("elsewhere"), &path).unwrap_or_else(|e| panic!("{e}"));
        assert!(existing_socket(&path).is_err_and(|m| m.contains("symbolic link")));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn one_holder_of_a_lock_at_a_time() {
        let dir = temp("lock");
        assert_eq!(private_dir(&dir, true), Ok(()));
        let path = beside(&dir.join("s.sock"), ".lock");
        let first = Lock::acquire(&path);
        assert!(matches!(first, Ok(Some(_))));
        // flock locks belong to the open file: a second open is refused
        // even in the same process.
        assert!(matches!(Lock::acquire(&path), Ok(None)));
        if let Ok(Some(lock)) = first {
            lock.release();
        }
        assert!(!path.exists());
        assert!(!lock_held(&path));
        let again = Lock::acquire(&path);
        assert!(matches!(again, Ok(Some(_))));
        assert!(lock_held(&path), "a holder is seen");
        drop(again);
        assert!(!lock_held(&path));
        // Looking holds the lock for an instant: a daemon taking it then
        // still gets it.
        let looking = {
            let path = path.clone();
            std::thread::spawn(move || {
                for _ in 0..2000 {
                    lock_held(&path);
                }
            })
        };
        for _ in 0..20 {
            let taken = Lock::acquire(&path);
            assert!(matches!(taken, Ok(Some(_))), "refused while only looked at");
        }
        let _ = looking.join();
        let _ = std::fs::remove_dir_all(&dir);
    }
}
