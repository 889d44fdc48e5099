//! The server at the protocol boundary: negotiation, exit status, framing
//! errors, push versus pull diagnostics, unknown methods.

use crate::support::client::{self, Server, caps, frame, pos};
use serde_json::{Value, json};

const TOMEK: &str = "1\nXXXT\n....\nOO..\n....\n";

fn hover(server: &mut Server, uri: &str, line: u64, character: u64) -> Value {
    server.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": pos(line, character)}),
    )
}

#[test]
fn negotiates_utf8_when_offered_and_utf16_otherwise() {
    for (offered, expected) in [
        (json!(["utf-16", "utf-8"]), "utf-8"),
        (json!(["utf-32"]), "utf-16"),
        (Value::Null, "utf-16"),
    ] {
        let mut server = Server::spawn();
        let result = server.initialize(json!({"general": {"positionEncodings": offered}}));
        let capabilities = &result["capabilities"];
        assert_eq!(capabilities["positionEncoding"], expected, "{offered}");
        assert_eq!(capabilities["textDocumentSync"]["change"], 2);
        assert_eq!(capabilities["hoverProvider"], true);
        assert!(capabilities["diagnosticProvider"].is_null());
        assert_eq!(result["serverInfo"]["name"], "boardls");
        assert!(server.shutdown_and_exit().success());
    }
}

#[test]
fn exit_status_follows_the_protocol() {
    // shutdown then exit: 0.
    let mut server = Server::spawn();
    server.initialize(caps("utf-16"));
    assert_eq!(server.shutdown_and_exit().code(), Some(0));

    // exit without shutdown: 1.
    let mut server = Server::spawn();
    server.initialize(caps("utf-16"));
    server.notify("exit", Value::Null);
    assert_eq!(server.wait().code(), Some(1));

    // The client closes the stream without shutdown: ends, 1.
    let mut server = Server::spawn();
    server.initialize(caps("utf-16"));
    server.close_stdin();
    assert_eq!(server.wait().code(), Some(1));

    // ... and after shutdown: 0.
    let mut server = Server::spawn();
    server.initialize(caps("utf-16"));
    server.request("shutdown", Value::Null);
    server.close_stdin();
    assert_eq!(server.wait().code(), Some(0));
}

