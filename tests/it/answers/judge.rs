//! Answer files against the judge, finding by finding: each finding's
//! code, exact span, message, fix and the input case it points at, for
//! verdict answers (`.tomek`, `.go9`: one `Case #k: verdict` line per
//! case) and `.uttt` output boards of several cases (12 lines a case: nine
//! rows, blank lines between bands, one blank line before the next case).
//! The judge's answers here are worked out by hand from the statements.

use std::path::Path;
use std::sync::Arc;

use boardls_engine::answers::{check_answer, no_input};
use boardls_engine::diagnostics::{Diagnostic, Fix, Related, Severity, Span, codes};
use boardls_engine::games::GameKind;
use boardls_engine::i18n::Message;

use crate::support::boards::Rng;
use crate::support::naive::naive_uttt;

/// Three Tomek boards: X wins with `XXXT`, a full board without a line
/// (a draw), a board with empty cells and no line.
const TOMEK_INPUT: &str =
    "3\nXXXT\n....\nOO..\n....\n\nXOXT\nXXOO\nOXOX\nXXOO\n\nXOX.\nOX..\n....\n....\n";
const TOMEK_ANSWER: [&str; 3] = [
    "Case #1: X won",
    "Case #2: Draw",
    "Case #3: Game has not completed",
];
/// The first row of each Tomek case in the input.
const TOMEK_ROWS: [u32; 3] = [1, 6, 11];

fn input_path() -> Arc<Path> {
    Arc::from(Path::new("cases.in"))
}

fn check(kind: GameKind, input: &str, answer: &str) -> Vec<Diagnostic> {
    check_answer(kind, input, Some(&input_path()), answer)
        .into_iter()
        .map(in_english)
        .collect()
}

/// `d` with its messages in English words, as the expectations below
/// write them.
fn in_english(mut d: Diagnostic) -> Diagnostic {
    let english = |m: &Message| Message::verbatim(m.english());
    d.message = english(&d.message);
    for related in &mut d.related {
        related.message = english(&related.message);
    }
    if let Some(fix) = &mut d.fix {
        fix.title = english(&fix.title);
    }
    d
}

fn tomek(lines: &[&str]) -> Vec<Diagnostic> {
    let mut answer = lines.join("\n");
    answer.push('\n');
    check(GameKind::Tomek, TOMEK_INPUT, &answer)
}

/// Case `case` (1-based) of the input, spanning `width` cells of its
/// first row at `line`.
fn case_in_input(case: usize, line: u32, width: u32) -> Vec<Related> {
    vec![Related {
        span: Span::new(line, 0, width),
        message: Message::verbatim(format!("Case #{case} in the input")),
        file: Some(input_path()),
    }]
}

fn error(code: &'static str, span: Span, message: &str) -> Diagnostic {
    Diagnostic::new(
        Severity::Error,
        code,
        span,
        Message::verbatim(message.to_owned()),
    )
}

fn with(
    mut d: Diagnostic,
    related: Vec<Related>,
    fix: Option<(&str, Vec<(Span, &str)>)>,
) -> Diagnostic {
    d.related = related;
    d.fix = fix.map(|(title, edits)| Fix {
        title: Message::verbatim(title.to_owned()),
        edits: edits.into_iter().map(|(s, t)| (s, t.to_owned())).collect(),
    });
    d
}

#[test]
fn the_judges_own_answer_is_clean_with_crlf_and_trailing_blanks() {
    assert_eq!(tomek(&TOMEK_ANSWER), []);
    let crlf: String = TOMEK_ANSWER.iter().map(|l| format!("{l} \t\r\n")).collect();
    assert_eq!(check(GameKind::Tomek, TOMEK_INPUT, &crlf), []);
    // The last line end is optional; blank lines after the cases are not
    // cases.
    let bare = TOMEK_ANSWER.join("\n");
    assert_eq!(check(GameKind::Tomek, TOMEK_INPUT, &bare), []);
    assert_eq!(
        check(GameKind::Tomek, TOMEK_INPUT, &format!("{bare}\n\n\n")),
        []
    );
}

