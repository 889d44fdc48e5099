//! A `boardls daemon` on a Unix socket for the fault tests: started by the
//! test (its stderr collected), and what it holds, as `boardls/status`
//! and `/proc` tell, to see that a session that ended left nothing.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::client::{
    Server, TIMEOUT, TempDir, fast_poll, file_uri, stderr_lines, stop_daemon, terminate,
};

/// `boardls` with the tests' fast poll.
pub fn boardls() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_boardls"));
    fast_poll(&mut command);
    command
}

/// A `boardls daemon` the test started, its stderr collected.
pub struct UnixDaemon {
    pub child: Child,
    pub socket: PathBuf,
    log: Receiver<String>,
    /// The lines received so far.
    seen: std::cell::RefCell<Vec<String>>,
}

impl UnixDaemon {
    /// Starts it (`idle`: its idle timeout in seconds) and waits until it
    /// listens.
    pub fn start(socket: &Path, idle: &str) -> UnixDaemon {
        UnixDaemon::start_with(socket, idle, |_| {})
    }

    /// Starts it as the user `uid` (the tests' own when `None`).
    pub fn start_as(socket: &Path, idle: &str, uid: Option<u32>) -> UnixDaemon {
        UnixDaemon::start_with(socket, idle, |command| {
            if let Some(uid) = uid {
                use std::os::unix::process::CommandExt as _;
                command.uid(uid).gid(uid);
            }
        })
    }

    /// [`UnixDaemon::start`], after `configure` adjusts its command.
    pub fn start_with(
        socket: &Path,
        idle: &str,
        configure: impl FnOnce(&mut Command),
    ) -> UnixDaemon {
        let mut command = boardls();
        command
            .arg("daemon")
            .arg("--socket")
            .arg(socket)
            .args(["--idle-timeout", idle])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        configure(&mut command);
        let mut child = command.spawn().expect("spawn the daemon");
        let log = stderr_lines(&mut child);
        let daemon = UnixDaemon {
            child,
            socket: socket.to_path_buf(),
            log,
            seen: Default::default(),
        };
        daemon.expect_line("listening on");
        daemon
    }

    /// The first line (received so far, or next) that holds `text`.
    pub fn expect_line(&self, text: &str) -> String {
        if let Some(line) = self.seen.borrow().iter().find(|l| l.contains(text)) {
            return line.clone();
        }
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.log.recv_timeout(left) {
                Ok(line) => {
                    self.seen.borrow_mut().push(line.clone());
                    if line.contains(text) {
                        return line;
                    }
                }
                Err(_) => panic!("the daemon never said {text:?}: {:?}", self.seen.borrow()),
            }
        }
    }

    /// Whether it said `text` so far (without waiting).
    pub fn said(&self, text: &str) -> bool {
        while let Ok(line) = self.log.try_recv() {
            self.seen.borrow_mut().push(line);
        }
        self.seen.borrow().iter().any(|l| l.contains(text))
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Whether the process still runs.
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Waits for it to exit; its status code.
    pub fn wait(&mut self, within: Duration) -> Option<i32> {
        let deadline = Instant::now() + within;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.code();
            }
            assert!(Instant::now() < deadline, "the daemon did not exit");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Its open file descriptors.
    pub fn fds(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/fd", self.pid()))
            .map(Iterator::count)
            .unwrap_or(0)
    }
}

impl Drop for UnixDaemon {
    fn drop(&mut self) {
        terminate(&mut self.child);
        stop_daemon(&self.socket);
    }
}

/// The client capabilities of an editor that does not watch files (the
/// daemon polls its folders for it), with progress.
pub fn polled_caps() -> Value {
    json!({
        "general": {"positionEncodings": ["utf-16"]},
        "window": {"workDoneProgress": true},
        "textDocument": {"publishDiagnostics": {"versionSupport": true}}
    })
}

/// Initializes `server` on the workspace folder `ws` and waits for its
/// scan to end.
pub fn initialize_on(server: &mut Server, ws: &TempDir) {
    server.initialize_with(json!({
        "processId": null,
        "capabilities": polled_caps(),
        "workspaceFolders": [{"uri": file_uri(ws.path()), "name": "ws"}],
    }));
    server.progress_end();
}

/// What the daemon holds for its sessions: the counts of
/// `boardls/status` and its open file descriptors.
pub const HELD: [&str; 6] = [
    "sessions",
    "openDocuments",
    "leasedFolders",
    "pollers",
    "outboxThreads",
    "tasks",
];

/// What `daemon` holds now, asked through `server`'s session.
pub fn held(server: &mut Server, daemon: &UnixDaemon) -> Value {
    let status = server.request("boardls/status", Value::Null);
    let mut held = serde_json::Map::new();
    for key in HELD {
        held.insert(key.to_owned(), status[key].clone());
    }
    held.insert("fds".to_owned(), json!(daemon.fds()));
    Value::Object(held)
}

/// Waits until `daemon` holds no more than `baseline` again (a task that
/// was running then may have ended since); fails with both after
/// [`TIMEOUT`].
pub fn back_to(server: &mut Server, daemon: &UnixDaemon, baseline: &Value) {
    let deadline = Instant::now() + TIMEOUT;
    loop {
        let now = held(server, daemon);
        let within = |key: &str| now[key].as_u64() <= baseline[key].as_u64();
        if HELD.iter().all(|key| within(key)) && within("fds") {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the daemon still holds {now}, not {baseline} as before"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Sends SIGKILL to `pid`.
pub fn kill9(pid: u32) {
    // SAFETY: kill has no memory effects.
    unsafe { libc::kill(pid as i32, libc::SIGKILL) };
}
