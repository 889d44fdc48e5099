//! `.tomek`: Tic-Tac-Toe-Tomek (GCJ 2013 Qualification A).

use boardls_engine::games::GameKind::Tomek;
use boardls_ide::features::symbols;
use boardls_ide::view::{Cancel, ClientCaps};
use expect_test::expect;
use tower_lsp_server::ls_types::DocumentSymbolResponse;

use crate::support::features::{
    Fixture, check_actions, check_diagnostics, check_folding, check_hints, check_hover,
    check_quick_fixes, check_symbols, check_tokens, fixture,
};

// ---------------------------------------------------------------- hover

#[test]
fn hover_cell_on_the_winning_line() {
    check_hover(
        Tomek,
        r#"
XXX$0T
....
OO..
....
"#,
        expect![[r#"
            0:3-0:4
            **row 1, column 4** — `T`: the joker, counting for both players

            Verdict: **X won**.

            X wins with row 1: (1, 1), (1, 2), (1, 3), (1, 4) (through this cell).

            ---

            `Case #1: X won`
        "#]],
    );
}

#[test]
fn hover_cell_off_the_winning_line() {
    check_hover(
        Tomek,
        r#"
XXXT
....
O$0O..
....
"#,
        expect![[r#"
            2:1-2:2
            **row 3, column 2** — `O`: a mark of O

            Verdict: **X won**.

            X wins with row 1: (1, 1), (1, 2), (1, 3), (1, 4).

            ---

            `Case #1: X won`
        "#]],
    );
}

#[test]
fn hover_cell_of_a_draw() {
    check_hover(
        Tomek,
        r#"
XOXT
XX$0OO
OXOX
XXOO
"#,
        expect![[r#"
            1:2-1:3
            **row 2, column 3** — `O`: a mark of O

            Verdict: **Draw**.

            ---

            `Case #1: Draw`
        "#]],
    );
}

#[test]
fn hover_cell_of_a_game_not_completed() {
    check_hover(
        Tomek,
        r#"
XOX.
OX..
..$0..
....
"#,
        expect![[r#"
            2:2-2:3
            **row 3, column 3** — `.`: empty

            Verdict: **Game has not completed**.

            ---

            `Case #1: Game has not completed`
        "#]],
    );
}

#[test]
fn hover_two_winners() {
    check_hover(
        Tomek,
        r#"
XXXX
OO$0OO
....
....
"#,
        expect![[r#"
            1:2-1:3
            **row 2, column 3** — `O`: a mark of O

            Verdict: **X won**.

            X wins with row 1: (1, 1), (1, 2), (1, 3), (1, 4).

            O wins with row 2: (2, 1), (2, 2), (2, 3), (2, 4) (through this cell).

            Both players hold a winning line, which no game reaches; the judge reports X.

            ---

            `Case #1: X won`
        "#]],
    );
}

#[test]
fn hover_two_winning_lines_of_one_player() {
    check_hover(
        Tomek,
        r#"
O$0OOT
O...
O...
T...
"#,
        expect![[r#"
            0:1-0:2
            **row 1, column 2** — `O`: a mark of O

            Verdict: **O won**.

            O wins with row 1: (1, 1), (1, 2), (1, 3), (1, 4) (through this cell).

            O wins with column 1: (1, 1), (2, 1), (3, 1), (4, 1).

            ---

            `Case #1: O won`
        "#]],
    );
}

#[test]
fn hover_extra_t() {
    check_hover(
        Tomek,
        r#"
XXXT
.$0T..
....
....
"#,
        expect![[r#"
            1:1-1:2
            **row 2, column 2** — `T`: the joker, counting for both players

            Verdict: **X won**.

            X wins with row 1: (1, 1), (1, 2), (1, 3), (1, 4).

            ---

            `Case #1: X won`
        "#]],
    );
}

#[test]
fn the_count_line_hover_sums_up_the_files_coverage() {
    check_hover(
        Tomek,
        r#"
$02
OOXX
OXXX
OX.T
O..O

XXXO
..O.
.O..
T...
"#,
        expect![[r#"
            no range
            **Coverage** of 2 cases: 3 of 10 situations reached

            - O won, with four O — 1 (first: case 1)
            - O won, with three O and the T — 1 (first: case 2)
            - a win on a diagonal through the T — 1 (first: case 2)
            - ✗ **not reached**: X won, with four X
            - ✗ **not reached**: X won, with three X and the T
            - ✗ **not reached**: Draw: the board full without a winner, no T
            - ✗ **not reached**: Draw: the board full without a winner, with a T
            - ✗ **not reached**: Game has not completed, no T
            - ✗ **not reached**: Game has not completed, with a T
            - ✗ **not reached**: a win that filled the board (not a Draw)
        "#]],
    );
}

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

// ---------------------------------------------------------------- tokens

#[test]
fn tokens_of_winning_lines_and_the_joker() {
    // A row won with the T (and a second T, on no line), a draw with a T,
    // a column won with the T, and a board where both players won.
    check_tokens(
        Tomek,
        r#"
4
XXXT
.T..
OO..
....

XOXT
XXOO
OXOX
XXOO

OX..
.X..
OX.O
.T..

XXXX
OOOO
....
....
"#,
        expect![[r#"
            1   XXXT
                WWWW
            2   .T..
                 J
            6   XOXT
                   J
            11  OX..
                 W
            12  .X..
                 W
            13  OX.O
                 W
            14  .T..
                 W
            16  XXXX
                WWWW
            17  OOOO
                WWWW
        "#]],
    );
}

#[test]
fn tokens_only_in_the_requested_range() {
    check_tokens(
        Tomek,
        r#"
XXXT
.T$0..
OO..
....

OX..
.X..
OX$0.O
.T..
"#,
        expect![[r#"
            5   OX..
                 W
            6   .X..
                 W
            7   OX.O
                 W
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
