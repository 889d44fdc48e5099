//! The browser's language server against the desktop's: the same
//! messages to both, over the judges' real files of the three games and a
//! problem folder of answer files, and the same answers back. The desktop
//! server is the oracle. Each scenario runs twice: the browser's host
//! compiled natively beside the desktop's in-process session, and the
//! WebAssembly build that the playground ships (`cargo xtask web`'s
//! `dist/web`) in Node (`tests/web/wasm-server.mjs`) beside the desktop
//! binary over stdio. Where the two differ by design (the `initialize`
//! result's workspace and `experimental` parts, files on disk that are
//! not open) the tests say so.

use std::collections::BTreeMap;
use std::io::{BufRead as _, BufReader, Write as _};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use boardls_web::host::BrowserSession;
use serde_json::{Value, json};

use crate::support::client::{Server, caps, pos, range};

/// A browser's language server: one message's text in, the texts of the
/// messages it sends back out.
trait Browser {
    /// What its `initialize` result names as its platform.
    const PLATFORM: &'static str;

    fn handle(&mut self, message: &str) -> Vec<String>;
}

impl Browser for BrowserSession {
    const PLATFORM: &'static str = "native";

    fn handle(&mut self, message: &str) -> Vec<String> {
        BrowserSession::handle(self, message)
    }
}

/// The playground's WebAssembly server, in Node.
struct WasmServer {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl WasmServer {
    /// The server of `cargo xtask web`'s build; `None` (a skip, which
    /// `tests/run.sh` does not allow: it builds the playground first)
    /// when there is none.
    fn start() -> Option<WasmServer> {
        let root = crate::support::sources::root();
        let target = std::env::var_os("CARGO_TARGET_DIR")
            .map(PathBuf::from)
            .map_or_else(|| root.join("target"), |dir| root.join(dir));
        let glue = target.join("web-pkg/boardls_web.js");
        let wasm = root.join("dist/web/boardls_web_bg.wasm");
        if !glue.is_file() || !wasm.is_file() {
            crate::support::skipped(
                "browser_server",
                "the playground's wasm server",
                "no dist/web build: cargo xtask web",
            );
            return None;
        }
        let mut child = Command::new("node")
            .arg(root.join("tests/web/wasm-server.mjs"))
            .arg(&glue)
            .arg(&wasm)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("node runs tests/web/wasm-server.mjs");
        let stdin = child.stdin.take().expect("its stdin");
        let stdout = BufReader::new(child.stdout.take().expect("its stdout"));
        Some(WasmServer {
            child,
            stdin,
            stdout,
        })
    }
}

impl Browser for WasmServer {
    const PLATFORM: &'static str = "wasm32";

    fn handle(&mut self, message: &str) -> Vec<String> {
        assert!(!message.contains('\n'), "one message a line: {message}");
        writeln!(self.stdin, "{message}").expect("the wasm server reads");
        let mut line = String::new();
        self.stdout
            .read_line(&mut line)
            .expect("the wasm server answers");
        let out: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"));
        if let Some(trap) = out.get("trapped") {
            panic!("the wasm server trapped on {message}: {trap}");
        }
        serde_json::from_value(out).unwrap_or_else(|e| panic!("{e}: {line}"))
    }
}

impl Drop for WasmServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The desktop and a browser server, fed the same messages.
struct Twin<B: Browser> {
    desktop: Server,
    browser: B,
    next_id: i64,
}

/// The publishes among `messages`, the last of each document.
fn last_publishes(messages: impl IntoIterator<Item = Value>) -> BTreeMap<String, Value> {
    messages
        .into_iter()
        .filter(|m| m["method"] == "textDocument/publishDiagnostics")
        .map(|m| {
            (
                m["params"]["uri"].as_str().unwrap_or("").to_owned(),
                m["params"].clone(),
            )
        })
        .collect()
}

fn parsed(texts: Vec<String>) -> Vec<Value> {
    texts
        .iter()
        .map(|text| serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}")))
        .collect()
}

/// Runs `scenario` on each pair of hosts: the native browser beside the
/// in-process desktop, and the playground's wasm beside the desktop
/// binary over stdio.
fn on_both(scenario: impl Fn(&dyn Fn(&str) -> Option<TwinOf>)) {
    scenario(&|locale| {
        Some(TwinOf::Native(Twin::new(
            Server::in_process(),
            BrowserSession::new(),
            locale,
        )))
    });
    scenario(&|locale| {
        let wasm = WasmServer::start()?;
        Some(TwinOf::Wasm(Twin::new(Server::spawn(), wasm, locale)))
    });
}

/// A twin of either kind, for the scenarios (written once for both).
enum TwinOf {
    Native(Twin<BrowserSession>),
    Wasm(Twin<WasmServer>),
}

/// Forwards to the twin inside.
macro_rules! either {
    ($twin:expr, $t:ident => $body:expr) => {
        match $twin {
            TwinOf::Native($t) => $body,
            TwinOf::Wasm($t) => $body,
        }
    };
}

impl TwinOf {
    fn notify(&mut self, method: &str, params: Value) -> BTreeMap<String, Value> {
        either!(self, t => t.notify(method, params))
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        either!(self, t => t.request(method, params))
    }

