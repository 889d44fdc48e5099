//! The language server as an editor sees it: `cargo bench --bench lsp`.
//!
//! Spawns the real `boardls` binary (the bench profile is the release
//! profile), speaks framed JSON-RPC over its stdin and stdout with the test
//! client of `tests/it/support/client.rs`, and times round trips on the client side:
//!
//! - `didChange`: a one-character replacement of one cell of a random
//!   position (then its undo, also timed), from sending the notification to
//!   receiving the `publishDiagnostics` of that version;
//! - `newline`: a line break typed in the blank line after a random position
//!   (then removed): every position below moves down one line;
//! - `inlayHint` on a 60-line range at a random line, `hover` on a random
//!   cell;
//! - `floor`: a hover on a document that is not open, which the server
//!   answers without any work: the cost of the transport alone.
//!
//! Documents hold 100 and 100,000 positions whose diagnostics are none
//! (see `common::Boards::Quiet`); one more `.go9` document of random boards
//! shows the cost of publishing many diagnostics. Last, the server's peak
//! memory (`VmHWM`) against the document's size. Without `--bench` (as under
//! `cargo test --all-targets`) it runs a few requests on small documents.

use std::time::{Duration, Instant};

use boardls_engine::games::GameKind;
use boardls_engine::syntax::{self, ParsedPosition};
use common::{Boards, Rng, Samples, ms};
use serde_json::{Value, json};

// The tests' client; it holds the generator `common` also includes, so
// this bench compiles `boards.rs` twice (the same items, unused twice).
#[path = "../tests/it/support/mod.rs"]
#[allow(clippy::duplicate_mod)]
mod support;
use support::client;
mod common;

struct Plan {
    sizes: &'static [usize],
    /// Timed round trips of each kind (edits count each undo too).
    rounds: usize,
    warmup: usize,
}

fn main() {
    let plan = if common::quick() {
        Plan {
            sizes: &[100, 1000],
            rounds: 10,
            warmup: 2,
        }
    } else {
        Plan {
            sizes: &[100, 100_000],
            rounds: 400,
            warmup: 40,
        }
    };
    println!("load average at start: {}", common::load());
    println!(
        "{:<11} {:>9} {:>6} {:<21} {:>9} {:>9}",
        "document", "positions", "MB", "round trip", "median ms", "p99 ms"
    );
    let mut memory = Vec::new();
    for kind in GameKind::ALL {
        for &size in plan.sizes {
            memory.push(session(kind, size, Boards::Quiet, &plan));
        }
    }
    // Every edit publishes every diagnostic again (about 3 per random go
    // board): a smaller document and fewer rounds keep this one short.
    let noisy = Plan {
        sizes: &[],
        rounds: plan.rounds / 10,
        warmup: plan.warmup / 10,
    };
    memory.push(session(GameKind::Go9, 1000, Boards::Random, &noisy));

    println!();
    println!(
        "{:<6} {:>9} {:<7} {:>10} {:>10} {:>8} {:>10}",
        "kind", "positions", "boards", "doc MB", "VmHWM MB", "ratio", "target MB"
    );
    let mut missed = common::Missed::default();
    for m in memory {
        let target = 10.0 * m.bytes as f64 + 30e6;
        println!(
            "{:<6} {:>9} {:<7} {:>10.1} {:>10.1} {:>7.1}x {:>10.1}{}",
            m.kind.id(),
            m.positions,
            format!("{:?}", m.boards).to_lowercase(),
            m.bytes as f64 / 1e6,
            m.peak as f64 / 1e6,
            m.peak as f64 / m.bytes as f64,
            target / 1e6,
            if m.peak > 0 && (m.peak as f64) < target {
                ""
            } else {
                "  MISSED"
            },
        );
        let what = format!("{} {} positions", m.kind.id(), m.positions);
        missed.check_memory(m.peak, target, &what);
    }
    println!("load average at end: {}", common::load());
    missed.finish();
}

struct Memory {
    kind: GameKind,
    positions: usize,
    boards: Boards,
    bytes: usize,
    /// Bytes.
    peak: u64,
}

