//! The per-user daemon and its forwarder, through the real binary: modes
//! and owner checks, sessions sharing one daemon and one scan, the idle
//! exit, stale sockets, a daemon killed mid-session, concurrent starts,
//! and TCP with and without the token.

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::os::unix::fs::{MetadataExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::support;
use crate::support::client::{
    self, Server, TIMEOUT, TempDir, daemon_pid, file_uri, frame, read_frame, stop_daemon,
};
use crate::support::daemon::{UnixDaemon as Daemon, boardls};
use serde_json::{Value, json};

const BAD: &str = "1\nXXZT\n....\nOO..\n....\n";
const GOOD: &str = "1\nXXXT\n....\nOO..\n....\n";

fn mode(path: &Path) -> u32 {
    std::fs::symlink_metadata(path)
        .map(|m| m.mode() & 0o777)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn chmod(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

/// Runs boardls to completion with no input; its status and stderr.
fn run(args: &[&std::ffi::OsStr]) -> (Option<i32>, String) {
    let output = boardls()
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run boardls");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn os(s: &str) -> &std::ffi::OsStr {
    s.as_ref()
}

fn status(server: &mut Server) -> Value {
    server.request("boardls/status", Value::Null)
}

fn caps(encoding: &str) -> Value {
    json!({
        "general": {"positionEncodings": [encoding]},
        "window": {"workDoneProgress": true},
        "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}},
        "textDocument": {"publishDiagnostics": {"versionSupport": true}}
    })
}

fn initialize(server: &mut Server, ws: &TempDir, encoding: &str) {
    server.initialize_with(json!({
        "processId": null,
        "capabilities": caps(encoding),
        "workspaceFolders": [{"uri": file_uri(ws.path()), "name": "ws"}],
    }));
}

#[test]
fn the_daemon_keeps_its_socket_private_and_sessions_share_it() {
    let dir = TempDir::private("modes");
    // A folder of its own that does not exist yet: made 0700.
    let socket = dir.path().join("run").join("d.sock");
    let daemon = Daemon::start(&socket, "60");
    assert_eq!(mode(&dir.path().join("run")), 0o700);
    assert_eq!(mode(&socket), 0o600);
    let lock = dir.path().join("run").join("d.sock.lock");
    assert_eq!(mode(&lock), 0o600);
    assert_eq!(daemon_pid(&socket), Some(daemon.pid() as i32));

    // Two editors' forwarders reach the same process.
    let mut a = Server::forwarded(&socket);
    let mut b = Server::forwarded(&socket);
    a.initialize(caps("utf-16"));
    b.initialize(caps("utf-8"));
    let (sa, sb) = (status(&mut a), status(&mut b));
    assert_eq!(sa["pid"], json!(daemon.pid()), "{sa}");
    assert_eq!(sb["pid"], json!(daemon.pid()), "{sb}");
    assert_eq!(sb["sessions"], 2, "{sb}");

    // Each session its own documents and encoding.
    let uri = "untitled:x.tomek";
    a.open(uri, "tomek", 1, BAD);
    b.open(uri, "tomek", 1, GOOD);
    assert_eq!(a.diagnostics(uri, 1).len(), 1);
    assert!(b.diagnostics(uri, 1).is_empty());
    assert_eq!(a.shutdown_and_exit().code(), Some(0));
    assert_eq!(status(&mut b)["sessions"], 1);
    b.notify("exit", Value::Null);
    assert_eq!(b.wait().code(), Some(1), "exit without shutdown");

    // A second daemon on the same socket is refused; the first goes on.
    let (code, stderr) = run(&[os("daemon"), os("--socket"), socket.as_os_str()]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("already serves"), "{stderr}");
    let mut c = Server::forwarded(&socket);
    c.initialize(caps("utf-16"));
    assert_eq!(status(&mut c)["pid"], json!(daemon.pid()));
    assert!(c.shutdown_and_exit().success());
}

#[test]
fn wrong_modes_owners_and_links_are_refused() {
    let dir = TempDir::private("refused");
    let open_dir = dir.path().join("open");
    std::fs::create_dir(&open_dir).expect("mkdir");
    chmod(&open_dir, 0o755);
    let socket = open_dir.join("d.sock");
    // The daemon refuses the folder; so does the forwarder, before dialling.
    let (code, stderr) = run(&[os("daemon"), os("--socket"), socket.as_os_str()]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("755") && stderr.contains("chmod 700"),
        "{stderr}"
    );
    assert!(!socket.exists());
    let (code, stderr) = run(&[os("lsp"), os("--connect"), socket.as_os_str()]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("chmod 700"), "{stderr}");
    assert!(!socket.exists(), "no daemon was spawned");

    // A symbolic link to a folder.
    let link_dir = dir.path().join("link");
    std::os::unix::fs::symlink(dir.path(), &link_dir).expect("symlink");
    let (code, stderr) = run(&[
        os("daemon"),
        os("--socket"),
        link_dir.join("d.sock").as_os_str(),
    ]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("symbolic link"), "{stderr}");

    // A symbolic link as the socket, to a real daemon's socket elsewhere.
    let real_socket = dir.path().join("real.sock");
    let _real = Daemon::start(&real_socket, "60");
    let linked = dir.path().join("linked.sock");
    std::os::unix::fs::symlink(&real_socket, &linked).expect("symlink");
    for args in [
        vec![os("daemon"), os("--socket"), linked.as_os_str()],
        vec![os("lsp"), os("--connect"), linked.as_os_str()],
    ] {
        let (code, stderr) = run(&args);
        assert_eq!(code, Some(1), "{stderr}");
        assert!(stderr.contains("symbolic link"), "{args:?}: {stderr}");
    }

    // A socket others may use, or that another user owns.
    chmod(&real_socket, 0o666);
    let (code, stderr) = run(&[os("lsp"), os("--connect"), real_socket.as_os_str()]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("666"), "{stderr}");
    chmod(&real_socket, 0o600);
    if support::runs_as_root() {
        std::os::unix::fs::lchown(&real_socket, Some(support::OTHER_UID), None).expect("lchown");
        let (code, stderr) = run(&[os("lsp"), os("--connect"), real_socket.as_os_str()]);
        assert_eq!(code, Some(1), "{stderr}");
        assert!(stderr.contains("belongs to user 65534"), "{stderr}");
    } else {
        support::skipped(
            "daemon/sessions",
            "a socket of another user",
            "only root can give one away",
        );
    }

    // Not a socket at all.
    let file = dir.path().join("file.sock");
    std::fs::write(&file, "").expect("write");
    chmod(&file, 0o600);
    let (code, stderr) = run(&[os("daemon"), os("--socket"), file.as_os_str()]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("not a socket"), "{stderr}");
}

/// The daemon hangs up on a client of another user (its socket's modes
/// opened for the test, since they would stop that user first).
#[test]
fn the_daemon_refuses_a_peer_of_another_user() {
    if !support::runs_as_root() {
        support::skipped(
            "daemon/sessions",
            "a peer of another user",
            "needs root to be one",
        );
        return;
    }
    let dir = TempDir::private("peer");
    let socket = dir.path().join("d.sock");
    let daemon = Daemon::start(&socket, "60");
    chmod(dir.path(), 0o711);
    chmod(&socket, 0o666);
    // Connects as that user and reads: EOF at once if refused; an accepted
    // session would wait for a request until the alarm.
    let output = {
        use std::os::unix::process::CommandExt as _;
        Command::new("perl")
            .uid(support::OTHER_UID)
            .gid(support::OTHER_UID)
            .args([
                "-MIO::Socket::UNIX",
                "-e",
                "alarm 10; my $s = IO::Socket::UNIX->new(Peer => $ARGV[0]) or die \"connect: $!\"; \
                 my $n = sysread($s, my $b, 1); print defined $n ? \"read $n\" : \"error $!\";",
            ])
            .arg(&socket)
            .output()
            .expect("run perl")
    };
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{:?}: {stderr}", output.status);
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "read 0",
        "{stderr}"
    );
    daemon.expect_line("refused a connection from user 65534");
}

/// The forwarder will not talk to a daemon of another user, even through
/// a socket and folder that are the user's own.
#[test]
fn the_forwarder_refuses_a_daemon_of_another_user() {
    if !support::runs_as_root() {
        support::skipped(
            "daemon/sessions",
            "a daemon of another user",
            "needs root to start one",
        );
        return;
    }
    let dir = TempDir::private("peer-daemon");
    std::os::unix::fs::chown(
        dir.path(),
        Some(support::OTHER_UID),
        Some(support::OTHER_UID),
    )
    .expect("chown");
    let socket = dir.path().join("d.sock");
    let _daemon = Daemon::start_as(&socket, "60", Some(support::OTHER_UID));
    // The folder and the socket handed back: only the process behind them
    // is another user's.
    std::os::unix::fs::lchown(&socket, Some(0), Some(0)).expect("lchown");
    std::os::unix::fs::chown(dir.path(), Some(0), Some(0)).expect("chown");
    let (code, stderr) = run(&[os("lsp"), os("--connect"), socket.as_os_str()]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("it runs as user 65534, not as you"),
        "{stderr}"
    );
}

#[test]
fn two_sessions_on_one_folder_share_one_scan() {
    let ws = TempDir::new("shared-scan");
    const FILES: usize = 40;
    for i in 0..FILES {
        // A wide character as the bad cell: its range differs between
        // UTF-8 and UTF-16, so each session converts for itself.
        ws.write(
            &format!("f{i:02}.tomek"),
            format!("# f{i}\n1\nXéXT\n....\nOO..\n....\n"),
        );
    }
    let dir = TempDir::private("shared");
    let socket = dir.path().join("d.sock");
    let _daemon = Daemon::start(&socket, "60");
    let mut a = Server::forwarded(&socket);
    let mut b = Server::forwarded(&socket);
    initialize(&mut a, &ws, "utf-8");
    initialize(&mut b, &ws, "utf-16");
    a.progress_end();
    b.progress_end();
    let probe = ws.uri("f07.tomek");
    let published = |server: &mut Server| -> Vec<Value> {
        let found = server.drain().into_iter().filter(|m| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == probe.as_str()
        });
        found.map(|m| m["params"]["diagnostics"].clone()).collect()
    };
    let (in_a, in_b) = (published(&mut a), published(&mut b));
    assert_eq!(in_a.len(), 1, "{in_a:?}");
    assert_eq!(in_b.len(), 1, "{in_b:?}");
    // é: two bytes in UTF-8, one unit in UTF-16.
    assert_eq!(in_a[0][0]["range"], client::range(2, 1, 2, 3), "{in_a:?}");
    assert_eq!(in_b[0][0]["range"], client::range(2, 1, 2, 2), "{in_b:?}");
    let reads = status(&mut b)["fileReads"].clone();
    assert_eq!(reads, json!(FILES), "each file read once for both sessions");

    // A third session later: nothing read again.
    let mut c = Server::forwarded(&socket);
    initialize(&mut c, &ws, "utf-16");
    c.progress_end();
    assert_eq!(status(&mut c)["fileReads"], json!(FILES));

    // A file changes; every session hears of it from its editor: one read.
    let changed = ws.write("f03.tomek", GOOD);
    let uri = file_uri(&changed);
    for server in [&a, &b, &c] {
        server.notify(
            "workspace/didChangeWatchedFiles",
            json!({"changes": [{"uri": uri, "type": 2}]}),
        );
    }
    for server in [&mut a, &mut b, &mut c] {
        let cleared = server.wait_for(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri.as_str()
                && m["params"]["diagnostics"] == json!([])
        });
        assert!(cleared["params"]["version"].is_null());
    }
    assert_eq!(status(&mut a)["fileReads"], json!(FILES + 1));
    for server in [a, b, c] {
        assert!(server.shutdown_and_exit().success());
    }
}

