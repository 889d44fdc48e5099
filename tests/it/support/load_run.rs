//! One load scenario on a daemon: sessions that each open their share of
//! the workspace's quiet files and type at a steady rate (one cell put back
//! as it was, so the files stay quiet), and at most one flooder beside
//! them; each session's latencies from `didChange` to its publish.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::boards::Rng;
use super::load::{
    BOARDS_PER_FILE, Reading, Session, Summary, TIMEOUT, dense_document, go9_cell, uri_of,
};

/// A session that floods while the others type.
#[derive(Clone, Copy, Debug)]
pub enum Flood {
    /// Edits back to back on a document of `boards` dense boards, in
    /// batches of `batch`, as fast as the daemon reads them.
    Edits { boards: usize, batch: usize },
    /// `per_second` hovers on cells of a document of `boards` dense boards,
    /// written `burst` at a time (as a client that pipelines them does).
    Hovers {
        boards: usize,
        per_second: usize,
        burst: usize,
    },
}

#[derive(Clone, Debug)]
pub struct Scenario {
    pub sessions: usize,
    pub files_per_session: usize,
    /// Edits a second, per session.
    pub rate: f64,
    /// Typing before the measure (the scan settles, caches warm).
    pub warmup: Duration,
    pub measure: Duration,
    pub flood: Option<Flood>,
}

/// What a scenario measured.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Each typing session's latencies.
    pub sessions: Vec<Summary>,
    /// All of them together.
    pub all: Summary,
    /// Edits of the measure whose publish never came.
    pub lost: usize,
    /// Publishes of typed documents that had diagnostics (should be none).
    pub noisy: usize,
    /// Edits the flooder sent, or hovers of the flooder answered.
    pub flooded: usize,
    /// Typing sessions whose write failed (they stopped typing).
    pub failed_typists: usize,
    /// Whether the flooder could connect and open its document.
    pub flood_started: bool,
    /// Whether the flooder still had its session when the flood ended.
    pub flood_kept: bool,
}

impl Outcome {
    /// Fails unless something was measured: every typing session typed
    /// without a failed write and has latencies, and a flooder, if any,
    /// started.
    pub fn assert_measured(&self, scenario: &Scenario) {
        assert_eq!(self.failed_typists, 0, "typing sessions whose write failed");
        assert_eq!(
            self.sessions.len(),
            scenario.sessions,
            "typing sessions measured"
        );
        for (i, session) in self.sessions.iter().enumerate() {
            assert!(session.count > 0, "typing session {i}: no latency measured");
        }
        assert!(self.all.count > 0, "no latency measured");
        if scenario.flood.is_some() {
            assert!(self.flood_started, "the flooder could not start");
        }
    }

    /// The session with the largest p99.
    pub fn worst(&self) -> Summary {
        self.sessions
            .iter()
            .copied()
            .max_by_key(|s| s.p99)
            .unwrap_or_default()
    }
}

/// A typing session and its documents (URI, text).
pub struct Typist {
    pub session: Session,
    pub docs: Vec<(String, String)>,
}

/// Connects the sessions numbered `which` with `folder` as their
/// workspace, each opening `per_session` of `files` (session `i` from file
/// `i * per_session` on), and waits for the first publish of every document.
pub fn connect_typists(
    socket: &Path,
    folder: &Path,
    files: &[PathBuf],
    which: std::ops::Range<usize>,
    per_session: usize,
) -> Vec<Typist> {
    which
        .map(|i| {
            let session = Session::connect(socket, Some(folder), Reading::Measure)
                .expect("connect a session");
            let docs: Vec<(String, String)> = (0..per_session)
                .map(|j| {
                    let path = &files[(i * per_session + j) % files.len()];
                    let text = std::fs::read_to_string(path).expect("read a workspace file");
                    (uri_of(path), text)
                })
                .collect();
            for (uri, text) in &docs {
                session.open(uri, 1, text).expect("open a document");
            }
            for (uri, _) in &docs {
                session
                    .published(uri, 1, TIMEOUT)
                    .expect("the first publish of an opened document");
            }
            Typist { session, docs }
        })
        .collect()
}

/// The character at (`line`, `col`) of `text`.
fn char_at(text: &str, (line, col): (usize, usize)) -> String {
    text.lines()
        .nth(line)
        .and_then(|l| l.get(col..col + 1))
        .unwrap_or(".")
        .to_owned()
}

