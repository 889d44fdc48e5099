//! Speed of the parser, `check`'s diagnostics and incremental documents on
//! 100,000-position files: `cargo bench --bench parse`.
//!
//! With `BOARDLS_BENCH_DIR=DIR` the generated files are also written as
//! `DIR/big.uttt`, `DIR/big.go9` and `DIR/big.tomek` (random boards),
//! `DIR/quiet.*` and `DIR/dense.*`, to time `boardls check` end to end or
//! to count the parser's instructions against `boardls solve` on the same
//! file (`valgrind --tool=callgrind --toggle-collect='*read_positions*'`).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use boardls_engine::document::Document;
use boardls_engine::games::GameKind;
use boardls_engine::syntax;
use common::{Boards, Rng};

mod common;

/// The measurements taken and left out, for `BOARDLS_BENCH_ONLY`: a
/// choice that matches none ends the bench, and those left out are a skip.
static MEASURED: AtomicUsize = AtomicUsize::new(0);
static LEFT_OUT: AtomicUsize = AtomicUsize::new(0);

/// `BOARDLS_BENCH_ONLY=TEXT` runs only the measurements whose name holds
/// TEXT (one parser run under a profiler, say); the others are skips.
fn time<T>(what: &str, runs: u32, mut f: impl FnMut() -> T) -> Duration {
    if let Ok(only) = std::env::var("BOARDLS_BENCH_ONLY")
        && !what.contains(&only)
    {
        LEFT_OUT.fetch_add(1, Ordering::Relaxed);
        return Duration::from_nanos(1);
    }
    MEASURED.fetch_add(1, Ordering::Relaxed);
    let start = Instant::now();
    for _ in 0..runs {
        std::hint::black_box(f());
    }
    let each = start.elapsed() / runs;
    println!("{what:<48} {each:>12.3?}");
    each
}

fn main() {
    measure();
    if let Ok(only) = std::env::var("BOARDLS_BENCH_ONLY") {
        if MEASURED.load(Ordering::Relaxed) == 0 {
            common::refuse(
                "parse",
                &format!("BOARDLS_BENCH_ONLY={only:?} matches no measurement"),
            );
        }
        let left_out = LEFT_OUT.load(Ordering::Relaxed);
        common::skipped(
            "parse",
            &format!("{left_out} measurements"),
            &format!("BOARDLS_BENCH_ONLY={only}"),
        );
    }
}

fn measure() {
    let positions = if common::quick() { 1000 } else { 100_000 };
    let mut random = Rng(common::SEED);
    let dir = std::env::var_os("BOARDLS_BENCH_DIR").map(std::path::PathBuf::from);
    for kind in GameKind::ALL {
        let text = common::file(kind, positions, Boards::Random, &mut random);
        if let Some(dir) = &dir {
            let _ = std::fs::write(dir.join(format!("big.{}", kind.id())), &text);
        }
        let name = kind.id();
        let mb = text.len() as f64 / 1e6;
        let each = time(
            &format!("{name}: diagnose {positions} positions ({mb:.1} MB)"),
            3,
            || syntax::diagnose(kind, &text),
        );
        println!("{:<48} {:>9.0} MB/s", "", mb / each.as_secs_f64());
        time(&format!("{name}: Document::new"), 3, || {
            Document::new(kind, &text)
        });
        for boards in [Boards::Quiet, Boards::Dense] {
            let other = common::file(kind, positions, boards, &mut Rng(common::SEED));
            let what = format!("{boards:?}").to_lowercase();
            if let Some(dir) = &dir {
                let _ = std::fs::write(dir.join(format!("{what}.{}", kind.id())), &other);
            }
            time(&format!("{name}: Document::new, {what} boards"), 3, || {
                Document::new(kind, &other)
            });
            // The parser alone (what `callgrind --toggle-collect` on
            // `*read_positions*` counts against `boardls solve`).
            let each = time(&format!("{name}: read_positions, {what} boards"), 3, || {
                let lines = boardls_engine::text::CursorLines::new(&other);
                let (_, start, _) = syntax::parse_header(kind, &lines);
                let mut count = 0usize;
                syntax::read_positions(kind, &lines, start, &mut |_| count += 1);
                count
            });
            println!(
                "{:<48} {:>9.0} MB/s",
                "",
                other.len() as f64 / 1e6 / each.as_secs_f64()
            );
        }
        let mut document = Document::new(kind, &text);
        // One-character edits in the middle of the document, each followed
        // by its undo, so the document keeps its size.
        let middle = document.rope().len_chars() / 2;
        let line = document.rope().char_to_line(middle);
        let at = document.rope().line_to_char(line);
        time(
            &format!("{name}: edit one cell and undo it (x2)"),
            200,
            || {
                document.edit(at, at + 1, "X");
                document.edit(at, at + 1, ".");
            },
        );
        time(
            &format!("{name}: insert a line break and remove it (x2)"),
            200,
            || {
                document.edit(at, at, "\n");
                document.edit(at, at + 1, "");
            },
        );
    }
    publish(positions);
}

/// An open document's `publishDiagnostics` body, as the server writes it
/// after each edit, for dense go files (the most findings per byte):
/// under the default `maxProblems` and with every error and warning sent.
fn publish(positions: usize) {
    use boardls_engine::i18n::Locale;
    use boardls_ide::config::DiagnosticFilter;
    use boardls_ide::encoding::Encoding;
    use boardls_ide::kept::publish::{Published, notification};

    let text = common::file(
        GameKind::Go9,
        positions,
        Boards::Dense,
        &mut Rng(common::SEED),
    );
    let document = Document::new(GameKind::Go9, &text);
    // English, then the other languages (`, ru`): worded per session.
    for locale in Locale::ALL {
        let language = match locale {
            Locale::English => "",
            Locale::Russian => ", ru",
            Locale::SimplifiedChinese => ", zh-CN",
        };
        for (what, max_problems) in [
            ("default maxProblems", None),
            ("maxProblems 10^7", Some(10_000_000)),
        ] {
            let mut filter = DiagnosticFilter::default();
            if let Some(max) = max_problems {
                filter.max_problems = max;
            }
            let published = Published {
                uri: "file:///bench/dense.go9".parse().expect("a URI"),
                version: 1,
                snapshot: document.snapshot(),
                enc: Encoding::Utf16,
                locale,
                filter,
                kept: None,
            };
            let runs = if max_problems.is_some() && positions > 10_000 {
                3
            } else {
                20
            };
            let bytes = notification(&published).len();
            time(
                &format!(
                    "go9: publish, dense, {what}{language} ({:.2} MB)",
                    bytes as f64 / 1e6
                ),
                runs,
                || notification(&published),
            );
        }
    }
}
