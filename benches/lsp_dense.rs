//! The language server on files with many findings:
//! `cargo bench --bench lsp_dense`.
//!
//! A raw client, as an editor's transport sees the server: it writes
//! framed JSON-RPC to the release binary's stdin and only reads the frames
//! that come back (no JSON parsing: the version of a `publishDiagnostics`
//! is read off its last bytes). On `.go9` files of dense random boards
//! (`common::Boards::Dense`, about 3.2 dead-group warnings and 3.7
//! killable/atari facts a board) it measures:
//!
//! - `didOpen`: from sending the document to having received its first
//!   complete `publishDiagnostics`, and that message's size;
//! - `didChange (cell)`: a one-cell edit (then its undo), from sending it
//!   to having received the whole publish of that version; its size; and
//!   whether every publish holds as many errors and warnings as the engine
//!   finds (`syntax::diagnose`, counted once per version) under the
//!   default `maxProblems` cap (errors first);
//! - `fast edits`: edits every 10 ms without waiting, then how long after
//!   the last edit its version's publish was complete, how many publishes
//!   came (intermediate ones may be skipped) and the largest delay of any;
//! - the server's peak memory (`VmHWM`) against the document's size.
//!
//! The last publish of each phase is compared, diagnostic for diagnostic,
//! with what a fresh server publishes for the same text on opening it: a
//! stale or wrong publish makes the bench exit with status 1, and so does
//! a checked publish whose counts per severity are not the engine's,
//! capped.
//!
//! The same one-cell edits of a 1,000-board dense file are then timed in
//! three sessions at once, English, Russian and Simplified Chinese (taking
//! turns, so that the machine's noise falls on all three), each language's
//! median publish against English's: every message is worded per session.
//! Two figures each: the server's CPU time an edit (what it did: parse,
//! wording, JSON, writing; from the scheduler's counters, so neither the
//! load nor the waits for a thread to wake change it) and the median wall
//! time to the publish's last byte (with the transfer, longer as the
//! language's text takes more bytes). With `BOARDLS_BENCH_CHECK=1`, a
//! language whose server takes more than 1.10× English's CPU time an edit
//! fails the bench.
//!
//! Quiet files of 100,000 positions of each kind are opened too (open time
//! only). `BOARDLS=PATH` measures another binary (an older build, say).
//! Without `--bench`: 1,000 boards, a few rounds.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use boardls_engine::diagnostics::Severity;
use boardls_engine::games::GameKind;
use boardls_engine::syntax;
use boardls_ide::config::DEFAULT_MAX_PROBLEMS;
use common::raw::Raw;
use common::{Boards, Rng, Samples, ms};
use serde_json::json;

mod common;

fn main() {
    let quick = common::quick();
    let binary = common::binary();
    println!("binary: {}", binary.display());
    println!("load average at start: {}", common::load());
    let (sizes, rounds): (&[usize], usize) = if quick {
        (&[1000], 6)
    } else {
        (&[1000, 10_000, 100_000], 60)
    };
    println!(
        "{:<11} {:>7} {:>6} {:<18} {:>9} {:>9} {:>9}",
        "document", "boards", "MB", "what", "median ms", "p99 ms", "MB sent"
    );
    // `BOARDLS_BENCH_ONLY=open`: the quiet files' openings only (one
    // server under a profiler, say); the checks left out are skips.
    let only_open = match std::env::var("BOARDLS_BENCH_ONLY") {
        Err(_) => false,
        Ok(only) if only == "open" => true,
        Ok(only) => common::refuse(
            "lsp_dense",
            &format!("BOARDLS_BENCH_ONLY={only:?}: the only choice is `open`"),
        ),
    };
    if only_open {
        for checks in [
            "the dense files' publishes",
            "the localized sessions' publishes",
        ] {
            common::skipped("lsp_dense", checks, "BOARDLS_BENCH_ONLY=open");
        }
    }
    let mut wrong = Vec::new();
    for &size in sizes.iter().filter(|_| !only_open) {
        // The 100,000-board file: its opening and memory only.
        let rounds = if size >= 100_000 { 0 } else { rounds };
        wrong.extend(dense(&binary, size, rounds, quick));
    }
    if !only_open {
        wrong.extend(localized(&binary, rounds));
    }
    if !quick || only_open {
        let size = if quick { 1000 } else { 100_000 };
        for kind in GameKind::ALL {
            open_only(&binary, kind, size, Boards::Quiet);
        }
    }
    println!("load average at end: {}", common::load());
    if !wrong.is_empty() {
        for what in &wrong {
            eprintln!("lsp_dense: {what}");
        }
        std::process::exit(1);
    }
}

