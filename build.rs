//! Sets `BOARDLS_BUILD_ID`, shown by `boardls --version`: which source
//! the binary was built from, so that two checkouts sharing one target
//! directory can tell their binaries apart.
//!
//! - In a git checkout of this package: the commit (12 hex digits), and
//!   `-dirty-` with a hash of the changes when the sources that go into
//!   the binary differ from it.
//! - From a crate package (`cargo install boardls`): the commit cargo
//!   recorded in `.cargo_vcs_info.json` when it packaged the crate.
//! - Otherwise `unknown`. `BOARDLS_BUILD_ID` in the environment overrides
//!   all three (a distribution's own build id).

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The checkout a build comes from, as `cargo xtask dist` sets it.
const CHECKOUT: &str = "BOARDLS_CHECKOUT";

/// The files and folders that make the binary; a change in them makes a
/// checkout dirty.
const SOURCES: &[&str] = &["src", "crates", "build.rs", "Cargo.toml", "Cargo.lock"];

fn main() {
    println!("cargo::rerun-if-env-changed=BOARDLS_BUILD_ID");
    // Two checkouts sharing a target directory look alike to cargo: the
    // same relative paths, and the other checkout's files may be older
    // than the last build, so cargo would keep the other checkout's
    // binary. `cargo xtask dist` names the checkout it builds here; a
    // new name runs this script again, and the crate is built anew.
    println!("cargo::rerun-if-env-changed={CHECKOUT}");
    let manifest_dir = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let id = match env::var("BOARDLS_BUILD_ID") {
        Ok(id) if !id.trim().is_empty() => id.trim().to_owned(),
        _ => git_build_id(&manifest_dir)
            .or_else(|| packaged_build_id(&manifest_dir))
            .unwrap_or_else(|| "unknown".to_owned()),
    };
    println!("cargo::rustc-env=BOARDLS_BUILD_ID={id}");
}

/// Runs git in the package's folder; its trimmed output, if it succeeded.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let output = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .output()
        .ok()?;
    if !output.status.success() {
        return None;
    }
    Some(
        String::from_utf8_lossy(&output.stdout)
            .trim_end()
            .to_owned(),
    )
}

fn git_build_id(dir: &Path) -> Option<String> {
    // Only a repository whose top is this package: a packaged crate that
    // sits inside someone else's repository (vendored) is not a checkout.
    let top = git(dir, &["rev-parse", "--show-toplevel"])?;
    if fs::canonicalize(&top).ok()? != fs::canonicalize(dir).ok()? {
        return None;
    }
    let commit = git(dir, &["rev-parse", "HEAD"])?;
    watch_git(dir);
    for source in SOURCES {
        println!("cargo::rerun-if-changed={source}");
    }

    let with_sources = |args: &[&'static str]| -> Vec<&'static str> {
        args.iter()
            .chain(["--"].iter())
            .chain(SOURCES)
            .copied()
            .collect()
    };
    let mut changes = git(dir, &with_sources(&["diff", "HEAD", "--binary"]))?;
    let untracked_args = with_sources(&["ls-files", "--others", "--exclude-standard"]);
    for file in git(dir, &untracked_args)?.lines() {
        changes.push_str(file);
        changes.push_str(&fs::read_to_string(dir.join(file)).unwrap_or_default());
    }
    let short = &commit[..commit.len().min(12)];
    Some(if changes.is_empty() {
        short.to_owned()
    } else {
        format!("{short}-dirty-{:08x}", fnv1a(changes.as_bytes()) as u32)
    })
}

/// Reruns the script when HEAD moves: a checkout, a commit, a fetch that
/// packs the refs. Not the index, which git rewrites on a mere `status`.
fn watch_git(dir: &Path) {
    let path = |args: &[&str]| git(dir, args).map(|p| dir.join(p));
    let (Some(git_dir), Some(common_dir)) = (
        path(&["rev-parse", "--git-dir"]),
        path(&["rev-parse", "--git-common-dir"]),
    ) else {
        return;
    };
    let mut watched = vec![git_dir.join("HEAD"), common_dir.join("packed-refs")];
    if let Some(branch) = git(dir, &["symbolic-ref", "-q", "HEAD"]) {
        watched.push(common_dir.join(branch));
    }
    for file in watched.iter().filter(|file| file.exists()) {
        println!("cargo::rerun-if-changed={}", file.display());
    }
}

/// The commit `cargo package` recorded, with `-dirty` when it packaged
/// uncommitted changes.
fn packaged_build_id(dir: &Path) -> Option<String> {
    let info = fs::read_to_string(dir.join(".cargo_vcs_info.json")).ok()?;
    let sha = json_string_after(&info, "\"sha1\"")?;
    let short = &sha[..sha.len().min(12)];
    let dirty = info.contains("\"dirty\": true") || info.contains("\"dirty\":true");
    Some(if dirty {
        format!("{short}-dirty")
    } else {
        short.to_owned()
    })
}

/// The string value after a key in a small, flat piece of JSON.
fn json_string_after<'a>(json: &'a str, key: &str) -> Option<&'a str> {
    let rest = &json[json.find(key)? + key.len()..];
    let rest = rest.trim_start().strip_prefix(':')?.trim_start();
    let rest = rest.strip_prefix('"')?;
    let value = &rest[..rest.find('"')?];
    value
        .chars()
        .all(|c| c.is_ascii_hexdigit())
        .then_some(value)
}

/// 64-bit FNV-1a: enough to tell one set of changes from another.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}
