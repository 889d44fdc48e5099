//! `boardls.exe`, the `x86_64-pc-windows-gnu` build, under Wine: `solve`
//! byte for byte with this build, `check` with Windows paths, an LSP
//! session with the URIs VS Code on Windows sends and CRLF documents, two
//! sessions on one daemon through the named pipe, and `stress` against
//! Windows solutions.
//!
//! `tests/run.sh` installs Wine and mingw-w64 and builds the `.exe`
//! first; without them each test says `SKIPPED:`, which run.sh does not
//! allow (tests/allowed-skips.txt). The Wine prefix is made once per run
//! (`WINEPREFIX`, set by run.sh; else one of this process's own). Wine maps
//! the drive `Z:` to `/`, so a scratch folder `/tmp/x` is `Z:\tmp\x`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use serde_json::{Value, json};

use crate::support::cli::{self, command, fed};
use crate::support::client::{Server, TempDir, apply_edits, file_uri, pos, range};
use crate::support::skipped;

const TARGET: &str = "x86_64-pc-windows-gnu";

/// Wine, its prefix and the Windows build.
struct Wine {
    wine: PathBuf,
    exe: PathBuf,
    prefix: PathBuf,
}

/// Wine ready to run `boardls.exe`, or why not.
fn wine() -> Result<&'static Wine, String> {
    static WINE: OnceLock<Result<Wine, String>> = OnceLock::new();
    WINE.get_or_init(|| {
        let exe = std::env::var_os("BOARDLS_WINDOWS_EXE")
            .map(PathBuf::from)
            .unwrap_or_else(|| {
                let target = std::env::var_os("CARGO_TARGET_DIR")
                    .map(PathBuf::from)
                    .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"));
                target.join(TARGET).join("release").join("boardls.exe")
            });
        if !exe.is_file() {
            return Err(format!(
                "no {} (cargo build --release --target {TARGET})",
                exe.display()
            ));
        }
        // Debian's `wine` picks wine64 for a 64-bit program.
        let wine = ["/usr/bin/wine", "/usr/lib/wine/wine64", "/usr/bin/wine64"]
            .iter()
            .map(PathBuf::from)
            .find(|p| p.is_file())
            .ok_or("no wine (apt-get install wine wine64)")?;
        let prefix = match std::env::var_os("WINEPREFIX") {
            Some(prefix) => PathBuf::from(prefix),
            // One prefix per machine, made once and reused: each is hundreds of MB.
            None => std::env::temp_dir().join("boardls-wine-prefix"),
        };
        let booted = Command::new(&wine)
            .args(["wineboot", "-i"])
            .env("WINEPREFIX", &prefix)
            .env("WINEDEBUG", "-all")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|err| format!("wineboot: {err}"))?;
        if !booted.success() {
            return Err(format!("wineboot failed: {booted}"));
        }
        // Wine 8 lacks a DLL that Rust's std imports: a stand-in.
        let system32 = prefix.join("drive_c/windows/system32");
        let prng = system32.join("bcryptprimitives.dll");
        if !prng.exists() {
            let source =
                Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/targets/bcryptprimitives.c");
            let built = Command::new("x86_64-w64-mingw32-gcc")
                .args(["-shared", "-O2", "-o"])
                .arg(&prng)
                .arg(&source)
                .arg("-ladvapi32")
                .status()
                .map_err(|err| format!("x86_64-w64-mingw32-gcc: {err}"))?;
            if !built.success() {
                return Err(format!("{} does not build", source.display()));
            }
        }
        // One wineserver for the whole run: each program would otherwise
        // start its own, for seconds (run.sh starts it for good; here it
        // stays a minute past the last program).
        let _ = Command::new("wineserver")
            .arg("--persistent=60")
            .env("WINEPREFIX", &prefix)
            .status();
        Ok(Wine { wine, exe, prefix })
    })
    .as_ref()
    .map_err(Clone::clone)
}

/// Wine, or a `SKIPPED:` line for `test` (which run.sh refuses).
fn wine_for(test: &str) -> Option<&'static Wine> {
    match wine() {
        Ok(wine) => Some(wine),
        Err(why) => {
            skipped("windows_wine", test, &why);
            None
        }
    }
}

impl Wine {
    /// `boardls.exe ARGS`, from the crate's root.
    fn boardls(&self, args: &[&str]) -> Command {
        cli::as_the_tests_run(self.program(&self.exe), args)
    }

