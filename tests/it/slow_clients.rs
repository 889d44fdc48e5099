//! Clients that read slowly, or not for a while (issue 38): they keep their
//! server, and when they read they get the newest state, never a stale
//! publish after a newer one. Tests of order and content only; the times
//! are the daemon bench's (`benches/daemon_load.rs`), and the figures each
//! test prints (bytes read, memory) are those of BENCHMARKS.md.

use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::boards::{Rng, dense_go9};
use crate::support::client::{Server, TempDir, caps, normalized};
use crate::support::daemon::UnixDaemon;
use crate::support::paced::{PUBLISH, Paced, cell, rss_kb, versions, with_cell};

const URI: &str = "untitled:dense.go9";

/// A dense `.go9` of 10,000 boards (its publish: about 300 KB), as lines.
fn dense() -> Vec<Vec<u8>> {
    dense_go9(10_000, 10_000, 0)
        .split('\n')
        .map(|line| line.as_bytes().to_vec())
        .collect()
}

fn text_of(lines: &[Vec<u8>]) -> String {
    let lines: Vec<&str> = lines
        .iter()
        .map(|line| std::str::from_utf8(line).expect("ASCII"))
        .collect();
    lines.join("\n")
}

/// The diagnostics a fresh session publishes for `text`.
fn fresh_reading(text: &str) -> Vec<Value> {
    let mut fresh = Server::in_process();
    fresh.initialize(caps("utf-16"));
    fresh.open(URI, "go9", 1, text);
    normalized(fresh.diagnostics(URI, 1))
}

/// The diagnostics of the last publish of `uri` among `messages`.
fn last_published(messages: &[Value], uri: &str) -> Vec<Value> {
    let last = messages
        .iter()
        .rev()
        .find(|m| m["method"] == PUBLISH && m["params"]["uri"] == uri)
        .expect("a publish");
    normalized(
        last["params"]["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default(),
    )
}

fn assert_increasing(versions: &[i64], what: &str) {
    assert!(
        versions.windows(2).all(|pair| pair[0] < pair[1]),
        "{what}: a stale publish after a newer one: {versions:?}"
    );
}

/// Opens the dense document and edits it `edits` times, reading nothing:
/// the text as the server has it, and its last version.
fn open_and_edit(client: &mut Paced, edits: usize) -> (Vec<Vec<u8>>, i64) {
    let mut lines = dense();
    client.open(URI, "go9", 1, &text_of(&lines));
    for n in 0..edits {
        let (line, column, value) = cell(n);
        client.set_cell(URI, 2 + n as i64, line, column, value);
        with_cell(&mut lines, n);
    }
    (lines, 1 + edits as i64)
}

/// After its pause: reads up to the newest publish, asks a hover and reads
/// its answer. What it read.
fn resume(client: &mut Paced, version: i64) -> Vec<Value> {
    let mut read =
        client.read_until(|m| m["method"] == PUBLISH && m["params"]["version"] == version);
    let hover = client.hover(URI, 1, 0);
    read.extend(client.answer(hover));
    let answer = read.last().expect("the answer");
    assert!(answer.get("error").is_none(), "{answer}");
    read
}

/// How long the suspended client reads nothing: 45 s with
/// `BOARDLS_SLOW_TESTS=1` (CI sets it), longer than the 30 s after which
/// a server used to drop such a client; 5 s otherwise.
fn suspension() -> Duration {
    if std::env::var("BOARDLS_SLOW_TESTS").is_ok_and(|v| v == "1") {
        Duration::from_secs(45)
    } else {
        crate::support::skipped(
            "slow_clients",
            "a 45 s suspension",
            "without BOARDLS_SLOW_TESTS=1 it lasts 5 s",
        );
        Duration::from_secs(5)
    }
}

/// An editor suspended for 45 s in CI ([`suspension`]: longer than any
/// timer a server might keep) while a 300 KB publish waits for it, on a private server and on
/// the daemon at once (one pause for both), while another session of the
/// daemon types: each keeps its server, gets the newest diagnostics and
/// an answer to a new request when it reads again; the typist gets every
/// version's diagnostics meanwhile.
#[test]
fn a_suspended_client_keeps_its_server_and_gets_the_newest_state() {
    let dir = TempDir::private("suspended");
    let socket = dir.path().join("d.sock");
    let daemon = UnixDaemon::start(&socket, "120");
    let mut private = Paced::stdio(|_| {});
    let mut shared = Paced::unix(&socket);
    let mut sides = Vec::new();
    for client in [&mut private, &mut shared] {
        client.initialize();
        sides.push(open_and_edit(client, 3));
    }
    let mut typist = Server::forwarded(&socket);
    typist.initialize(caps("utf-16"));
    let small = "untitled:typed.tomek";
    typist.open(small, "tomek", 1, "1\n....\n....\n....\n....\n");
    typist.diagnostics(small, 1);
    let suspension = suspension();
    let paused = Instant::now();
    let mut typed = 1;
    let mut slowest = Duration::ZERO;
    while paused.elapsed() < suspension {
        typed += 1;
        let cell = if typed % 2 == 0 { "X" } else { "." };
        let asked = Instant::now();
        typist.change(
            small,
            typed,
            json!([{"range": {"start": {"line": 1, "character": 0},
            "end": {"line": 1, "character": 1}}, "text": cell}]),
        );
        typist.diagnostics(small, typed);
        slowest = slowest.max(asked.elapsed());
        std::thread::sleep(Duration::from_millis(100));
    }
    let rss_private = private.rss_kb();
    let rss_daemon = rss_kb(daemon.pid());
    for (client, (lines, version), who) in [
        (&mut private, sides.remove(0), "private"),
        (&mut shared, sides.remove(0), "daemon"),
    ] {
        let read = resume(client, version);
        let seen = versions(&read, URI);
        assert_increasing(&seen, who);
        assert_eq!(seen.last(), Some(&version), "{who}");
        assert_eq!(
            last_published(&read, URI),
            fresh_reading(&text_of(&lines)),
            "{who}"
        );
        eprintln!(
            "slow_clients: suspended {suspension:?} ({who}): read {} bytes after the pause, publishes of \
             versions {seen:?}; memory {} kB",
            client.bytes_read,
            if who == "private" {
                rss_private
            } else {
                rss_daemon
            },
        );
    }
    assert!(!daemon.said("dropping a session"));
    eprintln!(
        "slow_clients: the typist's slowest keystroke meanwhile: {slowest:?} ({typed} typed)"
    );
    assert_eq!(private.shutdown_and_exit(), Some(0));
}

/// The answer to request `id` among what `messages` sends next.
fn answer_from(messages: &Receiver<(Value, usize)>, id: i64) -> Value {
    loop {
        let (message, _) = messages
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("no answer to request {id} within 60 s"));
        if message["id"] == id && message.get("method").is_none() {
            return message;
        }
    }
}

