//! `cargo xtask web`: the playground, built into `dist/web/` for any
//! static file server.
//!
//! - the wasm server: `cargo build -p boardls-web --release --target
//!   wasm32-unknown-unknown`, then `wasm-bindgen --target web` (the CLI's
//!   version must equal the `wasm-bindgen` crate's in Cargo.lock), unless
//!   `BOARDLS_WEB_PKG` names a folder that already holds wasm-bindgen's
//!   output (`boardls_web.js`, `boardls_web_bg.wasm`);
//! - `npm ci` in `web/` when its lockfile changed (esbuild, monaco-editor,
//!   playwright-core for the browser tests);
//! - esbuild bundles the worker (`web/worker/server-worker.js`, with
//!   wasm-bindgen's glue inside) into one classic script, the page's
//!   first script (`web/playground/session.js`, the examples inside), the
//!   editor (`web/playground/main.js`, Monaco inside) into `playground.js`
//!   and `playground.css`, and Monaco's editor worker;
//! - `index.html`, `style.css` and the `.wasm` are copied beside them.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::{Result, Workspace, copy, io, node_bin, npm_ci, output, remove_dir, run, step};

pub const HELP: &str = "\
cargo xtask web

Builds the playground into dist/web/ (index.html at its top), for any
static file server, e.g. `python3 -m http.server -d dist/web`:
  index.html, style.css      the page
  session.js                 its first script: the board, the server's
                             worker, the diagnostics and verdicts beside it
  playground.js, .css        the editor (Monaco) and its buttons, bundled
  editor.worker.js           Monaco's own worker
  server-worker.js           the language server's web worker
  boardls_web_bg.wasm        the language server, built for wasm32

Steps: cargo build -p boardls-web --release --target wasm32-unknown-unknown;
wasm-bindgen --target web (wasm-bindgen-cli's version must equal the
wasm-bindgen crate's in Cargo.lock); npm ci in web/ when its lockfile
changed; esbuild.
Installs what it lacks: the wasm32-unknown-unknown target (rustup) and
wasm-bindgen-cli at the crate's version (cargo install, a few minutes once).
Environment:
  BOARDLS_WEB_PKG=DIR   take wasm-bindgen's output (boardls_web.js and
                        boardls_web_bg.wasm) from DIR; no wasm build
";

const WASM_TARGET: &str = "wasm32-unknown-unknown";
/// wasm-bindgen's output names (`--out-name boardls_web`).
const GLUE: &str = "boardls_web.js";
const WASM: &str = "boardls_web_bg.wasm";

pub fn run_task(args: &[String]) -> Result {
    if !args.is_empty() {
        return Err(HELP.to_owned());
    }
    let Workspace { root, target } = Workspace::locate()?;
    let web = root.join("web");
    let out = root.join("dist/web");

    let pkg = match env::var_os("BOARDLS_WEB_PKG") {
        Some(dir) => {
            let dir = PathBuf::from(dir);
            step(&format!(
                "taking the wasm server from {} (BOARDLS_WEB_PKG)",
                dir.display()
            ));
            dir
        }
        None => build_wasm(&root, &target)?,
    };
    for file in [GLUE, WASM] {
        if !pkg.join(file).is_file() {
            return Err(format!(
                "{} has no {file}: it must hold wasm-bindgen --target web --out-name boardls_web's output",
                pkg.display()
            ));
        }
    }

    npm_ci(
        &web,
        &["esbuild"],
        "web (esbuild, monaco-editor, playwright-core)",
    )?;
    remove_dir(&out)?;
    fs::create_dir_all(&out).map_err(|e| io("create", &out, e))?;

    step("bundling the worker, the page and Monaco (esbuild)");
    let esbuild = || {
        let mut command = Command::new(node_bin(&web, "esbuild"));
        command.current_dir(&web).args([
            "--bundle",
            "--minify",
            "--format=iife",
            "--target=es2022",
            "--log-level=warning",
        ]);
        command
    };
    // wasm-bindgen's glue finds its .wasm through `import.meta.url`, which a
    // classic script has not; the worker always passes the .wasm's URL.
    run(esbuild()
        .arg("worker/server-worker.js")
        .arg(format!(
            "--alias:boardls-web-pkg={}",
            pkg.join(GLUE).display()
        ))
        .arg("--log-override:empty-import-meta=silent")
        .arg(format!(
            "--outfile={}",
            out.join("server-worker.js").display()
        )))?;
    run(esbuild()
        .arg("playground/session.js")
        .args([
            "--loader:.uttt=text",
            "--loader:.go9=text",
            "--loader:.tomek=text",
        ])
        .arg(format!("--outfile={}", out.join("session.js").display())))?;
    run(esbuild()
        .arg("playground/main.js")
        .arg("--loader:.ttf=file")
        .arg(format!("--outfile={}", out.join("playground.js").display())))?;
    run(esbuild()
        .arg("node_modules/monaco-editor/esm/vs/editor/editor.worker.js")
        .arg(format!(
            "--outfile={}",
            out.join("editor.worker.js").display()
        )))?;

    for file in ["index.html", "style.css"] {
        copy(&web.join("playground").join(file), &out.join(file))?;
    }
    copy(&pkg.join(WASM), &out.join(WASM))?;
    super::summary(&root, &out)
}