    fn request_each(&mut self, method: &str, desktop: Value, browser: Value) -> (Value, Value) {
        either!(self, t => t.request_each(method, desktop, browser))
    }

    fn browser_request(&mut self, method: &str, params: Value) -> Value {
        either!(self, t => t.browser_request(method, params))
    }

    fn browser_handle(&mut self, text: &str) -> Vec<String> {
        either!(self, t => t.browser.handle(text))
    }

    fn desktop(&mut self) -> &mut Server {
        either!(self, t => &mut t.desktop)
    }

    fn open(&mut self, uri: &str, language: &str, text: &str) {
        either!(self, t => t.open(uri, language, text))
    }

    fn change(&mut self, uri: &str, version: i64, changes: Value) -> BTreeMap<String, Value> {
        either!(self, t => t.change(uri, version, changes))
    }

    /// Opens a plain-text document, returning the publishes it caused.
    fn open_returning(&mut self, uri: &str, text: &str) -> BTreeMap<String, Value> {
        let item = json!({"uri": uri, "languageId": "plaintext", "version": 1, "text": text});
        self.notify("textDocument/didOpen", json!({ "textDocument": item }))
    }
}

impl<B: Browser> Twin<B> {
    fn new(desktop: Server, browser: B, locale: &str) -> Twin<B> {
        let mut twin = Twin {
            desktop,
            browser,
            next_id: 1000,
        };
        let params = json!({
            "processId": null,
            "rootUri": null,
            "capabilities": caps("utf-16"),
            "clientInfo": {"name": "Visual Studio Code"},
            "locale": locale,
        });
        let desktop = twin.desktop.request("initialize", params.clone());
        let browser = twin.browser_request("initialize", params)["result"].clone();
        let mut expected = desktop;
        // What the browser lacks, it says: no workspace, its platform.
        expected["capabilities"]
            .as_object_mut()
            .expect("capabilities")
            .remove("workspace");
        expected["capabilities"]["experimental"] = json!({"boardls": {
            "platform": B::PLATFORM,
            "workspaceScan": false,
            "daemon": false,
            "answerPairing": "open documents",
        }});
        expected["serverInfo"]["version"] =
            json!(format!("{}+{}", env!("CARGO_PKG_VERSION"), B::PLATFORM));
        assert_eq!(browser, expected, "initialize");
        twin.notify("initialized", json!({}));
        twin
    }

    /// A request to the browser alone: its response, checked to be no
    /// internal error (a panic in a handler).
    fn browser_request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let message = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        let out = parsed(self.browser.handle(&message.to_string()));
        let response = out
            .into_iter()
            .find(|m| m["id"] == id && m.get("method").is_none())
            .unwrap_or_else(|| panic!("no answer to {method}"));
        assert_ne!(
            response["error"]["code"], -32603,
            "{method}: the browser's handler failed: {response}"
        );
        response
    }

