//! Answer files by the edit: `cargo bench --bench answers`.
//!
//! A problem folder (`boardls.toml` maps `*.in` to Tomek) holds
//! `tests/01.in`, random boards (about one in four holds two `T`s, an
//! error: the input's own publish carries findings, as `lsp`'s noisy
//! documents do), and, but in the first scenario,
//! `tests/01.ans`, the judge's answers with one case in a hundred wrong.
//! The real `boardls` binary serves it over stdio to a raw push client
//! (`common::raw`: each frame timed when complete, on a thread of its own,
//! so the times are the server's, not the bench's JSON parsing). One
//! case near the input's end is `XXXX` over three empty rows; each timed
//! edit turns its first cell to `O` and back, which changes that case's
//! verdict (`X won` ↔ `Game has not completed`), so the answer's findings
//! change with every edit. The three scenarios of a size run side by side,
//! one server each, and take their edits in turn, so that the machine's
//! noise falls on all of them alike. Timed from the `didChange` to:
//!
//! - the input's `publishDiagnostics` of that version, with no answer
//!   file (`none`), with it closed on disk (`closed`) and open in the
//!   editor (`open`);
//! - the answer's own publish after that edit (`closed`, `open`);
//! - for the open answer, a one-line edit of the answer itself (a verdict
//!   near its end changed and back), to its publish.
//!
//! Goals (`BOARDLS_BENCH_CHECK=1` exits 1 on a missed one): at each size,
//! an input edit with an answer file, open or closed, reaches the input's
//! publish, and the answer's, within 1.25× (+1 ms) of the same edit
//! without one; a one-line edit of the open answer reaches its publish
//! within 2× (+1 ms) of a one-cell edit of its input. Without `--bench`
//! (as under `cargo test --all-targets`) it runs small folders only.

use std::time::{Duration, Instant};

use boardls_engine::games::GameKind;
use common::raw::{self, Raw};
use common::{Boards, Rng, Samples, ms};
use serde_json::json;

#[path = "../tests/it/support/mod.rs"]
#[allow(clippy::duplicate_mod)]
mod support;
use support::client::{self, file_uri};
mod common;

const BENCH: &str = "answers";

/// The edited case, counted from the input's end.
const FROM_END: usize = 3;

/// The board of the edited case: its first cell is the one edited.
const EDITED_BOARD: [&str; 4] = ["XXXX", "....", "....", "...."];

/// Where the answer file is, if anywhere.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Answer {
    None,
    Closed,
    Open,
}

impl Answer {
    fn name(self) -> &'static str {
        match self {
            Answer::None => "none",
            Answer::Closed => "closed",
            Answer::Open => "open",
        }
    }
}

/// One scenario's medians.
struct Timed {
    input: Samples,
    /// The answer's publish after each input edit (none without one).
    answer: Option<Samples>,
    /// A one-line edit of the open answer, to its publish.
    answer_edit: Option<Samples>,
}

fn main() {
    let quick = common::quick();
    let check = std::env::var("BOARDLS_BENCH_CHECK").is_ok_and(|v| v == "1");
    let (sizes, rounds): (&[usize], usize) = if quick {
        (&[100, 1_000], 30)
    } else {
        (&[1_000, 10_000, 100_000], 40)
    };
    println!("load average at start: {}", common::load());
    println!(
        "{:>8} {:<7} {:>16} {:>16} {:>16}",
        "cases", "answer", "input ms (p90)", "answer ms (p90)", "answer edit ms"
    );
    let mut missed = common::Missed::default();
    for &cases in sizes {
        let mut random = Rng(common::SEED);
        let input = input_text(cases, &mut random);
        let answer = answer_text(&input);
        let [none, closed, open] = scenarios(cases, &input, &answer, rounds);
        let floor = none.input.median();
        let bound = floor.mul_f64(1.25) + Duration::from_millis(1);
        for (timed, answer) in [(&closed, Answer::Closed), (&open, Answer::Open)] {
            let what = |whose: &str| {
                format!(
                    "{cases} cases, answer {}: {whose} publish ≤ 1.25× ({:.2} ms) + 1 ms",
                    answer.name(),
                    ms(floor)
                )
            };
            missed.check(timed.input.median() <= bound, what("the input's"));
            if let Some(samples) = &timed.answer {
                missed.check(samples.median() <= bound, what("the answer's"));
            }
        }
        if let Some(edit) = &open.answer_edit {
            let of_input = open.input.median();
            missed.check(
                edit.median() <= of_input * 2 + Duration::from_millis(1),
                format!(
                    "{cases} cases: an answer line's edit ≤ 2× its input's ({:.2} ms) + 1 ms",
                    ms(of_input)
                ),
            );
        }
    }
    println!("load average at end: {}", common::load());
    if check {
        missed.finish();
    }
}

