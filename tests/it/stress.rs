//! `boardls stress` on the solutions in tests/fixtures/stress/: each wrong
//! one is caught and shrunk to one 1-minimal case, the correct ones pass,
//! a crash and a hang are reported as what they are.

use crate::support::cli;
use crate::support::client::TempDir;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use cli::{boardls, stdout};

use crate::support::naive::{naive_go9, naive_tomek, naive_uttt, tomek_play};

const SOLUTIONS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/stress");

fn solution(name: &str) -> String {
    format!("{SOLUTIONS}/{name}")
}

/// `boardls stress GAME --seed 7 --out DIR OPTIONS -- COMMAND…`.
fn stress(game: &str, out: &Path, options: &[&str], command: &[&str]) -> Output {
    let mut args = vec![
        "stress",
        game,
        "--seed",
        "7",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend(options);
    args.push("--");
    args.extend(command);
    boardls(&args)
}

/// The one `.in` file the run wrote, and its `.ans` and `.out` beside it.
fn written(out: &Path) -> (PathBuf, String, String, String) {
    let inputs: Vec<PathBuf> = fs::read_dir(out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    assert_eq!(inputs.len(), 1, "{inputs:?}");
    let input = inputs[0].clone();
    let read = |ext: &str| fs::read_to_string(input.with_extension(ext)).unwrap();
    (input.clone(), read("in"), read("ans"), read("out"))
}

/// Runs a solution on `input` and says whether its answer differs from
/// the judge's `expected` (blank lines and trailing blanks aside).
fn still_wrong(command: &[&str], input: &str, expected: &str) -> bool {
    let mut solution = Command::new(command[0]);
    solution.args(&command[1..]);
    let output = cli::fed(solution, input);
    answer_lines(&String::from_utf8_lossy(&output.stdout)) != answer_lines(expected)
}

/// An answer's lines as the judge compares them: blank lines and
/// trailing blanks aside.
fn answer_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.trim_end().to_owned())
        .filter(|l| !l.is_empty())
        .collect()
}

/// The statement's answer for `input`, by the plain judges written in the
/// tests (`support::naive`), not by boardls.
fn naive_answer(game: &str, input: &str) -> String {
    let lines: Vec<&str> = input.lines().collect();
    let cells = |line: &str| -> Vec<u8> { line.bytes().filter(|b| *b != b' ').collect() };
    if game == "uttt" {
        let rows: Vec<Vec<u8>> = lines[..11]
            .iter()
            .filter(|line| !line.trim().is_empty())
            .map(|line| cells(line))
            .collect();
        let (x, y) = lines[11].trim().split_once(' ').unwrap();
        let rows: [Vec<u8>; 9] = rows.try_into().unwrap();
        return naive_uttt(&rows, x.parse().unwrap(), y.parse().unwrap());
    }
    let size = if game == "tomek" { 4 } else { 9 };
    let rows: Vec<Vec<u8>> = lines[1..]
        .iter()
        .filter(|line| !line.trim().is_empty())
        .map(|line| cells(line))
        .collect();
    let mut answer = String::new();
    for (case, board) in rows.chunks(size).enumerate() {
        let verdict = if game == "tomek" {
            naive_tomek(&board.to_vec().try_into().unwrap())
        } else if naive_go9(&board.to_vec().try_into().unwrap()) {
            "Can kill in one move!!!"
        } else {
            "Can not kill in one move!!!"
        };
        answer.push_str(&format!("Case #{}: {verdict}\n", case + 1));
    }
    answer
}