#[test]
fn the_daemon_exits_when_idle_and_removes_its_socket() {
    let dir = TempDir::private("idle");
    let socket = dir.path().join("d.sock");
    let mut daemon = Daemon::start(&socket, "1");
    let mut server = Server::forwarded(&socket);
    server.initialize(caps("utf-16"));
    // A session keeps it up, however long it lasts: a second daemon with
    // the same idle time and no session, started after the session began,
    // has gone idle and exited while the first stays.
    let mut twin = Daemon::start(&dir.path().join("twin.sock"), "1");
    twin.expect_line("no session for 1 s");
    assert_eq!(twin.wait(TIMEOUT), Some(0));
    assert!(matches!(daemon.child.try_wait(), Ok(None)));
    assert!(server.shutdown_and_exit().success());
    daemon.expect_line("no session for 1 s");
    assert_eq!(daemon.wait(TIMEOUT), Some(0));
    assert!(!socket.exists(), "the socket is removed");
    assert!(!dir.path().join("d.sock.lock").exists());
}

#[test]
fn a_stale_socket_is_replaced() {
    let dir = TempDir::private("stale");
    let socket = dir.path().join("d.sock");
    let mut first = Daemon::start(&socket, "60");
    // SAFETY: kill has no memory effects.
    unsafe { libc::kill(first.pid() as i32, libc::SIGKILL) };
    first.wait(TIMEOUT);
    assert!(socket.exists(), "a killed daemon leaves its socket");
    let second = Daemon::start(&socket, "60");
    second.expect_line("replaced the stale socket");
    let mut server = Server::forwarded(&socket);
    server.initialize(caps("utf-16"));
    assert_eq!(status(&mut server)["pid"], json!(second.pid()));
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn a_daemon_killed_mid_session_ends_it_clearly_and_the_next_start_spawns_one() {
    let dir = TempDir::private("killed");
    let socket = dir.path().join("d.sock");
    // The forwarder spawns the daemon itself.
    let mut command = boardls();
    command.arg("lsp").arg("--connect").arg(&socket);
    command.stderr(Stdio::piped());
    command.stdin(Stdio::piped()).stdout(Stdio::piped());
    let mut child = command.spawn().expect("spawn the forwarder");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"processId": null, "capabilities": {}}});
    stdin
        .write_all(&frame(&initialize.to_string()))
        .expect("write");
    let mut header = String::new();
    stdout.read_line(&mut header).expect("the answer");
    assert!(header.starts_with("Content-Length"), "{header}");
    let pid = daemon_pid(&socket).expect("a daemon was spawned");
    // Spawned detached: a session of its own.
    // SAFETY: getsid only reads.
    let sid = unsafe { libc::getsid(pid) };
    assert_eq!(sid, pid, "the daemon leads its own session");
    assert_eq!(mode(&dir.path().join("d.sock.log")), 0o600);

    // SAFETY: kill has no memory effects.
    unsafe { libc::kill(pid, libc::SIGKILL) };
    let deadline = Instant::now() + TIMEOUT;
    let status = loop {
        if let Some(status) = child.try_wait().expect("try_wait") {
            break status;
        }
        assert!(Instant::now() < deadline, "the forwarder did not end");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(1));
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut stderr)
        .expect("stderr");
    assert!(
        stderr.contains("closed the connection in the middle of the session"),
        "{stderr}"
    );

    // The next start finds the stale socket and spawns a new daemon.
    let mut again = Server::forwarded(&socket);
    again.initialize(caps("utf-16"));
    let new_pid = status_pid(&mut again);
    assert_ne!(new_pid, pid);
    assert!(again.shutdown_and_exit().success());
    stop_daemon(&socket);
}

