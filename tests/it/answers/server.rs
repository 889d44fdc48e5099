//! Answer files and `boardls.toml` through the server: a mapped `.in` is a
//! board file, its `.out` is checked against the judge (and again when the
//! input changes), with the fix, hover and definition; a broken project
//! file is an error at its key; an unmapped file gets nothing.

use std::time::{Duration, SystemTime};

use crate::support::client::{Server, TempDir, file_uri, pos, range};
use serde_json::{Value, json};

const INPUT: &str = include_str!("../../fixtures/judge/tomek/sample.in");
const ANSWER: &str = include_str!("../../fixtures/judge/tomek/sample.out");

fn codes(diagnostics: &[Value]) -> Vec<(String, u64)> {
    diagnostics
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or_default().to_owned(),
                d["range"]["start"]["line"].as_u64().unwrap_or_default(),
            )
        })
        .collect()
}

/// The sample's answers with case 4 wrong: `X won` where the judge says
/// `O won`.
fn wrong_answer() -> String {
    ANSWER.replace("Case #4: O won", "Case #4: X won")
}

/// A server for the problem folder `dir` (its root), with `capabilities`.
fn started_in(dir: &TempDir, capabilities: Value) -> Server {
    let mut server = Server::spawn();
    server.initialize_with(json!({
        "processId": null,
        "rootUri": file_uri(dir.path()),
        "capabilities": capabilities,
    }));
    server
}

/// A client that pulls diagnostics and can be asked to pull again.
fn pull_capabilities() -> Value {
    json!({
        "workspace": {"diagnostics": {"refreshSupport": true}},
        "textDocument": {"diagnostic": {"dynamicRegistration": false}}
    })
}

/// How many inlay hints `uri` has on its first 40 lines.
fn hint_count(server: &mut Server, uri: &str) -> usize {
    let found = server.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": uri}, "range": range(0, 0, 40, 0)}),
    );
    found.as_array().map_or(0, Vec::len)
}

#[test]
fn a_mapped_input_and_its_answer_live_both_ways() {
    let dir = TempDir::new("lsp-answers");
    dir.write("boardls.toml", "[files]\n\"*.in\" = \"tomek\"\n");
    let input = dir.write("sample.in", INPUT);
    let wrong = wrong_answer();
    let answer = dir.write("sample.out", &wrong);
    let (input_uri, answer_uri) = (file_uri(&input), file_uri(&answer));
    let mut server = started_in(&dir, json!({}));
    // The mapped input is a board file whatever the editor calls it.
    server.open(&input_uri, "plaintext", 1, INPUT);
    assert_eq!(codes(&server.diagnostics(&input_uri, 1)), []);
    let hover = server.hover_text(&input_uri, 1, 1);
    assert!(hover.contains("X won"), "{hover}");

    server.open(&answer_uri, "plaintext", 1, &wrong);
    let found = server.diagnostics(&answer_uri, 1);
    assert_eq!(codes(&found), [("answer/wrong".to_owned(), 3)]);
    assert_eq!(found[0]["range"], range(3, 9, 3, 14));
    assert_eq!(
        found[0]["message"],
        "Case #4: the judge says `O won`, the file says `X won`"
    );
    let related = &found[0]["relatedInformation"][0]["location"];
    assert_eq!(related["uri"], input_uri.as_str());
    assert_eq!(related["range"]["start"]["line"], 16);

    let hover = server.hover_text(&answer_uri, 3, 2);
    assert!(hover.contains("the judge says `O won`"), "{hover}");
    // Then the picture of case 4 in the input, its winning column marked.
    assert!(
        hover.contains(
            "   1  2  3  4\n1 (O) O  X  X\n2 (O) X  X  X\n3 (O) X  .  T\n4 (O) .  .  O\n"
        ),
        "{hover}"
    );
    let definition = server.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": answer_uri}, "position": pos(3, 2)}),
    );
    assert_eq!(definition["uri"], input_uri.as_str());
    assert_eq!(definition["range"]["start"]["line"], 16);

    let actions = server.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": answer_uri}, "range": range(3, 10, 3, 10), "context": {"diagnostics": []}}),
    );
    let action = &actions[0];
    assert_eq!(action["title"], "Replace with the judge's answer");
    let edit = &action["edit"]["changes"][answer_uri.as_str()][0];
    assert_eq!(edit["newText"], "O won");
    server.change(
        &answer_uri,
        2,
        json!([{"range": edit["range"], "text": "O won"}]),
    );
    assert_eq!(codes(&server.diagnostics(&answer_uri, 2)), []);

    // Editing the input re-checks its open answer: X no longer wins case 1.
    server.change(
        &input_uri,
        2,
        json!([{"range": range(1, 0, 1, 4), "text": "XOXT"}]),
    );
    let found = server.diagnostics(&answer_uri, 2);
    assert_eq!(codes(&found), [("answer/wrong".to_owned(), 0)], "{found:?}");
}

