//! Answer files checked by the edit: after many random edits of an input
//! and its answer file (open, or closed on disk), the last publishes are
//! what a fresh session publishes for the same texts; an answer changed on
//! disk while its input is edited is read again, and nothing stale is
//! published after it; a keystroke and the requests an editor sends after
//! it read no file.

use serde_json::{Value, json};

use crate::support::boards::Rng;
use crate::support::client::{self, Server, TempDir, file_uri};
use boardls_engine::games::GameKind;

const TOML: &str = "[files]\n\"*.in\" = \"tomek\"\n";

/// A Tomek input of `cases` random boards (a count line, then four rows
/// and a blank line a case).
fn input_text(cases: usize, random: &mut Rng) -> String {
    let mut out = format!("{cases}\n");
    for _ in 0..cases {
        for _ in 0..4 {
            out.extend((0..4).map(|_| char::from(random.pick(b"XXOO..T"))));
            out.push('\n');
        }
        out.push('\n');
    }
    out
}

/// The judge's answers to `input`, every `wrong_every`-th one wrong.
fn answer_text(input: &str, wrong_every: usize) -> String {
    let mut out = Vec::new();
    boardls_engine::solve::solve(GameKind::Tomek, input.as_bytes(), &mut out)
        .expect("the judge reads the input");
    let text = String::from_utf8(out).expect("UTF-8");
    text.lines()
        .enumerate()
        .map(|(case, line)| {
            if case % wrong_every == wrong_every / 2 {
                let other = if line.ends_with("X won") {
                    "O won"
                } else {
                    "X won"
                };
                format!(
                    "{}: {other}\n",
                    line.split_once(": ").map_or(line, |(h, _)| h)
                )
            } else {
                format!("{line}\n")
            }
        })
        .collect()
}

fn started_in(dir: &TempDir) -> Server {
    let mut server = Server::in_process();
    server.initialize_with(json!({
        "processId": null,
        "rootUri": file_uri(dir.path()),
        "capabilities": client::caps("utf-16"),
    }));
    server
}

