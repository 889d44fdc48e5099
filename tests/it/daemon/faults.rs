//! The daemon under faults, through the real binary: clients killed in the
//! middle of a request or of a frame, a client that stops reading, a
//! session that panics, the daemon killed under its forwarders, and a
//! runtime folder the forwarder cannot use. The panics and the limits on
//! what waits for a client are set through the `test-hooks` feature.

use std::time::{Duration, Instant};

use serde_json::json;

use crate::support::client::{Server, TempDir, caps, frame, range};
#[cfg(feature = "test-hooks")]
use crate::support::client::{TIMEOUT, read_frame};
use crate::support::daemon::{UnixDaemon, back_to, held, initialize_on, kill9};

const BAD: &str = "1\nXXZT\n....\nOO..\n....\n";
#[cfg(feature = "test-hooks")]
const GOOD: &str = "1\nXXXT\n....\nOO..\n....\n";

/// `count` Tomek boards: a document whose whole-document answers take a
/// while.
fn boards(count: usize) -> String {
    let mut text = format!("{count}\nXXXX\n....\n....\n....\n");
    for _ in 1..count {
        text.push_str("\nXOXO\nOXOX\n....\n....\n");
    }
    text
}

/// A folder of a few board files.
fn workspace(name: &str) -> TempDir {
    let ws = TempDir::new(name);
    for i in 0..5 {
        ws.write(&format!("f{i}.tomek"), BAD);
    }
    ws
}

/// How a client goes away.
#[derive(Debug, Clone, Copy)]
enum Killed {
    /// While a long request is being answered.
    MidRequest,
    /// After a header and half the body it announces.
    MidFrame,
}

/// A forwarder killed with SIGKILL, while its session has a folder (and
/// its poll) and an open document, in the middle of a request or of a
/// frame: the daemon ends the session and holds what it held before
/// (sessions, documents, folders, polls, outbox threads, tasks, fds).
#[test]
fn a_client_killed_mid_request_or_mid_frame_leaves_nothing_behind() {
    let dir = TempDir::private("faults-killed");
    let socket = dir.path().join("d.sock");
    let daemon = UnixDaemon::start(&socket, "60");
    let (ws_a, ws_b) = (workspace("faults-a"), workspace("faults-b"));
    let mut watcher = Server::forwarded(&socket);
    initialize_on(&mut watcher, &ws_b);
    watcher.open("untitled:w.tomek", "tomek", 1, BAD);
    let baseline = held(&mut watcher, &daemon);
    for killed in [Killed::MidRequest, Killed::MidFrame] {
        let mut victim = Server::forwarded(&socket);
        initialize_on(&mut victim, &ws_a);
        let uri = ws_a.uri("big.tomek");
        victim.open(&uri, "tomek", 1, &boards(40_000));
        victim.diagnostics(&uri, 1);
        let during = held(&mut watcher, &daemon);
        for key in [
            "sessions",
            "openDocuments",
            "leasedFolders",
            "pollers",
            "outboxThreads",
        ] {
            assert_eq!(
                during[key].as_u64(),
                baseline[key].as_u64().map(|n| n + 1),
                "{killed:?}: {key} counts the victim: {during} vs {baseline}"
            );
        }
        let body =
            json!({"jsonrpc": "2.0", "id": 900, "method": "textDocument/semanticTokens/full",
            "params": {"textDocument": {"uri": uri}}})
            .to_string();
        match killed {
            Killed::MidRequest => victim.send_raw(&frame(&body)),
            Killed::MidFrame => {
                let whole = frame(&body);
                victim.send_raw(&whole[..whole.len() - body.len() / 2]);
            }
        }
        // The bytes reach the daemon before the forwarder dies.
        std::thread::sleep(Duration::from_millis(200));
        kill9(victim.pid());
        assert!(!victim.wait().success());
        back_to(&mut watcher, &daemon, &baseline);
    }
    // The watcher's session is whole.
    assert_eq!(watcher.diagnostics("untitled:w.tomek", 1).len(), 1);
    assert!(watcher.shutdown_and_exit().success());
}

