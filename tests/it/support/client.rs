//! A small LSP client for end-to-end tests: spawns the built `boardls`,
//! speaks framed JSON-RPC over its stdin/stdout, answers the server's own
//! requests with `null`, and models a document's text (with the same
//! position clamping the protocol asks of servers) to check edits.
//!
//! With `BOARDLS_TEST_CONNECT=1` in the environment, every spawned server
//! is `boardls lsp --connect SOCKET` instead, on a socket of its own in a
//! private temporary folder: the forwarder spawns the daemon, and the same
//! tests run through the daemon and the forwarder.

#![allow(dead_code)]

use std::collections::{HashMap, VecDeque};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use boardls_ide::encoding::Encoding;
use serde_json::{Value, json};
use tower_lsp_server::ls_types::Position;

use super::oracle;

pub const TIMEOUT: Duration = Duration::from_secs(20);

pub fn frame(body: &str) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body.as_bytes());
    out
}

/// Reads one frame; `None` at EOF.
pub fn read_frame(reader: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

type Writer = Arc<Mutex<Option<Box<dyn Write + Send>>>>;
/// Results for the server's own requests, by method; `null` otherwise.
type Replies = Arc<Mutex<HashMap<String, Value>>>;

pub struct Server {
    /// The process, for a stdio server; `None` for a TCP session.
    child: Option<Child>,
    /// The folder of the daemon a `BOARDLS_TEST_CONNECT` server spawned
    /// (stopped and removed with the server).
    daemon_dir: Option<TempDir>,
    /// The thread running an in-process session, with whether it ended
    /// successfully.
    session: Option<std::thread::JoinHandle<bool>>,
    stdin: Writer,
    /// The connection, for a TCP session.
    socket: Option<TcpStream>,
    replies: Replies,
    incoming: Receiver<Value>,
    /// Received but not yet asked for.
    stash: VecDeque<Value>,
    next_id: i64,
    /// Probes sent so far ([`Server::published_before_probe`]).
    probes: u32,
}

impl Server {
    pub fn spawn() -> Server {
        Server::spawn_with(|_| {})
    }

    /// Spawns the server after `configure` adjusts its command (environment).
    pub fn spawn_with(configure: impl FnOnce(&mut Command)) -> Server {
        if std::env::var_os("BOARDLS_TEST_CONNECT").is_some_and(|v| v == "1") {
            let dir = TempDir::private("connect");
            let socket = dir.path().join("d.sock");
            let mut server = Server::forwarded_with(&socket, configure);
            server.daemon_dir = Some(dir);
            return server;
        }
        let mut command = Command::new(env!("CARGO_BIN_EXE_boardls"));
        command.arg("--stdio");
        configure(&mut command);
        Server::spawn_command(command)
    }

    /// `boardls lsp --connect SOCKET`: a session on the daemon there,
    /// spawned by the forwarder when none answers.
    pub fn forwarded(socket: &std::path::Path) -> Server {
        Server::forwarded_with(socket, |_| {})
    }

    pub fn forwarded_with(
        socket: &std::path::Path,
        configure: impl FnOnce(&mut Command),
    ) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_boardls"));
        command.arg("lsp").arg("--connect").arg(socket);
        configure(&mut command);
        Server::spawn_command(command)
    }

    /// Spawns `command` as the server, its stdio piped to this client.
    pub fn spawn_command(mut command: Command) -> Server {
        fast_poll(&mut command);
        // An injected panic's backtrace says nothing; it would bury the
        // output of a real failure.
        if command
            .get_envs()
            .any(|(key, _)| key == "BOARDLS_TEST_PANIC")
        {
            command.env("RUST_BACKTRACE", "0");
        }
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        let mut child = command.spawn().expect("spawn boardls");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let mut server = Server::over(Box::new(stdin), stdout);
        server.child = Some(child);
        server
    }

    /// A session on a `boardls lsp --listen` server, presenting `token`
    /// (its first line) when there is one.
    pub fn connect(addr: &str, token: Option<&str>) -> Server {
        let mut socket = TcpStream::connect(addr).expect("connect");
        if let Some(token) = token {
            socket
                .write_all(format!("{token}\n").as_bytes())
                .expect("send the token");
        }
        let reader = socket.try_clone().expect("clone socket");
        let writer = socket.try_clone().expect("clone socket");
        let mut server = Server::over(Box::new(writer), reader);
        server.socket = Some(socket);
        server
    }

    /// A session of the server library in this process, on its own
    /// multi-threaded runtime, over a socket pair: the same bytes as a
    /// spawned server.
    pub fn in_process() -> Server {
        Server::in_process_serving(|input, output| {
            Box::pin(async move { boardls_server::serve_session(input, output).await.success() })
        })
    }

    /// [`Server::in_process`] with the faults a test asks for.
    #[cfg(feature = "test-hooks")]
    pub fn in_process_with(faults: boardls_server::Faults) -> Server {
        Server::in_process_serving(move |input, output| {
            Box::pin(async move {
                boardls_server::serve_session_with(input, output, faults)
                    .await
                    .success()
            })
        })
    }

    /// `serve` runs one session over the socket and says whether it
    /// ended with `shutdown`.
    fn in_process_serving(
        serve: impl FnOnce(
            tokio::net::unix::OwnedReadHalf,
            tokio::net::unix::OwnedWriteHalf,
        ) -> std::pin::Pin<Box<dyn std::future::Future<Output = bool> + Send>>
        + Send
        + 'static,
    ) -> Server {
        use std::os::unix::net::UnixStream;
        let (client, server) = UnixStream::pair().expect("socket pair");
        server.set_nonblocking(true).expect("non-blocking socket");
        let session = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("runtime");
            let end = runtime.block_on(async move {
                let socket = tokio::net::UnixStream::from_std(server).expect("tokio socket");
                let (input, output) = socket.into_split();
                serve(input, output).await
            });
            runtime.shutdown_background();
            end
        });
        let reader = client.try_clone().expect("clone socket");
        let mut server = Server::over(Box::new(client), reader);
        server.session = Some(session);
        server
    }

    fn over(writer: Box<dyn Write + Send>, output: impl Read + Send + 'static) -> Server {
        let stdin: Writer = Arc::new(Mutex::new(Some(writer)));
        let replies: Replies = Arc::default();
        let (tx, incoming) = channel();
        let answers = stdin.clone();
        let canned = replies.clone();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(output);
            while let Some(message) = read_frame(&mut reader) {
                // Answer the server's requests so it never waits on us.
                if let Some(method) = message.get("method").and_then(Value::as_str)
                    && let Some(id) = message.get("id")
                {
                    let result = canned.lock().unwrap().get(method).cloned();
                    let reply = json!({"jsonrpc": "2.0", "id": id, "result": result}).to_string();
                    if let Some(stdin) = answers.lock().unwrap().as_mut() {
                        let _ = stdin.write_all(&frame(&reply));
                        let _ = stdin.flush();
                    }
                }
                if tx.send(message).is_err() {
                    return;
                }
            }
        });
        Server {
            child: None,
            daemon_dir: None,
            session: None,
            stdin,
            socket: None,
            replies,
            incoming,
            stash: VecDeque::new(),
            next_id: 1,
            probes: 0,
        }
    }

    /// The server's process id (to read its memory use).
    pub fn pid(&self) -> u32 {
        self.child.as_ref().expect("a spawned server").id()
    }

    /// From now on, answer the server's `method` requests with `result`.
    pub fn set_reply(&self, method: &str, result: Value) {
        self.replies
            .lock()
            .unwrap()
            .insert(method.to_owned(), result);
    }

    /// Drops a TCP session's connection at once, as a crashed client would.
    pub fn disconnect(&mut self) {
        self.stdin.lock().unwrap().take();
        if let Some(socket) = self.socket.take() {
            let _ = socket.shutdown(Shutdown::Both);
        }
    }

    pub fn send_raw(&self, bytes: &[u8]) {
        let mut stdin = self.stdin.lock().unwrap();
        let stdin = stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write");
        stdin.flush().expect("flush");
    }

    pub fn notify(&self, method: &str, params: Value) {
        let body = json!({"jsonrpc": "2.0", "method": method, "params": params}).to_string();
        self.send_raw(&frame(&body));
    }

    /// Sends a request and returns its whole response object.
    pub fn request_raw(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let body =
            json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string();
        self.send_raw(&frame(&body));
        self.wait_for(|m| m.get("id") == Some(&json!(id)) && m.get("method").is_none())
    }

    /// Sends a request and returns its result, failing on an error.
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let response = self.request_raw(method, params);
        assert!(
            response.get("error").is_none(),
            "{method} failed: {response}"
        );
        response["result"].clone()
    }

    /// The first message (stashed or new) matching `pred`.
    pub fn wait_for(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.stash.iter().position(&pred) {
            return self.stash.remove(i).unwrap();
        }
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.incoming.recv_timeout(left) {
                Ok(message) if pred(&message) => return message,
                Ok(message) => self.stash.push_back(message),
                Err(RecvTimeoutError::Timeout) => panic!("timed out; stash: {:?}", self.stash),
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("server closed its output; stash: {:?}", self.stash)
                }
            }
        }
    }

    /// The next `$/progress` `end`.
    pub fn progress_end(&mut self) -> Value {
        self.wait_for(|m| m["method"] == "$/progress" && m["params"]["value"]["kind"] == "end")
    }

    /// Drains the messages so far and counts the diagnostics published
    /// without a document version (those of files on disk).
    pub fn drain_disk_publications(&mut self) -> usize {
        self.drain()
            .iter()
            .filter(|m| {
                m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"].is_null()
            })
            .count()
    }

    /// The `publishDiagnostics` of `uri` (of any document when `None`)
    /// among the messages the server sent before it handled a probe sent
    /// now (to show that something did NOT happen). The probe is a
    /// `didChange` for a document that is not open, which the server
    /// answers with a warning through the same ordered queue as its
    /// publishes, so whatever the server queued before it comes first.
    /// Drains the messages.
    pub fn published_before_probe(&mut self, uri: Option<&str>) -> Vec<Value> {
        self.probes += 1;
        let probe = format!("untitled:probe-{}.tomek", self.probes);
        self.change(&probe, 1, json!([{"text": ""}]));
        // Everything that came before the probe's answer stays stashed.
        self.wait_for(|m| {
            m["method"] == "window/logMessage"
                && m["params"]["message"]
                    .as_str()
                    .is_some_and(|text| text.contains(&probe))
        });
        self.stashed_publishes(uri)
    }

    /// The `publishDiagnostics` of `uri` (of any document when `None`)
    /// among the messages the server sent before it settled: it answers
    /// `boardls/test/settled` (feature `test-hooks`) once the work it
    /// started so far, in the background too (scans, file reads), has
    /// ended, and after whatever that work queued for the client. Drains
    /// the messages.
    #[cfg(feature = "test-hooks")]
    pub fn published_before_settled(&mut self, uri: Option<&str>) -> Vec<Value> {
        self.request(boardls_server::test_hooks::SETTLED_METHOD, Value::Null);
        self.stashed_publishes(uri)
    }

    /// The stashed `publishDiagnostics` of `uri` (of any document when
    /// `None`); drains the stash.
    fn stashed_publishes(&mut self, uri: Option<&str>) -> Vec<Value> {
        let before: Vec<Value> = self.stash.drain(..).collect();
        before
            .into_iter()
            .filter(|m| {
                m["method"] == "textDocument/publishDiagnostics"
                    && uri.is_none_or(|uri| m["params"]["uri"] == uri)
            })
            .collect()
    }

    /// Whether a message that `pred` matches came before the ones taken so
    /// far and has not been taken yet.
    pub fn came_before(&self, pred: impl Fn(&Value) -> bool) -> bool {
        self.stash.iter().any(pred)
    }

    /// Messages received so far that nobody asked for.
    pub fn drain(&mut self) -> Vec<Value> {
        while let Ok(message) = self.incoming.try_recv() {
            self.stash.push_back(message);
        }
        self.stash.drain(..).collect()
    }

    /// `initialize` with full parameters (workspace folders, options),
    /// then `initialized`.
    pub fn initialize_with(&mut self, params: Value) -> Value {
        let result = self.request("initialize", params);
        self.notify("initialized", json!({}));
        result
    }

    pub fn initialize(&mut self, capabilities: Value) -> Value {
        let result = self.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": capabilities}),
        );
        self.notify("initialized", json!({}));
        result
    }

    /// `publishDiagnostics` for `uri` at `version`.
    pub fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Value> {
        let message = self.wait_for(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"] == version
        });
        message["params"]["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    /// The text (Markdown) of the hover at `line:character` of `uri`;
    /// empty when there is none.
    pub fn hover_text(&mut self, uri: &str, line: u64, character: u64) -> String {
        let hover = self.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": pos(line, character)}),
        );
        hover["contents"]["value"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    pub fn open(&self, uri: &str, language: &str, version: i64, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": language, "version": version, "text": text}}),
        );
    }

    pub fn change(&self, uri: &str, version: i64, changes: Value) {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": changes}),
        );
    }

    pub fn close_stdin(&self) {
        self.stdin.lock().unwrap().take();
    }

    /// Waits for the process (or the in-process session) to end.
    pub fn wait(&mut self) -> ExitStatus {
        let deadline = Instant::now() + TIMEOUT;
        if let Some(session) = self.session.take() {
            while !session.is_finished() {
                assert!(Instant::now() < deadline, "session did not end");
                std::thread::sleep(Duration::from_millis(10));
            }
            let success = session.join().unwrap_or(false);
            return std::os::unix::process::ExitStatusExt::from_raw(if success {
                0
            } else {
                1 << 8
            });
        }
        let child = self.child.as_mut().expect("a server process");
        loop {
            if let Some(status) = child.try_wait().expect("try_wait") {
                return status;
            }
            assert!(Instant::now() < deadline, "server did not exit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    pub fn shutdown_and_exit(mut self) -> ExitStatus {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        self.wait()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(child) = &mut self.child {
            let _ = child.kill();
            let _ = child.wait();
        }
        if let Some(dir) = &self.daemon_dir {
            stop_daemon(&dir.path().join("d.sock"));
        }
    }
}

