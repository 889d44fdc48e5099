//! The daemon on Windows: a named pipe per user and build,
//! `\\.\pipe\boardls-USER-VERSION-BUILD` (as Biome's daemon does), instead
//! of a Unix socket.
//!
//! - The pipe is created with a security descriptor whose only entry
//!   admits the user's own SID (`D:P(A;;GA;;;SID)`), so no other user can
//!   open it, and its first instance with `FILE_FLAG_FIRST_PIPE_INSTANCE`:
//!   while a daemon serves the name, anyone else's server of that name is
//!   refused. One daemon per pipe: it holds `NAME.lock` in the log's folder
//!   open with no sharing for its life (Wine 8 ignores the first-instance
//!   flag, so the flag alone is not enough there); the system closes it
//!   with its daemon, and the pipe goes too: nothing stale is left behind.
//! - Each end checks the other's process runs as the same user
//!   (`GetNamedPipeClientProcessId`, `GetNamedPipeServerProcessId`, the
//!   process token's user), as the Unix socket checks the peer's
//!   credentials: a pipe of the same name made first by another user is
//!   refused.
//! - The log (and the TCP token) live in `%LOCALAPPDATA%\boardls`, whose
//!   access the user's profile folder gives: the user, administrators and
//!   the system. A link there is refused; access lists are not read.
//! - A spawned daemon is detached (`DETACHED_PROCESS`, a console process
//!   group of its own), inherits none of the editor's pipes, and stops on
//!   Ctrl-C, Ctrl-Break or its console closing (a detached one has none:
//!   it ends when idle, or by `taskkill`).

use std::ffi::{OsStr, OsString};
use std::fs::{self, File, OpenOptions};
use std::io;
use std::os::windows::ffi::{OsStrExt as _, OsStringExt as _};
use std::os::windows::fs::OpenOptionsExt as _;
use std::os::windows::io::AsRawHandle as _;
use std::os::windows::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use tokio::net::windows::named_pipe::{ClientOptions, NamedPipeServer, ServerOptions};
use windows_sys::Win32::Foundation::{
    CloseHandle, ERROR_ACCESS_DENIED, ERROR_PIPE_BUSY, ERROR_SHARING_VIOLATION, HANDLE,
    HANDLE_FLAG_INHERIT, LocalFree, SetHandleInformation,
};
use windows_sys::Win32::Security::Authorization::{
    ConvertSidToStringSidW, ConvertStringSecurityDescriptorToSecurityDescriptorW, SDDL_REVISION_1,
};
use windows_sys::Win32::Security::{
    GetTokenInformation, PSECURITY_DESCRIPTOR, SECURITY_ATTRIBUTES, TOKEN_QUERY, TOKEN_USER,
    TokenUser,
};
use windows_sys::Win32::Storage::FileSystem::FILE_FLAG_OPEN_REPARSE_POINT;
use windows_sys::Win32::System::Console::{
    GetStdHandle, STD_ERROR_HANDLE, STD_INPUT_HANDLE, STD_OUTPUT_HANDLE,
};
use windows_sys::Win32::System::Pipes::{GetNamedPipeClientProcessId, GetNamedPipeServerProcessId};
use windows_sys::Win32::System::Threading::{
    CREATE_NEW_PROCESS_GROUP, DETACHED_PROCESS, GetCurrentProcess, OpenProcess, OpenProcessToken,
    PROCESS_QUERY_LIMITED_INFORMATION,
};
use windows_sys::Win32::System::WindowsProgramming::GetUserNameW;

use super::build_id::build_id;

/// A connection's halves, whatever carries it.
pub type Halves = (
    Box<dyn tokio::io::AsyncRead + Unpin + Send>,
    Box<dyn tokio::io::AsyncWrite + Unpin + Send>,
);

/// What stops a daemon or a TCP server, in words.
pub const STOP_SIGNALS: boardls_engine::i18n::Message =
    boardls_engine::i18n::message!("show-stop-signals-windows");

/// Where every named pipe's name starts.
const PIPE_PREFIX: &str = r"\\.\pipe\";

/// Nothing to do: what the daemon creates goes in the user's profile
/// (`%LOCALAPPDATA%`), whose access list its files inherit.
pub fn private_files() {}

/// Where a daemon is reached: a named pipe, its log and its lock.
pub struct Endpoint {
    pipe: String,
    log: PathBuf,
    lock: PathBuf,
}