fn status_pid(server: &mut Server) -> i32 {
    status(server)["pid"].as_i64().expect("a pid") as i32
}

#[test]
fn forwarders_started_at_once_share_one_daemon() {
    let dir = TempDir::private("race");
    let socket = dir.path().join("d.sock");
    let mut servers: Vec<Server> = (0..4).map(|_| Server::forwarded(&socket)).collect();
    let pids: Vec<i32> = servers
        .iter_mut()
        .map(|server| {
            server.initialize(caps("utf-16"));
            status_pid(server)
        })
        .collect();
    assert!(pids.iter().all(|p| *p == pids[0]), "{pids:?}");
    assert_eq!(daemon_pid(&socket), Some(pids[0]));
    for server in servers {
        assert!(server.shutdown_and_exit().success());
    }
    stop_daemon(&socket);
}

#[test]
fn auto_uses_the_per_user_socket() {
    let runtime = TempDir::private("xdg");
    let mut command = boardls();
    command
        .args(["lsp", "--connect", "auto"])
        .env("XDG_RUNTIME_DIR", runtime.path());
    let mut server = Server::spawn_command(command);
    server.initialize(caps("utf-16"));
    let pid = status_pid(&mut server);
    assert!(server.shutdown_and_exit().success());
    let dir = runtime.path().join("boardls");
    assert_eq!(mode(&dir), 0o700);
    let sockets: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the socket folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "sock"))
        .collect();
    assert_eq!(sockets.len(), 1, "{sockets:?}");
    let name = sockets[0]
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    assert!(
        name.starts_with(&format!("boardls-{}-", env!("CARGO_PKG_VERSION"))),
        "{name}"
    );
    assert_eq!(mode(&sockets[0]), 0o600);
    assert_eq!(daemon_pid(&sockets[0]), Some(pid));
    stop_daemon(&sockets[0]);
}