#[test]
fn a_wrong_verdict_quotes_both_and_points_at_its_case() {
    let found = tomek(&[
        "Case #1: X won",
        "Case #2: X won",
        "Case #3: Game has not completed",
    ]);
    let verdict = Span::new(1, 9, 14);
    assert_eq!(
        found,
        [with(
            error(
                codes::ANSWER_WRONG,
                verdict,
                "Case #2: the judge says `Draw`, the file says `X won`"
            ),
            case_in_input(2, TOMEK_ROWS[1], 4),
            Some(("Replace with the judge's answer", vec![(verdict, "Draw")])),
        )]
    );
}

#[test]
fn a_wrong_case_number_is_renumbered_and_the_verdict_still_read() {
    let found = tomek(&[
        "Case #1: X won",
        "Case #12: Draw",
        "Case #3: Game has not completed",
    ]);
    let digits = Span::new(1, 6, 8);
    assert_eq!(
        found,
        [with(
            error(
                codes::ANSWER_CASE_NUMBER,
                digits,
                "expected Case #2 here, found Case #12"
            ),
            case_in_input(2, TOMEK_ROWS[1], 4),
            Some(("Renumber to Case #2", vec![(digits, "2")])),
        )]
    );
    // After two digits the verdict starts two columns later.
    let found = tomek(&["Case #1: X won", "Case #2: Draw", "Case #13: O won"]);
    let verdict = Span::new(2, 10, 15);
    assert_eq!(
        found.iter().map(|d| (d.code, d.span)).collect::<Vec<_>>(),
        [
            (codes::ANSWER_CASE_NUMBER, Span::new(2, 6, 8)),
            (codes::ANSWER_WRONG, verdict)
        ]
    );
    assert_eq!(
        found[1].message,
        "Case #3: the judge says `Game has not completed`, the file says `O won`"
    );
}

#[test]
fn a_line_that_is_not_a_case_line_is_malformed() {
    for (line, found) in [
        ("Case 3: Draw", "`Case 3: Draw`"),
        ("Case #: Draw", "`Case #: Draw`"),
        ("Case #x3: Draw", "`Case #x3: Draw`"),
        ("Case #3 Draw", "`Case #3 Draw`"),
        ("", "a blank line"),
    ] {
        let answer = [TOMEK_ANSWER[0], TOMEK_ANSWER[1], line];
        assert_eq!(
            tomek(&answer),
            [with(
                error(
                    codes::ANSWER_MALFORMED,
                    Span::new(2, 0, line.len() as u32),
                    &format!("expected `Case #3: …`, found {found}")
                ),
                case_in_input(3, TOMEK_ROWS[2], 4),
                None,
            )],
            "{line:?}"
        );
    }
}

#[test]
fn a_verdict_the_judge_cannot_print_lists_the_ones_it_can() {
    let found = tomek(&["Case #1: X Won", TOMEK_ANSWER[1], TOMEK_ANSWER[2]]);
    assert_eq!(
        found,
        [with(
            error(
                codes::ANSWER_MALFORMED,
                Span::new(0, 9, 14),
                "Case #1: `X Won` is not a verdict (expected `X won` or `O won` or `Draw` or `Game has not completed`)"
            ),
            case_in_input(1, TOMEK_ROWS[0], 4),
            None,
        )]
    );
    // Ancient go: an empty board, nothing to kill.
    let input = format!("1\n{}", ".........\n".repeat(9));
    let found = check(GameKind::Go9, &input, "Case #1: X won\n");
    assert_eq!(found.len(), 1);
    assert_eq!(
        found[0].message,
        "Case #1: `X won` is not a verdict (expected `Can kill in one move!!!` or `Can not kill in one move!!!`)"
    );
    let found = check(GameKind::Go9, &input, "Case #1: Can kill in one move!!!\n");
    assert_eq!(
        found
            .iter()
            .map(|d| (d.code, d.span, d.message.english()))
            .collect::<Vec<_>>(),
        [(
            codes::ANSWER_WRONG,
            Span::new(0, 9, 32),
            "Case #1: the judge says `Can not kill in one move!!!`, the file says `Can kill in one move!!!`"
                .to_owned()
        )]
    );
    assert_eq!(
        check(
            GameKind::Go9,
            &input,
            "Case #1: Can not kill in one move!!!\n"
        ),
        []
    );
}

