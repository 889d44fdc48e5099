//! `boardls check --output-format …`: each format's output on a few
//! example files kept as a snapshot (`tests/snapshots/formats/`,
//! `UPDATE_EXPECT=1 cargo test` rewrites them), each read back by what
//! would read it (serde for the JSON formats, a pattern per line for
//! GitHub's workflow commands; SARIF against its schema in
//! `sarif.rs`), and the options around them: `--format`, the
//! defaults, the exit status.

use crate::support::cli;
use crate::support::client::TempDir;

use std::fs;
use std::path::Path;

use boardls::check::OutputFormat;
use cli::{EXAMPLES, boardls, check_examples, stdout};
use expect_test::expect_file;
use regex::Regex;
use serde_json::Value;

const FORMATS: [&str; 6] = ["full", "concise", "json", "json-lines", "github", "sarif"];

#[test]
fn each_format_matches_its_snapshot() {
    for format in FORMATS {
        let output = check_examples(format);
        assert_eq!(output.status.code(), Some(1), "{format}");
        let extension = match format {
            "json" | "sarif" => "json",
            "json-lines" => "jsonl",
            _ => "txt",
        };
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/snapshots/formats")
            .join(format!("{format}.{extension}"));
        expect_file![path].assert_eq(&stdout(&output));
    }
}

/// `(path, 1-based line, 1-based column, severity word, code, message)` of
/// each finding of the concise output: the reference the other formats are
/// read back against (the examples are ASCII, so characters and UTF-16
/// units agree).
type Finding = (String, u64, u64, String, String, String);

fn concise_findings() -> Vec<Finding> {
    let pattern =
        Regex::new(r"^(.+?):(\d+):(\d+): (error|warning|info)\[([a-z0-9/-]+)\]: (.*)$").unwrap();
    let text = stdout(&check_examples("concise"));
    text.lines()
        .map(|line| {
            let c = pattern.captures(line).unwrap_or_else(|| panic!("{line:?}"));
            (
                c[1].to_owned(),
                c[2].parse().unwrap(),
                c[3].parse().unwrap(),
                c[4].to_owned(),
                c[5].to_owned(),
                c[6].to_owned(),
            )
        })
        .collect()
}

fn finding_of_object(object: &Value) -> Finding {
    let start = &object["range"]["start"];
    (
        object["path"].as_str().unwrap().to_owned(),
        start["line"].as_u64().unwrap() + 1,
        start["character"].as_u64().unwrap() + 1,
        object["severity"].as_str().unwrap().to_owned(),
        object["code"].as_str().unwrap().to_owned(),
        object["message"].as_str().unwrap().to_owned(),
    )
}

#[test]
fn json_is_one_array_and_json_lines_the_same_objects_one_a_line() {
    let expected = concise_findings();
    assert!(expected.len() > 30, "{}", expected.len());
    let array: Vec<Value> = serde_json::from_str(&stdout(&check_examples("json"))).unwrap();
    let lines: Vec<Value> = stdout(&check_examples("json-lines"))
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(array, lines);
    for object in &array {
        let keys: Vec<&str> = object
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            ["code", "message", "path", "range", "related", "severity"]
        );
        for related in object["related"].as_array().unwrap() {
            assert!(related["message"].is_string() && related["range"]["end"].is_object());
        }
    }
    let found: Vec<Finding> = array.iter().map(finding_of_object).collect();
    assert_eq!(found, expected);
}

#[test]
fn json_of_nothing_is_an_empty_array() {
    let output = boardls(&[
        "check",
        "--output-format",
        "json",
        "examples/tomek/sample.tomek",
    ]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "[]\n");
    let value: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(value, Value::Array(Vec::new()));
}

/// Undoes GitHub's workflow-command escapes.
fn unescape(text: &str) -> String {
    text.replace("%0D", "\r")
        .replace("%0A", "\n")
        .replace("%3A", ":")
        .replace("%2C", ",")
        .replace("%25", "%")
}

#[test]
fn github_lines_are_workflow_commands() {
    let pattern = Regex::new(
        r"^::(error|warning|notice) file=([^,:]+),line=(\d+),endLine=(\d+),col=(\d+),endColumn=(\d+),title=([^,:]+)::(.*)$",
    )
    .unwrap();
    let expected = concise_findings();
    let text = stdout(&check_examples("github"));
    let mut found = Vec::new();
    for line in text.lines() {
        let c = pattern
            .captures(line)
            .unwrap_or_else(|| panic!("not a workflow command: {line:?}"));
        let severity = match &c[1] {
            "error" => "error",
            "warning" => "warning",
            _ => "info",
        };
        assert_eq!(c[3], c[4], "{line}");
        let (col, end): (u64, u64) = (c[5].parse().unwrap(), c[6].parse().unwrap());
        assert!(end >= col, "{line}");
        found.push((
            unescape(&c[2]),
            c[3].parse().unwrap(),
            col,
            severity.to_owned(),
            unescape(&c[7]),
            unescape(&c[8]),
        ));
    }
    assert_eq!(found, expected);
}

#[test]
fn github_escapes_what_would_end_a_value() {
    let dir = TempDir::new("github-escapes");
    let file = dir.join("50%,a:b.tomek");
    fs::write(&file, "XXXT\n....\nOO..\n").unwrap();
    let output = boardls(&["check", "--output-format", "github", file.to_str().unwrap()]);
    let text = stdout(&output);
    let line = text.lines().next().unwrap();
    assert!(line.contains("50%25%2Ca%3Ab.tomek,line="), "{line}");
    assert!(line.starts_with("::error file="), "{line}");
}