/// The process id of the daemon serving `socket` (in its lock file).
pub fn daemon_pid(socket: &std::path::Path) -> Option<i32> {
    let mut lock = socket.as_os_str().to_owned();
    lock.push(".lock");
    std::fs::read_to_string(lock).ok()?.trim().parse().ok()
}

/// Sends `signal` to the daemon serving `socket`, if one does.
pub fn signal_daemon(socket: &std::path::Path, signal: i32) -> Option<i32> {
    let pid = daemon_pid(socket)?;
    // SAFETY: kill has no memory effects; a stale pid is only an error.
    unsafe { libc::kill(pid, signal) };
    Some(pid)
}

/// Stops the daemon serving `socket` (SIGTERM) and waits for it to go.
pub fn stop_daemon(socket: &std::path::Path) {
    let Some(pid) = signal_daemon(socket, libc::SIGTERM) else {
        return;
    };
    let deadline = Instant::now() + TIMEOUT;
    // SAFETY: signal 0 only asks whether the process exists.
    while unsafe { libc::kill(pid, 0) } == 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Makes a server (or daemon) started by `command` poll the workspace
/// folders every 50 ms instead of every 2 s (the `test-hooks` feature's
/// `BOARDLS_TEST_POLL_MS`), so a test of the poll waits for the poll
/// itself, not for its interval.
pub fn fast_poll(command: &mut Command) {
    command.env("BOARDLS_TEST_POLL_MS", "50");
}

pub fn caps(encoding: &str) -> Value {
    json!({
        "general": {"positionEncodings": [encoding]},
        "workspace": {"workspaceEdit": {"documentChanges": true}},
        "textDocument": {
            "documentSymbol": {"hierarchicalDocumentSymbolSupport": true},
            "publishDiagnostics": {"relatedInformation": true, "versionSupport": true}
        }
    })
}

/// The byte offset of an LSP position, clamped as the server must clamp
/// (the robustness oracle's model: past the last line → end of text; past a
/// line's content → its end; inside a char → that char's start).
pub fn offset(text: &str, line: u64, character: u64, enc: Encoding) -> usize {
    let saturate = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
    oracle::clamped_offset(
        text,
        Position::new(saturate(line), saturate(character)),
        enc,
    )
}

/// The byte offset of an LSP position object (see [`offset`]).
fn offset_of(text: &str, p: &Value, enc: Encoding) -> usize {
    offset(
        text,
        p["line"].as_u64().unwrap_or(0),
        p["character"].as_u64().unwrap_or(0),
        enc,
    )
}

pub fn apply_change(text: &mut String, change: &Value, enc: Encoding) {
    let new_text = change["text"].as_str().unwrap_or_default();
    if change.get("range").is_none() {
        *text = new_text.to_owned();
        return;
    }
    let a = offset_of(text, &change["range"]["start"], enc);
    let b = offset_of(text, &change["range"]["end"], enc);
    text.replace_range(a.min(b)..a.max(b), new_text);
}

/// Applies non-overlapping text edits (all against the same text).
pub fn apply_edits(text: &mut String, edits: &[Value], enc: Encoding) {
    let mut resolved: Vec<(usize, usize, String)> = edits
        .iter()
        .map(|e| {
            (
                offset_of(text, &e["range"]["start"], enc),
                offset_of(text, &e["range"]["end"], enc),
                e["newText"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    resolved.sort_by_key(|e| std::cmp::Reverse(e.0));
    for (a, b, t) in resolved {
        text.replace_range(a..b, &t);
    }
}

/// The text edits a code action's workspace edit makes to `uri`.
pub fn action_edits(action: &Value, uri: &str) -> Vec<Value> {
    let edit = &action["edit"];
    if let Some(changes) = edit["documentChanges"].as_array() {
        return changes
            .iter()
            .filter(|c| c["textDocument"]["uri"] == uri)
            .flat_map(|c| c["edits"].as_array().cloned().unwrap_or_default())
            .collect();
    }
    edit["changes"][uri].as_array().cloned().unwrap_or_default()
}

/// Diagnostics with the document's URI taken out, to compare two documents.
pub fn normalized(mut diagnostics: Vec<Value>) -> Vec<Value> {
    for d in &mut diagnostics {
        if let Some(related) = d["relatedInformation"].as_array_mut() {
            for r in related {
                r["location"]["uri"] = Value::Null;
            }
        }
    }
    diagnostics
}

pub fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A position `{line, character}`.
pub fn pos(line: u64, character: u64) -> Value {
    json!({"line": line, "character": character})
}

pub fn range(l1: u64, c1: u64, l2: u64, c2: u64) -> Value {
    json!({"start": pos(l1, c1), "end": pos(l2, c2)})
}

/// The lines a child writes on its (piped) stderr, as they come.
pub fn stderr_lines(child: &mut Child) -> Receiver<String> {
    let stderr = child.stderr.take().expect("a piped stderr");
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    rx
}

/// A `boardls lsp --listen 127.0.0.1:0` process, the address it bound,
/// and its token file and token.
pub struct Daemon {
    child: Child,
    pub addr: String,
    pub token_file: std::path::PathBuf,
    pub token: String,
}

impl Daemon {
    pub fn spawn() -> Daemon {
        Daemon::spawn_with(&[])
    }

    /// With more arguments (`--token-file F`).
    pub fn spawn_with(args: &[&std::ffi::OsStr]) -> Daemon {
        let mut command = Command::new(env!("CARGO_BIN_EXE_boardls"));
        fast_poll(&mut command);
        let mut child = command
            .args(["lsp", "--listen", "127.0.0.1:0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn boardls daemon");
        let stderr = child.stderr.take().expect("stderr");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stderr).lines();
            while let Some(Ok(line)) = lines.next() {
                if let Some(addr) = line.strip_prefix("boardls lsp: listening on ") {
                    let _ = tx.send((true, addr.to_owned()));
                } else if let Some(file) = line.strip_prefix("boardls lsp: token file ") {
                    let _ = tx.send((false, file.to_owned()));
                } else {
                    eprintln!("{line}");
                }
            }
        });
        let (mut addr, mut token_file) = (None, None);
        while addr.is_none() || token_file.is_none() {
            match rx
                .recv_timeout(TIMEOUT)
                .expect("the daemon's address and token")
            {
                (true, a) => addr = Some(a),
                (false, f) => token_file = Some(std::path::PathBuf::from(f)),
            }
        }
        let token_file = token_file.unwrap();
        let token = std::fs::read_to_string(&token_file)
            .expect("read the token file")
            .trim()
            .to_owned();
        Daemon {
            child,
            addr: addr.unwrap(),
            token_file,
            token,
        }
    }

    /// A session that presents the token.
    pub fn connect(&self) -> Server {
        Server::connect(&self.addr, Some(&self.token))
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Whether the process is still running.
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        // SIGTERM: the server removes a token file of its own making.
        terminate(&mut self.child);
    }
}

/// Asks `child` to stop (SIGTERM), waits up to [`TIMEOUT`] for it, then
/// kills it and reaps it.
pub fn terminate(child: &mut Child) {
    // SAFETY: kill has no memory effects.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let deadline = Instant::now() + TIMEOUT;
    while matches!(child.try_wait(), Ok(None)) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// A folder under the system's temporary folder, removed when dropped.
pub struct TempDir(pub std::path::PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        static COUNTER: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("boardls-{name}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("create temp dir");
        TempDir(path)
    }

    /// A folder only the user may use (mode 0700), as a daemon's socket
    /// folder must be.
    pub fn private(name: &str) -> TempDir {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = TempDir::new(name);
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700))
            .expect("chmod 700");
        dir
    }

    pub fn path(&self) -> &std::path::Path {
        &self.0
    }

    /// Writes `text` at `relative`, creating folders.
    pub fn write(&self, relative: &str, text: impl AsRef<[u8]>) -> std::path::PathBuf {
        let path = self.0.join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("create folders");
        }
        std::fs::write(&path, text).expect("write file");
        path
    }

    pub fn uri(&self, relative: &str) -> String {
        file_uri(&self.0.join(relative))
    }
}

/// The folder's path, so that a `TempDir` goes where a path does.
impl std::ops::Deref for TempDir {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for TempDir {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `file://` + the path, percent-encoding what a URI path cannot hold.
pub fn file_uri(path: &std::path::Path) -> String {
    let mut out = String::from("file://");
    for byte in path.to_string_lossy().bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                out.push(byte as char)
            }
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}
