//! Incremental edits that split and merge positions, applied as the
//! server applies a `didChange` (`OpenDocument::apply`: changes in array
//! order, each against the text the previous one produced, positions
//! clamped). After every notification the document must hold the text a
//! plain string model holds, and answer exactly as a fresh parse of that
//! text does: findings, diagnostics, hints, symbols and folding, in both
//! encodings. (`lsp_proptest.rs` sends random edits through the spawned
//! server.)

use boardls_engine::document::Document;
use boardls_engine::games::GameKind::{self, Go9, Tomek, Uttt};
use boardls_ide::encoding::Encoding;
use boardls_ide::features::{hints, proto_diagnostics, symbols};
use boardls_ide::session::OpenDocument;
use boardls_ide::view::{Cancel, ClientCaps, DocView};
use expect_test::{Expect, expect};
use tower_lsp_server::ls_types::{Position, Range, TextDocumentContentChangeEvent};

use crate::support::features::{ENCODINGS, Fixture, fixture, render_diagnostics};
use crate::support::oracle;

fn change(l1: u32, c1: u32, l2: u32, c2: u32, text: &str) -> TextDocumentContentChangeEvent {
    TextDocumentContentChangeEvent {
        range: Some(Range::new(Position::new(l1, c1), Position::new(l2, c2))),
        range_length: None,
        text: text.to_owned(),
    }
}

fn replace(text: &str) -> TextDocumentContentChangeEvent {
    TextDocumentContentChangeEvent {
        range: None,
        range_length: None,
        text: text.to_owned(),
    }
}

/// What every feature answers over the whole document.
fn answers(doc: &Document, enc: Encoding) -> String {
    let uri = "file:///edits/board".parse().expect("a valid URI");
    let view = DocView {
        uri: &uri,
        doc,
        version: 1,
        caps: ClientCaps {
            encoding: enc,
            hierarchical_symbols: true,
            ..ClientCaps::default()
        },
    };
    let all = Range::new(Position::new(0, 0), Position::new(u32::MAX, 0));
    format!(
        "{:#?}\n{:#?}\n{:#?}\n{:#?}",
        proto_diagnostics::document(&view),
        hints::inlay_hints_with(&view, all, &boardls_ide::config::HintSettings::default()),
        symbols::document_symbols(&view, &Cancel::NEVER),
        symbols::folding_ranges(&view, &Cancel::NEVER),
    )
}

/// Applies each notification's changes to a document and to a string in
/// `enc`, and compares the document with a fresh one after each.
fn edited(
    kind: GameKind,
    enc: Encoding,
    initial: &str,
    steps: &[Vec<TextDocumentContentChangeEvent>],
) -> Document {
    let mut model = initial.to_owned();
    let uri = "file:///edits/doc".parse().expect("a URI");
    let mut open = OpenDocument::new(Document::new(kind, initial), &uri, 1, 1);
    for (i, changes) in steps.iter().enumerate() {
        for change in changes {
            match change.range {
                Some(range) => {
                    oracle::apply_to_string(&mut model, range.start, range.end, &change.text, enc);
                }
                None => model.clone_from(&change.text),
            }
        }
        open.apply(changes, enc);
        if let Err(problem) = oracle::check_document(&open.doc, &model) {
            panic!("step {i} ({enc:?}): {problem}");
        }
        assert_eq!(
            answers(&open.doc, enc),
            answers(&Document::new(kind, &model), enc),
            "step {i} ({enc:?}): {model:?}"
        );
    }
    std::sync::Arc::unwrap_or_clone(open.doc)
}

/// The steps in each encoding, then a snapshot of the diagnostics of the
/// final text, which both must reach.
fn run_edits(
    kind: GameKind,
    initial: &str,
    steps: &[Vec<TextDocumentContentChangeEvent>],
    expect: Expect,
) {
    let [utf8, utf16] = ENCODINGS.map(|enc| edited(kind, enc, initial, steps));
    assert_eq!(
        utf8.rope(),
        utf16.rope(),
        "the encodings made different texts"
    );
    expect
        .assert_eq(&Fixture::of_document(utf16).render(ClientCaps::default(), render_diagnostics));
}

const TOMEK: &str = "XXXT\n....\nOO..\n....\n";

