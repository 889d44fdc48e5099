//! The hover on `.tomek` files: Tic-Tac-Toe-Tomek (GCJ 2013 Qualification A).

use boardls_engine::games::GameKind::Tomek;
use expect_test::expect;

use crate::support::features::check_hover;

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