/// A daemon whose sessions panic at `point` (`BOARDLS_TEST_PANIC`).
#[cfg(feature = "test-hooks")]
fn panicking_daemon(socket: &std::path::Path, point: &str) -> UnixDaemon {
    UnixDaemon::start_with(socket, "60", |command| {
        command
            .env("BOARDLS_TEST_PANIC", point)
            .env("RUST_BACKTRACE", "0");
    })
}

/// Hovers `uri` at the bad cell and edits it: the session is served.
fn still_served(server: &mut Server, uri: &str, version: i64) {
    assert!(!server.hover_text(uri, 1, 0).is_empty());
    server.change(
        uri,
        version,
        json!([{"range": range(1, 2, 1, 3), "text": "X"}]),
    );
    assert!(server.diagnostics(uri, version).is_empty());
}

/// A handler that panics in one session answers InternalError there; that
/// session and the others go on, and so does the daemon.
#[cfg(feature = "test-hooks")]
#[test]
fn a_panicking_handler_is_contained_to_its_session() {
    let dir = TempDir::private("faults-panic");
    let socket = dir.path().join("d.sock");
    let mut daemon = panicking_daemon(&socket, "codeAction");
    let uri = "untitled:p.tomek";
    let mut sessions = [Server::forwarded(&socket), Server::forwarded(&socket)];
    for server in &mut sessions {
        server.initialize(caps("utf-16"));
        server.open(uri, "tomek", 1, BAD);
        assert_eq!(server.diagnostics(uri, 1).len(), 1);
    }
    let [victim, other] = &mut sessions;
    let failed = victim.request_raw(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": range(1, 2, 1, 3), "context": {"diagnostics": []}}),
    );
    assert_eq!(failed["error"]["code"], -32603, "{failed}");
    daemon.expect_line("codeAction for untitled:p.tomek failed: injected panic");
    still_served(other, uri, 2);
    still_served(victim, uri, 2);
    assert!(daemon.running());
    for server in sessions {
        assert!(server.shutdown_and_exit().success());
    }
}

/// A panic that escapes a session's guard ends that session's task: its
/// client is cut off (its forwarder ends with status 1), the daemon logs
/// it, frees what the session held, and serves the others and new ones.
#[cfg(feature = "test-hooks")]
#[test]
fn a_panic_that_escapes_a_session_ends_only_that_session() {
    let dir = TempDir::private("faults-escape");
    let socket = dir.path().join("d.sock");
    let mut daemon = panicking_daemon(&socket, "unguarded-foldingRange");
    let ws = workspace("faults-escape-ws");
    let uri = "untitled:p.tomek";
    let mut other = Server::forwarded(&socket);
    initialize_on(&mut other, &ws);
    other.open(uri, "tomek", 1, BAD);
    assert_eq!(other.diagnostics(uri, 1).len(), 1);
    let baseline = held(&mut other, &daemon);

    let mut victim = Server::forwarded(&socket);
    let victim_ws = workspace("faults-escape-victim");
    initialize_on(&mut victim, &victim_ws);
    victim.open(uri, "tomek", 1, BAD);
    victim.diagnostics(uri, 1);
    let body = json!({"jsonrpc": "2.0", "id": 77, "method": "textDocument/foldingRange",
        "params": {"textDocument": {"uri": uri}}});
    victim.send_raw(&frame(&body.to_string()));
    assert_eq!(
        victim.wait().code(),
        Some(1),
        "its forwarder says the session is lost"
    );
    daemon.expect_line("injected panic (unguarded-foldingRange)");
    daemon.expect_line("failed");
    assert!(daemon.running());
    back_to(&mut other, &daemon, &baseline);
    still_served(&mut other, uri, 2);
    let mut later = Server::forwarded(&socket);
    later.initialize(caps("utf-16"));
    assert!(later.shutdown_and_exit().success());
    assert!(other.shutdown_and_exit().success());
}

