//! The engine builds for the browser (ARCHITECTURE.md, "The engine and the
//! native edges"): what needs an operating system sits in modules declared
//! under `#[cfg(feature = "native")]`, ARCHITECTURE.md's table lists
//! exactly those, and no other file of `src/` names the file system,
//! threads, the clock, the environment, processes, the standard streams,
//! tokio or the LSP runtime. `tests/targets/wasm.sh` builds that engine for
//! `wasm32-unknown-unknown`; this test says why a failure there is a
//! failure, at the line that caused it.

use std::collections::BTreeSet;

use crate::structure::{Token, tokens};
use crate::support::sources;

/// What a file of the engine may not name: `(path, why)`, each path a
/// sequence of identifiers joined by `::` (one identifier matches alone).
const OUTSIDE_THE_ENGINE: [(&[&str], &str); 16] = [
    (&["fs"], "the file system"),
    (&["read_dir"], "the file system"),
    (&["is_file"], "the file system"),
    (&["is_dir"], "the file system"),
    (&["exists"], "the file system"),
    (&["canonicalize"], "the file system"),
    (&["metadata"], "the file system"),
    (&["thread"], "threads"),
    (&["Instant"], "the clock"),
    (&["SystemTime"], "the clock"),
    (&["env"], "the environment"),
    (&["process"], "processes"),
    (&["stdin"], "the standard streams"),
    (&["stdout"], "the standard streams"),
    (&["tokio"], "the runtime"),
    (&["tower_lsp_server"], "the LSP runtime"),
];

/// The modules declared under `#[cfg(feature = "native")]` (or
/// `test-hooks`, which implies it), as paths below `src/` without `.rs`
/// (`lsp/wire`, `coverage/command`), plus the command line.
fn native_modules(files: &[(String, String)]) -> BTreeSet<String> {
    let mut native = BTreeSet::from(["main".to_owned()]);
    for (path, text) in files {
        let folder = match path.strip_suffix("lib.rs").or(path.strip_suffix("mod.rs")) {
            Some(folder) => folder.to_owned(),
            None => format!("{}/", path.strip_suffix(".rs").unwrap_or(path)),
        };
        let folder = folder.strip_prefix("src/").unwrap_or(&folder).to_owned();
        let mut gated = false;
        for line in text.lines().map(str::trim) {
            if line == "#[cfg(feature = \"native\")]" || line == "#[cfg(feature = \"test-hooks\")]"
            {
                gated = true;
                continue;
            }
            if gated {
                let declared = line
                    .trim_start_matches("pub(crate) ")
                    .trim_start_matches("pub ")
                    .strip_prefix("mod ")
                    .and_then(|rest| rest.strip_suffix(';'));
                if let Some(name) = declared {
                    native.insert(format!("{folder}{name}"));
                }
            }
            gated = false;
        }
    }
    native
}

fn is_native(path: &str, native: &BTreeSet<String>) -> bool {
    let module = path.strip_prefix("src/").unwrap_or(path);
    let module = module.strip_suffix(".rs").unwrap_or(module);
    native
        .iter()
        .any(|gated| module == gated || module.starts_with(&format!("{gated}/")))
}

