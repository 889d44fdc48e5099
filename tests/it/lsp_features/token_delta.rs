//! `semanticTokens/full/delta`: the tokens a client builds from the first
//! `/full` and every delta after it equal a fresh `/full` of the document,
//! through random edits that change, split, join and shift positions, with
//! one or several edits between requests; an unknown id gets everything.

use boardls::document::Document;
use boardls::games::GameKind;
use boardls::lsp::encoding::Encoding;
use boardls::lsp::features::tokens;
use boardls::lsp::kept::tokens::KeptTokens;
use boardls::lsp::view::{Cancel, ClientCaps, DocView};
use tower_lsp_server::ls_types::{SemanticToken, SemanticTokensFullDeltaResult, Uri};

use crate::support::boards::{Rng, positions};

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

fn flat(tokens: &[SemanticToken]) -> Vec<u32> {
    tokens
        .iter()
        .flat_map(|t| {
            [
                t.delta_line,
                t.delta_start,
                t.length,
                t.token_type,
                t.token_modifiers_bitset,
            ]
        })
        .collect()
}

impl Client {
    /// Applies an answer; returns how many numbers it carried.
    fn apply(&mut self, answer: SemanticTokensFullDeltaResult) -> usize {
        match answer {
            SemanticTokensFullDeltaResult::Tokens(tokens) => {
                self.data = flat(&tokens.data);
                self.result_id = tokens.result_id.unwrap_or_default();
                self.data.len()
            }
            SemanticTokensFullDeltaResult::TokensDelta(delta) => {
                let mut sent = 0;
                for edit in delta.edits.iter().rev() {
                    let insert = flat(edit.data.as_deref().unwrap_or_default());
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
        let fresh = flat(
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
        flat(
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
        flat(
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
