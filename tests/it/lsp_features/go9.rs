//! `.go9`: ancient go (HDU 5546).

use boardls_engine::games::GameKind::Go9;
use boardls_ide::config::HintSettings;
use boardls_ide::features::symbols;
use boardls_ide::view::{Cancel, ClientCaps};
use expect_test::expect;

use crate::support::features::{
    Fixture, check_actions, check_diagnostics, check_folding, check_hints, check_hints_with,
    check_quick_fixes, check_symbols, fixture,
};

// ---------------------------------------------------------------- hints

#[test]
fn hints_summarise_captures_in_the_requested_range() {
    // The range holds rows 3 to 7 of the first board: the rows with a
    // capture point among them (6 and 7) get a summary at their end, and
    // the verdict is out of range.
    check_hints(
        Go9,
        r#"
2

.......xo
.........
$0.........
..x......
.xox....x
.o.o...xo
..o......$0
.....xxxo
....xooo.

......ox.
.......o.
...o.....
..o.o....
...o.....
.........
.......o.
...x.....
........o
"#,
        expect![[r#"
            7:9 # x at 3 captures 1 — x playing at row 6, column 3 captures 1 o stone: (5, 3).
            8:9 # x at 9 captures 1 — x playing at row 7, column 9 captures 1 o stone: (6, 9).
        "#]],
    );
}

#[test]
fn hints_of_two_capture_points_on_a_row() {
    // Row 5: x at column 3 takes two lone o stones at once, x at column 9
    // one more. No hint stands inside a row.
    check_hints(
        Go9,
        r#"
.........
.........
.........
.x.x...x.
xo.ox.xo.
.x.x...x.
.........
.........
.........
"#,
        expect![[r#"
            4:9 # x at 3 captures 2, x at 9 captures 1 — x playing at row 5, column 3 captures 2 o stones: (5, 2), (5, 4).
            x playing at row 5, column 9 captures 1 o stone: (5, 8).
            8:9 # Case #1: Can kill in one move!!! — The judge's verdict for this position.
        "#]],
    );
}

#[test]
fn hints_at_one_row_end_are_one() {
    // The capture point is on the board's last row, where the verdict
    // stands too: one hint, its two parts joined, read as a comment.
    check_hints(
        Go9,
        r#"
.........
.........
.........
.........
.........
.........
.........
.......x.
......xo.
"#,
        expect![[r#"
            8:9 # x at 9 captures 1 · Case #1: Can kill in one move!!! — x playing at row 9, column 9 captures 1 o stone: (9, 8).
            The judge's verdict for this position.
        "#]],
    );
}

#[test]
fn hints_follow_the_settings() {
    let verdicts_only = HintSettings {
        captures: false,
        ..HintSettings::default()
    };
    check_hints_with(
        Go9,
        r#"
.........
.........
.........
....x....
...xox...
.........
.........
.........
.........
"#,
        &verdicts_only,
        expect![[r#"
            8:9 # Case #1: Can kill in one move!!! — The judge's verdict for this position.
        "#]],
    );
}

#[test]
fn hints_of_a_whole_board() {
    check_hints(
        Go9,
        r#"
oo.......
.........
....x....
...xox...
.........
.........
.........
.......xx
.......xo
"#,
        expect![[r#"
            4:9 # x at 5 captures 1 — x playing at row 5, column 5 captures 1 o stone: (4, 5).
            8:9 # Case #1: Can kill in one move!!! — The judge's verdict for this position.
        "#]],
    );
}

// ---------------------------------------------------------------- actions

#[test]
fn play_here_captures_the_group() {
    check_actions(
        Go9,
        r#"
.........
.........
.........
....xx...
...xoox..
....xox..
....x$0....
.........
.........
"#,
        expect![[r#"
            == Play here (refactor.rewrite)
            .........
            .........
            .........
            ....xx...
            ...x..x..
            ....x.x..
            ....xx...
            .........
            .........
        "#]],
    );
}

#[test]
fn no_play_here_where_nothing_is_captured() {
    check_actions(
        Go9,
        r#"
.........
.........
.........
....xx...
...xoox..
....xox$0..
....x....
.........
.........
"#,
        expect![[r#"
            no actions
        "#]],
    );
}

#[test]
fn quick_fixes_for_the_count_line_and_case() {
    check_quick_fixes(
        Go9,
        r#"
$03
.........
.........
.........
.........
....X....
.........
.........
.........
........$0.
"#,
        expect![[r#"
            == Set the count to 1 (quickfix) fixes file/count-mismatch, preferred
            1
            .........
            .........
            .........
            .........
            ....X....
            .........
            .........
            .........
            .........
            == Replace `X` with `x` (quickfix) fixes go9/bad-cell, preferred
            3
            .........
            .........
            .........
            .........
            ....x....
            .........
            .........
            .........
            .........
        "#]],
    );
}

// ---------------------------------------------------------------- symbols

#[test]
fn symbols_and_folding_one_per_board() {
    let sample = fixture("ancientgo-sample.go9");
    check_symbols(
        Go9,
        &sample,
        expect![[r#"
        2:0-10:9 Case #1: Can kill in one move!!! (selection 2:0-2:9)
        12:0-20:9 Case #2: Can not kill in one move!!! (selection 12:0-12:9)
    "#]],
    );
    check_folding(
        Go9,
        &sample,
        expect![[r#"
        2..10 Case #1: Can kill in one move!!!
        12..20 Case #2: Can not kill in one move!!!
    "#]],
    );
}

#[test]
fn folding_honours_the_range_limit_and_collapsed_text_support() {
    // VS Code asks for at most 5,000 ranges and shows no collapsed text.
    let sample = Fixture::new(Go9, &fixture("ancientgo-sample.go9"));
    let caps = ClientCaps {
        folding_limit: Some(1),
        ..ClientCaps::default()
    };
    let folds = symbols::folding_ranges(&sample.view(caps), &Cancel::NEVER);
    let folds: Vec<_> = folds
        .iter()
        .map(|f| (f.start_line, f.end_line, f.collapsed_text.clone()))
        .collect();
    assert_eq!(folds, [(2, 10, None)]);
}

// ---------------------------------------------------------------- diagnostics

#[test]
fn diagnostics_of_groups() {
    // A killable o group (its stones related), an x group in atari, a dead
    // o stone and a dead x stone.
    check_diagnostics(
        Go9,
        r#"
ox.......
x..o.....
..oxo....
...o.....
.........
....xx...
...xoox..
o...x....
x........
"#,
        expect![[r#"
            0:0-0:1 warning go9/dead-group this o group of 1 stone has no liberty, so the position cannot occur in a game
              related 0:0-0:1 stone of the group at row 1, column 1
            2:3-2:4 warning go9/dead-group this x group of 1 stone has no liberty, so the position cannot occur in a game
              related 2:3-2:4 stone of the group at row 3, column 4
            7:5-7:6 info go9/killable x playing here captures 2 o stones: the group's last liberty
              related 6:4-6:5 captured stone at row 7, column 5
              related 6:5-6:6 captured stone at row 7, column 6
            8:0-8:1 info go9/atari this x group of 1 stone has one liberty: o could capture it at row 9, column 2
              related 8:1-8:2 the last liberty
              related 8:0-8:1 stone of the group at row 9, column 1
        "#]],
    );
}

#[test]
fn diagnostics_columns_after_non_ascii_text() {
    check_diagnostics(
        Go9,
        r#"
# é😀
2
.........
.é.......
.........
.........
.........
.........
.........
........😀
.........
"#,
        expect![[r#"
            1:0-1:1 error file/count-mismatch count line says 2 boards, the file has 1
              fix: Set the count to 1
            [utf-8]  3:1-3:3 error go9/bad-cell expected `x`, `o` or `.`, found `é`
            [utf-16] 3:1-3:2 error go9/bad-cell expected `x`, `o` or `.`, found `é`
            [utf-8]  9:8-9:12 error go9/bad-cell expected `x`, `o` or `.`, found `😀`
            [utf-16] 9:8-9:10 error go9/bad-cell expected `x`, `o` or `.`, found `😀`
        "#]],
    );
}
