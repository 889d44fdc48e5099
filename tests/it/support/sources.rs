//! The crate's own source files, for tests that read the code as text.

#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};

/// The crate's root folder.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The folders that hold the workspace's Rust sources: this package's
/// `src/` and each crate's under `crates/`.
pub fn source_roots() -> Vec<PathBuf> {
    let mut roots = vec![root().join("src")];
    let mut crates: Vec<PathBuf> = fs::read_dir(root().join("crates"))
        .expect("the crates folder")
        .map(|entry| entry.expect("a readable folder entry").path().join("src"))
        .filter(|src| src.is_dir())
        .collect();
    crates.sort();
    roots.extend(crates);
    roots
}

/// Every `.rs` file of the workspace's crates (this package's `src/` and
/// `crates/*/src/`), as paths relative to the repository's root
/// (`crates/boardls-engine/src/syntax/mod.rs`), sorted, with its text.
pub fn rust_sources() -> Vec<(String, String)> {
    let mut files = Vec::new();
    for source_root in source_roots() {
        collect(&source_root, &mut files);
    }
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let text =
                fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
            let relative = path
                .strip_prefix(root())
                .expect("under the crate root")
                .to_string_lossy()
                .replace('\\', "/");
            (relative, text)
        })
        .collect()
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = fs::read_dir(dir).unwrap_or_else(|err| panic!("{}: {err}", dir.display()));
    for entry in entries {
        let path = entry.expect("a readable folder entry").path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}
