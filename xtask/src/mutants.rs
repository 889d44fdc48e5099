//! `cargo xtask mutants [MODULE…] [--shard K/N]`: the mutation score of
//! the code that decides verdicts, one module at a time, each mutant
//! judged by that module's own suites only (a few seconds of tests).
//!
//! The settings and the excluded (equivalent) mutants are in
//! `.cargo/mutants.toml`; this task copies it with the test line narrowed
//! to the module's suites. Every run shares one target directory,
//! `<target>/mutants`, so a mutant rebuilds only the crate, incrementally.
//! The runs are `nice`d and one job wide: they take idle cycles.

use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use super::{Result, Workspace};

pub const HELP: &str = "\
cargo xtask mutants [MODULE...] [--shard K/N]

Runs cargo-mutants (27.x: cargo install cargo-mutants --locked) over
src/games/, src/answers/ and src/profile/ (or the MODULEs named: games,
answers, profile), each with the test suites that judge it. The outcome
of each is in <target>/mutants-out/MODULE/mutants.out (missed.txt lists
the survivors); CONTRIBUTING.md has the last score.

Options:
  --shard K/N   run the K-th of N shards of each module (0-based K)
";

/// The exhaustive search of Tomek play (`profiles::`), left out of every
/// module's tests: 7.5 minutes a mutant with the crate at opt-level 0,
/// and every mutant of src/profile/ is caught without it (CONTRIBUTING.md).
const SKIP_SLOW: [&str; 2] = [
    "--skip",
    "tomek_reachability_matches_an_exhaustive_search_of_play",
];

/// Each module, the files of its mutants, and the tests that judge it
/// (name filters over the unit tests and the modules of tests/it).
const MODULES: &[(&str, &str, &[&str])] = &[
    (
        "games",
        "src/games/**/*.rs",
        &[
            "games::",
            "syntax::",
            "solve::",
            "check_snapshots::",
            "coverage::",
            "profiles::",
            "lsp_features::",
        ],
    ),
    (
        "answers",
        "src/answers/**/*.rs",
        &[
            "answers::",
            "answer_files::",
            "check_cli::",
            "check_formats::",
        ],
    ),
    (
        "profile",
        "src/profile/**/*.rs",
        &["profile", "coverage::", "answers::", "check_cli::"],
    ),
];

/// The line of `.cargo/mutants.toml` that this task replaces per module.
const TEST_ARGS_KEY: &str = "additional_cargo_test_args";

pub fn run(args: &[String]) -> Result {
    let mut chosen = Vec::new();
    let mut shard = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => return Err(HELP.to_owned()),
            "--shard" => {
                shard = Some(
                    args.next()
                        .ok_or_else(|| format!("--shard needs a value\n\n{HELP}"))?,
                );
            }
            name => match MODULES.iter().find(|(module, ..)| *module == name) {
                Some(module) => chosen.push(module),
                None => return Err(format!("unknown module `{name}`\n\n{HELP}")),
            },
        }
    }
    if chosen.is_empty() {
        chosen.extend(MODULES);
    }
    let workspace = Workspace::locate()?;
    let config = fs::read_to_string(workspace.root.join(".cargo/mutants.toml"))
        .map_err(|e| format!("cannot read .cargo/mutants.toml: {e}"))?;
    let out = workspace.target.join("mutants-out");
    fs::create_dir_all(&out).map_err(|e| super::io("create", &out, e))?;
    let mut failed = Vec::new();
    for (module, files, tests) in chosen {
        let module_config = out.join(format!("{module}.toml"));
        let tests: Vec<&str> = tests.iter().copied().chain(SKIP_SLOW).collect();
        fs::write(&module_config, narrowed(&config, &tests)?)
            .map_err(|e| super::io("write", &module_config, e))?;
        super::step(&format!("mutants of {files} (tests: {})", tests.join(" ")));
        let mut command = niced("cargo");
        command
            .current_dir(&workspace.root)
            .args(["mutants", "--jobs", "1", "--copy-target=false"])
            .arg("--config")
            .arg(&module_config)
            .args(["--file", files, "--output"])
            .arg(out.join(module))
            // One shared target directory, outside the copied tree: the
            // dependencies are built once, the crate incrementally.
            .env("CARGO_TARGET_DIR", workspace.target.join("mutants"))
            .env("BOARDLS_BUILD_ID", "mutants");
        if let Some(shard) = shard {
            command.args(["--shard", shard]);
        }
        let started = Instant::now();
        let status = command
            .status()
            .map_err(|e| format!("cannot run cargo mutants (is it installed?): {e}"))?;
        let minutes = started.elapsed().as_secs_f64() / 60.0;
        eprintln!(
            "{module}: {minutes:.1} min, {}",
            outcome(&out.join(module).join("mutants.out"))
        );
        if !status.success() {
            failed.push(format!("{module} ({status})"));
        }
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "mutants missed or not run in: {} (see {})",
            failed.join(", "),
            out.display()
        ))
    }
}

/// `config` with its test-arguments line replaced by `tests`.
fn narrowed(config: &str, tests: &[&str]) -> Result<String> {
    let mut found = false;
    let lines: Vec<String> = config
        .lines()
        .map(|line| {
            if line.starts_with(TEST_ARGS_KEY) {
                found = true;
                let quoted: Vec<String> = tests.iter().map(|t| format!("{t:?}")).collect();
                format!("{TEST_ARGS_KEY} = [\"--\", {}]", quoted.join(", "))
            } else {
                line.to_owned()
            }
        })
        .collect();
    if found {
        Ok(lines.join("\n") + "\n")
    } else {
        Err(format!(
            ".cargo/mutants.toml has no `{TEST_ARGS_KEY} = [...]` line"
        ))
    }
}

/// The counts of a finished run, from cargo-mutants' own lists.
fn outcome(dir: &Path) -> String {
    let count = |name: &str| {
        fs::read_to_string(dir.join(name))
            .map(|text| text.lines().count().to_string())
            .unwrap_or_else(|_| "?".to_owned())
    };
    format!(
        "{} caught, {} missed, {} unviable, {} timeout",
        count("caught.txt"),
        count("missed.txt"),
        count("unviable.txt"),
        count("timeout.txt")
    )
}

/// `program` at the lowest priority where `nice` exists: the runs take
/// hours of otherwise idle cycles.
fn niced(program: &str) -> Command {
    if cfg!(unix) {
        let mut command = Command::new("nice");
        command.args(["-n", "19", program]);
        command
    } else {
        Command::new(program)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_test_line_is_narrowed_to_the_modules_suites() {
        let config = "profile = \"release\"\nadditional_cargo_test_args = [\"--\", \"all\"]\nexclude_re = []\n";
        assert_eq!(
            narrowed(config, &["games::", "solve::"]).unwrap(),
            "profile = \"release\"\nadditional_cargo_test_args = [\"--\", \"games::\", \"solve::\"]\nexclude_re = []\n"
        );
        assert!(narrowed("profile = \"release\"\n", &["games::"]).is_err());
    }

    #[test]
    fn each_module_has_files_and_tests() {
        for (module, files, tests) in MODULES {
            assert!(files.starts_with(&format!("src/{module}/")), "{module}");
            assert!(!tests.is_empty(), "{module}");
        }
    }
}
