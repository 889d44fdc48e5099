//! `boardls check` end to end: `cargo bench --bench check`.
//!
//! Writes a 100,000-position file of each kind (well-formed boards without
//! diagnostics, plus a `.go9` file of random boards, which has several
//! information diagnostics per position) and times the real binary on each,
//! its output going to `/dev/null`. Reports the median of several runs as
//! MB/s of input. The files go to `BOARDLS_BENCH_DIR` when set (and are
//! kept), else to a temporary directory. Without `--bench`: 1,000 positions.

use std::process::{Command, Stdio};
use std::time::Instant;

use boardls_engine::games::GameKind;
use common::{Boards, Missed, Rng, Samples, ms};

mod common;

fn main() {
    let quick = common::quick();
    let (positions, runs) = if quick { (1000, 1) } else { (100_000, 9) };
    let (dir, keep) = common::work_dir("check-bench");
    println!("load average at start: {}", common::load());
    let mut missed = Missed::default();
    let mut cases: Vec<(GameKind, Boards)> =
        GameKind::ALL.iter().map(|&k| (k, Boards::Quiet)).collect();
    cases.push((GameKind::Go9, Boards::Random));
    for (kind, boards) in cases {
        let mut random = Rng(common::SEED);
        let text = common::file(kind, positions, boards, &mut random);
        let name = format!("{positions}-{boards:?}.{}", kind.id()).to_lowercase();
        let path = dir.join(&name);
        std::fs::write(&path, &text).expect("write the input");
        let times: Vec<_> = (0..runs)
            .map(|_| {
                let start = Instant::now();
                let status = Command::new(env!("CARGO_BIN_EXE_boardls"))
                    .arg("check")
                    .arg(&path)
                    .stdout(Stdio::null())
                    .status()
                    .expect("run boardls check");
                let elapsed = start.elapsed();
                // Well-formed boards: information and warnings at most,
                // which leave the status 0.
                missed.check(
                    status.code() == Some(0),
                    format!("check {name}: {status}, not 0"),
                );
                elapsed
            })
            .collect();
        let samples = Samples::new(times);
        let mb = text.len() as f64 / 1e6;
        println!(
            "check {name:<24} {mb:>6.1} MB  median {:>8.1} ms  {:>6.0} MB/s  (best {:>6.0} MB/s)",
            ms(samples.median()),
            mb / samples.median().as_secs_f64(),
            mb / samples.percentile(0.0).as_secs_f64(),
        );
    }
    if !keep {
        let _ = std::fs::remove_dir_all(&dir);
    }
    println!("load average at end: {}", common::load());
    missed.finish();
}
