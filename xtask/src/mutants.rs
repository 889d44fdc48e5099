//! `cargo xtask mutants [MODULE…] [--shard K/N] [--sample N --seed S]`:
//! the mutation score of the engine's verdict code, the judges' output
//! and the parser, one module at a time, each mutant judged by that
//! module's own suites only (a few seconds of tests).
//!
//! The settings and the excluded (equivalent) mutants are in
//! `.cargo/mutants.toml`; this task copies it with the test line narrowed
//! to the module's suites (and, for a sample, the chosen mutants named).
//! Every run shares one target directory, `<target>/mutants`, so a mutant
//! rebuilds only the workspace's crates, incrementally. The runs are
//! `nice`d and one job wide: they take idle cycles.
//!
//! cargo-mutants' own baseline builds only the mutated package's tests
//! (27.1 leaves `test_package` out of it, and the engine has no `it`), so
//! this task runs the baseline itself, with the same build: first each
//! filter is counted (a renamed suite fails here, not by selecting nothing),
//! then the module's suites run once unmutated and must pass.

use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use super::{Result, Workspace};

pub const HELP: &str = "\
cargo xtask mutants [MODULE...] [--shard K/N] [--sample N --seed S]

Runs cargo-mutants (27.1: cargo install cargo-mutants --version 27.1.0
--locked) over the engine's modules (or the MODULEs named: games, answers,
profile, solve, syntax), each with the test suites that judge it. Before
each, every test filter is checked to select at least the tests it selects
today, and the suites run once unmutated. The outcome of each is in
<target>/mutants-out/MODULE/mutants.out (missed.txt lists the survivors);
CONTRIBUTING.md has the last score.

Options:
  --shard K/N          run the K-th of N shards of each module (0-based K)
  --sample N --seed S  run N of each module's mutants, chosen at random
                       from seed S with every file represented (the list
                       is written to <target>/mutants-out/MODULE-sample.txt)
";

/// The exhaustive search of Tomek play (`profiles::`), left out of every
/// module's tests: 7.5 minutes a mutant with the crate at opt-level 0,
/// and every mutant of profile/ is caught without it (CONTRIBUTING.md).
const SKIP_SLOW: [&str; 2] = [
    "--skip",
    "tomek_reachability_matches_an_exhaustive_search_of_play",
];

/// A part of the engine whose mutants are judged together.
struct Module {
    name: &'static str,
    /// The glob of its files, as `cargo mutants --file` takes it.
    files: &'static str,
    /// The suites that judge it: name filters over the engine's unit
    /// tests, this package's and the modules of tests/it, each with the
    /// number of tests it selects (the run stops when one selects fewer).
    tests: &'static [(&'static str, usize)],
}

const MODULES: &[Module] = &[
    Module {
        name: "games",
        files: "crates/boardls-engine/src/games/**/*.rs",
        tests: &[
            ("games::", 19),
            ("syntax::", 32),
            ("solve::", 14),
            ("check::snapshots::", 3),
            ("coverage::", 6),
            ("profiles::", 7),
            ("lsp_features::", 45),
            ("hover::", 43),
            ("tokens::", 15),
        ],
    },
    Module {
        name: "answers",
        files: "crates/boardls-engine/src/answers/**/*.rs",
        tests: &[
            ("answers::", 39),
            ("check::cli::", 8),
            ("check::formats::", 9),
        ],
    },
    Module {
        name: "profile",
        files: "crates/boardls-engine/src/profile/**/*.rs",
        tests: &[
            ("profile", 13),
            ("coverage::", 6),
            ("answers::", 39),
            ("check::cli::", 8),
        ],
    },
    Module {
        name: "solve",
        files: "crates/boardls-engine/src/solve.rs",
        tests: &[
            ("solve::", 14),
            ("format::", 11),
            ("answers::server::", 14),
            ("the_solve_examples_print_what_they_show", 1),
        ],
    },
    Module {
        name: "syntax",
        files: "crates/boardls-engine/src/syntax/**/*.rs",
        tests: &[
            ("syntax::", 32),
            ("games::", 19),
            ("check::snapshots::", 3),
            ("check::cli::", 8),
            ("check::formats::", 9),
            ("check::full::", 5),
            ("codes::", 3),
            ("document_incremental::", 6),
            ("format::", 11),
            ("fuzz_regressions::", 6),
            ("robust_props::", 4),
            ("lsp_features::", 45),
            ("hover::", 43),
            ("tokens::", 15),
            ("coverage::", 6),
            ("profiles::", 7),
            ("answers::", 39),
        ],
    },
];

/// The line of `.cargo/mutants.toml` that this task replaces per module.
const TEST_ARGS_KEY: &str = "additional_cargo_test_args";

