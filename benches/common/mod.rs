//! Inputs shared by the benchmarks: a deterministic random source, the
//! judges' million-case inputs, and board files of any number of positions.
//!
//! Every bench includes this module (`mod common;`), so a bench that uses
//! only part of it leaves the rest unused.

#![allow(dead_code)]

pub mod raw;

use std::path::PathBuf;
use std::time::Duration;

use boardls_engine::games::GameKind;
use boardls_engine::syntax;

/// Quick mode: `cargo test --all-targets` runs the bench targets without
/// `--bench`; they then run on small inputs only, as a smoke test.
pub fn quick() -> bool {
    !std::env::args().any(|a| a == "--bench")
}

/// The binary the benches that run `boardls` measure: `BOARDLS=PATH` (an
/// older build, say), else the one cargo built.
pub fn binary() -> PathBuf {
    std::env::var_os("BOARDLS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_boardls")))
}

/// The folder a bench writes its input files to, created: the one
/// `BOARDLS_BENCH_DIR` names (kept: `true`), else a fresh temporary
/// `boardls-NAME-PID` (for the bench to remove: `false`).
pub fn work_dir(name: &str) -> (PathBuf, bool) {
    let (dir, keep) = match std::env::var_os("BOARDLS_BENCH_DIR") {
        Some(dir) => (PathBuf::from(dir), true),
        None => (
            std::env::temp_dir().join(format!("boardls-{name}-{}", std::process::id())),
            false,
        ),
    };
    std::fs::create_dir_all(&dir).expect("create the bench directory");
    (dir, keep)
}

#[path = "../../tests/it/support/boards.rs"]
mod boards;

// A check a bench leaves out writes a skip record (tests/skips.sh), as the
// tests' do.
#[path = "../../tests/it/support/skips.rs"]
mod skips;

/// A check a bench leaves out: [`skips::skipped`].
pub fn skipped(bench: &str, check: &str, why: &str) {
    skips::skipped(bench, check, why);
}

/// Ends a bench whose settings it cannot take: status 2, with why.
pub fn refuse(bench: &str, why: &str) -> ! {
    eprintln!("{bench}: {why}");
    std::process::exit(2)
}

/// The number in the variable `name`, or `default` when it is not set; a
/// value that is not a number ends the bench (it would run another size
/// than asked).
pub fn env_number(bench: &str, name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Err(_) => default,
        Ok(value) => value
            .trim()
            .parse()
            .unwrap_or_else(|_| refuse(bench, &format!("{name}={value:?} is not a number"))),
    }
}

/// The tests' xorshift64: the same inputs on every run and machine.
pub use boards::Rng;

/// The seed of every bench's inputs.
pub const SEED: u64 = 0x9e37_79b9_7f4a_7c15;

// --- The judges' inputs (`boardls solve`) ---------------------------------