#[test]
fn edits_split_and_merge_tomek_positions() {
    let two_boards = format!("2\n{TOMEK}\n{TOMEK}");
    let steps = [
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
        vec![replace("1\r\nXXXT\r\n....\r\nOO..\r\n....")],
        vec![change(4, 4, 4, 4, "\r\n\r\nXOXT\r\nXXOO\r\nOXOX\r\nXXOO")],
        // Positions past the end of lines and of the text are clamped.
        vec![change(2, 99, 2, 99, "X"), change(999, 0, 999, 5, "\n")],
    ];
    run_edits(
        Tomek,
        &two_boards,
        &steps,
        expect![[r#"
        0:0-0:1 error file/count-mismatch count line says 1 board, the file has 2
          fix: Set the count to 2
        2:4-2:5 error tomek/bad-row row 2 has 5 cells, expected 4
    "#]],
    );
}

#[test]
fn edits_split_and_merge_uttt_positions() {
    let uttt = format!(
        "{}\n{}",
        fixture("cf907b/sample1.in"),
        fixture("cf907b/sample2.in")
    );
    let steps = [
        vec![change(6, 4, 6, 5, ".")],
        vec![change(6, 4, 6, 5, "x")],
        vec![change(12, 0, 13, 0, "")],
        vec![change(11, 3, 11, 3, "\n")],
        vec![change(0, 0, 0, 3, "!!!"), change(8, 0, 8, 1, "!")],
    ];
    run_edits(
        Uttt,
        &uttt,
        &steps,
        expect![[r#"
        0:0-0:1 warning uttt/wrong-marker `!` marks a cell that is not a legal move
          fix: Replace `!` with `.`
        0:1-0:2 warning uttt/wrong-marker `!` marks a cell that is not a legal move
          fix: Replace `!` with `.`
        0:2-0:3 warning uttt/wrong-marker `!` marks a cell that is not a legal move
          fix: Replace `!` with `.`
        8:1-8:2 warning uttt/missing-marker legal move not marked with `!`
          fix: Mark with `!`
        8:2-8:3 warning uttt/missing-marker legal move not marked with `!`
          fix: Mark with `!`
        9:0-9:1 warning uttt/missing-marker legal move not marked with `!`
          fix: Mark with `!`
        9:1-9:2 warning uttt/missing-marker legal move not marked with `!`
          fix: Mark with `!`
        9:2-9:3 warning uttt/missing-marker legal move not marked with `!`
          fix: Mark with `!`
        10:0-10:1 warning uttt/missing-marker legal move not marked with `!`
          fix: Mark with `!`
        10:1-10:2 warning uttt/missing-marker legal move not marked with `!`
          fix: Mark with `!`
        10:2-10:3 warning uttt/missing-marker legal move not marked with `!`
          fix: Mark with `!`
    "#]],
    );
}

#[test]
fn edits_split_and_merge_go9_positions() {
    let steps = [
        vec![change(3, 8, 3, 9, "x")],
        vec![change(0, 0, 0, 1, "1")],
        vec![change(12, 0, 12, 0, "# é\n")],
        vec![change(7, 0, 8, 0, "")],
        vec![change(7, 0, 7, 0, ".........\n")],
    ];
    run_edits(
        Go9,
        &fixture("ancientgo-sample.go9"),
        &steps,
        expect![[r#"
        0:0-0:1 error file/count-mismatch count line says 1 board, the file has 2
          fix: Set the count to 2
        2:8-2:9 warning go9/dead-group this o group of 1 stone has no liberty, so the position cannot occur in a game
          related 2:8-2:9 stone of the group at row 1, column 9
        7:2-7:3 info go9/killable x playing here captures 1 o stone: the group's last liberty
          related 6:2-6:3 captured stone at row 5, column 3
        10:8-10:9 info go9/killable x playing here captures 3 o stones: the group's last liberty
          related 10:5-10:6 captured stone at row 9, column 6
          related 10:6-10:7 captured stone at row 9, column 7
          related 10:7-10:8 captured stone at row 9, column 8
        13:7-13:8 info go9/atari this x group of 1 stone has one liberty: o could capture it at row 1, column 9
          related 13:8-13:9 the last liberty
          related 13:7-13:8 stone of the group at row 1, column 8
    "#]],
    );
}
