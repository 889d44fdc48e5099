//! The wasm build against the judges: its verdicts on their real inputs
//! (tests/fixtures/judge) equal their expected outputs byte for byte, for
//! the three games, from the engine (`solve`) and from the server
//! (`boardls/verdicts`); a session publishes the diagnostics of a
//! broken file; and random go boards get the naive solver's verdicts
//! (`tests/fixtures/naive-go9`). They run under wasm32 only, in Node
//! (wasm-bindgen-test-runner, `tests/targets/wasm.sh`); a native `cargo
//! test` lists none of them.

use boardls_engine::games::GameKind;
use boardls_web::BrowserServer;
use serde_json::{Value, json};
use wasm_bindgen_test::wasm_bindgen_test;

/// An input of the judges, its game and the judge's output.
struct Case {
    name: &'static str,
    kind: GameKind,
    input: &'static str,
    output: &'static str,
}

macro_rules! judged {
    ($kind:expr, $folder:literal, $input:literal, $output:literal) => {
        Case {
            name: $input,
            kind: $kind,
            input: include_str!(concat!(
                "../../../tests/fixtures/judge/",
                $folder,
                "/",
                $input
            )),
            output: include_str!(concat!(
                "../../../tests/fixtures/judge/",
                $folder,
                "/",
                $output
            )),
        }
    };
}

fn cases() -> [Case; 7] {
    [
        judged!(
            GameKind::Tomek,
            "tomek",
            "A-small-practice.in",
            "A-small-practice.out"
        ),
        judged!(
            GameKind::Tomek,
            "tomek",
            "A-large-practice.in",
            "A-large-practice.out"
        ),
        judged!(GameKind::Tomek, "tomek", "sample.in", "sample.out"),
        judged!(GameKind::Uttt, "cf907b", "sample1.in", "sample1.out"),
        judged!(GameKind::Uttt, "cf907b", "sample2.in", "sample2.out"),
        judged!(GameKind::Uttt, "cf907b", "sample3.in", "sample3.out"),
        judged!(GameKind::Go9, "ancientgo", "sample.in", "sample.out"),
    ]
}

fn language(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Uttt => "uttt",
        GameKind::Go9 => "go9",
        GameKind::Tomek => "tomek",
    }
}

/// A session, initialized.
fn session() -> BrowserServer {
    let mut server = BrowserServer::new();
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                      "params": {"capabilities": {}}});
    let out = server.handle(&init.to_string());
    let answer: Value = serde_json::from_str(&out[0]).expect("JSON");
    let version = answer["result"]["serverInfo"]["version"]
        .as_str()
        .unwrap_or("");
    let platform = if cfg!(target_family = "wasm") {
        "+wasm32"
    } else {
        "+native"
    };
    assert!(version.ends_with(platform), "{version}");
    server.handle(r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#);
    server
}

fn open(server: &mut BrowserServer, uri: &str, kind: GameKind, text: &str) -> Vec<Value> {
    let open = json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": language(kind), "version": 1, "text": text}}});
    let out = server.handle(&open.to_string());
    out.iter()
        .map(|m| serde_json::from_str(m).expect("JSON"))
        .collect()
}

#[wasm_bindgen_test]
fn the_engine_prints_what_the_judges_print() {
    for case in cases() {
        let mut printed = Vec::new();
        boardls_engine::solve::solve(case.kind, case.input.as_bytes(), &mut printed)
            .unwrap_or_else(|err| panic!("{}: {err:?}", case.name));
        assert!(
            printed == case.output.as_bytes(),
            "{}: the judge's output",
            case.name
        );
    }
}

#[wasm_bindgen_test]
fn the_server_s_verdicts_are_the_judges_output() {
    let mut server = session();
    for (index, case) in cases().iter().enumerate() {
        let uri = format!("file:///judge/{index}/{}", case.name);
        open(&mut server, &uri, case.kind, case.input);
        let ask = json!({"jsonrpc": "2.0", "id": 100 + index, "method": "boardls/verdicts",
                         "params": {"textDocument": {"uri": uri}}});
        let out = server.handle(&ask.to_string());
        let answer: Value = serde_json::from_str(&out[0]).expect("JSON");
        let lines: Vec<String> =
            serde_json::from_value(answer["result"]["lines"].clone()).expect("lines");
        let mut text = lines.join("\n");
        text.push('\n');
        assert!(text == case.output, "{}: the verdicts", case.name);
    }
}

#[wasm_bindgen_test]
fn a_broken_file_gets_its_diagnostics() {
    let mut server = session();
    let messages = open(
        &mut server,
        "file:///w/broken.tomek",
        GameKind::Tomek,
        "2\nXXXT\nXX\n",
    );
    let published = messages
        .iter()
        .find(|m| m["method"] == "textDocument/publishDiagnostics")
        .expect("a publish");
    assert_eq!(published["params"]["version"], 1);
    let diagnostics = published["params"]["diagnostics"]
        .as_array()
        .expect("diagnostics");
    assert!(!diagnostics.is_empty(), "{published}");
    // Bad JSON is answered, not a trap.
    let out = server.handle("{ not json");
    assert!(out[0].contains("-32700"), "{out:?}");
}