#[test]
fn a_broken_project_file_is_an_error_at_its_key_and_unmapped_files_get_nothing() {
    let dir = TempDir::new("lsp-project");
    let toml = dir.write("boardls.toml", "[inlayHints]\nenabel = true\n");
    let other = dir.write("notes.txt", "hello\n");
    let uri = file_uri(&toml);
    let mut server = Server::spawn();
    server.initialize(json!({}));
    server.open(&uri, "toml", 1, "[inlayHints]\nenabel = true\n");
    let found = server.diagnostics(&uri, 1);
    assert_eq!(codes(&found), [("project/invalid".to_owned(), 1)]);
    assert_eq!(found[0]["range"], range(1, 0, 1, 6));
    server.change(&uri, 2, json!([{"text": "[inlayHints]\nenable = true\n"}]));
    assert_eq!(codes(&server.diagnostics(&uri, 2)), []);
    // Not ours: no diagnostics and no log line.
    server.open(&file_uri(&other), "plaintext", 1, "hello\n");
    let hover = server.hover_text(&file_uri(&other), 0, 0);
    assert_eq!(hover, "");
    let said = server.drain();
    assert!(
        said.iter().all(|m| m["method"] != "window/logMessage"
            || !m["params"]["message"]
                .as_str()
                .unwrap_or_default()
                .contains("notes.txt")),
        "{said:?}"
    );
}

fn severities(diagnostics: &[Value]) -> Vec<(String, u64)> {
    diagnostics
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or_default().to_owned(),
                d["severity"].as_u64().unwrap_or_default(),
            )
        })
        .collect()
}

#[test]
fn a_projects_profiles_and_invalid_inputs_live() {
    const LARGE: &str = include_str!("../../fixtures/judge/tomek/A-large-practice.in");
    let dir = TempDir::new("lsp-profiles");
    let toml = "[files]\n\"*.in\" = \"tomek\"\n[profiles]\n\"small/*.in\" = \"gcj2013a-small\"\n\
                \"invalid/*.in\" = \"gcj2013a-small\"\n";
    let toml_path = dir.write("boardls.toml", toml);
    let small = dir.write("small/1.in", LARGE);
    let rejected = dir.write("invalid/rejected.in", LARGE);
    let accepted = dir.write("invalid/accepted.in", INPUT);
    let mut server = started_in(&dir, json!({}));
    let small_uri = file_uri(&small);
    server.open(&small_uri, "plaintext", 1, LARGE);
    let found = server.diagnostics(&small_uri, 1);
    assert_eq!(severities(&found), [("profile/count-range".to_owned(), 1)]);
    assert_eq!(found[0]["range"], range(0, 0, 0, 4));
    assert_eq!(
        found[0]["message"],
        "T = 1000, but gcj2013a-small promises 1 ≤ T ≤ 10"
    );
    // An invalid-input test that breaks its profile shows why, as
    // information; one that keeps it is the error.
    server.open(&file_uri(&rejected), "plaintext", 1, LARGE);
    assert_eq!(
        severities(&server.diagnostics(&file_uri(&rejected), 1)),
        [("profile/count-range".to_owned(), 3)]
    );
    server.open(&file_uri(&accepted), "plaintext", 1, INPUT);
    let found = server.diagnostics(&file_uri(&accepted), 1);
    assert_eq!(
        severities(&found),
        [("profile/accepted-invalid".to_owned(), 1)]
    );
    assert_eq!(found[0]["range"], range(0, 0, 0, 1));
    // Editing it to break a promise (a second `T`, which the engine
    // reads as an error too) turns it around.
    server.change(
        &file_uri(&accepted),
        2,
        json!([{"range": range(1, 0, 1, 4), "text": "XXTT"}]),
    );
    assert_eq!(
        severities(&server.diagnostics(&file_uri(&accepted), 2)),
        [
            ("tomek/extra-t".to_owned(), 3),
            ("profile/extra-t".to_owned(), 3)
        ]
    );
    // The project file edited: the profiles it gives take effect at once.
    let toml_uri = file_uri(&toml_path);
    server.open(&toml_uri, "toml", 1, toml);
    server.change(
        &toml_uri,
        2,
        json!([{"text": "[files]\n\"*.in\" = \"tomek\"\n"}]),
    );
    assert_eq!(codes(&server.diagnostics(&small_uri, 1)), []);
}

