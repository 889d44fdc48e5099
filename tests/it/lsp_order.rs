//! Edits are applied in order by construction, and every request answers
//! for exactly the text the messages before it produced.
//!
//! A client floods an in-process session (multi-threaded runtime, the
//! dispatcher yielding a varying number of times before each message) with
//! interleaved `didChange` notifications and requests, never waiting for an
//! answer. Afterwards every reply is compared with the same feature run on
//! a fresh parse of the text as it stood when the request was sent, and
//! every published version with a fresh parse of that version's text.

use crate::support::boards;

use std::collections::HashMap;

use crate::support::client::{self, Server, caps};
use crate::support::oracle;
use boardls_engine::document::Document;
use boardls_engine::games::GameKind;
use boardls_ide::encoding::Encoding;
use boardls_ide::features::{actions, hints, hover, proto_diagnostics, symbols};
use boardls_ide::view::{Cancel, ClientCaps, DocView};
#[cfg(feature = "test-hooks")]
use boardls_server::Faults;
use boards::Rng;
use serde_json::{Value, json};
use tower_lsp_server::ls_types::{ClientCapabilities, CodeActionParams, Position, Range, Uri};

/// A position usually inside the text, sometimes past a line's end or past
/// the last line.
fn position(rng: &mut Rng, text: &str) -> Position {
    let lines = oracle::line_ranges(text);
    let line = rng.below(lines.len() + 2);
    let len = lines.get(line).map_or(0, |&(a, b)| b - a);
    Position::new(line as u32, rng.below(len + 3) as u32)
}

/// A request sent, with the text it must be answered for.
struct Sent {
    method: &'static str,
    params: Value,
    text: String,
    version: i32,
}

/// What the feature gives on a fresh parse of `text`.
fn expected(kind: GameKind, caps: ClientCaps, uri: &Uri, sent: &Sent) -> Value {
    let doc = Document::new(kind, &sent.text);
    let view = DocView {
        uri,
        doc: &doc,
        version: sent.version,
        caps,
    };
    let position = |key: &str| -> Position {
        serde_json::from_value(sent.params[key].clone()).unwrap_or_default()
    };
    let range =
        || -> Range { serde_json::from_value(sent.params["range"].clone()).unwrap_or_default() };
    let answer = match sent.method {
        "textDocument/hover" => serde_json::to_value(hover::hover_with(
            &view,
            position("position"),
            boardls_ide::config::HoverPicture::Auto,
        )),
        "textDocument/inlayHint" => serde_json::to_value(hints::inlay_hints_with(
            &view,
            range(),
            &boardls_ide::config::HintSettings::default(),
        )),
        "textDocument/documentSymbol" => {
            serde_json::to_value(symbols::document_symbols(&view, &Cancel::NEVER))
        }
        "textDocument/foldingRange" => {
            serde_json::to_value(symbols::folding_ranges(&view, &Cancel::NEVER))
        }
        "textDocument/codeAction" => {
            let params: CodeActionParams = serde_json::from_value(sent.params.clone())
                .unwrap_or_else(|err| panic!("code action params: {err}"));
            serde_json::to_value(actions::code_actions(&view, &params))
        }
        other => panic!("no expectation for {other}"),
    };
    answer.unwrap_or_else(|err| panic!("serialize: {err}"))
}

