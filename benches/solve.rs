//! Throughput of `boardls solve` on million-case inputs.
//!
//! `cargo bench --bench solve` generates the inputs in memory (deterministic
//! random boards: about 91 MB of go boards and 21 MB of Tomek boards, as the
//! judges lay them out) and reports MB/s of the in-process judge. With
//! `BOARDLS_BENCH_DIR=DIR` it also writes them as `DIR/go9.in`,
//! `DIR/tomek.in` and `DIR/uttt.in`, to time the binary end to end, e.g.
//! `hyperfine 'target/release/boardls solve go9 < DIR/go9.in > /dev/null'`.

use std::io;
use std::time::{Duration, Instant};

use boardls_engine::games::GameKind;
use common::{Rng, Samples, go9_input, ms, tomek_input, uttt_input};

mod common;

fn measure(name: &str, kind: GameKind, input: &[u8]) {
    // Many runs: the machine may be shared, and the median resists that.
    let runs = if common::quick() { 3 } else { 21 };
    let samples = Samples::new(
        (0..runs)
            .map(|_| {
                let start = Instant::now();
                boardls_engine::solve::solve(kind, input, io::sink())
                    .expect("generated input is valid");
                start.elapsed()
            })
            .collect(),
    );
    let mb = input.len() as f64 / 1e6;
    let rate = |t: Duration| mb / t.as_secs_f64();
    println!(
        "solve {name:<6} {mb:>7.1} MB  median {:>7.1} ms  {:>6.0} MB/s  (best {:>6.0} MB/s, {runs} runs)",
        ms(samples.median()),
        rate(samples.median()),
        rate(samples.percentile(0.0)),
    );
}

fn main() {
    let cases = if common::quick() { 1000 } else { 1_000_000 };
    let mut random = Rng(common::SEED);
    let inputs = [
        ("go9", GameKind::Go9, go9_input(cases, &mut random)),
        ("tomek", GameKind::Tomek, tomek_input(cases, &mut random)),
        ("uttt", GameKind::Uttt, uttt_input(cases / 10, &mut random)),
    ];
    if let Some(dir) = std::env::var_os("BOARDLS_BENCH_DIR") {
        let dir = std::path::PathBuf::from(dir);
        std::fs::create_dir_all(&dir).expect("create BOARDLS_BENCH_DIR");
        for (name, _, input) in &inputs {
            std::fs::write(dir.join(format!("{name}.in")), input).expect("write input");
        }
        println!("wrote the inputs to {}", dir.display());
    }
    for (name, kind, input) in &inputs {
        measure(name, *kind, input);
    }
}
