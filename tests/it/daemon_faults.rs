//! The daemon under faults, through the real binary: clients killed in the
//! middle of a request or of a frame, a client that stops reading, a
//! session that panics, the daemon killed under its forwarders, and a
//! runtime folder the forwarder cannot use.

use std::time::Duration;

use serde_json::json;

use crate::support::client::{Server, TempDir, caps, frame, range};
use crate::support::daemon::{UnixDaemon, back_to, held, initialize_on, kill9};

const BAD: &str = "1\nXXZT\n....\nOO..\n....\n";

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
