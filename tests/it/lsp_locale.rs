//! The server in the user's language: one session per `initialize`
//! locale (`ru`, `zh-CN`, `zh_TW.UTF-8`, `de`, none) on the same files,
//! then the `boardls.locale` setting over `initialize`'s, then a switch by
//! `didChangeConfiguration`. What never changes with the language (the
//! codes, the judges' lines) is equal in every session; what a person
//! reads is in the session's language, English where the catalog has no
//! such language; hovers show each diagnostic's code beside its
//! localized message.

use serde_json::{Value, json};

use crate::support::boards::dense_go9;
use crate::support::client::{Server, caps, fixture, pos, range};

const GO9: &str = "file:///w/sample.go9";
const TOMEK: &str = "file:///w/sample.tomek";
const DENSE: &str = "file:///w/dense.go9";

/// What a session said about the files, everything a person reads.
#[derive(Debug, PartialEq)]
struct Transcript {
    /// Per file: each diagnostic's code and message, in order.
    diagnostics: Vec<Vec<(String, String)>>,
    /// Per file: the inlay hints' labels.
    hints: Vec<Vec<String>>,
    /// Per file: the document symbols' names.
    symbols: Vec<Vec<String>>,
    /// On the go9 sample's first capture point: the hover, the code
    /// `go9/killable`'s message there, and the code actions' titles.
    capture_hover: String,
    capture_message: String,
    capture_actions: Vec<String>,
    /// On a cell of the tomek sample's first position.
    tomek_hover: String,
    /// The tomek sample's coverage of the judge's situations: its count
    /// line's hover and its code lens.
    coverage_hover: String,
    coverage_lens: Vec<String>,
    /// The note on what the dense file's publish leaves out.
    budget_note: String,
}

fn dense() -> String {
    dense_go9(300, 300, 0)
}

/// The settings of every session: few problems listed, so that the
/// dense file's note counts warnings by code; with `locale`, the
/// `boardls.locale` setting.
fn settings(locale: Option<&str>) -> Value {
    let mut section = json!({"diagnostics": {"maxProblems": 10}});
    if let Some(locale) = locale {
        section["locale"] = json!(locale);
    }
    json!({"boardls": section})
}

/// `initialize` with `locale` (none when `None`) and the [`settings`]
/// with `setting` in `initializationOptions`.
fn start(locale: Option<&str>, setting: Option<&str>) -> Server {
    let mut server = Server::spawn();
    let mut params = json!({
        "processId": null,
        "rootUri": null,
        "capabilities": caps("utf-16"),
        "initializationOptions": settings(setting)
    });
    if let Some(locale) = locale {
        params["locale"] = json!(locale);
    }
    server.initialize_with(params);
    server
}

fn messages(diagnostics: &[Value]) -> Vec<(String, String)> {
    diagnostics
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or_default().to_owned(),
                d["message"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

fn strings(items: &Value, field: &str) -> Vec<String> {
    items
        .as_array()
        .into_iter()
        .flatten()
        .map(|item| item[field].as_str().unwrap_or_default().to_owned())
        .collect()
}

const FILES: [&str; 3] = [GO9, TOMEK, DENSE];

fn open(server: &Server) {
    server.open(GO9, "go9", 1, &fixture("ancientgo-sample.go9"));
    server.open(TOMEK, "tomek", 1, &fixture("tomek-sample.tomek"));
    server.open(DENSE, "go9", 1, &dense());
}

/// What the session says of the open files once it has settled: their
/// last publishes, and its answers.
fn transcript(server: &mut Server) -> Transcript {
    let published = server.published_before_settled(None);
    let last = |uri: &str| -> Vec<Value> {
        let publish = published
            .iter()
            .rev()
            .find(|m| m["params"]["uri"] == uri)
            .unwrap_or_else(|| panic!("no publish of {uri}"));
        publish["params"]["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    };
    let mut diagnostics = Vec::new();
    let mut hints = Vec::new();
    let mut symbols = Vec::new();
    for uri in FILES {
        diagnostics.push(messages(&last(uri)));
        let whole = range(0, 0, 100_000, 0);
        let found = server.request(
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": uri}, "range": whole}),
        );
        hints.push(strings(&found, "label"));
        let found = server.request(
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": uri}}),
        );
        symbols.push(strings(&found, "name"));
    }
    let killable = last(GO9)
        .into_iter()
        .find(|d| d["code"] == "go9/killable")
        .expect("a capture point in the go9 sample");
    let start = &killable["range"]["start"];
    let (line, character) = (
        start["line"].as_u64().unwrap_or_default(),
        start["character"].as_u64().unwrap_or_default(),
    );
    let capture_hover = server.hover_text(GO9, line, character);
    let actions = server.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": GO9},
            "range": {"start": pos(line, character), "end": pos(line, character)},
            "context": {"diagnostics": []}
        }),
    );
    let tomek_hover = server.hover_text(TOMEK, 2, 0);
    let coverage_hover = server.hover_text(TOMEK, 0, 0);
    let lenses = server.request(
        "textDocument/codeLens",
        json!({"textDocument": {"uri": TOMEK}}),
    );
    let coverage_lens = lenses
        .as_array()
        .into_iter()
        .flatten()
        .map(|lens| {
            lens["command"]["title"]
                .as_str()
                .unwrap_or_default()
                .to_owned()
        })
        .collect();
    let budget_note = diagnostics[2]
        .iter()
        .find(|(code, _)| code == "file/more-diagnostics")
        .map(|(_, message)| message.clone())
        .expect("the dense file's note on what is left out");
    Transcript {
        diagnostics,
        hints,
        symbols,
        capture_hover,
        capture_message: killable["message"].as_str().unwrap_or_default().to_owned(),
        capture_actions: strings(&actions, "title"),
        tomek_hover,
        coverage_hover,
        coverage_lens,
        budget_note,
    }
}

fn session(locale: Option<&str>, setting: Option<&str>) -> Transcript {
    let mut server = start(locale, setting);
    open(&server);
    let said = transcript(&mut server);
    server.shutdown_and_exit();
    said
}

fn cyrillic(text: &str) -> bool {
    text.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c))
}