#[test]
fn cases_past_the_inputs_are_extra() {
    let found = tomek(&[
        TOMEK_ANSWER[0],
        TOMEK_ANSWER[1],
        TOMEK_ANSWER[2],
        "Case #4: Draw",
    ]);
    assert_eq!(
        found,
        [error(
            codes::ANSWER_EXTRA_CASE,
            Span::new(3, 0, 13),
            "Case #4: the input has only 3 cases"
        )]
    );
    let one = "XXXT\n....\nOO..\n....\n";
    let found = check(GameKind::Tomek, one, "Case #1: X won\nCase #2: X won\n");
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].message, "Case #2: the input has only 1 case");
}

#[test]
fn missing_cases_are_named_and_written_by_the_fix() {
    let found = tomek(&[TOMEK_ANSWER[0]]);
    let end = Span::at(0, 14);
    assert_eq!(
        found,
        [with(
            error(
                codes::ANSWER_MISSING_CASE,
                end,
                "Cases #2 to #3 are missing"
            ),
            case_in_input(2, TOMEK_ROWS[1], 4),
            Some((
                "Write the judge's answers for the missing cases",
                vec![(end, "\nCase #2: Draw\nCase #3: Game has not completed")]
            )),
        )]
    );
    let found = tomek(&[TOMEK_ANSWER[0], TOMEK_ANSWER[1]]);
    let end = Span::at(1, 13);
    assert_eq!(
        found,
        [with(
            error(codes::ANSWER_MISSING_CASE, end, "Case #3 is missing"),
            case_in_input(3, TOMEK_ROWS[2], 4),
            Some((
                "Write the judge's answers for the missing cases",
                vec![(end, "\nCase #3: Game has not completed")]
            )),
        )]
    );
    // An empty answer: every case, each on its own line.
    let found = check(GameKind::Tomek, TOMEK_INPUT, "");
    assert_eq!(
        found,
        [with(
            error(
                codes::ANSWER_MISSING_CASE,
                Span::at(0, 0),
                "Cases #1 to #3 are missing"
            ),
            case_in_input(1, TOMEK_ROWS[0], 4),
            Some((
                "Write the judge's answers for the missing cases",
                vec![(
                    Span::at(0, 0),
                    "Case #1: X won\nCase #2: Draw\nCase #3: Game has not completed\n"
                )]
            )),
        )]
    );
}

/// Two `.uttt` positions: the first statement sample (last move 6 4, so
/// the bottom left field, all empty, is where x's opponent plays), and an
/// `o` in the top left corner as last move (1 1: the top left field, its
/// eight empty cells).
const UTTT_INPUT: &str = "\
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

o.. ... ...
... ... ...
... ... ...

... ... ...
... ... ...
... ... ...

... ... ...
... ... ...
... ... ...
1 1
";

/// The judge's output for [`UTTT_INPUT`], 12 lines a case.
fn uttt_answer() -> Vec<&'static str> {
    let empty = "... ... ...";
    vec![
        empty,
        empty,
        empty,
        "",
        empty,
        empty,
        "... x.. ...",
        "",
        "!!! ... ...",
        "!!! ... ...",
        "!!! ... ...",
        "",
        "o!! ... ...",
        "!!! ... ...",
        "!!! ... ...",
        "",
        empty,
        empty,
        empty,
        "",
        empty,
        empty,
        empty,
    ]
}

