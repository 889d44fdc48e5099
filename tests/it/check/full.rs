//! `check --output-format full`: colour on and off, frames that point
//! where the concise format points, and files that try to break a
//! renderer (invalid UTF-8, control characters, tabs, wide characters,
//! 10 MB lines, far and many related spans).

use crate::support::cli;
use crate::support::client::TempDir;

use std::fs;

use boardls::check::{FullSink, render_with};
use boardls_engine::diagnostics::{Diagnostic, Span};
use boardls_engine::i18n::Message;
use cli::{EXAMPLES, boardls, command, stdout};
use expect_test::expect;
use regex::Regex;

/// `text` without ANSI escape sequences (SGR: `ESC [ … m`).
fn strip_ansi(text: &str) -> String {
    Regex::new("\x1b\\[[0-9;]*m")
        .unwrap()
        .replace_all(text, "")
        .into_owned()
}

fn full(extra: &[&str], vars: &[(&str, &str)]) -> String {
    let mut args = vec!["check", "--output-format", "full"];
    args.extend(extra);
    args.extend(EXAMPLES);
    let mut command = command(&args);
    command.envs(vars.iter().copied());
    let output = command.output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    stdout(&output)
}

#[test]
fn colour_is_on_when_asked_and_off_otherwise() {
    let plain = full(&[], &[]);
    assert!(!plain.contains('\u{1b}'), "piped: no colour");
    let forced = full(&[], &[("CLICOLOR_FORCE", "1")]);
    assert!(forced.contains("\u{1b}["), "{forced}");
    // The colours are all there is to it.
    assert_eq!(strip_ansi(&forced), plain);
    assert_eq!(full(&["--color", "always"], &[]), forced);
    assert_eq!(
        full(&[], &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]),
        plain
    );
    assert_eq!(full(&[], &[("CLICOLOR_FORCE", "0")]), plain);
    assert_eq!(
        full(&["--color", "never"], &[("CLICOLOR_FORCE", "1")]),
        plain
    );
    // Errors in bold bright red, as rustc prints them.
    assert!(
        forced.contains("\u{1b}[1m\u{1b}[91merror[go9/bad-cell]"),
        "{forced}"
    );
}

/// Each frame's location line, in order: `path:line:col`.
fn locations(full: &str) -> Vec<String> {
    full.lines()
        .filter_map(|line| line.trim_start().strip_prefix("--> "))
        .map(str::to_owned)
        .collect()
}

/// The concise format's `path:line:col`, in order.
fn concise_locations(path: &str) -> Vec<String> {
    let output = boardls(&["check", "--output-format", "concise", path]);
    stdout(&output)
        .lines()
        .map(|line| {
            let (location, _) = line.split_once(": ").unwrap();
            location.to_owned()
        })
        .collect()
}

#[test]
fn hostile_files_render_and_point_where_concise_points() {
    let dir = TempDir::new("full-hostile");
    let files: [(&str, Vec<u8>); 9] = [
        ("utf8.go9", b".........\n....\xff....\n".to_vec()),
        ("empty.go9", Vec::new()),
        ("nul.go9", b"...\0.....\n".to_vec()),
        // An escape sequence in a cell must not reach the terminal.
        ("escape.tomek", b"XX\x1b[31mT\n....\n".to_vec()),
        ("tab.uttt", b"...\t... ...\n".to_vec()),
        (
            "wide.tomek",
            "\u{1F600}X\u{4E2D}T\n....\nOO..\n....\n"
                .as_bytes()
                .to_vec(),
        ),
        ("long.uttt", "x".repeat(10 << 20).into_bytes()),
        (
            "longrow.go9",
            format!("{}X\n", ".".repeat(10 << 20)).into_bytes(),
        ),
        ("crlf.tomek", b"XXXT\r\n..x.\r\nOO..\r\n....\r\n".to_vec()),
    ];
    for (name, bytes) in &files {
        fs::write(dir.join(name), bytes).unwrap();
    }
    for (name, _) in &files {
        let path = dir.join(name);
        let path = path.to_str().unwrap();
        // How long the 10 MB lines take is a goal of the bench
        // (`check_large`'s long lines), not of this test.
        let output = boardls(&["check", "--output-format", "full", path]);
        assert_eq!(output.status.code(), Some(1), "{name}");
        let text = stdout(&output);
        assert!(!text.contains('\u{1b}'), "{name}: {text}");
        assert!(text.ends_with("in 1 file\n"), "{name}: {text}");
        assert_eq!(locations(&text), concise_locations(path), "{name}: {text}");
        let widest = text.lines().map(|l| l.chars().count()).max().unwrap();
        assert!(widest < 400, "{name}: a line of {widest} characters");
    }
}

