//! Answer files and `boardls.toml` through the server: a mapped `.in` is a
//! board file, its `.out` is checked against the judge (and again when the
//! input changes), with the fix, hover and definition; a broken project
//! file is an error at its key; an unmapped file gets nothing.

use crate::support::client::{Server, TempDir, file_uri, pos, range};
use serde_json::{Value, json};

const INPUT: &str = include_str!("../fixtures/judge/tomek/sample.in");
const ANSWER: &str = include_str!("../fixtures/judge/tomek/sample.out");

fn codes(diagnostics: &[Value]) -> Vec<(String, u64)> {
    diagnostics
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or_default().to_owned(),
                d["range"]["start"]["line"].as_u64().unwrap_or_default(),
            )
        })
        .collect()
}

#[test]
fn a_mapped_input_and_its_answer_live_both_ways() {
    let dir = TempDir::new("lsp-answers");
    dir.write("boardls.toml", "[files]\n\"*.in\" = \"tomek\"\n");
    let input = dir.write("sample.in", INPUT);
    let wrong = ANSWER.replace("Case #4: O won", "Case #4: X won");
    let answer = dir.write("sample.out", &wrong);
    let (input_uri, answer_uri) = (file_uri(&input), file_uri(&answer));
    let mut server = Server::spawn();
    server.initialize_with(json!({
        "processId": null,
        "rootUri": file_uri(dir.path()),
        "capabilities": {},
    }));
    // The mapped input is a board file whatever the editor calls it.
    server.open(&input_uri, "plaintext", 1, INPUT);
    assert_eq!(codes(&server.diagnostics(&input_uri, 1)), []);
    let hover = server.hover_text(&input_uri, 1, 1);
    assert!(hover.contains("X won"), "{hover}");

    server.open(&answer_uri, "plaintext", 1, &wrong);
    let found = server.diagnostics(&answer_uri, 1);
    assert_eq!(codes(&found), [("answer/wrong".to_owned(), 3)]);
    assert_eq!(found[0]["range"], range(3, 9, 3, 14));
    assert_eq!(
        found[0]["message"],
        "Case #4: the judge says `O won`, the file says `X won`"
    );
    let related = &found[0]["relatedInformation"][0]["location"];
    assert_eq!(related["uri"], input_uri.as_str());
    assert_eq!(related["range"]["start"]["line"], 16);

    let hover = server.hover_text(&answer_uri, 3, 2);
    assert!(hover.contains("the judge says `O won`"), "{hover}");
    let definition = server.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": answer_uri}, "position": pos(3, 2)}),
    );
    assert_eq!(definition["uri"], input_uri.as_str());
    assert_eq!(definition["range"]["start"]["line"], 16);

    let actions = server.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": answer_uri}, "range": range(3, 10, 3, 10), "context": {"diagnostics": []}}),
    );
    let action = &actions[0];
    assert_eq!(action["title"], "Replace with the judge's answer");
    let edit = &action["edit"]["changes"][answer_uri.as_str()][0];
    assert_eq!(edit["newText"], "O won");
    server.change(
        &answer_uri,
        2,
        json!([{"range": edit["range"], "text": "O won"}]),
    );
    assert_eq!(codes(&server.diagnostics(&answer_uri, 2)), []);

    // Editing the input re-checks its open answer: X no longer wins case 1.
    server.change(
        &input_uri,
        2,
        json!([{"range": range(1, 0, 1, 4), "text": "XOXT"}]),
    );
    let found = server.diagnostics(&answer_uri, 2);
    assert_eq!(codes(&found), [("answer/wrong".to_owned(), 0)], "{found:?}");
}