/// One-cell edits of a 1,000-board dense file in an English, a Russian
/// and a Chinese session, taking turns; each language's median publish
/// time and size against English's. A publish whose text is not in its
/// session's language is wrong.
fn localized(binary: &PathBuf, rounds: usize) -> Vec<String> {
    // Each language and the letters its messages are written in.
    let cyrillic = |c: char| ('\u{0400}'..='\u{04FF}').contains(&c);
    let han = |c: char| ('\u{4E00}'..='\u{9FFF}').contains(&c);
    let latin = |c: char| !cyrillic(c) && !han(c);
    let locales: [(&str, &dyn Fn(char) -> bool); 3] =
        [("en", &latin), ("ru", &cyrillic), ("zh-CN", &han)];
    let size = 1000;
    let kind = GameKind::Go9;
    let check = std::env::var("BOARDLS_BENCH_CHECK").is_ok_and(|v| v == "1");
    let mut random = Rng(common::SEED);
    let mut text = common::file(kind, size, Boards::Dense, &mut random);
    let uri = format!("file:///bench/dense-{size}-localized.go9");
    let mut sessions: Vec<Raw> = locales
        .iter()
        .map(|(locale, _)| {
            let mut raw = Raw::spawn_in(binary, push_client(), locale);
            raw.open(&uri, kind, &text);
            raw.publish(0);
            raw
        })
        .collect();
    // The server's CPU time over all the edits (its work: parse, wording,
    // JSON, writing), and each publish's wall time to its last byte, which
    // holds the transfer of a body whose size is the language's (a
    // Cyrillic letter takes two bytes) and the waits for threads to wake.
    let cpu_before: Vec<Duration> = sessions.iter().map(Raw::cpu_time).collect();
    let faults_before: Vec<u64> = sessions.iter().map(Raw::minor_faults).collect();
    let mut times = vec![Vec::new(); locales.len()];
    let mut sizes = vec![0usize; locales.len()];
    let mut wrong = Vec::new();
    // The messages whose language was checked, per session: a session
    // that published none was not checked at all.
    let mut checked = vec![0usize; locales.len()];
    let header = format!("{size}\n").len();
    let mut version = 0;
    // Enough edits for a steady median: each takes about a millisecond.
    for round in 0..rounds.max(40) * 2 {
        let (board, row, col) = (random.below(size), random.below(9), random.below(9));
        let line = (1 + 10 * board + row) as u64;
        let offset = header + 91 * board + 10 * row + col;
        let new_text = if &text[offset..offset + 1] == "." {
            "x"
        } else {
            "."
        };
        text.replace_range(offset..offset + 1, new_text);
        version += 1;
        let change = json!({"textDocument": {"uri": uri, "version": version},
           "contentChanges": [{"range": {"start": {"line": line, "character": col},
           "end": {"line": line, "character": col + 1}}, "text": new_text}]});
        // Each round starts with another language, and each edit waits a
        // moment: what a server does after its publish (freeing the last
        // version) then slows no one language more than the others.
        for i in (0..locales.len()).map(|k| (round + k) % locales.len()) {
            let raw = &mut sessions[i];
            std::thread::sleep(Duration::from_millis(2));
            let start = Instant::now();
            raw.notify("textDocument/didChange", change.clone());
            let (at, _, body) = raw.publish(version);
            times[i].push(at - start);
            sizes[i] = sizes[i].max(body.len());
            let (locale, written_in) = locales[i];
            let said = String::from_utf8_lossy(&body);
            let messages: Vec<&str> = said
                .split("\"message\":\"")
                .skip(1)
                .map(|m| m.split('"').next().unwrap_or_default())
                .collect();
            checked[i] += messages.len();
            let foreign = messages
                .into_iter()
                .find(|m| !m.chars().filter(|c| c.is_alphabetic()).any(written_in));
            if let Some(message) = foreign {
                wrong.push(format!(
                    "the {locale} session's publish of version {version} says {message:?}"
                ));
            }
        }
    }
    for ((locale, _), checked) in locales.iter().zip(&checked) {
        if *checked == 0 {
            wrong.push(format!(
                "the {locale} session published no message to check its language"
            ));
        }
    }
    let edits = times[0].len().max(1) as f64;
    let cpu: Vec<f64> = sessions
        .iter()
        .zip(&cpu_before)
        .map(|(raw, before)| ms(raw.cpu_time().saturating_sub(*before)) / edits)
        .collect();
    let faults: Vec<f64> = sessions
        .iter()
        .zip(&faults_before)
        .map(|(raw, before)| raw.minor_faults().saturating_sub(*before) as f64 / edits)
        .collect();
    let medians: Vec<f64> = times
        .into_iter()
        .map(|t| ms(Samples::new(t).median()))
        .collect();
    for (i, (locale, _)) in locales.iter().enumerate() {
        let ratio = cpu[i] / cpu[0];
        let over = i > 0 && ratio > 1.10;
        println!(
            "{:<11} {size:>7} {:>6} {:<18} {:>9.2} {:>9} {:>9.3}   CPU {:.3} ms an edit, {:.3}× English's{}; wall {:.3}× English's; {:.0} page faults an edit",
            "go9/dense",
            "",
            format!("cell edit, {locale}"),
            medians[i],
            "",
            sizes[i] as f64 / 1e6,
            cpu[i],
            ratio,
            if over { " (over 1.10)" } else { "" },
            medians[i] / medians[0],
            faults[i],
        );
        if over && check {
            wrong.push(format!(
                "the {locale} session's server worked {ratio:.3}× English's CPU time an edit (goal 1.10)"
            ));
        }
    }
    wrong
}

