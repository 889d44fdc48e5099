//! Many sessions on one `boardls daemon`, as editors reach it: a workspace
//! of board files, the daemon process (its memory read from `/proc`), and
//! raw LSP sessions over its Unix socket that type, flood and measure the
//! time from each `didChange` to the `publishDiagnostics` of its version.
//! The load tests (`tests/it/daemon/load.rs`), the soak
//! (`support/daemon_soak.rs`) and `benches/daemon_load.rs` share it.

#![allow(dead_code)]

use std::collections::{HashMap, VecDeque};
use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use boardls_engine::games::GameKind;
use serde_json::{Value, json};

use super::boards::{Rng, dense_go9};

/// Boards in each quiet file of the workspace.
pub const BOARDS_PER_FILE: usize = 10;

/// A `.go9` file of `boards` boards without any diagnostic (sparse random
/// boards, drawn again until the engine finds nothing on them).
pub fn quiet_go9(rng: &mut Rng, boards: usize) -> String {
    let mut text = format!("{boards}\n");
    for i in 0..boards {
        if i > 0 {
            text.push('\n');
        }
        loop {
            let board: String = (0..9)
                .map(|_| {
                    let row: String = (0..9).map(|_| char::from(rng.pick(b"......xo"))).collect();
                    row + "\n"
                })
                .collect();
            if boardls_engine::syntax::diagnose(GameKind::Go9, &format!("1\n{board}")).is_empty() {
                text.push_str(&board);
                break;
            }
        }
    }
    text
}

/// Where the cell (`board`, `row`, `col`) of a `.go9` file with a count
/// line lies: its line and byte column.
pub fn go9_cell(board: usize, row: usize, col: usize) -> (usize, usize) {
    (1 + board * 10 + row, col)
}

/// The workspace of the load: `files` board files in a few folders, every
/// fourth one with findings (random boards: groups to capture), the others
/// quiet. Returns the quiet files' paths, which the sessions open and edit.
pub fn write_workspace(dir: &Path, files: usize) -> Vec<PathBuf> {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut quiet = Vec::new();
    for i in 0..files {
        let folder = dir.join(format!("set{:02}", i / 100));
        std::fs::create_dir_all(&folder).expect("create a workspace folder");
        let path = folder.join(format!("f{i:04}.go9"));
        let text = if i % 4 == 3 {
            noisy_go9(&mut rng, BOARDS_PER_FILE)
        } else {
            quiet.push(path.clone());
            quiet_go9(&mut rng, BOARDS_PER_FILE)
        };
        std::fs::write(&path, text).expect("write a board file");
    }
    quiet
}

/// Random boards: most carry information findings (capturable groups).
fn noisy_go9(rng: &mut Rng, boards: usize) -> String {
    let mut text = format!("{boards}\n");
    for i in 0..boards {
        if i > 0 {
            text.push('\n');
        }
        for _ in 0..9 {
            text.extend((0..9).map(|_| char::from(rng.pick(b"..xo"))));
            text.push('\n');
        }
    }
    text
}

/// The flooder's document: `boards` dense judge-like boards (many dead
/// groups), its count line right.
pub fn dense_document(boards: usize) -> String {
    dense_go9(boards, boards, 0)
}