fn flood(kind: GameKind, encoding: Encoding, seed: u64) {
    let uri_text = format!("file:///order/flood.{}", kind.id());
    let uri: Uri = uri_text.parse().unwrap_or_else(|_| panic!("uri"));
    let name = match encoding {
        Encoding::Utf8 => "utf-8",
        Encoding::Utf16 => "utf-16",
    };
    let client_caps = caps(name);
    let caps = ClientCaps::from_client(
        &serde_json::from_value::<ClientCapabilities>(client_caps.clone())
            .unwrap_or_else(|err| panic!("capabilities: {err}")),
    );
    // With the test hooks, the dispatcher yields at random between
    // messages: ordering must not rest on scheduling.
    #[cfg(feature = "test-hooks")]
    let mut server = Server::in_process_with(Faults {
        jitter: true,
        ..Faults::default()
    });
    #[cfg(not(feature = "test-hooks"))]
    let mut server = Server::in_process();
    server.initialize(client_caps);
    let mut text = oracle::seed(kind).to_owned();
    server.open(&uri_text, kind.id(), 0, &text);
    let mut rng = Rng(seed);
    let mut versions: HashMap<i64, String> = HashMap::from([(0, text.clone())]);
    let mut sent: HashMap<i64, Sent> = HashMap::new();
    let mut id = 1_000;
    for version in 1..=300i64 {
        let start = position(&mut rng, &text);
        let end = position(&mut rng, &text);
        let fragment = oracle::FRAGMENTS[rng.below(oracle::FRAGMENTS.len())];
        server.change(
            &uri_text,
            version,
            json!([{"range": {"start": start, "end": end}, "text": fragment}]),
        );
        oracle::apply_to_string(&mut text, start, end, fragment, encoding);
        versions.insert(version, text.clone());
        for _ in 0..rng.below(3) {
            let document = json!({"uri": uri_text});
            let (method, params) = match rng.below(5) {
                0 => (
                    "textDocument/hover",
                    json!({"textDocument": document, "position": position(&mut rng, &text)}),
                ),
                1 => (
                    "textDocument/inlayHint",
                    json!({"textDocument": document, "range": {"start": position(&mut rng, &text), "end": position(&mut rng, &text)}}),
                ),
                2 => (
                    "textDocument/documentSymbol",
                    json!({"textDocument": document}),
                ),
                3 => (
                    "textDocument/foldingRange",
                    json!({"textDocument": document}),
                ),
                _ => {
                    let at = position(&mut rng, &text);
                    (
                        "textDocument/codeAction",
                        json!({"textDocument": document, "range": {"start": at, "end": at}, "context": {"diagnostics": []}}),
                    )
                }
            };
            id += 1;
            let body = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
            server.send_raw(&client::frame(&body.to_string()));
            sent.insert(
                id,
                Sent {
                    method,
                    params,
                    text: text.clone(),
                    version: version as i32,
                },
            );
        }
    }
    let mut checked = 0;
    for (id, request) in &sent {
        let response = server.wait_for(|m| m["id"] == *id && m.get("method").is_none());
        assert!(response.get("error").is_none(), "{response}");
        let want = expected(kind, caps, &uri, request);
        assert_eq!(
            response["result"], want,
            "seed {seed}: {} {} answered for another text than {:?}",
            request.method, request.params, request.text
        );
        checked += 1;
    }
    // Publishes may skip versions (a burst is cut to the newest), but each
    // one is right for its version, and the last version is published.
    let last = server.diagnostics(&uri_text, 300);
    let fresh = |version: i64| -> Value {
        let doc = Document::new(kind, &versions[&version]);
        let view = DocView {
            uri: &uri,
            doc: &doc,
            version: 0,
            caps,
        };
        serde_json::to_value(proto_diagnostics::document(&view)).unwrap_or_default()
    };
    assert_eq!(Value::Array(last), fresh(300), "seed {seed}: last publish");
    for message in server.drain() {
        if message["method"] == "textDocument/publishDiagnostics" {
            let version = message["params"]["version"].as_i64().unwrap_or(-1);
            assert_eq!(
                message["params"]["diagnostics"],
                fresh(version),
                "seed {seed}: publish of version {version}"
            );
        }
    }
    assert!(checked > 100, "only {checked} requests checked");
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

#[test]
fn flooded_edits_and_requests_are_answered_in_order() {
    for (n, kind) in GameKind::ALL.into_iter().enumerate() {
        for encoding in [Encoding::Utf16, Encoding::Utf8] {
            flood(kind, encoding, 0x5eed + n as u64 * 7 + encoding as u64);
        }
    }
}