/// Reads what `messages` sends (with bytes) until a publish of `version`
/// for `uri`: the messages, and the bytes.
fn read_to(messages: &Receiver<(Value, usize)>, uri: &str, version: i64) -> (Vec<Value>, usize) {
    let mut read = Vec::new();
    let mut bytes = 0;
    loop {
        let (message, size) = messages
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|_| {
                panic!(
                    "no publish of v{version}; the last ones: {:?}",
                    versions(&read, uri)
                        .iter()
                        .rev()
                        .take(5)
                        .collect::<Vec<_>>()
                )
            });
        bytes += size;
        let done = message["method"] == PUBLISH
            && message["params"]["uri"] == uri
            && message["params"]["version"] == version;
        read.push(message);
        if done {
            return (read, bytes);
        }
    }
}

/// How a flooding client reads: as it can, or one message every so often.
#[derive(Clone, Copy)]
enum Reading {
    AsItCan,
    Every(Duration),
}

/// A client that edits the dense document `edits` times, one edit every
/// `edit_every` (or as fast as it can), while it reads as `reading` says:
/// it keeps its server, never sees a stale publish after a newer one, its
/// last publish is a fresh session's reading of the last text, and a
/// hover it asks then gets its answer.
fn flood(mut client: Paced, who: &str, edits: usize, edit_every: Duration, reading: Reading) {
    client.initialize();
    let messages = client.reader();
    let (reader_done, read_all) = std::sync::mpsc::channel();
    let paced = std::thread::spawn(move || {
        let mut read = Vec::new();
        let mut bytes = 0;
        loop {
            if let Ok(version) = read_all.try_recv() {
                // The flood is over: read to its end as fast as it comes.
                if versions(&read, URI).last() != Some(&version) {
                    let (rest, more) = read_to(&messages, URI, version);
                    read.extend(rest);
                    bytes += more;
                }
                return (read, bytes, messages);
            }
            if let Reading::Every(pause) = reading {
                std::thread::sleep(pause);
            }
            if let Ok((message, size)) = messages.recv_timeout(Duration::from_millis(200)) {
                bytes += size;
                read.push(message);
            }
        }
    });
    let started = Instant::now();
    let mut lines = dense();
    client.open(URI, "go9", 1, &text_of(&lines));
    for n in 0..edits {
        let (line, column, value) = cell(n);
        assert!(
            client.set_cell(URI, 2 + n as i64, line, column, value),
            "{who}: dropped"
        );
        with_cell(&mut lines, n);
        if !edit_every.is_zero() {
            std::thread::sleep(edit_every);
        } else if n % 5 == 4 {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
    let flooded = started.elapsed();
    let rss = client.rss_kb();
    let last = 1 + edits as i64;
    reader_done.send(last).expect("the reader");
    let (read, bytes, messages) = paced.join().expect("the reader");
    let seen = versions(&read, URI);
    assert_increasing(&seen, who);
    assert_eq!(seen.last(), Some(&last), "{who}: the newest is published");
    assert_eq!(
        last_published(&read, URI),
        fresh_reading(&text_of(&lines)),
        "{who}"
    );
    eprintln!(
        "slow_clients: {who}: {edits} edits in {flooded:?}; {} publishes read ({bytes} bytes); \
         server memory {rss} kB at the flood's end",
        seen.len()
    );
    // Still served: a request gets its answer.
    let hover = client.hover(URI, 1, 0);
    let answer = answer_from(&messages, hover);
    assert!(
        answer.get("error").is_none() && answer["result"]["contents"].is_object(),
        "{who}: the hover after the flood: {answer}"
    );
}

#[test]
fn ten_thousand_back_to_back_edits_from_a_client_that_reads_as_it_can() {
    flood(
        Paced::stdio(|_| {}),
        "private, 10,000 edits",
        10_000,
        Duration::ZERO,
        Reading::AsItCan,
    );
}

#[test]
fn ten_thousand_edits_through_the_daemon_from_a_client_that_reads_as_it_can() {
    let dir = TempDir::private("flood");
    let socket = dir.path().join("d.sock");
    let daemon = UnixDaemon::start(&socket, "120");
    flood(
        Paced::unix(&socket),
        "daemon, 10,000 edits",
        10_000,
        Duration::ZERO,
        Reading::AsItCan,
    );
    assert!(!daemon.said("dropping a session"));
}

#[test]
fn a_client_that_reads_every_20_ms_while_it_edits_every_5_ms() {
    flood(
        Paced::stdio(|_| {}),
        "private, read every 20 ms, edit every 5 ms",
        1_000,
        Duration::from_millis(5),
        Reading::Every(Duration::from_millis(20)),
    );
}

/// Two documents edited in turns while the client pauses at random
/// between reads: for each document, the versions published only grow,
/// and the last is the last edit's.
#[test]
fn no_stale_publish_after_a_newer_one_under_random_read_pauses() {
    let mut client = Paced::stdio(|_| {});
    client.initialize();
    let messages = client.reader();
    let uris = [URI, "untitled:other.go9"];
    let text = text_of(&dense());
    for uri in uris {
        client.open(uri, "go9", 1, &text);
    }
    let edits = 300;
    let last = 1 + edits as i64 / 2;
    let reading = std::thread::spawn(move || {
        let mut rng = Rng(38);
        let mut read = Vec::new();
        while let Ok((message, _)) = messages.recv_timeout(Duration::from_secs(30)) {
            read.push(message);
            if uris.iter().all(|uri| versions(&read, uri).contains(&last)) {
                break;
            }
            std::thread::sleep(Duration::from_millis(rng.below(30) as u64));
        }
        read
    });
    let mut rng = Rng(8);
    for n in 0..edits {
        let uri = uris[n % 2];
        let (line, column, value) = cell(n);
        client.set_cell(uri, 2 + (n / 2) as i64, line, column, value);
        std::thread::sleep(Duration::from_millis(rng.below(8) as u64));
    }
    let read = reading.join().expect("the reader");
    for uri in uris {
        let seen = versions(&read, uri);
        assert_increasing(&seen, uri);
        assert_eq!(seen.last(), Some(&last), "{uri}");
    }
}