#[test]
fn code_lenses_sum_up_coverage_and_each_cases_answer() {
    let dir = TempDir::new("lsp-lenses");
    dir.write("boardls.toml", "[files]\n\"*.in\" = \"tomek\"\n");
    let input = dir.write("sample.in", INPUT);
    let answer = dir.write("sample.out", wrong_answer());
    let input_uri = file_uri(&input);
    let mut server = started_in(&dir, json!({}));
    server.open(&input_uri, "plaintext", 1, INPUT);
    server.diagnostics(&input_uri, 1);
    let lenses = server.request(
        "textDocument/codeLens",
        json!({"textDocument": {"uri": input_uri}}),
    );
    let titles: Vec<(u64, &str)> = lenses
        .as_array()
        .expect("lenses")
        .iter()
        .map(|lens| {
            (
                lens["range"]["start"]["line"].as_u64().unwrap_or(99),
                lens["command"]["title"].as_str().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        titles,
        [
            // X won only with the T (case 1), the draw has a T (case 2),
            // the unfinished game none (case 3), and no win fills a board.
            (
                0,
                "coverage: 6 of 10 situations · not reached: tomek.x-won, tomek.draw, \
                 tomek.not-completed-with-t, tomek.won-on-full-board"
            ),
            (1, "answer ✓ Case #1: X won"),
            (6, "answer ✓ Case #2: Draw"),
            (11, "answer ✓ Case #3: Game has not completed"),
            (
                16,
                "answer ✗ Case #4: the judge says `O won`, the file says `X won`"
            ),
            (21, "answer ✓ Case #5: O won"),
            (26, "answer ✓ Case #6: O won"),
        ]
    );
    // From case 4's position, its answer line is one request away.
    let references = server.request(
        "textDocument/references",
        json!({"textDocument": {"uri": input_uri}, "position": pos(17, 1), "context": {"includeDeclaration": false}}),
    );
    assert_eq!(references[0]["uri"], file_uri(&answer).as_str());
    assert_eq!(references[0]["range"], range(3, 0, 3, 14));
    // The count line's hover: the same coverage, situation by situation.
    let hover = server.hover_text(&input_uri, 0, 0);
    assert!(
        hover.starts_with("**Coverage** of 6 cases: 6 of 10 situations reached")
            && hover.contains("- ✗ **not reached**: X won, with four X")
            && hover.contains("- X won, with three X and the T — 1 (first: case 1)"),
        "{hover}"
    );
}

#[test]
fn a_pull_client_pulls_an_answers_findings_and_is_asked_again_after_an_input_edit() {
    let dir = TempDir::new("lsp-answers-pull");
    dir.write("boardls.toml", "[files]\n\"*.in\" = \"tomek\"\n");
    let input = dir.write("sample.in", INPUT);
    let wrong = wrong_answer();
    let answer = dir.write("sample.out", &wrong);
    let (input_uri, answer_uri) = (file_uri(&input), file_uri(&answer));
    let mut server = started_in(&dir, pull_capabilities());
    server.open(&input_uri, "plaintext", 1, INPUT);
    server.open(&answer_uri, "plaintext", 1, &wrong);
    let pull = |server: &mut Server| {
        let report = server.request(
            "textDocument/diagnostic",
            json!({"textDocument": {"uri": answer_uri}}),
        );
        codes(report["items"].as_array().expect("items"))
    };
    assert_eq!(pull(&mut server), [("answer/wrong".to_owned(), 3)]);
    server.drain();
    // X no longer wins case 1: the client is asked to pull again, and the
    // answer's findings follow the input's open text.
    server.change(
        &input_uri,
        2,
        json!([{"range": range(1, 0, 1, 4), "text": "XOXT"}]),
    );
    server.wait_for(|m| m["method"] == "workspace/diagnostic/refresh");
    assert_eq!(
        pull(&mut server),
        [
            ("answer/wrong".to_owned(), 0),
            ("answer/wrong".to_owned(), 3)
        ]
    );
}

#[test]
fn formatting_keeps_a_mapped_judge_files_own_layout() {
    const SMALL: &str = include_str!("../../fixtures/judge/tomek/A-small-practice.in");
    let dir = TempDir::new("lsp-judge-format");
    dir.write("boardls.toml", "[files]\n\"*.in\" = \"tomek\"\n");
    let mapped = file_uri(&dir.write("A-small-practice.in", SMALL));
    let plain = file_uri(&dir.write("A-small-practice.tomek", SMALL));
    let mut server = started_in(&dir, json!({}));
    let format = |server: &mut Server, uri: &str| {
        server.request(
            "textDocument/formatting",
            json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
        )
    };
    // The GCJ file ends its last case with an empty line, as the judge's
    // files do: as a judge file it is formatted already.
    server.open(&mapped, "plaintext", 1, SMALL);
    assert_eq!(format(&mut server, &mapped), json!([]));
    // The same text as a plain board file: the canonical layout drops it.
    server.open(&plain, "tomek", 1, SMALL);
    let last = SMALL.lines().count() as u64 - 1;
    assert_eq!(
        format(&mut server, &plain),
        json!([{"range": range(last, 0, last + 1, 0), "newText": ""}])
    );
}

#[test]
fn the_workspace_scan_checks_closed_answers_and_keeps_them_current() {
    let dir = TempDir::new("lsp-answers-scan");
    dir.write("boardls.toml", "[files]\n\"*.in\" = \"tomek\"\n");
    let input = dir.write("tests/sample.in", INPUT);
    let wrong = wrong_answer();
    let answer = dir.write("tests/sample.out", &wrong);
    let (input_uri, answer_uri) = (file_uri(&input), file_uri(&answer));
    let mut server = started_in(&dir, json!({}));
    // The closed answer's publishes until one finds `codes` (a file is
    // written in two steps, truncated then filled: the poll, every 50 ms,
    // may read it between the two and publish the empty file's findings
    // first; the next poll or the watcher's event reads it whole).
    let closed_answer_finds = |server: &mut Server, want: &[(&str, u64)]| {
        let want: Vec<(String, u64)> = want.iter().map(|&(c, l)| (c.to_owned(), l)).collect();
        loop {
            let message = server.wait_for(|m| {
                m["method"] == "textDocument/publishDiagnostics"
                    && m["params"]["uri"] == answer_uri.as_str()
            });
            assert_eq!(message["params"]["version"], Value::Null);
            let found = codes(
                message["params"]["diagnostics"]
                    .as_array()
                    .expect("diagnostics"),
            );
            if found == want {
                return;
            }
        }
    };
    // Neither file is open: the scan finds the wrong answer.
    closed_answer_finds(&mut server, &[("answer/wrong", 3)]);
    // An edit of the open input checks the closed answer again.
    server.open(&input_uri, "plaintext", 1, INPUT);
    server.change(
        &input_uri,
        2,
        json!([{"range": range(1, 0, 1, 4), "text": "XOXT"}]),
    );
    closed_answer_finds(&mut server, &[("answer/wrong", 0), ("answer/wrong", 3)]);
    // The input closed and the answer fixed on disk: clean.
    server.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": input_uri}}),
    );
    dir.write("tests/sample.out", ANSWER);
    server.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": answer_uri, "type": 2}]}),
    );
    closed_answer_finds(&mut server, &[]);
    // Wrong again (its time moved on, so that no clock tick can hide the
    // change), then deleted: its findings come back, then go. An answer is
    // published only when its findings change, so a deletion after the
    // fix alone would publish nothing.
    dir.write("tests/sample.out", &wrong);
    std::fs::File::options()
        .write(true)
        .open(&answer)
        .and_then(|file| file.set_modified(SystemTime::now() + Duration::from_secs(5)))
        .expect("move the answer's time on");
    server.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": answer_uri, "type": 2}]}),
    );
    closed_answer_finds(&mut server, &[("answer/wrong", 3)]);
    std::fs::remove_file(&answer).expect("delete");
    server.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": answer_uri, "type": 3}]}),
    );
    closed_answer_finds(&mut server, &[]);
}