fn uttt(lines: &[&str]) -> Vec<Diagnostic> {
    let mut answer = lines.join("\n");
    answer.push('\n');
    check(GameKind::Uttt, UTTT_INPUT, &answer)
}

/// The first row of each `.uttt` case in the input.
const UTTT_ROWS: [u32; 2] = [0, 13];

#[test]
fn a_uttt_answer_of_two_cases_is_read_twelve_lines_a_case() {
    assert_eq!(uttt(&uttt_answer()), []);
    // Row 5 of case 2 is line 12 + 5 (a blank line after row 3).
    let mut answer = uttt_answer();
    answer[17] = "... !.. ...";
    let cells = Span::new(17, 4, 5);
    assert_eq!(
        uttt(&answer),
        [with(
            error(
                codes::ANSWER_WRONG_MARKER,
                cells,
                "Case #2, row 5: the judge writes `... ... ...`, the file writes `... !.. ...`"
            ),
            case_in_input(2, UTTT_ROWS[1], 11),
            Some((
                "Replace with the judge's answer",
                vec![(Span::new(17, 0, 11), "... ... ...")]
            )),
        )]
    );
    // The span runs from the first cell that differs to the last.
    let mut answer = uttt_answer();
    answer[22] = "!.. ... ..!";
    let found = uttt(&answer);
    assert_eq!(
        found.iter().map(|d| (d.code, d.span)).collect::<Vec<_>>(),
        [(codes::ANSWER_WRONG_MARKER, Span::new(22, 0, 11))]
    );
    assert!(
        found[0].message.english().starts_with("Case #2, row 9: "),
        "{}",
        found[0].message
    );
    let mut answer = uttt_answer();
    answer[2] = "... ... !..";
    let found = uttt(&answer);
    assert_eq!(
        found
            .iter()
            .map(|d| (d.span, d.message.english()))
            .collect::<Vec<_>>(),
        [(
            Span::new(2, 8, 9),
            "Case #1, row 3: the judge writes `... ... ...`, the file writes `... ... !..`"
                .to_owned()
        )]
    );
}

/// Many random `.uttt` cases in one input, their answer written by the
/// plain judge of the tests from the statement (`support::naive`), one
/// board after another with a blank line between: the whole answer is
/// clean, and a marker turned in any case is found in that case, on its
/// row's line (12 lines a case: nine rows and two blank lines between
/// bands, one blank line before the next case), and only there.
#[test]
fn a_uttt_answer_of_many_cases_is_read_twelve_lines_a_case() {
    let mut rng = Rng(0x0dd_ba11_5eed);
    for round in 0..20 {
        let cases = 3 + rng.below(12);
        let mut inputs = Vec::new();
        let mut answers = Vec::new();
        for _ in 0..cases {
            let mut rows = [(); 9].map(|()| vec![b'.'; 9]);
            let fill = rng.below(100);
            for cell in rows.iter_mut().flatten() {
                if rng.chance(fill) {
                    *cell = rng.pick(b"xo");
                }
            }
            let (x, y) = (1 + rng.below(9), 1 + rng.below(9));
            rows[x - 1][y - 1] = rng.pick(b"xo");
            if !rows.iter().flatten().any(|&b| b == b'.') {
                rows[(x % 9 + 1) - 1][(y % 9 + 1) - 1] = b'.';
            }
            let mut input = String::new();
            for (r, row) in rows.iter().enumerate() {
                if r == 3 || r == 6 {
                    input.push('\n');
                }
                let row = String::from_utf8(row.clone()).unwrap();
                input.push_str(&format!("{} {} {}\n", &row[0..3], &row[3..6], &row[6..9]));
            }
            input.push_str(&format!("{x} {y}\n"));
            inputs.push(input);
            answers.push(naive_uttt(&rows, x, y));
        }
        let input = inputs.join("\n");
        let answer = answers.join("\n");
        assert_eq!(check(GameKind::Uttt, &input, &answer), [], "round {round}");
        // A marker turned: an empty cell marked, or a mark taken away.
        let case = rng.below(cases);
        let row = rng.below(9);
        let line = 12 * case + row + row / 3;
        let mut lines: Vec<String> = answer.lines().map(str::to_owned).collect();
        let cells: Vec<usize> = lines[line]
            .bytes()
            .enumerate()
            .filter(|(_, b)| matches!(b, b'.' | b'!'))
            .map(|(at, _)| at)
            .collect();
        if cells.is_empty() {
            continue;
        }
        let at = cells[rng.below(cells.len())];
        let turned = if lines[line].as_bytes()[at] == b'.' {
            "!"
        } else {
            "."
        };
        lines[line].replace_range(at..at + 1, turned);
        let found = check(GameKind::Uttt, &input, &(lines.join("\n") + "\n"));
        assert_eq!(
            found.iter().map(|d| (d.code, d.span)).collect::<Vec<_>>(),
            [(
                codes::ANSWER_WRONG_MARKER,
                Span::new(line as u32, at as u32, at as u32 + 1)
            )],
            "round {round}: case {} row {}",
            case + 1,
            row + 1
        );
        let said = format!("Case #{}, row {}: ", case + 1, row + 1);
        assert!(
            found[0].message.english().starts_with(&said),
            "{}",
            found[0].message
        );
    }
}

