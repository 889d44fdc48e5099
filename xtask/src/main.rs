//! Project tasks, run as `cargo xtask <task>` (the alias is in
//! `.cargo/config.toml`). Written in Rust so they need nothing but the
//! toolchain and the tools they drive: cargo, tar, and the VS Code
//! extension's own npm devDependencies (esbuild, vsce), which `npm ci`
//! installs from `editors/vscode/package-lock.json`.
//!
//! Every path comes from cargo at run time: the workspace's root and
//! target directory from `cargo metadata` (so `CARGO_TARGET_DIR` and
//! `build.target-dir` are honoured, and the checkout is the one the task
//! runs in), the server binary from the build's own artifact messages.
//!
//! `cargo xtask dist` writes the release artifacts into `dist/`:
//!
//! - `boardls-<platform>.vsix`: the VS Code extension with the server
//!   inside (`server/boardls`), for one platform (`linux-x64` by default
//!   on such a machine);
//! - `boardls.vsix`: the universal extension, without a native server (it
//!   runs `boardls` from the `boardls.path` setting or `PATH`);
//!   it and the platform ones carry the WebAssembly server for VS Code for
//!   the Web (`server-web/`: the worker and the wasm that `cargo xtask web`
//!   writes into `dist/web/`), which the `browser` entry runs;
//! - `boardls-<rust-target>.tar.gz`: the server binary with README and
//!   LICENSE, for Neovim and any other client.
//!
//! `cargo xtask web` writes the playground into `dist/web/` (see `web.rs`).

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

mod docs;
mod mutants;
mod soak;
mod web;

type Result<T = ()> = std::result::Result<T, String>;

/// VS Code's platform names (`vsce package --target`) and the Rust targets
/// that build a server for each. Windows x64 gets the GNU build: the binary
/// that `tests/targets/run.sh` links with mingw and the Wine tests run, so
/// what ships is what was tested; Windows on Arm has no GNU toolchain in
/// Debian, so it gets the MSVC build, made on a Windows runner.
const PLATFORMS: &[(&str, &str)] = &[
    ("linux-x64", "x86_64-unknown-linux-gnu"),
    ("linux-arm64", "aarch64-unknown-linux-gnu"),
    ("linux-armhf", "armv7-unknown-linux-gnueabihf"),
    ("alpine-x64", "x86_64-unknown-linux-musl"),
    ("alpine-arm64", "aarch64-unknown-linux-musl"),
    ("darwin-x64", "x86_64-apple-darwin"),
    ("darwin-arm64", "aarch64-apple-darwin"),
    ("win32-x64", "x86_64-pc-windows-gnu"),
    ("win32-arm64", "aarch64-pc-windows-msvc"),
];

const HELP: &str = "\
cargo xtask dist [--target PLATFORM] [--server BINARY] [--web-server DIR]

