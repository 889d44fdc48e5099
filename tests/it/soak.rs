//! Soak test, ignored by default (it takes a while):
//! `cargo test --release --test it -- --ignored soak --nocapture`.
//!
//! 100,000 random edits (UTF-16 positions, also past the ends) on a large
//! `.go9` document through the real server binary. Every 1,000 edits the
//! document's diagnostics are compared with those of the same text opened
//! fresh. Every 10,000 edits the whole text is set back to the first one
//! (by one range edit) and the server's resident memory is sampled: at the
//! same text, memory after 100,000 edits must be that after 10,000, give or
//! take allocator caches.

use std::time::Instant;

use crate::support::boards::Rng;
use crate::support::client::{Server, caps, normalized};
use crate::support::load::rss_kib;
use crate::support::oracle;
use boardls_ide::encoding::Encoding;
use serde_json::{Value, json};
use tower_lsp_server::ls_types::Position;

const EDITS: usize = 100_000;
const CHECK_EVERY: usize = 1_000;
const RESET_EVERY: usize = 10_000;
const BOARDS: usize = 2_000;

fn pull(server: &mut Server, uri: &str) -> Vec<Value> {
    let report = server.request(
        "textDocument/diagnostic",
        json!({"textDocument": {"uri": uri}}),
    );
    normalized(report["items"].as_array().cloned().unwrap_or_default())
}

/// The document's diagnostics equal those of its text opened fresh.
fn assert_fresh(server: &mut Server, uri: &str, model: &str, round: usize) {
    let edited = pull(server, uri);
    let fresh_uri = format!("file:///soak/fresh-{round}.go9");
    server.open(&fresh_uri, "go9", 1, model);
    let fresh = pull(server, &fresh_uri);
    server.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": fresh_uri}}),
    );
    assert_eq!(edited.len(), fresh.len(), "after {round} edits");
    assert!(edited == fresh, "diagnostics differ after {round} edits");
}

fn random_edit(
    rng: &mut Rng,
    model: &str,
    board: &str,
    initial_len: usize,
) -> (Position, Position, String) {
    let lines = oracle::line_ranges(model).len();
    let line = rng.below(lines + 2) as u32;
    let character = rng.below(14) as u32;
    let start = Position::new(line, character);
    // Keep the document large but bounded: refill when it shrank, cut
    // when it grew.
    if model.len() < initial_len * 3 / 4 {
        return (start, start, board.repeat(50));
    }
    if model.len() > initial_len * 5 / 4 {
        return (start, Position::new(line + 100, 0), String::new());
    }
    let end = match rng.below(5_000) {
        // Now and then everything to the end, from an out-of-range end.
        0 => Position::new(u32::MAX, u32::MAX),
        1..=250 => Position::new(line + 1, rng.below(14) as u32),
        _ => Position::new(line, character + rng.below(4) as u32),
    };
    let text = match rng.below(40) {
        0 => board.to_owned(),
        _ => oracle::FRAGMENTS[rng.below(oracle::FRAGMENTS.len())].to_owned(),
    };
    (start, end, text)
}

#[test]
#[ignore = "long: run with --ignored soak"]
fn soak_100k_edits_on_a_large_document() {
    let board = ".......xo\n.........\n.........\n..x......\n.xox....x\n.o.o...xo\n..o......\n.....xxxo\n....xooo.\n\n";
    let mut model = format!("{BOARDS}\n{}", board.repeat(BOARDS));
    let initial_len = model.len();
    let uri = "file:///soak/large.go9";

    let mut server = Server::spawn();
    let mut capabilities = caps("utf-16");
    capabilities["textDocument"]["diagnostic"] = json!({});
    server.initialize(capabilities);
    server.open(uri, "go9", 1, &model);
    assert_fresh(&mut server, uri, &model, 0);
    let pid = server.pid();
    let original = model.clone();
    let mut samples = vec![rss_kib(pid)];
    let mut max_rss = samples[0];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let started = Instant::now();

    for n in 1..=EDITS {
        let (start, end, text) = random_edit(&mut rng, &model, board, initial_len);
        oracle::apply_to_string(&mut model, start, end, &text, Encoding::Utf16);
        server.change(
            uri,
            n as i64 + 1,
            json!([{"range": {"start": start, "end": end}, "text": text}]),
        );
        if n % CHECK_EVERY == 0 {
            assert_fresh(&mut server, uri, &model, n);
            max_rss = max_rss.max(rss_kib(pid));
        }
        if n % RESET_EVERY == 0 {
            // Random edits wear the boards down and the diagnostics pile
            // up; back to the first text (by an ordinary range edit), the
            // server must be back to the memory it had there.
            let everything = json!({"start": {"line": 0, "character": 0},
                                    "end": {"line": u32::MAX, "character": u32::MAX}});
            server.change(
                uri,
                n as i64 + 1,
                json!([{"range": everything, "text": original}]),
            );
            model.clone_from(&original);
            assert_fresh(&mut server, uri, &model, n);
            let rss = rss_kib(pid);
            max_rss = max_rss.max(rss);
            samples.push(rss);
            eprintln!(
                "soak: {n} edits, {:.1} s, RSS at the first text {rss} KiB",
                started.elapsed().as_secs_f64(),
            );
        }
    }
    let (first, last) = (samples[1], samples[samples.len() - 1]);
    eprintln!(
        "soak: {EDITS} edits in {:.1} s; RSS after open {} KiB; at the first text after 10k edits {first} KiB, after {EDITS} {last} KiB; max {max_rss} KiB",
        started.elapsed().as_secs_f64(),
        samples[0],
    );
    // Flat: at the same text, memory after 100k edits is that after 10k,
    // give or take allocator caches.
    assert!(
        last <= first + first / 4 + 8 * 1024,
        "memory grew at the same text: {samples:?} KiB"
    );
    assert!(server.shutdown_and_exit().success());
}