/// What dialling found.
pub enum Dialled {
    /// A daemon of this user answered.
    Connected(Halves),
    /// None answered; `starting` when the pipe is there but every instance
    /// is busy (a daemon is making its next one), or a daemon holds the
    /// lock (it is starting): wait for it rather than start another.
    Absent { starting: bool },
}

impl Endpoint {
    /// `--socket NAME` (or `--connect NAME`): a pipe name, `\\.\pipe\NAME`
    /// or `NAME` alone; else the per-user default.
    pub fn resolve(given: Option<&Path>) -> Result<Endpoint, String> {
        let name = match given {
            None => format!(
                "boardls-{}-{}-{}",
                user_name(),
                env!("CARGO_PKG_VERSION"),
                build_id()
            ),
            Some(given) => pipe_name(given)?,
        };
        Ok(Endpoint {
            log: default_dir().join(format!("{name}.log")),
            lock: default_dir().join(format!("{name}.lock")),
            pipe: format!("{PIPE_PREFIX}{name}"),
        })
    }

    /// The pipe, for messages.
    pub fn shown(&self) -> String {
        self.pipe.clone()
    }

    /// What `boardls daemon --socket` is given to serve here.
    pub fn arg(&self) -> &OsStr {
        OsStr::new(&self.pipe)
    }

    /// The daemon's log, in the user's folder for boardls.
    pub fn log(&self) -> PathBuf {
        self.log.clone()
    }

    /// Checks (makes, when missing) the folder the log goes into.
    pub fn make_dir(&self) -> Result<(), String> {
        private_dir(&default_dir(), true)
    }

    /// Opens the pipe, and checks the daemon behind it runs as this user.
    pub async fn dial(&self) -> Result<Dialled, String> {
        match ClientOptions::new().open(&self.pipe) {
            Ok(client) => {
                let handle = client.as_raw_handle() as HANDLE;
                let mut pid = 0;
                // SAFETY: `handle` is the open client end; `pid` is written.
                let known = unsafe { GetNamedPipeServerProcessId(handle, &raw mut pid) } != 0;
                let peer = if known {
                    same_user(pid)
                } else {
                    Err(format!("an unknown user ({})", io::Error::last_os_error()))
                };
                if let Err(peer) = peer {
                    return Err(format!(
                        "refusing the daemon on {}: it runs as {peer}, not as you",
                        self.pipe
                    ));
                }
                let (input, output) = tokio::io::split(client);
                Ok(Dialled::Connected((Box::new(input), Box::new(output))))
            }
            Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(Dialled::Absent {
                starting: Lock::held(&self.lock),
            }),
            Err(err) if err.raw_os_error() == Some(ERROR_PIPE_BUSY as i32) => {
                Ok(Dialled::Absent { starting: true })
            }
            Err(err) if err.raw_os_error() == Some(ERROR_ACCESS_DENIED as i32) => Err(format!(
                "refusing the pipe {}: another user's program holds its name",
                self.pipe
            )),
            Err(err) => Err(format!("cannot connect to {}: {err}", self.pipe)),
        }
    }
}

/// The pipe name `--socket` gives: `\\.\pipe\NAME` or `NAME`.
fn pipe_name(given: &Path) -> Result<String, String> {
    let text = given.to_string_lossy();
    let name = match text.get(..PIPE_PREFIX.len()) {
        Some(prefix) if prefix.eq_ignore_ascii_case(PIPE_PREFIX) => &text[PIPE_PREFIX.len()..],
        _ => &text,
    };
    if name.is_empty() || name.contains(['\\', '/']) {
        return Err(format!(
            "{text} is not a pipe name: on Windows the daemon listens on a named pipe, \
             given as \\\\.\\pipe\\NAME or NAME"
        ));
    }
    Ok(name.to_owned())
}

/// The user's name, for the default pipe's (a backslash, which a pipe name
/// cannot hold, made `_`).
fn user_name() -> String {
    let mut buffer = [0u16; 257];
    let mut len = buffer.len() as u32;
    // SAFETY: `buffer` holds `len` UTF-16 units; `len` is written.
    let named = unsafe { GetUserNameW(buffer.as_mut_ptr(), &raw mut len) } != 0;
    let name = if named {
        let end = (len as usize).saturating_sub(1).min(buffer.len());
        OsString::from_wide(&buffer[..end])
            .to_string_lossy()
            .into_owned()
    } else {
        std::env::var("USERNAME").unwrap_or_else(|_| "user".to_owned())
    };
    name.replace(['\\', '/'], "_")
}

