//! A publish assembled from the pieces kept per position equals the one
//! serialized afresh, byte for byte, after random edits: cells changed
//! (errors, warnings, information come and go), lines inserted and
//! removed above kept positions (their line numbers move), characters
//! outside ASCII (columns through the rope), both encodings, and a small
//! `maxProblems` (a position listed in part). And a pull report, which
//! an open document's session writes from the same pieces, equals the
//! fresh listing after random edits sent over the protocol.

use std::sync::{Arc, Mutex};

use crate::support::boards::{Rng, dense_go9, positions};
use crate::support::client::{Server, caps, frame, range};
use boardls_engine::document::Document;
use boardls_engine::games::GameKind::{self, Go9, Tomek, Uttt};
use boardls_ide::config::DiagnosticFilter;
use boardls_ide::encoding::Encoding;
use boardls_ide::kept::diagnostics::KeptDiagnostics;
use boardls_ide::kept::publish::{Published, notification};
use serde_json::{Value, json};
use tower_lsp_server::ls_types::Uri;

/// A file of `kind` with many positions, comments with non-ASCII text
/// between some of them.
fn file(kind: GameKind, rng: &mut Rng) -> String {
    if kind == Go9 {
        return dense_go9(120, 120, 9);
    }
    let mut boards = Vec::new();
    while boards.len() < 120 {
        boards.extend(positions(rng, kind));
    }
    let mut text = format!("{}\n", boards.len());
    for (i, lines) in boards.iter().enumerate() {
        if i > 0 {
            text.push('\n');
        }
        if rng.chance(10) {
            text.push_str("# é 中 𝄞 note\n");
        }
        for line in lines {
            text.push_str(line);
            text.push('\n');
        }
    }
    text
}

/// One random edit: a cell changed (sometimes to a character outside
/// ASCII), a line break typed at a line's start, or a blank line removed.
fn edit(doc: &mut Document, rng: &mut Rng) {
    let rope = doc.rope();
    let lines = rope.len_lines().saturating_sub(1).max(1);
    let line = rng.below(lines);
    let start = rope.line_to_char(line);
    let len = rope.line(line).len_chars();
    match rng.below(10) {
        0..=2 => doc.edit(start, start, "\n"),
        3 if len == 1 => doc.edit(start, start + 1, ""),
        _ if len > 1 => {
            let at = start + rng.below(len - 1);
            let cell = ["X", "O", "T", ".", "x", "o", "!", "é", "?"][rng.below(9)];
            doc.edit(at, at + 1, cell);
        }
        _ => doc.edit(start, start, "\n"),
    }
}

fn publish(
    doc: &Document,
    enc: Encoding,
    filter: DiagnosticFilter,
    kept: Option<&Arc<Mutex<KeptDiagnostics>>>,
) -> Vec<u8> {
    notification(&Published {
        uri: "file:///w/kept.txt".parse::<Uri>().unwrap(),
        version: 3,
        snapshot: doc.snapshot(),
        enc,
        locale: Default::default(),
        filter,
        kept: kept.cloned(),
    })
}

#[test]
fn a_publish_from_kept_pieces_is_the_fresh_one_after_random_edits() {
    for (seed, kind) in [Go9, Tomek, Uttt].into_iter().enumerate() {
        for (enc, max_problems) in [
            (Encoding::Utf16, 1000),
            (Encoding::Utf8, 1000),
            (Encoding::Utf16, 7),
        ] {
            let mut rng = Rng(0x5eed_0000 + seed as u64);
            let mut doc = Document::new(kind, &file(kind, &mut rng));
            let filter = DiagnosticFilter {
                max_problems,
                ..DiagnosticFilter::default()
            };
            let uri: Uri = "file:///w/kept.txt".parse().unwrap();
            let kept = Arc::new(Mutex::new(KeptDiagnostics::default()));
            let mut assembled = 0;
            for step in 0..80 {
                edit(&mut doc, &mut rng);
                let fresh = publish(&doc, enc, filter, None);
                let from_kept = publish(&doc, enc, filter, Some(&kept));
                if fresh != from_kept {
                    let at = fresh
                        .iter()
                        .zip(&from_kept)
                        .take_while(|(a, b)| a == b)
                        .count();
                    let around = |b: &[u8]| {
                        String::from_utf8_lossy(&b[at.saturating_sub(120)..(at + 120).min(b.len())])
                            .into_owned()
                    };
                    panic!(
                        "{kind:?} {enc:?} maxProblems {max_problems}, step {step}: differs at byte {at}\nfresh: {}\nkept:  {}",
                        around(&fresh),
                        around(&from_kept)
                    );
                }
                let snapshot = doc.snapshot();
                if kept
                    .lock()
                    .unwrap()
                    .listed_json(&uri, &snapshot, enc, filter, Default::default())
                    .is_some()
                {
                    assembled += 1;
                }
            }
            // The kept pieces were used, not only the fresh walk.
            assert!(
                assembled >= 40,
                "{kind:?} {enc:?}: assembled {assembled} of 80"
            );
        }
    }
}

