//! Semantic tokens of `.go9` files: ancient go (HDU 5546).

use boardls_engine::games::GameKind::Go9;
use expect_test::expect;

use crate::support::features::{check_tokens, fixture};

// ---------------------------------------------------------------- tokens

#[test]
fn tokens_of_every_state() {
    // A dead o stone in the corner and a dead x stone at the top right,
    // whose o neighbour on the edge has one liberty left; a killable pair
    // of o stones in the middle; an x stone in atari at the bottom.
    check_tokens(
        Go9,
        r#"
ox....oxo
x......o.
.........
....xx...
...xoox..
....x....
.........
.......o.
......ox.
"#,
        expect![[r#"
            0   ox....oxo
                D      DK
            1   x......o.
                        C
            4   ...xoox..
                    KK
            5   ....x....
                     C
            8   ......ox.
                       A
        "#]],
    );
}

#[test]
fn tokens_of_the_judge_sample_after_a_count_line() {
    check_tokens(
        Go9,
        &fixture("ancientgo-sample.go9"),
        expect![[r#"
            2   .......xo
                        K
            3   .........
                        C
            6   .xox....x
                  K
            7   .o.o...xo
                  C     K
            8   ..o......
                        C
            10  ....xooo.
                     KKKC
            12  ......ox.
                       A
        "#]],
    );
}

#[test]
fn tokens_of_a_broken_board_are_none_and_the_others_stay() {
    check_tokens(
        Go9,
        r#"
.........
.........
....q....
...xox...
.........
.........
.........
.........
.........

.........
.........
....x....
...xox...
.........
.........
.........
.........
.........
"#,
        expect![[r#"
            13  ...xox...
                    K
            14  .........
                    C
        "#]],
    );
}
