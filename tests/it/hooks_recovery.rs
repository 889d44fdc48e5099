//! Recovery from a panic in the middle of an edit (feature `test-hooks`):
//! the fault point `reparse` panics inside a document's incremental
//! re-read, after the text has the edit and before the positions match it.
//! The document must be read again from its text, nothing typed is lost,
//! and every publish equals a fresh parse of the text of its version.

#[cfg(feature = "test-hooks")]
mod recovery {
    use crate::support::client::{Server, apply_change, caps, normalized, range};
    use boardls_engine::document::Document;
    use boardls_engine::games::GameKind;
    use boardls_ide::encoding::Encoding;
    use boardls_server::test_hooks::Faults;
    use serde_json::{Value, json};

    const URI: &str = "file:///recovery/boards.tomek";
    const BOARDS: &str =
        "3\nXXXT\n....\nOO..\n....\n\nXOXT\nXXOO\nOXOX\nXXOO\n\n....\n....\n....\n....\n";

    /// Edits that move lines (split, join, insert and delete positions), each
    /// one `contentChanges` entry.
    fn edits() -> Vec<Value> {
        vec![
            json!({"range": range(1, 0, 1, 4), "text": "OOOT"}),
            json!({"range": range(2, 2, 2, 2), "text": "\n"}),
            json!({"range": range(2, 2, 3, 0), "text": ""}),
            json!({"range": range(5, 0, 5, 0), "text": "XXXX\n....\n....\n....\n\n"}),
            json!({"range": range(0, 0, 0, 1), "text": "4"}),
            json!({"range": range(1, 0, 6, 0), "text": ""}),
            json!({"range": range(2, 0, 2, 1), "text": "Z"}),
            json!({"range": range(7, 1, 9, 2), "text": "T\n\nO"}),
        ]
    }

    /// What a session without faults publishes and lists for `text`.
    fn fresh(clean: &mut Server, version: i64, text: &str) -> (Vec<Value>, Value) {
        clean.open(URI, "tomek", version, text);
        let diagnostics = normalized(clean.diagnostics(URI, version));
        let symbols = clean.request(
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": URI}}),
        );
        clean.notify(
            "textDocument/didClose",
            json!({"textDocument": {"uri": URI}}),
        );
        (diagnostics, symbols)
    }

    /// Sends every edit to a server whose re-reads panic as `spec` says, and
    /// checks each publish, and the symbols after it, against a clean session.
    fn edits_survive(spec: &str, panicking: &[bool]) {
        let mut faulty = Server::spawn_with(|command| {
            command.env("BOARDLS_TEST_PANIC", spec);
        });
        faulty.initialize(caps("utf-16"));
        let mut clean = Server::spawn();
        clean.initialize(caps("utf-16"));
        let mut text = BOARDS.to_owned();
        faulty.open(URI, "tomek", 1, &text);
        faulty.diagnostics(URI, 1);
        for (i, (change, panics)) in edits().iter().zip(panicking).enumerate() {
            let version = i as i64 + 2;
            apply_change(&mut text, change, Encoding::Utf16);
            faulty.change(URI, version, json!([change]));
            if *panics {
                let log = faulty.wait_for(|m| {
                    m["method"] == "window/logMessage"
                        && m["params"]["type"] == 1
                        && m["params"]["message"]
                            .as_str()
                            .is_some_and(|text| text.contains("injected panic (reparse)"))
                });
                let message = log["params"]["message"].as_str().unwrap_or_default();
                assert!(message.contains(URI), "{message}");
            }
            // Published before anything else is sent: at once, for this version.
            published_as_fresh(&mut faulty, &mut clean, version, &text, spec);
        }
        text_kept_and_exit(faulty, clean, &text, spec);
    }

    /// The publish of `version` and the symbols after it equal what a clean
    /// session gives for `text`.
    fn published_as_fresh(
        faulty: &mut Server,
        clean: &mut Server,
        version: i64,
        text: &str,
        spec: &str,
    ) {
        let published = normalized(faulty.diagnostics(URI, version));
        let (expected, symbols) = fresh(clean, version, text);
        assert_eq!(published, expected, "{spec}: version {version}:\n{text}");
        let listed = faulty.request(
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": URI}}),
        );
        assert_eq!(listed, symbols, "{spec}: version {version}:\n{text}");
    }

    /// No text was lost: the server formats the client's text as a clean
    /// session does; then both end cleanly.
    fn text_kept_and_exit(mut faulty: Server, mut clean: Server, text: &str, spec: &str) {
        let formatted = faulty.request(
            "textDocument/formatting",
            json!({"textDocument": {"uri": URI}, "options": {"tabSize": 4, "insertSpaces": true}}),
        );
        let expected = clean_formatting(&mut clean, text);
        assert_eq!(formatted, expected, "{spec}: formatting of\n{text}");
        assert_eq!(faulty.shutdown_and_exit().code(), Some(0));
        assert_eq!(clean.shutdown_and_exit().code(), Some(0));
    }