/// A random edit of `text` as a `didChange` content change (UTF-16
/// columns): a cell changed, a line break typed at a line's start, or a
/// blank line removed.
fn change(text: &str, rng: &mut Rng) -> Value {
    let lines: Vec<&str> = text.split('\n').collect();
    let line = rng.below(lines.len().saturating_sub(1).max(1));
    let at = |line: usize, character: usize| json!({"line": line, "character": character});
    let chars: Vec<char> = lines[line].chars().collect();
    match rng.below(10) {
        0..=2 => json!({"range": {"start": at(line, 0), "end": at(line, 0)}, "text": "\n"}),
        3 if chars.is_empty() => {
            json!({"range": {"start": at(line, 0), "end": at(line + 1, 0)}, "text": ""})
        }
        _ if !chars.is_empty() => {
            let index = rng.below(chars.len());
            let column: usize = chars[..index].iter().map(|c| c.len_utf16()).sum();
            let cell = ["X", "O", "T", ".", "x", "o", "!", "é", "?"][rng.below(9)];
            json!({
                "range": {"start": at(line, column), "end": at(line, column + chars[index].len_utf16())},
                "text": cell
            })
        }
        _ => json!({"range": {"start": at(line, 0), "end": at(line, 0)}, "text": "\n"}),
    }
}

/// What a fresh walk lists for `text` (the publish without kept pieces).
fn fresh_items(kind: GameKind, uri: &str, text: &str) -> Value {
    let published = publish(
        &Document::new(kind, text),
        Encoding::Utf16,
        DiagnosticFilter::default(),
        None,
    );
    let message: Value = serde_json::from_slice(&published).unwrap();
    let mut items = message["params"]["diagnostics"].clone();
    // `publish` names its own URI: the related locations name the document.
    let named = serde_json::to_string(&items)
        .unwrap()
        .replace("file:///w/kept.txt", uri);
    items = serde_json::from_str(&named).unwrap();
    items
}

#[test]
fn a_pull_after_random_edits_is_the_fresh_listing() {
    for (seed, kind) in [Go9, Tomek, Uttt].into_iter().enumerate() {
        let mut rng = Rng(0x9011_0000 + seed as u64);
        let mut text = file(kind, &mut rng);
        let uri = format!("file:///w/pulled.{}", kind.id());
        let mut server = Server::in_process();
        let mut capabilities = caps("utf-16");
        capabilities["textDocument"]["diagnostic"] = json!({"dynamicRegistration": false});
        server.initialize(capabilities);
        server.open(&uri, kind.id(), 1, &text);
        let pull = |server: &mut Server, previous: &Value| {
            server.request(
                "textDocument/diagnostic",
                json!({"textDocument": {"uri": uri}, "previousResultId": previous}),
            )
        };
        let mut previous = Value::Null;
        let mut listed = 0;
        for step in 0..60 {
            let edit = change(&text, &mut rng);
            crate::support::client::apply_change(&mut text, &edit, Encoding::Utf16);
            server.change(&uri, step + 2, json!([edit]));
            let report = pull(&mut server, &previous);
            assert_eq!(report["kind"], "full", "{kind:?} step {step}: {report}");
            let expected = fresh_items(kind, &uri, &text);
            assert!(
                report["items"] == expected,
                "{kind:?} step {step}: pulled\n{}\nfresh\n{expected}",
                report["items"]
            );
            listed += expected.as_array().map_or(0, Vec::len);
            previous = report["resultId"].clone();
            // Nothing changed since: `unchanged`, with the same id.
            let again = pull(&mut server, &previous);
            assert_eq!(again["kind"], "unchanged", "{kind:?} step {step}: {again}");
            assert_eq!(again["resultId"], previous);
        }
        assert!(listed > 60, "{kind:?}: only {listed} diagnostics listed");
        let _ = server.shutdown_and_exit();
    }
}