#[test]
fn tcp_serves_only_connections_that_present_the_token() {
    let daemon = client::Daemon::spawn();
    assert_eq!(mode(&daemon.token_file), 0o600);
    assert_eq!(daemon.token.len(), 64);
    let initialize = frame(
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"processId": null, "capabilities": {}}})
        .to_string(),
    );
    // No token, then a wrong one: one error, then the connection closes.
    for first in [Vec::new(), b"not-the-token\n".to_vec()] {
        let mut socket = std::net::TcpStream::connect(&daemon.addr).expect("connect");
        socket
            .set_read_timeout(Some(TIMEOUT))
            .expect("a read timeout");
        socket.write_all(&first).expect("write");
        socket.write_all(&initialize).expect("write");
        let mut reader = BufReader::new(socket);
        let refusal = read_frame(&mut reader).expect("one message");
        assert_eq!(refusal["error"]["code"], -32001, "{refusal}");
        assert!(refusal["id"].is_null());
        assert!(read_frame(&mut reader).is_none(), "then the end");
    }
    // With the token: served.
    let mut server = daemon.connect();
    let result = server.initialize(caps("utf-16"));
    assert_eq!(result["serverInfo"]["name"], "boardls");
    assert_eq!(status(&mut server)["pid"], json!(daemon.pid()));
    server.request("shutdown", Value::Null);
    server.notify("exit", Value::Null);

    // The forwarder presents it for an editor...
    let mut command = boardls();
    command
        .arg("lsp")
        .arg("--connect")
        .arg(format!("tcp://{}", daemon.addr))
        .arg("--token-file")
        .arg(&daemon.token_file);
    let mut forwarded = Server::spawn_command(command);
    forwarded.initialize(caps("utf-16"));
    assert_eq!(status(&mut forwarded)["pid"], json!(daemon.pid()));
    assert_eq!(forwarded.shutdown_and_exit().code(), Some(0));
    // ... and without it is told why it was refused.
    let output = boardls()
        .args(["lsp", "--connect", &format!("tcp://{}", daemon.addr)])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            if let Some(stdin) = child.stdin.as_mut() {
                let _ = stdin.write_all(&initialize);
            }
            child.wait_with_output()
        })
        .expect("run the forwarder");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("refused the connection"), "{stderr}");
}

