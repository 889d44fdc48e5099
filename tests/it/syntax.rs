//! Tests of the parser: exact spans and messages for each fault, as
//! data-driven fixtures (`UPDATE_EXPECT=1 cargo test` rewrites them).

use boardls_engine::diagnostics::{Span, codes};
use boardls_engine::games::{Cell, GameKind};
use boardls_engine::syntax::{diagnose, parse_file};
use boardls_engine::text::{TextLines, char_column};
use expect_test::{Expect, expect};

/// One diagnostic per line: `line:col-endcol severity[code]: message`,
/// 1-based, columns in characters.
fn render(kind: GameKind, text: &str) -> String {
    let lines = TextLines::new(text);
    let parsed = parse_file(kind, text);
    let mut out = String::new();
    for d in parsed.all_diagnostics() {
        let line = lines.get(d.span.line as usize);
        out.push_str(&format!(
            "{}:{}-{} {}[{}]: {}\n",
            d.span.line + 1,
            char_column(line, d.span.start) + 1,
            char_column(line, d.span.end) + 1,
            d.severity.word(),
            d.code,
            d.message
        ));
    }
    for (i, position) in parsed.positions.iter().enumerate() {
        out.push_str(&format!(
            "Case #{} (lines {}-{}): {}\n",
            i + 1,
            position.first_line + 1,
            position.last_line() + 1,
            position
                .verdict_text()
                .unwrap_or_else(|| "unreadable".to_owned())
        ));
    }
    out
}

fn check(kind: GameKind, text: &str, expect: Expect) {
    expect.assert_eq(&render(kind, text));
}

const UTTT_SAMPLE: &str = "\
... ... ...
... ... ...
... ... ...

... ... ...
... ... ...
... x.. ...

... ... ...
... ... ...
... ... ...
6 4
";