/// The last publish of `uri` among `published`.
fn last_of(published: &[Value], uri: &str) -> Option<Vec<Value>> {
    published
        .iter()
        .rev()
        .find(|m| m["params"]["uri"] == uri)
        .map(|m| {
            client::normalized(
                m["params"]["diagnostics"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default(),
            )
        })
}

/// One random edit of the input: a cell, a line break added or taken out.
fn input_edit(text: &str, random: &mut Rng) -> Value {
    let lines: Vec<&str> = text.split('\n').collect();
    let line = random.below(lines.len());
    let len = lines[line].len();
    match random.below(10) {
        0 => json!({"range": client::range(line as u64, 0, line as u64, 0), "text": "\n"}),
        1 if line + 1 < lines.len() => json!({
            "range": client::range(line as u64, len as u64, line as u64 + 1, 0), "text": ""
        }),
        _ => {
            let col = random.below(len.max(1)) as u64;
            let cell = char::from(random.pick(b"XO.T")).to_string();
            json!({"range": client::range(line as u64, col, line as u64, col + u64::from(len > 0)), "text": cell})
        }
    }
}

/// One random edit of the answer: a verdict changed, a line added or taken out.
fn answer_edit(text: &str, random: &mut Rng) -> Value {
    let lines: Vec<&str> = text.split('\n').collect();
    let line = random.below(lines.len());
    let len = lines[line].len() as u64;
    let verdicts = ["X won", "O won", "Draw", "Game has not completed"];
    match random.below(10) {
        0 => json!({
            "range": client::range(line as u64, 0, line as u64, 0),
            "text": format!("Case #{}: Draw\n", line + 1)
        }),
        1 if line + 1 < lines.len() => json!({
            "range": client::range(line as u64, 0, line as u64 + 1, 0), "text": ""
        }),
        _ => json!({
            "range": client::range(line as u64, 0, line as u64, len),
            "text": format!("Case #{}: {}", line + 1, verdicts[random.below(4)])
        }),
    }
}

/// What a fresh session publishes for `input_text` and `answer_text`
/// (the answer open, or on disk when `open_answer` is false).
fn fresh_reading(
    input_text: &str,
    answer_text: &str,
    open_answer: bool,
) -> (Vec<Value>, Vec<Value>) {
    let dir = TempDir::new("answer-edits-fresh");
    dir.write("boardls.toml", TOML);
    let input = file_uri(&dir.write("tests/01.in", input_text));
    let answer = file_uri(&dir.write("tests/01.ans", answer_text));
    let mut server = started_in(&dir);
    server.open(&input, "plaintext", 1, input_text);
    if open_answer {
        server.open(&answer, "plaintext", 1, answer_text);
    }
    let published = server.published_before_settled(None);
    let of_input = last_of(&published, &input).expect("the input is published");
    let of_answer = last_of(&published, &answer).expect("the answer is published");
    server.shutdown_and_exit();
    (of_input, of_answer)
}

/// `edits` random edits (of the answer too when it is open), then the
/// last publishes against a fresh session's.
fn random_edits_end_as_a_fresh_reading(open_answer: bool, edits: usize, seed: u64) {
    let mut random = Rng(seed);
    let mut input_now = input_text(40, &mut random);
    let mut answer_now = answer_text(&input_now, 7);
    let dir = TempDir::new("answer-edits");
    dir.write("boardls.toml", TOML);
    let input = file_uri(&dir.write("tests/01.in", &input_now));
    let answer = file_uri(&dir.write("tests/01.ans", &answer_now));
    let mut server = started_in(&dir);
    server.open(&input, "plaintext", 1, &input_now);
    if open_answer {
        server.open(&answer, "plaintext", 1, &answer_now);
    }
    let (mut input_version, mut answer_version) = (1, 1);
    let enc = boardls_ide::encoding::Encoding::Utf16;
    for _ in 0..edits {
        if open_answer && random.below(2) == 0 {
            let change = answer_edit(&answer_now, &mut random);
            client::apply_change(&mut answer_now, &change, enc);
            answer_version += 1;
            server.change(&answer, answer_version, json!([change]));
        } else {
            let change = input_edit(&input_now, &mut random);
            client::apply_change(&mut input_now, &change, enc);
            input_version += 1;
            server.change(&input, input_version, json!([change]));
        }
    }
    let published = server.published_before_settled(None);
    let of_input = last_of(&published, &input).expect("the input is published");
    let of_answer = last_of(&published, &answer).expect("the answer is published");
    server.shutdown_and_exit();
    let (fresh_input, fresh_answer) = fresh_reading(&input_now, &answer_now, open_answer);
    assert_eq!(of_input, fresh_input, "the input after {edits} edits");
    assert_eq!(
        of_answer, fresh_answer,
        "the answer after {edits} edits (open: {open_answer})\ninput:\n{input_now}\nanswer:\n{answer_now}"
    );
}

#[test]
fn random_edits_of_an_input_and_its_open_answer_end_as_a_fresh_reading() {
    for seed in [1, 2] {
        random_edits_end_as_a_fresh_reading(true, 1_000, seed);
    }
}

#[test]
fn random_edits_of_an_input_with_its_answer_closed_end_as_a_fresh_reading() {
    random_edits_end_as_a_fresh_reading(false, 1_000, 3);
}

#[test]
fn an_answer_changed_on_disk_while_its_input_is_edited_is_read_again() {
    let mut random = Rng(11);
    let mut input_now = input_text(12, &mut random);
    let right = answer_text(&input_now, usize::MAX);
    let lines: Vec<&str> = right.lines().collect();
    // The old text is wrong on case 2, the new one on case 5 only.
    let wrong_at = |case: usize| -> String {
        lines
            .iter()
            .enumerate()
            .map(|(i, line)| {
                if i == case {
                    let other = if line.ends_with("Draw") {
                        "X won"
                    } else {
                        "Draw"
                    };
                    format!("Case #{}: {other}\n", i + 1)
                } else {
                    format!("{line}\n")
                }
            })
            .collect()
    };
    let (old, new) = (wrong_at(1), wrong_at(4));
    let dir = TempDir::new("answer-edits-disk");
    dir.write("boardls.toml", TOML);
    let input = file_uri(&dir.write("tests/01.in", &input_now));
    let answer_path = dir.write("tests/01.ans", &old);
    let answer = file_uri(&answer_path);
    let mut server = started_in(&dir);
    server.open(&input, "plaintext", 1, &input_now);
    let published = server.published_before_settled(Some(&answer));
    let lines_of = |found: &[Value]| -> Vec<u64> {
        found
            .iter()
            .filter_map(|d| d["range"]["start"]["line"].as_u64())
            .collect()
    };
    assert_eq!(
        lines_of(&last_of(&published, &answer).expect("published")),
        [1]
    );
    // Cells of the last case only: cases 2 and 5 keep their verdicts.
    let last_row = 1 + 5 * 11;
    let enc = boardls_ide::encoding::Encoding::Utf16;
    let mut version = 1;
    for round in 0..20 {
        if round == 10 {
            std::fs::write(&answer_path, &new).expect("write the answer");
            server.notify(
                "workspace/didChangeWatchedFiles",
                json!({"changes": [{"uri": answer, "type": 2}]}),
            );
            // Everything published before the change is seen: what comes
            // after is checked below.
            server.published_before_settled(Some(&answer));
        }
        let cell = char::from(random.pick(b"XO.")).to_string();
        let change = json!({"range": client::range(last_row, 0, last_row, 1), "text": cell});
        client::apply_change(&mut input_now, &change, enc);
        version += 1;
        server.change(&input, version, json!([change]));
        if round >= 10 {
            for publish in server.published_before_settled(Some(&answer)) {
                let found = publish["params"]["diagnostics"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
                assert!(
                    !lines_of(&found).contains(&1),
                    "a finding of the old text after the change: {found:?}"
                );
            }
        }
    }
    let published = server.published_before_settled(Some(&answer));
    let last = last_of(&published, &answer);
    server.shutdown_and_exit();
    let (_, fresh) = fresh_reading(&input_now, &new, false);
    if let Some(last) = last {
        assert_eq!(last, fresh);
    }
    assert!(lines_of(&fresh).contains(&4), "{fresh:?}");
}

#[test]
fn a_keystroke_and_the_requests_after_it_read_no_file() {
    let mut random = Rng(5);
    let input_now = input_text(30, &mut random);
    let dir = TempDir::new("answer-edits-reads");
    dir.write("boardls.toml", TOML);
    let input = file_uri(&dir.write("tests/01.in", &input_now));
    dir.write("tests/01.ans", answer_text(&input_now, 5));
    // Another input beside it, closed, with its answer open.
    let other_text = input_text(5, &mut random);
    dir.write("tests/02.in", &other_text);
    let other_answer_text = answer_text(&other_text, 2);
    let other_answer = file_uri(&dir.write("tests/02.ans", &other_answer_text));
    let mut server = Server::spawn();
    server.initialize_with(json!({
        "processId": null,
        "rootUri": file_uri(dir.path()),
        "capabilities": client::caps("utf-16"),
    }));
    server.open(&input, "plaintext", 1, &input_now);
    server.open(&other_answer, "plaintext", 1, &other_answer_text);
    server.published_before_settled(None);
    let reads = |server: &mut Server| {
        let status = server.request("boardls/status", Value::Null);
        (status["fileReads"].clone(), status["sideReads"].clone())
    };
    let before = reads(&mut server);
    assert!(before.1.as_u64().is_some(), "{before:?}");
    for version in 2..8 {
        let cell = if version % 2 == 0 { "O" } else { "X" };
        server.change(
            &input,
            version,
            json!([{"range": client::range(1, 0, 1, 1), "text": cell}]),
        );
        server.change(
            &other_answer,
            version,
            json!([{"range": client::range(0, 9, 0, 9), "text": ""}]),
        );
        let document = json!({"uri": input});
        let everywhere = client::range(0, 0, 40, 0);
        for (method, params) in [
            (
                "textDocument/semanticTokens/full",
                json!({"textDocument": document}),
            ),
            (
                "textDocument/inlayHint",
                json!({"textDocument": document, "range": everywhere}),
            ),
            ("textDocument/codeLens", json!({"textDocument": document})),
            (
                "textDocument/codeAction",
                json!({"textDocument": document, "range": client::range(1, 0, 1, 1), "context": {"diagnostics": []}}),
            ),
            (
                "textDocument/hover",
                json!({"textDocument": document, "position": client::pos(1, 1)}),
            ),
            (
                "textDocument/hover",
                json!({"textDocument": {"uri": other_answer}, "position": client::pos(0, 10)}),
            ),
            (
                "textDocument/codeLens",
                json!({"textDocument": {"uri": other_answer}}),
            ),
            (
                "textDocument/codeAction",
                json!({"textDocument": {"uri": other_answer}, "range": client::range(0, 0, 0, 5), "context": {"diagnostics": []}}),
            ),
            (
                "textDocument/formatting",
                json!({"textDocument": document, "options": {"tabSize": 4, "insertSpaces": true}}),
            ),
        ] {
            let answer = server.request_raw(method, params);
            assert!(answer.get("error").is_none(), "{method}: {answer}");
        }
    }
    server.published_before_settled(None);
    assert_eq!(reads(&mut server), before, "files read during keystrokes");
    server.shutdown_and_exit();
}
