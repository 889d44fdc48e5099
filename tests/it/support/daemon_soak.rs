//! A randomized soak of the daemon: sessions connect, type, flood, die
//! (the connection cut, sometimes in the middle of a frame) and come back
//! at random, while the daemon itself is killed (SIGKILL) and started
//! again now and then. At the end every live session's documents must
//! carry the diagnostics of their text opened fresh. One seed decides
//! every choice; a failure names it. The test suite runs it for a minute
//! (`tests/it/daemon/load.rs`), `cargo xtask soak --minutes N` for longer.

#![allow(dead_code)]

use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::boards::Rng;
use super::load::{
    BOARDS_PER_FILE, DaemonProcess, Reading, Session, Summary, go9_cell, uri_of, write_workspace,
};

/// Sessions alive at once, at most.
const SLOTS: usize = 6;

pub struct Soak {
    pub binary: PathBuf,
    /// A folder of its own (made, and left for the caller to remove).
    pub dir: PathBuf,
    pub duration: Duration,
    pub seed: u64,
}

/// What a soak did.
#[derive(Debug, Default)]
pub struct Figures {
    pub seed: u64,
    pub sessions: usize,
    pub edits: usize,
    pub flooded: usize,
    pub hovers: usize,
    pub connections_cut: usize,
    pub cut_mid_frame: usize,
    pub daemon_kills: usize,
    pub documents_checked: usize,
    /// Clients the daemon did not take.
    pub failed_connects: usize,
    pub latency: Summary,
    pub peak_rss_kib: u64,
}

impl std::fmt::Display for Figures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "seed {:#x}: {} sessions served, {} edits typed ({}), {} flood edits, {} hovers; \
             faults: {} connections cut ({} mid-frame), {} daemon kills (SIGKILL); \
             {} documents equal to fresh at the end; peak VmRSS {:.1} MB",
            self.seed,
            self.sessions,
            self.edits,
            self.latency,
            self.flooded,
            self.hovers,
            self.connections_cut,
            self.cut_mid_frame,
            self.daemon_kills,
            self.documents_checked,
            self.peak_rss_kib as f64 / 1024.0
        )
    }
}

/// A live session and its documents: URI, text, version.
struct Live {
    session: Session,
    docs: Vec<(String, String, i64)>,
}

impl Live {
    /// Puts a random stone or space in a random cell; the model follows.
    fn type_one(&mut self, rng: &mut Rng, timed: bool) -> std::io::Result<()> {
        let d = rng.below(self.docs.len());
        let (uri, text, version) = &mut self.docs[d];
        let (line, col) = go9_cell(rng.below(BOARDS_PER_FILE), rng.below(9), rng.below(9));
        let cell = char::from(rng.pick(b"xo..")).to_string();
        *version += 1;
        let offset = line_start(text, line) + col;
        text.replace_range(offset..offset + 1, &cell);
        self.session
            .set_cell(uri, *version, (line, col), &cell, timed)
    }
}

fn line_start(text: &str, line: usize) -> usize {
    text.split_inclusive('\n').take(line).map(str::len).sum()
}

/// The seed: `BOARDLS_SOAK_SEED` (hexadecimal) to run a soak again, else
/// a new one from the clock.
pub fn seed() -> u64 {
    std::env::var("BOARDLS_SOAK_SEED")
        .ok()
        .and_then(|s| u64::from_str_radix(s.trim().trim_start_matches("0x"), 16).ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        })
}

