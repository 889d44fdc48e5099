//! Problem folders: `boardls.toml` maps the judge's files by their own
//! names, and answer files are checked against the judge: the real GCJ
//! files and the statements' samples check clean, and each single-line
//! mutation of an answer gives exactly one finding of its own code, on
//! that line.

use crate::support::client::TempDir;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::support::cli::{boardls, stdout};
use boardls_engine::answers::check_answer;
use boardls_engine::diagnostics::codes;
use boardls_engine::games::GameKind;
use boardls_engine::project::keys;

fn judge(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/judge")
        .join(path)
}

fn read(path: &str) -> String {
    fs::read_to_string(judge(path)).unwrap_or_else(|err| panic!("{path}: {err}"))
}

#[test]
fn real_judge_folders_check_clean() {
    for folder in ["tomek", "tomek/contest", "cf907b", "ancientgo"] {
        let path = judge(folder);
        let output = boardls(&[
            "check",
            "--output-format",
            "concise",
            path.to_str().unwrap(),
        ]);
        // Clean: the go sample's killable groups are information, no more.
        let text = stdout(&output);
        assert!(
            text.lines().all(|line| line.contains(": info[")),
            "{folder}: {text}"
        );
        assert_eq!(output.status.code(), Some(0), "{folder}");
    }
    // Named on the command line: a mapped input and an answer.
    let named = [
        judge("tomek/A-small-practice.in"),
        judge("tomek/A-small-practice.out"),
        judge("tomek/contest/metcalf_small-001_000.out"),
    ];
    let mut args = vec!["check", "--output-format", "concise"];
    args.extend(named.iter().map(|p| p.to_str().unwrap()));
    let output = boardls(&args);
    assert_eq!(
        (output.status.code(), stdout(&output)),
        (Some(0), String::new())
    );
}