/// The wasm server built and passed through wasm-bindgen; the folder of
/// its output.
fn build_wasm(root: &Path, target: &Path) -> Result<PathBuf> {
    check_wasm_target()?;
    let wanted = locked_version(root, "wasm-bindgen")?;
    check_wasm_bindgen(&wanted)?;

    step(&format!(
        "building the wasm server (cargo build -p boardls-web --release --target {WASM_TARGET})"
    ));
    run(super::cargo().current_dir(root).args([
        "build",
        "--locked",
        "--package",
        "boardls-web",
        "--release",
        "--target",
        WASM_TARGET,
    ]))?;
    let wasm = target.join(WASM_TARGET).join("release/boardls_web.wasm");
    let pkg = target.join("web-pkg");
    remove_dir(&pkg)?;
    step("wasm-bindgen --target web");
    run(Command::new("wasm-bindgen")
        .args(["--target", "web", "--out-name", "boardls_web", "--out-dir"])
        .arg(&pkg)
        .arg(&wasm))?;
    Ok(pkg)
}

/// The wasm32 target, added with rustup when it is missing (without rustup
/// the build says what it lacks).
fn check_wasm_target() -> Result {
    let Ok(installed) = output(Command::new("rustup").args(["target", "list", "--installed"]))
    else {
        return Ok(());
    };
    if installed.lines().any(|line| line.trim() == WASM_TARGET) {
        return Ok(());
    }
    step(&format!("rustup target add {WASM_TARGET}"));
    run(Command::new("rustup").args(["target", "add", WASM_TARGET]))
}

/// wasm-bindgen-cli at the crate's version (their formats change
/// together), installed with cargo when it is missing or another version.
fn check_wasm_bindgen(wanted: &str) -> Result {
    let found = output(Command::new("wasm-bindgen").arg("--version")).unwrap_or_default();
    let found = found.split_whitespace().nth(1).unwrap_or("").to_owned();
    if found == wanted {
        return Ok(());
    }
    let was = if found.is_empty() {
        "not installed".to_owned()
    } else {
        format!("{found} installed")
    };
    step(&format!(
        "cargo install wasm-bindgen-cli --version {wanted} (the crate is {wanted}; the cli was {was})"
    ));
    // Not `--locked`: the cli's own lockfile names a webpki-roots release
    // that the index does not offer, and a locked install stops there.
    run(super::cargo().args(["install", "wasm-bindgen-cli", "--version", wanted]))
}

/// The version of the package `name` in the workspace's Cargo.lock.
fn locked_version(root: &Path, name: &str) -> Result<String> {
    let lock = root.join("Cargo.lock");
    let text = fs::read_to_string(&lock).map_err(|e| io("read", &lock, e))?;
    version_in_lock(&text, name).ok_or_else(|| {
        format!(
            "Cargo.lock has no {name} package: the boardls-web crate (web/server) is not in the workspace"
        )
    })
}

fn version_in_lock(lock: &str, name: &str) -> Option<String> {
    let wanted = format!("name = \"{name}\"");
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == wanted {
            let version = lines.next()?.strip_prefix("version = \"")?;
            return Some(version.strip_suffix('"')?.to_owned());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bindgen_version_comes_from_the_lockfile() {
        let lock = "[[package]]\nname = \"wasm-bindgen-macro\"\nversion = \"0.2.1\"\n\n\
                    [[package]]\nname = \"wasm-bindgen\"\nversion = \"0.2.104\"\n";
        assert_eq!(
            version_in_lock(lock, "wasm-bindgen").as_deref(),
            Some("0.2.104")
        );
        assert_eq!(version_in_lock(lock, "js-sys"), None);
    }
}