/// `boardls lsp --connect auto` with the per-user folder under `runtime`,
/// its stderr written to `stderr`.
fn auto(runtime: &std::path::Path, stderr: &std::path::Path) -> Server {
    let mut command = std::process::Command::new("sh");
    command
        .args(["-c", "exec \"$0\" lsp --connect auto 2>\"$1\""])
        .arg(env!("CARGO_BIN_EXE_boardls"))
        .arg(stderr)
        .env("XDG_RUNTIME_DIR", runtime);
    Server::spawn_command(command)
}

/// Eight editors on one daemon, each with an unsaved document; the daemon
/// is killed with SIGKILL. Each forwarder ends, with status 1 and a
/// message that says so; the editors start their servers again, which
/// spawn one new daemon, send their documents again and get their
/// diagnostics. (How soon they end is a goal of the bench: daemon_load's
/// `faults`; here the wait only guards against a forwarder that hangs.)
#[test]
fn the_daemon_killed_under_eight_forwarders_ends_each_and_the_next_starts_one() {
    const EDITORS: usize = 8;
    let runtime = TempDir::private("faults-xdg");
    let text = |i: usize| format!("# editor {i}, unsaved\n{BAD}");
    let uri = |i: usize| format!("untitled:e{i}.tomek");
    let start = |servers: &mut Vec<Server>| {
        for i in 0..EDITORS {
            let mut server = auto(runtime.path(), &runtime.path().join(format!("stderr-{i}")));
            server.initialize(caps("utf-16"));
            server.open(&uri(i), "tomek", 1, &text(i));
            servers.push(server);
        }
        for (i, server) in servers.iter_mut().enumerate() {
            assert_eq!(server.diagnostics(&uri(i), 1).len(), 1, "editor {i}");
        }
    };
    let mut editors = Vec::new();
    start(&mut editors);
    let pid = |server: &mut Server| {
        server.request("boardls/status", serde_json::Value::Null)["pid"]
            .as_i64()
            .expect("a pid") as u32
    };
    let first = pid(&mut editors[0]);
    assert!(editors.iter_mut().all(|server| pid(server) == first));

    kill9(first);
    let killed = Instant::now();
    let mut slowest = Duration::ZERO;
    for (i, server) in editors.iter_mut().enumerate() {
        let status = server.wait();
        slowest = slowest.max(killed.elapsed());
        assert_eq!(status.code(), Some(1), "editor {i}");
    }
    eprintln!("daemon_faults: the last of {EDITORS} forwarders ended {slowest:?} after the kill");
    for i in 0..EDITORS {
        let said =
            std::fs::read_to_string(runtime.path().join(format!("stderr-{i}"))).unwrap_or_default();
        assert!(
            said.contains("closed the connection in the middle of the session"),
            "{said}"
        );
    }
    drop(editors);

    let mut again = Vec::new();
    start(&mut again);
    let second = pid(&mut again[0]);
    assert_ne!(second, first);
    assert!(again.iter_mut().all(|server| pid(server) == second));
    for server in again {
        assert!(server.shutdown_and_exit().success());
    }
    // SAFETY: kill has no memory effects.
    unsafe { libc::kill(second as i32, libc::SIGTERM) };
}

/// A client that sends and never reads: a raw connection to the daemon.
#[cfg(feature = "test-hooks")]
struct Staller {
    socket: std::os::unix::net::UnixStream,
}

