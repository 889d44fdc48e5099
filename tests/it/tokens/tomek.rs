//! Semantic tokens of `.tomek` files: Tic-Tac-Toe-Tomek (GCJ 2013 Qualification A).

use boardls_engine::games::GameKind::Tomek;
use expect_test::expect;

use crate::support::features::check_tokens;

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
