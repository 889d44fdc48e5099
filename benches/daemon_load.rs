//! The daemon under load: `cargo bench --bench daemon_load`.
//!
//! A workspace of 1,000 `.go9` files (every fourth with findings, the rest
//! quiet) in a temporary folder; for each scenario a fresh
//! `boardls daemon --socket DIR/d.sock --idle-timeout 0` and sessions on
//! its socket, each initialized with the workspace folder (so each scans
//! it), opening 10 quiet files and typing 20 one-cell edits a second (a
//! cell put back as it was: the files stay quiet). Per edit, the time from
//! `didChange` to the `publishDiagnostics` of its version.
//!
//! Scenarios (`BOARDLS_LOAD_SCENARIOS`, comma-separated; all but `soak` by
//! default; a name not below ends the bench with status 2, naming it):
//! - `alone`: one session;
//! - `many`: `BOARDLS_LOAD_SESSIONS` sessions (32);
//! - `flood-edit`: those, and one more session editing a document of
//!   10,000 dense boards (many dead groups) back to back, 10,000 edits a
//!   batch;
//! - `flood-hover`: those, and one more session sending 1,000 hovers a
//!   second on that document (10 every 10 ms);
//! - `suspend`: those, and one more session that opens that document
//!   and edits it three times, then reads nothing while the others type
//!   (`BOARDLS_SUSPEND_SECONDS`, 45, is the typing's measure) and reads
//!   again: the time to its newest publish and to an answer to a hover;
//! - `memory`: the daemon's resident memory (VmRSS) with 1, 8 and 32
//!   sessions, then after all of them closed;
//! - `burst`: one session stays while 32 more connect and close: the
//!   daemon's VmRSS before the burst (after its trim), during, and 1.5 s
//!   after the last one closed;
//! - `faults`: a forwarder that cannot use the per-user folder serves its
//!   editor itself within 5 s; the daemon killed under 8 forwarders, the
//!   last ends within 2 s (`tests/it/daemon_faults.rs` checks what they
//!   do, these how soon);
//! - `soak`: the randomized soak (`support/daemon_soak.rs`) for
//!   `BOARDLS_SOAK_SECONDS` (60); `cargo xtask soak --minutes N` runs it.
//!
//! Per scenario: p50, p99 and max over all typing sessions, the worst
//! session's, and their ratio to `alone`.
//!
//! Wall-clock goals (`BOARDLS_BENCH_CHECK=1` exits 1 on a missed one,
//! as tests/run.sh runs it): beside either flood and the suspended client,
//! the worst typing session's p99 under 25 ms, and the flooder keeps its
//! session; the suspended client, reading again, has its newest publish
//! and its hover's answer within 2 s, its session kept; after the burst the
//! daemon's VmRSS within 10% + 5 MiB of its level before. `BOARDLS_LOAD_SECONDS` (10) is
//! each scenario's measure, after a warm-up of `BOARDLS_LOAD_WARMUP` seconds (3); `BOARDLS_LOAD_FILES`
//! (1,000) the workspace's files; `BOARDLS=PATH` another binary.
//! Without `--bench` (as `cargo test --all-targets` runs it): 2 sessions,
//! 40 files, 1 s.

use std::path::{Path, PathBuf};
use std::time::Duration;

mod common;

// The tests' load drivers (`tests/it/support/`), which name each other
// as siblings; `common` holds its own copy of `boards`.
#[allow(clippy::duplicate_mod)]
#[path = "../tests/it/support/boards.rs"]
mod boards;
#[path = "../tests/it/support/daemon_soak.rs"]
mod daemon_soak;
#[path = "../tests/it/support/load.rs"]
mod load;
#[path = "../tests/it/support/load_run.rs"]
mod load_run;

use common::raw::Raw;
use load::{DaemonProcess, Reading, Session, Summary, TIMEOUT, TRIM_DEBOUNCE};
use load_run::{Flood, Outcome, Scenario, connect_typists, run};
use serde_json::json;

