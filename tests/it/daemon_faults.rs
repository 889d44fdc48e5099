//! The daemon under faults, through the real binary: clients killed in the
//! middle of a request or of a frame, a client that stops reading, a
//! session that panics, the daemon killed under its forwarders, and a
//! runtime folder the forwarder cannot use.

use std::time::Duration;

use serde_json::json;

use crate::support::client::{Server, TempDir, frame};
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