#[test]
fn a_workspace_pull_reports_closed_answers() {
    let dir = TempDir::new("lsp-answers-workspace-pull");
    dir.write("boardls.toml", "[files]\n\"*.in\" = \"tomek\"\n");
    dir.write("sample.in", INPUT);
    let answer = dir.write("sample.out", wrong_answer());
    let mut server = started_in(&dir, pull_capabilities());
    // The scan ends with a refresh.
    server.wait_for(|m| m["method"] == "workspace/diagnostic/refresh");
    let report = server.request("workspace/diagnostic", json!({"previousResultIds": []}));
    let uri = file_uri(&answer);
    let item = report["items"]
        .as_array()
        .expect("items")
        .iter()
        .find(|item| item["uri"] == uri.as_str())
        .unwrap_or_else(|| panic!("no report for the answer: {report}"));
    assert_eq!(
        codes(item["items"].as_array().expect("diagnostics")),
        [("answer/wrong".to_owned(), 3)]
    );
}

#[test]
fn deleting_the_project_file_gives_back_the_defaults() {
    let dir = TempDir::new("lsp-project-deleted");
    let toml = dir.write("boardls.toml", "[inlayHints]\nenable = false\n");
    let board = dir.write("sample.tomek", INPUT);
    let uri = file_uri(&board);
    let mut server = started_in(&dir, json!({}));
    server.open(&uri, "tomek", 1, INPUT);
    server.diagnostics(&uri, 1);
    assert_eq!(hint_count(&mut server, &uri), 0);
    std::fs::remove_file(&toml).unwrap();
    server.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": file_uri(&toml), "type": 3}]}),
    );
    assert!(hint_count(&mut server, &uri) > 0);
}