#[test]
fn a_broken_project_file_is_an_error_at_its_key_and_unmapped_files_get_nothing() {
    let dir = TempDir::new("lsp-project");
    let toml = dir.write("boardls.toml", "[inlayHints]\nenabel = true\n");
    let other = dir.write("notes.txt", "hello\n");
    let uri = file_uri(&toml);
    let mut server = Server::spawn();
    server.initialize(json!({}));
    server.open(&uri, "toml", 1, "[inlayHints]\nenabel = true\n");
    let found = server.diagnostics(&uri, 1);
    assert_eq!(codes(&found), [("project/invalid".to_owned(), 1)]);
    assert_eq!(found[0]["range"], range(1, 0, 1, 6));
    server.change(&uri, 2, json!([{"text": "[inlayHints]\nenable = true\n"}]));
    assert_eq!(codes(&server.diagnostics(&uri, 2)), []);
    // Not ours: no diagnostics and no log line.
    server.open(&file_uri(&other), "plaintext", 1, "hello\n");
    let hover = server.hover_text(&file_uri(&other), 0, 0);
    assert_eq!(hover, "");
    let said = server.drain();
    assert!(
        said.iter().all(|m| m["method"] != "window/logMessage"
            || !m["params"]["message"]
                .as_str()
                .unwrap_or_default()
                .contains("notes.txt")),
        "{said:?}"
    );
}

/// The answer diagnostics through `textDocument/diagnostic`.
fn pulled(server: &mut Server, uri: &str) -> Vec<Value> {
    let report = server.request(
        "textDocument/diagnostic",
        json!({"textDocument": {"uri": uri}}),
    );
    report["items"].as_array().cloned().unwrap_or_default()
}

#[test]
fn a_pull_client_pulls_an_answer_file_and_is_asked_again_when_its_input_changes() {
    let dir = TempDir::new("lsp-answers-pull");
    dir.write("boardls.toml", "[files]\n\"*.in\" = \"tomek\"\n");
    let input = dir.write("sample.in", INPUT);
    let wrong = ANSWER.replace("Case #4: O won", "Case #4: X won");
    let answer = dir.write("sample.out", &wrong);
    let (input_uri, answer_uri) = (file_uri(&input), file_uri(&answer));
    let mut server = Server::spawn();
    server.initialize_with(json!({
        "processId": null,
        "rootUri": file_uri(dir.path()),
        "capabilities": {
            "workspace": {"diagnostics": {"refreshSupport": true}},
            "textDocument": {"diagnostic": {"dynamicRegistration": false}}
        },
    }));
    server.open(&input_uri, "plaintext", 1, INPUT);
    server.open(&answer_uri, "plaintext", 1, &wrong);
    let found = pulled(&mut server, &answer_uri);
    assert_eq!(codes(&found), [("answer/wrong".to_owned(), 3)]);
    assert_eq!(found[0]["range"], range(3, 9, 3, 14));

    server.change(
        &input_uri,
        2,
        json!([{"range": range(16, 0, 16, 4), "text": "XXXX"}]),
    );
    server.wait_for(|m| m["method"] == "workspace/diagnostic/refresh");
    let found = pulled(&mut server, &answer_uri);
    assert_eq!(codes(&found), [], "{found:?}");
}

#[test]
fn deleting_the_project_file_gives_back_the_defaults() {
    let dir = TempDir::new("lsp-project-deleted");
    let toml = dir.write("boardls.toml", "[inlayHints]\nenable = false\n");
    let board = dir.write("sample.tomek", INPUT);
    let uri = file_uri(&board);
    let mut server = Server::spawn();
    server.initialize_with(json!({
        "processId": null,
        "rootUri": file_uri(dir.path()),
        "capabilities": {},
    }));
    server.open(&uri, "tomek", 1, INPUT);
    server.diagnostics(&uri, 1);
    let hints = |server: &mut Server| {
        server.request(
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": uri}, "range": range(0, 0, 30, 0)}),
        )
    };
    assert_eq!(hints(&mut server), json!([]));
    std::fs::remove_file(&toml).unwrap();
    server.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": file_uri(&toml), "type": 3}]}),
    );
    let shown = hints(&mut server);
    assert!(shown.as_array().is_some_and(|h| !h.is_empty()), "{shown}");
}
