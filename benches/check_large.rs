//! `boardls check` on judge-size inputs: `cargo bench --bench check_large`.
//!
//! Writes a 1,000,000-board dense `.go9` file (91 MB, boards filled to
//! 10–95% of their cells, about 7 findings each) and a 1,000,000-board
//! quiet `.tomek` file (21 MB, no findings), then runs the real binary on
//! each with its text output going to `/dev/null`, under `/usr/bin/time`
//! for the peak memory (maximum resident set size). Reports the median
//! wall time of several runs, MB/s and the largest peak.
//!
//! `BOARDLS=PATH` times another binary (an older build, say);
//! `BOARDLS_BENCH_DIR=DIR` keeps the inputs there. Without `--bench`:
//! 10,000 boards, one run.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use boardls::games::GameKind;
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
    for (kind, what) in [
        (GameKind::Go9, Boards::Dense),
        (GameKind::Tomek, Boards::Quiet),
    ] {
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
    if !keep {
        let _ = std::fs::remove_dir_all(&dir);
    }
    println!("load average at end: {}", common::load());
    missed.finish();
}

/// One run of `check PATH > /dev/null`: its wall time and peak RSS in kB.
fn run(binary: &Path, path: &Path) -> (Duration, u64) {
    let start = Instant::now();
    let output = Command::new("/usr/bin/time")
        .args(["-f", "%M"])
        .arg(binary)
        .arg("check")
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
    (elapsed, kb)
}
