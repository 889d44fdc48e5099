//! Hostile and broken clients against the real server binary. After every
//! abuse the server must still answer a hover on a healthy document with
//! the right text: it neither died nor lost or garbled its state.

mod common;

use std::time::Duration;

use common::{Server, caps, frame, pos, range};
use serde_json::{Value, json};

const PROBE: &str = "file:///abuse/probe.tomek";
const TOMEK: &str = "1\nXXXT\n....\nOO..\n....\n";

/// An initialized server with the probe document open.
fn server() -> Server {
    let mut server = Server::spawn();
    server.initialize(caps("utf-16"));
    server.open(PROBE, "tomek", 1, TOMEK);
    server
}

fn hover_at(server: &mut Server, uri: &str, line: u64, character: u64) -> Value {
    server.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": pos(line, character)}),
    )
}

/// The server still serves: the probe's hover names its verdict.
fn assert_alive(server: &mut Server) {
    let text = server.hover_text(PROBE, 1, 0);
    assert!(text.contains("Case #1: X won"), "hover: {text:?}");
}

fn is_error(code: i64) -> impl Fn(&Value) -> bool {
    move |m: &Value| m["error"]["code"] == code && m.get("method").is_none()
}

fn finish(server: Server) {
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

#[test]
fn invalid_json_bodies_get_errors() {
    let mut server = server();
    for body in [
        "{\"jsonrpc\": \"2.0\", \"id\": 5, \"method\"",
        "not json at all",
        "{}}",
        "\u{0}\u{0}\u{0}",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"textDocument/hover\",\"params\":{\"x\":1e999999}}",
    ] {
        server.send_raw(&frame(body));
        server.wait_for(is_error(-32700));
        assert_alive(&mut server);
    }
    // Valid JSON that is no JSON-RPC message.
    for body in [
        "[1, 2, 3]",
        "null",
        "\"hover\"",
        "{}",
        r#"{"jsonrpc":"1.0","id":3,"method":"shutdown"}"#,
        r#"{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}"#,
        r#"{"jsonrpc":"2.0","id":4,"method":17}"#,
    ] {
        server.send_raw(&frame(body));
        server.wait_for(is_error(-32600));
        assert_alive(&mut server);
    }
    // Invalid UTF-8 inside a JSON string.
    let mut body = br#"{"jsonrpc":"2.0","id":8,"method":"textDocument/hover","params":{"textDocument":{"uri":""#.to_vec();
    body.extend_from_slice(b"\xff\xfe\xc3");
    body.extend_from_slice(br#""},"position":{"line":0,"character":0}}}"#);
    let mut bytes = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    bytes.extend_from_slice(&body);
    server.send_raw(&bytes);
    server.wait_for(is_error(-32700));
    assert_alive(&mut server);
    finish(server);
}

#[test]
fn wrong_content_lengths_and_headers() {
    let mut server = server();
    let body = r#"{"jsonrpc":"2.0","id":77,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///abuse/probe.tomek"},"position":{"line":1,"character":0}}}"#;
    // Too short: the body is cut, its tail is junk before the next frame.
    let mut bytes = format!("Content-Length: {}\r\n\r\n", body.len() - 10).into_bytes();
    bytes.extend_from_slice(body.as_bytes());
    server.send_raw(&bytes);
    server.wait_for(is_error(-32700));
    assert_alive(&mut server);
    // Too long, followed by a good message: the bad one is an error, the
    // good one is answered.
    let mut bytes = format!("Content-Length: {}\r\n\r\n", body.len() + 100).into_bytes();
    bytes.extend_from_slice(body.as_bytes());
    server.send_raw(&bytes);
    assert_alive(&mut server);
    server.wait_for(is_error(-32700));
    // Too long at the end of what the client sent, then more later.
    let mut bytes = format!("Content-Length: {}\r\n\r\n", body.len() + 5).into_bytes();
    bytes.extend_from_slice(body.as_bytes());
    server.send_raw(&bytes);
    std::thread::sleep(Duration::from_millis(100));
    assert_alive(&mut server);
    server.wait_for(is_error(-32700));
    // Lengths that are no length at all.
    for header in [
        "Content-Length: -1",
        "Content-Length: 0",
        "Content-Length: abc",
        "Content-Length: 99999999999999999999999",
        "Content-Length: 1099511627776",
        "Content-Length:",
    ] {
        let mut bytes = format!("{header}\r\n\r\n").into_bytes();
        bytes.extend_from_slice(body.as_bytes());
        server.send_raw(&bytes);
        server.wait_for(is_error(-32700));
        assert_alive(&mut server);
    }
    // A header without Content-Length; a body with no header at all; a
    // header block that never ends.
    server.send_raw(b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n");
    server.wait_for(is_error(-32700));
    assert_alive(&mut server);
    server.send_raw(body.as_bytes());
    server.send_raw(b"\r\n\r\n");
    server.wait_for(is_error(-32700));
    assert_alive(&mut server);
    server.send_raw(&vec![b'A'; 100_000]);
    server.send_raw(b"\r\n\r\n");
    server.wait_for(is_error(-32700));
    assert_alive(&mut server);
    // Headers split across writes, and extra headers, are fine.
    let hover = format!(
        "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    for piece in hover.as_bytes().chunks(7) {
        server.send_raw(piece);
    }
    let answer = server.wait_for(|m| m["id"] == 77 && m.get("result").is_some());
    assert!(
        answer["result"]["contents"]["value"]
            .as_str()
            .is_some_and(|t| t.contains("X won"))
    );
    finish(server);
}

#[test]
fn unknown_methods() {
    let mut server = server();
    for method in [
        "boardls/nothing",
        "textDocument/nothing",
        "$/unknownRequest",
        "",
    ] {
        let response = server.request_raw(method, json!({}));
        assert_eq!(response["error"]["code"], -32601, "{method}: {response}");
        assert_alive(&mut server);
    }
    // Unknown notifications (and `$/` ones) are ignored: no answer at all.
    for method in [
        "boardls/nothing",
        "$/unknownNotification",
        "$/cancelRequest",
        "$/setTrace",
    ] {
        server.notify(method, json!({"id": 12345, "value": "off"}));
    }
    assert_alive(&mut server);
    let answered: Vec<Value> = server
        .drain()
        .into_iter()
        .filter(|m| m.get("error").is_some())
        .collect();
    assert!(
        answered.is_empty(),
        "notifications were answered: {answered:?}"
    );
    finish(server);
}

#[test]
fn requests_before_initialize() {
    let mut server = Server::spawn();
    let response = server.request_raw(
        "textDocument/hover",
        json!({"textDocument": {"uri": PROBE}, "position": pos(1, 0)}),
    );
    assert_eq!(response["error"]["code"], -32002, "{response}");
    let response = server.request_raw("shutdown", Value::Null);
    assert_eq!(response["error"]["code"], -32002, "{response}");
    // Notifications before initialize are dropped.
    server.open(PROBE, "tomek", 1, "garbage");
    server.initialize(caps("utf-16"));
    // A second initialize is refused, and changes nothing.
    let response = server.request_raw("initialize", json!({"capabilities": {}}));
    assert!(response.get("error").is_some(), "{response}");
    server.open(PROBE, "tomek", 1, TOMEK);
    assert_alive(&mut server);
    finish(server);
}

#[test]
fn changes_to_documents_never_opened() {
    let mut server = server();
    let never = "file:///abuse/never.tomek";
    server.change(
        never,
        2,
        json!([{"range": range(0, 0, 0, 0), "text": "XXXX\n"}]),
    );
    server.change(never, 3, json!([{"text": "full text"}]));
    server.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": never}}),
    );
    assert!(hover_at(&mut server, never, 0, 0).is_null());
    // Another document's edits do not leak into the probe.
    server.change(PROBE, 2, json!([]));
    assert_alive(&mut server);
    finish(server);
}

#[test]
fn versions_going_backwards_still_apply_every_edit() {
    let mut server = server();
    let uri = "file:///abuse/versions.tomek";
    server.open(uri, "tomek", 10, "1\n....\n....\n....\n....\n");
    server.diagnostics(uri, 10);
    // Each change rewrites row 1 of the board; versions go down, repeat
    // and turn negative. The client's text is what it sent: apply them.
    for (version, row) in [(5, "XXXX"), (5, "OOOO"), (-3, "XXXT"), (0, "OOOT")] {
        server.change(
            uri,
            version,
            json!([{"range": range(1, 0, 1, 4), "text": row}]),
        );
        server.diagnostics(uri, version);
    }
    let text = server.hover_text(uri, 1, 0);
    assert!(text.contains("O won"), "{text}");
    assert_alive(&mut server);
    finish(server);
}

#[test]
fn ranges_past_the_end_and_reversed() {
    let mut server = server();
    let uri = "file:///abuse/ranges.tomek";
    server.open(uri, "tomek", 1, "1\n....\n....\n....\n");
    let far = u64::from(u32::MAX);
    for (version, change) in [
        // Past the last line: appended at the end.
        (2, json!({"range": range(100, 0, 200, 5), "text": "....\n"})),
        // Reversed range: the same as the right way round.
        (3, json!({"range": range(1, 4, 1, 0), "text": "OOOT"})),
        // Characters far past the line end: the line's end.
        (4, json!({"range": range(0, far, 0, far), "text": ""})),
        (5, json!({"range": range(far, far, far, far), "text": ""})),
    ] {
        server.change(uri, version, json!([change]));
        server.diagnostics(uri, version);
    }
    let text = server.hover_text(uri, 1, 0);
    assert!(text.contains("O won"), "{text}");
    // Out-of-range numbers that do not fit a u32: invalid params, ignored.
    server.change(
        uri,
        6,
        json!([{"range": range(0, 0, 0, 1u64 << 40), "text": "9"}]),
    );
    server.change(
        uri,
        7,
        json!([{"range": {"start": {"line": -1, "character": -1}, "end": pos(0, 0)}, "text": "9"}]),
    );
    let text = server.hover_text(uri, 1, 0);
    assert!(text.contains("O won"), "{text}");
    // Hover, hints and tokens far outside the text.
    // Answered without an error (`request` checks), whatever the answer.
    hover_at(&mut server, uri, far, far);
    let hints = server.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": uri}, "range": range(far, far, 0, 0)}),
    );
    assert!(hints.is_array() || hints.is_null(), "{hints}");
    let tokens = server.request(
        "textDocument/semanticTokens/range",
        json!({"textDocument": {"uri": uri}, "range": range(far, far, 0, 0)}),
    );
    assert!(tokens["data"].is_array(), "{tokens}");
    assert_alive(&mut server);
    finish(server);
}

#[test]
fn a_ten_megabyte_line() {
    let mut server = server();
    let uri = "file:///abuse/huge.go9";
    let huge = format!("{}\n", "x.o".repeat((10 << 20) / 3));
    server.open(uri, "go9", 1, &huge);
    let diagnostics = server.diagnostics(uri, 1);
    assert!(!diagnostics.is_empty());
    // Answered without an error (`request` checks), whatever the answer.
    hover_at(&mut server, uri, 0, 5_000_000);
    // Typing in the middle of it, and a 10 MB insertion into the probe's
    // neighbourhood (another document).
    server.change(
        uri,
        2,
        json!([{"range": range(0, 5_000_000, 0, 5_000_001), "text": "X"}]),
    );
    server.diagnostics(uri, 2);
    let other = "file:///abuse/huge.tomek";
    server.open(other, "tomek", 1, TOMEK);
    server.change(
        other,
        2,
        json!([{"range": range(2, 0, 2, 0), "text": "#".repeat(10 << 20)}]),
    );
    server.diagnostics(other, 2);
    assert_alive(&mut server);
    finish(server);
}

#[test]
fn nul_bytes_in_documents_and_names() {
    let mut server = server();
    let uri = "file:///abuse/nul%00name.tomek";
    server.open(
        uri,
        "tomek",
        1,
        "1\nXX\u{0}T\n\u{0}\u{0}\u{0}\u{0}\nOO..\n....\n\u{0}",
    );
    server.diagnostics(uri, 1);
    server.change(
        uri,
        2,
        json!([{"range": range(1, 2, 1, 3), "text": "\u{0}\u{0}"}]),
    );
    server.diagnostics(uri, 2);
    // Answered without an error (`request` checks), whatever the answer.
    hover_at(&mut server, uri, 1, 2);
    assert_alive(&mut server);
    // A raw NUL in the frame itself is invalid JSON.
    server.send_raw(&frame("{\"jsonrpc\":\"2.0\",\u{0}\"id\":1}"));
    server.wait_for(is_error(-32700));
    assert_alive(&mut server);
    finish(server);
}

#[test]
fn invalid_utf8_on_disk() {
    let dir = std::env::temp_dir().join(format!("boardls-abuse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bad = dir.join("bad.go9");
    std::fs::write(&bad, b"1\n..\xff\xfe.....\n\x00\x00\n").expect("write");
    std::fs::write(dir.join("nul.tomek"), b"\x00\x00\x00\x00\n").expect("write");
    std::fs::write(dir.join("bom.uttt"), b"\xef\xbb\xbf... ... ...\n\xc3").expect("write");

    // `check` reports the file and goes on.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_boardls"))
        .arg("check")
        .arg(&dir)
        .output()
        .expect("run check");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("file/invalid-utf8"), "{stdout}");
    assert!(stdout.contains("nul.tomek"), "{stdout}");

    // The server with that folder as its workspace, and the file opened
    // by URI (the editor decoded it lossily).
    let mut server = Server::spawn();
    let root = format!("file://{}", dir.display());
    server.request(
        "initialize",
        json!({"processId": null, "rootUri": root,
               "workspaceFolders": [{"uri": root, "name": "abuse"}],
               "capabilities": caps("utf-16")}),
    );
    server.notify("initialized", json!({}));
    server.open(PROBE, "tomek", 1, TOMEK);
    let bad_uri = format!("{root}/bad.go9");
    let lossy = String::from_utf8_lossy(&std::fs::read(&bad).expect("read")).into_owned();
    server.open(&bad_uri, "go9", 1, &lossy);
    server.diagnostics(&bad_uri, 1);
    server.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": bad_uri, "type": 2}, {"uri": format!("{root}/nul.tomek"), "type": 1}]}),
    );
    server.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": bad_uri}}),
    );
    assert_alive(&mut server);
    finish(server);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_document_closed_twice() {
    let mut server = server();
    let uri = "file:///abuse/twice.tomek";
    server.open(uri, "tomek", 1, TOMEK);
    server.diagnostics(uri, 1);
    let close = json!({"textDocument": {"uri": uri}});
    server.notify("textDocument/didClose", close.clone());
    server.notify("textDocument/didClose", close.clone());
    // Edits after close are dropped; reopening works.
    server.change(uri, 2, json!([{"text": "junk"}]));
    assert!(hover_at(&mut server, uri, 1, 0).is_null());
    server.open(uri, "tomek", 3, "1\nOOOT\n....\n....\n....\n");
    let text = server.hover_text(uri, 1, 0);
    assert!(text.contains("O won"), "{text}");
    // Opened twice without a close: the second text wins.
    server.open(uri, "tomek", 4, TOMEK);
    let text = server.hover_text(uri, 1, 0);
    assert!(text.contains("X won"), "{text}");
    server.notify("textDocument/didClose", close);
    assert_alive(&mut server);
    finish(server);
}

#[test]
fn odd_payloads() {
    let mut server = server();
    // Requests with null, missing or mistyped params: invalid params.
    for params in [
        Value::Null,
        json!([]),
        json!("hover"),
        json!({}),
        json!({"textDocument": {"uri": PROBE}}),
        json!({"textDocument": {"uri": PROBE}, "position": {"line": "1", "character": 0}}),
        json!({"textDocument": {"uri": 5}, "position": pos(0, 0)}),
        json!({"textDocument": {"uri": "not a uri"}, "position": pos(0, 0)}),
    ] {
        let response = server.request_raw("textDocument/hover", params.clone());
        if response.get("error").is_some() {
            assert_eq!(response["error"]["code"], -32602, "{params}: {response}");
        } else {
            assert!(response["result"].is_null(), "{params}: {response}");
        }
        assert_alive(&mut server);
    }
    for method in [
        "textDocument/inlayHint",
        "textDocument/semanticTokens/full",
        "textDocument/semanticTokens/range",
        "textDocument/codeAction",
        "textDocument/documentSymbol",
        "textDocument/foldingRange",
        "textDocument/diagnostic",
    ] {
        for params in [
            Value::Null,
            json!({"textDocument": null}),
            json!({"range": 3}),
        ] {
            let response = server.request_raw(method, params);
            assert_eq!(response["error"]["code"], -32602, "{method}: {response}");
        }
    }
    // Notifications with the same: dropped.
    for method in [
        "textDocument/didOpen",
        "textDocument/didChange",
        "textDocument/didClose",
        "workspace/didChangeConfiguration",
        "workspace/didChangeWatchedFiles",
        "workspace/didChangeWorkspaceFolders",
        "initialized",
    ] {
        for params in [
            Value::Null,
            json!({}),
            json!(5),
            json!({"textDocument": {"uri": []}}),
        ] {
            server.notify(method, params);
        }
    }
    server.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"boardls": {"unknown": [1, 2], "hints": "sometimes"}}}),
    );
    server.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": PROBE, "version": 2}, "contentChanges": null}),
    );
    server.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": PROBE, "version": 2}, "contentChanges": [{"range": null, "text": 5}]}),
    );
    // A document of no known kind, and one with an empty URI.
    server.open("file:///abuse/readme.txt", "plaintext", 1, "hello");
    server.open("untitled:", "", 1, "XXXT");
    // A response to a request the server never sent.
    server.send_raw(&frame(r#"{"jsonrpc":"2.0","id":99999,"result":null}"#));
    server.send_raw(&frame(
        r#"{"jsonrpc":"2.0","id":"x","error":{"code":1,"message":"?"}}"#,
    ));
    assert_alive(&mut server);
    finish(server);
}

#[test]
fn requests_after_shutdown_are_refused() {
    let mut server = server();
    assert_alive(&mut server);
    server.request("shutdown", Value::Null);
    let response = server.request_raw(
        "textDocument/hover",
        json!({"textDocument": {"uri": PROBE}, "position": pos(1, 0)}),
    );
    assert_eq!(response["error"]["code"], -32600, "{response}");
    server.notify("exit", Value::Null);
    assert_eq!(server.wait().code(), Some(0));
}

/// The server binary's panic hook (`BOARDLS_TEST_PANIC`, read by every
/// session, with the `test-hooks` feature): a panicking request is answered
/// with InternalError and logged with the document's URI, and the server
/// goes on serving. Every other kind of handler is made to panic in-process
/// in `lsp_guard.rs`.
#[cfg(feature = "test-hooks")]
#[test]
fn a_panicking_handler_is_contained() {
    let uri = "file:///abuse/panics.tomek";
    let mut server = Server::spawn_with(|command| {
        command.env("BOARDLS_TEST_PANIC", "foldingRange");
    });
    server.initialize(caps("utf-16"));
    server.open(uri, "tomek", 1, TOMEK);
    let response = server.request_raw(
        "textDocument/foldingRange",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(response["error"]["code"], -32603, "{response}");
    let log = server.wait_for(|m| m["method"] == "window/logMessage" && m["params"]["type"] == 1);
    let message = log["params"]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains(uri) && message.contains("injected panic"),
        "{message}"
    );
    let text = server.hover_text(uri, 1, 0);
    assert!(text.contains("X won"), "{text}");
    server.open(PROBE, "tomek", 1, TOMEK);
    assert_alive(&mut server);
    finish(server);

    // A panic in the middle of an edit's re-read: the edit is still
    // applied (the document is rebuilt from its text) and diagnostics
    // follow. More of this in `hooks_recovery.rs`.
    let mut server = Server::spawn_with(|command| {
        command.env("BOARDLS_TEST_PANIC", "reparse");
    });
    server.initialize(caps("utf-16"));
    server.open(uri, "tomek", 1, TOMEK);
    server.diagnostics(uri, 1);
    server.change(
        uri,
        2,
        json!([{"range": range(1, 0, 1, 4), "text": "OOOT"}]),
    );
    server.diagnostics(uri, 2);
    let text = server.hover_text(uri, 1, 0);
    assert!(text.contains("O won"), "{text}");
    server.open(PROBE, "tomek", 1, TOMEK);
    assert_alive(&mut server);
    finish(server);

    // Pull diagnostics.
    let mut server = Server::spawn_with(|command| {
        command.env("BOARDLS_TEST_PANIC", "diagnostic");
    });
    let mut capabilities = caps("utf-16");
    capabilities["textDocument"]["diagnostic"] = json!({});
    server.initialize(capabilities);
    server.open(uri, "tomek", 1, TOMEK);
    let response = server.request_raw(
        "textDocument/diagnostic",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(response["error"]["code"], -32603, "{response}");
    server.open(PROBE, "tomek", 1, TOMEK);
    assert_alive(&mut server);
    finish(server);
}
