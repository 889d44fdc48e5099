//! Incremental parsing must always equal a fresh parse of the same text.

use crate::support::oracle;

use boardls_engine::document::Document;
use boardls_engine::games::GameKind;
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

const UTTT: &str = "... ... ...\n... ... ...\n... ... ...\n\n... ... ...\n... ... ...\n... x.. ...\n\n... ... ...\n... ... ...\n... ... ...\n6 4\n";
const UTTT_FULL: &str = "xoo x.. x..\nooo ... ...\nooo ... ...\n\nx.. x.. ...\n... ... ...\n... ... ...\n\n... ... ...\n... ... ...\n... ... ...\n7 4\n";
const GO9_A: &str = ".......xo\n.........\n.........\n..x......\n.xox....x\n.o.o...xo\n..o......\n.....xxxo\n....xooo.\n";
const GO9_B: &str = "......ox.\n.......o.\n...o.....\n..o.o....\n...o.....\n.........\n.......o.\n...x.....\n........o\n";
const TOMEK_A: &str = "XXXT\n....\nOO..\n....\n";
const TOMEK_B: &str = "XOXT\nXXOO\nOXOX\nXXOO\n";

fn assert_matches_fresh(document: &Document) {
    let fresh = boardls_engine::syntax::parse_lines(document.kind(), &document.lines());
    assert_eq!(document.header(), fresh.header.as_ref(), "header");
    assert_eq!(document.parsed_positions(), fresh.positions, "positions");
    assert_eq!(
        document.diagnostics(),
        fresh.all_diagnostics(),
        "diagnostics"
    );
    // The line index (binary searches across the pending shift) agrees
    // with a linear scan of the fresh positions.
    let lines = u32::try_from(document.rope().len_lines()).unwrap() + 2;
    let holding = |line: u32| {
        fresh
            .positions
            .iter()
            .position(|p| p.first_line <= line && line <= p.last_line())
    };
    for line in 0..lines {
        assert_eq!(
            document.position_at_line(line),
            holding(line),
            "line {line}"
        );
        for end in line..lines {
            let overlapping: Vec<usize> = (0..fresh.positions.len())
                .filter(|&i| {
                    let p = &fresh.positions[i];
                    p.first_line < end && p.last_line() >= line
                })
                .collect();
            let range = document.positions_in_lines(line, end);
            if overlapping.is_empty() {
                assert!(range.is_empty(), "lines {line}..{end}: {range:?}");
            } else {
                assert_eq!(
                    range,
                    overlapping[0]..overlapping[overlapping.len() - 1] + 1,
                    "lines {line}..{end}"
                );
            }
        }
    }
}

/// A realistic document: a few boards, maybe a count line and comments,
/// maybe with CRLF line ends.
fn document_text(kind: GameKind) -> impl Strategy<Value = String> {
    let boards: [&'static str; 2] = match kind {
        GameKind::Uttt => [UTTT, UTTT_FULL],
        GameKind::Go9 => [GO9_A, GO9_B],
        GameKind::Tomek => [TOMEK_A, TOMEK_B],
    };
    (
        prop::collection::vec((0..2usize, any::<bool>()), 1..5),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(move |(picks, header, crlf)| {
            let mut text = String::new();
            if header && kind != GameKind::Uttt {
                text.push_str(&format!("{}\n", picks.len()));
            }
            for (i, (pick, comment)) in picks.iter().enumerate() {
                if i > 0 {
                    text.push('\n');
                }
                if *comment {
                    text.push_str("# a comment\n");
                }
                text.push_str(boards[*pick]);
            }
            if crlf {
                text.replace('\n', "\r\n")
            } else {
                text
            }
        })
}

/// The robustness oracle's board-shaped fragments, shared with the other
/// edit property tests.
fn fragment() -> impl Strategy<Value = String> {
    prop::sample::select(oracle::FRAGMENTS).prop_map(str::to_owned)
}

/// (start fraction, deleted chars, inserted text): positions as fractions so
/// they stay inside whatever the text has become.
fn edits() -> impl Strategy<Value = Vec<(f64, usize, String)>> {
    prop::collection::vec(
        (
            0.0..=1.0f64,
            prop_oneof![Just(0usize), 0..3usize, 0..40usize],
            fragment(),
        ),
        1..12,
    )
}

fn apply(document: &mut Document, (at, deleted, inserted): &(f64, usize, String)) {
    let len = document.rope().len_chars();
    let start = ((len as f64) * at) as usize;
    document.edit(start, start + deleted, inserted);
}

fn check_kind(kind: GameKind) -> impl Strategy<Value = (String, Vec<(f64, usize, String)>)> {
    (document_text(kind), edits())
}

fn edits_equal_fresh_parse(kind: GameKind, text: &str, edits: &[(f64, usize, String)]) {
    let mut document = Document::new(kind, text);
    for edit in edits {
        apply(&mut document, edit);
        assert_matches_fresh(&document);
    }
}

proptest! {
    // Failure seeds sit beside this file, not in a top-level folder.
    #![proptest_config(ProptestConfig {
        cases: 150,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn uttt_edits_equal_fresh_parse((text, edits) in check_kind(GameKind::Uttt)) {
        edits_equal_fresh_parse(GameKind::Uttt, &text, &edits);
    }

    #[test]
    fn go9_edits_equal_fresh_parse((text, edits) in check_kind(GameKind::Go9)) {
        edits_equal_fresh_parse(GameKind::Go9, &text, &edits);
    }

    #[test]
    fn tomek_edits_equal_fresh_parse((text, edits) in check_kind(GameKind::Tomek)) {
        edits_equal_fresh_parse(GameKind::Tomek, &text, &edits);
    }
}

#[test]
fn an_edit_inside_one_position_reuses_the_others() {
    let text = GO9_A.to_owned() + "\n" + GO9_B + "\n" + GO9_A;
    let mut document = Document::new(GameKind::Go9, &text);
    assert_eq!(document.position_count(), 3);
    // Split the second board with a blank line: two short boards.
    let second_board_row_5 = document.rope().line_to_char(14);
    document.edit(second_board_row_5, second_board_row_5, "\n");
    assert_eq!(document.position_count(), 4);
    assert_matches_fresh(&document);
    // And merge them again.
    document.edit(second_board_row_5, second_board_row_5 + 1, "");
    assert_eq!(document.position_count(), 3);
    assert_matches_fresh(&document);
    assert_eq!(document.position_at_line(10), Some(1));
    assert_eq!(document.position_at_line(9), None);
    assert_eq!(document.positions_in_lines(5, 12), 0..2);
}

#[test]
fn a_count_line_typed_at_the_top_becomes_the_header() {
    let mut document = Document::new(GameKind::Tomek, TOMEK_A);
    assert!(document.header().is_none());
    document.edit(0, 0, "2\n");
    assert_eq!(document.header().and_then(|h| h.count), Some(2));
    assert_matches_fresh(&document);
    assert_eq!(document.diagnostics()[0].code, "file/count-mismatch");
}

#[test]
fn out_of_range_edits_are_clamped() {
    let mut document = Document::new(GameKind::Uttt, UTTT);
    document.edit(10_000, 20_000, "x");
    document.edit(5, 1, "");
    assert_matches_fresh(&document);
}
