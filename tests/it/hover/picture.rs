//! The hover's picture: the text board a client without images gets, and
//! the SVG image the others get, read back as XML and compared with the
//! position; which clients get which; the hover's length in the worst
//! case against VS Code's limit of 100,000 characters.

use std::collections::HashMap;
use std::fmt::Write as _;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use boardls_engine::document::Document;
use boardls_engine::games::GameKind::{self, Go9, Tomek, Uttt};
use boardls_engine::games::{Cell, tomek, uttt};
use boardls_engine::syntax::JudgedBoard;
use boardls_ide::config::HoverPicture;
use boardls_ide::features::hover;
use boardls_ide::features::picture::DATA_URI_PREFIX;
use boardls_ide::view::{ClientCaps, DocView};
use expect_test::{Expect, expect};
use proptest::prelude::*;
use tower_lsp_server::ls_types::{
    ClientCapabilities, HoverClientCapabilities, HoverContents, MarkupKind, Position,
    TextDocumentClientCapabilities,
};

use crate::support::boards::{Rng, positions};
use crate::support::features::{Fixture, check_hover_with};

// ---------------------------------------------------------------- text board

#[test]
fn go9_text_board_of_a_group_and_its_capture_point() {
    check_hover_with(
        Go9,
        r#"
.......xo
.........
.........
..x......
.xo$0x....x
.o.o...xo
..o......
.....xxxo
....xooo.
"#,
        HoverPicture::Text,
        expect![[r#"
            4:3-4:4
            **row 5, column 4** — `x`: a stone of black, to move

            Group of 1 x stone: (5, 4).

            2 liberties: (4, 4), (5, 5).

            ---

            `Case #1: Can kill in one move!!!`

            ```text
               1 2 3 4 5 6 7 8 9
            1  . . . . . . . x o
            2  . . . . . . . . .
            3  . . . . . . . . .
            4  . . x + . . . . .
            5  . x o[X]+ . . . x
            6  . o . o . . . x o
            7  . . o . . . . . .
            8  . . . . . x x x o
            9  . . . . x o o o .
            ```

            `X` `O` upper case: the group in question · `+` its liberties · `[ ]` the cell under the cursor
        "#]],
    );
}

#[test]
fn go9_text_board_of_liberties_and_of_a_capture_point() {
    check_hover_with(
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
        HoverPicture::Text,
        expect![[r#"
            3:4-3:5
            **row 4, column 5** — `x`: a stone of black, to move

            Group of 4 x stones: (3, 4), (3, 5), (4, 4), (4, 5).

            7 liberties: (2, 4), (2, 5), (3, 3), (3, 6), (4, 3), (4, 6), (5, 4).

            ---

            `Case #1: Can not kill in one move!!!`

            ```text
               1 2 3 4 5 6 7 8 9
            1  . . . . . . . . .
            2  . . . + + . . . .
            3  . . + X X + . . .
            4  . . + X[X]+ . . .
            5  . . . + o . . . .
            6  . . . . . . . . .
            7  . . . . . . . . .
            8  . . . . . . . . .
            9  . . . . . . . . .
            ```

            `X` `O` upper case: the group in question · `+` its liberties · `[ ]` the cell under the cursor
        "#]],
    );
    check_hover_with(
        Go9,
        r#"
.......xo
........$0.
"#,
        HoverPicture::Text,
        expect![[r#"
            1:8-1:9
            **row 2, column 9**

            The board could not be read completely; see its errors.

            ---

            `Case #1: board incomplete`
        "#]],
    );
}

#[test]
fn uttt_text_board() {
    check_hover_with(
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
        HoverPicture::Text,
        expect![[r#"
            no range
            **Case #1**

            Last move at row 6, column 4: o to move. It sends the next chip to the bottom-left field: 9 legal moves.

            ---

            `Case #1: o to move: 9 legal moves`

            ```text
               1 2 3   4 5 6   7 8 9
            1  . . . | . . . | . . .
            2  . . . | . . . | . . .
            3  . . . | . . . | . . .
              -------+-------+-------
            4  . . . | . . . | . . .
            5  . . . | . . . | . . .
            6  . . . | X . . | . . .
              -------+-------+-------
            7  ! ! ! | . . . | . . .
            8  ! ! ! | . . . | . . .
            9  ! ! ! | . . . | . . .
            ```

            `!` a legal cell · upper case: the last move
        "#]],
    );
}

#[test]
fn tomek_text_board() {
    check_hover_with(
        Tomek,
        r#"
XXXT
....
O$0O..
....
"#,
        HoverPicture::Text,
        expect![[r#"
            2:1-2:2
            **row 3, column 2** — `O`: a mark of O

            Verdict: **X won**.

            X wins with row 1: (1, 1), (1, 2), (1, 3), (1, 4).

            ---

            `Case #1: X won`

            ```text
               1  2  3  4
            1 (X)(X)(X)(T)
            2  .  .  .  .
            3  O [O] .  .
            4  .  .  .  .
            ```

            `( )` a winning line · `[ ]` the cell under the cursor
        "#]],
    );
}

// ---------------------------------------------------------------- SVG

/// The hover's Markdown at `pos`.
fn hover_markdown(view: &DocView<'_>, pos: Position, picture: HoverPicture) -> String {
    let found = hover::hover_with(view, pos, picture).expect("a hover");
    let HoverContents::Markup(markup) = found.contents else {
        panic!("hover not in Markdown");
    };
    assert_eq!(markup.kind, MarkupKind::Markdown);
    markup.value
}

/// The SVG of the one image in the hover, checked to be what VS Code
/// renders: `![alt](data:image/svg+xml;base64,…)`.
fn svg_of(markdown: &str) -> String {
    let marker = format!("]({DATA_URI_PREFIX}");
    let at = markdown.find(&marker).expect("an image in the hover");
    assert!(markdown[..at].contains("!["), "not an image link");
    assert_eq!(markdown.matches(DATA_URI_PREFIX).count(), 1);
    let rest = &markdown[at + marker.len()..];
    let end = rest.find(')').expect("the image link ends");
    let bytes = STANDARD.decode(&rest[..end]).expect("base64");
    String::from_utf8(bytes).expect("UTF-8")
}

/// What a program reads from the SVG: the root's facts, then each row
/// with each cell's state and marks (`@` cursor, `g` group, `c` capture,
/// `l` liberty, `!` legal, `m` last move, `t` target, `w` win). Checks
/// that the SVG is XML with one element per cell.
fn read_svg(svg: &str) -> String {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let number = |name: &str| -> u32 {
        root.attribute(name)
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{name} on the root"))
    };
    let (width, rows, cols) = (number("width"), number("data-rows"), number("data-cols"));
    assert!(
        (180..=270).contains(&width),
        "{width} px wide is not a hover's size"
    );
    let mut out = format!("{width}px");
    for attribute in root.attributes() {
        if let Some(name) = attribute.name().strip_prefix("data-") {
            let _ = write!(out, " {name}={:?}", attribute.value());
        }
    }
    out.push('\n');
    let title = root
        .children()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text())
        .expect("a title");
    let desc = root.children().find(|n| n.has_tag_name("desc"));
    assert!(desc.and_then(|n| n.text()).is_some(), "a description");
    let _ = writeln!(out, "title: {title}");
    let mut cells: HashMap<(u32, u32), String> = HashMap::new();
    for node in doc.descendants().filter(|n| n.has_attribute("data-row")) {
        let at = |name: &str| -> u32 {
            node.attribute(name)
                .and_then(|v| v.parse().ok())
                .expect("a number")
        };
        let state = node.attribute("data-state").expect("data-state");
        let marks: String = node
            .attribute("data-marks")
            .expect("data-marks")
            .split_whitespace()
            .map(|mark| match mark {
                "cursor" => '@',
                "group" => 'g',
                "capture" => 'c',
                "liberty" => 'l',
                "legal" => '!',
                "last-move" => 'm',
                "target" => 't',
                "win" => 'w',
                other => panic!("unknown mark {other}"),
            })
            .collect();
        let previous = cells.insert((at("data-row"), at("data-col")), format!("{state}{marks}"));
        assert!(previous.is_none(), "two elements for one cell");
    }
    assert_eq!(cells.len() as u32, rows * cols, "one element per cell");
    for row in 1..=rows {
        let line: Vec<String> = (1..=cols)
            .map(|col| format!("{:<4}", cells[&(row, col)]))
            .collect();
        let _ = writeln!(out, "{}", line.join("").trim_end());
    }
    out
}

fn check_svg(kind: GameKind, fixture: &str, expect: Expect) {
    let fixture = Fixture::new(kind, fixture);
    let images = ClientCaps {
        markdown_images: true,
        ..ClientCaps::default()
    };
    let markdown = hover_markdown(
        &fixture.view(images),
        fixture.cursor(images.encoding),
        HoverPicture::Auto,
    );
    expect.assert_eq(&read_svg(&svg_of(&markdown)));
}

/// The cells of `svg` that carry `mark`, as a grid: `#` marked, `.` not.
fn marked(svg: &str, mark: &str) -> String {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is XML");
    let root = doc.root_element();
    let size = |name: &str| -> usize {
        root.attribute(name)
            .and_then(|v| v.parse().ok())
            .expect("a size")
    };
    let (rows, cols) = (size("data-rows"), size("data-cols"));
    let mut grid = vec![vec!['.'; cols]; rows];
    for node in doc.descendants().filter(|n| n.has_attribute("data-row")) {
        let at = |name: &str| -> usize {
            node.attribute(name)
                .and_then(|v| v.parse().ok())
                .expect("a number")
        };
        let marks = node.attribute("data-marks").unwrap_or_default();
        if marks.split_whitespace().any(|m| m == mark) {
            grid[at("data-row") - 1][at("data-col") - 1] = '#';
        }
    }
    grid.into_iter()
        .map(|row| row.into_iter().collect::<String>() + "\n")
        .collect()
}

/// The marks of positions worked out by hand from the statements, not
/// from the product's own findings: the last move at row 6, column 4
/// sends the next move to the bottom-left field, where the empty cells
/// are the legal ones; X's diagonal through a `T` wins.
#[test]
fn marks_match_positions_worked_out_by_hand() {
    let images = ClientCaps {
        markdown_images: true,
        ..ClientCaps::default()
    };
    let svg_at = |kind, text: &str| {
        let fixture = Fixture::new(kind, text);
        svg_of(&hover_markdown(
            &fixture.view(images),
            fixture.cursor(images.encoding),
            HoverPicture::Auto,
        ))
    };
    let uttt = svg_at(
        Uttt,
        "$0... ... ...\n... ... ...\n... ... ...\n\n... ... ...\n... ... ...\n... x.. ...\n\nx.. ... ...\n... ... ...\no.. ... ...\n6 4\n",
    );
    let bottom_left = ".........\n".repeat(6) + &"###......\n".repeat(3);
    assert_eq!(marked(&uttt, "target"), bottom_left);
    assert_eq!(
        marked(&uttt, "legal"),
        ".........\n".repeat(6) + ".##......\n###......\n.##......\n"
    );
    assert_eq!(
        marked(&uttt, "last-move"),
        ".........\n".repeat(5) + "...#.....\n" + &".........\n".repeat(3)
    );
    let tomek = svg_at(Tomek, "1\n$0XOOO\n.X..\n..X.\nO..T\n");
    assert_eq!(marked(&tomek, "win"), "#...\n.#..\n..#.\n...#\n");
}

#[test]
fn go9_svg_of_a_capture_point() {
    check_svg(
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
            242px game="go9" rows="9" cols="9" case="1" verdict="Can kill in one move!!!" cursor="2 9"
            title: Case #1: Can kill in one move!!!
            .   .   .   .   .   .   .   x   og
            .   .   .   .   .   .   .   .   .@c
            .   .   .   .   .   .   .   .   .
            .   .   x   .   .   .   .   .   .
            .   x   o   x   .   .   .   .   x
            .   o   .   o   .   .   .   x   o
            .   .   o   .   .   .   .   .   .
            .   .   .   .   .   x   x   x   o
            .   .   .   .   x   o   o   o   .
        "#]],
    );
}

#[test]
fn uttt_svg_of_legal_cells_last_move_and_target() {
    check_svg(
        Uttt,
        r#"
x.. ... ...
... ... ...
... ... ...

... ... ...
... ... ...
... x.. ...

... ... ...
... ... ...
... .o. ...
6 $04
"#,
        expect![[r#"
            254px game="uttt" rows="9" cols="9" case="1" verdict="o to move: 9 legal moves" last-move="6 4" target-field="3 1" to-move="o" legal-moves="9" anywhere="false"
            title: Case #1: o to move: 9 legal moves
            x   .   .   .   .   .   .   .   .
            .   .   .   .   .   .   .   .   .
            .   .   .   .   .   .   .   .   .
            .   .   .   .   .   .   .   .   .
            .   .   .   .   .   .   .   .   .
            .   .   .   xm  .   .   .   .   .
            .!t .!t .!t .   .   .   .   .   .
            .!t .!t .!t .   .   .   .   .   .
            .!t .!t .!t .   o   .   .   .   .
        "#]],
    );
}

#[test]
fn tomek_svg_whole() {
    let fixture = Fixture::of_document(Document::new(Tomek, "XXXT\n....\nOO..\n....\n"));
    let markdown = hover_markdown(
        &fixture.view(ClientCaps::default()),
        Position::new(0, 3),
        HoverPicture::Image,
    );
    let svg = svg_of(&markdown);
    expect![[r#"
        202px game="tomek" rows="4" cols="4" case="1" verdict="X won" winning-lines="X row 1" cursor="1 4"
        title: Case #1: X won
        Xw  Xw  Xw  T@w
        .   .   .   .
        O   O   .   .
        .   .   .   .
    "#]]
    .assert_eq(&read_svg(&svg));
    expect![[r##"
        <svg xmlns="http://www.w3.org/2000/svg" width="202" height="202" viewBox="0 0 202 202" role="img" aria-label="Case #1: X won" data-game="tomek" data-rows="4" data-cols="4" data-case="1" data-verdict="X won" data-winning-lines="X row 1" data-cursor="1 4">
        <title>Case #1: X won</title>
        <desc>tomek position, Case #1: X won. 4 rows of 4 cells, top to bottom: XXXT/..../OO../..... case: 1. verdict: X won. winning-lines: X row 1. cursor: 1 4. cursor: 1,4. win: 1,1 1,2 1,3 1,4.</desc>
        <rect class="background" width="202" height="202" rx="6" fill="#f5f5f5"/>
        <text class="label" x="42" y="14" font-family="sans-serif" font-size="10" fill="#555" text-anchor="middle">1</text>
        <text class="label" x="10" y="42" font-family="sans-serif" font-size="10" fill="#555" text-anchor="middle" dominant-baseline="central">1</text>
        <text class="label" x="86" y="14" font-family="sans-serif" font-size="10" fill="#555" text-anchor="middle">2</text>
        <text class="label" x="10" y="86" font-family="sans-serif" font-size="10" fill="#555" text-anchor="middle" dominant-baseline="central">2</text>
        <text class="label" x="130" y="14" font-family="sans-serif" font-size="10" fill="#555" text-anchor="middle">3</text>
        <text class="label" x="10" y="130" font-family="sans-serif" font-size="10" fill="#555" text-anchor="middle" dominant-baseline="central">3</text>
        <text class="label" x="174" y="14" font-family="sans-serif" font-size="10" fill="#555" text-anchor="middle">4</text>
        <text class="label" x="10" y="174" font-family="sans-serif" font-size="10" fill="#555" text-anchor="middle" dominant-baseline="central">4</text>
    "##]]
    .assert_eq(&svg.lines().take(12).map(|l| format!("{l}\n")).collect::<String>());
}

// ---------------------------------------------------------------- which client

fn client(name: Option<&str>, formats: Option<Vec<MarkupKind>>) -> bool {
    let caps = ClientCapabilities {
        text_document: Some(TextDocumentClientCapabilities {
            hover: Some(HoverClientCapabilities {
                content_format: formats,
                ..HoverClientCapabilities::default()
            }),
            ..TextDocumentClientCapabilities::default()
        }),
        ..ClientCapabilities::default()
    };
    ClientCaps::renders_markdown_images(name, &caps)
}

#[test]
fn vs_code_builds_get_images_others_text() {
    let markdown = || Some(vec![MarkupKind::Markdown, MarkupKind::PlainText]);
    for name in [
        "Visual Studio Code",
        "Visual Studio Code - Insiders",
        "code-server",
        "VSCodium",
        "Code - OSS",
    ] {
        assert!(client(Some(name), markdown()), "{name}");
    }
    for name in ["Neovim", "helix", "Emacs", "Sublime Text LSP", "Zed"] {
        assert!(!client(Some(name), markdown()), "{name}");
    }
    assert!(!client(None, markdown()));
    assert!(!client(
        Some("Visual Studio Code"),
        Some(vec![MarkupKind::PlainText])
    ));
    assert!(!client(Some("Visual Studio Code"), None));
}

// ---------------------------------------------------------------- properties

/// Where a cell's character is in a file of `kind`: `.uttt` rows are
/// `ccc ccc ccc` in bands separated by one blank line.
fn text_position(kind: GameKind, cell: Cell) -> Position {
    let (row, col) = (u32::from(cell.row), u32::from(cell.col));
    match kind {
        Uttt => Position::new(row + row / 3, col + col / 3),
        Go9 | Tomek => Position::new(row, col),
    }
}

/// The stones of the group at `cell`, by a plain flood fill.
fn flood(cells: &[Vec<u8>], cell: Cell) -> (Vec<Cell>, Vec<Cell>) {
    let colour = cells[usize::from(cell.row)][usize::from(cell.col)];
    let (mut stones, mut liberties, mut todo) = (vec![cell], Vec::new(), vec![cell]);
    while let Some(c) = todo.pop() {
        let (r, k) = (i32::from(c.row), i32::from(c.col));
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (nr, nc) = (r + dr, k + dc);
            if !(0..9).contains(&nr) || !(0..9).contains(&nc) {
                continue;
            }
            let next = Cell::new(nr as u8, nc as u8);
            let at = cells[nr as usize][nc as usize];
            if at == colour && !stones.contains(&next) {
                stones.push(next);
                todo.push(next);
            } else if at == b'.' && !liberties.contains(&next) {
                liberties.push(next);
            }
        }
    }
    (stones, liberties)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    /// On random positions, for a random cell: the picture holds every
    /// cell as the file has it, the cursor on that cell, and the marks
    /// the rules give.
    #[test]
    fn the_svg_is_the_position(seed in any::<u64>(), kind in prop_oneof![Just(Uttt), Just(Go9), Just(Tomek)], r in 0u8..9, c in 0u8..9) {
        let mut rng = Rng(seed | 1);
        let lines = positions(&mut rng, kind).swap_remove(0);
        let text = lines.join("\n") + "\n";
        let size = if kind == Tomek { 4 } else { 9 };
        let cell = Cell::new(r % size, c % size);
        let fixture = Fixture::of_document(Document::new(kind, &text));
        let view = fixture.view(ClientCaps { markdown_images: true, ..ClientCaps::default() });
        let svg = svg_of(&hover_markdown(&view, text_position(kind, cell), HoverPicture::Auto));
        let xml = roxmltree::Document::parse(&svg).expect("XML");
        let rows: Vec<Vec<u8>> = lines
            .iter()
            .filter(|l| kind != Uttt || l.len() == 11)
            .map(|l| l.bytes().filter(|&b| b != b' ').collect())
            .collect();
        prop_assert_eq!(rows.len(), usize::from(size));
        let mut seen = 0;
        let position = view.doc.position(0).expect("a position");
        let game = position.game().expect("a complete board");
        for node in xml.descendants().filter(|n| n.has_attribute("data-row")) {
            let num = |name| node.attribute(name).and_then(|v| v.parse::<u8>().ok()).expect("a number");
            let here = Cell::new(num("data-row") - 1, num("data-col") - 1);
            let state = rows[usize::from(here.row)][usize::from(here.col)];
            let expected = char::from(state).to_string();
            prop_assert_eq!(node.attribute("data-state"), Some(expected.as_str()));
            let marks: Vec<&str> = node.attribute("data-marks").unwrap_or_default().split_whitespace().collect();
            prop_assert_eq!(marks.contains(&"cursor"), here == cell);
            match game {
                JudgedBoard::Go9 { .. } => {
                    let hovered = rows[usize::from(cell.row)][usize::from(cell.col)];
                    if hovered != b'.' {
                        let (stones, liberties) = flood(&rows, cell);
                        prop_assert_eq!(marks.contains(&"group"), stones.contains(&here));
                        prop_assert_eq!(marks.contains(&"capture"), liberties.len() == 1 && liberties[0] == here);
                        prop_assert_eq!(marks.contains(&"liberty"), liberties.len() > 1 && liberties.contains(&here));
                    }
                }
                JudgedBoard::Uttt { findings, .. } => {
                    let uttt::Findings { legal, last_move, target_field, .. } = **findings;
                    prop_assert_eq!(marks.contains(&"legal"), legal.contains(here));
                    prop_assert_eq!(marks.contains(&"last-move"), here == last_move);
                    prop_assert_eq!(marks.contains(&"target"), here.row / 3 == target_field.row && here.col / 3 == target_field.col);
                }
                JudgedBoard::Tomek { findings, .. } => {
                    let on_line = findings.winning_lines.iter().any(|w: tomek::WinningLine| w.line.cells().contains(&here));
                    prop_assert_eq!(marks.contains(&"win"), on_line);
                }
            }
            seen += 1;
        }
        prop_assert_eq!(seen, usize::from(size) * usize::from(size));
    }
}

// ---------------------------------------------------------------- size

/// VS Code cuts a hover at 100,000 characters. The longest hover: every
/// cell of full and nearly full boards hovered, with the image.
#[test]
fn hovers_stay_under_vs_codes_limit() {
    let full_go = "xxxxxxxxx\n".repeat(8) + "xxxxxxxxo\n";
    let nearly_full_go = "xoxoxoxox\noxoxoxoxo\n".repeat(4) + "xoxoxoxo.\n";
    let full_uttt = "xox oxo xox\noxo xox oxo\nxox oxo xox\n\n".repeat(2)
        + "xox oxo xox\noxo xox oxo\nxox oxo xo.\n5 5\n";
    let full_tomek = "XOXT\nOXOX\nXOXO\nOXOX\n";
    let mut longest = 0;
    for (kind, text) in [
        (Go9, full_go.as_str()),
        (Go9, nearly_full_go.as_str()),
        (Uttt, full_uttt.as_str()),
        (Tomek, full_tomek),
    ] {
        let fixture = Fixture::of_document(Document::new(kind, text));
        let view = fixture.view(ClientCaps::default());
        for line in 0..12 {
            for character in 0..12 {
                if let Some(found) =
                    hover::hover_with(&view, Position::new(line, character), HoverPicture::Image)
                {
                    let HoverContents::Markup(markup) = found.contents else {
                        panic!("not Markdown");
                    };
                    longest = longest.max(markup.value.len());
                }
            }
        }
    }
    println!("longest hover: {longest} characters");
    assert!(longest > 20_000, "the images were drawn");
    assert!(longest < 100_000, "{longest} characters");
}