/// Whether `input` keeps the promises of the game's statement, read from
/// the statements: a Tomek board has at most one `T` and is reached by
/// play (GCJ 2013 A); the last move's cell of a uttt case is filled and
/// some cell is empty (CF 907B); an ancient go board promises nothing
/// (HDU 5546).
fn keeps_the_promises(game: &str, input: &str) -> bool {
    let lines: Vec<&str> = input.lines().collect();
    match game {
        "tomek" => {
            let rows: Vec<&[u8]> = lines[1..]
                .iter()
                .filter(|line| !line.trim().is_empty())
                .map(|line| line.trim().as_bytes())
                .collect();
            rows.chunks(4).all(|board| {
                let (x, o, t) = tomek_play::masks(board);
                t.count_ones() <= 1 && tomek_play::reached_by_play(x, o, t)
            })
        }
        "uttt" => {
            let rows: Vec<&str> = lines[..11]
                .iter()
                .copied()
                .filter(|line| !line.trim().is_empty())
                .collect();
            let (x, y) = lines[11].trim().split_once(' ').unwrap();
            let (x, y): (usize, usize) = (x.parse().unwrap(), y.parse().unwrap());
            let cells: Vec<Vec<u8>> = rows
                .iter()
                .map(|row| row.bytes().filter(|b| *b != b' ').collect())
                .collect();
            cells[x - 1][y - 1] != b'.' && cells.iter().flatten().any(|&b| b == b'.')
        }
        _ => true,
    }
}

/// Whether `boardls check --profile` finds no error in `input`.
fn keeps_the_profile(game: &str, profile: &str, input: &str, dir: &Path) -> bool {
    let path = dir.join(format!("candidate.{game}"));
    fs::write(&path, input).unwrap();
    let output = boardls(&["check", "--profile", profile, path.to_str().unwrap()]);
    output.status.code() == Some(0)
}

/// The shrunk input is one case (so taking a case out leaves nothing to
/// differ), and clearing any one more filled cell (a stone, chip or mark;
/// a `.uttt` last-move line is not a cell) either breaks the statement's
/// promises or makes the solution right again, as the plain judges of
/// the tests see it.
fn assert_one_minimal(game: &str, input: &str, command: &[&str]) {
    let lines: Vec<&str> = input.lines().collect();
    let board_lines = match game {
        "uttt" => 0..lines.len() - 1,
        _ => 1..lines.len(),
    };
    if game != "uttt" {
        assert_eq!(lines[0], "1", "one case:\n{input}");
    }
    assert!(keeps_the_promises(game, input), "{input}");
    let mut filled = 0;
    for line in board_lines {
        for (col, byte) in lines[line].bytes().enumerate() {
            if !matches!(byte, b'x' | b'o' | b'X' | b'O' | b'T') {
                continue;
            }
            filled += 1;
            let mut cleared: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            cleared[line].replace_range(col..col + 1, ".");
            let cleared = cleared.join("\n") + "\n";
            let valid = keeps_the_promises(game, &cleared);
            assert!(
                !valid || !still_wrong(command, &cleared, &naive_answer(game, &cleared)),
                "clearing line {} column {} still fails:\n{cleared}",
                line + 1,
                col + 1
            );
        }
    }
    assert!(filled > 0);
}

fn finds_and_shrinks(game: &str, profile: &str, command: &[&str]) {
    let out = TempDir::new(&format!("stress-{game}"));
    // A count, not a duration: the seed fixes the inputs, so the same
    // failing ones are among them however loaded the machine is (the run
    // stops at the first failure, long before the count). A generous time
    // limit: a loaded machine must not turn a slow run into a timeout.
    let output = stress(
        game,
        &out,
        &["--count", "100000", "--time-limit", "30s"],
        command,
    );
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("wrong answer"), "{text}");
    assert!(text.contains("--- first difference"), "{text}");
    let (_, input, answer, got) = written(&out);
    assert!(
        text.contains(&input),
        "the shrunk input is printed:\n{text}"
    );
    assert_eq!(
        answer_lines(&answer),
        answer_lines(&naive_answer(game, &input)),
        "NAME.ans is the judge's answer"
    );
    assert!(still_wrong(command, &input, &answer), "NAME.in still fails");
    assert!(!got.is_empty());
    assert!(keeps_the_profile(game, profile, &input, &out), "{input}");
    assert_one_minimal(game, &input, command);
}