/// The `diagnostics` of a `publishDiagnostics` body.
fn diagnostics_of(body: &[u8]) -> serde_json::Value {
    serde_json::from_slice::<serde_json::Value>(body)
        .map(|message| message["params"]["diagnostics"].clone())
        .unwrap_or_default()
}

/// Whether `body`, a publish of `text` at `uri`, lists what a fresh server
/// publishes on opening `text`: a fresh reading of that version.
fn is_fresh_reading(binary: &PathBuf, uri: &str, kind: GameKind, text: &str, body: &[u8]) -> bool {
    let mut fresh = Raw::spawn(binary, push_client());
    fresh.open(uri, kind, text);
    let (_, _, expected) = fresh.publish(0);
    let published = diagnostics_of(body);
    published.is_array() && published == diagnostics_of(&expected)
}

/// The capabilities of a push client.
fn push_client() -> serde_json::Value {
    json!({
        "general": {"positionEncodings": ["utf-16"]},
        "textDocument": {"publishDiagnostics": {"relatedInformation": true, "versionSupport": true}},
    })
}

/// How many times `needle` occurs in `haystack`.
fn occurrences(haystack: &[u8], needle: &[u8]) -> usize {
    let mut count = 0;
    let mut rest = haystack;
    while let Some(at) = rest.windows(needle.len()).position(|w| w == needle) {
        count += 1;
        rest = &rest[at + needle.len()..];
    }
    count
}

/// Errors and warnings in a publish body: severities 1 and 2 (related
/// information has no severity).
fn errors_and_warnings(body: &[u8]) -> (usize, usize) {
    (
        occurrences(body, b"\"severity\":1"),
        occurrences(body, b"\"severity\":2"),
    )
}