/// A spawned daemon, detached: no console, a console process group of its
/// own, none of the forwarder's handles (the editor's pipes) inherited, its
/// working folder the log's.
pub fn detach(command: &mut Command) {
    command.creation_flags(DETACHED_PROCESS | CREATE_NEW_PROCESS_GROUP);
    command.current_dir(default_dir());
    for which in [STD_INPUT_HANDLE, STD_OUTPUT_HANDLE, STD_ERROR_HANDLE] {
        // SAFETY: the process's own standard handles; a failure leaves the
        // flag as it was.
        unsafe {
            let handle = GetStdHandle(which);
            if !handle.is_null() {
                SetHandleInformation(handle, HANDLE_FLAG_INHERIT, 0);
            }
        }
    }
}

/// The daemon's pipe: the instance waiting for the next client.
pub struct Listener {
    pipe: String,
    security: OwnerOnly,
    next: Option<NamedPipeServer>,
    lock: Lock,
}

impl Listener {
    /// Creates the pipe's first instance, admitting only this user; refused
    /// when a server (another daemon) already has the name. Inside the
    /// runtime.
    pub fn bind(given: Option<&Path>) -> Result<Listener, String> {
        let endpoint = Endpoint::resolve(given)?;
        endpoint.make_dir()?;
        let Some(lock) = Lock::acquire(&endpoint.lock)? else {
            return Err(format!(
                "another daemon already serves {} (it holds {})",
                endpoint.pipe,
                endpoint.lock.display()
            ));
        };
        let pipe = endpoint.pipe;
        let security = OwnerOnly::new()?;
        let first = security.create(&pipe, true).map_err(|err| {
            if err.raw_os_error() == Some(ERROR_ACCESS_DENIED as i32) {
                format!("another daemon already serves {pipe} (or another program holds the name)")
            } else {
                format!("cannot listen on {pipe}: {err}")
            }
        })?;
        Ok(Listener {
            pipe,
            security,
            next: Some(first),
            lock,
        })
    }

    /// The pipe, for messages.
    pub fn shown(&self) -> String {
        self.pipe.clone()
    }

    /// The next connection: its halves, or, from another user, who that is
    /// (it is closed).
    pub async fn accept(&mut self) -> io::Result<Result<Halves, String>> {
        let server = match self.next.take() {
            Some(server) => server,
            None => self.security.create(&self.pipe, false)?,
        };
        server.connect().await?;
        // The next client finds an instance at once (or, if it cannot be
        // made now, the next accept makes it).
        self.next = self.security.create(&self.pipe, false).ok();
        let mut pid = 0;
        let handle = server.as_raw_handle() as HANDLE;
        // SAFETY: `handle` is the connected server end; `pid` is written.
        if unsafe { GetNamedPipeClientProcessId(handle, &raw mut pid) } == 0 {
            return Ok(Err(format!(
                "an unknown user ({})",
                io::Error::last_os_error()
            )));
        }
        if let Err(peer) = same_user(pid) {
            return Ok(Err(peer));
        }
        let (input, output) = tokio::io::split(server);
        Ok(Ok((Box::new(input), Box::new(output))))
    }

    /// Lets go of the lock (the pipe goes with its last handle).
    pub fn close(self) {
        drop(self.next);
        self.lock.release();
    }
}

/// The file a daemon holds open, unshared, for its life: one daemon per
/// pipe.
struct Lock {
    file: File,
    path: PathBuf,
}

impl Lock {
    /// Opens the lock unshared: `None` when another process holds it.
    fn acquire(path: &Path) -> Result<Option<Lock>, String> {
        match Lock::open(path, true) {
            Ok(file) => Ok(Some(Lock {
                file,
                path: path.to_path_buf(),
            })),
            Err(err) if err.raw_os_error() == Some(ERROR_SHARING_VIOLATION as i32) => Ok(None),
            Err(err) => Err(format!("cannot take the lock {}: {err}", path.display())),
        }
    }

    /// Whether some process holds the lock at `path`; the file is not made.
    fn held(path: &Path) -> bool {
        matches!(
            Lock::open(path, false),
            Err(err) if err.raw_os_error() == Some(ERROR_SHARING_VIOLATION as i32)
        )
    }

    fn open(path: &Path, create: bool) -> io::Result<File> {
        OpenOptions::new()
            .read(true)
            .write(create)
            .create(create)
            .truncate(false)
            .share_mode(0)
            .custom_flags(FILE_FLAG_OPEN_REPARSE_POINT)
            .open(path)
    }