/// On vscode.dev documents are `vscode-vfs://…`, and wasm32 has no current
/// folder: an open `boardls.toml`'s `[files]` still gives `tests/01.in` its
/// game, and its answer file `tests/01.out` is paired with it.
#[wasm_bindgen_test]
fn an_open_project_maps_files_by_their_uri_path() {
    let mut server = session();
    let root = "vscode-vfs://github/setter/problem";
    let open_text = |server: &mut BrowserServer, uri: &str, language: &str, text: &str| {
        let open = json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}}});
        server
            .handle(&open.to_string())
            .iter()
            .map(|m| serde_json::from_str(m).expect("JSON"))
            .collect::<Vec<Value>>()
    };
    open_text(
        &mut server,
        &format!("{root}/boardls.toml"),
        "toml",
        "[files]\n\"tests/*.in\" = \"tomek\"\n",
    );
    let input = format!("{root}/tests/01.in");
    let published = open_text(
        &mut server,
        &input,
        "plaintext",
        "1\nXXXT\n....\nOO..\n....\n",
    );
    assert!(
        published
            .iter()
            .any(|m| m["method"] == "textDocument/publishDiagnostics"),
        "the mapped input is checked: {published:?}"
    );
    let ask = json!({"jsonrpc": "2.0", "id": 7, "method": "boardls/verdicts",
                     "params": {"textDocument": {"uri": input}}});
    let out = server.handle(&ask.to_string());
    let answer: Value = serde_json::from_str(&out[0]).expect("JSON");
    assert_eq!(
        answer["result"]["lines"],
        json!(["Case #1: X won"]),
        "{answer}"
    );
    let wrong = open_text(
        &mut server,
        &format!("{root}/tests/01.out"),
        "plaintext",
        "Case #1: O won\n",
    );
    let answer_publish = wrong
        .iter()
        .rev()
        .find(|m| m["params"]["uri"] == format!("{root}/tests/01.out"))
        .expect("the answer file is checked");
    let text = answer_publish.to_string();
    assert!(
        text.contains("X won"),
        "compared with the judge's line: {text}"
    );
}

// ---- Random go boards, judged by the naive solver -------------------------

/// 200 random `.go9` boards and the verdicts of `tests/it/support/naive.rs`
/// (a plain search written from the statement, which a wasm test cannot
/// run), kept current by `tests/it/naive_go9_fixture.rs`: verdicts that
/// come from neither the engine nor the statement's two-case sample.
const NAIVE_GO9: Case = Case {
    name: "naive-go9/random.in",
    kind: GameKind::Go9,
    input: include_str!("../../../tests/fixtures/naive-go9/random.in"),
    output: include_str!("../../../tests/fixtures/naive-go9/random.out"),
};

/// The fixture's verdict lines, each board's.
fn naive_go9_verdicts() -> Vec<&'static str> {
    let lines: Vec<&str> = NAIVE_GO9.output.lines().collect();
    // Both verdicts, on every board: an empty or one-sided fixture would
    // let a constant verdict pass.
    assert_eq!(lines.len(), 200, "{}", NAIVE_GO9.name);
    for verdict in ["Can kill in one move!!!", "Can not kill in one move!!!"] {
        assert!(
            lines.iter().filter(|line| line.ends_with(verdict)).count() >= 50,
            "{}: {verdict}",
            NAIVE_GO9.name
        );
    }
    lines
}

/// The verdicts shown against the fixture's, naming the boards that differ.
fn assert_same_verdicts(shown: &[&str], expected: &[&str]) {
    let differing: Vec<String> = shown
        .iter()
        .zip(expected)
        .filter(|(shown, expected)| shown != expected)
        .map(|(shown, expected)| format!("{shown} (the naive solver's: {expected})"))
        .collect();
    assert!(
        shown.len() == expected.len() && differing.is_empty(),
        "{}: {} verdicts for {} boards; differing: {differing:#?}",
        NAIVE_GO9.name,
        shown.len(),
        expected.len()
    );
}

#[wasm_bindgen_test]
fn random_go_boards_get_the_naive_solvers_verdicts_from_the_engine() {
    let expected = naive_go9_verdicts();
    let mut printed = Vec::new();
    boardls_engine::solve::solve(NAIVE_GO9.kind, NAIVE_GO9.input.as_bytes(), &mut printed)
        .unwrap_or_else(|err| panic!("{}: {err:?}", NAIVE_GO9.name));
    let printed = String::from_utf8(printed).expect("the judge's output is ASCII");
    let printed: Vec<&str> = printed.lines().collect();
    assert_same_verdicts(&printed, &expected);
}

#[wasm_bindgen_test]
fn random_go_boards_get_the_naive_solvers_verdicts_from_the_server() {
    let expected = naive_go9_verdicts();
    let mut server = session();
    let uri = "file:///naive/random.go9";
    open(&mut server, uri, NAIVE_GO9.kind, NAIVE_GO9.input);
    let ask = json!({"jsonrpc": "2.0", "id": 2, "method": "boardls/verdicts",
                     "params": {"textDocument": {"uri": uri}}});
    let out = server.handle(&ask.to_string());
    let answer: Value = serde_json::from_str(&out[0]).expect("JSON");
    let lines: Vec<String> =
        serde_json::from_value(answer["result"]["lines"].clone()).expect("lines");
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    assert_same_verdicts(&lines, &expected);
}
