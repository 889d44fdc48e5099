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

use boardls::games::GameKind;

struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick(&mut self, alphabet: &[u8]) -> u8 {
        alphabet[(self.next() % alphabet.len() as u64) as usize]
    }
}

fn go9_input(cases: usize, random: &mut Random) -> Vec<u8> {
    let mut out = format!("{cases}\n").into_bytes();
    for _ in 0..cases {
        // Boards separated by a blank line, as in the statement.
        out.extend_from_slice(b"\n");
        for _ in 0..9 {
            out.extend((0..9).map(|_| random.pick(b"..xo")));
            out.push(b'\n');
        }
    }
    out
}

fn tomek_input(cases: usize, random: &mut Random) -> Vec<u8> {
    let mut out = format!("{cases}\n").into_bytes();
    for _ in 0..cases {
        for _ in 0..4 {
            out.extend((0..4).map(|_| random.pick(b"XXOO..T")));
            out.push(b'\n');
        }
        out.push(b'\n');
    }
    out
}

fn uttt_input(cases: usize, random: &mut Random) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 0..cases {
        for row in 0..9 {
            if row == 3 || row == 6 {
                out.push(b'\n');
            }
            for group in 0..3 {
                if group > 0 {
                    out.push(b' ');
                }
                out.extend((0..3).map(|_| random.pick(b"...xo")));
            }
            out.push(b'\n');
        }
        let (x, y) = (random.next() % 9 + 1, random.next() % 9 + 1);
        out.extend(format!("{x} {y}\n\n").bytes());
    }
    out
}

fn measure(name: &str, kind: GameKind, input: &[u8]) {
    let mut times: Vec<Duration> = (0..7)
        .map(|_| {
            let start = Instant::now();
            boardls::solve::solve(kind, input, io::sink()).expect("generated input is valid");
            start.elapsed()
        })
        .collect();
    times.sort();
    let mb = input.len() as f64 / 1e6;
    let rate = |t: Duration| mb / t.as_secs_f64();
    println!(
        "solve {name:<6} {mb:>7.1} MB  median {:>7.1} ms  {:>6.0} MB/s  (best {:>6.0} MB/s)",
        times[3].as_secs_f64() * 1e3,
        rate(times[3]),
        rate(times[0]),
    );
}

fn main() {
    // `cargo test --benches` runs bench targets with no arguments; keep it quick.
    let quick = !std::env::args().any(|a| a == "--bench");
    let cases = if quick { 1000 } else { 1_000_000 };
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
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