    /// Removes the lock file, then lets go of it.
    fn release(self) {
        drop(self.file);
        let _ = fs::remove_file(&self.path);
    }
}

/// A security descriptor whose only entry gives the user all access.
struct OwnerOnly {
    descriptor: PSECURITY_DESCRIPTOR,
}

// SAFETY: the descriptor is read-only once made, and freed once on drop.
unsafe impl Send for OwnerOnly {}
// SAFETY: as above.
unsafe impl Sync for OwnerOnly {}

impl OwnerOnly {
    fn new() -> Result<OwnerOnly, String> {
        let sid = current_user().map_err(|err| format!("cannot tell who you are: {err}"))?;
        let sddl = wide(&format!("D:P(A;;GA;;;{sid})"));
        let mut descriptor: PSECURITY_DESCRIPTOR = std::ptr::null_mut();
        // SAFETY: `sddl` is NUL-terminated; the descriptor is written and
        // freed with LocalFree on drop.
        let made = unsafe {
            ConvertStringSecurityDescriptorToSecurityDescriptorW(
                sddl.as_ptr(),
                SDDL_REVISION_1,
                &raw mut descriptor,
                std::ptr::null_mut(),
            )
        };
        if made == 0 {
            return Err(format!(
                "cannot make the pipe's security descriptor: {}",
                io::Error::last_os_error()
            ));
        }
        Ok(OwnerOnly { descriptor })
    }

    /// An instance of `pipe` with this descriptor; the first one refused if
    /// the pipe exists.
    fn create(&self, pipe: &str, first: bool) -> io::Result<NamedPipeServer> {
        let mut attributes = SECURITY_ATTRIBUTES {
            nLength: std::mem::size_of::<SECURITY_ATTRIBUTES>() as u32,
            lpSecurityDescriptor: self.descriptor,
            bInheritHandle: 0,
        };
        // SAFETY: `attributes` is a valid SECURITY_ATTRIBUTES whose
        // descriptor lives as long as `self`.
        unsafe {
            ServerOptions::new()
                .first_pipe_instance(first)
                .reject_remote_clients(true)
                .create_with_security_attributes_raw(pipe, (&raw mut attributes).cast())
        }
    }
}

impl Drop for OwnerOnly {
    fn drop(&mut self) {
        // SAFETY: made by ConvertStringSecurityDescriptorToSecurityDescriptorW.
        unsafe { LocalFree(self.descriptor) };
    }
}

/// `Ok` when process `pid` runs as this user; else who it runs as, or why
/// that could not be told.
fn same_user(pid: u32) -> Result<(), String> {
    let me = current_user().map_err(|err| format!("an unknown user ({err})"))?;
    // SAFETY: opening a process by id; a null handle is an error.
    let process = unsafe { OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, 0, pid) };
    if process.is_null() {
        return Err(format!("an unknown user ({})", io::Error::last_os_error()));
    }
    let theirs = user_of(process);
    // SAFETY: the handle is ours and closed once.
    unsafe { CloseHandle(process) };
    match theirs {
        Ok(sid) if sid == me => Ok(()),
        Ok(sid) => Err(format!("user {sid}")),
        Err(err) => Err(format!("an unknown user ({err})")),
    }
}

/// This process's user, as a SID string (`S-1-5-21-…`).
fn current_user() -> io::Result<String> {
    // SAFETY: the pseudo handle of this process needs no closing.
    user_of(unsafe { GetCurrentProcess() })
}

/// The user a process runs as, as a SID string.
fn user_of(process: HANDLE) -> io::Result<String> {
    let mut token: HANDLE = std::ptr::null_mut();
    // SAFETY: `process` is open; `token` is written and closed below.
    if unsafe { OpenProcessToken(process, TOKEN_QUERY, &raw mut token) } == 0 {
        return Err(io::Error::last_os_error());
    }
    let sid = token_user(token);
    // SAFETY: the handle is ours and closed once.
    unsafe { CloseHandle(token) };
    sid
}

