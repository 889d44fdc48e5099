//! `boardls check` on judge-size inputs: `cargo bench --bench check_large`.
//!
//! Writes a 1,000,000-board dense `.go9` file (91 MB, boards filled to
//! 10–95% of their cells, about 7 findings each) and a 1,000,000-board
//! quiet `.tomek` file (21 MB, no findings), then runs the real binary on
//! each with its text output going to `/dev/null`, under `/usr/bin/time`
//! for the peak memory (maximum resident set size). Reports the median
//! wall time of several runs, MB/s and the largest peak.
//!
//! Then `.tomek` files of the same size (21 MB): the GCJ large practice
//! input repeated to 1,000,000 cases (no findings), 1,000,000 judge-like
//! random boards (about 51,000 findings) and 1,000,000 random boards of
//! the other benches (about 3 million), each checked in `concise` and
//! `json-lines` output, in turns. Reports the time per finding (the
//! difference of the median processor times, user and system, over the
//! number of findings) and the ratio of the medians; processor time
//! because on a shared machine the wall time counts the other processes.
//!
//! `BOARDLS=PATH` times another binary (an older build, say);
//! `BOARDLS_BENCH_DIR=DIR` keeps the inputs there;
//! `BOARDLS_BENCH_ONLY=findings` runs the pair only. A missed goal makes
//! the bench exit 1. Without `--bench`: 10,000 boards, one run.

use std::io::Read as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use boardls_engine::games::GameKind;
use common::{Boards, Missed, Rng, Samples, ms};

mod common;

fn main() {
    let quick = common::quick();
    let (boards, runs) = if quick { (10_000, 1) } else { (1_000_000, 5) };
    let (dir, keep) = common::work_dir("check-large");
    let binary = common::binary();
    println!("binary: {}", binary.display());
    println!("load average at start: {}", common::load());
    let mut missed = Missed::default();
    let only_findings = match std::env::var("BOARDLS_BENCH_ONLY") {
        Err(_) => false,
        Ok(only) if only == "findings" => true,
        Ok(only) => common::refuse(
            "check_large",
            &format!("BOARDLS_BENCH_ONLY={only:?}: the only choice is `findings`"),
        ),
    };
    if only_findings {
        common::skipped(
            "check_large",
            "the judge-sized files",
            "BOARDLS_BENCH_ONLY=findings",
        );
    }
    let sizes: &[_] = if only_findings {
        &[]
    } else {
        &[
            (GameKind::Go9, Boards::Dense),
            (GameKind::Tomek, Boards::Quiet),
        ]
    };
    for &(kind, what) in sizes {
        let name = format!("judge-{boards}-{what:?}.{}", kind.id()).to_lowercase();
        let path = dir.join(&name);
        let size = match std::fs::metadata(&path) {
            Ok(meta) if keep => meta.len() as usize,
            _ => {
                let text = common::file(kind, boards, what, &mut Rng(common::SEED));
                std::fs::write(&path, &text).expect("write the input");
                text.len()
            }
        };
        let mut peak = 0;
        let mut times = Vec::new();
        for _ in 0..runs {
            let (elapsed, kb) = run(&binary, &path);
            times.push(elapsed);
            peak = peak.max(kb);
        }
        let samples = Samples::new(times);
        let mb = size as f64 / 1e6;
        println!(
            "check {name:<28} {mb:>6.1} MB  median {:>8.1} ms  {:>6.0} MB/s  (best {:>6.0})  peak RSS {:>7.1} MB",
            ms(samples.median()),
            mb / samples.median().as_secs_f64(),
            mb / samples.percentile(0.0).as_secs_f64(),
            peak as f64 / 1e3,
        );
        // The targets of BENCHMARKS.md, for the judge-size files; quick
        // runs (under `cargo test`) check that the probe reads memory.
        let budget_mb = if quick { f64::INFINITY } else { 300.0 };
        missed.check_memory(peak * 1000, budget_mb * 1e6, &name);
        if !quick {
            let median = samples.median().as_secs_f64();
            match kind {
                GameKind::Go9 => {
                    missed.check(median <= 5.0, format!("{name}: {median:.2} s, budget 5 s"))
                }
                _ => missed.check(
                    mb / median >= 200.0,
                    format!("{name}: {:.0} MB/s, budget 200 MB/s", mb / median),
                ),
            }
        }
    }
    findings_pair(&binary, &dir, keep, boards, runs, quick, &mut missed);
    if !only_findings {
        long_lines(&binary, &dir, quick, &mut missed);
    }
    if !keep {
        let _ = std::fs::remove_dir_all(&dir);
    }
    println!("load average at end: {}", common::load());
    missed.finish();
}