/// The worst typing session's p99 beside a flood or a suspended client.
const GOAL_P99: Duration = Duration::from_millis(25);
/// From a suspended client's reading again to its newest publish, and to
/// the answer to a request it sends then.
const GOAL_RESUMED: Duration = Duration::from_secs(2);

/// Every scenario, in the order they run; all but the last by default.
const SCENARIOS: [&str; 9] = [
    "alone",
    "many",
    "flood-edit",
    "flood-hover",
    "suspend",
    "memory",
    "burst",
    "faults",
    "soak",
];

fn env_number(name: &str, default: u64) -> u64 {
    common::env_number("daemon_load", name, default)
}

/// The scenarios `BOARDLS_LOAD_SCENARIOS` names (all but `soak` when it is
/// not set). A name that is no scenario, or a list of none, ends the
/// bench: a typo would otherwise run nothing and pass.
fn scenarios() -> Vec<String> {
    let Ok(list) = std::env::var("BOARDLS_LOAD_SCENARIOS") else {
        return SCENARIOS[..SCENARIOS.len() - 1]
            .iter()
            .map(|s| (*s).to_owned())
            .collect();
    };
    let names: Vec<String> = list
        .split(',')
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .map(str::to_owned)
        .collect();
    let known = SCENARIOS.join(", ");
    if let Some(unknown) = names
        .iter()
        .find(|name| !SCENARIOS.contains(&name.as_str()))
    {
        common::refuse(
            "daemon_load",
            &format!(
                "BOARDLS_LOAD_SCENARIOS names {unknown:?}, no scenario; the scenarios: {known}"
            ),
        );
    }
    if names.is_empty() {
        common::refuse(
            "daemon_load",
            &format!("BOARDLS_LOAD_SCENARIOS={list:?} names no scenario; the scenarios: {known}"),
        );
    }
    names
}