fn token_user(token: HANDLE) -> io::Result<String> {
    // TOKEN_USER and the SID it points to, aligned for the struct.
    let mut buffer = [0u64; 64];
    let mut len = 0;
    // SAFETY: the buffer holds its size in bytes; `len` is written.
    let read = unsafe {
        GetTokenInformation(
            token,
            TokenUser,
            buffer.as_mut_ptr().cast(),
            std::mem::size_of_val(&buffer) as u32,
            &raw mut len,
        )
    };
    if read == 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: GetTokenInformation wrote a TOKEN_USER at the buffer's start.
    let user = unsafe { &*buffer.as_ptr().cast::<TOKEN_USER>() };
    let mut text: *mut u16 = std::ptr::null_mut();
    // SAFETY: the SID is valid inside `buffer`; `text` is freed below.
    if unsafe { ConvertSidToStringSidW(user.User.Sid, &raw mut text) } == 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: `text` is a NUL-terminated UTF-16 string.
    let sid = unsafe {
        let len = (0..).take_while(|&i| *text.add(i) != 0).count();
        String::from_utf16_lossy(std::slice::from_raw_parts(text, len))
    };
    // SAFETY: allocated by ConvertSidToStringSidW.
    unsafe { LocalFree(text.cast()) };
    Ok(sid)
}

/// `text` as a NUL-terminated UTF-16 string.
fn wide(text: &str) -> Vec<u16> {
    OsStr::new(text).encode_wide().chain([0]).collect()
}

/// The user's folder for boardls: `%LOCALAPPDATA%\boardls`, else one in
/// the temporary folder.
pub fn default_dir() -> PathBuf {
    match std::env::var_os("LOCALAPPDATA").map(PathBuf::from) {
        Some(dir) if dir.is_absolute() && dir.is_dir() => dir.join("boardls"),
        _ => std::env::temp_dir().join(format!("boardls-{}", user_name())),
    }
}

/// Refuses a link (a symbolic link or a junction) or anything not `kind`.
fn check(path: &Path, metadata: &fs::Metadata, what: &str, is: bool) -> Result<(), String> {
    let shown = path.display();
    if metadata.file_type().is_symlink() {
        return Err(format!(
            "refusing the {what} {shown}: it is a link, which could lead anywhere"
        ));
    }
    if !is {
        return Err(format!("refusing {shown}: it is not a {what}"));
    }
    Ok(())
}

/// Checks the folder; a missing one is made (as are missing folders above
/// it) when `create`.
pub fn private_dir(dir: &Path, create: bool) -> Result<(), String> {
    match fs::symlink_metadata(dir) {
        Ok(metadata) => check(dir, &metadata, "directory", metadata.is_dir()),
        Err(err) if err.kind() == io::ErrorKind::NotFound && create => {
            match fs::create_dir_all(dir) {
                Ok(()) => {}
                Err(err) if err.kind() == io::ErrorKind::AlreadyExists => {}
                Err(err) => return Err(format!("cannot make {}: {err}", dir.display())),
            }
            let metadata = fs::symlink_metadata(dir)
                .map_err(|err| format!("cannot use {}: {err}", dir.display()))?;
            check(dir, &metadata, "directory", metadata.is_dir())
        }
        Err(err) => Err(format!("cannot use {}: {err}", dir.display())),
    }
}

/// Checks a file the user gave (a token file): a regular file, not a link.
/// Its access list is not read, so no warning comes back.
pub fn own_file(path: &Path) -> Result<Option<String>, String> {
    let metadata = fs::symlink_metadata(path)
        .map_err(|err| format!("cannot read {}: {err}", path.display()))?;
    check(path, &metadata, "file", metadata.is_file()).map(|()| None)
}

/// Creates a new file, failing if the path exists (a link too).
pub fn create_private_file(path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .custom_flags(FILE_FLAG_OPEN_REPARSE_POINT)
        .open(path)
}

/// Opens (creating it) a file to append to, never through a link; over
/// `max` bytes it starts anew.
pub fn private_log(path: &Path, max: u64) -> Result<File, String> {
    let file = OpenOptions::new()
        .append(true)
        .create(true)
        .custom_flags(FILE_FLAG_OPEN_REPARSE_POINT)
        .open(path)
        .map_err(|err| format!("cannot open {}: {err}", path.display()))?;
    let metadata = file
        .metadata()
        .map_err(|err| format!("cannot use {}: {err}", path.display()))?;
    check(path, &metadata, "file", metadata.is_file())?;
    if metadata.len() > max {
        let _ = file.set_len(0);
    }
    Ok(file)
}

/// Ctrl-C, Ctrl-Break, or the console closing.
pub async fn stop_signal() {
    use tokio::signal::windows::{ctrl_break, ctrl_c, ctrl_close};
    let (Ok(mut c), Ok(mut brk), Ok(mut close)) = (ctrl_c(), ctrl_break(), ctrl_close()) else {
        return std::future::pending().await;
    };
    tokio::select! {
        _ = c.recv() => {}
        _ = brk.recv() => {}
        _ = close.recv() => {}
    }
}
