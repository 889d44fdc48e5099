//! The diagnostic code list is complete: every code the engine or the
//! server can emit is in `codes::ALL` (the manual's table is generated from
//! it, `tests/it/docs_generated.rs`), and the diagnostics of the example
//! files carry the severity their code is listed with.

use crate::support::sources;

use std::collections::BTreeSet;
use std::fs;

use boardls_engine::diagnostics::codes;
use boardls_engine::syntax::diagnose_bytes;
use boardls_fs::walk::find_board_files;

const GAMES: [&str; 7] = [
    "file", "uttt", "go9", "tomek", "profile", "project", "answer",
];

fn listed(code: &str) -> bool {
    codes::ALL.iter().any(|&(c, _)| c == code)
}

/// Every string literal in `text` shaped like a code: `"go9/killable"`.
fn code_literals(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (at, _) in text.match_indices('"') {
        let rest = &text[at + 1..];
        let Some((game, tail)) = rest.split_once('/') else {
            continue;
        };
        if !GAMES.contains(&game) {
            continue;
        }
        let name_len = tail
            .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
            .unwrap_or(tail.len());
        if name_len > 0 && tail[name_len..].starts_with('"') {
            found.push(format!("{game}/{}", &tail[..name_len]));
        }
    }
    found
}

/// Every `codes::NAME` in `text`.
fn code_constants_used(text: &str) -> Vec<String> {
    text.match_indices("codes::")
        .map(|(at, matched)| {
            text[at + matched.len()..]
                .chars()
                .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == '_')
                .collect::<String>()
        })
        .filter(|name| !name.is_empty() && name != "ALL")
        .collect()
}

/// `pub const NAME: &str = "value";` of the `codes` module.
fn code_constants_defined() -> Vec<(String, String)> {
    let text = fs::read_to_string(sources::root().join("crates/boardls-engine/src/diagnostics.rs"))
        .unwrap();
    text.lines()
        .filter_map(|line| {
            let rest = line.trim().strip_prefix("pub const ")?;
            let (name, value) = rest.split_once(": &str = \"")?;
            Some((name.to_owned(), value.strip_suffix("\";")?.to_owned()))
        })
        .collect()
}

#[test]
fn every_code_in_the_source_is_listed() {
    let defined = code_constants_defined();
    assert!(defined.len() >= codes::ALL.len(), "{defined:?}");
    for (name, value) in &defined {
        assert!(
            listed(value),
            "codes::{name} = {value:?} is not in codes::ALL"
        );
    }
    let mut unlisted = BTreeSet::new();
    for (path, text) in sources::rust_sources() {
        for code in code_literals(&text) {
            if !listed(&code) {
                unlisted.insert(format!("{path}: \"{code}\""));
            }
        }
        for name in code_constants_used(&text) {
            if !defined.iter().any(|(defined, _)| *defined == name) {
                unlisted.insert(format!("{path}: codes::{name}"));
            }
        }
    }
    assert!(
        unlisted.is_empty(),
        "codes used but not in codes::ALL:\n{}",
        unlisted.into_iter().collect::<Vec<_>>().join("\n")
    );
    let distinct: BTreeSet<_> = codes::ALL.iter().map(|&(code, _)| code).collect();
    assert_eq!(distinct.len(), codes::ALL.len(), "a code is listed twice");
}

#[test]
fn example_diagnostics_have_their_codes_severity() {
    let mut files = Vec::new();
    for dir in ["examples", "tests/editors/fixtures"] {
        let dir = sources::root().join(dir);
        files.extend(find_board_files(&dir, false, &mut |path, err| {
            panic!("{}: {err}", path.display())
        }));
    }
    assert!(files.len() >= 6, "{files:?}");
    for (path, kind) in files {
        let bytes = fs::read(&path).unwrap();
        for diagnostic in diagnose_bytes(kind, &bytes).diagnostics {
            assert_eq!(
                codes::severity(diagnostic.code),
                Some(diagnostic.severity),
                "{}: {diagnostic:?}",
                path.display()
            );
        }
    }
}

#[test]
fn the_scanners_see_codes() {
    assert_eq!(
        code_literals(r#"x("go9/killable"), "go9/sample.go9", "a/b", "tomek/"#),
        ["go9/killable"]
    );
    assert_eq!(
        code_constants_used("codes::GO9_ATARI, codes::ALL, codes::severity"),
        ["GO9_ATARI"]
    );
}