fn main() {
    let quick = common::quick();
    let binary = common::binary();
    let scenarios = scenarios();
    let wanted = |name: &str| scenarios.iter().any(|s| s == name);
    let (sessions, files, seconds) = if quick {
        (2, 40, 1)
    } else {
        (
            env_number("BOARDLS_LOAD_SESSIONS", 32) as usize,
            env_number("BOARDLS_LOAD_FILES", 1000) as usize,
            env_number("BOARDLS_LOAD_SECONDS", 10),
        )
    };
    println!("binary: {}", binary.display());
    println!("load average at start: {}", common::load());
    let (dir, keep) = common::work_dir("daemon-load");
    let workspace = dir.join("workspace");
    let quiet = load::write_workspace(&workspace, files);
    let sockets = dir.join("sockets");
    std::fs::create_dir_all(&sockets).expect("the sockets' folder");
    std::fs::set_permissions(
        &sockets,
        std::os::unix::fs::PermissionsExt::from_mode(0o700),
    )
    .expect("a private sockets' folder");
    let socket = sockets.join("d.sock");
    let base = Scenario {
        sessions: 1,
        files_per_session: 10,
        rate: 20.0,
        warmup: Duration::from_secs(if quick {
            1
        } else {
            env_number("BOARDLS_LOAD_WARMUP", 3)
        }),
        measure: Duration::from_secs(seconds),
        flood: None,
    };
    let dense = if quick { 1_000 } else { 10_000 };
    let mut alone = None;
    let mut runs = vec![];
    if wanted("alone") {
        runs.push(("alone", base.clone()));
    }
    let many = Scenario {
        sessions,
        ..base.clone()
    };
    if wanted("many") {
        runs.push(("many", many.clone()));
    }
    if wanted("flood-edit") {
        let flood = Flood::Edits {
            boards: dense,
            batch: 10_000,
        };
        runs.push((
            "flood-edit",
            Scenario {
                flood: Some(flood),
                ..many.clone()
            },
        ));
    }
    if wanted("flood-hover") {
        let flood = Flood::Hovers {
            boards: dense,
            per_second: 1_000,
            burst: 10,
        };
        runs.push((
            "flood-hover",
            Scenario {
                flood: Some(flood),
                ..many.clone()
            },
        ));
    }
    let suspension = if quick {
        Duration::from_secs(1)
    } else {
        Duration::from_secs(env_number("BOARDLS_SUSPEND_SECONDS", 45))
    };
    if wanted("suspend") {
        runs.push((
            "suspend",
            Scenario {
                measure: suspension,
                ..many.clone()
            },
        ));
    }
    if !runs.is_empty() {
        header();
    }
    // Wall-clock goals missed (BOARDLS_BENCH_CHECK=1 exits 1 on any).
    let mut missed_goals = 0;
    for (name, scenario) in &runs {
        let daemon = DaemonProcess::start(&binary, &socket);
        let typists = connect_typists(
            &socket,
            &workspace,
            &quiet,
            0..scenario.sessions,
            scenario.files_per_session,
        );
        daemon.wait_idle();
        let (outcome, resumed) = if *name == "suspend" {
            let (outcome, resumed) = suspended(&socket, &typists, scenario, dense);
            (outcome, Some(resumed))
        } else {
            (run(&socket, &typists, scenario, common::SEED), None)
        };
        drop(typists);
        drop(daemon);
        if *name == "alone" {
            alone = Some(outcome.all);
        }
        report(name, scenario, &outcome, alone);
        outcome.assert_measured(scenario);
        let worst = outcome.worst();
        if (scenario.flood.is_some() || resumed.is_some()) && worst.p99 >= GOAL_P99 {
            eprintln!(
                "daemon_load: {name}: the worst typing session's p99 is {:.1} ms (goal: under {} ms)",
                ms(worst.p99),
                GOAL_P99.as_millis()
            );
            missed_goals += 1;
        }
        if scenario.flood.is_some() && !outcome.flood_kept {
            eprintln!("daemon_load: {name}: the flooder lost its session (goal: kept)");
            missed_goals += 1;
        }
        if let Some(resumed) = resumed {
            let after = |time: Option<Duration>| {
                time.map_or("never (its session was dropped)".to_owned(), |time| {
                    format!("{:.1} ms", ms(time))
                })
            };
            println!(
                "  suspended {:.0} s: reading again, its newest publish after {}, the hover's \
                 answer after {}",
                suspension.as_secs_f64(),
                after(resumed.newest),
                after(resumed.answer),
            );
            if !resumed.met() {
                eprintln!(
                    "daemon_load: suspend: the newest publish and the answer within {} ms \
                     (goal missed)",
                    GOAL_RESUMED.as_millis()
                );
                missed_goals += 1;
            }
        }
    }
    if wanted("memory") {
        memory(&binary, &socket, &workspace, &quiet, quick);
    }
    if wanted("burst") && !burst(&binary, &socket, &workspace, &quiet, quick) {
        missed_goals += 1;
    }
    if wanted("faults") {
        missed_goals += faults(&binary, &socket);
    }
    if wanted("soak") {
        let seconds = if quick {
            5
        } else {
            env_number("BOARDLS_SOAK_SECONDS", 60)
        };
        let figures = daemon_soak::soak(&daemon_soak::Soak {
            binary: binary.clone(),
            dir: dir.join("soak"),
            duration: Duration::from_secs(seconds),
            seed: daemon_soak::seed(),
        });
        match figures {
            Ok(figures) => println!("soak: {figures}"),
            Err(failure) => {
                eprintln!("{failure}; BOARDLS_SOAK_SEED=<that seed> runs it again");
                std::process::exit(1);
            }
        }
    }
    println!("load average at end: {}", common::load());
    if !keep {
        let _ = std::fs::remove_dir_all(&dir);
    }
    if missed_goals > 0 && std::env::var("BOARDLS_BENCH_CHECK").is_ok_and(|v| v == "1") {
        std::process::exit(1);
    }
}