#[test]
fn a_nested_project_files_settings_hold_below_it() {
    let dir = TempDir::new("lsp-nested-settings");
    dir.write("boardls.toml", "[inlayHints]\nverdicts = true\n");
    let nested = dir.write("quiet/boardls.toml", "[inlayHints]\nenable = false\n");
    let quiet = file_uri(&dir.write("quiet/a.tomek", INPUT));
    let loud = file_uri(&dir.write("b.tomek", INPUT));
    let mut server = started_in(&dir, json!({}));
    server.open(&quiet, "tomek", 1, INPUT);
    server.open(&loud, "tomek", 1, INPUT);
    // The nearest project file wins: none below `quiet/`, six above it.
    assert_eq!(hint_count(&mut server, &quiet), 0);
    assert_eq!(hint_count(&mut server, &loud), 6);
    // Edited live: its new settings hold at once.
    let nested_uri = file_uri(&nested);
    server.open(&nested_uri, "toml", 1, "[inlayHints]\nenable = false\n");
    server.change(
        &nested_uri,
        2,
        json!([{"text": "[inlayHints]\nenable = true\n"}]),
    );
    assert_eq!(hint_count(&mut server, &quiet), 6);
}

#[test]
fn a_setting_the_user_unsets_gives_the_project_files_back() {
    let dir = TempDir::new("lsp-unset-setting");
    dir.write("boardls.toml", "[inlayHints]\nenable = false\n");
    let uri = file_uri(&dir.write("a.tomek", INPUT));
    let mut server = Server::spawn();
    server.initialize_with(json!({
        "processId": null,
        "rootUri": file_uri(dir.path()),
        "capabilities": {},
        "initializationOptions": {"boardls": {"inlayHints": {"enable": true}}},
    }));
    server.open(&uri, "tomek", 1, INPUT);
    // Set by the user at start: it overrides the file.
    assert_eq!(hint_count(&mut server, &uri), 6);
    // Unset: the client's section no longer holds it, and the file's holds.
    server.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"boardls": {}}}),
    );
    assert_eq!(hint_count(&mut server, &uri), 0);
}