#[cfg(feature = "test-hooks")]
impl Staller {
    /// Connects, initializes and opens a big document, reading nothing.
    fn connect(socket: &std::path::Path, uri: &str) -> Staller {
        let stream = std::os::unix::net::UnixStream::connect(socket).expect("connect");
        let staller = Staller { socket: stream };
        staller.send(&json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"processId": null, "capabilities": {}}}));
        staller.send(&json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
        staller.send(&json!({"jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": uri, "languageId": "tomek", "version": 1,
                "text": boards(20_000)}}}));
        // It reads (and answers the server's requests) until its document
        // is published, then stops.
        let mut reader = std::io::BufReader::new(staller.socket.try_clone().expect("clone"));
        loop {
            let message = read_frame(&mut reader).expect("the daemon's messages");
            if let (Some(_), Some(id)) = (message.get("method"), message.get("id")) {
                staller.send(&json!({"jsonrpc": "2.0", "id": id, "result": null}));
            }
            if message["method"] == "textDocument/publishDiagnostics" {
                return staller;
            }
        }
    }

    /// Sends a message; false once the daemon closed the connection.
    fn send(&self, message: &serde_json::Value) -> bool {
        use std::io::Write as _;
        (&self.socket)
            .write_all(&frame(&message.to_string()))
            .is_ok()
    }

    /// Asks for the whole document's folding ranges (a megabyte), `n`
    /// times, a little apart, until the connection is closed.
    fn ask_big(&self, uri: &str, n: u64) {
        for id in 0..n {
            let request = json!({"jsonrpc": "2.0", "id": 100 + id,
                "method": "textDocument/foldingRange",
                "params": {"textDocument": {"uri": uri}}});
            if !self.send(&request) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Asks `n` hovers at once.
    fn ask_hovers(&self, uri: &str, n: u64) {
        for id in 0..n {
            let request = json!({"jsonrpc": "2.0", "id": 100 + id,
                "method": "textDocument/hover",
                "params": {"textDocument": {"uri": uri},
                    "position": {"line": 1, "character": 0}}});
            if !self.send(&request) {
                return;
            }
        }
    }

    /// Reads what was buffered until the daemon's end of the connection:
    /// whether it came within the timeout.
    fn closed(&self) -> bool {
        use std::io::Read as _;
        let _ = self.socket.set_read_timeout(Some(TIMEOUT));
        let mut buffer = vec![0u8; 1 << 16];
        loop {
            match (&self.socket).read(&mut buffer) {
                Ok(0) => return true,
                Ok(_) => {}
                Err(err) => return err.kind() == std::io::ErrorKind::ConnectionReset,
            }
        }
    }
}

/// The latency of a hover and of an edit's diagnostics, `rounds` times;
/// `version` is the document's last.
#[cfg(feature = "test-hooks")]
fn latencies(server: &mut Server, uri: &str, version: &mut i64, rounds: usize) -> Vec<Duration> {
    let mut seen = Vec::new();
    for _ in 0..rounds {
        let asked = Instant::now();
        assert!(!server.hover_text(uri, 1, 0).is_empty());
        seen.push(asked.elapsed());
        *version += 1;
        let text = if *version % 2 == 0 { GOOD } else { BAD };
        let edited = Instant::now();
        server.change(uri, *version, json!([{"text": text}]));
        server.diagnostics(uri, *version);
        seen.push(edited.elapsed());
        std::thread::sleep(Duration::from_millis(50));
    }
    seen
}

/// A client that stops reading while the daemon answers what `flood` asks,
/// with the daemon's limits set by `limit` (an environment variable and
/// its value): it is dropped with `why` logged, its connection closed and
/// what its session held freed (the daemon's memory stays bounded),
/// while another session keeps its latency.
#[cfg(feature = "test-hooks")]
fn a_client_that_stops_reading(
    limit: (&str, &str),
    flood: impl FnOnce(&Staller, &str) + Send + 'static,
    why: &str,
) {
    let dir = TempDir::private("faults-stall");
    let socket = dir.path().join("d.sock");
    let daemon = UnixDaemon::start_with(&socket, "60", |command| {
        command.env(limit.0, limit.1);
    });
    let uri = "untitled:s.tomek";
    let mut healthy = Server::forwarded(&socket);
    healthy.initialize(caps("utf-16"));
    healthy.open(uri, "tomek", 1, BAD);
    healthy.diagnostics(uri, 1);
    let baseline = held(&mut healthy, &daemon);
    let mut version = 1;
    let quiet = latencies(&mut healthy, uri, &mut version, 5);

    let staller = Staller::connect(&socket, uri);
    let memory_before = crate::support::paced::rss_kb(daemon.pid());
    let flooding = std::thread::spawn(move || {
        flood(&staller, uri);
        staller
    });
    let mut busy = Vec::new();
    let mut memory_peak = memory_before;
    let started = Instant::now();
    while !daemon.said("dropping a session") {
        assert!(started.elapsed() < TIMEOUT, "the client was never dropped");
        busy.extend(latencies(&mut healthy, uri, &mut version, 1));
        memory_peak = memory_peak.max(crate::support::paced::rss_kb(daemon.pid()));
    }
    let line = daemon.expect_line("dropping a session");
    assert!(line.contains(why), "{line}");
    let staller = flooding.join().expect("the flood");
    assert!(staller.closed(), "the connection is closed");
    back_to(&mut healthy, &daemon, &baseline);
    let worst = |seen: &[Duration]| seen.iter().max().copied().unwrap_or_default();
    eprintln!(
        "daemon_faults: {}: healthy session's worst latency {:?} quiet, {:?} ({} samples) while \
         the other stalled; dropped after {:?}; daemon memory {memory_before} kB before, \
         {memory_peak} kB at most",
        limit.0,
        worst(&quiet),
        worst(&busy),
        busy.len(),
        started.elapsed()
    );
    // What waits for the client is bounded (the limit, then the drop):
    // the daemon's memory grows by far less than a whole flood of answers
    // would hold, let alone without bound.
    assert!(
        memory_peak < memory_before + 256 * 1024,
        "daemon memory {memory_before} kB before, {memory_peak} kB at most"
    );
    // The healthy session was served while the other stalled: each
    // sample is a hover answered and an edit published, awaited with the
    // client's timeout (a guard against hanging). How fast is a goal of
    // the bench (daemon_load's `faults`).
    assert!(
        !busy.is_empty(),
        "no sample while the other session stalled"
    );
    if version % 2 == 0 {
        // Bad again, for `still_served` to mend.
        version += 1;
        healthy.change(uri, version, json!([{"text": BAD}]));
    }
    still_served(&mut healthy, uri, version + 1);
}

#[cfg(feature = "test-hooks")]
#[test]
fn a_client_that_does_not_read_is_dropped_past_the_queued_bytes() {
    a_client_that_stops_reading(
        ("BOARDLS_TEST_WIRE_BYTES", "4000000"),
        |staller, uri| staller.ask_big(uri, 200),
        "more than 4000000 bytes or",
    );
}

/// No time limit drops a client (a suspended editor reads again later:
/// `slow_clients`), but one that asks 10,000 hovers and reads none of the
/// answers is past the limit on messages waiting, at the default bytes.
#[cfg(feature = "test-hooks")]
#[test]
fn a_client_that_asks_10_000_hovers_and_never_reads_is_dropped_alone() {
    a_client_that_stops_reading(
        ("BOARDLS_TEST_UNUSED", ""),
        |staller, uri| staller.ask_hovers(uri, 10_000),
        "4096 messages waited",
    );
}

/// A small tmpfs, filled up; unmounted when dropped.
struct FullDisk {
    dir: TempDir,
}

impl FullDisk {
    /// `None` where mounting is not allowed (not root).
    fn mount() -> Option<FullDisk> {
        let disk = FullDisk::with("size=64k,mode=700")?;
        // Fill it: a write of more than it holds stops at full.
        let _ = std::fs::write(disk.dir.path().join("filler"), vec![0u8; 1 << 20]);
        Some(disk)
    }

    /// A small tmpfs with these mount options.
    fn with(options: &str) -> Option<FullDisk> {
        let dir = TempDir::private("faults-full");
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", options, "tmpfs"])
            .arg(dir.path())
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        mounted.then_some(FullDisk { dir })
    }
}

impl Drop for FullDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg(self.dir.path())
            .status();
    }
}

