//! The features end to end through the built server: diagnostics after
//! incremental edits, hover, inlay hints, code actions applied to the text,
//! symbols and folding, in both position encodings.

mod common;

use common::{
    Enc, Server, action_edits, apply_change, apply_edits, caps, fixture, normalized, pos, range,
};
use serde_json::{Value, json};

const GO9_SAMPLE: &str = "ancientgo-sample.go9";
const TOMEK: &str = "XXXT\n....\nOO..\n....\n";

fn start(enc: Enc) -> Server {
    let mut server = Server::spawn();
    let result = server.initialize(caps(enc.name()));
    assert_eq!(result["capabilities"]["positionEncoding"], enc.name());
    server
}

fn hover_text(server: &mut Server, uri: &str, line: u64, character: u64) -> String {
    let hover = server.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": pos(line, character)}),
    );
    hover["contents"]["value"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

fn actions(server: &mut Server, uri: &str, range: Value) -> Vec<Value> {
    let result = server.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": range, "context": {"diagnostics": []}}),
    );
    result.as_array().cloned().unwrap_or_default()
}

fn find_action(actions: &[Value], title_start: &str) -> Value {
    actions
        .iter()
        .find(|a| {
            a["title"]
                .as_str()
                .unwrap_or_default()
                .starts_with(title_start)
        })
        .cloned()
        .unwrap_or_else(|| panic!("no action {title_start:?} in {actions:?}"))
}

/// Applies a code action's edit on the client model and sends it as a
/// full-text change; returns the new text.
fn apply_action(
    server: &mut Server,
    uri: &str,
    text: &mut String,
    version: i64,
    action: &Value,
    enc: Enc,
) {
    if let Some(document) = action["edit"]["documentChanges"][0]["textDocument"].as_object() {
        assert_eq!(
            document["version"],
            version - 1,
            "edit of the current version"
        );
    }
    apply_edits(text, &action_edits(action, uri), enc);
    server.change(uri, version, json!([{"text": text.clone()}]));
}

fn board_lines(text: &str, n: usize) -> Vec<String> {
    text.lines()
        .take(n)
        .map(|l| l.trim_end().to_owned())
        .collect()
}

#[test]
fn mark_legal_moves_reproduces_the_judge_output_boards() {
    for enc in [Enc::Utf16, Enc::Utf8] {
        let mut server = start(enc);
        for sample in 1..=3 {
            let input = fixture(&format!("cf907b/sample{sample}.in"));
            let expected = fixture(&format!("cf907b/sample{sample}.out"));
            let uri = format!("file:///t/sample{sample}.uttt");
            server.open(&uri, "uttt", 1, &input);
            assert_eq!(server.diagnostics(&uri, 1), Vec::<Value>::new());

            let list = actions(&mut server, &uri, range(4, 2, 4, 2));
            let mark = find_action(&list, "Mark legal moves with !");
            assert_eq!(mark["kind"], "refactor.rewrite");
            let mut text = input.clone();
            apply_action(&mut server, &uri, &mut text, 2, &mark, enc);
            assert_eq!(board_lines(&text, 11), board_lines(&expected, 11));
            // The markers agree with the rules: no warnings.
            assert_eq!(server.diagnostics(&uri, 2), Vec::<Value>::new());
            // Marking again has nothing to do; clearing gives the input back.
            let list = actions(&mut server, &uri, range(0, 0, 10, 0));
            assert!(list.iter().all(|a| a["title"] != "Mark legal moves with !"));
            let clear = find_action(&list, "Clear ! markers");
            apply_action(&mut server, &uri, &mut text, 3, &clear, enc);
            assert_eq!(text, input);
            assert_eq!(server.diagnostics(&uri, 3), Vec::<Value>::new());
        }
        assert!(server.shutdown_and_exit().success());
    }
}