/// `file://` + an absolute path (the load's paths need no escaping).
pub fn uri_of(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// Resident memory of a process, in KiB (`VmRSS`); 0 when unknown.
pub fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// `boardls daemon --socket SOCKET --idle-timeout 0`, started and
/// listening; killed (SIGKILL) when dropped.
pub struct DaemonProcess {
    child: Child,
    pub socket: PathBuf,
}

impl DaemonProcess {
    pub fn start(binary: &Path, socket: &Path) -> DaemonProcess {
        let mut child = Command::new(binary)
            .arg("daemon")
            .arg("--socket")
            .arg(socket)
            .args(["--idle-timeout", "0"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn boardls daemon");
        let stderr = child.stderr.take().expect("the daemon's stderr");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if line.contains("listening on") {
                    let _ = tx.send(());
                } else if line.contains("failed") || line.contains("panicked") {
                    eprintln!("daemon: {line}");
                }
            }
        });
        rx.recv_timeout(Duration::from_secs(30))
            .expect("the daemon listens");
        DaemonProcess {
            child,
            socket: socket.to_path_buf(),
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn rss_kib(&self) -> u64 {
        rss_kib(self.pid())
    }

    /// CPU time used so far, in clock ticks (user and system).
    pub fn cpu_ticks(&self) -> u64 {
        let stat =
            std::fs::read_to_string(format!("/proc/{}/stat", self.pid())).unwrap_or_default();
        // After the command's `(name)`: state is field 3, utime 14, stime 15.
        let fields: Vec<&str> = stat
            .rsplit_once(')')
            .map_or("", |(_, rest)| rest)
            .split_whitespace()
            .collect();
        let field = |n: usize| {
            fields
                .get(n - 3)
                .and_then(|v| v.parse::<u64>().ok())
                .unwrap_or(0)
        };
        field(14) + field(15)
    }

    /// Waits (up to a minute) until the daemon is idle: its sessions'
    /// scans and first publishes done.
    pub fn wait_idle(&self) {
        let deadline = Instant::now() + TIMEOUT;
        while Instant::now() < deadline {
            let before = self.cpu_ticks();
            std::thread::sleep(Duration::from_millis(300));
            if self.cpu_ticks() - before <= 3 {
                return;
            }
        }
    }

    /// VmRSS once the daemon is idle and has returned its free pages.
    /// What the allocator keeps free in its threads' arenas varied by 3 MiB
    /// a session between runs, more than the bounds: a throwaway session
    /// on `workspace` that ends makes the daemon trim (it trims after any
    /// session's end), so the reading is what the sessions hold.
    pub fn settled_rss_kib(&self, workspace: &Path) -> u64 {
        self.wait_idle();
        Session::connect(&self.socket, Some(workspace), Reading::Measure)
            .expect("connect a throwaway session")
            .close();
        std::thread::sleep(TRIM_DEBOUNCE);
        self.wait_idle();
        self.rss_kib()
    }

    /// SIGKILL, and reaped.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for DaemonProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// What a session's reader saw.
#[derive(Default)]
struct Seen {
    /// Edits waiting for their publish, by URI: (version, when sent).
    pending: HashMap<String, VecDeque<(i64, Instant)>>,
    /// (when sent, latency) of every edit whose publish came.
    latencies: Vec<(Instant, Duration)>,
    /// The newest publish of each document: its version and diagnostics.
    published: HashMap<String, (i64, Vec<Value>)>,
    /// Publishes of the documents this session edits that had diagnostics.
    noisy: usize,
    /// Answers by id (only those asked for are kept).
    answers: HashMap<i64, Value>,
    /// Answers without an error to the session's requests, once
    /// initialized (a flooder's hovers answered).
    answered: usize,
    /// The connection ended.
    closed: bool,
    /// The reader reads nothing more until resumed (an editor suspended).
    suspended: bool,
}

/// How much of what comes back a session reads.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// Every publish (latencies, the newest diagnostics).
    Measure,
    /// Nothing but the server's own requests (a flooder).
    Drain,
}

type Shared = Arc<(Mutex<Seen>, Condvar)>;

/// One LSP session over the daemon's socket. The server's own requests
/// are answered `null` by the reader thread.
pub struct Session {
    writer: Arc<Mutex<UnixStream>>,
    seen: Shared,
    next_id: i64,
}

pub const TIMEOUT: Duration = Duration::from_secs(60);

/// Longer than the daemon's one second between a session's end and its trim.
pub const TRIM_DEBOUNCE: Duration = Duration::from_millis(1_500);

fn frame(body: &str) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body.as_bytes());
    out
}

