//! The crate's own source files, for tests that read the code as text.

#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};

/// The crate's root folder.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `src/`, as paths relative to the crate root
/// (`src/syntax/mod.rs`), sorted, with its text.
pub fn rust_sources() -> Vec<(String, String)> {
    let mut files = Vec::new();
    collect(&root().join("src"), &mut files);
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