    /// A Windows program under this Wine.
    fn program(&self, exe: &Path) -> Command {
        let mut command = Command::new(&self.wine);
        command
            .arg(exe)
            .env("WINEPREFIX", &self.prefix)
            .env("WINEDEBUG", "-all");
        command
    }
}

/// How Windows under Wine names the Linux path `path`: `Z:\tmp\x`.
fn windows_path(path: &Path) -> String {
    format!("Z:{}", path.display()).replace('/', "\\")
}

/// The URI VS Code on Windows sends for `path`: `file:///z%3A/tmp/x`.
fn vscode_uri(path: &Path) -> String {
    file_uri(path).replacen("file://", "file:///z%3A", 1)
}

fn crlf(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\n', "\r\n")
}

#[test]
fn solve_is_byte_exact_with_the_linux_build() {
    let Some(wine) = wine_for("solve") else {
        return;
    };
    let judge = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/judge");
    for (game, input, expected) in [
        ("uttt", "cf907b/sample1.in", "cf907b/sample1.out"),
        ("uttt", "cf907b/sample2.in", "cf907b/sample2.out"),
        ("uttt", "cf907b/sample3.in", "cf907b/sample3.out"),
        ("go9", "ancientgo/sample.in", "ancientgo/sample.out"),
        ("tomek", "tomek/sample.in", "tomek/sample.out"),
        (
            "tomek",
            "tomek/A-small-practice.in",
            "tomek/A-small-practice.out",
        ),
        (
            "tomek",
            "tomek/A-large-practice.in",
            "tomek/A-large-practice.out",
        ),
    ] {
        let bytes = std::fs::read(judge.join(input)).expect("a judge input");
        let expected = std::fs::read(judge.join(expected)).expect("a judge output");
        let here = fed(command(&["solve", game]), &bytes);
        assert_eq!(here.stdout, expected, "{input}: the Linux build");
        // The same input as a Windows editor saves it, too.
        let saved = crlf(&String::from_utf8_lossy(&bytes)).into_bytes();
        for input_bytes in [&bytes, &saved] {
            let there = fed(wine.boardls(&["solve", game]), input_bytes);
            assert_eq!(there.status.code(), here.status.code(), "{input}");
            assert!(
                there.stdout == here.stdout,
                "{input}: boardls.exe solve differs:\n{}",
                String::from_utf8_lossy(&there.stdout)
            );
        }
    }
}

#[test]
fn check_prints_windows_paths_and_the_same_findings() {
    let Some(wine) = wine_for("check") else {
        return;
    };
    for (args, status) in [
        (vec!["check", "examples/uttt/broken.uttt"], 1),
        (vec!["check", "examples"], 1),
        (vec!["check", "examples/tomek/sample.tomek"], 0),
        (
            vec![
                "check",
                "--output-format",
                "full",
                "examples/go9/broken.go9",
            ],
            1,
        ),
        (vec!["check", "no/such/file.go9"], 2),
    ] {
        let here = command(&args).output().expect("run boardls");
        let there = wine.boardls(&args).output().expect("run boardls.exe");
        assert_eq!(here.status.code(), Some(status), "{args:?}");
        assert_eq!(there.status.code(), Some(status), "{args:?}");
        // The same bytes (UTF-8, code frames and all), with `\` in paths.
        let mut expected = String::from_utf8(here.stdout).expect("UTF-8");
        for folder in [
            "examples/go9/",
            "examples/tomek/",
            "examples/uttt/",
            "examples/",
        ] {
            expected = expected.replace(folder, &folder.replace('/', "\\"));
        }
        let got = String::from_utf8(there.stdout).expect("boardls.exe writes UTF-8");
        assert_eq!(got, expected, "{args:?}");
    }
}

