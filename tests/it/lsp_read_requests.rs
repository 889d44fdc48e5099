//! The requests that read a whole document (semantic tokens, symbols,
//! folding) are answered from a snapshot, off the path that applies edits:
//! a cheap request is not queued behind them, each answers for the
//! document as it was when it arrived, and `$/cancelRequest` stops them.

use boardls_engine::document::Document;
use boardls_engine::games::GameKind;
use boardls_ide::encoding::Encoding;
use boardls_ide::features::symbols;
use boardls_ide::view::{Cancel, ClientCaps, DocView};
use serde_json::{Value, json};

#[cfg(feature = "test-hooks")]
use boardls_server::test_hooks::{Faults, Gate};

use crate::support::client::{Server, apply_change, caps, frame, range};

const URI: &str = "file:///big/boards.tomek";

/// `count` Tomek boards; the first one is won by `first`'s row.
fn boards(count: usize, first: &str) -> String {
    let mut text = format!("{count}\n{first}\n....\n....\n....\n");
    for _ in 1..count {
        text.push_str("\nXOXO\nOXOX\n....\n....\n");
    }
    text
}

fn request_frame(id: u64, method: &str, params: Value) -> Vec<u8> {
    frame(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string())
}

fn response(server: &mut Server, id: u64) -> Value {
    server.wait_for(|m| m.get("id") == Some(&json!(id)) && m.get("method").is_none())
}

fn open(count: usize) -> Server {
    let mut server = Server::spawn();
    server.initialize(caps("utf-16"));
    server.open(URI, "tomek", 1, &boards(count, "XXXX"));
    server
}

/// A session of the library in this process whose whole-document
/// requests wait at `gate` (feature `test-hooks`), with the big document
/// open.
#[cfg(feature = "test-hooks")]
fn open_held(count: usize, gate: &std::sync::Arc<Gate>) -> Server {
    let mut server = Server::in_process_with(Faults::held_at(gate));
    server.initialize(caps("utf-16"));
    server.open(URI, "tomek", 1, &boards(count, "XXXX"));
    server
}

/// A hover written right behind `semanticTokens/full`, `documentSymbol`
/// and `foldingRange` of a big document is answered first: the first of
/// them waits at a gate until the hover's answer is in, so the hover
/// cannot be answered after them, however long each takes (queued behind
/// them, it would never come, and the wait would time out).
#[cfg(feature = "test-hooks")]
#[test]
fn a_hover_is_not_queued_behind_whole_document_requests() {
    let gate = Gate::closed("full");
    let mut server = open_held(1_000, &gate);
    let document = json!({"textDocument": {"uri": URI}});
    let mut frames = request_frame(101, "textDocument/semanticTokens/full", document.clone());
    frames.extend(request_frame(
        102,
        "textDocument/documentSymbol",
        document.clone(),
    ));
    frames.extend(request_frame(103, "textDocument/foldingRange", document));
    frames.extend(request_frame(
        104,
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": {"line": 1, "character": 0}}),
    ));
    server.send_raw(&frames);
    let hover = response(&mut server, 104);
    assert!(hover["result"]["contents"].is_object(), "{hover}");
    for id in [101, 102, 103] {
        assert!(
            !server.came_before(|m| m.get("id") == Some(&json!(id))),
            "request {id} was answered before the hover behind it"
        );
    }
    gate.open();
    for id in [101, 102, 103] {
        let answer = response(&mut server, id);
        assert!(answer.get("error").is_none(), "{answer}");
    }
}

/// Symbols asked for before an edit name the verdicts before it, even
/// when the edit is applied while they are still being worked out: the
/// first request waits at a gate until a hover shows the edit applied.
#[cfg(feature = "test-hooks")]
#[test]
fn a_request_answers_for_the_document_as_it_arrived() {
    let gate = Gate::closed("documentSymbol");
    let mut server = open_held(1_000, &gate);
    let document = json!({"textDocument": {"uri": URI}});
    let mut frames = request_frame(201, "textDocument/documentSymbol", document.clone());
    frames.extend(frame(
        &json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": URI, "version": 2},
            "contentChanges": [{"range": {"start": {"line": 1, "character": 0},
                "end": {"line": 1, "character": 4}}, "text": "OOOO"}]}})
        .to_string(),
    ));
    frames.extend(request_frame(202, "textDocument/documentSymbol", document));
    server.send_raw(&frames);
    let hover = server.hover_text(URI, 1, 0);
    assert!(
        hover.contains("Case #1: O won"),
        "the edit is applied: {hover}"
    );
    assert!(
        !server.came_before(|m| m.get("id") == Some(&json!(201))),
        "the symbols were answered before the gate opened"
    );
    gate.open();
    let first_name = |answer: &Value| answer["result"][0]["name"].as_str().map(str::to_owned);
    let before = response(&mut server, 201);
    let after = response(&mut server, 202);
    assert_eq!(first_name(&before).as_deref(), Some("Case #1: X won"));
    assert_eq!(first_name(&after).as_deref(), Some("Case #1: O won"));
    assert_eq!(before["result"].as_array().map(Vec::len), Some(1_000));
}

