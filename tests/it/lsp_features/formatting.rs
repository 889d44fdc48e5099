//! `textDocument/formatting`: edits of the changed lines only, in both
//! encodings, and a refusal that says which error stopped it.

use boardls_engine::games::GameKind::{Go9, Tomek, Uttt};
use expect_test::expect;

use crate::support::features::check_formatting;

#[test]
fn only_changed_lines_are_edited() {
    check_formatting(
        Go9,
        "2\n.......xo\n.........\n..X......\n.........\n.........\n.........\n\
         .........\n.........\n.........\n# é𝄞 and trailing blanks   ",
        expect![[r##"
            0:0-1:0 "1⏎"
            3:0-4:0 "..x......⏎"
            [utf-8]  10:0-10:31 "# é𝄞 and trailing blanks⏎"
            [utf-16] 10:0-10:28 "# é𝄞 and trailing blanks⏎"
            == formatted
            1
            .......xo
            .........
            ..x......
            .........
            .........
            .........
            .........
            .........
            .........
            # é𝄞 and trailing blanks
        "##]],
    );
}

#[test]
fn blank_lines_go_and_come() {
    check_formatting(
        Uttt,
        r#"

... ... ...
... ...  ...
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
            0:0-1:0 ""
            2:0-3:0 "... ... ...⏎"
            5:0-6:0 ""
            9:0-9:0 "⏎"
            12:0-13:0 ""
            == formatted
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
        "#]],
    );
}

#[test]
fn a_formatted_file_gets_no_edits() {
    check_formatting(
        Tomek,
        r#"
XXXT
....
OO..
....
"#,
        expect![[r#"
            == formatted
            XXXT
            ....
            OO..
            ....
        "#]],
    );
}

#[test]
fn an_uncertain_error_gets_no_edits_and_a_reason() {
    check_formatting(
        Tomek,
        r#"
XXXT
..Q.
OO..
....
"#,
        expect![[r#"
            refused: boardls: board.tomek was not formatted: line 2, column 3: expected `X`, `O`, `T` or `.`, found `Q` (tomek/bad-cell); the formatter fixes only letter case, the count line, blanks and blank lines, so it changes nothing until this error is fixed
        "#]],
    );
}