#[test]
fn uttt_blank_lines_stand_between_bands_and_boards() {
    for (line, between, case) in [
        (3, "bands", 1),
        (7, "bands", 1),
        (11, "boards", 1),
        (15, "bands", 2),
        (19, "bands", 2),
    ] {
        let mut answer = uttt_answer();
        answer[line] = "... ... ...";
        assert_eq!(
            uttt(&answer),
            [with(
                error(
                    codes::ANSWER_MALFORMED,
                    Span::new(line as u32, 0, 11),
                    &format!("Case #{case}: expected a blank line between {between}")
                ),
                case_in_input(case, UTTT_ROWS[case - 1], 11),
                None,
            )],
            "line {line}"
        );
    }
}

#[test]
fn a_uttt_row_is_three_groups_of_three_cells() {
    for (line, row, case) in [(12, 1, 2), (22, 9, 2), (6, 6, 1), (8, 7, 1)] {
        for bad in [
            "..x ... ..",
            "..X ... ...",
            "...x... ...",
            "... ... ....",
            "",
            "..a ... ...",
        ] {
            let mut answer = uttt_answer();
            answer[line] = bad;
            let found_text = if bad.is_empty() {
                "a blank line".to_owned()
            } else {
                format!("`{}`", bad.trim_end())
            };
            let found = uttt(&answer);
            assert_eq!(
                found,
                [with(
                    error(
                        codes::ANSWER_MALFORMED,
                        Span::new(line as u32, 0, bad.trim_end().len() as u32),
                        &format!(
                            "Case #{case}: expected row {row} of the board (`ccc ccc ccc`, cells `x`, `o`, `.`, `!`), found {found_text}"
                        )
                    ),
                    case_in_input(case, UTTT_ROWS[case - 1], 11),
                    None,
                )],
                "line {line}: {bad:?}"
            );
        }
    }
}

