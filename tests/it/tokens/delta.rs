//! `semanticTokens/full/delta`: the tokens a client builds from the first
//! `/full` and every delta after it equal a fresh `/full` of the document,
//! through random edits that change, split, join and shift positions, with
//! one or several edits between requests; an unknown id gets everything.

use boardls_engine::document::Document;
use boardls_engine::games::GameKind;
use boardls_ide::encoding::Encoding;
use boardls_ide::features::tokens;
use boardls_ide::kept::tokens::KeptTokens;
use boardls_ide::view::{Cancel, ClientCaps, DocView};
use tower_lsp_server::ls_types::{SemanticTokensFullDeltaResult, Uri};

use crate::support::boards::{Rng, positions};
use crate::support::oracle::flat_tokens;

/// A clean file of at least `count` positions.
fn file(rng: &mut Rng, kind: GameKind, count: usize) -> String {
    let mut all = Vec::new();
    while all.len() < count {
        all.extend(positions(rng, kind));
    }
    let body: Vec<String> = all.iter().map(|lines| lines.join("\n") + "\n").collect();
    let head = match kind {
        GameKind::Uttt => String::new(),
        _ => format!("{}\n", all.len()),
    };
    head + &body.join("\n")
}

/// The client's side: the tokens as numbers, and the last result id.
struct Client {
    data: Vec<u32>,
    result_id: String,
}

impl Client {
    /// Applies an answer; returns how many numbers it carried.
    fn apply(&mut self, answer: SemanticTokensFullDeltaResult) -> usize {
        match answer {
            SemanticTokensFullDeltaResult::Tokens(tokens) => {
                self.data = flat_tokens(&tokens.data);
                self.result_id = tokens.result_id.unwrap_or_default();
                self.data.len()
            }
            SemanticTokensFullDeltaResult::TokensDelta(delta) => {
                let mut sent = 0;
                for edit in delta.edits.iter().rev() {
                    let insert = flat_tokens(edit.data.as_deref().unwrap_or_default());
                    sent += insert.len();
                    let start = edit.start as usize;
                    let end = start + edit.delete_count as usize;
                    assert!(end <= self.data.len(), "a splice past the end");
                    self.data.splice(start..end, insert);
                }
                self.result_id = delta.result_id.unwrap_or_default();
                sent
            }
            SemanticTokensFullDeltaResult::PartialTokensDelta { .. } => {
                panic!("a partial delta")
            }
        }
    }
}

fn check(kind: GameKind, enc: Encoding, seed: u64) {
    let mut rng = Rng(seed);
    let text = file(&mut rng, kind, 30);
    let mut doc = Document::new(kind, &text);
    let uri = "file:///delta/board".parse().expect("a valid URI");
    let caps = ClientCaps {
        encoding: enc,
        ..ClientCaps::default()
    };
    let mut cache = KeptTokens::default();
    let mut generation = 1;
    let view = DocView {
        uri: &uri,
        doc: &doc,
        version: 1,
        caps,
    };
    let mut client = Client {
        data: Vec::new(),
        result_id: String::new(),
    };
    client.apply(
        cache
            .full(&view, generation, &Cancel::NEVER)
            .expect("not cancelled")
            .into(),
    );
    let alphabet = ["x", "o", ".", "X", "T", "\n", "", " ", "\n\n", "é", "9 9"];
    for round in 0..60 {
        // One to three edits before the next request.
        for _ in 0..1 + rng.below(3) {
            let len = doc.rope().len_chars();
            let start = rng.below(len + 1);
            let end = (start + rng.below(3)).min(len);
            doc.edit(start, end, alphabet[rng.below(alphabet.len())]);
            generation += 1;
        }
        let view = DocView {
            uri: &uri,
            doc: &doc,
            version: round,
            caps,
        };
        let previous = if round % 17 == 16 {
            "not an id".to_owned()
        } else {
            client.result_id.clone()
        };
        client.apply(
            cache
                .delta(&view, &previous, generation, &Cancel::NEVER)
                .expect("not cancelled"),
        );
        let fresh = flat_tokens(
            &tokens::range(
                &view,
                tower_lsp_server::ls_types::Range::new(
                    tower_lsp_server::ls_types::Position::new(0, 0),
                    tower_lsp_server::ls_types::Position::new(u32::MAX, u32::MAX),
                ),
            )
            .data,
        );
        assert_eq!(
            client.data, fresh,
            "{kind:?} {enc:?} seed {seed} round {round}"
        );
    }
    // Nothing changed: an empty delta.
    let view = DocView {
        uri: &uri,
        doc: &doc,
        version: 99,
        caps,
    };
    let id = client.result_id.clone();
    assert_eq!(
        client.apply(
            cache
                .delta(&view, &id, generation, &Cancel::NEVER)
                .expect("not cancelled")
        ),
        0
    );
}

