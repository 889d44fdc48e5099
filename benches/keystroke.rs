//! What an editor asks after each keystroke in a large document:
//! `cargo bench --bench keystroke`.
//!
//! A raw client (`common::raw`) with VS Code's capabilities (pull
//! diagnostics, semantic token deltas, hierarchical symbols, folding with
//! `rangeLimit` 5,000 and `lineFoldingOnly`) replays, after each one-cell
//! edit, what VS Code sends: `didChange`, a pull (`textDocument/diagnostic`
//! with the last result id), `semanticTokens/full/delta` (or `/full` when
//! the server offers no delta), `foldingRange`, `inlayHint` and
//! `codeAction` on the screen around the edit, and `documentSymbol`, all
//! written at once. For 1,000, 10,000 and 100,000 positions of each game
//! (random `.uttt` and `.tomek` boards, dense judge-like `.go9` boards) it
//! reports the median and largest time from the edit to the last answer
//! (`documentSymbol` aside, it comes last), to the symbols, to the pull,
//! and the bytes sent per keystroke. It then checks that the tokens
//! applied from the deltas equal a fresh `/full`, and times a hover sent
//! right behind a `semanticTokens/full` against a hover alone.
//!
//! The goals (issue 23) are printed with each 100,000-position row;
//! `BOARDLS_BENCH_CHECK=1` makes a missed goal exit non-zero.
//! `BOARDLS=PATH` measures another binary; `BOARDLS_BENCH_ONLY=uttt/100000,go9`
//! only those documents; `BOARDLS_BENCH_DIR=DIR` keeps each document there. Without `--bench`: 1,000 positions, a few
//! keystrokes.

use std::time::{Duration, Instant};

use boardls_engine::games::GameKind;
use common::raw::Raw;
use common::{Boards, Rng, Samples, ms};
use serde_json::{Value, json};

mod common;

/// Goals at 100,000 positions.
const ANSWERS_MS: f64 = 20.0;
const ANSWERS_BYTES: usize = 300_000;
const SYMBOLS_MS: f64 = 80.0;
const PULL_MS: f64 = 20.0;
const PULL_BYTES: usize = 1_000_000;
const HOVER_BEHIND_MS: f64 = 2.0;

fn main() {
    let quick = common::quick();
    let binary = common::binary();
    let check = std::env::var("BOARDLS_BENCH_CHECK").is_ok_and(|v| v == "1");
    println!("binary: {}", binary.display());
    println!("load average at start: {}", common::load());
    let sizes: &[(usize, usize)] = if quick {
        &[(1000, 3)]
    } else {
        &[(1000, 20), (10_000, 10), (100_000, 6)]
    };
    println!(
        "{:<12} {:>7} {:>5} | {:>15} {:>9} | {:>11} {:>9} | {:>13} {:>9} | {:>6}",
        "document",
        "boards",
        "MB",
        "answers ms",
        "KB sent",
        "pull ms",
        "pull KB",
        "symbols ms",
        "sym MB",
        "VmHWM"
    );
    // `BOARDLS_BENCH_ONLY=uttt/100000,go9`: only those documents.
    let only = std::env::var("BOARDLS_BENCH_ONLY").unwrap_or_default();
    let wanted = |kind: GameKind, size: usize| {
        only.is_empty()
            || only.split(',').any(|want| {
                let (game, boards) = want.split_once('/').unwrap_or((want, ""));
                game == kind.id() && (boards.is_empty() || boards == size.to_string())
            })
    };
    // Every choice names a document of this run; those left out are skips.
    for want in only.split(',').filter(|want| !want.is_empty()) {
        let (game, boards) = want.split_once('/').unwrap_or((want, ""));
        let known = GameKind::ALL.iter().any(|kind| {
            kind.id() == game
                && (boards.is_empty() || sizes.iter().any(|(size, _)| boards == size.to_string()))
        });
        if !known {
            let documents: Vec<String> = GameKind::ALL
                .iter()
                .flat_map(|kind| {
                    sizes
                        .iter()
                        .map(move |(size, _)| format!("{}/{size}", kind.id()))
                })
                .collect();
            common::refuse(
                "keystroke",
                &format!(
                    "BOARDLS_BENCH_ONLY names {want:?}, no document of this run: {documents:?}"
                ),
            );
        }
    }
    let mut missed = Vec::new();
    for kind in GameKind::ALL {
        for &(size, rounds) in sizes {
            if !wanted(kind, size) {
                let document = format!("{}/{size}", kind.id());
                common::skipped(
                    "keystroke",
                    &document,
                    &format!("BOARDLS_BENCH_ONLY={only}"),
                );
                continue;
            }
            let goals = size >= 100_000 || quick;
            missed.extend(document(&binary, kind, size, rounds, goals && !quick));
        }
    }
    println!("load average at end: {}", common::load());
    if missed.is_empty() {
        println!("goals: all met");
    } else {
        for m in &missed {
            println!("MISSED: {m}");
        }
        if check {
            std::process::exit(1);
        }
    }
}

