//! What may come from outside a run: `tests/environment.txt` names every
//! variable that changes what a run checks, and under `CI=true`
//! `tests/run.sh` refuses those for local use before it builds anything.
//! Here: every `BOARDLS_` name in the sources is in the file,
//! CONTRIBUTING.md's table lists the same, and `tests/run.sh` refuses.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::support::sources;

const ENVIRONMENT: &str = "tests/environment.txt";

/// A name no source reads (made so that the scan below does not find it).
const UNKNOWN: &str = concat!("BOARDLS_", "NEW_KNOB");

/// Where the sources that read variables are, from the crate's root, and
/// what is not read there (installed packages, builds).
const READERS: [&str; 9] = [
    "src", "tests", "benches", "xtask", "editors", "web", "build.rs", ".ci", ".github",
];
const NOT_SOURCES: [&str; 6] = ["node_modules", "target", "dist", "out", "pkg", ".tools"];
const SOURCE_EXTENSIONS: [&str; 10] = [
    "rs", "sh", "mjs", "js", "ts", "lua", "el", "py", "yml", "toml",
];

/// `tests/environment.txt`: name (or pattern) → (use, what it does).
fn entries() -> BTreeMap<String, (String, String)> {
    let text = std::fs::read_to_string(sources::root().join(ENVIRONMENT)).expect(ENVIRONMENT);
    let mut entries = BTreeMap::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let [name, use_, what] = cells[..] else {
            panic!("{ENVIRONMENT}: not `name | use | what`: {line}");
        };
        assert!(
            ["local", "on", "run", "free"].contains(&use_),
            "{ENVIRONMENT}: {name}: no use `{use_}`"
        );
        let added = entries.insert(name.to_owned(), (use_.to_owned(), what.to_owned()));
        assert!(added.is_none(), "{ENVIRONMENT}: {name} twice");
    }
    entries
}

/// Whether `name` is an entry's, or the stem of a pattern's
/// (`BOARDLS_TEST` of `BOARDLS_TEST_*`).
fn covered(name: &str, entries: &BTreeMap<String, (String, String)>) -> bool {
    entries.keys().any(|entry| match entry.split_once('*') {
        None => entry == name,
        Some((head, tail)) => {
            (name.starts_with(head) && name.ends_with(tail) && name.len() > head.len() + tail.len())
                || head.trim_end_matches('_') == name
        }
    })
}

fn collect(path: &Path, out: &mut Vec<std::path::PathBuf>) {
    if path.is_dir() {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if NOT_SOURCES.contains(&name.as_ref()) {
            return;
        }
        let entries =
            std::fs::read_dir(path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
        for entry in entries {
            collect(&entry.expect("a readable folder entry").path(), out);
        }
    } else if path.file_name().is_some_and(|n| n == "run")
        || path
            .extension()
            .is_some_and(|e| SOURCE_EXTENSIONS.contains(&e.to_string_lossy().as_ref()))
    {
        out.push(path.to_owned());
    }
}

/// The `BOARDLS_…` names in `text`.
fn names_in(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    for (at, _) in text.match_indices("BOARDLS_") {
        let name: String = text[at..]
            .chars()
            .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == '_')
            .collect();
        // `BOARDLS_` alone is a prefix (`$var == BOARDLS_*`), not a name.
        let name = name.trim_end_matches('_');
        if name != "BOARDLS" {
            names.push(name.to_owned());
        }
    }
    names
}

#[test]
fn every_variable_the_sources_name_is_in_the_file() {
    let entries = entries();
    let mut files = Vec::new();
    for reader in READERS {
        collect(&sources::root().join(reader), &mut files);
    }
    assert!(files.len() > 100, "only {} source files", files.len());
    let mut missing = BTreeMap::new();
    for file in &files {
        let Ok(text) = std::fs::read_to_string(file) else {
            continue;
        };
        for name in names_in(&text) {
            if !covered(&name, &entries) {
                let relative = file.strip_prefix(sources::root()).unwrap_or(file);
                missing
                    .entry(name)
                    .or_insert_with(|| relative.display().to_string());
            }
        }
    }
    assert!(
        missing.is_empty(),
        "not in {ENVIRONMENT} (name: first file): {missing:#?}"
    );
    assert!(
        covered("BOARDLS_TEST_PANIC", &entries) && !covered(UNKNOWN, &entries),
        "the patterns' reader"
    );
}

/// CONTRIBUTING.md's table of variables (its rows `| \`NAME\` | use | what |`)
/// lists the same as `tests/environment.txt`, with the same words.
#[test]
fn contributing_lists_every_variable_with_its_use() {
    let entries = entries();
    let text =
        std::fs::read_to_string(sources::root().join("CONTRIBUTING.md")).expect("CONTRIBUTING.md");
    let mut table = BTreeMap::new();
    for line in text.lines() {
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split(" | ")
            .map(str::trim)
            .collect();
        let [name, use_, what] = cells[..] else {
            continue;
        };
        let Some(name) = name.strip_prefix('`').and_then(|n| n.strip_suffix('`')) else {
            continue;
        };
        if !["local", "on", "run", "free"].contains(&use_) {
            continue;
        }
        table.insert(name.to_owned(), (use_.to_owned(), what.replace("\\|", "|")));
    }
    assert_eq!(table, entries, "CONTRIBUTING.md's table and {ENVIRONMENT}");
}

/// `CI=true bash tests/run.sh` with variables that skip a stage, swap the
/// binary under test, narrow a suite, rewrite snapshots, are the run's
/// own, turn a needed check off, or are not known: it stops at once with
/// status 2, naming each, and builds nothing (no cargo on its PATH: a run
/// that went on would fail at once all the same).
#[test]
fn a_ci_run_refuses_what_would_shrink_or_redirect_it() {
    let refused = [
        ("BOARDLS_SKIP_EDITORS", "1"),
        ("BOARDLS", "/bin/true"),
        ("BOARDLS_WEB_PKG", "/tmp"),
        ("BOARDLS_WEB_ONLY", "nothing"),
        ("BOARDLS_LOAD_SCENARIOS", "alone"),
        ("UPDATE_EXPECT", "1"),
        ("TRYCMD", "overwrite"),
        ("PROPTEST_CASES", "1"),
        ("CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER", "true"),
        ("BOARDLS_TEST_CONNECT", "1"),
        ("BOARDLS_SLOW_TESTS", "0"),
        (UNKNOWN, "1"),
    ];
    for case in [&refused[..1], &refused[..]] {
        let mut command = Command::new("bash");
        command
            .arg(sources::root().join("tests/run.sh"))
            .env_clear()
            .env("PATH", "/usr/bin:/bin")
            .env("CI", "true")
            .env("BOARDLS_E2E_TIMEOUT", "1000")
            .envs(case.iter().copied());
        let started = Instant::now();
        let output = command.output().expect("run bash");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(started.elapsed() < Duration::from_secs(30), "{stderr}");
        assert!(
            output.stdout.is_empty(),
            "{}",
            String::from_utf8_lossy(&output.stdout)
        );
        for (name, _) in case {
            assert!(
                stderr
                    .lines()
                    .any(|line| line.contains(&format!(" {name} "))
                        || line.contains(&format!(" {name}="))),
                "{name} is not named:\n{stderr}"
            );
        }
        assert!(
            !stderr.contains("BOARDLS_E2E_TIMEOUT"),
            "a free variable refused:\n{stderr}"
        );
    }
}
