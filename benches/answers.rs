//! Answer files by the edit: `cargo bench --bench answers`.
//!
//! A problem folder (`boardls.toml` maps `*.in` to Tomek) holds
//! `tests/01.in`, random boards (about one in four holds two `T`s, an
//! error: the input's own publish carries findings, as `lsp`'s noisy
//! documents do), and, but in the first scenario,
//! `tests/01.ans`, the judge's answers with one case in a hundred wrong.
//! The real `boardls` binary serves it over stdio, a push client. One
//! case near the input's end is `XXXX` over three empty rows; each timed
//! edit turns its first cell to `O` and back, which changes that case's
//! verdict (`X won` ↔ `Game has not completed`), so the answer's findings
//! change with every edit. Timed, on the client side, from the
//! `didChange` to:
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
use common::{Boards, Rng, Samples, ms};
use serde_json::{Value, json};

#[path = "../tests/it/support/mod.rs"]
#[allow(clippy::duplicate_mod)]
mod support;
use support::client::{self, Server, file_uri};
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
        (&[100, 1_000], 10)
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
        let none = scenario(cases, &input, &answer, Answer::None, rounds);
        let closed = scenario(cases, &input, &answer, Answer::Closed, rounds);
        let open = scenario(cases, &input, &answer, Answer::Open, rounds);
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

/// One server for one folder: the timed edits of `answer`'s scenario.
fn scenario(cases: usize, input: &str, answer: &str, where_: Answer, rounds: usize) -> Timed {
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
    let mut server = Server::spawn_command(std::process::Command::new(common::binary()));
    server.initialize_with(json!({
        "processId": null,
        "rootUri": file_uri(&dir),
        "capabilities": client::caps("utf-16"),
    }));
    server.open(&input_uri, "plaintext", 1, input);
    server.diagnostics(&input_uri, 1);
    let mut answer_version = 1;
    match where_ {
        Answer::None => {}
        // The scan checked it, and the input's open checked it again.
        Answer::Closed => {
            server.wait_for(|m| is_publish_of(m, &answer_uri, &answer_uri));
        }
        Answer::Open => {
            server.open(&answer_uri, "plaintext", answer_version, answer);
            server.diagnostics(&answer_uri, answer_version);
        }
    }
    settle(&mut server);

    let line = edited_line(cases) as u64;
    let mut version = 1;
    let (mut inputs, mut answers) = (Vec::new(), Vec::new());
    for round in 0..rounds {
        let cell = if round % 2 == 0 { "O" } else { "X" };
        version += 1;
        let start = Instant::now();
        server.change(
            &input_uri,
            version,
            json!([{"range": client::range(line, 0, line, 1), "text": cell}]),
        );
        let mut input_done = None;
        let mut answer_done = None;
        let expect_answer = where_ != Answer::None;
        while input_done.is_none() || (expect_answer && answer_done.is_none()) {
            let message = server.wait_for(|m| is_publish_of(m, &input_uri, &answer_uri));
            let now = start.elapsed();
            if message["params"]["uri"] == input_uri.as_str() {
                if message["params"]["version"] == version {
                    input_done = Some(now);
                }
            } else {
                answer_done = Some(now);
            }
        }
        inputs.extend(input_done);
        answers.extend(answer_done);
    }
    let mut answer_edits = Vec::new();
    if where_ == Answer::Open {
        // The verdict of the case before the edited one, changed and back.
        let case = cases - FROM_END - 1;
        let right = answer.lines().nth(case).unwrap_or_default().to_owned();
        let column = right.find(": ").map_or(0, |at| at + 2) as u64;
        for round in 0..rounds {
            let verdict = if round % 2 == 0 {
                wrong(&right)
            } else {
                right.clone()
            };
            let verdict = verdict.split_once(": ").map_or("", |(_, v)| v).to_owned();
            let old_end = if round % 2 == 0 {
                right.len()
            } else {
                wrong(&right).len()
            } as u64;
            answer_version += 1;
            let start = Instant::now();
            server.change(
                &answer_uri,
                answer_version,
                json!([{"range": client::range(case as u64, column, case as u64, old_end), "text": verdict}]),
            );
            server.diagnostics(&answer_uri, answer_version);
            answer_edits.push(start.elapsed());
        }
    }
    server.shutdown_and_exit();
    if !keep {
        let _ = std::fs::remove_dir_all(&dir);
    }
    let timed = Timed {
        input: Samples::new(inputs),
        answer: (where_ != Answer::None).then(|| Samples::new(answers)),
        answer_edit: (where_ == Answer::Open).then(|| Samples::new(answer_edits)),
    };
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

fn is_publish_of(message: &Value, input: &str, answer: &str) -> bool {
    message["method"] == "textDocument/publishDiagnostics"
        && (message["params"]["uri"] == input || message["params"]["uri"] == answer)
}

/// Lets the start's work end (the scan, the first publishes) and drops
/// what it sent.
fn settle(server: &mut Server) {
    std::thread::sleep(Duration::from_millis(300));
    server.drain();
}