/// A Tomek input of `cases` quiet boards, the case `FROM_END` from its
/// end replaced by [`EDITED_BOARD`].
fn input_text(cases: usize, random: &mut Rng) -> String {
    let text = common::file(GameKind::Tomek, cases, Boards::Random, random);
    let mut lines: Vec<&str> = text.lines().collect();
    let first = edited_line(cases);
    for (row, board) in EDITED_BOARD.iter().enumerate() {
        lines[first + row] = board;
    }
    lines.join("\n") + "\n"
}

/// The input's line of the edited case's first row (a count line, then
/// four rows and a blank line a case).
fn edited_line(cases: usize) -> usize {
    1 + 5 * (cases - FROM_END)
}

/// The judge's answers to `input`, one case in a hundred wrong.
fn answer_text(input: &str) -> String {
    let mut out = Vec::new();
    boardls_engine::solve::solve(GameKind::Tomek, input.as_bytes(), &mut out)
        .expect("the judge reads the generated input");
    let text = String::from_utf8(out).expect("the judge writes UTF-8");
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    for (case, line) in lines.iter_mut().enumerate() {
        if case % 100 == 50 {
            *line = wrong(line);
        }
    }
    lines.join("\n") + "\n"
}

/// Another verdict than the one on `line`.
fn wrong(line: &str) -> String {
    let (head, verdict) = line.split_once(": ").unwrap_or((line, ""));
    let other = if verdict == "X won" { "O won" } else { "X won" };
    format!("{head}: {other}")
}

/// One server for one folder, ready for the timed edits of its scenario.
struct Run {
    server: Raw,
    where_: Answer,
    dir: std::path::PathBuf,
    keep: bool,
    input_uri: String,
    answer_uri: String,
    version: i64,
    answer_version: i64,
    inputs: Vec<Duration>,
    answers: Vec<Duration>,
    answer_edits: Vec<Duration>,
}

/// Writes the folder of `where_`'s scenario and opens it in a server.
fn start(cases: usize, input: &str, answer: &str, where_: Answer) -> Run {
    let (dir, keep) = common::work_dir(&format!("{BENCH}-{cases}-{}", where_.name()));
    std::fs::write(dir.join("boardls.toml"), "[files]\n\"*.in\" = \"tomek\"\n")
        .expect("write boardls.toml");
    let tests = dir.join("tests");
    std::fs::create_dir_all(&tests).expect("create tests/");
    std::fs::write(tests.join("01.in"), input).expect("write the input");
    let answer_path = tests.join("01.ans");
    if where_ == Answer::None {
        let _ = std::fs::remove_file(&answer_path);
    } else {
        std::fs::write(&answer_path, answer).expect("write the answer");
    }
    let (input_uri, answer_uri) = (file_uri(&tests.join("01.in")), file_uri(&answer_path));
    let server = Raw::spawn_at(&common::binary(), client::caps("utf-16"), &file_uri(&dir));
    let mut run = Run {
        server,
        where_,
        dir,
        keep,
        input_uri,
        answer_uri,
        version: 1,
        answer_version: 1,
        inputs: Vec::new(),
        answers: Vec::new(),
        answer_edits: Vec::new(),
    };
    run.open(&run.input_uri.clone(), input);
    // The input's publish, and the closed answer's (the scan's or the
    // input's open's, in either order: it is published only once when
    // its findings do not change).
    let (mut input_seen, mut answer_seen) = (false, where_ != Answer::Closed);
    while !(input_seen && answer_seen) {
        let (_, is_input) = run.publish_of(None, None);
        input_seen |= is_input;
        answer_seen |= !is_input;
    }
    if where_ == Answer::Open {
        run.open(&run.answer_uri.clone(), answer);
        run.publish_of(Some(&run.answer_uri.clone()), Some(1));
    }
    // Lets the start's work end (the scan, the first publishes) and
    // drops what it sent.
    std::thread::sleep(Duration::from_millis(300));
    run.server.drain();
    run
}