pub fn go9_input(cases: usize, random: &mut Rng) -> Vec<u8> {
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

pub fn tomek_input(cases: usize, random: &mut Rng) -> Vec<u8> {
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

pub fn uttt_input(cases: usize, random: &mut Rng) -> Vec<u8> {
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

// --- Board files (`check`, documents, the language server) ----------------

/// What the positions of a generated file are like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Boards {
    /// Well-formed random boards. Random go boards are full of capturable
    /// groups and groups in atari, so `.go9` files get several information
    /// diagnostics per position; random Tomek boards often hold two `T`s.
    Random,
    /// Well-formed boards without any diagnostic: the file's diagnostics
    /// are none at all (random boards, redrawn until they are quiet).
    Quiet,
    /// Well-formed random boards filled to a density drawn for each board
    /// between 10% and 95% of the cells, like much judge test data. Dense
    /// go boards carry many findings: about 3.2 dead-group warnings and
    /// 3.7 killable/atari facts per board.
    Dense,
}

/// One position's text (rows and, for uttt, the last-move line), each line
/// ending in `\n`.
fn position(kind: GameKind, boards: Boards, random: &mut Rng) -> String {
    let mut out = String::new();
    match kind {
        GameKind::Uttt => {
            for row in 0..9 {
                if row == 3 || row == 6 {
                    out.push('\n');
                }
                for col in 0..9 {
                    if col == 3 || col == 6 {
                        out.push(' ');
                    }
                    // The last-move cell (row 1, column 1) holds a chip.
                    out.push(if row + col == 0 {
                        'x'
                    } else if boards == Boards::Dense {
                        char::from(random.pick(b"xo.xo.xo."))
                    } else {
                        char::from(random.pick(b"xo.."))
                    });
                }
                out.push('\n');
            }
            out.push_str("1 1\n");
        }
        GameKind::Go9 | GameKind::Tomek => {
            let size = if kind == GameKind::Go9 { 9 } else { 4 };
            let (empty, stones): (u8, &[u8]) = match kind {
                GameKind::Go9 => (b'.', b"xo"),
                _ => (b'.', b"XO"),
            };
            let alphabet: &[u8] = match (kind, boards) {
                (GameKind::Go9, Boards::Random) => b"..xo",
                // Sparser boards are quiet more often.
                (GameKind::Go9, Boards::Quiet) => b"......xo",
                (_, Boards::Random) => b"XO.T",
                (_, Boards::Quiet) => b"XO..",
                (_, Boards::Dense) => b"",
            };
            // Dense: each board its own density, 10..=95 % of the cells
            // (drawn only for them, so the other kinds' files stay as they were).
            let density = match boards {
                Boards::Dense => 10 + random.below(86),
                _ => 0,
            };
            for _ in 0..size {
                out.extend((0..size).map(|_| {
                    char::from(if boards != Boards::Dense {
                        random.pick(alphabet)
                    } else if random.below(100) < density {
                        random.pick(stones)
                    } else {
                        empty
                    })
                }));
                out.push('\n');
            }
        }
    }
    out
}

/// A board file of `positions` well-formed positions, separated by blank
/// lines, with a correct count line for `.go9` and `.tomek`.
pub fn file(kind: GameKind, positions: usize, boards: Boards, random: &mut Rng) -> String {
    let mut out = String::new();
    if kind != GameKind::Uttt {
        out.push_str(&format!("{positions}\n"));
    }
    for i in 0..positions {
        if i > 0 {
            out.push('\n');
        }
        let mut board = position(kind, boards, random);
        while boards == Boards::Quiet && !syntax::diagnose(kind, &board).is_empty() {
            board = position(kind, boards, random);
        }
        out.push_str(&board);
    }
    out
}

// --- Statistics ------------------------------------------------------------

/// Sorted samples.
pub struct Samples(Vec<Duration>);

impl Samples {
    pub fn new(mut samples: Vec<Duration>) -> Samples {
        samples.sort();
        Samples(samples)
    }

    /// The `p`-th percentile (nearest rank), e.g. 50.0 or 99.0.
    pub fn percentile(&self, p: f64) -> Duration {
        if self.0.is_empty() {
            return Duration::ZERO;
        }
        let rank = ((p / 100.0) * self.0.len() as f64).ceil() as usize;
        self.0[rank.clamp(1, self.0.len()) - 1]
    }

    pub fn median(&self) -> Duration {
        self.percentile(50.0)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }
}

/// A duration in milliseconds, for tables.
pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The peak memory (`VmHWM`) of a process, in bytes; 0 when unknown.
pub fn peak_memory(pid: u32) -> u64 {
    memory(pid, "VmHWM")
}

/// A process's memory figure from `/proc/PID/status` (`VmHWM`, `VmRSS`),
/// in bytes; 0 when it cannot be read.
pub fn memory(pid: u32, key: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(key)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

/// The time a process's threads have run on a CPU, from the scheduler's
/// nanosecond counters (`/proc/PID/task/*/schedstat`): its work, whatever
/// the machine's load or how long its threads waited to be woken. Threads
/// that have ended no longer count. Zero where that cannot be read.
pub fn cpu_time(pid: u32) -> Duration {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Duration::ZERO;
    };
    tasks
        .flatten()
        .filter_map(|task| std::fs::read_to_string(task.path().join("schedstat")).ok())
        .filter_map(|stat| stat.split_whitespace().next()?.parse::<u64>().ok())
        .map(Duration::from_nanos)
        .sum()
}

/// A process's minor page faults so far (`/proc/PID/stat`): pages it
/// touched for the first time, or again after handing them back.
pub fn minor_faults(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the command's name, which may hold spaces.
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    after_name
        .split_whitespace()
        .nth(7)
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// The load averages (1, 5, 15 minutes): the machine may be shared.
pub fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The budgets a bench missed. Each miss prints at once; `finish` ends
/// the bench with status 1 if there was any, after the whole report.
#[derive(Default)]
pub struct Missed(Vec<String>);

impl Missed {
    pub fn check(&mut self, met: bool, what: impl Into<String>) {
        if !met {
            let what = what.into();
            println!("MISSED: {what}");
            self.0.push(what);
        }
    }

    /// A peak memory of 0 is a probe that could not read it, not a pass.
    pub fn check_memory(&mut self, bytes: u64, budget: f64, what: &str) {
        self.check(
            bytes > 0,
            format!("{what}: the peak memory could not be read"),
        );
        if bytes > 0 {
            self.check(
                (bytes as f64) < budget,
                format!(
                    "{what}: peak {:.1} MB, budget {:.1} MB",
                    bytes as f64 / 1e6,
                    budget / 1e6
                ),
            );
        }
    }

    pub fn finish(self) {
        if !self.0.is_empty() {
            eprintln!("{} budget(s) missed", self.0.len());
            std::process::exit(1);
        }
    }
}