#[test]
fn empty_spans_get_a_caret() {
    let output = boardls(&[
        "check",
        "--output-format",
        "full",
        "examples/go9/broken.go9",
    ]);
    let text = stdout(&output);
    let frame = text
        .split("\n\n")
        .find(|frame| frame.contains("go9/missing-row"))
        .unwrap();
    expect![[r#"
        error[go9/missing-row]: the board has 8 rows, expected 9
          --> examples/go9/broken.go9:12:1
           |
        12 |
           | ^"#]]
    .assert_eq(frame);
    // At the end of a line too.
    let frame = text
        .split("\n\n")
        .find(|frame| frame.contains("row 5 has 7 cells"))
        .unwrap();
    expect![[r#"
        error[go9/bad-row]: row 5 has 7 cells, expected 9
          --> examples/go9/broken.go9:17:8
           |
        17 | ...o...
           |        ^"#]]
    .assert_eq(frame);
}

fn render_full(text: &str, diagnostic: Diagnostic) -> String {
    let mut out = String::new();
    render_with(
        &mut FullSink::new(false, Default::default()),
        "t.tomek",
        text,
        &[diagnostic],
        &mut out,
    );
    out
}

#[test]
fn a_long_line_is_cut_around_the_span_and_the_column_is_the_whole_lines() {
    let line = format!("{}XY{}", "a".repeat(1500), "b".repeat(1500));
    let said = Message::verbatim;
    let diagnostic = Diagnostic::error("tomek/bad-cell", Span::new(1, 1500, 1502), said("bad"))
        .with_related(Span::new(0, 0, 1), said("first line"))
        .with_related(Span::new(1, 2990, 2991), said("too far along the line"));
    let out = render_full(&format!("TXX.\n{line}\n"), diagnostic);
    expect![[r#"
        error[tomek/bad-cell]: bad
         --> t.tomek:2:1501
          |
        1 | TXX.
          | - first line
        2 | …aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaXYbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb…
          |                                                              ^^
          |
          = note: t.tomek:2:2991: too far along the line

        1 error, 0 warnings in 1 file
    "#]]
    .assert_eq(&out);
}

#[test]
fn related_spans_are_bounded_and_far_ones_are_notes() {
    let board = "XXXX\nXXXX\nXXXX\nXXXX\n";
    let mut text = board.repeat(10);
    text.push_str("OOOO\n");
    let said = Message::verbatim;
    let mut diagnostic = Diagnostic::warning("tomek/two-winners", Span::new(0, 0, 4), said("many"))
        .with_related(Span::new(40, 0, 4), said("far below"));
    for i in 0..20 {
        let span = Span::new(i % 4, i % 4, i % 4 + 1);
        diagnostic = diagnostic.with_related(span, Message::verbatim(format!("r{i}")));
    }
    let out = render_full(&text, diagnostic);
    let labels = (0..20)
        .filter(|i| out.contains(&format!(" r{i}\n")))
        .count();
    assert_eq!(labels, boardls::check::MAX_RELATED - 1, "{out}");
    assert!(out.contains("= note: t.tomek:41:1: far below\n"), "{out}");
    assert!(
        out.contains("= note: and 13 more related locations\n"),
        "{out}"
    );
}