/// Runs the soak; its figures, or what went wrong (with the seed).
pub fn soak(soak: &Soak) -> Result<Figures, String> {
    let fail = |what: String| format!("soak (seed {:#x}): {what}", soak.seed);
    let workspace = soak.dir.join("workspace");
    let sockets = soak.dir.join("sockets");
    std::fs::create_dir_all(&sockets).map_err(|e| fail(e.to_string()))?;
    std::fs::set_permissions(
        &sockets,
        std::os::unix::fs::PermissionsExt::from_mode(0o700),
    )
    .map_err(|e| fail(e.to_string()))?;
    let socket = sockets.join("d.sock");
    let files = write_workspace(&workspace, 40);
    let mut rng = Rng(soak.seed | 1);
    let mut figures = Figures {
        seed: soak.seed,
        ..Figures::default()
    };
    let mut daemon = DaemonProcess::start(&soak.binary, &socket);
    let mut slots: Vec<Option<Live>> = (0..SLOTS).map(|_| None).collect();
    let mut latencies = Vec::new();
    let started = Instant::now();
    let mut sampled = Instant::now();
    while started.elapsed() < soak.duration {
        if sampled.elapsed() > Duration::from_millis(100) {
            figures.peak_rss_kib = figures.peak_rss_kib.max(daemon.rss_kib());
            sampled = Instant::now();
        }
        let slot = rng.below(SLOTS);
        let roll = rng.below(1000);
        let Some(live) = &mut slots[slot] else {
            // An empty slot: a client (re)connects, with one to three
            // documents of the workspace.
            let folder = rng.chance(70).then_some(workspace.as_path());
            let Ok(session) = Session::connect(&socket, folder, Reading::Measure) else {
                // The daemon is started before the loop goes on: a client
                // it cannot take is a failure, not a skipped turn.
                figures.failed_connects += 1;
                continue;
            };
            figures.sessions += 1;
            let docs = (0..1 + rng.below(3))
                .map(|_| {
                    let path = &files[rng.below(files.len())];
                    (
                        uri_of(path),
                        std::fs::read_to_string(path).unwrap_or_default(),
                        1,
                    )
                })
                .collect::<Vec<_>>();
            let mut unique: Vec<(String, String, i64)> = Vec::new();
            for doc in docs {
                if !unique.iter().any(|(uri, ..)| *uri == doc.0) {
                    unique.push(doc);
                }
            }
            for (uri, text, version) in &unique {
                let _ = session.open(uri, *version, text);
            }
            slots[slot] = Some(Live {
                session,
                docs: unique,
            });
            continue;
        };
        let outcome = match roll {
            // The daemon killed, and started again at once.
            0..=1 => {
                daemon.kill();
                figures.daemon_kills += 1;
                for slot in &mut slots {
                    if let Some(live) = slot.take() {
                        latencies.extend(live.session.take_latencies().into_iter().map(|(_, l)| l));
                    }
                }
                daemon = DaemonProcess::start(&soak.binary, &socket);
                continue;
            }
            // The connection cut, sometimes mid-frame.
            2..=11 => {
                if rng.chance(50) {
                    live.session.abort_mid_frame();
                    figures.cut_mid_frame += 1;
                } else {
                    live.session.abort();
                }
                figures.connections_cut += 1;
                Err(())
            }
            // A clean end.
            12..=16 => {
                if let Some(live) = slots[slot].take() {
                    latencies.extend(live.session.take_latencies().into_iter().map(|(_, l)| l));
                    live.session.close();
                }
                continue;
            }
            // A flood of edits.
            17..=36 => {
                let mut ok = Ok(());
                for _ in 0..200 {
                    ok = ok.and(live.type_one(&mut rng, false).map_err(|_| ()));
                    figures.flooded += 1;
                }
                ok
            }
            // A flood of hovers.
            37..=56 => {
                let mut ok = Ok(());
                for _ in 0..100 {
                    let (uri, ..) = &live.docs[rng.below(live.docs.len())];
                    let uri = uri.clone();
                    let cell = go9_cell(rng.below(BOARDS_PER_FILE), rng.below(9), rng.below(9));
                    ok = ok.and(live.session.hover(&uri, cell).map_err(|_| ()));
                    figures.hovers += 1;
                }
                ok
            }
            // Typing.
            _ => {
                figures.edits += 1;
                let typed = live.type_one(&mut rng, true).map_err(|_| ());
                std::thread::sleep(Duration::from_micros(500));
                typed
            }
        };
        if (outcome.is_err() || slots[slot].as_ref().is_some_and(|l| l.session.closed()))
            && let Some(live) = slots[slot].take()
        {
            latencies.extend(live.session.take_latencies().into_iter().map(|(_, l)| l));
        }
    }
    figures.peak_rss_kib = figures.peak_rss_kib.max(daemon.rss_kib());
    // A session that comes after the faults types too, so that the end
    // always has documents to check, whatever the seed left alive.
    let session = Session::connect(&socket, Some(workspace.as_path()), Reading::Measure)
        .map_err(|e| fail(format!("the last session: {e}")))?;
    figures.sessions += 1;
    let path = &files[rng.below(files.len())];
    let text = std::fs::read_to_string(path).map_err(|e| fail(e.to_string()))?;
    let mut last = Live {
        session,
        docs: vec![(uri_of(path), text, 1)],
    };
    for (uri, text, version) in &last.docs {
        last.session
            .open(uri, *version, text)
            .map_err(|e| fail(format!("the last session: {e}")))?;
    }
    for _ in 0..20 {
        figures.edits += 1;
        last.type_one(&mut rng, true)
            .map_err(|e| fail(format!("the last session: {e}")))?;
    }
    slots.push(Some(last));
    // The end: every live session's documents as a fresh reading sees them.
    let checker = Session::connect(&socket, None, Reading::Measure)
        .map_err(|e| fail(format!("the checking session: {e}")))?;
    let mut fresh = 0;
    for live in slots.iter().flatten() {
        if live.session.closed() {
            continue;
        }
        for (uri, text, version) in &live.docs {
            let Some((_, edited)) = live
                .session
                .published(uri, *version, Duration::from_secs(60))
            else {
                if live.session.closed() {
                    break;
                }
                return Err(fail(format!("{uri} version {version}: never published")));
            };
            fresh += 1;
            let fresh_uri = format!("file:///fresh/{fresh}.go9");
            checker
                .open(&fresh_uri, 1, text)
                .map_err(|e| fail(format!("the checking session: {e}")))?;
            let (_, expected) = checker
                .published(&fresh_uri, 1, Duration::from_secs(60))
                .ok_or_else(|| fail("the checking session got no publish".to_owned()))?;
            if normalized(&edited) != normalized(&expected) {
                return Err(fail(format!(
                    "{uri} version {version}: {} diagnostics after the edits, {} when opened fresh",
                    edited.len(),
                    expected.len()
                )));
            }
            figures.documents_checked += 1;
        }
        latencies.extend(live.session.take_latencies().into_iter().map(|(_, l)| l));
    }
    checker.close();
    figures.latency = Summary::of(latencies);
    // Something was measured and checked, and every client was taken.
    if figures.failed_connects > 0 {
        return Err(fail(format!(
            "{} clients could not connect",
            figures.failed_connects
        )));
    }
    if figures.documents_checked == 0 {
        return Err(fail(
            "no document was checked against a fresh reading".to_owned(),
        ));
    }
    if figures.latency.count == 0 {
        return Err(fail("no edit's publish was measured".to_owned()));
    }
    Ok(figures)
}

/// What a diagnostic says, without the document's URI.
fn normalized(diagnostics: &[Value]) -> Vec<String> {
    diagnostics
        .iter()
        .map(|d| {
            format!(
                "{} {} {} {}",
                d["range"], d["severity"], d["code"], d["message"]
            )
        })
        .collect()
}