/// A `.uttt` answer of three cases (the three statement samples): a line
/// of each case goes to that case in the input, and its hover names it
/// (12 answer lines a case, 13 input lines); a line past the last case
/// goes nowhere.
#[test]
fn each_case_of_a_uttt_answer_goes_to_its_case_in_the_input() {
    let sample = |name: &str| {
        std::fs::read_to_string(format!(
            "{}/tests/fixtures/judge/cf907b/{name}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .expect("a cf907b sample")
    };
    let input: Vec<String> = (1..=3).map(|n| sample(&format!("sample{n}.in"))).collect();
    let answer: Vec<String> = (1..=3).map(|n| sample(&format!("sample{n}.out"))).collect();
    let (input, answer) = (input.join("\n"), answer.join("\n"));
    let dir = TempDir::new("lsp-answers-uttt");
    dir.write("boardls.toml", "[files]\n\"*.in\" = \"uttt\"\n");
    let input_uri = file_uri(&dir.write("three.in", &input));
    let answer_uri = file_uri(&dir.write("three.out", &answer));
    let mut server = started_in(&dir, json!({}));
    server.open(&input_uri, "plaintext", 1, &input);
    server.open(&answer_uri, "plaintext", 1, &answer);
    assert_eq!(codes(&server.diagnostics(&answer_uri, 1)), []);
    for case in 0..3u64 {
        for row in [0, 5, 10] {
            let line = 12 * case + row;
            let definition = server.request(
                "textDocument/definition",
                json!({"textDocument": {"uri": answer_uri}, "position": pos(line, 1)}),
            );
            assert_eq!(definition["uri"], input_uri.as_str(), "answer line {line}");
            assert_eq!(
                definition["range"]["start"]["line"],
                13 * case,
                "answer line {line}"
            );
            let hover = server.hover_text(&answer_uri, line, 1);
            assert!(
                hover.contains(&format!("**Case #{}**", case + 1)),
                "answer line {line}: {hover}"
            );
        }
    }
    let past = server.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": answer_uri}, "position": pos(36, 0)}),
    );
    assert_eq!(past, Value::Null);
    assert!(server.shutdown_and_exit().success());
}

/// "Write the judge's answers" on an input with no answer file: the new
/// file's text is, byte for byte, what `boardls solve` prints for the same
/// input: a three-case `.uttt` input (12 answer lines a case, a blank line
/// between cases, none before the first) and the Tomek sample (a
/// `Case #k:` line a case).
#[test]
fn the_judges_answers_written_for_a_whole_input_are_solves_output() {
    let fixture = |path: &str| {
        std::fs::read_to_string(format!(
            "{}/tests/fixtures/judge/{path}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .expect("a judge fixture")
    };
    let three: Vec<String> = (1..=3)
        .map(|n| fixture(&format!("cf907b/sample{n}.in")))
        .collect();
    for (game, input) in [("uttt", three.join("\n")), ("tomek", INPUT.to_owned())] {
        let solved =
            crate::support::cli::fed(crate::support::cli::command(&["solve", game]), &input);
        assert!(solved.status.success(), "boardls solve {game}");
        let solved = crate::support::cli::stdout(&solved);
        let dir = TempDir::new("lsp-answers-write");
        dir.write("boardls.toml", format!("[files]\n\"*.in\" = \"{game}\"\n"));
        let input_uri = file_uri(&dir.write("cases.in", &input));
        let mut server = started_in(&dir, json!({}));
        server.open(&input_uri, "plaintext", 1, &input);
        server.diagnostics(&input_uri, 1);
        let actions = server.request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": input_uri}, "range": range(0, 0, 0, 0),
                   "context": {"diagnostics": []}}),
        );
        let written = actions
            .as_array()
            .into_iter()
            .flatten()
            .find(|action| action["title"] == "Write the judge's answers")
            .unwrap_or_else(|| panic!("{game}: no \"Write the judge's answers\" in {actions}"));
        let changes = &written["edit"]["documentChanges"];
        assert_eq!(changes[0]["kind"], "create", "{game}: {written}");
        assert!(
            changes[0]["uri"]
                .as_str()
                .is_some_and(|uri| uri.ends_with("/cases.out")),
            "{game}: {written}"
        );
        assert_eq!(
            changes[1]["edits"][0]["newText"].as_str(),
            Some(solved.as_str()),
            "{game}"
        );
        assert!(server.shutdown_and_exit().success());
    }
}

