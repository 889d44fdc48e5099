//! `boardls check` as users run it: the built binary, its output and exit
//! status.

use crate::support::cli;
use crate::support::client::TempDir;

use std::fs;

use cli::{boardls, stdout};

const GOOD_TOMEK: &str = "1\nXXXT\n....\nOO..\n....\n";

#[test]
fn good_files_exit_0_and_print_nothing() {
    let output = boardls(&[
        "check",
        "examples/tomek/sample.tomek",
        "examples/uttt/sample1.uttt",
    ]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "");
}

#[test]
fn errors_exit_1_with_one_line_each() {
    let output = boardls(&["check", "examples/uttt/broken.uttt"]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(
        text.starts_with(
            "examples/uttt/broken.uttt:4:7: error[uttt/bad-cell]: expected `x`, `o`, `.` or `!`, found `X`\n"
        ),
        "{text}"
    );
}

#[test]
fn warnings_alone_exit_0() {
    let dir = TempDir::new("warnings");
    let file = dir.join("t.tomek");
    fs::write(&file, "XXXX\nOOOO\nTT..\n....\n").unwrap();
    let output = boardls(&["check", file.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).contains("warning[tomek/extra-t]"));
}

#[test]
fn unreadable_or_unknown_paths_exit_2_and_the_rest_is_checked() {
    let output = boardls(&[
        "check",
        "no/such/file.go9",
        "README.md",
        "examples/uttt/broken.uttt",
    ]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr.clone()).unwrap();
    assert!(stderr.contains("no/such/file.go9"), "{stderr}");
    assert!(stderr.contains("README.md: not a board file"), "{stderr}");
    assert!(stdout(&output).contains("uttt/bad-cell"));
}

#[test]
fn bad_usage_exits_2() {
    assert_eq!(boardls(&["check"]).status.code(), Some(2));
    assert_eq!(
        boardls(&["check", "--format", "xml", "examples"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn json_has_lsp_ranges_in_utf16() {
    let dir = TempDir::new("json");
    let file = dir.join("a.tomek");
    // Two bad cells in the first row: a non-BMP character (1 char, 2 UTF-16
    // units, 4 bytes), then after an `X` a `Z`.
    fs::write(&file, "\u{1F600}XZT\n....\nOO..\n....\n").unwrap();
    let output = boardls(&["check", "--format", "json", file.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let first = &lines[0];
    assert_eq!(first["code"], "tomek/bad-cell");
    assert_eq!(first["severity"], "error");
    assert_eq!(first["path"], file.to_str().unwrap());
    assert_eq!(
        first["range"],
        serde_json::json!({"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 2}})
    );
    assert!(first["related"].is_array());
    assert!(
        first["message"]
            .as_str()
            .unwrap()
            .contains("found `\u{1F600}`")
    );
    // The `Z`: UTF-16 character 3 in JSON.
    assert_eq!(
        lines[1]["range"],
        serde_json::json!({"start": {"line": 0, "character": 3}, "end": {"line": 0, "character": 4}})
    );
    // The text format counts characters from 1: the `Z` is column 3 (not
    // 4 in UTF-16 units, nor 6 in bytes).
    let path = file.to_str().unwrap();
    let output = boardls(&["check", path]);
    let wanted = "expected `X`, `O`, `T` or `.`, found";
    assert_eq!(
        stdout(&output),
        format!(
            "{path}:1:1: error[tomek/bad-cell]: {wanted} `\u{1F600}`\n\
             {path}:1:3: error[tomek/bad-cell]: {wanted} `Z`\n"
        )
    );
}

#[test]
fn directories_are_walked_skipping_hidden_and_build_folders() {
    let dir = TempDir::new("walk");
    let broken = "XXXT\n";
    for skipped in [".git", "target", "node_modules"] {
        fs::create_dir_all(dir.join(skipped)).unwrap();
        fs::write(dir.join(skipped).join("b.tomek"), broken).unwrap();
    }
    fs::create_dir_all(dir.join("boards/deeper")).unwrap();
    fs::write(dir.join("boards/deeper/good.tomek"), GOOD_TOMEK).unwrap();
    fs::write(dir.join("boards/notes.txt"), "not a board").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(&dir, dir.join("boards/loop")).unwrap();
    let output = boardls(&["check", dir.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    assert_eq!(stdout(&output), "");
    // A broken board file in a searched folder is found.
    fs::write(dir.join("boards/bad.tomek"), broken).unwrap();
    let output = boardls(&["check", dir.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        text.contains("bad.tomek:2:1: error[tomek/missing-row]"),
        "{text}"
    );
}

#[test]
fn invalid_utf8_empty_and_nul_files_are_diagnostics() {
    let dir = TempDir::new("hostile");
    fs::write(dir.join("a.go9"), b".........\n....\xff....\n").unwrap();
    fs::write(dir.join("b.go9"), b"").unwrap();
    fs::write(dir.join("c.go9"), b"...\0.....\n").unwrap();
    fs::write(dir.join("d.uttt"), "x".repeat(10 << 20)).unwrap();
    let output = boardls(&["check", dir.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    let path = |name: &str| dir.join(name).display().to_string();
    assert!(
        text.contains(&format!("{}:2:5: error[file/invalid-utf8]", path("a.go9"))),
        "{text}"
    );
    assert!(
        text.contains(&format!("{}:1:1: error[file/no-positions]", path("b.go9"))),
        "{text}"
    );
    assert!(
        text.contains(&format!("{}:1:4: error[go9/bad-cell]", path("c.go9"))),
        "{text}"
    );
    assert!(
        text.contains(&format!("{}:1:4: error[uttt/bad-row]", path("d.uttt"))),
        "{text}"
    );
    assert!(text.lines().count() < 20, "{text}");
}
