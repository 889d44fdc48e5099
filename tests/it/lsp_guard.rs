//! One panic guard for every handler: each kind of handler, request or
//! notification, is made to panic just before it runs (the `test-hooks`
//! feature's fault points), and the session must log the panic with what it
//! was about, answer a request that panicked with InternalError, and answer
//! the next request correctly.

#![cfg(feature = "test-hooks")]

use crate::support::client::{Server, caps};
use boardls_server::Faults;
use serde_json::{Value, json};

const URI: &str = "file:///guard/board.tomek";
const BOARD: &str = "1\nXXXT\n....\nOO..\n....\n";

fn session(panic_in: &str, capabilities: Value) -> Server {
    let mut server = Server::in_process_with(Faults::panic_at(panic_in));
    let response = server.request_raw(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": capabilities}),
    );
    if panic_in != "initialize" {
        assert!(response.get("error").is_none(), "{response}");
    }
    server.notify("initialized", json!({}));
    server
}

/// The panic was logged as an error naming the handler and its subject.
fn assert_logged(server: &mut Server, what: &str, subject: &str) {
    let log = server.wait_for(|m| {
        m["method"] == "window/logMessage"
            && m["params"]["type"] == 1
            && m["params"]["message"]
                .as_str()
                .is_some_and(|text| text.contains("injected panic"))
    });
    let message = log["params"]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains(&format!("{what} for {subject} failed")),
        "{message}"
    );
}

#[test]
fn every_kind_of_request_answers_internal_error_and_the_session_goes_on() {
    let requests: [(&str, &str, Value); 8] = [
        (
            "hover",
            "textDocument/hover",
            json!({"textDocument": {"uri": URI}, "position": {"line": 1, "character": 0}}),
        ),
        (
            "inlayHint",
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": URI}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 9, "character": 0}}}),
        ),
        (
            "full",
            "textDocument/semanticTokens/full",
            json!({"textDocument": {"uri": URI}}),
        ),
        (
            "range",
            "textDocument/semanticTokens/range",
            json!({"textDocument": {"uri": URI}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 9, "character": 0}}}),
        ),
        (
            "codeAction",
            "textDocument/codeAction",
            json!({"textDocument": {"uri": URI}, "range": {"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 1}}, "context": {"diagnostics": []}}),
        ),
        (
            "documentSymbol",
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": URI}}),
        ),
        (
            "foldingRange",
            "textDocument/foldingRange",
            json!({"textDocument": {"uri": URI}}),
        ),
        (
            "diagnostic",
            "textDocument/diagnostic",
            json!({"textDocument": {"uri": URI}}),
        ),
    ];
    for (what, method, params) in requests {
        let mut capabilities = caps("utf-16");
        capabilities["textDocument"]["diagnostic"] = json!({});
        let mut server = session(what, capabilities);
        server.open(URI, "tomek", 1, BOARD);
        let response = server.request_raw(method, params);
        assert_eq!(response["error"]["code"], -32603, "{what}: {response}");
        assert_logged(&mut server, what, URI);
        if what == "hover" {
            let symbols = server.request(
                "textDocument/documentSymbol",
                json!({"textDocument": {"uri": URI}}),
            );
            assert_eq!(symbols[0]["name"], "Case #1: X won", "{symbols}");
        } else {
            let text = server.hover_text(URI, 1, 0);
            assert!(text.contains("Case #1: X won"), "{what}: {text}");
        }
        assert_eq!(server.shutdown_and_exit().code(), Some(0), "{what}");
    }
}

#[test]
fn a_panicking_initialize_is_answered_and_the_session_goes_on() {
    let mut server = session("initialize", caps("utf-16"));
    assert_logged(&mut server, "initialize", "initialize");
    // The handler never ran, so the session is not initialized; it still
    // answers, and ends on `exit`.
    let response = server.request_raw("shutdown", Value::Null);
    assert!(response.get("id").is_some(), "{response}");
    server.notify("exit", Value::Null);
    assert!(server.wait().code().is_some());
}

#[test]
fn every_kind_of_notification_is_contained() {
    let folder = json!([{"uri": "file:///guard", "name": "guard"}]);
    let notifications: [(&str, &str, Value, &str); 7] = [
        ("initialized", "", Value::Null, "initialized"),
        ("didOpen", "", Value::Null, URI),
        (
            "didChange",
            "textDocument/didChange",
            json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [
                {"range": {"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 4}}, "text": "OOOT"}
            ]}),
            URI,
        ),
        (
            "didClose",
            "textDocument/didClose",
            json!({"textDocument": {"uri": URI}}),
            URI,
        ),
        (
            "didChangeConfiguration",
            "workspace/didChangeConfiguration",
            json!({"settings": {"boardls": {"inlayHints": {"enable": false}}}}),
            "workspace/didChangeConfiguration",
        ),
        (
            "didChangeWatchedFiles",
            "workspace/didChangeWatchedFiles",
            json!({"changes": [{"uri": "file:///guard/gone.go9", "type": 3}]}),
            "workspace/didChangeWatchedFiles",
        ),
        (
            "didChangeWorkspaceFolders",
            "workspace/didChangeWorkspaceFolders",
            json!({"event": {"added": folder, "removed": []}}),
            "workspace/didChangeWorkspaceFolders",
        ),
    ];
    for (what, method, params, subject) in notifications {
        let mut server = session(what, caps("utf-16"));
        server.open(URI, "tomek", 1, BOARD);
        if !method.is_empty() {
            server.notify(method, params);
        }
        assert_logged(&mut server, what, subject);
        if what == "didClose" {
            server.open(URI, "tomek", 3, BOARD);
        }
        // The handler never ran: the change it would have made is not
        // there (a panic inside an edit's work is `hooks_recovery.rs`).
        // After a panicking didOpen the document is not open: the hover
        // is answered, and empty.
        let expected = if what == "didOpen" { "" } else { "X won" };
        let text = server.hover_text(URI, 1, 0);
        assert!(text.contains(expected), "{what}: {text}");
        assert!(what != "didOpen" || text.is_empty(), "{what}: {text}");
        assert_eq!(server.shutdown_and_exit().code(), Some(0), "{what}");
    }
}