    /// A notification to both; their last publish of each document since
    /// the one before must be equal.
    fn notify(&mut self, method: &str, params: Value) -> BTreeMap<String, Value> {
        self.desktop.notify(method, params.clone());
        let message = json!({"jsonrpc": "2.0", "method": method, "params": params});
        let browser = last_publishes(parsed(self.browser.handle(&message.to_string())));
        let desktop = last_publishes(self.desktop.published_before_probe(None));
        assert_eq!(browser, desktop, "the publishes after {method}");
        browser
    }

    /// A request to both: the same response (result or error).
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.request_each(method, params.clone(), params).1
    }

    /// A request to each, with params of its own (a result id each server
    /// gave): the same response, but for the result ids (opaque; the
    /// desktop's count the test's probes too), and neither an internal
    /// error. The desktop's result, and the browser's.
    fn request_each(&mut self, method: &str, desktop: Value, browser: Value) -> (Value, Value) {
        let mut desktop = self.desktop.request_raw(method, desktop);
        let mut browser = self.browser_request(method, browser);
        assert_ne!(
            desktop["error"]["code"], -32603,
            "{method}: the desktop's handler failed: {desktop}"
        );
        let ids = (take_result_id(&mut desktop), take_result_id(&mut browser));
        assert_eq!(
            browser.get("error"),
            desktop.get("error"),
            "{method}: the errors"
        );
        assert_eq!(browser["result"], desktop["result"], "{method}");
        for (response, id) in [(&mut desktop, ids.0), (&mut browser, ids.1)] {
            if let (Some(result), Some(id)) = (response["result"].as_object_mut(), id) {
                result.insert("resultId".to_owned(), id);
            }
        }
        (desktop["result"].take(), browser["result"].take())
    }

    fn open(&mut self, uri: &str, language: &str, text: &str) {
        let item = json!({"uri": uri, "languageId": language, "version": 1, "text": text});
        self.notify("textDocument/didOpen", json!({ "textDocument": item }));
    }

    fn change(&mut self, uri: &str, version: i64, changes: Value) -> BTreeMap<String, Value> {
        let params = json!({
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": changes,
        });
        self.notify("textDocument/didChange", params)
    }
}

/// The result id of a response's result, taken out of it.
fn take_result_id(response: &mut Value) -> Option<Value> {
    response
        .get_mut("result")?
        .as_object_mut()?
        .remove("resultId")
}

/// A judge folder of tests/fixtures/judge: its input, answer and game.
struct Judge {
    folder: &'static str,
    input: &'static str,
    answer: &'static str,
    game: &'static str,
}

const JUDGES: [Judge; 3] = [
    Judge {
        folder: "tomek",
        input: "sample.in",
        answer: "sample.out",
        game: "tomek",
    },
    Judge {
        folder: "cf907b",
        input: "sample1.in",
        answer: "sample1.out",
        game: "uttt",
    },
    Judge {
        folder: "ancientgo",
        input: "sample.in",
        answer: "sample.out",
        game: "go9",
    },
];