#[test]
fn uttt_missing_and_extra_cases() {
    // The first board alone: the fix writes the second after a blank line.
    let answer = &uttt_answer()[..11];
    let end = Span::at(10, 11);
    assert_eq!(
        uttt(answer),
        [with(
            error(codes::ANSWER_MISSING_CASE, end, "Case #2 is missing"),
            case_in_input(2, UTTT_ROWS[1], 11),
            Some((
                "Write the judge's answers for the missing cases",
                vec![(end, &format!("\n\n{}", uttt_answer()[12..].join("\n")))]
            )),
        )]
    );
    // A board cut short is finished by hand: no fix.
    let answer = &uttt_answer()[..5];
    let found = uttt(answer);
    assert_eq!(
        found,
        [with(
            error(
                codes::ANSWER_MISSING_CASE,
                Span::at(4, 11),
                "Cases #1 to #2 are missing"
            ),
            case_in_input(1, UTTT_ROWS[0], 11),
            None,
        )]
    );
    // The second board cut short after its first band: missing, no fix.
    let answer = &uttt_answer()[..15];
    assert_eq!(
        uttt(answer),
        [with(
            error(
                codes::ANSWER_MISSING_CASE,
                Span::at(14, 11),
                "Case #2 is missing"
            ),
            case_in_input(2, UTTT_ROWS[1], 11),
            None,
        )]
    );
    let mut answer = uttt_answer();
    answer.extend(["", "!!! ... ..."]);
    assert_eq!(
        uttt(&answer),
        [error(
            codes::ANSWER_EXTRA_CASE,
            Span::new(24, 0, 11),
            "Case #3: the input has only 2 cases"
        )]
    );
    // Blank lines after the last board are not a case.
    answer.truncate(23);
    answer.extend(["", ""]);
    assert_eq!(uttt(&answer), []);
}

#[test]
fn an_answer_without_its_input_says_how_answers_are_named() {
    let found = in_english(no_input(&["NAME.out".to_owned(), "NAME.ans".to_owned()]));
    assert_eq!(
        found,
        Diagnostic::new(
            Severity::Warning,
            codes::ANSWER_NO_INPUT,
            Span::at(0, 0),
            Message::verbatim(
                "no input beside this answer file (answers are named NAME.out, NAME.ans)"
            )
        )
    );
}

/// In Russian and Chinese the findings keep the judge's lines and
/// verdicts as they are, and join the verdicts with their own "or".
#[test]
fn answers_are_said_in_each_language_with_the_judges_words_as_they_are() {
    use boardls_engine::i18n::Locale;
    let found = check_answer(
        GameKind::Tomek,
        TOMEK_INPUT,
        Some(&input_path()),
        "Case #1: Draw\nCase #2: Won\n",
    );
    let said = |locale| -> Vec<String> {
        found
            .iter()
            .flat_map(|d| {
                let related = d.related.iter().map(|r| &r.message);
                let fix = d.fix.iter().map(|f| &f.title);
                std::iter::once(&d.message).chain(related).chain(fix)
            })
            .map(|m| m.word(locale))
            .collect()
    };
    assert_eq!(
        said(Locale::Russian),
        [
            "Case #1: судья отвечает `X won`, а в файле `Draw`",
            "случай #1 во входных данных",
            "Заменить ответом судьи",
            "Case #2: `Won` — не вердикт (ожидался `X won` или `O won` или `Draw` или \
             `Game has not completed`)",
            "случай #2 во входных данных",
            "нет Case #3",
            "случай #3 во входных данных",
            "Дописать ответы судьи на недостающие тесты",
        ]
    );
    assert_eq!(
        said(Locale::SimplifiedChinese),
        [
            "Case #1：评测程序的答案是 `X won`，文件中是 `Draw`",
            "输入中的第 1 组",
            "替换为评测程序的答案",
            "Case #2：`Won` 不是判定结果（应为 `X won` 或 `O won` 或 `Draw` 或 \
             `Game has not completed`）",
            "输入中的第 2 组",
            "缺少 Case #3",
            "输入中的第 3 组",
            "为缺少的测试用例写入评测程序的答案",
        ]
    );
    let extra = check_answer(
        GameKind::Tomek,
        TOMEK_INPUT,
        None,
        &format!("{}\nCase #4: Draw\n", TOMEK_ANSWER.join("\n")),
    );
    assert_eq!(
        extra[0].message.word(Locale::Russian),
        "Case #4: во входных данных всего 3 теста"
    );
}
