//! Skips as records (`tests/skips.sh`): a skipped check writes one line
//! to the file `BOARDLS_SKIP_RECORDS` names, the run checks each against
//! `tests/allowed-skips.txt`, and every entry there names a skip that a
//! runner can write.

use std::path::Path;
use std::process::Command;

use crate::support::client::TempDir;
use crate::support::{skips, sources};

/// The file of allowed skips, and the writers of each suite's skips that
/// are not a module of `tests/it` (which writes them through
/// `support::skipped`).
const ALLOWED: &str = "tests/allowed-skips.txt";
const RUNNERS: [(&str, &str); 4] = [
    ("emacs", "tests/editors/emacs_e2e.el"),
    ("vscode", "tests/editors/vscode_e2e.mjs"),
    ("release", "tests/release/run.sh"),
    ("run.sh", "tests/run.sh"),
];

#[test]
fn a_skip_is_one_line_of_three_fields() {
    let dir = TempDir::new("skip-records");
    let records = dir.path().join("records");
    skips::write_skip_record(&records, "suite", "a\ttest", "two\nlines").expect("a record");
    skips::write_skip_record(&records, "suite", "another", "why").expect("a record");
    let text = std::fs::read_to_string(&records).expect("the records");
    assert_eq!(text, "suite\ta test\ttwo lines\nsuite\tanother\twhy\n");
}

/// `tests/skips.sh self-test`: the checker on crafted records, a skip
/// printed in the middle of a libtest line among them (which a parser of
/// the log missed).
#[test]
fn the_skip_checker_passes_its_self_test() {
    let output = Command::new("bash")
        .arg(sources::root().join("tests/skips.sh"))
        .arg("self-test")
        .output()
        .expect("run bash");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.status.success(), "{said}");
    assert!(said.contains("a skip printed mid-line"), "{said}");
}

/// Every entry of `tests/allowed-skips.txt` is a skip that can happen: its
/// suite has a writer, and that writer names its test.
#[test]
fn every_allowed_skip_names_a_skip_its_suite_can_write() {
    let allowed = std::fs::read_to_string(sources::root().join(ALLOWED)).expect(ALLOWED);
    let mut entries = 0;
    let mut problems = Vec::new();
    for line in allowed.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        entries += 1;
        let name = line.split('|').next().unwrap_or_default().trim();
        let Some((suite, test)) = name.split_once(": ") else {
            problems.push(format!("{line}: not `suite: test | when | why`"));
            continue;
        };
        let module = format!("tests/it/{suite}.rs");
        let writer = RUNNERS
            .iter()
            .find(|(runner, _)| *runner == suite)
            .map_or(module.as_str(), |(_, file)| *file);
        let Ok(text) = std::fs::read_to_string(sources::root().join(writer)) else {
            problems.push(format!("{name}: no writer of {suite}'s skips ({writer})"));
            continue;
        };
        // A string in any of the writers' quotes; the Emacs runner names
        // an op it skips in its list of ops.
        let quoted = |name: &str| {
            ['"', '\'']
                .iter()
                .any(|q| text.contains(&format!("{q}{name}{q}")))
        };
        let named = match test.strip_prefix("scenario op ") {
            Some(op) if suite == "emacs" => quoted(op) || quoted(test),
            _ => quoted(test),
        };
        if !named {
            problems.push(format!("{name}: {writer} writes no skip named so"));
        }
    }
    assert!(entries > 0, "{ALLOWED} has no entry");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The allowlist's own reader: `tests/skips.sh check` on this file and
/// no record passes (each entry has a known condition and its reason).
#[test]
fn the_allowed_skips_file_reads() {
    let none = TempDir::new("no-skips");
    let records = none.path().join("records");
    std::fs::write(&records, "").expect("an empty file");
    let output = Command::new("bash")
        .arg(sources::root().join("tests/skips.sh"))
        .arg("check")
        .arg(&records)
        .arg(Path::new(sources::root()).join(ALLOWED))
        .output()
        .expect("run bash");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