#[test]
fn tokens_from_deltas_equal_a_fresh_full() {
    for kind in GameKind::ALL {
        for enc in [Encoding::Utf8, Encoding::Utf16] {
            for seed in 1..4 {
                check(kind, enc, 0x9e37_79b9 * seed);
            }
        }
    }
}

#[test]
fn a_one_cell_edit_sends_its_position_only() {
    let mut rng = Rng(7);
    let text = file(&mut rng, GameKind::Go9, 200);
    let mut doc = Document::new(GameKind::Go9, &text);
    let uri = "file:///delta/board.go9".parse().expect("a valid URI");
    let mut cache = KeptTokens::default();
    let view = DocView {
        uri: &uri,
        doc: &doc,
        version: 1,
        caps: ClientCaps::default(),
    };
    let mut client = Client {
        data: Vec::new(),
        result_id: String::new(),
    };
    let whole = client.apply(
        cache
            .full(&view, 1, &Cancel::NEVER)
            .expect("not cancelled")
            .into(),
    );
    // A cell in the middle of the file (line 1 is the first board's).
    let line = doc.rope().len_lines() / 2;
    let at = doc.rope().line_to_char(line);
    doc.edit(at, at + 1, "x");
    let view = DocView {
        uri: &uri,
        doc: &doc,
        version: 2,
        caps: ClientCaps::default(),
    };
    let id = client.result_id.clone();
    let sent = client.apply(
        cache
            .delta(&view, &id, 2, &Cancel::NEVER)
            .expect("not cancelled"),
    );
    // A board has at most 81 cells: 81 tokens and the one after them.
    assert!(sent <= 82 * 5 && whole > 20 * sent, "{sent} of {whole}");
    assert_eq!(
        client.data,
        flat_tokens(
            &tokens::range(
                &view,
                tower_lsp_server::ls_types::Range::new(
                    tower_lsp_server::ls_types::Position::new(0, 0),
                    tower_lsp_server::ls_types::Position::new(u32::MAX, u32::MAX)
                )
            )
            .data
        )
    );
}

/// A cancelled request leaves the kept tokens as they were: the next delta
/// still splices from the result the client has.
#[test]
fn a_cancelled_request_keeps_the_cache() {
    let mut rng = Rng(11);
    let text = file(&mut rng, GameKind::Tomek, 300);
    let mut doc = Document::new(GameKind::Tomek, &text);
    let uri: Uri = "file:///delta/board.tomek".parse().expect("a valid URI");
    fn view<'a>(uri: &'a Uri, doc: &'a Document, version: i32) -> DocView<'a> {
        DocView {
            uri,
            doc,
            version,
            caps: ClientCaps::default(),
        }
    }
    let mut cache = KeptTokens::default();
    let mut client = Client {
        data: Vec::new(),
        result_id: String::new(),
    };
    let cancelled = Cancel::new();
    cancelled.cancel();
    assert!(cache.full(&view(&uri, &doc, 1), 1, &cancelled).is_none());
    client.apply(
        cache
            .full(&view(&uri, &doc, 1), 1, &Cancel::NEVER)
            .expect("not cancelled")
            .into(),
    );
    let at = doc.rope().line_to_char(doc.rope().len_lines() / 2);
    doc.edit(at, at + 1, "O");
    let id = client.result_id.clone();
    assert!(
        cache
            .delta(&view(&uri, &doc, 2), &id, 2, &cancelled)
            .is_none()
    );
    let sent = client.apply(
        cache
            .delta(&view(&uri, &doc, 2), &id, 2, &Cancel::NEVER)
            .expect("not cancelled"),
    );
    assert!(sent > 0, "the edit's tokens are sent");
    assert_eq!(
        client.data,
        flat_tokens(
            &tokens::range(
                &view(&uri, &doc, 2),
                tower_lsp_server::ls_types::Range::new(
                    tower_lsp_server::ls_types::Position::new(0, 0),
                    tower_lsp_server::ls_types::Position::new(u32::MAX, u32::MAX)
                )
            )
            .data
        )
    );
}