/// The `faults` scenario: the goals it missed.
fn faults(binary: &Path, socket: &Path) -> usize {
    let mut missed = 0;
    let forwarder = |socket: &std::ffi::OsStr, runtime: Option<&str>| {
        let mut command = std::process::Command::new(binary);
        command.args(["lsp", "--connect"]).arg(socket);
        if let Some(runtime) = runtime {
            command.env("XDG_RUNTIME_DIR", runtime);
        }
        command
    };
    let started = std::time::Instant::now();
    let fallback = Raw::spawn_command(forwarder("auto".as_ref(), Some("/proc")), json!({}));
    let served = started.elapsed();
    drop(fallback);
    println!(
        "faults: a forwarder that cannot use its folder (/proc) served its editor after {:.1} ms",
        ms(served)
    );
    if served >= Duration::from_secs(5) {
        eprintln!("daemon_load: faults: served after {served:?} (goal: under 5 s)");
        missed += 1;
    }

    const FORWARDERS: usize = 8;
    let mut daemon = DaemonProcess::start(binary, socket);
    let mut forwarders: Vec<Raw> = (0..FORWARDERS)
        .map(|_| Raw::spawn_command(forwarder(socket.as_os_str(), None), json!({})))
        .collect();
    daemon.kill();
    let killed = std::time::Instant::now();
    for (i, forwarder) in forwarders.iter_mut().enumerate() {
        assert!(
            forwarder.ended_within(Duration::from_secs(60)),
            "forwarder {i} still runs a minute after its daemon was killed"
        );
    }
    let slowest = killed.elapsed();
    drop(forwarders);
    println!(
        "faults: the last of {FORWARDERS} forwarders ended {:.1} ms after their daemon was killed",
        ms(slowest)
    );
    if slowest > Duration::from_secs(2) {
        eprintln!("daemon_load: faults: the last forwarder ended after {slowest:?} (goal: 2 s)");
        missed += 1;
    }
    missed
}

fn ms(d: Duration) -> f64 {
    common::ms(d)
}

fn header() {
    println!(
        "{:<12} {:>4} | {:<58} | {:<36} | {:>6} {:>6} | {:>5} {:>7}",
        "scenario",
        "sess",
        "all typing sessions",
        "worst session (p50, p99)",
        "x p50",
        "x p99",
        "lost",
        "flooded"
    );
}

fn report(name: &str, scenario: &Scenario, outcome: &Outcome, alone: Option<Summary>) {
    let worst = outcome.worst();
    let ratio = |a: Duration, b: Option<Duration>| match b {
        Some(b) if !b.is_zero() => format!("{:.1}", ms(a) / ms(b)),
        _ => "-".to_owned(),
    };
    println!(
        "{:<12} {:>4} | {} | p50 {:>7.2} ms  p99 {:>8.2} ms | {:>6} {:>6} | {:>5} {:>7}",
        name,
        scenario.sessions,
        outcome.all,
        ms(worst.p50),
        ms(worst.p99),
        ratio(worst.p50, alone.map(|a| a.p50)),
        ratio(worst.p99, alone.map(|a| a.p99)),
        outcome.lost,
        outcome.flooded,
    );
    if outcome.noisy > 0 {
        println!(
            "  ({} publishes of typed documents had diagnostics)",
            outcome.noisy
        );
    }
}

/// The daemon's VmRSS with 1, 8 and 32 sessions (each with its 10 open
/// documents, its scan done), and after all closed.
fn memory(binary: &Path, socket: &Path, workspace: &Path, quiet: &[PathBuf], quick: bool) {
    let steps: &[usize] = if quick { &[1, 2] } else { &[1, 8, 32] };
    let daemon = DaemonProcess::start(binary, socket);
    let empty = daemon.rss_kib();
    let mut typists = Vec::new();
    let mut figures = Vec::new();
    for &count in steps {
        let more = connect_typists(socket, workspace, quiet, typists.len()..count, 10);
        typists.extend(more);
        daemon.wait_idle();
        figures.push((count, daemon.rss_kib()));
    }
    for typist in typists.drain(..) {
        typist.session.close();
    }
    // The daemon sees every connection end, and a session's end frees
    // what it held.
    std::thread::sleep(Duration::from_secs(1));
    daemon.wait_idle();
    let closed = daemon.rss_kib();
    println!("daemon VmRSS: no session {:.1} MB", empty as f64 / 1024.0);
    for (count, rss) in &figures {
        println!("  {count:>2} sessions: {:.1} MB", *rss as f64 / 1024.0);
    }
    if let [(n1, r1), .., (n2, r2)] = figures[..] {
        println!(
            "  growth per extra session: {:.0} KB",
            (r2 as f64 - r1 as f64) / (n2 - n1) as f64
        );
        println!(
            "  all closed: {:.1} MB ({:+.0}% of 1 session)",
            closed as f64 / 1024.0,
            (closed as f64 / r1 as f64 - 1.0) * 100.0
        );
    }
}