/// Errors and warnings the engine finds in `text`.
fn expected_counts(kind: GameKind, text: &str) -> (usize, usize) {
    let all = syntax::diagnose(kind, text);
    let of = |s| all.iter().filter(|d| d.severity == s).count();
    (of(Severity::Error), of(Severity::Warning))
}

/// Of `found` errors and warnings, those a publish lists under the
/// default `maxProblems`: errors first, then warnings up to the cap.
fn listed((errors, warnings): (usize, usize)) -> (usize, usize) {
    let errors = errors.min(DEFAULT_MAX_PROBLEMS);
    (errors, warnings.min(DEFAULT_MAX_PROBLEMS - errors))
}

fn label(kind: GameKind, boards: Boards) -> String {
    format!("{}/{boards:?}", kind.id()).to_lowercase()
}

fn open_only(binary: &PathBuf, kind: GameKind, size: usize, boards: Boards) {
    let text = common::file(kind, size, boards, &mut Rng(common::SEED));
    let mut raw = Raw::spawn(binary, push_client());
    let uri = format!("file:///bench/open-{size}.{}", kind.id());
    let start = raw.open(&uri, kind, &text);
    let (at, _, body) = raw.publish(0);
    println!(
        "{:<11} {size:>7} {:>6.1} {:<18} {:>9.1} {:>9} {:>9.3}   VmHWM {:.1} MB",
        label(kind, boards),
        text.len() as f64 / 1e6,
        "didOpen",
        ms(at - start),
        "",
        body.len() as f64 / 1e6,
        raw.peak_memory() as f64 / 1e6,
    );
}