fn lock(seen: &Shared) -> MutexGuard<'_, Seen> {
    seen.0.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Session {
    /// Connects and initializes, with `folder` as the workspace folder.
    pub fn connect(
        socket: &Path,
        folder: Option<&Path>,
        reading: Reading,
    ) -> std::io::Result<Session> {
        let stream = UnixStream::connect(socket)?;
        let reader = stream.try_clone()?;
        let writer = Arc::new(Mutex::new(stream));
        let seen: Shared = Arc::default();
        let (answers, into) = (writer.clone(), seen.clone());
        std::thread::spawn(move || read_frames(reader, answers, into, reading));
        let mut session = Session {
            writer,
            seen,
            next_id: 0,
        };
        let folders = folder.map_or(
            Value::Null,
            |path| json!([{"uri": uri_of(path), "name": "load"}]),
        );
        let id = session.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": null,
                "workspaceFolders": folders,
                "capabilities": {
                    "general": {"positionEncodings": ["utf-16"]},
                    "workspace": {"workspaceFolders": true},
                    "textDocument": {
                        "publishDiagnostics": {"versionSupport": true},
                        "hover": {"contentFormat": ["markdown", "plaintext"]},
                    },
                },
            }),
        )?;
        session.answer(id, TIMEOUT).ok_or_else(|| {
            std::io::Error::new(std::io::ErrorKind::TimedOut, "no answer to initialize")
        })?;
        session.notify("initialized", json!({}))?;
        Ok(session)
    }

    fn write(&self, bytes: &[u8]) -> std::io::Result<()> {
        let mut writer = self.writer.lock().unwrap_or_else(PoisonError::into_inner);
        writer.write_all(bytes)
    }

    pub fn notify(&self, method: &str, params: Value) -> std::io::Result<()> {
        let body = json!({"jsonrpc": "2.0", "method": method, "params": params}).to_string();
        self.write(&frame(&body))
    }

    /// Sends a request; its id.
    pub fn request(&mut self, method: &str, params: Value) -> std::io::Result<i64> {
        self.next_id += 1;
        let id = self.next_id;
        let body =
            json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string();
        self.write(&frame(&body))?;
        Ok(id)
    }

    /// The answer to request `id`, waited for up to `within`.
    pub fn answer(&self, id: i64, within: Duration) -> Option<Value> {
        let deadline = Instant::now() + within;
        let mut seen = lock(&self.seen);
        loop {
            if let Some(answer) = seen.answers.remove(&id) {
                return Some(answer);
            }
            let left = deadline.checked_duration_since(Instant::now())?;
            if seen.closed {
                return None;
            }
            seen = self.seen.1.wait_timeout(seen, left).ok()?.0;
        }
    }

    pub fn open(&self, uri: &str, version: i64, text: &str) -> std::io::Result<()> {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "go9", "version": version, "text": text}}),
        )
    }

    /// Puts `text` at (`line`, `col`) in place of one character, and
    /// starts the clock of `version` (when `timed`).
    pub fn set_cell(
        &self,
        uri: &str,
        version: i64,
        (line, col): (usize, usize),
        text: &str,
        timed: bool,
    ) -> std::io::Result<()> {
        let body = json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {
                "start": {"line": line, "character": col},
                "end": {"line": line, "character": col + 1},
            }, "text": text}],
        }})
        .to_string();
        if timed {
            lock(&self.seen)
                .pending
                .entry(uri.to_owned())
                .or_default()
                .push_back((version, Instant::now()));
        }
        self.write(&frame(&body))
    }

    /// A hover request, not waited for.
    pub fn hover(&mut self, uri: &str, (line, col): (usize, usize)) -> std::io::Result<()> {
        self.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": col}}),
        )
        .map(|_| ())
    }

    /// The latencies measured so far (when each edit was sent, and how
    /// long until its publish), taken out.
    pub fn take_latencies(&self) -> Vec<(Instant, Duration)> {
        std::mem::take(&mut lock(&self.seen).latencies)
    }

    /// Edits still waiting for their publish.
    pub fn pending(&self) -> usize {
        lock(&self.seen).pending.values().map(VecDeque::len).sum()
    }

    /// Requests answered without an error since `initialize` (counted by
    /// a flooder's reader; a large answer, skipped unread, is not counted).
    pub fn answered(&self) -> usize {
        lock(&self.seen).answered
    }

    /// Publishes of edited documents that had diagnostics.
    pub fn noisy(&self) -> usize {
        lock(&self.seen).noisy
    }

    pub fn closed(&self) -> bool {
        lock(&self.seen).closed
    }

    /// From the next message on, reads nothing until [`Session::resume`]
    /// (what the daemon sends waits in the socket and in the daemon).
    pub fn suspend(&self) {
        lock(&self.seen).suspended = true;
    }

    pub fn resume(&self) {
        lock(&self.seen).suspended = false;
        self.seen.1.notify_all();
    }

    /// The diagnostics published for `uri` at `version` or later, waited
    /// for up to `within`: (the version, the diagnostics).
    pub fn published(
        &self,
        uri: &str,
        version: i64,
        within: Duration,
    ) -> Option<(i64, Vec<Value>)> {
        let deadline = Instant::now() + within;
        let mut seen = lock(&self.seen);
        loop {
            if let Some((v, diagnostics)) = seen.published.get(uri)
                && *v >= version
            {
                return Some((*v, diagnostics.clone()));
            }
            if seen.closed {
                return None;
            }
            let left = deadline.checked_duration_since(Instant::now())?;
            seen = self.seen.1.wait_timeout(seen, left).ok()?.0;
        }
    }

    /// `shutdown`, `exit`, and the connection closed.
    pub fn close(mut self) {
        if let Ok(id) = self.request("shutdown", Value::Null) {
            self.answer(id, TIMEOUT);
            let _ = self.notify("exit", Value::Null);
        }
    }

    /// The connection cut at once, both ways.
    pub fn abort(&self) {
        let writer = self.writer.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = writer.shutdown(std::net::Shutdown::Both);
    }

    /// The first half of a frame, then the connection cut.
    pub fn abort_mid_frame(&self) {
        let body =
            json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {}}).to_string();
        let whole = frame(&body);
        let _ = self.write(&whole[..whole.len() / 2]);
        self.abort();
    }
}

