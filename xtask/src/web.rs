//! `cargo xtask web`: the playground, built into `dist/web/` for any
//! static file server.
//!
//! - the wasm server: `cargo build -p boardls-web --release --target
//!   wasm32-unknown-unknown`, then `wasm-bindgen --target web` (the CLI's
//!   version must equal the `wasm-bindgen` crate's in Cargo.lock), unless
//!   `BOARDLS_WEB_PKG` names a folder that already holds wasm-bindgen's
//!   output (`boardls_web.js`, `boardls_web_bg.wasm`);
//! - `npm ci` in `web/` when its lockfile changed (esbuild, monaco-editor,
//!   binaryen, axe-core and playwright-core for the browser tests);
//! - the wasm server is built with LTO, one codegen unit and opt-level "z"
//!   (WASM_PROFILE), and `wasm-opt -Oz` (binaryen's, from npm) shrinks it
//!   further: less to download and to compile before the first verdict
//!   (BENCHMARKS.md, "The playground's first verdict"). wasm-opt's output
//!   is kept in the target directory by the input's hash: a page-only
//!   rebuild skips its 20 to 40 s;
//! - esbuild bundles the worker (`web/worker/server-worker.js`, with
//!   wasm-bindgen's glue inside) into one classic script, the page's
//!   first script (`web/playground/session.js`, the examples, the page's
//!   catalogs `web/playground/i18n/*.ftl` and wasm-bindgen's glue inside:
//!   it checks the first board itself while the worker starts), the editor
//!   (`web/playground/main.js`, Monaco inside) into `playground.js` and
//!   `playground.css`, and Monaco's editor worker;
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
  session.js                 its first script: the board, its first check,
                             the server's worker, the diagnostics and
                             verdicts beside it, the page's words
  playground.js, .css        the editor (Monaco) and its buttons, bundled
  editor.worker.js           Monaco's own worker
  server-worker.js           the language server's web worker
  boardls_web_bg.wasm        the language server, built for wasm32

Steps: cargo build -p boardls-web --release --target wasm32-unknown-unknown
(with LTO, one codegen unit, opt-level \"z\");
wasm-bindgen --target web (wasm-bindgen-cli's version must equal the
wasm-bindgen crate's in Cargo.lock); npm ci in web/ when its lockfile
changed; wasm-opt -Oz (binaryen, from npm; kept in the target directory
by the input's hash); esbuild.
Installs what it lacks: the wasm32-unknown-unknown target (rustup) and
wasm-bindgen-cli at the crate's version (cargo install, a few minutes once).
Environment:
  BOARDLS_WEB_PKG=DIR   take wasm-bindgen's output (boardls_web.js and
                        boardls_web_bg.wasm) from DIR; no wasm build
";

const WASM_TARGET: &str = "wasm32-unknown-unknown";
/// The release profile as the wasm server is built: one code unit, linked
/// whole and optimized for size. The browser compiles the `.wasm` before
/// the first verdict, and its compile time follows its size: 2.78 MB as
/// the release profile builds it, 2.40 MB so, 1.56 MB after wasm-opt
/// (BENCHMARKS.md, "The playground's first verdict"). Given on the command
/// line, so that the desktop build keeps its own profile.
const WASM_PROFILE: [&str; 3] = [
    "profile.release.lto=true",
    "profile.release.codegen-units=1",
    "profile.release.opt-level=\"z\"",
];
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
        &["esbuild", "wasm-opt"],
        "web (esbuild, monaco-editor, binaryen, axe-core, playwright-core)",
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
    // The page's first script holds the glue too: the first board is
    // checked on the page's thread while the worker starts.
    run(esbuild()
        .arg("playground/session.js")
        .args([
            "--loader:.uttt=text",
            "--loader:.go9=text",
            "--loader:.tomek=text",
            "--loader:.ftl=text",
        ])
        .arg(format!(
            "--alias:boardls-web-pkg={}",
            pkg.join(GLUE).display()
        ))
        .arg("--log-override:empty-import-meta=silent")
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
    let optimized = optimize_wasm(&web, &target, &pkg.join(WASM))?;
    copy(&optimized, &out.join(WASM))?;
    super::summary(&root, &out)
}

/// The features rustc's wasm32-unknown-unknown uses by default (Rust
/// 1.88 and later): wasm-opt must accept them, and every browser that
/// runs the playground has them.
const WASM_FEATURES: [&str; 6] = [
    "--enable-bulk-memory",
    "--enable-nontrapping-float-to-int",
    "--enable-sign-ext",
    "--enable-mutable-globals",
    "--enable-reference-types",
    "--enable-multivalue",
];

/// `wasm-opt -Oz`, but a function with one caller is inlined only when it
/// is small (binaryen inlines it at any size by default): the browser
/// compiles a function when it is first called, and the server's
/// `initialize` took 70 ms instead of 10 with the big merged functions.
const WASM_OPT: [&str; 3] = ["-Oz", "--one-caller-inline-max-function-size", "20"];

/// `wasm` shrunk by wasm-opt (WASM_OPT), kept in the target directory
/// under its input's hash (binaryen's npm build takes 20 to 40 s of one
/// core).
fn optimize_wasm(web: &Path, target: &Path, wasm: &Path) -> Result<PathBuf> {
    let bytes = fs::read(wasm).map_err(|e| io("read", wasm, e))?;
    let kept = target.join("web-opt");
    // The key holds the options too: other options, another output.
    let key = super::fnv1a(&[bytes.as_slice(), WASM_OPT.join(" ").as_bytes()].concat());
    let optimized = kept.join(format!("{key:016x}-{WASM}"));
    if optimized.is_file() {
        step(&format!(
            "wasm-opt: kept from an earlier build ({})",
            optimized.display()
        ));
        return Ok(optimized);
    }
    remove_dir(&kept)?;
    fs::create_dir_all(&kept).map_err(|e| io("create", &kept, e))?;
    step(&format!("wasm-opt {} (binaryen)", WASM_OPT.join(" ")));
    let partial = kept.join(format!("{WASM}.partial"));
    run(Command::new(node_bin(web, "wasm-opt"))
        .args(WASM_OPT)
        .args(WASM_FEATURES)
        .arg(wasm)
        .arg("-o")
        .arg(&partial))?;
    fs::rename(&partial, &optimized).map_err(|e| io("rename", &partial, e))?;
    Ok(optimized)
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
    run(super::cargo()
        .current_dir(root)
        .args([
            "build",
            "--locked",
            "--package",
            "boardls-web",
            "--release",
            "--target",
            WASM_TARGET,
        ])
        .args(
            WASM_PROFILE
                .iter()
                .flat_map(|setting| ["--config", setting]),
        ))?;
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
            "Cargo.lock has no {name} package: the boardls-web crate (crates/boardls-web) is not in the workspace"
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