/// Types on every typist for the warm-up and the measure (the flooder
/// running from the start), then waits for the measured edits' publishes.
pub fn run(socket: &Path, typists: &[Typist], scenario: &Scenario, seed: u64) -> Outcome {
    let period = Duration::from_secs_f64(1.0 / scenario.rate);
    let stop = AtomicBool::new(false);
    let flooded = AtomicUsize::new(0);
    let failed_typists = AtomicUsize::new(0);
    let flood_started = AtomicBool::new(false);
    let flood_kept = AtomicBool::new(false);
    let start = Instant::now() + Duration::from_millis(50);
    let measure_from = start + scenario.warmup;
    let end = measure_from + scenario.measure;
    std::thread::scope(|scope| {
        if let Some(flood) = scenario.flood {
            let (stop, flooded) = (&stop, &flooded);
            let (started, kept) = (&flood_started, &flood_kept);
            scope.spawn(move || run_flood(socket, flood, stop, flooded, (started, kept), seed));
        }
        for (i, typist) in typists.iter().enumerate() {
            let offset = period.mul_f64(i as f64 / typists.len().max(1) as f64);
            let failed_typists = &failed_typists;
            scope.spawn(move || {
                let mut rng = Rng(seed ^ (i as u64 + 1).wrapping_mul(0x9e37_79b9));
                let mut versions = vec![1i64; typist.docs.len()];
                let mut next = start + offset;
                let mut k = 0usize;
                while next < end {
                    if let Some(wait) = next.checked_duration_since(Instant::now()) {
                        std::thread::sleep(wait);
                    }
                    let d = k % typist.docs.len();
                    k += 1;
                    let (uri, text) = &typist.docs[d];
                    let cell = go9_cell(rng.below(BOARDS_PER_FILE), rng.below(9), rng.below(9));
                    versions[d] += 1;
                    let timed = next >= measure_from;
                    if typist
                        .session
                        .set_cell(uri, versions[d], cell, &char_at(text, cell), timed)
                        .is_err()
                    {
                        failed_typists.fetch_add(1, Ordering::Relaxed);
                        return;
                    }
                    next += period;
                    // A typist that fell behind skips the missed keystrokes
                    // rather than sending them in a burst.
                    let now = Instant::now();
                    if next + period < now {
                        next = now;
                    }
                }
            });
        }
        // Typing ends by itself; then the flooder stops too.
        while Instant::now() < end {
            std::thread::sleep(Duration::from_millis(20));
        }
        let deadline = Instant::now() + Duration::from_secs(10);
        while typists.iter().any(|t| t.session.pending() > 0) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        stop.store(true, Ordering::Relaxed);
    });
    let mut outcome = Outcome {
        flooded: flooded.load(Ordering::Relaxed),
        failed_typists: failed_typists.load(Ordering::Relaxed),
        flood_started: flood_started.load(Ordering::Relaxed),
        flood_kept: flood_kept.load(Ordering::Relaxed),
        ..Outcome::default()
    };
    let mut all = Vec::new();
    for typist in typists {
        let mine: Vec<Duration> = typist
            .session
            .take_latencies()
            .into_iter()
            .filter(|(sent, _)| *sent >= measure_from)
            .map(|(_, latency)| latency)
            .collect();
        all.extend(&mine);
        outcome.sessions.push(Summary::of(mine));
        outcome.lost += typist.session.pending();
        outcome.noisy += typist.session.noisy();
    }
    outcome.all = Summary::of(all);
    outcome
}

/// The flooder: its own session, until `stop`. `sent` counts its edits
/// as sent, its hovers as answered; `started` and `kept` say whether it
/// opened its document, and still had its session at the end.
fn run_flood(
    socket: &Path,
    flood: Flood,
    stop: &AtomicBool,
    sent: &AtomicUsize,
    (started, kept): (&AtomicBool, &AtomicBool),
    seed: u64,
) {
    let boards = match flood {
        Flood::Edits { boards, .. } | Flood::Hovers { boards, .. } => boards,
    };
    let Ok(mut session) = Session::connect(socket, None, Reading::Drain) else {
        return;
    };
    let uri = format!("file:///flood/dense-{boards}.go9");
    if session.open(&uri, 1, &dense_document(boards)).is_err() {
        return;
    }
    started.store(true, Ordering::Relaxed);
    let mut rng = Rng(seed ^ 0xf100d);
    let mut version = 1;
    match flood {
        Flood::Edits { batch, .. } => {
            while !stop.load(Ordering::Relaxed) {
                for _ in 0..batch {
                    version += 1;
                    let cell = go9_cell(rng.below(boards), rng.below(9), rng.below(9));
                    let text = char::from(rng.pick(b"xo.")).to_string();
                    if session.set_cell(&uri, version, cell, &text, false).is_err() {
                        return;
                    }
                    sent.fetch_add(1, Ordering::Relaxed);
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                }
            }
        }
        Flood::Hovers {
            per_second, burst, ..
        } => {
            let burst = burst.max(1);
            let tick = Duration::from_secs_f64(burst as f64 / per_second.max(1) as f64);
            let mut next = Instant::now();
            while !stop.load(Ordering::Relaxed) {
                for _ in 0..burst {
                    let cell = go9_cell(rng.below(boards), rng.below(9), rng.below(9));
                    if session.hover(&uri, cell).is_err() {
                        return;
                    }
                }
                sent.store(session.answered(), Ordering::Relaxed);
                next += tick;
                if let Some(wait) = next.checked_duration_since(Instant::now()) {
                    std::thread::sleep(wait);
                }
            }
        }
    }
    if matches!(flood, Flood::Hovers { .. }) {
        sent.store(session.answered(), Ordering::Relaxed);
    }
    kept.store(!session.closed(), Ordering::Relaxed);
    session.abort();
}