#[test]
fn a_token_file_of_ones_own_is_used_or_made() {
    let dir = TempDir::private("token");
    let file = dir.path().join("token");
    // Missing: made, 0600, with a new token.
    let made = client::Daemon::spawn_with(&[os("--token-file"), file.as_os_str()]);
    assert_eq!(made.token_file, file);
    assert_eq!(mode(&file), 0o600);
    let mut server = made.connect();
    server.initialize(caps("utf-16"));
    drop(server);
    drop(made);
    assert!(file.exists(), "a file the user named stays");
    // Present: used as it is.
    std::fs::write(&file, "  my-own-token \n").expect("write");
    let used = client::Daemon::spawn_with(&[os("--token-file"), file.as_os_str()]);
    assert_eq!(used.token, "my-own-token");
    let mut server = used.connect();
    server.initialize(caps("utf-16"));
    // A link is refused.
    let link = dir.path().join("link");
    std::os::unix::fs::symlink(&file, &link).expect("symlink");
    let (code, stderr) = run(&[
        os("lsp"),
        os("--listen"),
        os("127.0.0.1:0"),
        os("--token-file"),
        link.as_os_str(),
    ]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("symbolic link"), "{stderr}");
}

#[test]
fn sessions_that_do_not_watch_files_share_one_poll() {
    let ws = TempDir::new("shared-poll");
    let file = ws.write("a.tomek", BAD);
    let uri = file_uri(&file);
    let dir = TempDir::private("poll");
    let socket = dir.path().join("d.sock");
    let _daemon = Daemon::start(&socket, "60");
    // Clients without watched files: the daemon polls the folder for them.
    let polled = json!({"general": {"positionEncodings": ["utf-16"]},
        "window": {"workDoneProgress": true}});
    let mut sessions: Vec<Server> = (0..2).map(|_| Server::forwarded(&socket)).collect();
    for server in &mut sessions {
        server.initialize_with(json!({
            "processId": null,
            "capabilities": polled,
            "workspaceFolders": [{"uri": file_uri(ws.path()), "name": "ws"}],
        }));
        server.progress_end();
    }
    let before = status(&mut sessions[0]);
    assert_eq!(before["fileReads"], 1, "{before}");
    assert_eq!(before["polledFolders"], 1, "one poll for both: {before}");
    ws.write("a.tomek", GOOD);
    for server in &mut sessions {
        server.wait_for(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri.as_str()
                && m["params"]["diagnostics"] == json!([])
        });
    }
    assert_eq!(
        status(&mut sessions[1])["fileReads"],
        2,
        "one poll saw the change, one read served both"
    );
    for server in sessions {
        assert!(server.shutdown_and_exit().success());
    }
}