Builds the release artifacts into dist/ (dist/web/, cargo xtask web's, is kept):
  dist/boardls-PLATFORM.vsix        the VS Code extension with the server inside
  dist/boardls.vsix                 the universal VS Code extension (no native
                                    server); both carry the WebAssembly server
                                    for VS Code for the Web (server-web/)
  dist/boardls-RUST_TARGET.tar.gz   the server binary, README and LICENSE

Steps: cargo build --profile dist (release, no debug info); cargo xtask web
when dist/web/ lacks the WebAssembly server; npm ci in editors/vscode when
its lockfile changed; the WebAssembly server (server-worker.js and
boardls_web_bg.wasm from dist/web/) copied into editors/vscode/server-web/; the extension bundled
with esbuild into out/main.js (desktop) and out/browser.js (VS Code for the
Web); vsce package without a native server, then once more with the server
copied into editors/vscode/server/ (--target PLATFORM).

Options:
  --target PLATFORM   VS Code platform to build for (default: this machine's):
                      linux-x64 linux-arm64 linux-armhf alpine-x64 alpine-arm64
                      darwin-x64 darwin-arm64 win32-x64 win32-arm64
                      Another machine's platform needs its Rust target
                      (rustup target add aarch64-apple-darwin) and a linker;
                      win32-x64 is x86_64-pc-windows-gnu, linked by mingw
                      (Debian: gcc-mingw-w64-x86-64).
  --server BINARY     package this server binary instead of building one
  --web-server DIR    take server-worker.js and boardls_web_bg.wasm from DIR
                      instead of dist/web/ (also: BOARDLS_WEB_SERVER=DIR)
";

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("dist") => Dist::parse(&args[1..]).and_then(|dist| dist.run()),
        Some("soak") => soak::run(&args[1..]),
        Some("docs") => write_docs(&args[1..]),
        Some("mutants") => mutants::run(&args[1..]),
        Some("web") => web::run_task(&args[1..]),
        None | Some("help" | "-h" | "--help") => {
            print!(
                "{HELP}\n{}\n{DOCS_HELP}\n{}\n{}",
                soak::HELP,
                mutants::HELP,
                web::HELP
            );
            Ok(())
        }
        Some(other) => Err(format!("unknown task `{other}`\n\n{HELP}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

const DOCS_HELP: &str = "\
cargo xtask docs

Writes the manual's tables that come from the code into docs/src/generated/:
the diagnostic codes (codes::ALL and their rules), the keys of boardls.toml
(project::keys), the server's settings (lsp::config) and the VS Code
extension's (editors/vscode/package.json). A test fails while they differ.
";

/// `cargo xtask docs`: each generated file of the manual written anew.
fn write_docs(args: &[String]) -> Result {
    if !args.is_empty() {
        return Err(DOCS_HELP.to_owned());
    }
    let root = Workspace::locate()?.root;
    for (path, text) in docs::generated(&root)? {
        let path = root.join(path);
        if fs::read_to_string(&path).ok().as_deref() == Some(text.as_str()) {
            continue;
        }
        if let Some(folder) = path.parent() {
            fs::create_dir_all(folder).map_err(|err| format!("{}: {err}", folder.display()))?;
        }
        fs::write(&path, text).map_err(|err| format!("{}: {err}", path.display()))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// This machine's VS Code platform.
fn host_platform() -> Option<&'static str> {
    let musl = cfg!(target_env = "musl");
    Some(match (env::consts::OS, env::consts::ARCH) {
        ("linux", "x86_64") if musl => "alpine-x64",
        ("linux", "aarch64") if musl => "alpine-arm64",
        ("linux", "x86_64") => "linux-x64",
        ("linux", "aarch64") => "linux-arm64",
        ("linux", "arm") => "linux-armhf",
        ("macos", "x86_64") => "darwin-x64",
        ("macos", "aarch64") => "darwin-arm64",
        ("windows", "x86_64") => "win32-x64",
        ("windows", "aarch64") => "win32-arm64",
        _ => return None,
    })
}

/// The `--NAME VALUE` pairs of a task's `args`, each NAME one of `names`.
/// `--help`, an unknown option or a missing value is an error that shows
/// the task's `help`.
fn options<'a>(args: &'a [String], names: &[&str], help: &str) -> Result<Vec<(&'a str, &'a str)>> {
    let mut pairs = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => return Err(help.to_owned()),
            name if names.contains(&name) => {
                let value = args
                    .next()
                    .ok_or_else(|| format!("{name} needs a value\n\n{help}"))?;
                pairs.push((arg.as_str(), value.as_str()));
            }
            other => return Err(format!("unknown option `{other}`\n\n{help}")),
        }
    }
    Ok(pairs)
}

struct Dist {
    /// VS Code's name of the platform.
    platform: &'static str,
    /// The Rust target that builds for it.
    triple: &'static str,
    /// Built for another platform than this machine's (`cargo --target`).
    cross: bool,
    /// A server binary to package instead of building one.
    server: Option<PathBuf>,
    /// The folder of the WebAssembly server's worker and wasm, if not dist/web/.
    web_server: Option<PathBuf>,
}

/// The files of the WebAssembly server that VS Code for the Web runs, as
/// `cargo xtask web` writes them and the extension's `server-web/` holds them.
const WEB_SERVER_FILES: &[&str] = &["server-worker.js", "boardls_web_bg.wasm"];
/// The folder of dist/ that `cargo xtask web` owns; dist keeps it.
const WEB_DIST: &str = "web";

impl Dist {
    fn parse(args: &[String]) -> Result<Dist> {
        let mut platform = None;
        let mut server = None;
        let mut web_server = env::var_os("BOARDLS_WEB_SERVER")
            .filter(|dir| !dir.is_empty())
            .map(PathBuf::from);
        for (name, value) in options(args, &["--target", "--server", "--web-server"], HELP)? {
            match name {
                "--target" => platform = Some(value.to_owned()),
                "--web-server" => web_server = Some(PathBuf::from(value)),
                _ => server = Some(PathBuf::from(value)),
            }
        }
        let host = host_platform();
        let wanted = match (platform, host) {
            (Some(p), _) => p,
            (None, Some(h)) => h.to_owned(),
            (None, None) => {
                return Err(format!(
                    "no VS Code platform for {}-{}: name one with --target",
                    env::consts::OS,
                    env::consts::ARCH
                ));
            }
        };
        let &(platform, triple) = PLATFORMS
            .iter()
            .find(|(name, _)| *name == wanted)
            .ok_or_else(|| format!("unknown platform `{wanted}`\n\n{HELP}"))?;
        Ok(Dist {
            platform,
            triple,
            cross: host != Some(platform),
            server,
            web_server,
        })
    }

    fn windows(&self) -> bool {
        self.platform.starts_with("win32")
    }

    fn exe(&self) -> &'static str {
        if self.windows() {
            "boardls.exe"
        } else {
            "boardls"
        }
    }

    fn run(&self) -> Result {
        let Workspace { root, target } = Workspace::locate()?;
        let extension = root.join("editors/vscode");
        let dist = root.join("dist");
        check_versions(&root, &extension)?;
        let web_server = match &self.web_server {
            Some(dir) => dir.clone(),
            None => built_web_server(&dist)?,
        };
        check_web_server(&web_server)?;

        let server = match &self.server {
            Some(binary) => binary.clone(),
            None => self.build_server(&root)?,
        };
        if !server.is_file() {
            return Err(format!("no server binary at {}", server.display()));
        }

        clear_dist(&dist)?;
        self.archive(&root, &target, &server, &dist)?;

        npm_ci(
            &extension,
            &["esbuild", "vsce"],
            "editors/vscode (esbuild, vsce and the client library)",
        )?;
        for (script, out) in [("bundle", "main.js"), ("bundle:browser", "browser.js")] {
            step(&format!("bundling the extension into out/{out} (esbuild)"));
            run(npm()
                .arg("run")
                .arg("--silent")
                .arg(script)
                .current_dir(&extension))?;
        }

        // The files packaging adds to the extension's folder, removed
        // again whatever happens (the folder stays as git has it).
        let staged = Staged::new(&extension);
        staged.clear()?;
        copy(&root.join("LICENSE"), &extension.join("LICENSE"))?;
        fs::create_dir_all(&staged.server_web).map_err(|e| io("create", &staged.server_web, e))?;
        for file in WEB_SERVER_FILES {
            copy(&web_server.join(file), &staged.server_web.join(file))?;
        }

        step("packaging the universal extension (no native server)");
        vsce_package(&extension, &dist.join("boardls.vsix"), None)?;

        step(&format!(
            "packaging the {} extension with the server inside",
            self.platform
        ));
        let bundled = extension.join("server").join(self.exe());
        fs::create_dir_all(extension.join("server"))
            .map_err(|e| io("create", &extension.join("server"), e))?;
        copy_executable(&server, &bundled)?;
        let vsix = dist.join(format!("boardls-{}.vsix", self.platform));
        vsce_package(&extension, &vsix, Some(self.platform))?;
        drop(staged);

        summary(&root, &dist)
    }

    /// `cargo build --profile dist`; the binary's path, as the build
    /// reports it.
    fn build_server(&self, root: &Path) -> Result<PathBuf> {
        step(&format!(
            "building the server for {} (cargo build --profile dist)",
            self.triple
        ));
        let mut build = cargo();
        // Read by build.rs: in a target directory shared with another
        // checkout, cargo would otherwise take that checkout's binary
        // for this one's when this one's files are older.
        build.env("BOARDLS_CHECKOUT", root);
        build.current_dir(root).args([
            "build",
            "--profile",
            "dist",
            "--locked",
            "--package",
            "boardls",
            "--bin",
            "boardls",
            "--message-format=json-render-diagnostics",
        ]);
        // Windows names its target even on Windows: the host's own may be
        // the other ABI (msvc) than the one that ships (gnu).
        if self.cross || self.windows() {
            build.args(["--target", self.triple]);
        }
        let messages = output(&mut build)?;
        built_executable(&messages, "boardls")
            .ok_or_else(|| "cargo build reported no executable for the boardls binary".to_owned())
    }

    /// `dist/boardls-<triple>.tar.gz`: a folder of that name holding the
    /// binary, README.md and LICENSE.
    fn archive(&self, root: &Path, target: &Path, server: &Path, dist: &Path) -> Result {
        let name = format!("boardls-{}", self.triple);
        step(&format!("archiving the server: dist/{name}.tar.gz"));
        let staging = target.join("xtask");
        let folder = staging.join(&name);
        remove_dir(&folder)?;
        fs::create_dir_all(&folder).map_err(|e| io("create", &folder, e))?;
        copy_executable(server, &folder.join(self.exe()))?;
        for file in ["README.md", "LICENSE"] {
            copy(&root.join(file), &folder.join(file))?;
        }
        let archive = dist.join(format!("{name}.tar.gz"));
        run(Command::new("tar")
            .arg("-czf")
            .arg(&archive)
            .arg("-C")
            .arg(&staging)
            .arg(&name))
    }
}

/// The files packaging puts into the extension's folder: the server under
/// `server/`, the WebAssembly server under `server-web/` and a copy of the
/// repository's LICENSE. Dropping this removes them.
struct Staged {
    server: PathBuf,
    server_web: PathBuf,
    license: PathBuf,
}

impl Staged {
    fn new(extension: &Path) -> Staged {
        Staged {
            server: extension.join("server"),
            server_web: extension.join("server-web"),
            license: extension.join("LICENSE"),
        }
    }

    /// Removes what an earlier run may have left.
    fn clear(&self) -> Result {
        remove_dir(&self.server)?;
        remove_dir(&self.server_web)?;
        if self.license.exists() {
            fs::remove_file(&self.license).map_err(|e| io("remove", &self.license, e))?;
        }
        Ok(())
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if let Err(message) = self.clear() {
            eprintln!("xtask: {message}");
        }
    }
}

/// The checkout the task runs in, as cargo sees it.
struct Workspace {
    /// The workspace's root folder (Cargo.toml, README.md, editors/).
    root: PathBuf,
    /// Cargo's target directory for it (`CARGO_TARGET_DIR`,
    /// `build.target-dir`, or `target/` in the root).
    target: PathBuf,
}

impl Workspace {
    fn locate() -> Result<Workspace> {
        let metadata = output(cargo().args(["metadata", "--format-version", "1", "--no-deps"]))?;
        Workspace::from_metadata(&metadata)
    }

    fn from_metadata(json: &str) -> Result<Workspace> {
        let metadata: serde_json::Value = serde_json::from_str(json)
            .map_err(|e| format!("cannot read cargo metadata's answer: {e}"))?;
        let folder = |key: &str| {
            metadata[key]
                .as_str()
                .map(PathBuf::from)
                .ok_or_else(|| format!("cargo metadata gave no {key}"))
        };
        Ok(Workspace {
            root: folder("workspace_root")?,
            target: folder("target_directory")?,
        })
    }
}

/// The executable of the binary target `name` among a build's JSON
/// messages (`--message-format=json`), one per line; the last one wins.
fn built_executable(messages: &str, name: &str) -> Option<PathBuf> {
    messages
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|message| {
            message["reason"] == "compiler-artifact"
                && message["target"]["name"] == name
                && message["target"]["kind"]
                    .as_array()
                    .is_some_and(|kinds| kinds.iter().any(|kind| kind == "bin"))
        })
        .filter_map(|message| message["executable"].as_str().map(PathBuf::from))
        .next_back()
}