#[test]
fn check_reports_a_wrong_answer_in_every_format_and_a_broken_project_file() {
    let dir = TempDir::new("wrong");
    fs::write(dir.join("boardls.toml"), "[files]\n\"*.in\" = \"tomek\"\n").unwrap();
    fs::write(dir.join("sample.in"), read("tomek/sample.in")).unwrap();
    let answer = read("tomek/sample.out").replace("Case #4: O won", "Case #4: X won");
    fs::write(dir.join("sample.out"), answer).unwrap();
    let path = dir.to_str().unwrap();
    let output = boardls(&["check", "--output-format", "concise", path]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        text.contains("sample.out:4:10: error[answer/wrong]: Case #4: the judge says `O won`, the file says `X won`"),
        "{text}"
    );
    for format in ["json", "json-lines", "github", "sarif", "full"] {
        let output = boardls(&["check", "--output-format", format, "--color", "never", path]);
        let text = stdout(&output);
        assert!(text.contains("answer/wrong"), "{format}: {text}");
        assert_eq!(output.status.code(), Some(1), "{format}");
    }
    let json = stdout(&boardls(&["check", "--output-format", "json", path]));
    assert!(
        json.contains("sample.in"),
        "related points at the input: {json}"
    );

    fs::write(
        dir.join("boardls.toml"),
        "[files]\n\"*.in\" = \"tomek\"\n[inlayHints]\nenabel = true\n",
    )
    .unwrap();
    let output = boardls(&["check", "--output-format", "concise", path]);
    let text = stdout(&output);
    assert!(
        text.contains("boardls.toml:4:1: error[project/invalid]: unknown key `inlayHints.enabel`"),
        "{text}"
    );
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn unmapped_judge_names_are_not_board_files() {
    let dir = TempDir::new("unmapped");
    fs::write(dir.join("x.in"), read("tomek/sample.in")).unwrap();
    let output = boardls(&["check", dir.join("x.in").to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    // And a lone `.out` outside any project is not ours.
    fs::write(dir.join("x.out"), "Case #1: Draw\n").unwrap();
    let output = boardls(&["check", "--output-format", "concise", dir.to_str().unwrap()]);
    assert_eq!(
        (output.status.code(), stdout(&output)),
        (Some(0), String::new())
    );
}

/// The codes and lines of the findings of `answer` for `input`.
fn findings(kind: GameKind, input: &str, answer: &str) -> Vec<(&'static str, u32)> {
    let path: Arc<Path> = Arc::from(Path::new("input.in"));
    check_answer(kind, input, Some(&path), answer)
        .into_iter()
        .map(|d| (d.code, d.span.line))
        .collect()
}

fn with_line(text: &str, index: usize, line: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    lines[index] = line;
    lines.join("\n") + "\n"
}

const TOMEK: [&str; 4] = ["X won", "O won", "Draw", "Game has not completed"];
const GO9: [&str; 2] = ["Can kill in one move!!!", "Can not kill in one move!!!"];

#[test]
fn each_line_mutation_gives_one_finding_of_its_code() {
    let verdict_files = [
        (GameKind::Tomek, "tomek/sample", &TOMEK[..]),
        (GameKind::Tomek, "tomek/A-small-practice", &TOMEK[..]),
        (GameKind::Go9, "ancientgo/sample", &GO9[..]),
    ];
    for (kind, name, words) in verdict_files {
        let input = read(&format!("{name}.in"));
        let answer = read(&format!("{name}.out"));
        assert_eq!(findings(kind, &input, &answer), [], "{name}");
        for (index, line) in answer.lines().enumerate() {
            let at = index as u32;
            let (head, verdict) = line.split_once(": ").unwrap();
            for other in words.iter().filter(|w| **w != verdict) {
                let changed = with_line(&answer, index, &format!("{head}: {other}"));
                assert_eq!(
                    findings(kind, &input, &changed),
                    [(codes::ANSWER_WRONG, at)],
                    "{name}:{index}"
                );
            }
            let renumbered = with_line(&answer, index, &format!("Case #{}: {verdict}", index + 7));
            assert_eq!(
                findings(kind, &input, &renumbered),
                [(codes::ANSWER_CASE_NUMBER, at)]
            );
            for garbled in [
                format!("{head} {verdict}"),
                format!("{head}: {verdict}?"),
                String::new(),
            ] {
                let changed = with_line(&answer, index, &garbled);
                assert_eq!(
                    findings(kind, &input, &changed),
                    [(codes::ANSWER_MALFORMED, at)],
                    "{garbled:?}"
                );
            }
            // CRLF and trailing blanks are what checkers accept.
            let crlf = answer.replace('\n', "\r\n");
            assert_eq!(findings(kind, &input, &crlf), []);
        }
        let extra = format!("{answer}Case #99: Draw\n");
        assert_eq!(findings(kind, &input, &extra).len(), 1);
        let cut: String = answer.lines().take(1).map(|l| format!("{l}\n")).collect();
        let cases = answer.lines().count();
        if cases > 1 {
            assert_eq!(
                findings(kind, &input, &cut),
                [(codes::ANSWER_MISSING_CASE, 0)]
            );
        }
    }
    for sample in ["sample1", "sample2", "sample3"] {
        let input = read(&format!("cf907b/{sample}.in"));
        let answer = read(&format!("cf907b/{sample}.out"));
        assert_eq!(findings(GameKind::Uttt, &input, &answer), [], "{sample}");
        let spaced: String = answer.lines().map(|l| format!("{l} \r\n")).collect();
        assert_eq!(
            findings(GameKind::Uttt, &input, &spaced),
            [],
            "trailing blanks"
        );
        for (index, line) in answer.lines().enumerate() {
            let at = index as u32;
            if line.is_empty() {
                let changed = with_line(&answer, index, "... ... ...");
                assert_eq!(
                    findings(GameKind::Uttt, &input, &changed),
                    [(codes::ANSWER_MALFORMED, at)]
                );
                continue;
            }
            for (col, cell) in line.char_indices() {
                let swap = match cell {
                    '!' => '.',
                    '.' => '!',
                    _ => continue,
                };
                let mut changed_line = line.to_owned();
                changed_line.replace_range(col..col + 1, &swap.to_string());
                let changed = with_line(&answer, index, &changed_line);
                assert_eq!(
                    findings(GameKind::Uttt, &input, &changed),
                    [(codes::ANSWER_WRONG_MARKER, at)],
                    "{sample}:{index}:{col}"
                );
            }
            let changed = with_line(&answer, index, "..x ... ..");
            assert_eq!(
                findings(GameKind::Uttt, &input, &changed),
                [(codes::ANSWER_MALFORMED, at)]
            );
        }
    }
}

#[test]
fn a_wrong_answer_quotes_both_and_points_at_the_input() {
    let input = read("tomek/sample.in");
    let answer = read("tomek/sample.out").replace("Case #4: O won", "Case #4: X won");
    let path: Arc<Path> = Arc::from(Path::new("sample.in"));
    let found = check_answer(GameKind::Tomek, &input, Some(&path), &answer);
    assert_eq!(found.len(), 1);
    let d = &found[0];
    assert_eq!(
        d.message,
        "Case #4: the judge says `O won`, the file says `X won`"
    );
    assert_eq!((d.span.line, d.span.start, d.span.end), (3, 9, 14));
    assert_eq!(d.related[0].span.line, 16, "the input's case 4");
    assert_eq!(d.related[0].file.as_deref(), Some(Path::new("sample.in")));
    let fix = d.fix.as_ref().expect("a fix");
    assert_eq!(fix.title, "Replace with the judge's answer");
    assert_eq!(fix.edits[0].1, "O won");
}

/// Every `properties` path of the schema, dotted, down to the leaves.
fn schema_keys(node: &serde_json::Value, prefix: &str, out: &mut Vec<String>) {
    let Some(properties) = node.get("properties").and_then(|p| p.as_object()) else {
        return;
    };
    for (name, child) in properties {
        let dotted = if prefix.is_empty() {
            name.clone()
        } else {
            format!("{prefix}.{name}")
        };
        if child.get("properties").is_some() {
            schema_keys(child, &dotted, out);
        } else {
            out.push(dotted);
        }
    }
}

#[test]
fn the_schema_lists_exactly_the_keys_read() {
    let text = fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("editors/boardls.schema.json"),
    )
    .unwrap();
    let schema: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut in_schema = Vec::new();
    schema_keys(&schema, "", &mut in_schema);
    in_schema.sort();
    let mut read: Vec<String> = keys::all().map(|(k, _)| k.to_owned()).collect();
    read.sort();
    // The manual's table of keys is generated from the same list
    // (`tests/it/docs_generated.rs`).
    assert_eq!(in_schema, read);
}

#[test]
fn fmt_keeps_the_judges_own_layout_of_mapped_files() {
    // GCJ files end each case with an empty line, and the go sample has a
    // blank line after its count: the judge ignores both, and so does fmt.
    for folder in ["tomek", "cf907b", "ancientgo"] {
        let path = judge(folder);
        let output = boardls(&["fmt", "--check", path.to_str().unwrap()]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{folder}: {}",
            stdout(&output)
        );
    }
}