#[test]
fn uttt_sample_reads_cleanly() {
    check(
        GameKind::Uttt,
        UTTT_SAMPLE,
        expect![[r#"
            Case #1 (lines 1-12): o to move: 9 legal moves
        "#]],
    );
}

#[test]
fn uttt_crlf_comments_trailing_blanks_and_no_final_newline() {
    let text = "# top\r\n... ... ...  \r\n... ... ...\t\r\n# inside a band\r\n... ... ...\r\n\r\n... ... ...\r\n... ... ...\r\n... x.. ...\r\n\r\n... ... ...\r\n... ... ...\r\n... ... ...\r\n6 4";
    check(
        GameKind::Uttt,
        text,
        expect![[r#"
            Case #1 (lines 2-14): o to move: 9 legal moves
        "#]],
    );
}

#[test]
fn uttt_wrong_cell_is_one_character_with_a_case_fix() {
    let text = UTTT_SAMPLE.replacen("... x..", "... X..", 1);
    check(
        GameKind::Uttt,
        &text,
        expect![[r#"
            7:5-6 error[uttt/bad-cell]: expected `x`, `o`, `.` or `!`, found `X`
            Case #1 (lines 1-12): unreadable
        "#]],
    );
    let parsed = parse_file(GameKind::Uttt, &text);
    let fix = parsed.all_diagnostics()[0].fix.clone().unwrap();
    assert_eq!(fix.edits, vec![(Span::new(6, 4, 5), "x".to_owned())]);
}

#[test]
fn uttt_non_ascii_cell_spans_its_bytes() {
    let text = UTTT_SAMPLE.replacen("... x..", "... é..", 1);
    let parsed = parse_file(GameKind::Uttt, &text);
    assert_eq!(parsed.all_diagnostics()[0].span, Span::new(6, 4, 6));
}

#[test]
fn uttt_group_and_row_layout_faults() {
    let text = UTTT_SAMPLE
        .replacen(
            "... ... ...\n... ... ...\n... ... ...\n\n",
            " ... ... ...\n... .... ...\n...  ... ... ...\n\n",
            1,
        )
        .replacen("... x.. ...", "... x..", 1);
    check(
        GameKind::Uttt,
        &text,
        expect![[r#"
            1:1-2 error[uttt/bad-row]: unexpected blank at the start of row 1 of band 1
            2:8-9 error[uttt/bad-row]: row 2 of band 1 has 4 cells in its second group, expected 3
            3:4-6 error[uttt/bad-row]: expected one space between groups of cells, found 2 spaces
            3:14-17 error[uttt/bad-row]: row 3 of band 1 has 4 groups of cells, expected 3
            7:8-8 error[uttt/bad-row]: row 3 of band 2 has 2 groups of cells, expected 3 groups of 3 separated by spaces
            Case #1 (lines 1-12): unreadable
        "#]],
    );
}

#[test]
fn uttt_short_group_points_after_it() {
    let text = UTTT_SAMPLE.replacen("... x.. ...", "... x. ...", 1);
    check(
        GameKind::Uttt,
        &text,
        expect![[r#"
            7:7-7 error[uttt/bad-row]: row 3 of band 2 has 2 cells in its second group, expected 3
            Case #1 (lines 1-12): unreadable
        "#]],
    );
}

#[test]
fn uttt_missing_last_move_line_ends_the_position() {
    let text = format!("{}\n{UTTT_SAMPLE}", UTTT_SAMPLE.replace("6 4\n", ""));
    check(
        GameKind::Uttt,
        &text,
        expect![[r#"
            12:1-1 error[uttt/missing-last-move]: expected the last-move line `x y` after the 9th row
            Case #1 (lines 1-11): unreadable
            Case #2 (lines 13-24): o to move: 9 legal moves
        "#]],
    );
}

#[test]
fn uttt_missing_last_move_at_the_end_of_a_file_without_newline() {
    let text = UTTT_SAMPLE.replace("\n6 4\n", "");
    check(
        GameKind::Uttt,
        &text,
        expect![[r#"
            11:12-12 error[uttt/missing-last-move]: expected the last-move line `x y` after the 9th row
            Case #1 (lines 1-11): unreadable
        "#]],
    );
}

#[test]
fn uttt_short_band_and_missing_bands() {
    let text = UTTT_SAMPLE.replacen(
        "... ... ...\n... ... ...\n... x.. ...\n",
        "... ... ...\n... x.. ...\n",
        1,
    );
    check(
        GameKind::Uttt,
        &text,
        expect![[r#"
            7:1-1 error[uttt/missing-row]: band 2 has 2 rows, expected 3
            Case #1 (lines 1-11): unreadable
        "#]],
    );
    check(
        GameKind::Uttt,
        "... ... ...\n... ... ...\n... ... ...\n6 4\n",
        expect![[r#"
            4:1-1 error[uttt/missing-row]: expected 9 rows (three bands of three) before the last-move line, found 3
            Case #1 (lines 1-4): unreadable
        "#]],
    );
}

#[test]
fn uttt_blank_line_faults() {
    // No blank line between bands 1 and 2; two between bands 2 and 3; one
    // before the last-move line.
    let text = "... ... ...\n... ... ...\n... ... ...\n... ... ...\n... ... ...\n... x.. ...\n\n\n... ... ...\n... ... ...\n... ... ...\n\n6 4\n";
    check(
        GameKind::Uttt,
        text,
        expect![[r#"
            4:1-1 error[uttt/bad-layout]: expected a blank line between band 1 and band 2
            8:1-1 error[uttt/bad-layout]: expected one blank line between bands, found more
            12:1-1 error[uttt/bad-layout]: unexpected blank line before the last-move line
            Case #1 (lines 1-13): o to move: 9 legal moves
        "#]],
    );
}

#[test]
fn uttt_extra_rows() {
    let text = UTTT_SAMPLE
        .replacen("... x.. ...\n", "... x.. ...\n... ... ...\n", 1)
        .replace("6 4", "... ... ...\n6 4");
    check(
        GameKind::Uttt,
        &text,
        expect![[r#"
            8:1-12 error[uttt/extra-row]: a row too many: band 2 already has 3 rows
            13:1-12 error[uttt/extra-row]: a row too many: the board already has 9 rows
            Case #1 (lines 1-14): o to move: 9 legal moves
        "#]],
    );
}

#[test]
fn uttt_bad_last_move_lines() {
    for (line, expect) in [
        (
            "0 4",
            expect![[r#"
                12:1-2 error[uttt/bad-last-move]: expected a row number from 1 to 9, found `0`
                Case #1 (lines 1-12): unreadable
            "#]],
        ),
        (
            "6",
            expect![[r#"
                12:2-2 error[uttt/bad-last-move]: expected the column after the row: the last-move line is `x y`
                Case #1 (lines 1-12): unreadable
            "#]],
        ),
        (
            "6 4 1",
            expect![[r#"
                12:5-6 error[uttt/bad-last-move]: unexpected text after the last-move line `x y`
                Case #1 (lines 1-12): o to move: 9 legal moves
            "#]],
        ),
        (
            "6 44444444444444444444",
            expect![[r#"
                12:3-23 error[uttt/bad-last-move]: expected a column number from 1 to 9, found `4444444444444444…`
                Case #1 (lines 1-12): unreadable
            "#]],
        ),
    ] {
        check(GameKind::Uttt, &UTTT_SAMPLE.replace("6 4", line), expect);
    }
}

#[test]
fn uttt_facts_beyond_the_judge() {
    let text = UTTT_SAMPLE
        .replace("6 4", "6 5")
        .replacen(
            "... ... ...\n... ... ...\n... ... ...\n6",
            "... !!! ...\n... !!! ...\n... !.. ...\n6",
            1,
        )
        .replacen("... ... ...", "!.. ... ...", 1);
    check(
        GameKind::Uttt,
        &text,
        expect![[r#"
            1:1-2 warning[uttt/wrong-marker]: `!` marks a cell that is not a legal move
            11:6-7 warning[uttt/missing-marker]: legal move not marked with `!`
            11:7-8 warning[uttt/missing-marker]: legal move not marked with `!`
            12:1-4 error[uttt/empty-last-move]: the last move `6 5` points at an empty cell; it must hold the chip just played
            Case #1 (lines 1-12): 9 legal moves
        "#]],
    );
    let full = "xox oxo xox\n".repeat(3);
    let text = format!("{full}\n{full}\n{full}1 1\n");
    check(
        GameKind::Uttt,
        &text,
        expect![[r#"
            1:1-12 error[uttt/no-empty-cell]: the board has no empty cell, so there is no next move
            Case #1 (lines 1-12): o to move: 0 legal moves
        "#]],
    );
}

#[test]
fn uttt_a_broken_position_does_not_hide_the_next() {
    let text = format!("... ...\n\n6 4\n\n{UTTT_SAMPLE}");
    check(
        GameKind::Uttt,
        &text,
        expect![[r#"
            1:8-8 error[uttt/bad-row]: row 1 of band 1 has 2 groups of cells, expected 3 groups of 3 separated by spaces
            2:1-1 error[uttt/missing-row]: band 1 has 1 row, expected 3
            3:1-1 error[uttt/missing-row]: expected 9 rows (three bands of three) before the last-move line, found 1
            Case #1 (lines 1-3): unreadable
            Case #2 (lines 5-16): o to move: 9 legal moves
        "#]],
    );
}

const GO9_BOARD: &str = "\
.......xo
.........
.........
..x......
.xox....x
.o.o...xo
..o......
.....xxxo
....xooo.
";

#[test]
fn go9_sample_with_count_line() {
    check(
        GameKind::Go9,
        &format!("1\n{GO9_BOARD}"),
        expect![[r#"
            3:9-10 info[go9/killable]: x playing here captures 1 o stone: the group's last liberty
            7:3-4 info[go9/killable]: x playing here captures 1 o stone: the group's last liberty
            8:9-10 info[go9/killable]: x playing here captures 1 o stone: the group's last liberty
            10:9-10 info[go9/killable]: x playing here captures 3 o stones: the group's last liberty
            Case #1 (lines 2-10): Can kill in one move!!!
        "#]],
    );
    let parsed = parse_file(GameKind::Go9, GO9_BOARD);
    let killable = &parsed.all_diagnostics()[3];
    let stones: Vec<Span> = killable.related.iter().map(|r| r.span).collect();
    assert_eq!(
        stones,
        vec![Span::new(8, 5, 6), Span::new(8, 6, 7), Span::new(8, 7, 8)]
    );
}

#[test]
fn go9_row_faults_count_line_and_missing_rows() {
    let text = format!(
        "3\n{}\n{GO9_BOARD}",
        GO9_BOARD
            .replacen("..x......", "..X.......", 1)
            .replacen("....xooo.\n", "", 1)
    );
    check(
        GameKind::Go9,
        &text,
        expect![[r#"
            1:1-2 error[file/count-mismatch]: count line says 3 boards, the file has 2
            5:3-4 error[go9/bad-cell]: expected `x`, `o` or `.`, found `X`
            5:10-11 error[go9/bad-row]: row 4 has 10 cells, expected 9
            10:1-1 error[go9/missing-row]: the board has 8 rows, expected 9
            12:9-10 info[go9/killable]: x playing here captures 1 o stone: the group's last liberty
            16:3-4 info[go9/killable]: x playing here captures 1 o stone: the group's last liberty
            17:9-10 info[go9/killable]: x playing here captures 1 o stone: the group's last liberty
            19:9-10 info[go9/killable]: x playing here captures 3 o stones: the group's last liberty
            Case #1 (lines 2-9): unreadable
            Case #2 (lines 11-19): Can kill in one move!!!
        "#]],
    );
    let parsed = parse_file(GameKind::Go9, &text);
    let fix = parsed.all_diagnostics()[0].fix.clone().unwrap();
    assert_eq!(fix.edits, vec![(Span::new(0, 0, 1), "2".to_owned())]);
}

#[test]
fn go9_boards_without_blank_line_and_facts() {
    let dead = "ox.......\nx........\n.........\n.........\n.........\n.........\n....x....\n...xox...\n.........\n";
    check(
        GameKind::Go9,
        &format!("{dead}{dead}"),
        expect![[r#"
            1:1-2 warning[go9/dead-group]: this o group of 1 stone has no liberty, so the position cannot occur in a game
            9:5-6 info[go9/killable]: x playing here captures 1 o stone: the group's last liberty
            10:1-1 error[go9/bad-layout]: expected a blank line after the board's ninth row
            10:1-2 warning[go9/dead-group]: this o group of 1 stone has no liberty, so the position cannot occur in a game
            18:5-6 info[go9/killable]: x playing here captures 1 o stone: the group's last liberty
            Case #1 (lines 1-9): Can kill in one move!!!
            Case #2 (lines 10-18): Can kill in one move!!!
        "#]],
    );
}

#[test]
fn tomek_faults_and_facts() {
    let text =
        "4\r\nXXXT\r\n....\r\nOo..\r\n....\r\n\r\nXXXX\r\nOOOO\r\nTT..\r\n....\r\n\r\nXOX.\r\nOX..";
    check(
        GameKind::Tomek,
        text,
        expect![[r#"
            1:1-2 error[file/count-mismatch]: count line says 4 boards, the file has 3
            4:2-3 error[tomek/bad-cell]: expected `X`, `O`, `T` or `.`, found `o`
            7:1-5 warning[tomek/two-winners]: both X and O hold a winning line, which no game reaches; the judge answers "X won"
            9:2-3 warning[tomek/extra-t]: the board has 2 `T` cells; a board holds at most one
            13:5-5 error[tomek/missing-row]: the board has 2 rows, expected 4
            Case #1 (lines 2-5): unreadable
            Case #2 (lines 7-10): X won
            Case #3 (lines 12-13): unreadable
        "#]],
    );
    let parsed = parse_file(GameKind::Tomek, text);
    let fix = parsed.all_diagnostics()[1].fix.clone().unwrap();
    assert_eq!(fix.edits, vec![(Span::new(3, 1, 2), "O".to_owned())]);
}

#[test]
fn empty_and_comment_only_files_have_no_positions() {
    for kind in GameKind::ALL {
        for text in ["", "\n\n", "# nothing here\n"] {
            let diagnostics = parse_file(kind, text).all_diagnostics();
            assert_eq!(diagnostics.len(), 1);
            assert_eq!(diagnostics[0].code, codes::FILE_NO_POSITIONS);
        }
    }
    // A count line alone: no boards, and the count disagrees.
    let codes_found: Vec<_> = parse_file(GameKind::Go9, "2\n")
        .all_diagnostics()
        .iter()
        .map(|d| d.code)
        .collect();
    assert_eq!(
        codes_found,
        [codes::FILE_NO_POSITIONS, codes::FILE_COUNT_MISMATCH]
    );
}

#[test]
fn hostile_input_is_reported_not_fatal() {
    let long_line = "x".repeat(1_000_000);
    for kind in GameKind::ALL {
        for text in [
            long_line.as_str(),
            "\0\0\0\n",
            "\u{feff}#\n",
            "\r\r\r",
            "9999999999999999999999\n",
        ] {
            let diagnostics = parse_file(kind, text).all_diagnostics();
            assert!(diagnostics.len() < 20, "{kind:?} {}", diagnostics.len());
        }
    }
}

#[test]
fn cells_map_to_spans_and_back() {
    let parsed = parse_file(GameKind::Uttt, UTTT_SAMPLE);
    let position = &parsed.positions[0];
    let cell = Cell::new(5, 4);
    let span = position.cell_span(cell).unwrap();
    assert_eq!(span, Span::new(6, 5, 6));
    assert_eq!(position.cell_at(6, 5), Some(cell));
    assert_eq!(position.cell_at(6, 3), None);
    assert_eq!(position.last_move_span, Some(Span::new(11, 0, 3)));
    let tomek = parse_file(GameKind::Tomek, "1\nXXXT\n....\nOO..\n....\n");
    let position = &tomek.positions[0];
    assert_eq!(
        position.cell_span(Cell::new(3, 3)),
        Some(Span::new(3, 3, 4))
    );
    assert_eq!(position.cell_span(Cell::new(4, 0)), None);
    assert_eq!(position.verdict_text().as_deref(), Some("X won"));
}

#[test]
fn diagnose_equals_the_diagnostics_of_a_full_parse() {
    let text = format!("3\n{GO9_BOARD}\n{}", GO9_BOARD.replacen("..x", "..X", 1));
    assert_eq!(
        diagnose(GameKind::Go9, &text),
        parse_file(GameKind::Go9, &text).all_diagnostics()
    );
    let text = format!("{UTTT_SAMPLE}\n... ...\n");
    assert_eq!(
        diagnose(GameKind::Uttt, &text),
        parse_file(GameKind::Uttt, &text).all_diagnostics()
    );
}