/// `check --output-format full` on one line of 10 MB (a `.uttt` of
/// nothing but `x`, a `.go9` row of dots): each code frame shows a window
/// of its line, so the time must not grow with the line's length. Goal:
/// ≤ 10 s each (tests/it/check_full.rs checks what they print).
fn long_lines(binary: &Path, dir: &Path, quick: bool, missed: &mut Missed) {
    let files = [
        ("long.uttt", "x".repeat(10 << 20)),
        ("longrow.go9", format!("{}X\n", ".".repeat(10 << 20))),
    ];
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::write(&path, text).expect("write the input");
        let (elapsed, _, _) = run_format(binary, &path, "full");
        println!(
            "check --output-format full {name:<12} 10 MB on one line  {:>8.1} ms",
            ms(elapsed)
        );
        if !quick {
            missed.check(
                elapsed <= Duration::from_secs(10),
                format!("{name} in full: {elapsed:.2?}, budget 10 s"),
            );
        }
    }
}

/// The GCJ 2013 Qualification A large practice input (1,000 cases, no
/// findings), in the tests' fixtures.
const GCJ_LARGE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/judge/tomek/A-large-practice.in"
);

/// Files full of findings against one of the same size with none: the
/// GCJ large practice cases repeated to `boards` cases, against `boards`
/// judge-like random Tomek boards (a `T` in one cell of 50: about 5% of
/// the boards with findings, one finding each or two) and `boards` random
/// boards of `Boards::Random` (a `T` in one cell of 4: about 3 findings a
/// board), in `concise` and `json-lines` output. Goals: ≤ 0.3 µs per
/// finding on the random boards, ≤ 2× the time without findings on the
/// judge-like ones.
fn findings_pair(
    binary: &Path,
    dir: &Path,
    keep: bool,
    boards: usize,
    runs: usize,
    quick: bool,
    missed: &mut Missed,
) {
    let reuse = |path: &Path| keep && path.exists();
    let quiet = dir.join(format!("gcj-large-{boards}.tomek"));
    if !reuse(&quiet) {
        std::fs::write(&quiet, repeated_cases(GCJ_LARGE, boards)).expect("write the input");
    }
    let judge_like = dir.join(format!("judge-like-{boards}.tomek"));
    if !reuse(&judge_like) {
        std::fs::write(
            &judge_like,
            judge_like_tomek(boards, &mut Rng(common::SEED)),
        )
        .expect("write the input");
    }
    let random = dir.join(format!("random-{boards}.tomek"));
    if !reuse(&random) {
        let text = common::file(
            GameKind::Tomek,
            boards,
            Boards::Random,
            &mut Rng(common::SEED),
        );
        std::fs::write(&random, text).expect("write the input");
    }
    let size = |path: &Path| std::fs::metadata(path).map_or(0, |m| m.len()) as f64 / 1e6;
    println!(
        "findings: {} ({:.1} MB) and {} ({:.1} MB) against {} ({:.1} MB, none)",
        judge_like.display(),
        size(&judge_like),
        random.display(),
        size(&random),
        quiet.display(),
        size(&quiet)
    );
    for format in ["concise", "json-lines"] {
        // One line per finding in both formats.
        let quiet_lines = output_lines(binary, &quiet, format);
        missed.check(
            quiet_lines == 0,
            format!("{}: {quiet_lines} findings, expected none", quiet.display()),
        );
        let noisy = [&judge_like, &random];
        let findings = noisy.map(|path| output_lines(binary, path, format));
        let mut with = [Vec::new(), Vec::new()];
        let mut without = Vec::new();
        // In turns, so that a change of load falls on all three.
        for _ in 0..runs.max(3) {
            let (wall, _, cpu) = run_format(binary, &quiet, format);
            without.push((wall, cpu));
            for (times, path) in with.iter_mut().zip(noisy) {
                let (wall, _, cpu) = run_format(binary, path, format);
                times.push((wall, cpu));
            }
        }
        let medians = |times: &[(Duration, Duration)]| {
            (
                Samples::new(times.iter().map(|t| t.0).collect()).median(),
                Samples::new(times.iter().map(|t| t.1).collect()).median(),
            )
        };
        let (wall_without, without) = medians(&without);
        for ((times, path), findings) in with.into_iter().zip(noisy).zip(findings) {
            let (wall_with, with) = medians(&times);
            let per_finding =
                with.saturating_sub(without).as_secs_f64() * 1e6 / findings.max(1) as f64;
            let ratio = with.as_secs_f64() / without.as_secs_f64();
            let name = path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            println!(
                "check --output-format {format:<10} {name:<24} {findings:>8} findings: processor {:>7.1} ms, none {:>6.1} ms: {per_finding:.3} µs per finding, {ratio:.2}× the time (wall {:.1} ms, none {:.1} ms)",
                ms(with),
                ms(without),
                ms(wall_with),
                ms(wall_without),
            );
            if quick {
                continue;
            }
            if path == &random {
                missed.check(
                    per_finding <= 0.3,
                    format!("{format}, {name}: {per_finding:.3} µs per finding, goal ≤ 0.3 µs"),
                );
            } else {
                missed.check(
                    ratio <= 2.0,
                    format!("{format}, {name}: {ratio:.2}× the time without findings, goal ≤ 2×"),
                );
            }
        }
    }
}