/// One server, one document: every round trip, then the peak memory.
fn session(kind: GameKind, size: usize, boards: Boards, plan: &Plan) -> Memory {
    let mut random = Rng(common::SEED);
    let text = common::file(kind, size, boards, &mut random);
    let parsed = syntax::parse_file(kind, &text).positions;
    let lines: Vec<&str> = text.lines().collect();
    let uri = format!("file:///bench/{size}.{}", kind.id());
    let mut server = client::Server::spawn();
    server.initialize(client::caps("utf-16"));
    let start = Instant::now();
    server.open(&uri, kind.id(), 0, &text);
    let diagnostics = server.diagnostics(&uri, 0).len();
    let opened = start.elapsed();
    let label = match boards {
        Boards::Quiet => kind.id().to_owned(),
        Boards::Random => format!("{}/random", kind.id()),
        Boards::Dense => format!("{}/dense", kind.id()),
    };
    let name = |what: &str| {
        format!(
            "{label:<11} {size:>9} {:>6.1} {what:<21}",
            text.len() as f64 / 1e6
        )
    };
    println!(
        "{} {:>9.1}            ({diagnostics} diagnostics)",
        name("didOpen"),
        ms(opened)
    );

    let mut version = 0;
    let mut edit = |server: &mut client::Server, random: &mut Rng, newline: bool| {
        let p = &parsed[random.below(parsed.len())];
        let changes: Vec<(Value, &str)> = if newline {
            // The blank line after the position (or the end of the file).
            let line = u64::from(p.last_line() + 1);
            vec![
                (client::range(line, 0, line, 0), "\n"),
                (client::range(line, 0, line + 1, 0), ""),
            ]
        } else {
            let (line, col, original) = random_cell(p, &lines, random);
            let other = if original == "." { "o" } else { "." };
            vec![
                (client::range(line, col, line, col + 1), other),
                (client::range(line, col, line, col + 1), original),
            ]
        };
        let mut times = Vec::new();
        for (range, new_text) in changes {
            version += 1;
            let start = Instant::now();
            server.change(&uri, version, json!([{"range": range, "text": new_text}]));
            server.diagnostics(&uri, version);
            times.push(start.elapsed());
        }
        times
    };
    let mut rounds =
        |what: &str, f: &mut dyn FnMut(&mut client::Server, &mut Rng) -> Vec<Duration>| {
            let mut times = Vec::new();
            while times.len() < plan.warmup {
                times.extend(f(&mut server, &mut random));
            }
            times.clear();
            while times.len() < plan.rounds {
                times.extend(f(&mut server, &mut random));
            }
            let samples = Samples::new(times);
            println!(
                "{} {:>9.3} {:>9.3}   n={}",
                name(what),
                ms(samples.median()),
                ms(samples.percentile(99.0)),
                samples.len()
            );
        };
    rounds("floor (no work)", &mut |server, _| {
        let params = json!({
            "textDocument": {"uri": "file:///bench/not-open.go9"},
            "position": client::pos(0, 0),
        });
        timed(|| server.request("textDocument/hover", params))
    });
    rounds("didChange (cell)", &mut |server, random| {
        edit(server, random, false)
    });
    rounds("didChange (newline)", &mut |server, random| {
        edit(server, random, true)
    });
    rounds("inlayHint (60 lines)", &mut |server, random| {
        let start = random.below(lines.len()) as u64;
        let params = json!({
            "textDocument": {"uri": uri},
            "range": client::range(start, 0, start + 60, 0),
        });
        timed(|| server.request("textDocument/inlayHint", params))
    });
    rounds("hover (cell)", &mut |server, random| {
        let p = &parsed[random.below(parsed.len())];
        let (line, col, _) = random_cell(p, &lines, random);
        let params = json!({
            "textDocument": {"uri": uri},
            "position": client::pos(line, col),
        });
        timed(|| server.request("textDocument/hover", params))
    });

    let peak = common::peak_memory(server.pid());
    server.shutdown_and_exit();
    Memory {
        kind,
        positions: size,
        boards,
        bytes: text.len(),
        peak,
    }
}

fn timed(f: impl FnOnce() -> Value) -> Vec<Duration> {
    let start = Instant::now();
    std::hint::black_box(f());
    vec![start.elapsed()]
}

/// A random cell of a position: its absolute line, its column (ASCII, so
/// bytes are UTF-16 units) and its character.
fn random_cell<'t>(p: &ParsedPosition, lines: &[&'t str], random: &mut Rng) -> (u64, u64, &'t str) {
    let size = match p.kind {
        GameKind::Tomek => 4,
        _ => 9,
    };
    let cell = boardls_engine::games::Cell::new(random.below(size) as u8, random.below(size) as u8);
    let Some(span) = p.cell_span(cell) else {
        panic!("generated boards are regular");
    };
    let line = p.first_line + span.line;
    let at = span.start as usize;
    let cell = lines.get(line as usize).and_then(|l| l.get(at..at + 1));
    (u64::from(line), span.start.into(), cell.unwrap_or("."))
}
