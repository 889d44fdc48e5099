//! `.tomek`: Tic-Tac-Toe-Tomek (GCJ 2013 Qualification A).

use boardls_engine::games::GameKind::Tomek;
use boardls_ide::features::symbols;
use boardls_ide::view::{Cancel, ClientCaps};
use expect_test::expect;
use tower_lsp_server::ls_types::DocumentSymbolResponse;

use crate::support::features::{
    Fixture, check_actions, check_diagnostics, check_folding, check_hints, check_quick_fixes,
    check_symbols, fixture,
};

// ---------------------------------------------------------------- hints

#[test]
fn hints_give_verdicts_in_the_requested_range() {
    // The range runs from the first board's last row into the third board:
    // the verdicts of the first two (at their last rows' ends), not the
    // third's.
    check_hints(
        Tomek,
        r#"
XXXT
....
OO..
$0....

XOXT
XXOO
OXOX
XXOO

XOX.
OX$0..
....
....
"#,
        expect![[r#"
            3:4 # Case #1: X won — The judge's verdict for this position.
            8:4 # Case #2: Draw — The judge's verdict for this position.
        "#]],
    );
}

// ---------------------------------------------------------------- actions

#[test]
fn quick_fix_for_letter_case() {
    check_quick_fixes(
        Tomek,
        r#"
1
x$0XXT
....
OO..
....
"#,
        expect![[r#"
            == Replace `x` with `X` (quickfix) fixes tomek/bad-cell, preferred
            1
            XXXT
            ....
            OO..
            ....
        "#]],
    );
}

#[test]
fn quick_fix_for_the_count_line() {
    check_quick_fixes(
        Tomek,
        r#"
3$0
XXXT
....
OO..
....
"#,
        expect![[r#"
            == Set the count to 1 (quickfix) fixes file/count-mismatch, preferred
            1
            XXXT
            ....
            OO..
            ....
        "#]],
    );
}

#[test]
fn quick_fix_columns_after_non_ascii_text() {
    // The wrong-case letter stands after a 2-byte, 1-unit character.
    check_quick_fixes(
        Tomek,
        r#"
# é😀
éo$0XT
....
OO..
....
"#,
        expect![[r#"
            == Replace `o` with `O` (quickfix) fixes tomek/bad-cell, preferred
            # é😀
            éOXT
            ....
            OO..
            ....
        "#]],
    );
}

#[test]
fn no_actions_on_a_good_board() {
    check_actions(
        Tomek,
        r#"
XXX$0T
....
OO..
....
"#,
        expect![[r#"
            no actions
        "#]],
    );
}

// ---------------------------------------------------------------- symbols

#[test]
fn symbols_name_each_board_with_the_judge_verdict() {
    let sample = fixture("tomek-sample.tomek");
    let judge = fixture("tomek-sample.out");
    let fixture = Fixture::new(Tomek, &sample);
    let DocumentSymbolResponse::Flat(symbols) =
        symbols::document_symbols(&fixture.view(ClientCaps::default()), &Cancel::NEVER)
    else {
        panic!("nested symbols for a client without hierarchy");
    };
    let names: Vec<&str> = symbols.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, judge.lines().collect::<Vec<_>>());
    check_symbols(
        Tomek,
        &sample,
        expect![[r#"
        1:0-4:4 Case #1: X won (selection 1:0-1:4)
        6:0-9:4 Case #2: Draw (selection 6:0-6:4)
        11:0-14:4 Case #3: Game has not completed (selection 11:0-11:4)
        16:0-19:4 Case #4: O won (selection 16:0-16:4)
        21:0-24:4 Case #5: O won (selection 21:0-21:4)
        26:0-29:4 Case #6: O won (selection 26:0-26:4)
    "#]],
    );
    check_folding(
        Tomek,
        &sample,
        expect![[r#"
        1..4 Case #1: X won
        6..9 Case #2: Draw
        11..14 Case #3: Game has not completed
        16..19 Case #4: O won
        21..24 Case #5: O won
        26..29 Case #6: O won
    "#]],
    );
}

// ---------------------------------------------------------------- diagnostics

#[test]
fn diagnostics_of_odd_boards() {
    check_diagnostics(
        Tomek,
        r#"
3
XXXX
OOOO
T...
....

TOXT
....
....
....

XXX
....
"#,
        expect![[r#"
            1:0-1:4 warning tomek/two-winners both X and O hold a winning line, which no game reaches; the judge answers "X won"
              related 1:0-1:4 X wins with row 1
              related 2:0-2:4 O wins with row 2
            6:3-6:4 warning tomek/extra-t the board has 2 `T` cells; a board holds at most one
              related 6:0-6:1 the first `T`
            11:3-11:3 error tomek/bad-row row 1 has 3 cells, expected 4
            13:0-13:0 error tomek/missing-row the board has 2 rows, expected 4
        "#]],
    );
}

#[test]
fn diagnostics_columns_after_non_ascii_text() {
    check_diagnostics(
        Tomek,
        r#"
# é😀
é😀xT
....
OO..
....é
"#,
        expect![[r#"
            [utf-8]  1:0-1:2 error tomek/bad-cell expected `X`, `O`, `T` or `.`, found `é`
            [utf-16] 1:0-1:1 error tomek/bad-cell expected `X`, `O`, `T` or `.`, found `é`
            [utf-8]  1:2-1:6 error tomek/bad-cell expected `X`, `O`, `T` or `.`, found `😀`
            [utf-16] 1:1-1:3 error tomek/bad-cell expected `X`, `O`, `T` or `.`, found `😀`
            [utf-8]  1:6-1:7 error tomek/bad-cell expected `X`, `O`, `T` or `.`, found `x`
            [utf-16] 1:3-1:4 error tomek/bad-cell expected `X`, `O`, `T` or `.`, found `x`
              fix: Replace `x` with `X`
            [utf-8]  4:4-4:6 error tomek/bad-row row 4 has 5 cells, expected 4
            [utf-16] 4:4-4:5 error tomek/bad-row row 4 has 5 cells, expected 4
        "#]],
    );
}

#[test]
fn symbols_columns_after_non_ascii_text() {
    check_symbols(
        Tomek,
        r#"
# é😀
XXXT
....
OO..
....é
"#,
        expect![[r#"
            [utf-8]  1:0-4:6 Case #1: board incomplete (selection 1:0-1:4)
            [utf-16] 1:0-4:5 Case #1: board incomplete (selection 1:0-1:4)
        "#]],
    );
}