/// A burst of edits to a document with many positions with diagnostics,
/// read together, publishes once, for the last of them: its snapshot is
/// taken when the session has read the burst, not for each edit.
#[test]
fn a_burst_of_edits_to_a_noisy_document_publishes_its_last_version_only() {
    let mut server = Server::spawn();
    server.initialize(caps("utf-16"));
    let uri = "file:///w/burst.go9";
    server.open(uri, "go9", 1, &dense_go9(3_000, 3_000, 0));
    server.diagnostics(uri, 1);
    let last = 41;
    let mut burst = Vec::new();
    for version in 2..=last {
        let cell = if version % 2 == 0 { "x" } else { "." };
        let change = json!({
            "jsonrpc": "2.0",
            "method": "textDocument/didChange",
            "params": {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": range(1, 0, 1, 1), "text": cell}],
            },
        });
        burst.extend(frame(&change.to_string()));
    }
    // One write: the server reads the edits together.
    server.send_raw(&burst);
    server.diagnostics(uri, last);
    let earlier: Vec<Value> = server
        .drain()
        .into_iter()
        .filter(|m| m["method"] == "textDocument/publishDiagnostics")
        .map(|m| m["params"]["version"].clone())
        .collect();
    assert_eq!(earlier, Vec::<Value>::new(), "publishes before the last");
}

/// A noisy document (1,000 or more positions with diagnostics) and a
/// one-cell edit of it: a cell of board `board`, row `row`, column `col`
/// of `dense_go9`'s layout (the count line, then nine rows and a blank
/// line per board), with the text it leaves.
fn noisy_cell_edit(text: &mut String, board: usize, row: usize, col: usize) -> Value {
    let line = 1 + 10 * board + row;
    let start: usize = text.split('\n').take(line).map(|l| l.len() + 1).sum();
    let at = start + col;
    let cell = if &text[at..=at] == "." { "x" } else { "." };
    text.replace_range(at..=at, cell);
    json!({"range": range(line as u64, col as u64, line as u64, col as u64 + 1), "text": cell})
}

/// The edits go to the first boards: those the publish lists within the
/// default `maxProblems` (the rest are counted, not listed).
const LISTED_BOARDS: usize = 200;

/// What a fresh session publishes for `text` opened as it is: the oracle
/// for the last publish of an edited noisy document.
fn fresh_session_publish(uri: &str, text: &str) -> Vec<Value> {
    let mut fresh = Server::spawn();
    fresh.initialize(caps("utf-16"));
    fresh.open(uri, "go9", 1, text);
    let diagnostics = fresh.diagnostics(uri, 1);
    let _ = fresh.shutdown_and_exit();
    diagnostics
}

/// How many boards of `text` (a `dense_go9` file) the engine finds
/// diagnostics in: the document's positions with diagnostics.
fn positions_with_diagnostics(text: &str) -> usize {
    let boards: std::collections::BTreeSet<usize> = boardls_engine::syntax::diagnose(Go9, text)
        .iter()
        .filter(|d| d.span.line >= 1)
        .map(|d| (d.span.line as usize - 1) / 10)
        .collect();
    boards.len()
}