fn chinese(text: &str) -> bool {
    text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

fn codes(said: &Transcript) -> Vec<Vec<&str>> {
    said.diagnostics
        .iter()
        .map(|file| file.iter().map(|(code, _)| code.as_str()).collect())
        .collect()
}

/// The verdict hints and symbols of the go9 and tomek files: the judges'
/// own lines (`Case #1: X won`), the same in every language.
fn judge_lines(said: &Transcript) -> Vec<&str> {
    let hints = said.hints[..2]
        .iter()
        .flatten()
        .flat_map(|label| label.trim_start_matches("# ").split(" · "));
    let symbols = said.symbols[..2].iter().flatten().map(String::as_str);
    hints
        .chain(symbols)
        .filter(|line| line.starts_with("Case #"))
        .collect()
}

/// What a localized session must say in `language` (a test of its
/// script), with the codes and judge lines of `english`.
fn check_localized(said: &Transcript, english: &Transcript, language: fn(&str) -> bool) {
    assert_eq!(codes(said), codes(english));
    let lines = judge_lines(said);
    assert!(lines.len() >= 6, "{lines:?}");
    assert_eq!(lines, judge_lines(english));
    for text in [
        &said.capture_hover,
        &said.tomek_hover,
        &said.budget_note,
        &said.capture_actions.join("\n"),
        &said.coverage_hover,
        &said.coverage_lens.join("\n"),
    ] {
        assert!(language(text), "not in the session's language: {text}");
    }
    // The hover names the code beside the message the publish holds.
    let beside = format!("`go9/killable`: {}", said.capture_message);
    assert!(
        said.capture_hover.contains(&beside),
        "{}",
        said.capture_hover
    );
    // Every message is in the language, but for those still worded in
    // English alone (the same as the English session's).
    for (file, english_file) in said.diagnostics.iter().zip(&english.diagnostics) {
        for ((_, message), (_, english_message)) in file.iter().zip(english_file) {
            assert!(language(message) || message == english_message, "{message}");
        }
    }
    // The note's numbers are the English note's.
    assert_eq!(numbers(&said.budget_note), numbers(&english.budget_note));
}

/// The numbers of a text, their thousands' separators (`,` in English
/// and Chinese, a no-break space in Russian) dropped, sorted.
fn numbers(text: &str) -> Vec<u64> {
    let separator = |c: char| c == ',' || c == '\u{a0}';
    let mut found: Vec<u64> = text
        .split(|c: char| !c.is_ascii_digit() && !separator(c))
        .map(|n| n.trim_matches(separator).replace(separator, ""))
        .filter_map(|n| n.parse().ok())
        .collect();
    found.sort_unstable();
    found
}

#[test]
fn each_locale_of_initialize_gets_its_language_with_the_same_codes_and_judge_lines() {
    let english = session(None, None);
    for text in [
        &english.capture_hover,
        &english.tomek_hover,
        &english.budget_note,
    ] {
        assert!(!cyrillic(text) && !chinese(text), "{text}");
    }
    assert!(
        english
            .budget_note
            .contains(" more go9/dead-group warnings")
    );
    assert!(english.capture_actions.contains(&"Play here".to_owned()));
    // An English hover leaves the codes to the editor's diagnostic hover.
    assert!(!english.capture_hover.contains("`go9/killable`"));

    let russian = session(Some("ru"), None);
    check_localized(&russian, &english, cyrillic);
    assert!(russian.capture_actions.contains(&"Сходить сюда".to_owned()));
    // Thousands as Russian groups them: a comma would be a decimal point.
    assert!(
        english.budget_note.contains("1,069"),
        "{}",
        english.budget_note
    );
    assert!(
        russian.budget_note.contains("1\u{a0}069"),
        "{}",
        russian.budget_note
    );

    let chinese_session = session(Some("zh-CN"), None);
    check_localized(&chinese_session, &english, chinese);
    assert!(
        chinese_session
            .capture_actions
            .contains(&"在此落子".to_owned())
    );

    // Traditional Chinese has no text in the catalog, German none at all:
    // English, word for word.
    for locale in ["zh_TW.UTF-8", "de"] {
        assert_eq!(session(Some(locale), None), english, "{locale}");
    }
}

#[test]
fn the_locale_setting_wins_over_initialize() {
    let english = session(None, None);
    assert_eq!(session(Some("ru"), Some("en")), english);
    let chinese_session = session(Some("de"), Some("zh-CN"));
    check_localized(&chinese_session, &english, chinese);
    assert_eq!(chinese_session, session(Some("zh-Hans"), None));
}

#[test]
fn changing_the_locale_setting_publishes_again_in_the_new_language() {
    let mut server = start(None, None);
    open(&server);
    let english = transcript(&mut server);
    server.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": settings(Some("ru"))}),
    );
    // The open files are published again, in Russian.
    let russian = transcript(&mut server);
    check_localized(&russian, &english, cyrillic);
    // Empty: the editor's language again (none here, so English).
    server.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": settings(Some(""))}),
    );
    assert_eq!(transcript(&mut server), english);
    server.shutdown_and_exit();
}