/// The client's splice rule on JSON: every edit of a delta is relative to
/// the array the client held, so they are applied from the highest start
/// down (as VS Code applies them); a splice past the end is a failure.
fn splice_delta(data: &mut Vec<u64>, edits: &[serde_json::Value]) {
    let mut edits: Vec<&serde_json::Value> = edits.iter().collect();
    edits.sort_by_key(|e| std::cmp::Reverse(e["start"].as_u64().unwrap_or(0)));
    for edit in edits {
        let start = edit["start"].as_u64().expect("a start") as usize;
        let end = start + edit["deleteCount"].as_u64().expect("a deleteCount") as usize;
        assert!(end <= data.len(), "a splice past the end: {edit}");
        let insert: Vec<u64> = edit["data"]
            .as_array()
            .map(|d| d.iter().map(|n| n.as_u64().expect("a number")).collect())
            .unwrap_or_default();
        data.splice(start..end, insert);
    }
}

fn json_numbers(value: &serde_json::Value) -> Vec<u64> {
    value
        .as_array()
        .expect("an array of numbers")
        .iter()
        .map(|n| n.as_u64().expect("a number"))
        .collect()
}

/// Through a server: random edits sent as `didChange`, each followed by
/// `semanticTokens/full/delta` with the last result id; the client's
/// tokens, with the delta spliced in, equal `/full` of the same text from
/// a second server that only ever answers `/full` (and gets the whole text
/// each time, so it shares no incremental state with the first).
#[test]
fn deltas_through_the_server_equal_full_after_random_edits() {
    use crate::support::client::{Server, apply_change, caps};
    use serde_json::json;
    let mut deltas = 0;
    let mut edits_sent = 0;
    for (seed, kind) in GameKind::ALL.into_iter().enumerate() {
        let mut rng = Rng(0x7e1a_0000 + seed as u64);
        let mut text = file(&mut rng, kind, 30);
        let uri = format!("file:///w/delta.{}", kind.id());
        let mut server = Server::in_process();
        server.initialize(caps("utf-16"));
        let mut oracle = Server::in_process();
        oracle.initialize(caps("utf-16"));
        server.open(&uri, kind.id(), 1, &text);
        oracle.open(&uri, kind.id(), 1, &text);
        let document = json!({"textDocument": {"uri": uri}});
        let first = server.request("textDocument/semanticTokens/full", document.clone());
        let mut data = json_numbers(&first["data"]);
        let mut result_id = first["resultId"].clone();
        let alphabet = ["x", "o", ".", "X", "T", "\n", "", " ", "\n\n", "é", "9 9"];
        for round in 0..40 {
            let version = round + 2;
            let mut changes = Vec::new();
            for _ in 0..1 + rng.below(3) {
                // A random range of up to two characters on one line,
                // replaced by a random piece (UTF-16 columns).
                let lines: Vec<&str> = text.split('\n').collect();
                let line = rng.below(lines.len());
                let width: usize = lines[line].chars().map(char::len_utf16).sum();
                let chars: Vec<char> = lines[line].chars().collect();
                let from = rng.below(chars.len() + 1);
                let to = (from + rng.below(3)).min(chars.len());
                let column = |i: usize| chars[..i].iter().map(|c| c.len_utf16()).sum::<usize>();
                let (start, end) = (column(from), column(to).min(width));
                let change = json!({
                    "range": {"start": {"line": line, "character": start},
                              "end": {"line": line, "character": end}},
                    "text": alphabet[rng.below(alphabet.len())],
                });
                apply_change(&mut text, &change, boardls_ide::encoding::Encoding::Utf16);
                changes.push(change);
                edits_sent += 1;
            }
            server.change(&uri, version, json!(changes));
            oracle.change(&uri, version, json!([{"text": text}]));
            let answer = server.request(
                "textDocument/semanticTokens/full/delta",
                json!({"textDocument": {"uri": uri}, "previousResultId": result_id}),
            );
            if let Some(edits) = answer["edits"].as_array() {
                splice_delta(&mut data, edits);
                deltas += 1;
            } else {
                data = json_numbers(&answer["data"]);
            }
            assert_ne!(answer["resultId"], json!(null), "{kind:?} round {round}");
            result_id = answer["resultId"].clone();
            let full = oracle.request("textDocument/semanticTokens/full", document.clone());
            assert_eq!(
                data,
                json_numbers(&full["data"]),
                "{kind:?} round {round}: the tokens from deltas are not /full's"
            );
        }
        let _ = server.shutdown_and_exit();
        let _ = oracle.shutdown_and_exit();
    }
    assert!(edits_sent >= 200, "edits: {edits_sent}");
    // The delta path itself was taken, not only whole answers.
    assert!(deltas >= 100, "answers that were deltas: {deltas} of 120");
}