#[test]
fn hover_explains_cells_in_each_game() {
    let mut server = start(Enc::Utf16);
    let uttt = "file:///t/h.uttt";
    server.open(uttt, "uttt", 1, &fixture("cf907b/sample1.in"));
    // Row 7, column 1 (line 8): in the target field.
    let text = hover_text(&mut server, uttt, 8, 0);
    assert!(text.contains("row 7, column 1"), "{text}");
    assert!(text.contains("**Legal** for o"), "{text}");
    assert!(text.contains("Case #1: o to move: 9 legal moves"), "{text}");
    // Row 1, column 1: free but elsewhere.
    let text = hover_text(&mut server, uttt, 0, 0);
    assert!(text.contains("**Not legal**"), "{text}");
    // The last-move cell (row 6, column 4 is at line 6, byte 4).
    let text = hover_text(&mut server, uttt, 6, 4);
    assert!(text.contains("taken"), "{text}");
    // The last-move line itself: the position's summary.
    let text = hover_text(&mut server, uttt, 11, 1);
    assert!(text.contains("bottom-left field"), "{text}");

    let go9 = "file:///t/h.go9";
    server.open(go9, "go9", 1, &fixture(GO9_SAMPLE));
    // Board 1 starts at line 2. The o stone at row 1, column 9 (".......xo")
    // has one liberty at row 2, column 9.
    let text = hover_text(&mut server, go9, 2, 8);
    assert!(text.contains("1 liberty: (2, 9)"), "{text}");
    assert!(
        text.contains("x captures it by playing at row 2, column 9"),
        "{text}"
    );
    assert!(text.contains("Case #1: Can kill in one move!!!"), "{text}");
    let text = hover_text(&mut server, go9, 3, 8);
    assert!(text.contains("captures 1 o stone: (1, 9)"), "{text}");
    let text = hover_text(&mut server, go9, 3, 0);
    assert!(text.contains("captures nothing"), "{text}");
    // An x stone: its group.
    let text = hover_text(&mut server, go9, 6, 1);
    assert!(text.contains("Group of 1 x stone"), "{text}");
    // Board 2.
    let text = hover_text(&mut server, go9, 13, 0);
    assert!(
        text.contains("Case #2: Can not kill in one move!!!"),
        "{text}"
    );

    let tomek = "file:///t/h.tomek";
    server.open(tomek, "tomek", 1, &fixture("tomek-sample.tomek"));
    let text = hover_text(&mut server, tomek, 1, 3);
    assert!(text.contains("`T`"), "{text}");
    assert!(text.contains("X wins with row 1"), "{text}");
    assert!(text.contains("Case #1: X won"), "{text}");
    let text = hover_text(&mut server, tomek, 7, 0);
    assert!(text.contains("Case #2: Draw"), "{text}");
    // Far outside the text: clamped, no crash.
    let hover = server.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": tomek}, "position": pos(9999, 9999)}),
    );
    assert!(hover.is_null() || hover["contents"].is_object());
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn inlay_hints_cover_the_requested_range_only() {
    let mut server = start(Enc::Utf8);
    let go9 = "file:///t/i.go9";
    server.open(go9, "go9", 1, &fixture(GO9_SAMPLE));
    let hints = server.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": go9}, "range": range(2, 0, 10, 9)}),
    );
    let hints = hints.as_array().cloned().unwrap_or_default();
    assert!(hints.iter().all(|h| {
        let line = h["position"]["line"].as_u64().unwrap_or(0);
        (2..=10).contains(&line) && h["kind"].is_number() && h["tooltip"].is_string()
    }));
    let labels: Vec<&str> = hints.iter().filter_map(|h| h["label"].as_str()).collect();
    assert!(
        labels.contains(&"Case #1: Can kill in one move!!!"),
        "{labels:?}"
    );
    assert!(
        !labels.iter().any(|l| l.starts_with("Case #2")),
        "{labels:?}"
    );
    // One liberty count per group: board 1 has 16 groups.
    let liberty_hints = labels.iter().filter(|l| l.parse::<u32>().is_ok()).count();
    assert_eq!(liberty_hints, 16, "{labels:?}");

    let uttt = "file:///t/i.uttt";
    server.open(uttt, "uttt", 1, &fixture("cf907b/sample1.in"));
    let hints = server.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": uttt}, "range": range(0, 0, 12, 0)}),
    );
    let hints = hints.as_array().cloned().unwrap_or_default();
    let marks: Vec<&Value> = hints.iter().filter(|h| h["label"] == "!").collect();
    assert_eq!(marks.len(), 9);
    assert!(
        marks
            .iter()
            .all(|h| (8..=10).contains(&h["position"]["line"].as_u64().unwrap_or(0)))
    );
    let verdict = hints
        .iter()
        .find(|h| h["label"] == "Case #1: o to move: 9 legal moves")
        .expect("verdict hint");
    assert_eq!(verdict["position"], pos(11, 3));
    // A range holding only the top band: no marks, no verdict.
    let hints = server.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": uttt}, "range": range(0, 0, 2, 11)}),
    );
    assert_eq!(hints, json!([]));
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn play_here_makes_the_move_by_the_rules() {
    let enc = Enc::Utf16;
    let mut server = start(enc);
    let uttt = "file:///t/p.uttt";
    let mut text = fixture("cf907b/sample1.in");
    server.open(uttt, "uttt", 1, &text);
    // Row 8, column 2 is legal (bottom-left field).
    let list = actions(&mut server, uttt, range(9, 1, 9, 1));
    let play = find_action(&list, "Play o here");
    apply_action(&mut server, uttt, &mut text, 2, &play, enc);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[9], ".o. ... ...");
    assert_eq!(lines[11], "8 2");
    assert_eq!(server.diagnostics(uttt, 2), Vec::<Value>::new());
    // Not offered on an illegal cell.
    let list = actions(&mut server, uttt, range(0, 0, 0, 0));
    assert!(
        list.iter()
            .all(|a| !a["title"].as_str().unwrap_or_default().starts_with("Play"))
    );

    let go9 = "file:///t/p.go9";
    let mut text = fixture(GO9_SAMPLE);
    server.open(go9, "go9", 1, &text);
    let list = actions(&mut server, go9, range(3, 8, 3, 8));
    let play = find_action(&list, "Play x here");
    apply_action(&mut server, go9, &mut text, 2, &play, enc);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[2], ".......x.");
    assert_eq!(lines[3], "........x");
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn quick_fixes_are_attached_and_repair_the_text() {
    let enc = Enc::Utf16;
    let mut server = start(enc);
    let uri = "file:///t/q.tomek";
    let mut text = "3\nxXXT\n....\nOO..\n....\n".to_owned();
    server.open(uri, "tomek", 1, &text);
    let diagnostics = server.diagnostics(uri, 1);
    let codes: Vec<&str> = diagnostics
        .iter()
        .filter_map(|d| d["code"].as_str())
        .collect();
    assert!(codes.contains(&"file/count-mismatch"), "{codes:?}");
    assert!(codes.contains(&"tomek/bad-cell"), "{codes:?}");
    assert!(
        diagnostics
            .iter()
            .all(|d| d["data"]["fix"]["title"].is_string())
    );

    let mut version = 1;
    for diagnostic in &diagnostics {
        let list = actions(&mut server, uri, diagnostic["range"].clone());
        let fix = list
            .iter()
            .find(|a| a["kind"] == "quickfix")
            .cloned()
            .expect("a quick fix");
        assert_eq!(fix["diagnostics"][0]["code"], diagnostic["code"]);
        version += 1;
        apply_action(&mut server, uri, &mut text, version, &fix, enc);
    }
    assert_eq!(text, "1\nXXXT\n....\nOO..\n....\n");
    assert_eq!(server.diagnostics(uri, version), Vec::<Value>::new());
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn symbols_and_folding_ranges_name_each_position() {
    let mut server = start(Enc::Utf16);
    let uri = "file:///t/s.tomek";
    server.open(uri, "tomek", 1, &fixture("tomek-sample.tomek"));
    let symbols = server.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    let names: Vec<&str> = symbols
        .as_array()
        .map(|s| s.iter().filter_map(|s| s["name"].as_str()).collect())
        .unwrap_or_default();
    let expected = fixture("tomek-sample.out");
    assert_eq!(names, expected.lines().collect::<Vec<_>>());
    assert_eq!(symbols[0]["range"], range(1, 0, 4, 4));
    let folds = server.request(
        "textDocument/foldingRange",
        json!({"textDocument": {"uri": uri}}),
    );
    let folds = folds.as_array().cloned().unwrap_or_default();
    assert_eq!(folds.len(), 6);
    assert_eq!(folds[1]["startLine"], 6);
    assert_eq!(folds[1]["endLine"], 9);
    assert_eq!(folds[1]["collapsedText"], "Case #2: Draw");
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn killable_groups_carry_their_stones_as_related_information() {
    let mut server = start(Enc::Utf16);
    let uri = "file:///t/k.go9";
    server.open(uri, "go9", 1, &fixture(GO9_SAMPLE));
    let diagnostics = server.diagnostics(uri, 1);
    let killable: Vec<&Value> = diagnostics
        .iter()
        .filter(|d| d["code"] == "go9/killable")
        .collect();
    assert!(!killable.is_empty());
    for d in killable {
        let related = d["relatedInformation"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        assert!(!related.is_empty());
        assert!(related.iter().all(|r| r["location"]["uri"] == uri));
        assert_eq!(d["source"], "boardls");
        assert_eq!(d["severity"], 3);
    }
    assert!(server.shutdown_and_exit().success());
}

/// Sends each step's changes in one notification, applies them to the
/// client's model, and checks the pushed diagnostics against opening the
/// resulting text fresh.
fn run_edits(enc: Enc, language: &str, initial: &str, steps: &[Vec<Value>]) {
    let mut server = start(enc);
    let uri = format!("file:///t/edit.{language}");
    let mut text = initial.to_owned();
    server.open(&uri, language, 1, &text);
    server.diagnostics(&uri, 1);
    for (i, changes) in steps.iter().enumerate() {
        let version = i as i64 + 2;
        for change in changes {
            apply_change(&mut text, change, enc);
        }
        server.change(&uri, version, Value::Array(changes.clone()));
        let incremental = server.diagnostics(&uri, version);
        let fresh_uri = format!("file:///t/fresh{i}.{language}");
        server.open(&fresh_uri, language, 1, &text);
        let fresh = server.diagnostics(&fresh_uri, 1);
        assert_eq!(
            normalized(incremental),
            normalized(fresh),
            "step {i} ({enc:?}): {text:?}"
        );
    }
    assert!(server.shutdown_and_exit().success());
}

fn change(l1: u64, c1: u64, l2: u64, c2: u64, text: &str) -> Value {
    json!({"range": range(l1, c1, l2, c2), "text": text})
}

#[test]
fn incremental_edits_split_and_merge_positions() {
    let two_boards = format!("2\n{TOMEK}\n{TOMEK}");
    for enc in [Enc::Utf16, Enc::Utf8] {
        run_edits(
            enc,
            "tomek",
            &two_boards,
            &[
                // Merge the two boards: delete the blank line between them.
                vec![change(5, 0, 6, 0, "")],
                // Split the first board with a blank line.
                vec![change(3, 0, 3, 0, "\n")],
                // Several changes in one notification, last one first.
                vec![
                    change(8, 0, 8, 4, "OOOO"),
                    change(1, 0, 1, 1, "O"),
                    change(0, 0, 0, 1, "9"),
                ],
                // Typing a comment with non-BMP characters, then editing after it.
                vec![change(0, 1, 0, 1, "\n# ☃ 😀 note")],
                vec![change(1, 9, 1, 9, "!"), change(1, 11, 1, 20, "")],
                // Whole-text replacement, CRLF and no final newline.
                vec![json!({"text": "1\r\nXXXT\r\n....\r\nOO..\r\n...."})],
                vec![change(4, 4, 4, 4, "\r\n\r\nXOXT\r\nXXOO\r\nOXOX\r\nXXOO")],
                // Positions past the end of lines and of the text are clamped.
                vec![change(2, 99, 2, 99, "X"), change(999, 0, 999, 5, "\n")],
            ],
        );
    }
}

#[test]
fn incremental_edits_in_uttt_and_go9() {
    let uttt = format!(
        "{}\n{}",
        fixture("cf907b/sample1.in"),
        fixture("cf907b/sample2.in")
    );
    run_edits(
        Enc::Utf16,
        "uttt",
        &uttt,
        &[
            vec![change(6, 4, 6, 5, ".")],
            vec![change(6, 4, 6, 5, "x")],
            vec![change(12, 0, 13, 0, "")],
            vec![change(11, 3, 11, 3, "\n")],
            vec![change(0, 0, 0, 3, "!!!"), change(8, 0, 8, 1, "!")],
        ],
    );
    run_edits(
        Enc::Utf8,
        "go9",
        &fixture(GO9_SAMPLE),
        &[
            vec![change(3, 8, 3, 9, "x")],
            vec![change(0, 0, 0, 1, "1")],
            vec![change(12, 0, 12, 0, "# é\n")],
            vec![change(7, 0, 8, 0, "")],
            vec![change(7, 0, 7, 0, ".........\n")],
        ],
    );
}