/// `boards` Tomek boards as a judge's random test data has them: each cell
/// `X`, `O` or empty, or one time in 50 a `T`, under a right count line.
fn judge_like_tomek(boards: usize, random: &mut Rng) -> String {
    let mut text = format!("{boards}\n");
    for i in 0..boards {
        if i > 0 {
            text.push('\n');
        }
        for _ in 0..4 {
            for _ in 0..4 {
                text.push(if random.below(50) == 0 {
                    'T'
                } else {
                    char::from(random.pick(b"XO."))
                });
            }
            text.push('\n');
        }
    }
    text
}

/// The cases of the judge input at `path` (a count line, then cases)
/// repeated to `cases` cases, under a count line that says so.
fn repeated_cases(path: &str, cases: usize) -> Vec<u8> {
    let input = std::fs::read(path).expect("read the judge input");
    let text = String::from_utf8_lossy(&input);
    let (count, body) = text.split_once('\n').expect("a count line");
    let count: usize = count.trim().parse().expect("a case count");
    let mut out = format!("{cases}\n").into_bytes();
    for _ in 0..cases / count {
        out.extend_from_slice(body.as_bytes());
    }
    out
}

/// How many lines `check --output-format FORMAT PATH` prints (read as
/// they come: millions of findings are hundreds of MB).
fn output_lines(binary: &Path, path: &Path, format: &str) -> usize {
    let mut child = Command::new(binary)
        .args(["check", "--output-format", format])
        .arg(path)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run boardls check");
    let mut stdout = child.stdout.take().expect("a piped stdout");
    let mut buffer = vec![0; 1 << 16];
    let mut lines = 0;
    while let Ok(read @ 1..) = stdout.read(&mut buffer) {
        lines += buffer[..read].iter().filter(|&&b| b == b'\n').count();
    }
    let _ = child.wait();
    lines
}

/// One run of `check PATH > /dev/null`: its wall time and peak RSS in kB.
fn run(binary: &Path, path: &Path) -> (Duration, u64) {
    let (elapsed, kb, _) = run_format(binary, path, "concise");
    (elapsed, kb)
}

/// The processor time (user and system) of the children waited for so
/// far, theirs included.
fn children_cpu() -> Duration {
    // SAFETY: `getrusage` only writes the `rusage` it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage);
        usage
    };
    let time = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
    };
    time(usage.ru_utime) + time(usage.ru_stime)
}

/// One run of `check --output-format FORMAT PATH > /dev/null`: its wall
/// time, peak RSS in kB and processor time (which another process on a
/// busy machine adds less to than to the wall time).
fn run_format(binary: &Path, path: &Path, format: &str) -> (Duration, u64, Duration) {
    let cpu = children_cpu();
    let start = Instant::now();
    let output = Command::new("/usr/bin/time")
        .args(["-f", "%M"])
        .arg(binary)
        .args(["check", "--output-format", format])
        .arg(path)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .expect("run boardls check under /usr/bin/time");
    let elapsed = start.elapsed();
    let stderr = String::from_utf8_lossy(&output.stderr);
    let kb = stderr
        .lines()
        .last()
        .and_then(|l| l.trim().parse().ok())
        .unwrap_or(0);
    (elapsed, kb, children_cpu().saturating_sub(cpu))
}