#[test]
fn a_tomek_solution_that_misses_t_on_a_diagonal() {
    let tomek = solution("tomek.py");
    finds_and_shrinks(
        "tomek",
        "gcj2013a-large",
        &["python3", &tomek, "--bug", "diagonal-t"],
    );
}

#[test]
fn a_go_solution_that_checks_only_the_first_neighbouring_group() {
    let go9 = solution("go9.py");
    finds_and_shrinks("go9", "hdu5546", &["python3", &go9, "--bug", "first-group"]);
}

#[test]
fn a_uttt_solution_that_ignores_a_full_forced_field() {
    let uttt = solution("uttt.py");
    finds_and_shrinks("uttt", "cf907b", &["python3", &uttt, "--bug", "full-field"]);
}

#[test]
fn correct_solutions_pass_a_thousand_inputs() {
    for (game, file, count) in [
        ("tomek", "tomek.py", "1000"),
        ("go9", "go9.py", "1000"),
        ("uttt", "uttt.py", "1000"),
    ] {
        let out = TempDir::new(&format!("stress-correct-{game}"));
        let path = solution(file);
        let options = ["--count", count, "--time-limit", "30s"];
        let output = stress(game, &out, &options, &["python3", &path]);
        let text = stdout(&output);
        assert_eq!(output.status.code(), Some(0), "{text}");
        assert!(
            text.contains(&format!("no failure in {count} inputs")),
            "{text}"
        );
        assert!(!out.exists() || fs::read_dir(&out).unwrap().next().is_none());
    }
}

#[test]
fn a_crash_is_reported_as_a_crash() {
    let out = TempDir::new("stress-crash");
    let crash = solution("crash.py");
    let output = stress("go9", &out, &["--count", "20"], &["python3", &crash]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(
        text.contains("crash: killed by signal 11 (SIGSEGV)"),
        "{text}"
    );
    let (_, input, _, got) = written(&out);
    assert!(input.starts_with("1\n"), "shrunk to one case:\n{input}");
    assert_eq!(got, "");
}

#[test]
fn a_hang_is_a_timeout_and_its_whole_process_group_is_killed() {
    let out = TempDir::new("stress-hang");
    let pids = TempDir::new("stress-hang-pid");
    let pid_file = pids.join("child.pid");
    let hang = solution("hang.sh");
    let output = cli::command(&[
        "stress",
        "tomek",
        "--seed",
        "7",
        "--count",
        "1",
        "--time-limit",
        "300ms",
        "--out",
        out.to_str().unwrap(),
        "--",
        &hang,
    ])
    .env("HANG_PID_FILE", &pid_file)
    .output()
    .unwrap();
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("timeout: no answer within 300ms"), "{text}");
    written(&out);
    // The script's child was killed with it.
    let child: i32 = fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let alive = || {
        Path::new(&format!("/proc/{child}")).exists()
            && !fs::read_to_string(format!("/proc/{child}/stat"))
                .unwrap_or_default()
                .contains(") Z ")
    };
    // SIGKILL to the group is sure, but a loaded machine may take a moment
    // to run the child's death: waited for, within a bound far above it.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while alive() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(
        !alive(),
        "the solution's child {child} outlived the timeout"
    );
}

#[test]
fn bad_usage_exits_2() {
    let out = TempDir::new("stress-usage");
    let missing = stress("tomek", &out, &["--count", "1"], &["/nonexistent/solution"]);
    assert_eq!(missing.status.code(), Some(2));
    let wrong_profile = stress("tomek", &out, &["--profile", "hdu5546"], &["true"]);
    assert_eq!(wrong_profile.status.code(), Some(2));
    let no_command = boardls(&["stress", "tomek"]);
    assert_eq!(no_command.status.code(), Some(2));
}