#[test]
fn a_daemon_exiting_as_it_is_reached_is_replaced_unnoticed() {
    let dir = TempDir::private("unanswered");
    let socket = dir.path().join("d.sock");
    // A daemon that was exiting (idle) as the forwarder reached it: it
    // takes the connection, reads the editor's first bytes, and goes away
    // without answering.
    let listener = std::os::unix::net::UnixListener::bind(&socket).expect("bind");
    chmod(&socket, 0o600);
    let fake = {
        let socket = socket.clone();
        std::thread::spawn(move || {
            let (mut conn, _) = listener.accept().expect("accept");
            let mut first = [0u8; 16];
            let read = conn.read(&mut first).unwrap_or(0);
            let _ = std::fs::remove_file(&socket);
            read
        })
    };
    let mut server = Server::forwarded(&socket);
    let result = server.initialize(caps("utf-16"));
    assert_eq!(result["serverInfo"]["name"], "boardls");
    assert!(
        fake.join().expect("the fake daemon") > 0,
        "it was sent bytes"
    );
    // The editor's initialize went to a daemon the forwarder spawned.
    let pid = status_pid(&mut server);
    assert_eq!(daemon_pid(&socket), Some(pid));
    assert!(server.shutdown_and_exit().success());
    stop_daemon(&socket);
}

#[test]
fn sigterm_tells_every_session_and_the_daemon_exits_cleanly() {
    let dir = TempDir::private("sigterm");
    let socket = dir.path().join("d.sock");
    let mut daemon = Daemon::start(&socket, "60");
    let mut sessions = [Server::forwarded(&socket), Server::forwarded(&socket)];
    for server in &mut sessions {
        server.initialize(caps("utf-16"));
    }
    // SAFETY: kill has no memory effects.
    unsafe { libc::kill(daemon.pid() as i32, libc::SIGTERM) };
    for server in &mut sessions {
        let told = server.wait_for(|m| m["method"] == "window/showMessage");
        let text = told["params"]["message"].as_str().unwrap_or_default();
        assert!(text.contains("asked to stop"), "{told}");
        assert_eq!(told["params"]["type"], json!(2), "a warning");
    }
    daemon.expect_line("stopped");
    assert_eq!(daemon.wait(TIMEOUT), Some(0));
    assert!(!socket.exists(), "the socket is removed");
    assert!(!dir.path().join("d.sock.lock").exists());
    // Each forwarder ends with a failure, so that its editor starts it again.
    for server in &mut sessions {
        assert_eq!(server.wait().code(), Some(1));
    }
}