impl Run {
    /// `didOpen` of `uri` at version 1, as an editor opens a `.in` or
    /// `.ans` file (plain text: `boardls.toml` says what it is).
    fn open(&mut self, uri: &str, text: &str) {
        self.server.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "plaintext", "version": 1, "text": text}}),
        );
    }

    /// The next publish of `uri` (of either document when `None`) at
    /// `version` (any when `None`): when it was complete, and whose.
    fn publish_of(&mut self, uri: Option<&str>, version: Option<i64>) -> (Instant, bool) {
        loop {
            let (at, body) = self.server.next_frame();
            let Some(whose) = raw::publish_uri(&body) else {
                continue;
            };
            let is_input = whose == self.input_uri;
            if !is_input && whose != self.answer_uri {
                continue;
            }
            if uri.is_some_and(|uri| uri != whose) {
                continue;
            }
            if version.is_some_and(|v| raw::publish_version(&body) != Some(v)) {
                continue;
            }
            return (at, is_input);
        }
    }

    /// One timed one-cell edit of the input (round `round`), to its
    /// publish and, with an answer file, to the answer's.
    fn edit_input(&mut self, cases: usize, round: usize) {
        let line = edited_line(cases) as u64;
        let cell = if round.is_multiple_of(2) { "O" } else { "X" };
        self.version += 1;
        let frame = Raw::frame(
            &json!({"jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": {"textDocument": {"uri": self.input_uri, "version": self.version},
            "contentChanges": [{"range": client::range(line, 0, line, 1), "text": cell}]}}),
        );
        let start = Instant::now();
        self.server.send_frame(&frame);
        let (mut input_done, mut answer_done) = (None, None);
        let expect_answer = self.where_ != Answer::None;
        while input_done.is_none() || (expect_answer && answer_done.is_none()) {
            let (at, body) = self.server.next_frame();
            let Some(whose) = raw::publish_uri(&body) else {
                continue;
            };
            if whose == self.input_uri {
                if raw::publish_version(&body) == Some(self.version) {
                    input_done = Some(at - start);
                }
            } else if whose == self.answer_uri {
                answer_done = Some(at - start);
            }
        }
        self.inputs.extend(input_done);
        self.answers.extend(answer_done);
    }

    /// One timed one-line edit of the open answer (round `round`): the
    /// verdict of the case before the edited one, changed and back.
    fn edit_answer(&mut self, cases: usize, answer: &str, round: usize) {
        let case = (cases - FROM_END - 1) as u64;
        let right = answer
            .lines()
            .nth(case as usize)
            .unwrap_or_default()
            .to_owned();
        let column = right.find(": ").map_or(0, |at| at + 2) as u64;
        let (new, old) = if round.is_multiple_of(2) {
            (wrong(&right), right.clone())
        } else {
            (right.clone(), wrong(&right))
        };
        let verdict = new.split_once(": ").map_or("", |(_, v)| v);
        self.answer_version += 1;
        let frame = Raw::frame(
            &json!({"jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": {"textDocument": {"uri": self.answer_uri, "version": self.answer_version},
            "contentChanges": [{"range": client::range(case, column, case, old.len() as u64), "text": verdict}]}}),
        );
        let start = Instant::now();
        self.server.send_frame(&frame);
        let (at, _) = self.publish_of(Some(&self.answer_uri.clone()), Some(self.answer_version));
        self.answer_edits.push(at - start);
    }

    /// Ends the server, removes the folder and prints the row.
    fn finish(self, cases: usize) -> Timed {
        let where_ = self.where_;
        let timed = Timed {
            input: Samples::new(self.inputs),
            answer: (where_ != Answer::None).then(|| Samples::new(self.answers)),
            answer_edit: (where_ == Answer::Open).then(|| Samples::new(self.answer_edits)),
        };
        // Its shutdown and exit.
        drop(self.server);
        if !self.keep {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
        let pair = |s: &Samples| format!("{:.2} ({:.2})", ms(s.median()), ms(s.percentile(90.0)));
        println!(
            "{:>8} {:<7} {:>16} {:>16} {:>16}",
            cases,
            where_.name(),
            pair(&timed.input),
            timed.answer.as_ref().map_or("-".to_owned(), pair),
            timed.answer_edit.as_ref().map_or("-".to_owned(), pair),
        );
        timed
    }
}

/// The three scenarios of one size, timed edit by edit in turn (each
/// round starts with another one), so that a burst of noise on the
/// machine falls on all three alike: their ratios are the goals.
fn scenarios(cases: usize, input: &str, answer: &str, rounds: usize) -> [Timed; 3] {
    let mut runs = [Answer::None, Answer::Closed, Answer::Open]
        .map(|where_| start(cases, input, answer, where_));
    let count = runs.len();
    for round in 0..rounds {
        for turn in 0..count {
            runs[(round + turn) % count].edit_input(cases, round);
        }
        // The open answer's own edit, between the rounds of input edits.
        runs[2].edit_answer(cases, answer, round);
    }
    runs.map(|run| run.finish(cases))
}
