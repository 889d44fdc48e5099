//! The hover on `.go9` files: ancient go (HDU 5546).

use boardls_engine::games::GameKind::Go9;
use expect_test::expect;

use crate::support::features::check_hover;

// ---------------------------------------------------------------- hover

#[test]
fn hover_empty_point_that_captures() {
    check_hover(
        Go9,
        r#"
.......xo
........$0.
.........
..x......
.xox....x
.o.o...xo
..o......
.....xxxo
....xooo.
"#,
        expect![[r#"
            1:8-1:9
            **row 2, column 9** — `.`: empty

            x playing here captures 1 o stone: (1, 9).

            ---

            `Case #1: Can kill in one move!!!`
        "#]],
    );
}

#[test]
fn hover_empty_point_that_captures_nothing() {
    check_hover(
        Go9,
        r#"
.........
.........
.........
.o$0.......
.........
.........
.........
.........
.........
"#,
        expect![[r#"
            3:2-3:3
            **row 4, column 3** — `.`: empty

            x playing here captures nothing.

            ---

            `Case #1: Can not kill in one move!!!`
        "#]],
    );
}

#[test]
fn hover_empty_point_where_x_loses_its_stone() {
    check_hover(
        Go9,
        r#"
o$0.o......
.o.......
.........
.........
....x....
.........
.........
.........
.........
"#,
        expect![[r#"
            0:1-0:2
            **row 1, column 2** — `.`: empty

            x playing here captures nothing.

            Afterwards x loses 1 own stone without a liberty: (1, 2).

            ---

            `Case #1: Can not kill in one move!!!`
        "#]],
    );
}

#[test]
fn hover_x_group() {
    check_hover(
        Go9,
        r#"
.........
.........
...xx....
...x$0x....
....o....
.........
.........
.........
.........
"#,
        expect![[r#"
            3:4-3:5
            **row 4, column 5** — `x`: a stone of black, to move

            Group of 4 x stones: (3, 4), (3, 5), (4, 4), (4, 5).

            7 liberties: (2, 4), (2, 5), (3, 3), (3, 6), (4, 3), (4, 6), (5, 4).

            ---

            `Case #1: Can not kill in one move!!!`
        "#]],
    );
}

#[test]
fn hover_x_group_in_atari() {
    check_hover(
        Go9,
        r#"
.........
.........
.........
.........
.........
.........
.........
o........
$0x........
"#,
        expect![[r#"
            8:0-8:1
            **row 9, column 1** — `x`: a stone of black, to move

            Group of 1 x stone: (9, 1).

            1 liberty: (9, 2).

            In atari: o could capture it at row 9, column 2.

            ---

            `Case #1: Can not kill in one move!!!`
        "#]],
    );
}

#[test]
fn hover_o_group_with_one_liberty() {
    check_hover(
        Go9,
        r#"
.........
.........
.........
.........
....xx...
...xo$0ox..
....x....
.........
.........
"#,
        expect![[r#"
            5:5-5:6
            **row 6, column 6** — `o`: a stone of white

            Group of 2 o stones: (6, 5), (6, 6).

            1 liberty: (7, 6).

            x captures it by playing at row 7, column 6.

            ---

            `Case #1: Can kill in one move!!!`
        "#]],
    );
}

#[test]
fn hover_dead_group() {
    check_hover(
        Go9,
        r#"
.........
...o.....
..o$0xo....
...o.....
.........
.........
.........
.........
.........
"#,
        expect![[r#"
            2:3-2:4
            **row 3, column 4** — `x`: a stone of black, to move

            Group of 1 x stone: (3, 4).

            No liberty: the group is already dead (this cannot happen in a game).

            ---

            `Case #1: Can not kill in one move!!!`
        "#]],
    );
}

#[test]
fn the_count_line_hover_sums_up_the_files_coverage() {
    check_hover(
        Go9,
        r#"
$01
.x.......
xox......
.........
.........
.........
.........
.......o.
......oxo
.......o.
"#,
        expect![[r#"
            no range
            **Coverage** of 1 case: 1 of 7 situations reached

            - Can kill in one move — 1 (first: case 1)
            - ✗ **not reached**: Can not kill in one move
            - ✗ **not reached**: a capture played on the edge (not a corner)
            - ✗ **not reached**: a capture played in a corner
            - ✗ **not reached**: one move killing two groups
            - ✗ **not reached**: a capture by a move with no liberty of its own
            - ✗ **not reached**: an o group already without liberty (not a kill)
        "#]],
    );
}
