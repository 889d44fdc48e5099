//! The formatter (`boardls_engine::format`): snapshots of what it makes of
//! files and what it refuses, and property tests on random files of each
//! kind: formatting is idempotent, keeps every verdict (the parser's and
//! the judge's), brings in no diagnostic, and its line edits make exactly
//! the formatted text. `UPDATE_EXPECT=1 cargo test --test it format`
//! rewrites the snapshots.

use boardls_engine::diagnostics::Severity;
use boardls_engine::format::{Formatted, format};
use boardls_engine::games::GameKind::{self, Go9, Tomek, Uttt};
use boardls_engine::solve::solve;
use boardls_engine::syntax::{parse_file, parse_lines};
use boardls_engine::text::TextLines;
use expect_test::{Expect, expect};
use proptest::prelude::*;

use crate::support::boards;

use boards::{Rng, positions};

/// The formatted text (line ends shown: `␍` before each `\r\n`'s `\n`,
/// `⏎` for a lone `\r`), or the refusal.
fn render(kind: GameKind, text: &str) -> String {
    match format(kind, text) {
        Ok(formatted) => formatted.text().replace("\r\n", "␍\n").replace('\r', "⏎\n"),
        Err(refusal) => format!("refused: {refusal}\n"),
    }
}

fn check(kind: GameKind, input: &str, expect: Expect) {
    expect.assert_eq(&render(kind, input));
}