    fn clean_formatting(clean: &mut Server, text: &str) -> Value {
        clean.open(URI, "tomek", 1, text);
        clean.request(
            "textDocument/formatting",
            json!({"textDocument": {"uri": URI}, "options": {"tabSize": 4, "insertSpaces": true}}),
        )
    }

    #[test]
    fn every_edit_panicking_in_its_reparse_is_repaired_and_published() {
        edits_survive("reparse", &[true; 8]);
    }

    #[test]
    fn every_second_edit_panicking_in_its_reparse_is_repaired_and_published() {
        let every_second: Vec<bool> = (1..=8).map(|n| n % 2 == 0).collect();
        edits_survive("reparse:2", &every_second);
    }

    /// One `didChange` carrying every edit, each re-read panicking: the
    /// changes after the first panic still reach the text, and the publish
    /// of that version equals a fresh parse of all of them.
    #[test]
    fn changes_after_a_panicking_one_in_the_same_notification_are_kept() {
        let mut faulty = Server::spawn_with(|command| {
            command.env("BOARDLS_TEST_PANIC", "reparse");
        });
        faulty.initialize(caps("utf-16"));
        let mut clean = Server::spawn();
        clean.initialize(caps("utf-16"));
        let mut text = BOARDS.to_owned();
        faulty.open(URI, "tomek", 1, &text);
        faulty.diagnostics(URI, 1);
        let changes = edits();
        for change in &changes {
            apply_change(&mut text, change, Encoding::Utf16);
        }
        faulty.change(URI, 2, Value::Array(changes));
        published_as_fresh(&mut faulty, &mut clean, 2, &text, "one notification");
        text_kept_and_exit(faulty, clean, &text, "one notification");
    }

    /// The library's own recovery paths, reached without a session: an edit
    /// whose re-read panicked leaves the document stale; `repair`, or the next
    /// edit (which then reads everything), makes it equal a fresh parse.
    #[test]
    fn a_stale_document_is_repaired_by_repair_or_by_the_next_edit() {
        let faults = Faults::panic_at("reparse:2");
        let mut expected = BOARDS.to_owned();
        let mut document = Document::new(GameKind::Tomek, &expected);
        let mut panicked = 0;
        for (i, change) in edits().iter().enumerate() {
            apply_change(&mut expected, change, Encoding::Utf16);
            let (start, end) = char_range(document.rope(), change);
            let text = change["text"].as_str().unwrap_or_default().to_owned();
            let edited = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                faults.armed(|| document.edit(start, end, &text));
            }));
            assert_eq!(document.rope().to_string(), expected, "edit {i}: text");
            if edited.is_err() {
                panicked += 1;
                assert!(document.is_stale(), "edit {i}");
                // Half of them repaired now, the others by the next edit's
                // stale path.
                if panicked % 2 == 1 {
                    document.repair();
                } else {
                    continue;
                }
            }
            assert!(!document.is_stale(), "edit {i}");
            let fresh = Document::new(GameKind::Tomek, &expected);
            assert_eq!(document.header(), fresh.header(), "edit {i}: header");
            assert_eq!(
                document.parsed_positions(),
                fresh.parsed_positions(),
                "edit {i}: positions"
            );
            assert_eq!(
                document.diagnostics(),
                fresh.diagnostics(),
                "edit {i}: diagnostics"
            );
        }
        assert_eq!(panicked, 3);
    }

    /// A change's range as chars of `rope` (ASCII text: UTF-16 units are chars).
    fn char_range(rope: &ropey::Rope, change: &Value) -> (usize, usize) {
        let at = |end: &str| {
            let line = change["range"][end]["line"].as_u64().unwrap_or(0) as usize;
            let character = change["range"][end]["character"].as_u64().unwrap_or(0) as usize;
            rope.line_to_char(line) + character
        };
        (at("start"), at("end"))
    }
}

/// Without the feature, the hooks are not in the binary at all.
#[cfg(not(feature = "test-hooks"))]
#[test]
fn a_build_without_test_hooks_holds_none() {
    let binary = std::fs::read(env!("CARGO_BIN_EXE_boardls")).expect("the built binary");
    let hooks = binary.windows(12).filter(|w| w == b"BOARDLS_TEST").count();
    assert_eq!(
        hooks, 0,
        "BOARDLS_TEST in the binary built without test-hooks"
    );
}
