//! The mutation score's exclusions stay true: each `exclude_re` of
//! `.cargo/mutants.toml` (a mutant that no behaviour tells apart) still
//! names a mutant that cargo-mutants makes, so a moved or renamed
//! function cannot leave a stale exclusion that hides nothing, or hides
//! a mutant it was not written for. `cargo mutants --list` builds
//! nothing; tests/run.sh installs the pinned cargo-mutants.

use std::path::Path;
use std::process::Command;

use regex::Regex;

/// The exclusions of `.cargo/mutants.toml`.
fn exclusions(root: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(root.join(".cargo/mutants.toml"))
        .expect("read .cargo/mutants.toml");
    let config: toml_edit::DocumentMut = text.parse().expect("parse .cargo/mutants.toml");
    config["exclude_re"]
        .as_array()
        .expect("exclude_re is an array")
        .iter()
        .map(|value| {
            value
                .as_str()
                .expect("each exclude_re is a string")
                .to_owned()
        })
        .collect()
}

/// Every mutant of the crate, as `cargo mutants --list` names them
/// (`src/FILE:LINE:COL: replace …`), with no exclusion applied; `None`
/// when cargo-mutants is not installed.
fn every_mutant(root: &Path) -> Option<Vec<String>> {
    let output = Command::new(env!("CARGO"))
        .args(["mutants", "--list", "--no-config"])
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

#[test]
fn every_exclusion_still_matches_a_mutant() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let Some(mutants) = every_mutant(root) else {
        // CI installs it (tests/run.sh): there, its absence is a failure.
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "cargo-mutants is not installed (tests/run.sh installs it)"
        );
        crate::support::skipped(
            "mutants",
            "every exclusion still matches a mutant",
            "cargo-mutants is not installed",
        );
        return;
    };
    assert!(
        mutants.len() > 1000,
        "cargo mutants --list gave {} mutants",
        mutants.len()
    );
    let stale: Vec<String> = exclusions(root)
        .into_iter()
        .filter(|pattern| {
            let regex = Regex::new(pattern).unwrap_or_else(|e| panic!("{pattern}: {e}"));
            !mutants.iter().any(|name| regex.is_match(name))
        })
        .collect();
    assert!(
        stale.is_empty(),
        "exclude_re entries of .cargo/mutants.toml that match no mutant:\n{}",
        stale.join("\n")
    );
}