#[test]
fn go9_blanks_case_and_count() {
    check(
        Go9,
        "\n\n# two boards  \n 3 \n\n.......xo  \n.........\n\t.........\n..X......\n.xox....x\n.o.o...xo\n..o......\n.....xxxo\n....xooo.\n\n\n\n.........\n.........\n.........\n.........\n....O....\n.........\n.........\n.........\n.........",
        expect![[r#"
            # two boards
            2
            .......xo
            .........
            .........
            ..x......
            .xox....x
            .o.o...xo
            ..o......
            .....xxxo
            ....xooo.

            .........
            .........
            .........
            .........
            ....o....
            .........
            .........
            .........
            .........
        "#]],
    );
}

#[test]
fn uttt_groups_bands_and_last_move() {
    check(
        Uttt,
        "... ...  ...\n...\t... ...\n  ... ... ...\n\n\n... ... ...\n... ... ...\n... X.. ...\n... ... ...\n... ... ...\n... ... ...\n\n06   4\n... ... ...\n... ... ...\n... ... ...\n\n... ... ...\n... ... ...\n... x.. ...\n\n... ... ...\n... ... ...\n... ... ...\n6 4\n",
        expect![[r#"
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
fn tomek_comments_kept_crlf_kept() {
    check(
        Tomek,
        "2\r\n\r\n# first\r\nxxxT\r\n....  \r\n# inside\r\nOO..\r\n....\r\n# between\r\n\r\n\r\nXOXT\r\nXXOO\r\nOXOX\r\nXXOO\r\n\r\n",
        expect![[r#"
            2␍
            # first␍
            XXXT␍
            ....␍
            # inside␍
            OO..␍
            ....␍
            # between␍
            ␍
            XOXT␍
            XXOO␍
            OXOX␍
            XXOO␍
        "#]],
    );
}

#[test]
fn a_missing_blank_line_between_boards_is_put_in() {
    check(
        Tomek,
        "XXXT\n....\nOO..\n....\nXOXT\nXXOO\nOXOX\nXXOO\n",
        expect![[r#"
            XXXT
            ....
            OO..
            ....

            XOXT
            XXOO
            OXOX
            XXOO
        "#]],
    );
}

#[test]
fn errors_that_are_not_certain_are_refused() {
    check(
        Go9,
        "1\n.......xo\n.........\n..q......\n",
        expect![[r#"
            refused: line 4, column 3: expected `x`, `o` or `.`, found `q` (go9/bad-cell); the formatter fixes only letter case, the count line, blanks and blank lines, so it changes nothing until this error is fixed
        "#]],
    );
    check(
        Go9,
        ". . . . . . . . .\n",
        expect![[r#"
            refused: line 1, column 2: expected `x`, `o` or `.`, found a space (go9/bad-cell); the formatter fixes only letter case, the count line, blanks and blank lines, so it changes nothing until this error is fixed
        "#]],
    );
    check(
        Uttt,
        "... ... ...\n... ... ...\n... ... ...\n\n... ... ...\n... ... ...\n... x.. ...\n\n... ... ...\n... ... ...\n... ... ...\n6 10\n",
        expect![[r#"
            refused: line 12, column 3: expected a column number from 1 to 9, found `10` (uttt/bad-last-move); the formatter fixes only letter case, the count line, blanks and blank lines, so it changes nothing until this error is fixed
        "#]],
    );
    check(
        Tomek,
        "# nothing here\n",
        expect![[r#"
            refused: line 1, column 1: the file holds no board; expected at least one (file/no-positions); the formatter fixes only letter case, the count line, blanks and blank lines, so it changes nothing until this error is fixed
        "#]],
    );
}

#[test]
fn empty_lines_and_line_ends() {
    // A lone `\r` is kept as the line end; a file without one gets `\n`.
    check(
        Tomek,
        "XXXT\r....\rOO..\r....",
        expect!["XXXT⏎\n....⏎\nOO..⏎\n....⏎\n"],
    );
    check(
        Tomek,
        "XXXT\n....\nOO..\n....",
        expect!["XXXT\n....\nOO..\n....\n"],
    );
}

// ---------------------------------------------------------------- properties

fn blanks(rng: &mut Rng) -> String {
    (0..rng.below(3))
        .map(|_| if rng.chance(70) { ' ' } else { '\t' })
        .collect()
}

/// A file of `kind` and the same file in canonical layout: the noise put
/// in (blanks, letter case, blank lines, a wrong count, comments, line
/// ends) is all of the kind the formatter fixes with certainty.
fn noisy_file(seed: u64, kind: GameKind, comments: bool) -> (String, String) {
    let mut rng = Rng(seed | 1);
    let positions = positions(&mut rng, kind);
    let mut clean = Vec::new();
    let mut noisy = Vec::new();
    let header = kind != Uttt && rng.chance(50);
    for _ in 0..rng.below(3) {
        noisy.push(blanks(&mut rng));
    }
    if header {
        clean.push(positions.len().to_string());
        let shown = if rng.chance(30) {
            positions.len() + 1 + rng.below(3)
        } else {
            positions.len()
        };
        noisy.push(format!("{}{shown}{}", blanks(&mut rng), blanks(&mut rng)));
        if rng.chance(30) {
            noisy.push(String::new());
        }
    }
    for (i, position) in positions.iter().enumerate() {
        if i > 0 {
            clean.push(String::new());
            // Boards may follow without a blank line (the reader recovers).
            let gap = if kind == Uttt { 1 } else { 0 } + rng.below(3);
            for _ in 0..gap {
                noisy.push(blanks(&mut rng));
            }
        }
        for (j, line) in position.iter().enumerate() {
            clean.push(line.clone());
            if comments && rng.chance(15) {
                noisy.push(format!("{}# note {j}", blanks(&mut rng)));
            }
            let is_last_move = kind == Uttt && j == position.len() - 1;
            if line.is_empty() {
                noisy.push(blanks(&mut rng));
                if rng.chance(20) {
                    noisy.push(String::new());
                }
                continue;
            }
            if is_last_move {
                if rng.chance(20) {
                    noisy.push(String::new());
                }
                let (r, c) = line.split_once(' ').unwrap_or_default();
                let r = if rng.chance(20) {
                    format!("0{r}")
                } else {
                    r.to_owned()
                };
                noisy.push(format!(
                    "{}{r}{} {c}{}",
                    blanks(&mut rng),
                    blanks(&mut rng),
                    blanks(&mut rng)
                ));
                continue;
            }
            let mut row = String::new();
            row.push_str(&blanks(&mut rng));
            for c in line.chars() {
                match c {
                    ' ' => row.push_str(&format!(" {}", blanks(&mut rng))),
                    'x' | 'o' if rng.chance(10) => row.push(c.to_ascii_uppercase()),
                    'X' | 'O' | 'T' if rng.chance(10) => row.push(c.to_ascii_lowercase()),
                    c => row.push(c),
                }
            }
            row.push_str(&blanks(&mut rng));
            noisy.push(row);
        }
    }
    for _ in 0..rng.below(3) {
        noisy.push(blanks(&mut rng));
    }
    let eol = if rng.chance(30) { "\r\n" } else { "\n" };
    let mut noisy_text = noisy.join(eol);
    if rng.chance(70) {
        noisy_text.push_str(eol);
    }
    let mut clean_text = clean.join(eol);
    clean_text.push_str(eol);
    (noisy_text, clean_text)
}

/// Each position's verdict (`None` when it is not read completely).
fn verdicts(kind: GameKind, text: &str) -> Vec<Option<String>> {
    parse_file(kind, text)
        .positions
        .iter()
        .map(|p| p.verdict_text())
        .collect()
}

/// The diagnostics without their places.
fn findings(kind: GameKind, text: &str) -> Vec<(Severity, &'static str, String)> {
    let mut all: Vec<_> = parse_file(kind, text)
        .all_diagnostics()
        .into_iter()
        .map(|d| (d.severity, d.code, d.message.english()))
        .collect();
    all.sort();
    all
}

fn judge(kind: GameKind, text: &str) -> String {
    let mut out = Vec::new();
    solve(kind, text.as_bytes(), &mut out).expect("the judge reads a canonical file");
    String::from_utf8(out).expect("the judge writes text")
}

/// `edits` applied to `input`, lines as `TextLines` counts them.
fn apply(input: &str, formatted: &Formatted) -> String {
    let lines = TextLines::new(input);
    let mut out = input.to_owned();
    for edit in formatted.edits(input).iter().rev() {
        let start = lines.line_start(edit.start as usize);
        let end = lines.line_start(edit.end as usize);
        out.replace_range(start..end, &edit.text);
    }
    out
}

/// What every formatted file must satisfy: read again it formats to
/// itself, and the edits from the input make it.
fn assert_canonical(kind: GameKind, input: &str, formatted: &Formatted) -> String {
    let text = formatted.text();
    let again = format(kind, &text).expect("a formatted file formats");
    assert_eq!(again.text(), text, "not idempotent");
    assert!(again.edits(&text).is_empty(), "edits on a formatted file");
    assert_eq!(apply(input, formatted), text, "the edits make another text");
    assert!(
        parse_lines(kind, &TextLines::new(&text))
            .all_diagnostics()
            .iter()
            .all(|d| d.severity != Severity::Error),
        "errors in formatted text:\n{text}"
    );
    text
}

fn kinds() -> impl Strategy<Value = GameKind> {
    prop_oneof![Just(Uttt), Just(Go9), Just(Tomek)]
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 400,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Noise of the certain kinds only: the file formats to exactly the
    /// clean file, with its verdicts, its judge output and its findings.
    #[test]
    fn noise_formats_to_the_clean_file(seed in any::<u64>(), kind in kinds()) {
        let (noisy, clean) = noisy_file(seed, kind, false);
        let formatted = format(kind, &noisy)
            .unwrap_or_else(|r| panic!("refused: {r}\n{noisy}"));
        let text = assert_canonical(kind, &noisy, &formatted);
        prop_assert_eq!(&text, &clean);
        prop_assert_eq!(verdicts(kind, &text), verdicts(kind, &clean));
        prop_assert_eq!(findings(kind, &text), findings(kind, &clean));
        prop_assert_eq!(judge(kind, &text), judge(kind, &clean));
    }

    /// With comments anywhere: kept, and everything else as above.
    #[test]
    fn comments_are_kept(seed in any::<u64>(), kind in kinds()) {
        let (noisy, clean) = noisy_file(seed, kind, true);
        let formatted = format(kind, &noisy)
            .unwrap_or_else(|r| panic!("refused: {r}\n{noisy}"));
        let text = assert_canonical(kind, &noisy, &formatted);
        let notes = |t: &str| t.lines().filter(|l| l.contains('#')).count();
        prop_assert_eq!(notes(&text), notes(&noisy));
        prop_assert_eq!(verdicts(kind, &text), verdicts(kind, &clean));
        prop_assert_eq!(findings(kind, &text), findings(kind, &clean));
    }

    /// Any damage at all: the file is refused, or formatted without
    /// changing any verdict the reader gave.
    #[test]
    fn damaged_files_keep_their_verdicts_or_are_refused(
        seed in any::<u64>(),
        kind in kinds(),
        damage in prop::collection::vec((any::<prop::sample::Index>(), prop::sample::select(&["x", "O", "t", ".", "!", " ", "\t", "\n", "\r\n", "#", "7", ""][..])), 1..4),
    ) {
        let (mut text, _) = noisy_file(seed, kind, true);
        for (at, with) in damage {
            let mut i = at.index(text.len() + 1);
            while !text.is_char_boundary(i) {
                i -= 1;
            }
            let end = (i + 1..=text.len()).find(|&e| text.is_char_boundary(e)).unwrap_or(i);
            text.replace_range(i..end, with);
        }
        if let Ok(formatted) = format(kind, &text) {
            let out = assert_canonical(kind, &text, &formatted);
            let before = verdicts(kind, &text);
            let after = verdicts(kind, &out);
            prop_assert_eq!(before.len(), after.len());
            for (old, new) in before.iter().zip(&after) {
                prop_assert!(new.is_some());
                if old.is_some() {
                    prop_assert_eq!(old, new);
                }
            }
        }
    }
}
