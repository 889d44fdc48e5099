//! `boardls/test/settled` (feature `test-hooks`) waits for the disk's
//! poll: a round of it in progress (here held at a gate on purpose) keeps
//! the answer back until the round ends.

use std::time::{Duration, Instant};

use boardls_server::test_hooks::{Faults, Gate, SETTLED_METHOD};
use serde_json::json;

use crate::support::client::{Server, TempDir, file_uri, frame};

const SETTLED_ID: u64 = 9_000;

/// A client without watched files, so that the server polls its folder.
fn polled(server: &mut Server, folder: &TempDir) {
    server.initialize_with(json!({
        "processId": null,
        "capabilities": {"general": {"positionEncodings": ["utf-16"]},
            "window": {"workDoneProgress": true}},
        "workspaceFolders": [{"uri": file_uri(folder.path()), "name": "ws"}],
    }));
}

#[test]
fn settled_waits_for_a_poll_in_progress() {
    let folder = TempDir::new("settled-poll");
    folder.write("a.tomek", "1\nXXXX\n....\n....\n....\n");
    let gate = Gate::closed("poll");
    let mut server = Server::in_process_with(Faults::held_at(&gate));
    polled(&mut server, &folder);
    // The poll's first round has come to the gate (it reads the folder
    // on a blocking thread, and waits there while the gate is closed).
    let deadline = Instant::now() + Duration::from_secs(30);
    while !gate.reached() {
        assert!(Instant::now() < deadline, "the poll never reached its gate");
        std::thread::sleep(Duration::from_millis(5));
    }
    let settled = json!({"jsonrpc": "2.0", "id": SETTLED_ID, "method": SETTLED_METHOD});
    server.send_raw(&frame(&settled.to_string()));
    // Time for a settled that did not wait to answer; then a request the
    // loop answers at once: its answer comes after any such.
    std::thread::sleep(Duration::from_millis(300));
    server.request("boardls/status", json!(null));
    assert!(
        !server.came_before(|m| m.get("id") == Some(&json!(SETTLED_ID))),
        "settled answered while a poll was held at its gate"
    );
    gate.open();
    let answer = server.wait_for(|m| m.get("id") == Some(&json!(SETTLED_ID)));
    assert_eq!(answer["result"], json!(null), "{answer}");
}