/// VS Code's capabilities, as far as these requests go.
fn vscode_client() -> Value {
    json!({
        "general": {"positionEncodings": ["utf-16"]},
        "textDocument": {
            "synchronization": {"didSave": true},
            "publishDiagnostics": {"relatedInformation": true, "versionSupport": false},
            "diagnostic": {"dynamicRegistration": true, "relatedDocumentSupport": false},
            "semanticTokens": {
                "requests": {"range": true, "full": {"delta": true}},
                "tokenTypes": [], "tokenModifiers": [], "formats": ["relative"],
                "overlappingTokenSupport": false, "multilineTokenSupport": false,
            },
            "documentSymbol": {"hierarchicalDocumentSymbolSupport": true},
            "foldingRange": {"rangeLimit": 5000, "lineFoldingOnly": true},
            "inlayHint": {},
            "codeAction": {"codeActionLiteralSupport": {"codeActionKind": {"valueSet": ["quickfix", "refactor.rewrite"]}}},
            "hover": {"contentFormat": ["markdown", "plaintext"]},
        },
    })
}

fn label(kind: GameKind, boards: Boards) -> String {
    format!("{}/{boards:?}", kind.id()).to_lowercase()
}

/// The lines a one-cell edit may change: board rows (not the count line,
/// not a `.uttt` last-move line).
fn board_rows(kind: GameKind, lines: &[Vec<u8>]) -> Vec<usize> {
    let first = usize::from(kind != GameKind::Uttt);
    (first..lines.len())
        .filter(|&i| !lines[i].is_empty() && !lines[i].iter().any(|b| b.is_ascii_digit()))
        .collect()
}

/// The cell character an edit puts in place of `old`.
fn replacement(kind: GameKind, old: u8) -> u8 {
    match (kind, old) {
        (_, b'.') if kind == GameKind::Tomek => b'X',
        (_, b'.') => b'x',
        _ => b'.',
    }
}

/// The semantic tokens a client holds: `/full` data with `/delta` edits
/// applied.
struct Tokens {
    data: Vec<u64>,
    result_id: Option<String>,
}

impl Tokens {
    fn apply(&mut self, body: &[u8]) {
        let value: Value = serde_json::from_slice(body).expect("tokens JSON");
        let result = &value["result"];
        self.result_id = result["resultId"].as_str().map(str::to_owned);
        if let Some(data) = result["data"].as_array() {
            self.data = numbers(data);
        } else if let Some(edits) = result["edits"].as_array() {
            // Edits apply to the old array; apply them from the back.
            let mut edits: Vec<&Value> = edits.iter().collect();
            edits.sort_by_key(|e| std::cmp::Reverse(e["start"].as_u64().unwrap_or(0)));
            for edit in edits {
                let start = edit["start"].as_u64().unwrap_or(0) as usize;
                let delete = edit["deleteCount"].as_u64().unwrap_or(0) as usize;
                let insert = edit["data"]
                    .as_array()
                    .map(|d| numbers(d))
                    .unwrap_or_default();
                let start = start.min(self.data.len());
                let end = (start + delete).min(self.data.len());
                self.data.splice(start..end, insert);
            }
        }
    }
}

fn numbers(values: &[Value]) -> Vec<u64> {
    values
        .iter()
        .map(|v| v.as_u64().unwrap_or(u64::MAX))
        .collect()
}

/// The last result id of a pull report, if any.
fn pull_result_id(body: &[u8]) -> Option<String> {
    let value: Value = serde_json::from_slice(body).ok()?;
    value["result"]["resultId"].as_str().map(str::to_owned)
}