/// Measures one dense file; returns what was wrong in its publishes.
fn dense(binary: &PathBuf, size: usize, rounds: usize, quick: bool) -> Vec<String> {
    let mut wrong = Vec::new();
    let kind = GameKind::Go9;
    let mut random = Rng(common::SEED);
    let mut text = common::file(kind, size, Boards::Dense, &mut random);
    let name = label(kind, Boards::Dense);
    let mb = text.len() as f64 / 1e6;
    let row = |what: &str, median: f64, p99: String, sent: f64, note: String| {
        println!(
            "{name:<11} {size:>7} {mb:>6.1} {what:<18} {median:>9.2} {p99:>9} {sent:>9.3}   {note}"
        );
    };
    let mut raw = Raw::spawn(binary, push_client());
    let uri = format!("file:///bench/dense-{size}.go9");
    let start = raw.open(&uri, kind, &text);
    let (at, _, body) = raw.publish(0);
    let opened = at - start;
    let found = expected_counts(kind, &text);
    let expected = listed(found);
    let got = errors_and_warnings(&body);
    if got != expected {
        wrong.push(format!(
            "{name} {size}: the opening publish lists {}+{} errors+warnings, not {}+{} \
             ({}+{} found, capped at {DEFAULT_MAX_PROBLEMS})",
            got.0, got.1, expected.0, expected.1, found.0, found.1
        ));
    }
    row(
        "didOpen",
        ms(opened),
        String::new(),
        body.len() as f64 / 1e6,
        format!(
            "errors+warnings {}+{} of {}+{} listed, {}+{} found  VmHWM {:.1} MB (target {:.1})",
            got.0,
            got.1,
            expected.0,
            expected.1,
            found.0,
            found.1,
            raw.peak_memory() as f64 / 1e6,
            (5.0 * text.len() as f64 + 30e6) / 1e6
        ),
    );
    if rounds == 0 {
        return wrong;
    }

    // One-cell edits, each followed by its undo, waiting for each publish.
    // A board of `size` starts at line 1 + 10 * index (count line, then
    // nine rows and a blank line per board).
    let mut version = 0;
    let mut times = Vec::new();
    let mut sizes = Vec::new();
    let mut incomplete = 0;
    // The count line, then boards of nine 10-byte rows and a blank line.
    let header = format!("{size}\n").len();
    let cell = |random: &mut Rng| {
        let (board, row, col) = (random.below(size), random.below(9), random.below(9));
        let line = 1 + 10 * board + row;
        let offset = header + 91 * board + 10 * row + col;
        (line as u64, col as u64, offset)
    };
    let verify_every = if quick { 1 } else { 10 };
    let mut last_body = Vec::new();
    for round in 0..rounds {
        let (line, col, offset) = cell(&mut random);
        let original = text[offset..offset + 1].to_owned();
        let replacement = if original == "." { "x" } else { "." };
        for new_text in [replacement, original.as_str()] {
            version += 1;
            text.replace_range(offset..offset + 1, new_text);
            let start = Instant::now();
            raw.notify(
                "textDocument/didChange",
                json!({"textDocument": {"uri": uri, "version": version},
                   "contentChanges": [{"range": {"start": {"line": line, "character": col},
                   "end": {"line": line, "character": col + 1}}, "text": new_text}]}),
            );
            let (at, v, body) = raw.publish(version);
            assert_eq!(v, version);
            times.push(at - start);
            sizes.push(body.len());
            if round % verify_every == 0 {
                let (got, expected) = (
                    errors_and_warnings(&body),
                    listed(expected_counts(kind, &text)),
                );
                if got != expected {
                    incomplete += 1;
                    wrong.push(format!(
                        "{name} {size}: version {version}'s publish lists {}+{} errors+warnings, \
                         not {}+{}",
                        got.0, got.1, expected.0, expected.1
                    ));
                }
            }
            last_body = body;
        }
    }
    if !is_fresh_reading(binary, &uri, kind, &text, &last_body) {
        wrong.push(format!(
            "{name} {size}: the last cell edit's publish is not a fresh reading"
        ));
    }
    let samples = Samples::new(times);
    let largest = sizes.iter().copied().max().unwrap_or(0);
    row(
        "didChange (cell)",
        ms(samples.median()),
        format!("{:.2}", ms(samples.percentile(99.0))),
        largest as f64 / 1e6,
        format!(
            "n={} checked publishes with the engine's counts, capped: {}",
            samples.len(),
            if incomplete == 0 {
                "all".to_owned()
            } else {
                format!("{incomplete} WRONG")
            }
        ),
    );

    // Edits every 10 ms without waiting: the publishes that come, and how
    // long after the last edit its version was complete.
    let edits = if quick { 20 } else { 200 };
    let first = version + 1;
    let mut sent = Vec::new();
    let started = Instant::now();
    for i in 0..edits {
        let due = started + Duration::from_millis(10 * i as u64);
        if let Some(wait) = due.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
        let (line, col, offset) = cell(&mut random);
        version += 1;
        let new_text = if i % 2 == 0 { "x" } else { "o" };
        text.replace_range(offset..offset + 1, new_text);
        raw.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version},
               "contentChanges": [{"range": {"start": {"line": line, "character": col},
               "end": {"line": line, "character": col + 1}}, "text": new_text}]}),
        );
        sent.push(Instant::now());
    }
    let last = version;
    let mut publishes = 0;
    let mut worst = Duration::ZERO;
    let (done, bytes) = loop {
        let (at, v, body) = raw.publish(first);
        publishes += 1;
        let index = usize::try_from(v - first).unwrap_or(0).min(sent.len() - 1);
        worst = worst.max(at - sent[index]);
        if v == last {
            break (at, body);
        }
    };
    if !is_fresh_reading(binary, &uri, kind, &text, &bytes) {
        wrong.push(format!(
            "{name} {size}: the last fast edit's publish is not a fresh reading"
        ));
    }
    let bytes = bytes.len();
    row(
        "fast edits (10 ms)",
        ms(done - sent[sent.len() - 1]),
        String::new(),
        bytes as f64 / 1e6,
        format!(
            "last edit to its publish; {publishes} publishes for {edits} edits; oldest version shown {:.1} ms",
            ms(worst)
        ),
    );
    println!(
        "{:<11} {:>7} {:>6} peak memory VmHWM {:.1} MB (target {:.1} MB)",
        "",
        "",
        "",
        raw.peak_memory() as f64 / 1e6,
        (5.0 * text.len() as f64 + 30e6) / 1e6
    );
    wrong
}