#[test]
fn full_ends_with_the_summary_line() {
    let text = stdout(&check_examples("full"));
    let findings = concise_findings();
    let count = |word: &str| findings.iter().filter(|f| f.3 == word).count();
    let (errors, warnings, infos) = (count("error"), count("warning"), count("info"));
    assert!(errors > 1 && warnings > 1 && infos > 1);
    let summary = format!(
        "{errors} errors, {warnings} warnings in {} files (and {infos} infos)\n",
        EXAMPLES.len()
    );
    assert!(text.ends_with(&summary), "{text}");
    // One frame per finding, each headed `severity[code]: message`, then
    // where it is: the same line and column as the concise format's.
    let heads: Vec<(String, String)> = text
        .lines()
        .zip(text.lines().skip(1))
        .filter(|(head, _)| head.contains("]: ") && !head.starts_with(' '))
        .map(|(head, location)| (head.to_owned(), location.trim_start().to_owned()))
        .collect();
    assert_eq!(heads.len(), findings.len());
    for ((head, location), (path, line, column, severity, code, message)) in
        heads.iter().zip(&findings)
    {
        assert_eq!(head, &format!("{severity}[{code}]: {message}"));
        assert_eq!(location, &format!("--> {path}:{line}:{column}"));
    }
    // The words are singular when they count one.
    let output = boardls(&[
        "check",
        "--output-format",
        "full",
        "examples/tomek/sample.tomek",
    ]);
    assert_eq!(stdout(&output), "0 errors, 0 warnings in 1 file\n");
}

#[test]
fn format_is_the_older_spelling_with_its_old_meanings() {
    let with = |args: &[&str]| {
        let mut all = vec!["check"];
        all.extend(args);
        all.extend(EXAMPLES);
        let output = boardls(&all);
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        stdout(&output)
    };
    // No option: piped, so concise, as always.
    let concise = with(&[]);
    assert_eq!(with(&["--format", "text"]), concise);
    assert_eq!(with(&["--output-format", "concise"]), concise);
    assert_eq!(
        with(&["--format", "json"]),
        with(&["--output-format", "json-lines"])
    );
    assert_eq!(
        with(&["--format", "sarif"]),
        with(&["--output-format", "sarif"])
    );
    assert_ne!(
        with(&["--output-format", "json"]),
        with(&["--format", "json"])
    );
    // Both at once, or an unknown format: bad usage.
    let both = boardls(&[
        "check",
        "--format",
        "json",
        "--output-format",
        "json",
        "examples",
    ]);
    assert_eq!(both.status.code(), Some(2));
    let unknown = boardls(&["check", "--output-format", "xml", "examples"]);
    assert_eq!(unknown.status.code(), Some(2));
}

#[test]
fn the_default_is_full_on_a_terminal_only() {
    assert_eq!(OutputFormat::default_for(true), OutputFormat::Full);
    assert_eq!(OutputFormat::default_for(false), OutputFormat::Concise);
    // A real terminal, where `script` can give one.
    let script = std::process::Command::new("script")
        .args([
            "-qec",
            &format!(
                "{} check examples/go9/broken.go9",
                env!("CARGO_BIN_EXE_boardls")
            ),
            "/dev/null",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("CLICOLOR_FORCE")
        .env("NO_COLOR", "1")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C")
        .output();
    let Ok(output) = script else {
        crate::support::skipped("check/formats", "a terminal", "no `script` here");
        return;
    };
    let text = String::from_utf8_lossy(&output.stdout).replace("\r\n", "\n");
    assert!(
        text.contains(" --> examples/go9/broken.go9:6:5\n"),
        "{text}"
    );
    // The full summary, and no colour: NO_COLOR wins over the terminal.
    assert!(
        text.ends_with("\n6 errors, 2 warnings in 1 file\n"),
        "{text}"
    );
    assert!(!text.contains('\x1b'), "{text}");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn exit_status_is_the_same_in_every_format() {
    for format in FORMATS {
        let run = |paths: &[&str]| {
            let mut args = vec!["check", "--output-format", format];
            args.extend(paths);
            boardls(&args)
        };
        assert_eq!(
            run(&["examples/uttt/broken.uttt"]).status.code(),
            Some(1),
            "{format}"
        );
        assert_eq!(
            run(&["examples/tomek/sample.tomek"]).status.code(),
            Some(0),
            "{format}"
        );
        // Warnings and information alone are not errors.
        assert_eq!(
            run(&["examples/go9/captures.go9"]).status.code(),
            Some(0),
            "{format}"
        );
        let missing = run(&["no/such/file.go9", "examples/uttt/broken.uttt"]);
        assert_eq!(missing.status.code(), Some(2), "{format}");
        // The output is whole all the same.
        let text = stdout(&missing);
        match format {
            "json" | "sarif" => {
                serde_json::from_str::<Value>(&text).unwrap();
            }
            "json-lines" => text.lines().for_each(|line| {
                serde_json::from_str::<Value>(line).unwrap();
            }),
            _ => assert!(text.contains("uttt/bad-cell"), "{format}: {text}"),
        }
    }
}