/// `boardls lsp --connect auto` where `configure` makes the per-user
/// folder unusable: it says why (`cause`) on stderr, serves the editor
/// itself with a warning, fully, and ends with a private server's status.
fn falls_back(what: &str, configure: impl FnOnce(&mut std::process::Command), cause: &str) {
    let scratch = TempDir::private("faults-fallback");
    let stderr = scratch.path().join("stderr");
    let mut command = std::process::Command::new("sh");
    command
        .args(["-c", "exec \"$0\" lsp --connect auto 2>\"$1\""])
        .arg(env!("CARGO_BIN_EXE_boardls"))
        .arg(&stderr);
    configure(&mut command);
    let started = Instant::now();
    let mut server = Server::spawn_command(command);
    server.initialize(caps("utf-16"));
    let served_after = started.elapsed();
    let warned = server.wait_for(|m| m["method"] == "window/showMessage");
    assert_eq!(warned["params"]["type"], 2, "{what}: a warning: {warned}");
    let text = warned["params"]["message"].as_str().unwrap_or_default();
    assert!(
        text.contains("private server") && text.contains(cause),
        "{what}: {text}"
    );
    let uri = "untitled:f.tomek";
    server.open(uri, "tomek", 1, BAD);
    assert_eq!(server.diagnostics(uri, 1).len(), 1, "{what}");
    still_served(&mut server, uri, 2);
    let status = server.request("boardls/status", serde_json::Value::Null);
    assert_eq!(
        status["pid"],
        json!(server.pid()),
        "{what}: served in-process"
    );
    assert_eq!(server.shutdown_and_exit().code(), Some(0), "{what}");
    let said = std::fs::read_to_string(&stderr).unwrap_or_default();
    assert!(
        said.contains(cause) && said.contains("serving this editor with a private server"),
        "{what}: {said}"
    );
    // Said at once: not the connect timeout's message, which a forwarder
    // waiting for a daemon that never comes would say. How soon the
    // editor is served is a goal of the bench (daemon_load's `faults`).
    assert!(!said.contains("no daemon answered"), "{what}: {said}");
    eprintln!("daemon_faults: {what}: initialize answered after {served_after:?}");
}