impl Drop for Session {
    /// Cut both ways: the reader thread's handle of the socket would keep
    /// the connection open otherwise.
    fn drop(&mut self) {
        self.abort();
    }
}

/// The reader thread: frames until the connection ends.
fn read_frames(
    stream: UnixStream,
    answers: Arc<Mutex<UnixStream>>,
    seen: Shared,
    reading: Reading,
) {
    let mut reader = BufReader::with_capacity(1 << 16, stream);
    let mut body = Vec::new();
    let mut initialized = false;
    loop {
        {
            let mut state = lock(&seen);
            while state.suspended {
                state = seen.1.wait(state).unwrap_or_else(PoisonError::into_inner);
            }
        }
        let mut length = None;
        let ended = loop {
            let mut header = String::new();
            match reader.read_line(&mut header) {
                Ok(0) | Err(_) => break true,
                Ok(_) => {}
            }
            let header = header.trim_end();
            if header.is_empty() {
                break false;
            }
            if let Some((name, value)) = header.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse::<usize>().ok();
            }
        };
        body.resize(length.unwrap_or(0), 0);
        if ended || reader.read_exact(&mut body).is_err() {
            break;
        }
        let at = Instant::now();
        // A flooder's large publishes and answers are skipped unread, once
        // `initialize` is answered.
        if reading == Reading::Drain && initialized && body.len() > 4096 {
            continue;
        }
        let Ok(message) = serde_json::from_slice::<Value>(&body) else {
            continue;
        };
        let method = message.get("method").and_then(Value::as_str);
        if let (Some(_), Some(id)) = (method, message.get("id")) {
            let reply = json!({"jsonrpc": "2.0", "id": id, "result": null}).to_string();
            let mut writer = answers.lock().unwrap_or_else(PoisonError::into_inner);
            let _ = writer.write_all(&frame(&reply));
            continue;
        }
        let mut state = lock(&seen);
        if reading == Reading::Drain && initialized {
            if method.is_none() && message.get("id").is_some() && message.get("error").is_none() {
                state.answered += 1;
            }
            continue;
        }
        match method {
            Some("textDocument/publishDiagnostics") => {
                let params = &message["params"];
                let uri = params["uri"].as_str().unwrap_or_default().to_owned();
                let version = params["version"].as_i64().unwrap_or(-1);
                let diagnostics = params["diagnostics"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
                if let Some(waiting) = state.pending.get_mut(&uri) {
                    let mut done = Vec::new();
                    while waiting.front().is_some_and(|(v, _)| *v <= version) {
                        done.extend(waiting.pop_front());
                    }
                    if !diagnostics.is_empty() && !done.is_empty() {
                        state.noisy += 1;
                    }
                    state
                        .latencies
                        .extend(done.into_iter().map(|(_, sent)| (sent, at - sent)));
                }
                state.published.insert(uri, (version, diagnostics));
            }
            None => {
                if let Some(id) = message.get("id").and_then(Value::as_i64) {
                    state.answers.insert(id, message);
                    initialized = true;
                }
            }
            Some(_) => {}
        }
        drop(state);
        seen.1.notify_all();
    }
    lock(&seen).closed = true;
    seen.1.notify_all();
}

/// Percentiles of a set of latencies.
#[derive(Clone, Copy, Debug, Default)]
pub struct Summary {
    pub count: usize,
    pub p50: Duration,
    pub p99: Duration,
    pub max: Duration,
}

impl Summary {
    pub fn of(mut samples: Vec<Duration>) -> Summary {
        samples.sort();
        let at = |p: f64| {
            if samples.is_empty() {
                return Duration::ZERO;
            }
            let rank = ((p / 100.0) * samples.len() as f64).ceil() as usize;
            samples[rank.clamp(1, samples.len()) - 1]
        };
        Summary {
            count: samples.len(),
            p50: at(50.0),
            p99: at(99.0),
            max: samples.last().copied().unwrap_or_default(),
        }
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        write!(
            f,
            "n {:>6}  p50 {:>7.2} ms  p99 {:>8.2} ms  max {:>8.2} ms",
            self.count,
            ms(self.p50),
            ms(self.p99),
            ms(self.max)
        )
    }
}
