//! The daemon under load, through the real binary: sessions that type keep
//! their latency while another floods (each session takes its turn), the
//! memory of many sessions on one workspace is their own documents and
//! comes back when they close, and a randomized soak with faults ends with
//! every document as a fresh reading sees it. Bounds are generous (a
//! loaded 2-core machine); `cargo bench --bench daemon_load` measures.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::support::client::TempDir;
use crate::support::daemon_soak::{Soak, seed, soak};
use crate::support::load::{DaemonProcess, TIMEOUT, write_workspace};
use crate::support::load_run::{Flood, Scenario, connect_typists, run};

fn binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_boardls"))
}

/// A workspace of `files` board files and a private folder for the socket.
fn setup(name: &str, files: usize) -> (TempDir, PathBuf, Vec<PathBuf>, PathBuf) {
    let dir = TempDir::private(name);
    let workspace = dir.path().join("workspace");
    let quiet = write_workspace(&workspace, files);
    let socket = dir.path().join("d.sock");
    (dir, workspace, quiet, socket)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Hovers on a large document are handled on the session's loop, one
/// after the other: a session that floods them (200 at once, ten times a
/// second) must still let the others take their turns on the runtime's
/// two workers. Handling a session's messages back to back without
/// yielding made the worst typing session's p99 30-200 ms here.
#[test]
fn typing_sessions_keep_their_latency_while_another_floods() {
    let (_dir, workspace, quiet, socket) = setup("load-fair", 200);
    let daemon = DaemonProcess::start(&binary(), &socket);
    let typists = connect_typists(&socket, &workspace, &quiet, 0..8, 4);
    daemon.wait_idle();
    let scenario = Scenario {
        sessions: 8,
        files_per_session: 4,
        rate: 20.0,
        warmup: Duration::from_secs(1),
        measure: Duration::from_secs(5),
        flood: Some(Flood::Hovers {
            boards: 10_000,
            per_second: 1_000,
            burst: 10,
        }),
    };
    let outcome = run(&socket, &typists, &scenario, 0x10ad);
    let worst = outcome.worst();
    eprintln!(
        "8 typing sessions beside a hover flood: all {}; worst session p99 {:.1} ms; {} hovers",
        outcome.all,
        ms(worst.p99),
        outcome.flooded
    );
    // Counts, not times: the p99 goal is the bench's (`BOARDLS_BENCH_CHECK=1
    // cargo bench --bench daemon_load`, which tests/run.sh runs).
    outcome.assert_measured(&scenario);
    assert_eq!(outcome.lost, 0, "every measured edit is published");
    assert_eq!(outcome.noisy, 0, "the typed files stay quiet");
    assert!(outcome.flood_kept, "the flooder keeps its session");
    assert!(
        outcome.flooded > 1_000,
        "hovers of the flooder answered: {}",
        outcome.flooded
    );
}

#[test]
fn sessions_on_one_workspace_cost_their_own_documents_and_give_it_back() {
    let (_dir, workspace, quiet, socket) = setup("load-memory", 1000);
    let daemon = DaemonProcess::start(&binary(), &socket);
    let mut typists = connect_typists(&socket, &workspace, &quiet, 0..1, 10);
    let one = daemon.settled_rss_kib(&workspace);
    typists.extend(connect_typists(&socket, &workspace, &quiet, 1..9, 10));
    let nine = daemon.settled_rss_kib(&workspace);
    let per_session = (nine as f64 - one as f64) / 8.0;
    for typist in typists {
        typist.session.close();
    }
    let closed = daemon.settled_rss_kib(&workspace);
    eprintln!(
        "daemon VmRSS: 1 session {one} KiB, 9 sessions {nine} KiB ({per_session:.0} KiB a session), all closed {closed} KiB"
    );
    // A session's own: its 10 documents, its index of 1,000 files and its
    // outbox thread (about 2 MiB once trimmed). Each session holding its
    // own conversion of the workspace's findings cost 5 MiB more.
    assert!(
        per_session < 4096.0,
        "each session costs {per_session:.0} KiB"
    );
    assert!(
        (closed as f64) < one as f64 * 1.1,
        "after every session closed the daemon holds {closed} KiB, {one} KiB with one"
    );
}

/// One session stays connected while a burst of 32 sessions connects,
/// opens documents and closes: the daemon gives the burst's memory back
/// although a session is left (it trims after any session's end, not only
/// the last one's), to within 10% + 5 MiB of its level before the burst.
#[test]
fn memory_comes_back_after_a_burst_of_32_sessions_while_one_stays() {
    let (_dir, workspace, quiet, socket) = setup("load-burst", 200);
    let daemon = DaemonProcess::start(&binary(), &socket);
    let staying = connect_typists(&socket, &workspace, &quiet, 0..1, 4);
    let before = daemon.settled_rss_kib(&workspace);
    let burst = connect_typists(&socket, &workspace, &quiet, 1..33, 4);
    daemon.wait_idle();
    let during = daemon.rss_kib();
    for typist in burst {
        typist.session.close();
    }
    let after = daemon.settled_rss_kib(&workspace);
    eprintln!(
        "daemon VmRSS: 1 session {before} KiB, with a burst of 32 more {during} KiB, the burst \
         closed {after} KiB"
    );
    let (uri, text) = &staying[0].docs[0];
    let cell = (1, 0);
    let same = &text.lines().nth(cell.0).expect("a board line")[..1];
    staying[0]
        .session
        .set_cell(uri, 2, cell, same, false)
        .expect("the staying session writes");
    assert!(
        staying[0].session.published(uri, 2, TIMEOUT).is_some(),
        "the staying session is served"
    );
    let bound = before as f64 * 1.1 + 5.0 * 1024.0;
    assert!(
        (after as f64) <= bound,
        "after the burst the daemon holds {after} KiB (bound {bound:.0} KiB: {before} KiB before)"
    );
}

/// `BOARDLS_SLOW_TESTS=1` (CI sets it) runs the one-minute soak.
#[test]
fn soak_sessions_and_the_daemon_dying_at_random() {
    if std::env::var("BOARDLS_SLOW_TESTS").is_ok_and(|v| v == "1") {
        run_soak(Path::new("soak"), Duration::from_secs(60));
    } else {
        eprintln!("the soak runs with BOARDLS_SLOW_TESTS=1");
        run_soak(Path::new("soak-short"), Duration::from_secs(5));
    }
}

fn run_soak(name: &Path, duration: Duration) {
    let dir = TempDir::private(&name.to_string_lossy());
    let seed = seed();
    let outcome = soak(&Soak {
        binary: binary(),
        dir: dir.path().to_path_buf(),
        duration,
        seed,
    });
    match outcome {
        Ok(figures) => eprintln!("{figures}"),
        Err(failure) => panic!("{failure} (again: BOARDLS_SOAK_SEED={seed:#x})"),
    }
}