#[test]
fn an_unusable_runtime_folder_gets_a_private_server_with_a_warning() {
    // Below a regular file: ENOTDIR, even for root.
    let scratch = TempDir::private("faults-notdir");
    let file = scratch.write("file", "");
    falls_back(
        "a folder below a file",
        |command| {
            command
                .env_remove("XDG_RUNTIME_DIR")
                .env("TMPDIR", file.join("tmp"));
        },
        "Not a directory",
    );
    // /proc, where nobody makes folders.
    falls_back(
        "/proc",
        |command| {
            command.env("XDG_RUNTIME_DIR", "/proc");
        },
        "/proc/boardls",
    );
    // A full disk: the folder and the socket could be made, the daemon's
    // log cannot be written.
    falls_back_on("a full disk", FullDisk::mount(), "No space left on device");
    // Room for the folder, the log and the lock, not for the socket: the
    // forwarder starts a daemon, which cannot bind and exits. The
    // forwarder says the daemon's own error at once, not after its
    // connect timeout (`falls_back` checks which it said).
    falls_back_on(
        "a daemon that cannot bind",
        FullDisk::with("size=64k,nr_inodes=4,mode=700"),
        "cannot listen on",
    );
}

/// [`falls_back`] with the per-user folder on `disk`; skipped where it
/// could not be mounted.
fn falls_back_on(what: &str, disk: Option<FullDisk>, cause: &str) {
    match disk {
        Some(disk) => falls_back(
            what,
            |command| {
                command.env("XDG_RUNTIME_DIR", disk.dir.path());
            },
            cause,
        ),
        None => crate::support::skipped("daemon/faults", what, "mounting a small tmpfs needs root"),
    }
}