/// One document: open it, replay `rounds` keystrokes, report; the goals
/// missed, when `goals`.
fn document(
    binary: &std::path::PathBuf,
    kind: GameKind,
    size: usize,
    rounds: usize,
    goals: bool,
) -> Vec<String> {
    let boards = if kind == GameKind::Go9 {
        Boards::Dense
    } else {
        Boards::Random
    };
    let mut random = Rng(common::SEED);
    let text = common::file(kind, size, boards, &mut random);
    let name = label(kind, boards);
    if std::env::var_os("BOARDLS_BENCH_DIR").is_some() {
        // Kept for a profiler's own client.
        let (dir, _) = common::work_dir("keystroke");
        let kept = dir.join(format!("keystroke-{size}.{}", kind.id()));
        std::fs::write(&kept, &text).expect("write the bench document");
    }
    let mb = text.len() as f64 / 1e6;
    let mut lines: Vec<Vec<u8>> = text.lines().map(|l| l.as_bytes().to_vec()).collect();
    let rows = board_rows(kind, &lines);
    let mut raw = Raw::spawn(binary, vscode_client());
    let delta = raw.initialized["capabilities"]["semanticTokensProvider"]["full"]["delta"]
        .as_bool()
        .unwrap_or(false);
    let uri = format!("file:///bench/keystroke-{size}.{}", kind.id());
    raw.open(&uri, kind, &text);
    let document = json!({"uri": uri});
    let pull = raw.request("textDocument/diagnostic", json!({"textDocument": document}));
    let mut pull_id = pull_result_id(&pull);
    let opened_peak = raw.peak_memory();
    let mut tokens = Tokens {
        data: Vec::new(),
        result_id: None,
    };
    tokens.apply(&raw.request(
        "textDocument/semanticTokens/full",
        json!({"textDocument": document}),
    ));
    let tokens_peak = raw.peak_memory();

    let mut answers = Vec::new();
    let mut answer_bytes = Vec::new();
    let mut pulls = Vec::new();
    let mut pull_bytes = Vec::new();
    let mut symbols = Vec::new();
    let mut symbol_bytes = Vec::new();
    let mut folding_over = false;
    for round in 0..rounds {
        let version = round as i64 + 1;
        let line = rows[random.below(rows.len())];
        let cells: Vec<usize> = (0..lines[line].len())
            .filter(|&c| lines[line][c] != b' ')
            .collect();
        let col = cells[random.below(cells.len())];
        let new = replacement(kind, lines[line][col]);
        lines[line][col] = new;
        let new_text = char::from(new).to_string();
        let at = |l: usize, c: usize| json!({"line": l, "character": c});
        let screen = json!({"start": at(line.saturating_sub(30), 0), "end": at(line + 30, 0)});
        let mut frames = Raw::frame(
            &json!({"jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": {"textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": at(line, col), "end": at(line, col + 1)}, "text": new_text}]}}),
        );
        let mut ask = |raw: &mut Raw, method: &str, params: Value| {
            let (id, frame) = raw.request_frame(method, params);
            frames.extend_from_slice(&frame);
            id
        };
        let pull_params = match &pull_id {
            Some(id) => json!({"textDocument": document, "previousResultId": id}),
            None => json!({"textDocument": document}),
        };
        let pulled = ask(&mut raw, "textDocument/diagnostic", pull_params);
        let tokened = match (&tokens.result_id, delta) {
            (Some(id), true) => ask(
                &mut raw,
                "textDocument/semanticTokens/full/delta",
                json!({"textDocument": document, "previousResultId": id}),
            ),
            _ => ask(
                &mut raw,
                "textDocument/semanticTokens/full",
                json!({"textDocument": document}),
            ),
        };
        let folded = ask(
            &mut raw,
            "textDocument/foldingRange",
            json!({"textDocument": document}),
        );
        let hinted = ask(
            &mut raw,
            "textDocument/inlayHint",
            json!({"textDocument": document, "range": screen}),
        );
        let acted = ask(
            &mut raw,
            "textDocument/codeAction",
            json!({"textDocument": document, "range": {"start": at(line, col), "end": at(line, col)},
                "context": {"diagnostics": []}}),
        );
        let symbolled = ask(
            &mut raw,
            "textDocument/documentSymbol",
            json!({"textDocument": document}),
        );
        let start = Instant::now();
        raw.send_frame(&frames);
        let mut last = start;
        let mut bytes = 0;
        for id in [pulled, tokened, folded, hinted, acted] {
            let (done, body) = raw.response(id);
            last = last.max(done);
            if id == pulled {
                pulls.push(done - start);
                pull_bytes.push(body.len());
                pull_id = pull_result_id(&body).or(pull_id.take());
            } else {
                bytes += body.len();
            }
            if id == tokened {
                tokens.apply(&body);
            }
            if id == folded {
                let value: Value = serde_json::from_slice(&body).unwrap_or_default();
                let count = value["result"].as_array().map_or(0, Vec::len);
                folding_over |= count > 5000;
            }
        }
        answers.push(last - start);
        answer_bytes.push(bytes);
        let (done, body) = raw.response(symbolled);
        symbols.push(done - start);
        symbol_bytes.push(body.len());
    }

    // What stays with the document: its text, positions and kept pieces.
    let kept_resident = raw.resident_memory();
    let keystrokes_peak = raw.peak_memory();
    // The tokens the deltas built, against a fresh `/full`.
    let mut fresh = Tokens {
        data: Vec::new(),
        result_id: None,
    };
    fresh.apply(&raw.request(
        "textDocument/semanticTokens/full",
        json!({"textDocument": document}),
    ));
    let tokens_equal = fresh.data == tokens.data;

    let answers = Samples::new(answers);
    let pulls = Samples::new(pulls);
    let symbols = Samples::new(symbols);
    let median = |v: &mut Vec<usize>| {
        v.sort_unstable();
        v.get(v.len() / 2).copied().unwrap_or(0)
    };
    let (answer_kb, pull_kb, symbol_b) = (
        median(&mut answer_bytes),
        median(&mut pull_bytes),
        median(&mut symbol_bytes),
    );
    let pair = |s: &Samples| format!("{:.1} ({:.1})", ms(s.median()), ms(s.percentile(100.0)));
    println!(
        "{name:<12} {size:>7} {mb:>5.1} | {:>15} {:>9.1} | {:>11} {:>9.1} | {:>13} {:>9.2} | {:>6.0}  tokens from deltas = /full: {}{}",
        pair(&answers),
        answer_kb as f64 / 1e3,
        format!("{:.1}", ms(pulls.median())),
        pull_kb as f64 / 1e3,
        pair(&symbols),
        symbol_b as f64 / 1e6,
        raw.peak_memory() as f64 / 1e6,
        if tokens_equal { "yes" } else { "NO" },
        if folding_over {
            "; MORE THAN 5,000 FOLDING RANGES"
        } else {
            ""
        },
    );

    let bound = 5.0 * mb + 30.0;
    let peak = keystrokes_peak as f64 / 1e6;
    println!(
        "{:<12} {:>7} {:>5}   memory MB: peak after open {:.1}, after /full {:.1}, after the keystrokes {peak:.1}; resident then {:.1} (5 × text + 30 = {bound:.1})",
        "",
        "",
        "",
        opened_peak as f64 / 1e6,
        tokens_peak as f64 / 1e6,
        kept_resident as f64 / 1e6,
    );

    // A hover alone, then right behind a `semanticTokens/full`.
    let cursor = json!({"textDocument": document, "position": {"line": rows[0], "character": 0}});
    let mut alone = Vec::new();
    let mut behind = Vec::new();
    for _ in 0..5 {
        let (id, frame) = raw.request_frame("textDocument/hover", cursor.clone());
        let start = Instant::now();
        raw.send_frame(&frame);
        alone.push(raw.response(id).0 - start);
        let (full, mut frames) = raw.request_frame(
            "textDocument/semanticTokens/full",
            json!({"textDocument": document}),
        );
        let (id, frame) = raw.request_frame("textDocument/hover", cursor.clone());
        frames.extend_from_slice(&frame);
        let start = Instant::now();
        raw.send_frame(&frames);
        behind.push(raw.response(id).0 - start);
        raw.response(full);
        std::thread::sleep(Duration::from_millis(10));
    }
    let (alone, behind) = (Samples::new(alone), Samples::new(behind));
    println!(
        "{:<12} {:>7} {:>5}   hover alone {:.2} ms, behind semanticTokens/full {:.2} ms",
        "",
        "",
        "",
        ms(alone.median()),
        ms(behind.median()),
    );

    let mut missed = Vec::new();
    if !tokens_equal {
        missed.push(format!(
            "{name} {size}: tokens from deltas differ from /full"
        ));
    }
    if folding_over {
        missed.push(format!(
            "{name} {size}: more than rangeLimit folding ranges"
        ));
    }
    if goals {
        let mut goal = |ok: bool, what: String| {
            let verdict = if ok { "met" } else { "MISSED" };
            println!("{:<12} {:>7} {:>5}   goal {what}: {verdict}", "", "", "");
            if !ok {
                missed.push(format!("{name} {size}: {what}"));
            }
        };
        goal(
            peak <= bound,
            "peak memory through the keystrokes ≤ 5 × text + 30 MB".to_owned(),
        );
        goal(
            ms(answers.median()) <= ANSWERS_MS,
            format!("edit to last answer ≤ {ANSWERS_MS} ms"),
        );
        goal(
            answer_kb <= ANSWERS_BYTES,
            format!("answers ≤ {} KB", ANSWERS_BYTES / 1000),
        );
        goal(
            ms(pulls.median()) <= PULL_MS,
            format!("pull ≤ {PULL_MS} ms"),
        );
        goal(
            pull_kb <= PULL_BYTES,
            format!("pull ≤ {} MB", PULL_BYTES / 1_000_000),
        );
        goal(
            ms(symbols.median()) <= SYMBOLS_MS,
            format!("documentSymbol ≤ {SYMBOLS_MS} ms"),
        );
        goal(
            ms(behind.median()) <= ms(alone.median()) + HOVER_BEHIND_MS,
            format!("hover behind tokens ≤ alone + {HOVER_BEHIND_MS} ms"),
        );
    }
    missed
}