#[test]
fn outside_english_answer_hovers_and_fixes_name_the_code() {
    let dir = TempDir::new("lsp-answers-ru");
    dir.write("boardls.toml", "[files]\n\"*.in\" = \"tomek\"\n");
    dir.write("sample.in", INPUT);
    // Case 4 wrong, and a line of no case after the last one.
    let text = format!("{}Case #7: X won\n", wrong_answer());
    let answer = dir.write("sample.out", &text);
    let answer_uri = file_uri(&answer);
    let mut server = Server::spawn();
    server.initialize_with(json!({
        "processId": null,
        "rootUri": file_uri(dir.path()),
        "capabilities": {},
        "locale": "ru",
    }));
    server.open(&answer_uri, "plaintext", 1, &text);
    let found = server.diagnostics(&answer_uri, 1);
    let last = found
        .iter()
        .find(|d| d["code"] != "answer/wrong")
        .unwrap_or_else(|| panic!("no diagnostic on the extra line: {found:?}"));
    let extra = (
        last["code"].as_str().unwrap_or_default().to_owned(),
        last["range"]["start"]["line"].as_u64().unwrap_or_default(),
    );

    // The wrong verdict: the judge's answer, then the diagnostic after its code.
    let hover = server.hover_text(&answer_uri, 3, 10);
    let coded = hover
        .lines()
        .find(|line| line.starts_with("`answer/wrong`: "))
        .unwrap_or_else(|| panic!("no `answer/wrong` line in {hover}"));
    assert!(coded.contains("O won"), "{coded}");
    assert!(
        coded.chars().any(|c| ('а'..='я').contains(&c)),
        "not Russian: {coded}"
    );

    // Its quick fix's title too names the code.
    let actions = server.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": answer_uri}, "range": range(3, 10, 3, 10), "context": {"diagnostics": []}}),
    );
    assert_eq!(actions[0]["title"], "Заменить ответом судьи (answer/wrong)");

    // The line of no case: its diagnostic alone.
    let hover = server.hover_text(&answer_uri, extra.1, 0);
    assert!(hover.starts_with(&format!("`{}`: ", extra.0)), "{hover}");

    // In English, the editor's own diagnostic hover says it: no repeat.
    let mut english = started_in(&dir, json!({}));
    english.open(&answer_uri, "plaintext", 1, &text);
    english.diagnostics(&answer_uri, 1);
    let hover = english.hover_text(&answer_uri, 3, 10);
    assert!(!hover.contains("`answer/wrong`"), "{hover}");
}