/// The symbols answered from kept pieces equal a fresh computation, flat
/// and in groups, with and without hierarchy, after edits that split,
/// join and change positions.
#[test]
fn symbols_from_kept_pieces_equal_a_fresh_computation() {
    for hierarchical in [true, false] {
        for count in [900, 12_345] {
            let mut capabilities = caps("utf-16");
            capabilities["textDocument"]["documentSymbol"]["hierarchicalDocumentSymbolSupport"] =
                json!(hierarchical);
            let mut server = Server::spawn();
            server.initialize(capabilities);
            let mut text = boards(count, "XXXX");
            server.open(URI, "tomek", 1, &text);
            let symbols = json!({"textDocument": {"uri": URI}});
            server.request("textDocument/documentSymbol", symbols.clone());
            let edits = [
                (range(1, 0, 1, 4), "OOOO"),
                (range(7, 0, 7, 0), "XXXX\n....\n....\n....\n\n"),
                (range(3, 0, 5, 0), ""),
                (range(0, 0, 0, 1), "9"),
            ];
            for (version, (at, new_text)) in (2..).zip(edits) {
                let change = json!({"range": at, "text": new_text});
                server.change(URI, version, json!([change.clone()]));
                apply_change(&mut text, &change, Encoding::Utf16);
                let answered = server.request("textDocument/documentSymbol", symbols.clone());
                let doc = Document::new(GameKind::Tomek, &text);
                let uri = URI.parse().expect("a valid URI");
                let caps = ClientCaps {
                    hierarchical_symbols: hierarchical,
                    encoding: Encoding::Utf16,
                    ..ClientCaps::default()
                };
                let view = DocView {
                    uri: &uri,
                    doc: &doc,
                    version: 1,
                    caps,
                };
                let fresh = serde_json::to_value(symbols::document_symbols(&view, &Cancel::NEVER))
                    .expect("symbols as JSON");
                assert!(
                    answered == fresh,
                    "{count} boards, hierarchical {hierarchical}, edit {version}: the answer differs"
                );
            }
        }
    }
}

/// `$/cancelRequest` for a `semanticTokens/full` still being worked out
/// (every position of 50,000 coloured): the answer is `RequestCancelled`,
/// and the session goes on.
#[test]
fn a_cancelled_request_answers_request_cancelled() {
    let mut server = open(50_000);
    let mut frames = request_frame(
        301,
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": URI}}),
    );
    frames.extend(frame(
        &json!({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 301}}).to_string(),
    ));
    server.send_raw(&frames);
    let answer = response(&mut server, 301);
    assert_eq!(answer["error"]["code"], json!(-32800), "{answer}");
    let hover = server.hover_text(URI, 1, 0);
    assert!(hover.contains("Case #1: X won"), "{hover}");
}

/// From 20,000 positions a whole token array is streamed to the client
/// (written twice, once to count its bytes, never held whole): it is the
/// document's tokens as a range request over all of it gives them, asked
/// as `/full` or as a delta from a result the server does not know, and
/// the message after it is framed as it should be.
#[test]
fn a_streamed_token_array_is_the_whole_documents_tokens() {
    let count = 25_000;
    let boards = [
        "XXXT\nOO..\n....\n....",
        "O...\nO...\nO...\nO...",
        "XOXO\nOXOX\n....\n....",
    ];
    let mut text = count.to_string();
    for index in 0..count {
        text.push('\n');
        text.push_str(boards[index % boards.len()]);
        text.push('\n');
    }
    let lines = text.lines().count() as u64;
    let mut server = Server::spawn();
    server.initialize(caps("utf-16"));
    server.open(URI, "tomek", 1, &text);
    let document = json!({"textDocument": {"uri": URI}});
    let ranged = server.request(
        "textDocument/semanticTokens/range",
        json!({"textDocument": {"uri": URI}, "range": range(0, 0, lines, 0)}),
    );
    // Two winning-line cells and the joker in every third board, and a
    // line of four in the next: far more than a chunk of the stream.
    assert!(ranged["data"].as_array().unwrap().len() > 5 * 40_000);
    let full = server.request("textDocument/semanticTokens/full", document.clone());
    assert_eq!(full["data"], ranged["data"]);
    let stale = server.request(
        "textDocument/semanticTokens/full/delta",
        json!({"textDocument": {"uri": URI}, "previousResultId": "no such result"}),
    );
    assert_eq!(stale["data"], ranged["data"]);
    assert_ne!(stale["resultId"], json!(null));
    let hover = server.hover_text(URI, 1, 0);
    assert!(hover.contains("Case #1"), "{hover}");
}