/// What a suspended client saw when it read again.
struct Resumed {
    /// From reading again to the publish of its last version (none if
    /// its session was gone).
    newest: Option<Duration>,
    /// From reading again to the answer to a hover it then sent.
    answer: Option<Duration>,
}

impl Resumed {
    fn met(&self) -> bool {
        [self.newest, self.answer]
            .iter()
            .all(|time| time.is_some_and(|time| time < GOAL_RESUMED))
    }
}

/// One more session opens a document of `boards` dense boards, edits it
/// three times and reads nothing while `typists` type as `scenario` says;
/// then it reads again and asks a hover.
fn suspended(
    socket: &Path,
    typists: &[load_run::Typist],
    scenario: &Scenario,
    boards: usize,
) -> (Outcome, Resumed) {
    let mut client =
        Session::connect(socket, None, Reading::Measure).expect("connect the suspended client");
    let uri = format!("file:///suspended/dense-{boards}.go9");
    client
        .open(&uri, 1, &load::dense_document(boards))
        .expect("open its document");
    client
        .published(&uri, 1, TIMEOUT)
        .expect("its document's first publish");
    client.suspend();
    let last = 4;
    for version in 2..=last {
        let cell = load::go9_cell(version as usize, 4, 4);
        let text = ["x", "o", "."][version as usize % 3];
        client
            .set_cell(&uri, version, cell, text, false)
            .expect("an edit");
    }
    let outcome = run(socket, typists, scenario, common::SEED);
    let reading = std::time::Instant::now();
    client.resume();
    let newest = client
        .published(&uri, last, TIMEOUT)
        .map(|_| reading.elapsed());
    let answer = client
        .request(
            "textDocument/hover",
            serde_json::json!({"textDocument": {"uri": uri},
                "position": {"line": 1, "character": 0}}),
        )
        .ok()
        .and_then(|id| client.answer(id, TIMEOUT))
        .map(|_| reading.elapsed());
    (outcome, Resumed { newest, answer })
}

/// One session stays while a burst of 32 (2 quick) connects, each with
/// its 10 open documents and its scan, and closes: whether the daemon's
/// VmRSS 1.5 s after the last one closed is within 10% + 5 MiB of its
/// level before the burst.
fn burst(binary: &Path, socket: &Path, workspace: &Path, quiet: &[PathBuf], quick: bool) -> bool {
    let sessions = if quick { 2 } else { 32 };
    let daemon = DaemonProcess::start(binary, socket);
    let staying = connect_typists(socket, workspace, quiet, 0..1, 10);
    let before = daemon.settled_rss_kib(workspace);
    let burst = connect_typists(socket, workspace, quiet, 1..1 + sessions, 10);
    daemon.wait_idle();
    let during = daemon.rss_kib();
    for typist in burst {
        typist.session.close();
    }
    std::thread::sleep(TRIM_DEBOUNCE);
    daemon.wait_idle();
    let after = daemon.rss_kib();
    let bound = before as f64 * 1.1 + 5.0 * 1024.0;
    println!(
        "daemon VmRSS, one session staying: {:.1} MB before a burst of {sessions}, {:.1} MB \
         during, {:.1} MB after it closed (goal: at most {:.1} MB)",
        before as f64 / 1024.0,
        during as f64 / 1024.0,
        after as f64 / 1024.0,
        bound / 1024.0
    );
    drop(staying);
    if after as f64 > bound {
        eprintln!("daemon_load: burst: the daemon's memory did not come back");
        return false;
    }
    true
}