/// The cargo that runs this task (`CARGO`), else the one on PATH.
fn cargo() -> Command {
    Command::new(env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

fn step(what: &str) {
    eprintln!("==> {what}");
}

fn io(what: &str, path: &Path, err: std::io::Error) -> String {
    format!("cannot {what} {}: {err}", path.display())
}

fn copy(from: &Path, to: &Path) -> Result {
    fs::copy(from, to)
        .map(|_| ())
        .map_err(|e| format!("cannot copy {} to {}: {e}", from.display(), to.display()))
}

/// Removes a folder and all it holds, if it is there.
fn remove_dir(dir: &Path) -> Result {
    if dir.exists() {
        fs::remove_dir_all(dir).map_err(|e| io("remove", dir, e))?;
    }
    Ok(())
}

/// Copies the server binary and makes the copy executable.
fn copy_executable(from: &Path, to: &Path) -> Result {
    copy(from, to)?;
    make_executable(to)
}

#[cfg(unix)]
fn make_executable(file: &Path) -> Result {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(file, fs::Permissions::from_mode(0o755))
        .map_err(|e| io("make executable", file, e))
}

#[cfg(not(unix))]
fn make_executable(_file: &Path) -> Result {
    Ok(())
}

/// Runs a command in the foreground; an error names it and how it ended.
fn run(command: &mut Command) -> Result {
    let shown = format!("{command:?}");
    let status = command
        .status()
        .map_err(|e| format!("cannot run {shown}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{shown} failed ({status})"))
    }
}

/// Runs a command with its standard error shown; its standard output.
fn output(command: &mut Command) -> Result<String> {
    let shown = format!("{command:?}");
    let out = command
        .stderr(std::process::Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run {shown}: {e}"))?;
    if out.status.success() {
        String::from_utf8(out.stdout).map_err(|e| format!("{shown} printed no UTF-8: {e}"))
    } else {
        Err(format!("{shown} failed ({})", out.status))
    }
}

fn npm() -> Command {
    Command::new(if cfg!(windows) { "npm.cmd" } else { "npm" })
}

/// A tool from a folder's npm devDependencies.
fn node_bin(folder: &Path, name: &str) -> PathBuf {
    let name = if cfg!(windows) {
        format!("{name}.cmd")
    } else {
        name.to_owned()
    };
    folder.join("node_modules/.bin").join(name)
}

/// `npm ci` in a folder (`what` names it) unless node_modules already
/// matches the lockfile (a stamp of the lockfile's hash, written after
/// `npm ci`) and holds the `tools` the task runs.
fn npm_ci(folder: &Path, tools: &[&str], what: &str) -> Result {
    let lock = folder.join("package-lock.json");
    let text = fs::read(&lock).map_err(|e| io("read", &lock, e))?;
    let hash = format!("{:016x}\n", fnv1a(&text));
    let stamp = folder.join("node_modules/.boardls-xtask-lock");
    let tools = tools.iter().all(|tool| node_bin(folder, tool).is_file());
    if tools && fs::read_to_string(&stamp).is_ok_and(|s| s == hash) {
        return Ok(());
    }
    step(&format!("npm ci in {what}"));
    run(npm()
        .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
        .current_dir(folder))?;
    fs::write(&stamp, hash).map_err(|e| io("write", &stamp, e))
}

/// 64-bit FNV-1a: enough to tell one lockfile from another.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn vsce_package(extension: &Path, out: &Path, target: Option<&str>) -> Result {
    let mut vsce = Command::new(node_bin(extension, "vsce"));
    vsce.current_dir(extension).args([
        "package",
        "--no-dependencies",
        "--allow-missing-repository",
        "--no-rewrite-relative-links",
    ]);
    if let Some(target) = target {
        vsce.args(["--target", target]);
    }
    run(vsce.arg("--out").arg(out))
}

/// The crate and the extension carry one version.
fn check_versions(root: &Path, extension: &Path) -> Result {
    let cargo = fs::read_to_string(root.join("Cargo.toml"))
        .map_err(|e| io("read", &root.join("Cargo.toml"), e))?;
    let package = fs::read_to_string(extension.join("package.json"))
        .map_err(|e| io("read", &extension.join("package.json"), e))?;
    let crate_version = cargo
        .lines()
        .find_map(|l| l.strip_prefix("version = \""))
        .and_then(|v| v.strip_suffix('"'));
    let extension_version = package
        .lines()
        .find_map(|l| l.trim().strip_prefix("\"version\": \""))
        .and_then(|v| v.strip_suffix("\","));
    match (crate_version, extension_version) {
        (Some(a), Some(b)) if a == b => Ok(()),
        (a, b) => Err(format!(
            "Cargo.toml has version {a:?}, editors/vscode/package.json {b:?}: they must match"
        )),
    }
}

/// dist/web/, where `cargo xtask web` writes the WebAssembly server,
/// built first when it is not there.
fn built_web_server(dist: &Path) -> Result<PathBuf> {
    let web = dist.join(WEB_DIST);
    if WEB_SERVER_FILES.iter().all(|file| web.join(file).is_file()) {
        return Ok(web);
    }
    step("building the WebAssembly server into dist/web/ (cargo xtask web)");
    web::run_task(&[])?;
    Ok(web)
}

/// The WebAssembly server's files are in `dir`, or an error says how to
/// make them.
fn check_web_server(dir: &Path) -> Result {
    let missing: Vec<&str> = WEB_SERVER_FILES
        .iter()
        .copied()
        .filter(|file| !dir.join(file).is_file())
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    Err(format!(
        "no WebAssembly server for VS Code for the Web: {} missing in {}; \
         run `cargo xtask web` first (it writes dist/web/), or name a folder \
         holding {} with --web-server DIR or BOARDLS_WEB_SERVER=DIR",
        missing.join(" and "),
        dir.display(),
        WEB_SERVER_FILES.join(" and ")
    ))
}

/// Empties dist/ but for dist/web/, which is `cargo xtask web`'s.
fn clear_dist(dist: &Path) -> Result {
    fs::create_dir_all(dist).map_err(|e| io("create", dist, e))?;
    for entry in fs::read_dir(dist).map_err(|e| io("read", dist, e))? {
        let path = entry.map_err(|e| io("read", dist, e))?.path();
        if path.file_name().is_some_and(|name| name == WEB_DIST) {
            continue;
        }
        if path.is_dir() {
            remove_dir(&path)?;
        } else {
            fs::remove_file(&path).map_err(|e| io("remove", &path, e))?;
        }
    }
    Ok(())
}

/// What was written, with sizes.
fn summary(root: &Path, dist: &Path) -> Result {
    let mut files: Vec<(String, u64)> = fs::read_dir(dist)
        .map_err(|e| io("read", dist, e))?
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let metadata = entry.metadata().ok()?;
            if !metadata.is_file() {
                return None;
            }
            let size = metadata.len();
            let path = entry.path();
            let shown = path
                .strip_prefix(root)
                .unwrap_or(&path)
                .display()
                .to_string();
            Some((shown, size))
        })
        .collect();
    files.sort();
    step("done");
    for (file, size) in files {
        println!("{file}  {:.1} MB", size as f64 / 1e6);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_platform_is_known_and_the_host_is_one() {
        let dist = Dist::parse(&["--target".into(), "darwin-arm64".into()]).unwrap();
        assert_eq!(dist.triple, "aarch64-apple-darwin");
        assert_eq!(dist.exe(), "boardls");
        let dist = Dist::parse(&["--target".into(), "win32-x64".into()]).unwrap();
        assert_eq!(dist.exe(), "boardls.exe");
        assert_eq!(
            dist.triple, "x86_64-pc-windows-gnu",
            "the build the Wine tests run"
        );
        assert!(Dist::parse(&["--target".into(), "plan9-x64".into()]).is_err());
        if let Some(host) = host_platform() {
            assert!(PLATFORMS.iter().any(|(name, _)| *name == host));
            assert!(!Dist::parse(&[]).unwrap().cross);
        }
    }

    #[test]
    fn the_crate_and_the_extension_agree_on_the_version() {
        let Workspace { root, .. } = Workspace::locate().unwrap();
        check_versions(&root, &root.join("editors/vscode")).unwrap();
    }

    #[test]
    fn the_folders_come_from_cargo_metadata() {
        let workspace = Workspace::from_metadata(
            r#"{"packages":[],"workspace_root":"/src/b","target_directory":"/cache/t"}"#,
        )
        .unwrap();
        assert_eq!(workspace.root, Path::new("/src/b"));
        assert_eq!(workspace.target, Path::new("/cache/t"));
        assert!(Workspace::from_metadata(r#"{"workspace_root":"/src/b"}"#).is_err());
    }

    #[test]
    fn the_binary_comes_from_the_build_messages() {
        let messages = [
            r#"{"reason":"compiler-artifact","target":{"name":"boardls","kind":["lib"]},"executable":null}"#,
            r#"{"reason":"compiler-artifact","target":{"name":"boardls","kind":["bin"]},"executable":"/t/dist/boardls"}"#,
            r#"{"reason":"build-finished","success":true}"#,
        ]
        .join("\n");
        assert_eq!(
            built_executable(&messages, "boardls"),
            Some(PathBuf::from("/t/dist/boardls"))
        );
        assert_eq!(built_executable(&messages, "xtask"), None);
    }
}