#[test]
fn check_a_problem_folder_with_its_project_file() {
    let Some(wine) = wine_for("check a problem folder") else {
        return;
    };
    let dir = TempDir::new("wine-problem");
    dir.write(
        "boardls.toml",
        crlf("[files]\n\"tests/*.in\" = \"tomek\"\n"),
    );
    dir.write("tests/01.in", crlf("1\nXXXT\n....\nOO..\n....\n"));
    dir.write("tests/02.in", crlf("1\nXXXX\nOOOO\nTTxx\n....\n"));
    dir.write("tests/01.out", crlf("Case #1: O won\n"));
    let run = |args: &[&str]| {
        let output = wine
            .boardls(args)
            .current_dir(dir.path())
            .output()
            .expect("run boardls.exe");
        let text = String::from_utf8(output.stdout).expect("UTF-8");
        (output.status.code(), text)
    };
    let (status, text) = run(&["check", "tests"]);
    assert_eq!(status, Some(1), "{text}");
    assert!(text.contains("tests\\02.in:4:"), "{text}");
    assert!(text.contains("tests\\01.out:1:"), "{text}");
    assert!(!text.contains("tests/"), "{text}");
    // A path written with `/` is shown as Windows writes it, and the
    // same findings come from a Windows absolute path.
    let (_, slashes) = run(&["check", "tests/02.in"]);
    assert!(slashes.starts_with("tests\\02.in:4:"), "{slashes}");
    let absolute = windows_path(&dir.path().join("tests"));
    let (status, text) = run(&["check", &absolute]);
    assert_eq!(status, Some(1), "{text}");
    assert!(text.contains(&format!("{absolute}\\02.in:4:")), "{text}");
    // A good folder exits 0.
    std::fs::remove_file(dir.path().join("tests/02.in")).expect("remove");
    std::fs::write(dir.path().join("tests/01.out"), crlf("Case #1: X won\n")).expect("write");
    let (status, text) = run(&["check", "."]);
    assert_eq!((status, text.as_str()), (Some(0), ""));
}

/// The `!` marks of `.uttt` sample 1, as the judge answers it.
const SAMPLE1: &str = "... ... ...\n... ... ...\n... ... ...\n\n... ... ...\n... ... ...\n... x.. ...\n\n... ... ...\n... ... ...\n... ... ...\n6 4\n";
const SAMPLE1_MARKED: &str = "... ... ...\n... ... ...\n... ... ...\n\n... ... ...\n... ... ...\n... x.. ...\n\n!!! ... ...\n!!! ... ...\n!!! ... ...\n6 4\n";

/// The tomek sample and its answers, case 4 wrong.
const INPUT: &str = include_str!("../fixtures/judge/tomek/sample.in");
const ANSWER: &str = include_str!("../fixtures/judge/tomek/sample.out");

fn codes(diagnostics: &[Value]) -> Vec<String> {
    diagnostics
        .iter()
        .map(|d| d["code"].as_str().unwrap_or_default().to_owned())
        .collect()
}