#[test]
fn malformed_frames_get_errors_and_the_session_goes_on() {
    let mut server = Server::spawn();
    server.initialize(caps("utf-16"));
    let uri = "file:///t/a.tomek";
    server.open(uri, "tomek", 1, TOMEK);

    let parse_error = |m: &Value| m["error"]["code"] == -32700 && m["id"].is_null();
    // Invalid JSON with a correct length.
    server.send_raw(&frame("{\"jsonrpc\": \"2.0\", \"id\": 5, \"method\""));
    server.wait_for(parse_error);
    // A header without Content-Length.
    server.send_raw(b"Content-Type: text/plain\r\n\r\n");
    server.wait_for(parse_error);
    // A Content-Length shorter than the body.
    let body = r#"{"jsonrpc":"2.0","id":77,"method":"shutdown"}"#;
    let mut bytes = format!("Content-Length: {}\r\n\r\n", body.len() - 3).into_bytes();
    bytes.extend_from_slice(body.as_bytes());
    server.send_raw(&bytes);
    server.wait_for(parse_error);
    // A Content-Length longer than the body, followed by more messages:
    // valid JSON that is no JSON-RPC message, and an id without a method.
    let mut bytes = format!("Content-Length: {}\r\n\r\n", body.len() + 40).into_bytes();
    bytes.extend_from_slice(body.as_bytes());
    bytes.extend(frame("[1, 2, 3]"));
    bytes.extend(frame(r#"{"jsonrpc":"2.0","id":9}"#));
    server.send_raw(&bytes);
    server.wait_for(parse_error);
    server.wait_for(|m| m["error"]["code"] == -32600 && m["id"].is_null());
    server.wait_for(|m| m["error"]["code"] == -32601 && m["id"] == 9);

    let hover = hover(&mut server, uri, 1, 0);
    let text = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(text.contains("Case #1: X won"), "{text}");
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn unknown_methods_and_unknown_documents_do_not_hurt() {
    let mut server = Server::spawn();
    server.initialize(caps("utf-8"));
    let response = server.request_raw("boardls/nothing", json!({}));
    assert_eq!(response["error"]["code"], -32601);
    // A document never opened: empty answers, and didChange is ignored.
    let never = "file:///t/never.uttt";
    assert!(hover(&mut server, never, 0, 0).is_null());
    server.change(never, 2, json!([{"text": "x"}]));
    server.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": never}}),
    );
    let uri = "file:///t/b.tomek";
    server.open(uri, "tomek", 1, TOMEK);
    assert!(!hover(&mut server, uri, 1, 1).is_null());
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn pull_clients_are_not_pushed_to() {
    let mut server = Server::spawn();
    let mut capabilities = caps("utf-16");
    capabilities["textDocument"]["diagnostic"] = json!({"dynamicRegistration": false});
    let result = server.initialize(capabilities);
    assert_eq!(
        result["capabilities"]["diagnosticProvider"]["identifier"],
        "boardls"
    );
    let uri = "file:///t/c.tomek";
    server.open(uri, "tomek", 1, "2\nXXXT\n....\nOO..\n....\n");
    let report = server.request(
        "textDocument/diagnostic",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(report["kind"], "full");
    let items = report["items"].as_array().cloned().unwrap_or_default();
    assert!(!items.is_empty(), "the count line is wrong: {report}");
    assert!(items.iter().all(|d| d["source"] == "boardls"));
    // Unchanged since the last pull.
    let again = server.request(
        "textDocument/diagnostic",
        json!({"textDocument": {"uri": uri}, "previousResultId": report["resultId"]}),
    );
    assert_eq!(again["kind"], "unchanged");
    // An edit makes a new report.
    server.change(
        uri,
        2,
        json!([{"range": client::range(0, 0, 0, 1), "text": "1"}]),
    );
    let after = server.request(
        "textDocument/diagnostic",
        json!({"textDocument": {"uri": uri}, "previousResultId": report["resultId"]}),
    );
    assert_eq!(after["kind"], "full");
    assert_eq!(after["items"], json!([]));
    // Nothing was pushed: not for the open, the edit or the close.
    server.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri}}),
    );
    let pushed: Vec<String> = server
        .published_before_probe(None)
        .iter()
        .map(|m| {
            let uri = m["params"]["uri"].as_str().unwrap_or_default();
            format!("{uri} version {}", m["params"]["version"])
        })
        .collect();
    assert!(pushed.is_empty(), "pushed to a pull client: {pushed:?}");
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn push_clients_get_versions_and_a_clear_on_close() {
    let mut server = Server::spawn();
    server.initialize(caps("utf-16"));
    let uri = "file:///t/d.tomek";
    server.open(uri, "tomek", 3, "2\nXXXT\n....\nOO..\n....\n");
    let diagnostics = server.diagnostics(uri, 3);
    assert!(!diagnostics.is_empty());
    assert!(
        diagnostics.iter().all(|d| d["source"] == "boardls"
            && d["code"].is_string()
            && d["severity"].is_number())
    );
    server.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri}}),
    );
    let cleared = server.wait_for(|m| {
        m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
    });
    assert_eq!(cleared["params"]["diagnostics"], json!([]));
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn semantic_tokens_use_the_announced_legend() {
    let mut server = Server::spawn();
    let result = server.initialize(caps("utf-16"));
    let provider = &result["capabilities"]["semanticTokensProvider"];
    assert_eq!(provider["full"]["delta"], true, "{provider}");
    assert_eq!(provider["range"], true, "{provider}");
    let types: Vec<&str> = provider["legend"]["tokenTypes"]
        .as_array()
        .map(|types| types.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let index = |name: &str| {
        types
            .iter()
            .position(|t| *t == name)
            .unwrap_or_else(|| panic!("{name} not in the legend {types:?}"))
    };
    let (win, joker) = (index("winningLine"), index("joker"));
    let uri = "file:///t/tokens.tomek";
    // A comment with wide characters first: the cells' columns stay.
    server.open(uri, "tomek", 1, "# ü 😀\n1\nXXXT\n.T..\nOO..\n....\n");
    let full = server.request(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(
        full["data"],
        // Five numbers a token: line and start deltas, length, type, modifiers.
        json!([
            2, 0, 1, win, 0, 0, 1, 1, win, 0, 0, 1, 1, win, 0, 0, 1, 1, win, 0, 1, 1, 1, joker, 0
        ]),
        "{full}"
    );
    let line = server.request(
        "textDocument/semanticTokens/range",
        json!({"textDocument": {"uri": uri}, "range": {"start": pos(3, 0), "end": pos(4, 0)}}),
    );
    assert_eq!(line["data"], json!([3, 1, 1, joker, 0]), "{line}");
    let unopened = server.request(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": "file:///t/other.tomek"}}),
    );
    assert!(unopened.is_null(), "{unopened}");
    assert!(server.shutdown_and_exit().success());
}
