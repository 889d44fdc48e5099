//! The mutation score's exclusions stay what they were written for: each
//! `exclude_re` of `.cargo/mutants.toml` (mutants that no behaviour tells
//! apart) is pinned, by a `# matches N mutants` line just above it, to
//! the number of mutants it matches, and this test fails when that number
//! changes. So a moved or renamed function cannot leave a stale exclusion
//! that hides nothing, and a new mutant that an old pattern happens to
//! match (one that may change behaviour) is seen rather than excluded
//! unread. `cargo mutants --list` builds nothing; tests/run.sh installs the
//! pinned cargo-mutants. The test line of the same file names the suites
//! that `xtask/src/mutants.rs` pins.

use std::path::Path;
use std::process::Command;

use regex::Regex;

/// One `exclude_re` pattern and the count its pin line states (`None`
/// when it has no pin line, or more than one).
struct Exclusion {
    pattern: String,
    pinned: Option<usize>,
}

/// The exclusions of `.cargo/mutants.toml`, each with its pin: the
/// `# matches N mutant(s)` comment among the lines just above it.
fn exclusions(config: &str) -> Vec<Exclusion> {
    let config: toml_edit::DocumentMut = config.parse().expect("parse .cargo/mutants.toml");
    let pin = Regex::new(r"^# matches (\d+) mutants?$").unwrap();
    config["exclude_re"]
        .as_array()
        .expect("exclude_re is an array")
        .iter()
        .map(|value| {
            let comments = value.decor().prefix().and_then(|raw| raw.as_str());
            let pins: Vec<usize> = comments
                .unwrap_or("")
                .lines()
                .filter_map(|line| pin.captures(line.trim()))
                .map(|found| found[1].parse().expect("a count"))
                .collect();
            Exclusion {
                pattern: value
                    .as_str()
                    .expect("each exclude_re is a string")
                    .to_owned(),
                pinned: match pins[..] {
                    [count] => Some(count),
                    _ => None,
                },
            }
        })
        .collect()
}

/// Every mutant of the workspace, as `cargo mutants --list` names them
/// (`crates/…/FILE:LINE:COL: replace …`), with no exclusion applied;
/// `None` when cargo-mutants is not installed.
fn every_mutant(root: &Path) -> Option<Vec<String>> {
    let output = Command::new(env!("CARGO"))
        .args(["mutants", "--list", "--no-config", "--workspace"])
        .current_dir(root)
        .output()
        .ok()?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("no such command") || stderr.contains("no such subcommand"),
            "cargo mutants --list failed: {stderr}"
        );
        return None;
    }
    let listed = String::from_utf8(output.stdout).expect("UTF-8 list");
    Some(listed.lines().map(str::to_owned).collect())
}

/// Each exclusion whose matches differ from its pin, with the mutants it
/// matches now (a reader judges each of them equivalent or not).
fn unpinned(exclusions: &[Exclusion], mutants: &[String]) -> Vec<String> {
    exclusions
        .iter()
        .filter_map(|exclusion| {
            let regex = Regex::new(&exclusion.pattern)
                .unwrap_or_else(|e| panic!("{}: {e}", exclusion.pattern));
            let matched: Vec<&str> = mutants
                .iter()
                .map(String::as_str)
                .filter(|name| regex.is_match(name))
                .collect();
            let stated = match exclusion.pinned {
                Some(count) if count == matched.len() => return None,
                Some(count) => format!("pinned to {count}"),
                None => "without one `# matches N mutants` line above it".to_owned(),
            };
            Some(format!(
                "{}\n  {stated}, matches {}:\n    {}",
                exclusion.pattern,
                matched.len(),
                matched.join("\n    ")
            ))
        })
        .collect()
}