#[test]
fn an_lsp_session_with_vscode_uris_and_crlf_documents() {
    let Some(wine) = wine_for("an LSP session") else {
        return;
    };
    let dir = TempDir::new("wine-lsp");
    dir.write("boardls.toml", "[files]\n\"tests/*.in\" = \"tomek\"\n");
    let input = dir.write("tests/01.in", crlf(INPUT));
    let wrong = crlf(&ANSWER.replace("Case #4: O won", "Case #4: X won"));
    let answer = dir.write("tests/01.out", &wrong);
    let board = dir.write("Задачи и тесты/sample 1.uttt", crlf(SAMPLE1));
    let mut command = wine.boardls(&["--stdio"]);
    command.current_dir(dir.path());
    let mut server = Server::spawn_command(command);
    server.initialize_with(json!({
        "processId": null,
        "capabilities": {"textDocument": {"publishDiagnostics": {"versionSupport": true}}},
        "workspaceFolders": [{"uri": vscode_uri(dir.path()), "name": "problem"}],
    }));

    // A .uttt board in a folder with spaces and Cyrillic letters.
    let board_uri = vscode_uri(&board);
    let mut text = crlf(SAMPLE1);
    server.open(&board_uri, "uttt", 1, &text);
    assert_eq!(
        codes(&server.diagnostics(&board_uri, 1)),
        Vec::<String>::new()
    );
    let hover = server.hover_text(&board_uri, 6, 4);
    assert!(!hover.is_empty(), "a hover on the last move");
    let actions = server.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": board_uri}, "range": range(0, 0, 11, 3), "context": {"diagnostics": []}}),
    );
    let mark = actions
        .as_array()
        .and_then(|all| all.iter().find(|a| a["title"] == "Mark legal moves with !"))
        .unwrap_or_else(|| panic!("the ! action in {actions}"));
    // The edit is for the document as the client named it.
    let edits = mark["edit"]["changes"][board_uri.as_str()]
        .as_array()
        .unwrap_or_else(|| panic!("edits for {board_uri} in {mark}"))
        .clone();
    apply_edits(&mut text, &edits, boardls_ide::encoding::Encoding::Utf16);
    assert_eq!(text, crlf(SAMPLE1_MARKED));
    server.change(&board_uri, 2, json!([{"text": text}]));
    assert_eq!(
        codes(&server.diagnostics(&board_uri, 2)),
        Vec::<String>::new()
    );
    // A broken cell is an error at its character on a CRLF line.
    server.change(
        &board_uri,
        3,
        json!([{"range": range(6, 5, 6, 6), "text": "X"}]),
    );
    let found = server.diagnostics(&board_uri, 3);
    assert_eq!(found[0]["range"], range(6, 5, 6, 6), "{found:?}");
    // Formatting keeps CRLF.
    server.change(&board_uri, 4, json!([{"text": crlf("... ... ...  \n... ... ...\n... ... ...\n\n... ... ...\n... ... ...\n... x.. ...\n\n... ... ...\n... ... ...\n... ... ...\n6 4\n")}]));
    let edits = server.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": board_uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    let mut formatted = crlf(
        "... ... ...  \n... ... ...\n... ... ...\n\n... ... ...\n... ... ...\n... x.. ...\n\n... ... ...\n... ... ...\n... ... ...\n6 4\n",
    );
    apply_edits(
        &mut formatted,
        edits.as_array().expect("formatting edits"),
        boardls_ide::encoding::Encoding::Utf16,
    );
    assert_eq!(formatted, crlf(SAMPLE1));

    // The project's input and its answer file, by the `[files]` glob.
    let (input_uri, answer_uri) = (vscode_uri(&input), vscode_uri(&answer));
    server.open(&input_uri, "plaintext", 1, &crlf(INPUT));
    assert_eq!(
        codes(&server.diagnostics(&input_uri, 1)),
        Vec::<String>::new()
    );
    server.open(&answer_uri, "plaintext", 1, &wrong);
    let found = server.diagnostics(&answer_uri, 1);
    assert_eq!(codes(&found), ["answer/wrong"]);
    assert_eq!(found[0]["range"], range(3, 9, 3, 14));
    let definition = server.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": answer_uri}, "position": pos(3, 2)}),
    );
    assert_eq!(definition["uri"], input_uri.as_str(), "{definition}");
    assert_eq!(definition["range"]["start"]["line"], 16);

    // The same file under another spelling is the same document: no
    // second set of diagnostics.
    let spelled = input_uri.replacen("file:///z%3A", "file:///Z:", 1);
    server.open(&spelled, "plaintext", 2, &crlf(INPUT));
    assert_eq!(
        codes(&server.diagnostics(&spelled, 2)),
        Vec::<String>::new()
    );
    // An edit through the first name reaches the one document.
    server.change(
        &input_uri,
        3,
        json!([{"range": range(1, 0, 1, 4), "text": "XOXT"}]),
    );
    assert_eq!(
        codes(&server.diagnostics(&spelled, 3)),
        Vec::<String>::new()
    );
    std::thread::sleep(std::time::Duration::from_millis(500));
    let others: Vec<Value> = server
        .drain()
        .into_iter()
        .filter(|m| m["method"] == "textDocument/publishDiagnostics")
        .filter(|m| m["params"]["uri"] == input_uri.as_str())
        // What was published before the second open is not a duplicate.
        .filter(|m| m["params"]["version"].as_i64() >= Some(2))
        .collect();
    assert_eq!(others, Vec::<Value>::new(), "a second document");
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn two_sessions_share_one_daemon_over_the_named_pipe() {
    let Some(wine) = wine_for("two sessions on one daemon") else {
        return;
    };
    let start = || {
        let mut server = Server::spawn_command(wine.boardls(&["lsp", "--connect", "auto"]));
        server.initialize(json!({}));
        server
    };
    let mut a = start();
    let mut b = start();
    let sa = a.request("boardls/status", Value::Null);
    let sb = b.request("boardls/status", Value::Null);
    assert_eq!(sa["pid"], sb["pid"], "{sa} {sb}");
    assert_eq!(sb["sessions"], 2, "{sb}");
    let uri = "untitled:x.tomek";
    a.open(uri, "tomek", 1, &crlf("1\nXXXX\nOOOO\nTT..\n....\n"));
    b.open(uri, "tomek", 1, &crlf("1\nXXXT\n....\nOO..\n....\n"));
    assert!(!a.diagnostics(uri, 1).is_empty());
    assert!(b.diagnostics(uri, 1).is_empty());
    assert!(a.shutdown_and_exit().success());
    assert_eq!(b.request("boardls/status", Value::Null)["sessions"], 1);
    assert!(b.shutdown_and_exit().success());
    // A killed daemon is replaced by the next session's forwarder. Each is
    // killed here: an idle one would live a minute more, holding the
    // output pipes Wine gave it.
    let kill = |status: &Value| {
        let pid = status["pid"].to_string();
        let killed = wine
            .program(Path::new("taskkill"))
            .args(["/pid", &pid, "/f"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("taskkill");
        assert!(killed.success(), "taskkill /pid {pid}: {killed}");
    };
    kill(&sb);
    let mut c = start();
    let sc = c.request("boardls/status", Value::Null);
    assert_ne!(sc["pid"], sb["pid"], "{sc}");
    assert_eq!(sc["sessions"], 1, "{sc}");
    assert!(c.shutdown_and_exit().success());
    kill(&sc);
}

/// A Windows solution built from `source` with mingw-w64's gcc.
fn solution(dir: &TempDir, name: &str, source: &str) -> PathBuf {
    let c = dir.write(&format!("{name}.c"), source);
    let exe = dir.path().join(format!("{name}.exe"));
    let built = Command::new("x86_64-w64-mingw32-gcc")
        .arg("-O2")
        .arg("-o")
        .arg(&exe)
        .arg(&c)
        .status()
        .expect("x86_64-w64-mingw32-gcc (apt-get install gcc-mingw-w64-x86-64)");
    assert!(built.success(), "{name}.c does not build");
    exe
}

#[test]
fn stress_runs_windows_solutions() {
    let Some(wine) = wine_for("stress") else {
        return;
    };
    let dir = TempDir::new("wine-stress");
    let wrong = solution(
        &dir,
        "wrong",
        "#include <stdio.h>\nint main(void){int t=0,i;if(scanf(\"%d\",&t)!=1)return 0;\
         for(i=1;i<=t;i++)printf(\"Case #%d: Draw\\n\",i);return 0;}\n",
    );
    let hang = solution(
        &dir,
        "hang",
        "#include <windows.h>\nint main(void){for(;;)Sleep(1000);}\n",
    );
    // An access violation that ends the process as Windows does with no
    // error reporting (Wine would start its debugger first, for seconds).
    let crash = solution(
        &dir,
        "crash",
        "#include <windows.h>\nstatic LONG WINAPI die(EXCEPTION_POINTERS *e){\
         TerminateProcess(GetCurrentProcess(),e->ExceptionRecord->ExceptionCode);return 0;}\n\
         int main(void){SetUnhandledExceptionFilter(die);volatile int *p=0;*p=1;return 0;}\n",
    );
    let run = |name: &str, exe: &Path, options: &[&str]| {
        let out = windows_path(&dir.path().join(format!("out-{name}")));
        let exe = windows_path(exe);
        let mut args = vec!["stress", "tomek", "--seed", "7", "--out", &out];
        args.extend(options);
        args.push("--");
        args.push(&exe);
        let output = wine.boardls(&args).output().expect("run boardls.exe");
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
        )
    };
    let (status, text) = run("wrong", &wrong, &["--count", "50", "--time-limit", "30s"]);
    assert_eq!(status, Some(1), "{text}");
    assert!(text.contains("wrong answer"), "{text}");
    let started = std::time::Instant::now();
    let (status, text) = run("hang", &hang, &["--count", "1", "--time-limit", "500ms"]);
    assert_eq!(status, Some(1), "{text}");
    assert!(text.contains("timeout: no answer within 500ms"), "{text}");
    assert!(started.elapsed().as_secs() < 60, "the hang was not killed");
    let (status, text) = run("crash", &crash, &["--count", "5", "--time-limit", "30s"]);
    assert_eq!(status, Some(1), "{text}");
    assert!(
        text.contains("crash: exception 0xC0000005 (access violation)"),
        "{text}"
    );
    // A `cmd /c` solution, as the manual shows for scripts.
    let (status, text) = {
        let out = windows_path(&dir.path().join("out-cmd"));
        let exe = windows_path(&wrong);
        let output = wine
            .boardls(&[
                "stress",
                "tomek",
                "--seed",
                "7",
                "--count",
                "50",
                "--time-limit",
                "30s",
                "--out",
                &out,
                "--",
                "cmd",
                "/c",
                &exe,
            ])
            .output()
            .expect("run boardls.exe");
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
        )
    };
    assert_eq!(status, Some(1), "{text}");
    assert!(text.contains("wrong answer"), "{text}");
}