/// The deferred publish of a noisy document, after a burst of edits read
/// together: its last publish is what a fresh session publishes for the
/// last text, diagnostic for diagnostic.
#[test]
fn the_last_publish_of_a_noisy_document_is_a_fresh_reading_of_its_last_version() {
    let mut server = Server::spawn();
    server.initialize(caps("utf-16"));
    let uri = "file:///w/noisy.go9";
    let mut text = dense_go9(3_000, 3_000, 0);
    server.open(uri, "go9", 1, &text);
    server.diagnostics(uri, 1);
    let noisy = positions_with_diagnostics(&text);
    assert!(
        noisy >= 1_000,
        "a noisy document: {noisy} positions with diagnostics"
    );
    let mut rng = Rng(0x0e57_a1e0);
    let last = 41;
    let mut burst = Vec::new();
    for version in 2..=last {
        let edit = noisy_cell_edit(
            &mut text,
            rng.below(LISTED_BOARDS),
            rng.below(9),
            rng.below(9),
        );
        let change = json!({
            "jsonrpc": "2.0",
            "method": "textDocument/didChange",
            "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [edit]},
        });
        burst.extend(frame(&change.to_string()));
    }
    server.send_raw(&burst);
    let published = server.diagnostics(uri, last);
    let fresh = fresh_session_publish(uri, &text);
    assert_eq!(published.len(), fresh.len(), "diagnostics published");
    assert!(
        published == fresh,
        "the last publish differs from a fresh session's: first at {:?}",
        published.iter().zip(&fresh).position(|(a, b)| a != b)
    );
    let _ = server.shutdown_and_exit();
}

/// Under a steady stream of requests (a hover every 2 ms, none awaited),
/// each edit of a noisy document still gets its publish, and that publish
/// is a fresh reading of the edited text. The hovers are answered too.
#[test]
fn a_noisy_document_edited_under_a_stream_of_hovers_publishes_the_fresh_reading() {
    let mut server = Server::spawn();
    server.initialize(caps("utf-16"));
    let uri = "file:///w/hovered.go9";
    let mut text = dense_go9(3_000, 3_000, 0);
    server.open(uri, "go9", 1, &text);
    server.diagnostics(uri, 1);
    let noisy = positions_with_diagnostics(&text);
    assert!(
        noisy >= 1_000,
        "a noisy document: {noisy} positions with diagnostics"
    );
    let mut rng = Rng(0x0407_e125);
    // At most this many hovers for one publish: 20 s of them.
    let most_hovers = 10_000;
    let (mut sent, mut answered) = (0usize, 0usize);
    for version in 2..=6 {
        let edit = noisy_cell_edit(
            &mut text,
            rng.below(LISTED_BOARDS),
            rng.below(9),
            rng.below(9),
        );
        server.change(uri, version, json!([edit]));
        let mut published = None;
        let mut hovers = 0;
        while published.is_none() {
            assert!(
                hovers < most_hovers,
                "version {version}: no publish after {hovers} hovers"
            );
            let hover = json!({
                "jsonrpc": "2.0",
                "id": format!("hover-{sent}"),
                "method": "textDocument/hover",
                "params": {"textDocument": {"uri": uri},
                           "position": {"line": 1 + 10 * rng.below(3_000), "character": rng.below(9)}},
            });
            server.send_raw(&frame(&hover.to_string()));
            sent += 1;
            hovers += 1;
            std::thread::sleep(std::time::Duration::from_millis(2));
            for message in server.drain() {
                if message["id"]
                    .as_str()
                    .is_some_and(|id| id.starts_with("hover-"))
                {
                    assert!(message.get("error").is_none(), "{message}");
                    answered += 1;
                } else if message["method"] == "textDocument/publishDiagnostics"
                    && message["params"]["version"] == version
                {
                    published = Some(message["params"]["diagnostics"].clone());
                }
            }
        }
        let published = published.unwrap_or_default();
        let fresh = Value::from(fresh_session_publish(uri, &text));
        assert!(
            published == fresh,
            "version {version}: the publish under hovers is not the fresh reading"
        );
    }
    // Every hover sent is answered, in the end.
    while answered < sent {
        let message =
            server.wait_for(|m| m["id"].as_str().is_some_and(|id| id.starts_with("hover-")));
        assert!(message.get("error").is_none(), "{message}");
        answered += 1;
    }
    assert!(sent >= 5, "hovers sent: {sent}");
    let _ = server.shutdown_and_exit();
}