fn judge_path(folder: &str, name: &str) -> String {
    format!(
        "{}/tests/fixtures/judge/{folder}/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn doc(uri: &str) -> Value {
    json!({ "uri": uri })
}

/// Every open-document request on a board file, compared; the
/// semantic tokens each server gave.
fn ask_everything(twin: &mut TwinOf, uri: &str, lines: u64) -> (Value, Value) {
    for (line, character) in [(0, 0), (1, 0), (1, 2), (2, 1), (5, 3), (lines + 5, 0)] {
        twin.request(
            "textDocument/hover",
            json!({"textDocument": doc(uri), "position": pos(line, character)}),
        );
    }
    let whole = range(0, 0, lines + 1, 0);
    twin.request(
        "textDocument/inlayHint",
        json!({"textDocument": doc(uri), "range": whole}),
    );
    for at in [range(1, 0, 1, 0), range(1, 0, 3, 2), whole.clone()] {
        twin.request(
            "textDocument/codeAction",
            json!({"textDocument": doc(uri), "range": at, "context": {"diagnostics": []}}),
        );
    }
    twin.request(
        "textDocument/formatting",
        json!({"textDocument": doc(uri), "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    twin.request(
        "textDocument/semanticTokens/range",
        json!({"textDocument": doc(uri), "range": range(1, 0, 4, 0)}),
    );
    twin.request(
        "textDocument/documentSymbol",
        json!({"textDocument": doc(uri)}),
    );
    twin.request(
        "textDocument/foldingRange",
        json!({"textDocument": doc(uri)}),
    );
    twin.request("textDocument/codeLens", json!({"textDocument": doc(uri)}));
    let whole = json!({ "textDocument": doc(uri) });
    twin.request_each("textDocument/semanticTokens/full", whole.clone(), whole)
}

#[test]
fn browser_server_answers_as_the_desktop_on_the_judges_files() {
    on_both(|make| {
        for judge in &JUDGES {
            let Some(mut twin) = make("en") else { return };
            let project = judge_path(judge.folder, "boardls.toml");
            let input = judge_path(judge.folder, judge.input);
            let answer = judge_path(judge.folder, judge.answer);
            let (project_uri, input_uri, answer_uri) = (
                format!("file://{project}"),
                format!("file://{input}"),
                format!("file://{answer}"),
            );
            let input_text = read(&input);
            let lines = input_text.lines().count() as u64;
            twin.open(&project_uri, "toml", &read(&project));
            // An input with no answer file, on disk or open: the action that
            // writes the judge's answers.
            let fresh_uri = format!("file://{}", judge_path(judge.folder, "fresh.in"));
            twin.open(&fresh_uri, judge.game, &input_text);
            ask_everything(&mut twin, &fresh_uri, lines);
            twin.notify(
                "textDocument/didClose",
                json!({"textDocument": doc(&fresh_uri)}),
            );
            // The input and its answer, both open (the desktop reads the
            // answer from disk before it opens, the browser does not).
            twin.open(&input_uri, judge.game, &input_text);
            twin.open(&answer_uri, "plaintext", &read(&answer));
            let tokens = ask_everything(&mut twin, &input_uri, lines);
            // The judge's output, as the playground shows it.
            let verdicts =
                twin.browser_request("boardls/verdicts", json!({"textDocument": doc(&input_uri)}));
            let answer_text = read(&answer);
            let expected: Vec<&str> = answer_text.lines().map(str::trim_end).collect();
            let shown: Vec<String> = serde_json::from_value(verdicts["result"]["lines"].clone())
                .unwrap_or_else(|e| panic!("{e}: {verdicts}"));
            let shown: Vec<&str> = shown.iter().map(|l| l.trim_end()).collect();
            assert_eq!(shown, expected, "{}: the verdicts", judge.folder);

            // An answer line: hover with the input's picture, definition,
            // references from the input.
            for line in [0, 1, 2] {
                let at = json!({"textDocument": doc(&answer_uri), "position": pos(line, 3)});
                twin.request("textDocument/hover", at.clone());
                twin.request("textDocument/definition", at);
            }
            twin.request(
                "textDocument/references",
                json!({"textDocument": doc(&input_uri), "position": pos(2, 0),
                   "context": {"includeDeclaration": false}}),
            );

            // An incremental edit of a cell, then the token delta.
            let published = twin.change(
            &input_uri,
            2,
            json!([{"range": range(2, 0, 2, 1), "text": "."}, {"range": range(3, 1, 3, 1), "text": "!"}]),
        );
            assert!(published.contains_key(&input_uri), "the input published");
            ask_everything(&mut twin, &input_uri, lines);
            let delta = |tokens: &Value| json!({"textDocument": doc(&input_uri), "previousResultId": tokens["resultId"]});
            twin.request_each(
                "textDocument/semanticTokens/full/delta",
                delta(&tokens.0),
                delta(&tokens.1),
            );
            twin.request(
                "textDocument/semanticTokens/full/delta",
                json!({"textDocument": doc(&input_uri), "previousResultId": "stale"}),
            );

            // A wrong answer: its diagnostic and its fix.
            let published = twin.change(
                &answer_uri,
                2,
                json!([{"range": range(0, 0, 0, 200), "text": "Case #1: nonsense"}]),
            );
            let answer_diagnostics = &published[&answer_uri]["diagnostics"];
            assert!(
                answer_diagnostics.as_array().is_some_and(|d| !d.is_empty()),
                "{}: the wrong answer is found: {answer_diagnostics}",
                judge.folder
            );
            twin.request(
                "textDocument/codeAction",
                json!({"textDocument": doc(&answer_uri), "range": range(0, 0, 0, 5),
                   "context": {"diagnostics": []}}),
            );
            twin.request(
                "textDocument/codeLens",
                json!({"textDocument": doc(&input_uri)}),
            );

            // A whole-text change, then the closes.
            twin.change(&input_uri, 3, json!([{ "text": input_text }]));
            twin.notify(
                "textDocument/didClose",
                json!({"textDocument": doc(&answer_uri)}),
            );
            twin.notify(
                "textDocument/didClose",
                json!({"textDocument": doc(&input_uri)}),
            );
            twin.request(
                "textDocument/hover",
                json!({"textDocument": doc(&input_uri), "position": pos(1, 0)}),
            );
            twin.request("shutdown", Value::Null);
        }
    });
}

/// The uttt input with `!` markers: the fill action and the board it
/// writes, as the desktop gives them.
#[test]
fn browser_server_fills_legal_moves_as_the_desktop() {
    on_both(|make| {
        let Some(mut twin) = make("en") else { return };
        let uri = "file:///w/legal.uttt";
        let text = read(&judge_path("cf907b", "sample2.in"));
        twin.open(uri, "uttt", &text);
        let actions = twin.request(
        "textDocument/codeAction",
        json!({"textDocument": doc(uri), "range": range(1, 0, 12, 0), "context": {"diagnostics": []}}),
    );
        let titles: Vec<&str> = actions
            .as_array()
            .map(|a| a.iter().filter_map(|a| a["title"].as_str()).collect())
            .unwrap_or_default();
        assert!(
            titles.contains(&"Mark legal moves with !"),
            "the fill action: {titles:?}"
        );
    });
}

/// What a client may send that is not right: both servers answer it
/// alike, and neither answers an internal error (a panic in a handler,
/// which each host's guard would answer so): `Twin::request` asserts it.
#[test]
fn browser_server_survives_what_the_desktop_survives() {
    on_both(|make| {
        let Some(mut twin) = make("en") else { return };
        let uri = "file:///w/a.tomek";
        twin.open(uri, "tomek", &read(&judge_path("tomek", "sample.in")));
        for text in ["{", "null", "[]", "42", r#"{"id":7,"method":5}"#] {
            let out = parsed(twin.browser_handle(text));
            assert_eq!(out.len(), 1, "{text}: {out:?}");
            let code = &out[0]["error"]["code"];
            assert!(code == -32700 || code == -32600, "{text}: {out:?}");
        }
        let methods = [
            "textDocument/hover",
            "textDocument/inlayHint",
            "textDocument/codeAction",
            "textDocument/codeLens",
            "textDocument/definition",
            "textDocument/references",
            "textDocument/formatting",
            "textDocument/semanticTokens/full",
            "textDocument/semanticTokens/full/delta",
            "textDocument/semanticTokens/range",
            "textDocument/documentSymbol",
            "textDocument/foldingRange",
            "boardls/nothing",
        ];
        let far = json!({"line": 4_000_000_000u64, "character": 4_000_000_000u64});
        let garbage = [
            Value::Null,
            json!([]),
            json!({"textDocument": 5}),
            json!({"textDocument": doc(uri), "position": far, "range": {"start": far, "end": far},
               "context": {"diagnostics": [], "includeDeclaration": true},
               "options": {"tabSize": 1, "insertSpaces": false}, "previousResultId": "x"}),
            json!({"textDocument": doc("file:///not/open.go9"), "position": pos(0, 0),
               "range": range(0, 0, 0, 0), "context": {"diagnostics": []},
               "options": {"tabSize": 1, "insertSpaces": false}, "previousResultId": "1"}),
        ];
        for method in methods {
            for params in &garbage {
                let answer = twin.request(method, params.clone());
                let _ = answer;
            }
        }
        // Edits past the end are clamped, and notifications with wrong params
        // are dropped, as on the desktop.
        twin.change(
            uri,
            2,
            json!([{"range": {"start": far, "end": far}, "text": "\nXXXX"}]),
        );
        twin.notify("textDocument/didChange", json!({"textDocument": 5}));
        twin.notify("textDocument/didOpen", json!([]));
        twin.notify(
            "workspace/didChangeConfiguration",
            json!({"settings": {"boardls": {"diagnostics": {"warnings": false}}}}),
        );
        twin.request(
            "textDocument/documentSymbol",
            json!({"textDocument": doc(uri)}),
        );
    });
}

/// The protocol's states: before `initialize`, and after `shutdown`.
#[test]
fn browser_server_keeps_the_protocol_states() {
    protocol_states(BrowserSession::new());
    if let Some(wasm) = WasmServer::start() {
        protocol_states(wasm);
    }
}

fn protocol_states<B: Browser>(mut browser: B) {
    let hover = r#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}"#;
    let out = parsed(browser.handle(hover));
    assert_eq!(out[0]["error"]["code"], -32002, "{out:?}");
    let init = r#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"capabilities":{}}}"#;
    let out = parsed(browser.handle(init));
    assert!(
        out[0]["result"]["serverInfo"]["version"]
            .as_str()
            .is_some_and(|v| v.ends_with(&format!("+{}", B::PLATFORM)))
    );
    let out = parsed(browser.handle(init));
    assert_eq!(
        out[0]["error"]["code"], -32600,
        "a second initialize: {out:?}"
    );
    let out = parsed(browser.handle(r#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#));
    assert_eq!(out[0]["result"], Value::Null);
    let out = parsed(browser.handle(hover));
    assert_eq!(out[0]["error"]["code"], -32600, "after shutdown: {out:?}");
    assert!(
        browser
            .handle(r#"{"jsonrpc":"2.0","method":"exit"}"#)
            .is_empty()
    );
    assert!(browser.handle(hover).is_empty(), "nothing after exit");
}

/// The playground's verdict panel in the session's language: a case that
/// cannot be judged is named in it, a judged case in the judge's words.
#[test]
fn browser_verdicts_name_an_unjudged_case_in_the_sessions_language() {
    unjudged_verdicts(BrowserSession::new);
    if WasmServer::start().is_some() {
        unjudged_verdicts(|| WasmServer::start().expect("the wasm server"));
    }
}

fn unjudged_verdicts<B: Browser>(new: impl Fn() -> B) {
    let verdicts = |locale: &str| {
        let mut browser = new();
        let ask = |browser: &mut B, id: u64, method: &str, params: Value| {
            let message = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
            parsed(browser.handle(&message.to_string()))
                .into_iter()
                .find(|m| m["id"] == id)
                .unwrap_or_else(|| panic!("no answer to {method}"))
        };
        ask(
            &mut browser,
            1,
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": {}, "locale": locale}),
        );
        let uri = "file:///panel/two.tomek";
        // Case 1 is X's row; case 2 has a row of three cells.
        let text = "2\nXXXT\n....\n....\n....\n\nXXX\n....\n....\n....\n";
        let open = json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params":
            {"textDocument": {"uri": uri, "languageId": "tomek", "version": 1, "text": text}}});
        browser.handle(&open.to_string());
        let answer = ask(
            &mut browser,
            2,
            "boardls/verdicts",
            json!({"textDocument": doc(uri)}),
        );
        answer["result"]["lines"].clone()
    };
    assert_eq!(
        verdicts("en"),
        json!(["Case #1: X won", "Case #2: the board has errors"])
    );
    assert_eq!(
        verdicts("ru"),
        json!(["Case #1: X won", "Case #2: на доске есть ошибки"])
    );
    assert_eq!(
        verdicts("zh-CN"),
        json!(["Case #1: X won", "Case #2: 棋盘有错误"])
    );
}

/// A problem folder, as a problem setter keeps it: `boardls.toml` naming
/// `*.in` files Tic-Tac-Toe-Tomek inputs, two inputs and their answers
/// (`01.ans` with a wrong first verdict, `02.ans` missing its last case).
/// Nothing of it is on disk: both hosts see only the open documents.
const PROJECT: &str = "[files]\n\"*.in\" = \"tomek\"\n";
const INPUT_1: &str = "2\nXXXT\n....\nOO..\n....\n\nXOXT\nXXOO\nOXOX\nXXOO\n";
const ANSWER_1: &str = "Case #1: O won\nCase #2: Draw\n";
const INPUT_2: &str =
    "3\nXXXT\n....\nOO..\n....\n\nXOXT\nXXOO\nOXOX\nXXOO\n\nXOX.\nOX..\n....\n....\n";
const ANSWER_2: &str = "Case #1: X won\nCase #2: Draw\n";

/// Every request the browser serves, on a board file and on an answer
/// file, compared.
fn ask_about_answers(twin: &mut TwinOf, input: &str, answer: &str) {
    for line in [0, 1, 2, 3] {
        let at = json!({"textDocument": doc(answer), "position": pos(line, 10)});
        twin.request("textDocument/hover", at.clone());
        twin.request("textDocument/definition", at);
        twin.request(
            "textDocument/codeAction",
            json!({"textDocument": doc(answer), "range": range(line, 0, line, 5),
                   "context": {"diagnostics": []}}),
        );
    }
    for line in [1, 6, 11] {
        twin.request(
            "textDocument/references",
            json!({"textDocument": doc(input), "position": pos(line, 1),
                   "context": {"includeDeclaration": false}}),
        );
    }
    twin.request("textDocument/codeLens", json!({"textDocument": doc(input)}));
    twin.request("boardls/verdicts", json!({"textDocument": doc(input)}));
    twin.request("boardls/verdicts", json!({"textDocument": doc(answer)}));
    ask_everything(twin, input, 14);
}

/// The answer files of a problem folder in each language: pairing,
/// checking, the input's and the answer's edits, and every request kind,
/// the same from both hosts. The wrong verdict's related location names
/// the input (not the answer file), and a hover on it in Russian or
/// Chinese ends with the diagnostic after its code, as on the desktop.
#[test]
fn browser_server_answers_a_problem_folder_as_the_desktop_in_each_language() {
    on_both(|make| {
        for locale in ["en", "ru", "zh-CN"] {
            let Some(mut twin) = make(locale) else { return };
            let folder = "file:///parity/problem";
            let (input_1, answer_1) = (format!("{folder}/t/01.in"), format!("{folder}/t/01.ans"));
            let (input_2, answer_2) = (format!("{folder}/t/02.in"), format!("{folder}/t/02.ans"));
            twin.open(&format!("{folder}/boardls.toml"), "toml", PROJECT);
            twin.open(&input_1, "plaintext", INPUT_1);
            let published = {
                let item = json!({"uri": answer_1, "languageId": "plaintext", "version": 1, "text": ANSWER_1});
                twin.notify("textDocument/didOpen", json!({ "textDocument": item }))
            };
            // The wrong verdict: its related location is the case in the
            // input.
            let wrong = published[&answer_1]["diagnostics"]
                .as_array()
                .and_then(|d| d.iter().find(|d| d["code"] == "answer/wrong"))
                .cloned()
                .unwrap_or_else(|| panic!("{locale}: no answer/wrong in {published:?}"));
            let related = &wrong["relatedInformation"][0]["location"];
            assert_eq!(related["uri"], json!(input_1), "{locale}: {wrong}");
            assert_eq!(
                related["range"],
                json!(range(1, 0, 1, 4)),
                "{locale}: {wrong}"
            );
            // An answer opened before its input pairs when the input opens.
            let item =
                json!({"uri": answer_2, "languageId": "plaintext", "version": 1, "text": ANSWER_2});
            twin.notify("textDocument/didOpen", json!({ "textDocument": item }));
            let published = twin.open_returning(&input_2, INPUT_2);
            let missing = published[&answer_2]["diagnostics"].to_string();
            assert!(
                missing.contains("answer/"),
                "{locale}: 02.ans is checked: {missing}"
            );
            ask_about_answers(&mut twin, &input_1, &answer_1);
            ask_about_answers(&mut twin, &input_2, &answer_2);
            let hover = twin.request(
                "textDocument/hover",
                json!({"textDocument": doc(&answer_1), "position": pos(0, 10)}),
            );
            let shown = hover["contents"]["value"].as_str().unwrap_or_default();
            if locale != "en" {
                assert!(shown.contains("`answer/wrong`"), "{locale}: {shown}");
            }
            // The input's edit: case 1 becomes O's; 01.ans is right now.
            let published = twin.change(
                &input_1,
                2,
                json!([{"range": range(1, 0, 1, 3), "text": "OOO"}]),
            );
            assert_eq!(published[&answer_1]["diagnostics"], json!([]), "{locale}");
            // The answer's edit: case 2 of 02.ans is wrong.
            twin.change(
                &answer_2,
                2,
                json!([{"range": range(1, 9, 1, 13), "text": "X won"}]),
            );
            ask_about_answers(&mut twin, &input_1, &answer_1);
            ask_about_answers(&mut twin, &input_2, &answer_2);
            // The input closes: its answer has no input open.
            twin.notify(
                "textDocument/didClose",
                json!({"textDocument": doc(&input_2)}),
            );
            twin.request(
                "textDocument/hover",
                json!({"textDocument": doc(&answer_2), "position": pos(0, 3)}),
            );
            twin.request("shutdown", Value::Null);
        }
    });
}

/// Where the hosts differ by design: the desktop reads a closed answer
/// file from disk (the input's code lenses show its cases); the browser
/// has only the open documents, and shows none.
#[test]
fn the_desktop_alone_reads_a_closed_answer_from_disk() {
    on_both(|make| {
        let Some(mut twin) = make("en") else { return };
        let dir = crate::support::client::TempDir::new("parity-disk");
        std::fs::write(dir.path().join("boardls.toml"), PROJECT).expect("boardls.toml");
        std::fs::write(dir.path().join("01.in"), INPUT_1).expect("01.in");
        std::fs::write(dir.path().join("01.ans"), ANSWER_1).expect("01.ans");
        let folder = format!("file://{}", dir.path().display());
        // Both hosts know the project; only the answer is closed.
        twin.open(&format!("{folder}/boardls.toml"), "toml", PROJECT);
        let input = format!("{folder}/01.in");
        twin.open(&input, "plaintext", INPUT_1);
        let lenses = json!({"textDocument": doc(&input)});
        let desktop = twin
            .desktop()
            .request("textDocument/codeLens", lenses.clone());
        let browser = twin.browser_request("textDocument/codeLens", lenses)["result"].clone();
        let count = |lenses: &Value| lenses.as_array().map_or(0, Vec::len);
        assert_eq!(
            count(&desktop),
            count(&browser) + 2,
            "a lens per answered case: {desktop}"
        );
    });
}