#[test]
fn every_exclusion_matches_the_mutants_it_is_pinned_to() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let Some(mutants) = every_mutant(root) else {
        // CI installs it (tests/run.sh): there, its absence is a failure.
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "cargo-mutants is not installed (tests/run.sh installs it)"
        );
        crate::support::skipped(
            "mutants",
            "every exclusion matches the mutants it is pinned to",
            "cargo-mutants is not installed",
        );
        return;
    };
    // The engine alone has about 3,000: a listing of one package, or of
    // none, would make every pin fail for the wrong reason.
    assert!(
        mutants
            .iter()
            .filter(|name| name.starts_with("crates/boardls-engine/src/"))
            .count()
            > 2000,
        "cargo mutants --list gave {} mutants",
        mutants.len()
    );
    let text = std::fs::read_to_string(root.join(".cargo/mutants.toml"))
        .expect("read .cargo/mutants.toml");
    let exclusions = exclusions(&text);
    assert!(
        !exclusions.is_empty(),
        "{} exclusions read",
        exclusions.len()
    );
    let changed = unpinned(&exclusions, &mutants);
    assert!(
        changed.is_empty(),
        "exclude_re entries of .cargo/mutants.toml that no longer match what \
         they are pinned to (check that each mutant listed is equivalent, \
         then set the count):\n{}",
        changed.join("\n")
    );
}

#[test]
fn a_pin_is_the_count_line_just_above_its_pattern() {
    let config = "exclude_re = [\n  # A reason.\n  # matches 2 mutants\n  '^a',\n  # matches 1 mutant\n  '^b',\n  # No pin.\n  '^c',\n  # matches 1 mutant\n  # matches 2 mutants\n  '^d',\n]\n";
    let read: Vec<(String, Option<usize>)> = exclusions(config)
        .into_iter()
        .map(|exclusion| (exclusion.pattern, exclusion.pinned))
        .collect();
    assert_eq!(
        read,
        [
            ("^a".to_owned(), Some(2)),
            ("^b".to_owned(), Some(1)),
            ("^c".to_owned(), None),
            ("^d".to_owned(), None),
        ]
    );
    let mutants = ["a1", "a2", "b1", "c1"].map(str::to_owned);
    let changed = unpinned(&exclusions(config), &mutants);
    assert_eq!(changed.len(), 2, "{changed:#?}");
    assert!(changed[0].starts_with("^c\n  without one"), "{changed:#?}");
    assert!(changed[1].starts_with("^d\n"), "{changed:#?}");
}

/// The filters of `.cargo/mutants.toml`'s test line (`cargo mutants` run
/// by hand) are among those of `xtask/src/mutants.rs`'s modules, where
/// each is pinned to the number of tests it selects, and select every test
/// those do: a suite renamed in one place and not the other would run
/// nothing there.
#[test]
fn the_test_line_names_the_pinned_suites_of_every_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join(".cargo/mutants.toml"))
        .expect("read .cargo/mutants.toml");
    let config: toml_edit::DocumentMut = text.parse().expect("parse .cargo/mutants.toml");
    let args: Vec<&str> = config["additional_cargo_test_args"]
        .as_array()
        .expect("additional_cargo_test_args is an array")
        .iter()
        .map(|arg| arg.as_str().expect("a string"))
        .collect();
    let skip = args.iter().position(|arg| *arg == "--skip");
    assert_eq!(args[0], "--", "the test line starts with `--`");
    let mut line: Vec<&str> = args[1..skip.unwrap_or(args.len())].to_vec();
    let xtask = std::fs::read_to_string(root.join("xtask/src/mutants.rs"))
        .expect("read xtask/src/mutants.rs");
    let start = xtask
        .find("const MODULES")
        .expect("MODULES in xtask/src/mutants.rs");
    let table = &xtask[start..];
    let table = &table[..table.find("\n];").expect("the end of MODULES")];
    let pinned = Regex::new(r#"\("([^"]+)", (\d+)\),"#).unwrap();
    let mut modules: Vec<&str> = pinned
        .captures_iter(table)
        .map(|found| found.get(1).unwrap().as_str())
        .collect();
    assert!(modules.len() > 20, "{} pinned filters read", modules.len());
    line.sort_unstable();
    line.dedup();
    modules.sort_unstable();
    modules.dedup();
    let unpinned: Vec<&&str> = line.iter().filter(|arg| !modules.contains(arg)).collect();
    assert!(
        unpinned.is_empty(),
        "not pinned in xtask/src/mutants.rs: {unpinned:?}"
    );
    // A test that a module's filter selects holds one of the line's.
    let missing: Vec<&&str> = modules
        .iter()
        .filter(|filter| !line.iter().any(|arg| filter.contains(arg)))
        .collect();
    assert!(
        missing.is_empty(),
        "not in .cargo/mutants.toml's line: {missing:?}"
    );
}
