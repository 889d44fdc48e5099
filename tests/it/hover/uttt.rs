//! The hover on `.uttt` files: ultimate tic-tac-toe (Codeforces 907B).

use boardls_engine::games::GameKind::Uttt;
use boardls_ide::features::hover;
use boardls_ide::view::ClientCaps;
use expect_test::expect;
use tower_lsp_server::ls_types::Position;

use crate::support::features::{ENCODINGS, Fixture, check_hover, fixture};

// ---------------------------------------------------------------- hover

#[test]
fn hover_legal_cell_in_the_target_field() {
    check_hover(
        Uttt,
        r#"
... ... ...
... ... ...
... ... ...

... ... ...
... ... ...
... x.. ...

$0... ... ...
... ... ...
... ... ...
6 4
"#,
        expect![[r#"
            8:0-8:1
            **row 7, column 1** — `.`: empty

            **Legal** for o: it is in the bottom-left field, where the last move at row 6, column 4 sends the next chip.

            ---

            `Case #1: o to move: 9 legal moves`
        "#]],
    );
}

#[test]
fn hover_free_cell_outside_the_target_field() {
    check_hover(
        Uttt,
        r#"
.o. ... ...
... .$0.. ...
... ... ..x

... ... ...
... ... ...
... x.. ...

... ... ...
... ... ...
... ... ...
6 4
"#,
        expect![[r#"
            1:5-1:6
            **row 2, column 5** — `.`: empty

            **Not legal**: this is the top field, but the last move at row 6, column 4 sends the next chip to the bottom-left field, which has free cells.

            ---

            `Case #1: o to move: 9 legal moves`
        "#]],
    );
}

#[test]
fn hover_taken_cell() {
    check_hover(
        Uttt,
        r#"
... ... ...
... ... ...
... ... ...

... ... ...
... ... ...
... x.. ...

.$0o. ... ...
... ... ...
... ... ...
6 4
"#,
        expect![[r#"
            8:1-8:2
            **row 7, column 2** — `o`: a chip of o

            Not a legal move: the cell is taken.

            ---

            `Case #1: o to move: 8 legal moves`
        "#]],
    );
}

#[test]
fn hover_the_last_move() {
    check_hover(
        Uttt,
        r#"
... ... ...
... ... ...
... ... ...

... ... ...
... ... ...
... $0x.. ...

.o. ... ...
... ... ...
... ... ...
6 4
"#,
        expect![[r#"
            6:4-6:5
            **row 6, column 4** — `x`: a chip of x

            Not a legal move: the cell is taken (by the last move).

            ---

            `Case #1: o to move: 8 legal moves`
        "#]],
    );
}

#[test]
fn hover_wrong_marker() {
    check_hover(
        Uttt,
        r#"
... ... ...
... ... ...
... ... ...

... ... ...
... ... .$0!.
... x.. ...

!!! ... ...
!!! ... ...
!!! ... ...
6 4
"#,
        expect![[r#"
            5:9-5:10
            **row 5, column 8** — `!`: empty, marked as a legal move

            **Not legal**: this is the right field, but the last move at row 6, column 4 sends the next chip to the bottom-left field, which has free cells.

            The `!` here is wrong: it should be `.`.

            ---

            `Case #1: o to move: 9 legal moves`
        "#]],
    );
}

#[test]
fn hover_last_move_line_summarises_the_position() {
    check_hover(
        Uttt,
        r#"
... ... ...
... ... ...
... ... ...

... ... ...
... ... ...
... x.. ...

... ... ...
... ... ...
... ... ...
6 $04
"#,
        expect![[r#"
            no range
            **Case #1**

            Last move at row 6, column 4: o to move. It sends the next chip to the bottom-left field: 9 legal moves.

            ---

            `Case #1: o to move: 9 legal moves`
        "#]],
    );
}

#[test]
fn hover_full_target_field_frees_every_cell() {
    // The last move at (4, 1) sends the chip to the top-left field, full.
    check_hover(
        Uttt,
        r#"
xox ... ...
oxo ... ...
oxo ... ...

x.. ... ...
... ... ..$0.
... ... ...

... ... ...
... ... ...
... ... ...
4 1
"#,
        expect![[r#"
            5:10-5:11
            **row 5, column 9** — `.`: empty

            **Legal** for o: the last move sends the next chip to the top-left field, which is full, so any free cell is legal.

            ---

            `Case #1: o to move: 71 legal moves`
        "#]],
    );
}

#[test]
fn hover_full_target_field_on_the_last_move_line() {
    check_hover(
        Uttt,
        r#"
xox ... ...
oxo ... ...
oxo ... ...

x.. ... ...
... ... ...
... ... ...

... ... ...
... ... ...
... ... ...
$04 1
"#,
        expect![[r#"
            no range
            **Case #1**

            Last move at row 4, column 1: o to move. It sends the next chip to the top-left field, which is full, so any free cell is legal: 71 legal moves.

            ---

            `Case #1: o to move: 71 legal moves`
        "#]],
    );
}

#[test]
fn hover_cell_of_an_unreadable_board() {
    check_hover(
        Uttt,
        r#"
... ... ...
... ... ...
... ... ...

... ... ...
... ... ...
... x.. ...

.$0.. ... ...
... ... ...
... ...
6 4
"#,
        expect![[r#"
            8:1-8:2
            **row 7, column 2**

            The board could not be read completely; see its errors.

            ---

            `Case #1: board incomplete`
        "#]],
    );
}

#[test]
fn hover_outside_every_position() {
    check_hover(
        Uttt,
        r#"
# a comment before the board
$0
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
"#,
        expect![[r#"
            no hover
        "#]],
    );
}

#[test]
fn hover_cell_below_a_comment_inside_the_board() {
    check_hover(
        Uttt,
        r#"
... ... ...
... ... ...
... ... ...

... ... ...
# é😀 comments are skipped, also inside a board
... ... ...
... x.. ...

... ... ...
... ... ...
..$0. ... ...
6 4
"#,
        expect![[r#"
            11:2-11:3
            **row 9, column 3** — `.`: empty

            **Legal** for o: it is in the bottom-left field, where the last move at row 6, column 4 sends the next chip.

            ---

            `Case #1: o to move: 9 legal moves`
        "#]],
    );
}

#[test]
fn hover_when_the_last_move_cell_is_empty() {
    check_hover(
        Uttt,
        r#"
... ... ...
... ... ...
... ... ...

... ... ...
... ... ...
... ... ...

... ... ...
... ... ...
$0... ... ...
6 4
"#,
        expect![[r#"
            10:0-10:1
            **row 9, column 1** — `.`: empty

            **Legal** for the next player: it is in the bottom-left field, where the last move at row 6, column 4 sends the next chip.

            ---

            `Case #1: 9 legal moves`
        "#]],
    );
}

#[test]
fn hover_past_the_end_of_a_line_or_the_text_is_clamped() {
    let sample = fixture("cf907b/sample1.in");
    let last_row = sample.trim_end().rfind('\n').expect("a last-move line");
    let at_line_end = Fixture::new(
        Uttt,
        &format!("{}$0{}", &sample[..last_row], &sample[last_row..]),
    );
    let at_text_end = Fixture::new(Uttt, &format!("{sample}$0"));
    for encoding in ENCODINGS {
        let caps = ClientCaps {
            encoding,
            ..ClientCaps::default()
        };
        let hover_at = |fixture: &Fixture, at: Position| {
            hover::hover_with(
                &fixture.view(caps),
                at,
                boardls_ide::config::HoverPicture::Auto,
            )
        };
        let end = at_line_end.cursor(encoding);
        assert!(hover_at(&at_line_end, end).is_some());
        assert_eq!(
            hover_at(&at_line_end, Position::new(end.line, 9999)),
            hover_at(&at_line_end, end)
        );
        let end = at_text_end.cursor(encoding);
        assert_eq!(
            hover_at(&at_text_end, Position::new(9999, 9999)),
            hover_at(&at_text_end, end)
        );
    }
}