/// Each name of `OUTSIDE_THE_ENGINE` in a file outside the native modules,
/// as `path:line: name (why)`; a file's `#[cfg(test)]` module and what
/// follows it are the tests' own.
fn violations(files: &[(String, String)]) -> Vec<String> {
    let native = native_modules(files);
    let mut found = Vec::new();
    for (path, text) in files.iter().filter(|(path, _)| !is_native(path, &native)) {
        let tokens = tokens(text);
        let test_start = tokens
            .windows(4)
            .position(|w| {
                matches!(
                    w,
                    [(Token::Ident(cfg), _), (Token::Punct('('), _), (Token::Ident(test), _), (Token::Punct(')'), _)]
                        if cfg == "cfg" && test == "test"
                )
            })
            .unwrap_or(tokens.len());
        for (at, (token, line)) in tokens[..test_start].iter().enumerate() {
            let Token::Ident(name) = token else { continue };
            // A field or method of the same name on a value of the
            // engine's own (`self.process`) is not the OS's.
            let after_dot = at > 0 && tokens[at - 1].0 == Token::Punct('.');
            let own_method = after_dot
                && !matches!(
                    name.as_str(),
                    "is_file" | "is_dir" | "exists" | "metadata" | "canonicalize" | "read_dir"
                );
            if own_method {
                continue;
            }
            // `env!` reads the build's environment, when it compiles.
            let macro_call = tokens
                .get(at + 1)
                .is_some_and(|(t, _)| *t == Token::Punct('!'));
            if name == "env" && macro_call {
                continue;
            }
            if let Some((_, why)) = OUTSIDE_THE_ENGINE
                .iter()
                .find(|(words, _)| words[0] == name)
            {
                found.push(format!("{path}:{line}: `{name}` ({why})"));
            }
        }
    }
    found
}

#[test]
fn engine_edges_only_native_modules_name_the_operating_system() {
    let failures = violations(&sources::rust_sources());
    assert!(
        failures.is_empty(),
        "the engine (every module not declared under #[cfg(feature = \"native\")]) \
         names what wasm32-unknown-unknown does not have; move it behind `native` \
         or take it as a parameter:\n{}",
        failures.join("\n")
    );
}

#[test]
fn engine_edges_architecture_lists_the_native_modules() {
    let architecture = std::fs::read_to_string(sources::root().join("ARCHITECTURE.md"))
        .expect("ARCHITECTURE.md is readable");
    let section = architecture
        .split("### The engine and the native edges")
        .nth(1)
        .expect("ARCHITECTURE.md has a section `### The engine and the native edges`");
    let listed: BTreeSet<String> = section
        .lines()
        .skip_while(|line| !line.starts_with("| native module |"))
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .filter_map(|line| {
            let cell = line.trim_matches('|').split('|').next()?.trim();
            Some(cell.trim_matches('`').replace("::", "/"))
        })
        .collect();
    let gated = native_modules(&sources::rust_sources());
    assert_eq!(
        listed, gated,
        "ARCHITECTURE.md's table of native modules against the modules declared \
         under #[cfg(feature = \"native\")] (and `main`)"
    );
}

/// A fake tree: an engine file that reads a file fails, the same line in
/// a native module or in a file's tests does not, nor does a method of
/// the engine's own that shares a name.
#[test]
fn engine_edges_check_fails_on_the_os_in_the_engine() {
    let tree = |games: &str| -> Vec<(String, String)> {
        [
            (
                "src/lib.rs",
                "pub mod games;\n#[cfg(feature = \"native\")]\npub mod check;\n",
            ),
            (
                "src/check/mod.rs",
                "fn f() { let _ = std::fs::read(\"x\"); }\n",
            ),
            ("src/games/mod.rs", games),
        ]
        .into_iter()
        .map(|(p, t)| (p.to_owned(), t.to_owned()))
        .collect()
    };
    assert_eq!(violations(&tree("fn f() {}\n")), Vec::<String>::new());
    let read = violations(&tree(
        "fn f() {}\nfn g() { let _ = std::fs::read(\"x\"); }\n",
    ));
    assert_eq!(read, ["src/games/mod.rs:2: `fs` (the file system)"]);
    let clock = violations(&tree("use std::time::Instant;\n"));
    assert_eq!(clock, ["src/games/mod.rs:1: `Instant` (the clock)"]);
    let on_disk = violations(&tree("fn f(p: &std::path::Path) -> bool { p.is_file() }\n"));
    assert_eq!(on_disk, ["src/games/mod.rs:1: `is_file` (the file system)"]);
    let tests_only = "fn f() {}\n#[cfg(test)]\nmod tests { fn g() { std::fs::read(\"x\"); } }\n";
    assert_eq!(violations(&tree(tests_only)), Vec::<String>::new());
    let own = "fn f(s: &super::S) -> u8 { s.process }\n";
    assert_eq!(violations(&tree(own)), Vec::<String>::new());
}