/// A seeded sample: how many mutants, and the seed.
#[derive(Clone, Copy)]
struct Sample {
    size: usize,
    seed: u64,
}

pub fn run(args: &[String]) -> Result {
    let mut chosen = Vec::new();
    let mut shard = None;
    let (mut size, mut seed) = (None, None);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .ok_or_else(|| format!("{name} needs a value\n\n{HELP}"))
        };
        match arg.as_str() {
            "-h" | "--help" => return Err(HELP.to_owned()),
            "--shard" => shard = Some(value("--shard")?),
            "--sample" => size = Some(number(value("--sample")?, "--sample")?),
            "--seed" => seed = Some(number(value("--seed")?, "--seed")?),
            name => match MODULES.iter().find(|module| module.name == name) {
                Some(module) => chosen.push(module),
                None => return Err(format!("unknown module `{name}`\n\n{HELP}")),
            },
        }
    }
    let sample = match (size, seed) {
        (Some(size), Some(seed)) => Some(Sample {
            size: usize::try_from(size).map_err(|e| format!("--sample: {e}"))?,
            seed,
        }),
        (None, None) => None,
        _ => return Err(format!("--sample and --seed go together\n\n{HELP}")),
    };
    if chosen.is_empty() {
        chosen.extend(MODULES);
    }
    let workspace = Workspace::locate()?;
    let config = fs::read_to_string(workspace.root.join(".cargo/mutants.toml"))
        .map_err(|e| format!("cannot read .cargo/mutants.toml: {e}"))?;
    let out = workspace.target.join("mutants-out");
    fs::create_dir_all(&out).map_err(|e| super::io("create", &out, e))?;
    let target_dir = workspace.target.join("mutants");
    let mut failed = Vec::new();
    for module in chosen {
        let filters: Vec<&str> = module.tests.iter().map(|(filter, _)| *filter).collect();
        let tests: Vec<&str> = filters.iter().copied().chain(SKIP_SLOW).collect();
        let mut module_config = narrowed(&config, &tests)?;
        let test_timeout = baseline(&workspace.root, &target_dir, &module_config, module)?;
        let name = match sample {
            Some(sample) => {
                let config_path = out.join(format!("{}-all.toml", module.name));
                fs::write(&config_path, &module_config)
                    .map_err(|e| super::io("write", &config_path, e))?;
                let listed = listed_mutants(&workspace.root, &config_path, module.files)?;
                let picked = sampled(&listed, sample);
                let list = out.join(format!("{}-sample.txt", module.name));
                let names: Vec<&str> = picked.iter().map(|(_, name)| name.as_str()).collect();
                fs::write(&list, names.join("\n") + "\n")
                    .map_err(|e| super::io("write", &list, e))?;
                eprintln!(
                    "{}: {} of {} mutants (seed {}), from {} files, listed in {}",
                    module.name,
                    picked.len(),
                    listed.len(),
                    sample.seed,
                    files_of(&picked),
                    list.display()
                );
                module_config = examining(&module_config, &names);
                format!("{}-sample", module.name)
            }
            None => module.name.to_owned(),
        };
        let config_path = out.join(format!("{name}.toml"));
        fs::write(&config_path, &module_config).map_err(|e| super::io("write", &config_path, e))?;
        if sample.is_some() {
            // The sample's patterns select exactly its mutants.
            let selected = listed_mutants(&workspace.root, &config_path, module.files)?;
            let list = out.join(format!("{name}.txt"));
            let expected = fs::read_to_string(&list).map_err(|e| super::io("read", &list, e))?;
            if selected
                .iter()
                .map(|(_, name)| format!("{name}\n"))
                .collect::<String>()
                != expected
            {
                return Err(format!(
                    "{} selects {} mutants, not the {} of {}",
                    config_path.display(),
                    selected.len(),
                    expected.lines().count(),
                    list.display()
                ));
            }
        }
        super::step(&format!(
            "mutants of {} (tests: {}; timeout {test_timeout} s)",
            module.files,
            tests.join(" ")
        ));
        let mut command = niced("cargo");
        command
            .current_dir(&workspace.root)
            .args([
                "mutants",
                "--workspace",
                "--jobs",
                "1",
                "--copy-target=false",
            ])
            // The baseline ran above, with the packages it needs.
            .args(["--baseline", "skip", "--timeout", &test_timeout.to_string()])
            .arg("--config")
            .arg(&config_path)
            .args(["--file", module.files, "--output"])
            .arg(out.join(&name))
            // One shared target directory, outside the copied tree: the
            // dependencies are built once, the crates incrementally.
            .env("CARGO_TARGET_DIR", &target_dir)
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
            "{name}: {minutes:.1} min, {}",
            outcome(&out.join(&name).join("mutants.out"))
        );
        if !status.success() {
            failed.push(format!("{name} ({status})"));
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

fn number(text: &str, option: &str) -> Result<u64> {
    text.parse()
        .map_err(|e| format!("{option} `{text}`: {e}\n\n{HELP}"))
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

/// `config` limited to the mutants named (`examine_re`, each name exactly).
fn examining(config: &str, names: &[&str]) -> String {
    let patterns: Vec<String> = names
        .iter()
        .map(|name| format!("  {:?},", format!("^{}$", regex_escaped(name))))
        .collect();
    format!("{config}\nexamine_re = [\n{}\n]\n", patterns.join("\n"))
}

/// `text` with every character that a regex reads as an operator escaped.
fn regex_escaped(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if "\\.+*?()|[]{}^$".contains(c) {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
}

/// The build and test command of `config`, as cargo-mutants runs it: the
/// profile, the features, the packages under test and the extra
/// arguments (the test arguments after `--` are the caller's).
fn cargo_test(root: &Path, target_dir: &Path, config: &str) -> Result<Command> {
    let config: toml_edit::DocumentMut = config
        .parse()
        .map_err(|e| format!("cannot parse .cargo/mutants.toml: {e}"))?;
    let strings = |key: &str| -> Vec<String> {
        config
            .get(key)
            .and_then(|item| item.as_array())
            .map(|array| {
                array
                    .iter()
                    .filter_map(|value| value.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    let mut command = niced("cargo");
    command.current_dir(root).arg("test");
    if let Some(profile) = config.get("profile").and_then(|item| item.as_str()) {
        command.arg(format!("--profile={profile}"));
    }
    for feature in strings("features") {
        command.arg(format!("--features={feature}"));
    }
    for package in strings("test_package") {
        command.arg(format!("--package={package}"));
    }
    command
        .args(strings("additional_cargo_args"))
        .env("CARGO_TARGET_DIR", target_dir)
        .env("BOARDLS_BUILD_ID", "mutants");
    Ok(command)
}

/// The module's suites, unmutated: each filter must select at least the
/// tests it is pinned to, and together they must pass. Returns the test
/// timeout for the mutants: five times the run, or the configured floor.
fn baseline(root: &Path, target_dir: &Path, config: &str, module: &Module) -> Result<u64> {
    super::step(&format!("the suites of {}, unmutated", module.name));
    // cargo-mutants builds its copies of the tree into this same target
    // directory, where a unit's name does not depend on the tree's folder:
    // the engine's last build may be a mutant's, newer than every file
    // here, and so taken as fresh. Cleaning it rebuilds it from this tree.
    let profile = toml_string(config, "profile").unwrap_or_else(|| "dev".to_owned());
    super::output(
        super::cargo()
            .current_dir(root)
            .args([
                "clean",
                "--profile",
                &profile,
                "--package",
                "boardls-engine",
            ])
            .env("CARGO_TARGET_DIR", target_dir),
    )?;
    // libtest's filters: a test runs when its name holds a filter and no
    // `--skip` text.
    let listed = super::output(
        cargo_test(root, target_dir, config)?.args(["--", "--list", "--format", "terse"]),
    )?;
    let names: Vec<&str> = listed
        .lines()
        .filter_map(|line| line.strip_suffix(": test"))
        .filter(|name| !name.contains(SKIP_SLOW[1]))
        .collect();
    let mut short = Vec::new();
    for &(filter, pinned) in module.tests {
        let selected = names.iter().filter(|name| name.contains(filter)).count();
        if selected < pinned {
            short.push(format!(
                "`{filter}` selects {selected} tests, {pinned} expected"
            ));
        }
    }
    if !short.is_empty() {
        return Err(format!(
            "the suites of {} shrank (xtask/src/mutants.rs pins them):\n  {}",
            module.name,
            short.join("\n  ")
        ));
    }
    let filters = module.tests.iter().map(|(filter, _)| *filter);
    let started = Instant::now();
    let status = cargo_test(root, target_dir, config)?
        .arg("--")
        .args(filters)
        .args(SKIP_SLOW)
        .status()
        .map_err(|e| format!("cannot run cargo test: {e}"))?;
    if !status.success() {
        return Err(format!(
            "the suites of {} fail unmutated ({status})",
            module.name
        ));
    }
    // The build is warm by now (the listing built it): this is the tests.
    let seconds = started.elapsed().as_secs();
    let floor = toml_integer(config, "minimum_test_timeout").unwrap_or(60);
    Ok(floor.max(5 * seconds))
}

fn toml_string(config: &str, key: &str) -> Option<String> {
    let config: toml_edit::DocumentMut = config.parse().ok()?;
    Some(config.get(key)?.as_str()?.to_owned())
}

fn toml_integer(config: &str, key: &str) -> Option<u64> {
    let config: toml_edit::DocumentMut = config.parse().ok()?;
    u64::try_from(config.get(key)?.as_integer()?).ok()
}

/// Every mutant of `files` that the configuration at `config` selects,
/// as `(file, name)`, in cargo-mutants' order.
fn listed_mutants(root: &Path, config: &Path, files: &str) -> Result<Vec<(String, String)>> {
    let json = super::output(
        super::cargo()
            .current_dir(root)
            .args(["mutants", "--list", "--json", "--workspace", "--config"])
            .arg(config)
            .args(["--file", files]),
    )?;
    let listed: serde_json::Value = serde_json::from_str(&json)
        .map_err(|e| format!("cannot read cargo mutants --list --json: {e}"))?;
    let mutants: Vec<(String, String)> = listed
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|mutant| {
            Some((
                mutant["file"].as_str()?.to_owned(),
                mutant["name"].as_str()?.to_owned(),
            ))
        })
        .collect();
    if mutants.is_empty() {
        return Err(format!("cargo mutants lists no mutant in {files}"));
    }
    Ok(mutants)
}

/// `sample.size` of `mutants`, the same for the same seed and list: one
/// from each file first (so that every file is represented), then the
/// others in a seeded shuffle; in the list's order.
fn sampled(mutants: &[(String, String)], sample: Sample) -> Vec<(String, String)> {
    let mut order: Vec<usize> = (0..mutants.len()).collect();
    let mut random = SplitMix64(sample.seed);
    for i in (1..order.len()).rev() {
        let j = (random.next() % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    let mut files_seen = std::collections::BTreeSet::new();
    let (first_of_each, others): (Vec<usize>, Vec<usize>) = order
        .iter()
        .partition(|&&i| files_seen.insert(mutants[i].0.as_str()));
    let mut picked: Vec<usize> = first_of_each
        .into_iter()
        .chain(others)
        .take(sample.size.max(files_seen.len()))
        .collect();
    picked.sort_unstable();
    picked.into_iter().map(|i| mutants[i].clone()).collect()
}

fn files_of(mutants: &[(String, String)]) -> usize {
    let files: std::collections::BTreeSet<&str> =
        mutants.iter().map(|(file, _)| file.as_str()).collect();
    files.len()
}

/// SplitMix64 (Steele, Lea and Flood): a seeded sequence that needs no
/// dependency and is the same on every platform.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
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
    fn each_module_has_engine_files_and_pinned_tests() {
        for module in MODULES {
            let name = module.name;
            assert!(
                module
                    .files
                    .starts_with(&format!("crates/boardls-engine/src/{name}")),
                "{name}"
            );
            assert!(!module.tests.is_empty(), "{name}");
            assert!(module.tests.iter().all(|&(_, pinned)| pinned > 0), "{name}");
        }
    }

    fn mutants_of(files: &[(&str, usize)]) -> Vec<(String, String)> {
        files
            .iter()
            .flat_map(|&(file, count)| {
                (0..count).map(move |i| (file.to_owned(), format!("{file}:{i}: replace")))
            })
            .collect()
    }

    #[test]
    fn a_sample_is_the_same_for_a_seed_and_holds_every_file() {
        let mutants = mutants_of(&[("big.rs", 500), ("small.rs", 1), ("mid.rs", 40)]);
        let sample = Sample { size: 30, seed: 47 };
        let picked = sampled(&mutants, sample);
        assert_eq!(picked.len(), 30);
        assert_eq!(files_of(&picked), 3);
        assert_eq!(picked, sampled(&mutants, sample));
        assert_ne!(picked, sampled(&mutants, Sample { seed: 48, ..sample }));
        let mut names: Vec<&str> = picked.iter().map(|(_, name)| name.as_str()).collect();
        names.dedup();
        assert_eq!(names.len(), 30, "no mutant twice");
    }

    #[test]
    fn a_sample_names_each_mutant_exactly() {
        let name =
            "crates/e/src/a.rs:12:5: replace | with ^ in <impl Foo for Bar>::f -> Option<u8>";
        let config = examining("profile = \"release\"\n", &[name]);
        let parsed: toml_edit::DocumentMut = config.parse().unwrap();
        let pattern = parsed["examine_re"][0].as_str().unwrap().to_owned();
        assert_eq!(
            pattern,
            r"^crates/e/src/a\.rs:12:5: replace \| with \^ in <impl Foo for Bar>::f -> Option<u8>$"
        );
    }
}
