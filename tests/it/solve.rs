//! `boardls solve` against the judges: the statements' samples, real judge
//! files, layouts the judges read loosely, faults, and random positions
//! compared with plain implementations written straight from the statements.

use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

use boardls_engine::games::GameKind;
use boardls_engine::solve::{SolveError, solve};
use proptest::prelude::*;

use crate::support::naive::{naive_go9, naive_tomek, naive_uttt};

fn solve_str(kind: GameKind, input: &str) -> Result<String, SolveError> {
    let mut out = Vec::new();
    solve(kind, input.as_bytes(), &mut out)?;
    Ok(String::from_utf8(out).expect("judge output is ASCII"))
}

fn fixture(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/judge")
        .join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

#[test]
fn statement_samples_and_judge_files() {
    let cases = [
        (GameKind::Uttt, "cf907b/sample1.in", "cf907b/sample1.out"),
        (GameKind::Uttt, "cf907b/sample2.in", "cf907b/sample2.out"),
        (GameKind::Uttt, "cf907b/sample3.in", "cf907b/sample3.out"),
        (GameKind::Go9, "ancientgo/sample.in", "ancientgo/sample.out"),
        (GameKind::Tomek, "tomek/sample.in", "tomek/sample.out"),
        (
            GameKind::Tomek,
            "tomek/A-small-practice.in",
            "tomek/A-small-practice.out",
        ),
        (
            GameKind::Tomek,
            "tomek/A-large-practice.in",
            "tomek/A-large-practice.out",
        ),
        (
            GameKind::Tomek,
            "tomek/contest/metcalf_small-001.in",
            "tomek/contest/metcalf_small-001_000.out",
        ),
        (
            GameKind::Tomek,
            "tomek/contest/metcalf_large-000.in",
            "tomek/contest/metcalf_large-000_000.out",
        ),
    ];
    for (kind, input, expected) in cases {
        let got = solve_str(kind, &fixture(input)).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(got, fixture(expected), "{input}");
    }
}

/// A contest input that comes without an answer file: each case compared
/// with the plain count of the statement.
#[test]
fn contest_large_input_matches_the_plain_count() {
    let input = fixture("tomek/contest/c4tler_A-large.in");
    let mut tokens = input.split_whitespace();
    let cases: usize = tokens.next().and_then(|n| n.parse().ok()).unwrap();
    let mut expected = String::new();
    for case in 1..=cases {
        let board: [Vec<u8>; 4] = std::array::from_fn(|_| tokens.next().unwrap().bytes().collect());
        writeln!(expected, "Case #{case}: {}", naive_tomek(&board)).unwrap();
    }
    assert_eq!(cases, 1000);
    assert_eq!(solve_str(GameKind::Tomek, &input).unwrap(), expected);
}

/// The judges read tokens: the statement of HDU 5546 shows its sample on one
/// line, and files come with CRLF, tabs and stray blank lines.
#[test]
fn whitespace_is_read_as_loosely_as_the_judges_read_it() {
    for (kind, input, expected) in [
        (GameKind::Go9, "ancientgo/sample.in", "ancientgo/sample.out"),
        (GameKind::Tomek, "tomek/sample.in", "tomek/sample.out"),
        (GameKind::Uttt, "cf907b/sample2.in", "cf907b/sample2.out"),
    ] {
        let text = fixture(input);
        let expected = fixture(expected);
        let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let crlf = text.replace('\n', "\r\n");
        let tabs_and_blanks = text.replace('\n', " \t\n\n");
        let no_final_newline = text.trim_end().to_string();
        for variant in [one_line, crlf, tabs_and_blanks, no_final_newline] {
            assert_eq!(solve_str(kind, &variant).unwrap(), expected, "{variant:?}");
        }
    }
}

#[test]
fn boards_without_a_count_line_are_read_to_the_end() {
    let text = fixture("tomek/sample.in");
    let without_count = text.split_once('\n').unwrap().1;
    assert_eq!(
        solve_str(GameKind::Tomek, without_count).unwrap(),
        fixture("tomek/sample.out")
    );
}

#[test]
fn several_uttt_positions_are_judged_in_turn() {
    let input = format!(
        "{}\n{}",
        fixture("cf907b/sample1.in"),
        fixture("cf907b/sample3.in")
    );
    let expected = format!(
        "{}\n{}",
        fixture("cf907b/sample1.out"),
        fixture("cf907b/sample3.out")
    );
    assert_eq!(solve_str(GameKind::Uttt, &input).unwrap(), expected);
}

fn fault(kind: GameKind, input: &str) -> String {
    match solve_str(kind, input) {
        Err(err @ SolveError::Input { .. }) => err.to_string(),
        other => panic!("expected an input fault, got {other:?}"),
    }
}

#[test]
fn faults_name_the_case_and_line() {
    let go = fixture("ancientgo/sample.in");
    assert_eq!(
        fault(GameKind::Go9, &go.replacen("..x......", "..X......", 1)),
        "case 1, line 6: row 4 of the board: expected cells `.`, `x`, `o`, found `X`"
    );
    assert_eq!(
        fault(GameKind::Go9, &go.replacen("..o.o....\n", "..o.o...\n", 1)),
        "case 2, line 16: row 4 of the board has 8 characters (`..o.o...`), expected 9"
    );
    assert_eq!(
        fault(GameKind::Go9, &go.replacen("2", "3", 1)),
        "case 3, line 22: the count line says 3 cases, the input ends after 2"
    );
    assert_eq!(
        fault(GameKind::Go9, &go.replacen("2", "1", 1)),
        "case 2, line 13: the count line says 1 cases, but more input follows: `......ox.`"
    );
    let truncated: String = go.lines().take(18).map(|l| format!("{l}\n")).collect();
    assert_eq!(
        fault(GameKind::Go9, &truncated),
        "case 2, line 19: expected row 7 of the board, found end of input"
    );
    assert_eq!(
        fault(GameKind::Tomek, "#3\n"),
        "line 1: expected the number of cases, found `#3`"
    );
    assert_eq!(
        fault(GameKind::Tomek, ""),
        "line 1: expected the number of cases, found end of input"
    );
    let uttt = fixture("cf907b/sample1.in");
    assert_eq!(
        fault(GameKind::Uttt, &uttt.replace("6 4", "6 10")),
        "case 1, line 12: expected the last move's column y (1..9), found `10`"
    );
    assert_eq!(
        fault(GameKind::Uttt, &uttt.replacen("... x..", "... x...", 1)),
        "case 1, line 7: group 2 of row 6 of the board has 4 characters (`x...`), expected 3"
    );
    assert_eq!(
        fault(GameKind::Uttt, &uttt.replacen("x..", "X..", 1)),
        "case 1, line 7: group 2 of row 6 of the board: expected `x`, `o` or `.`, found `X`"
    );
    // A second board cut short is a fault; no board at all is one too.
    assert_eq!(
        fault(GameKind::Uttt, &format!("{uttt}... ... ...\n")),
        "case 2, line 14: expected group 1 of row 2 of the board, found end of input"
    );
    assert_eq!(
        fault(GameKind::Uttt, ""),
        "case 1, line 1: expected group 1 of row 1 of the board, found end of input"
    );
    assert_eq!(
        fault(GameKind::Tomek, "1\nXXXT\nXX?T\n....\n....\n"),
        "case 1, line 3: row 2 of the board: expected cells `X`, `O`, `T`, `.`, found `?`"
    );
}

/// A fault quotes a token up to 40 bytes whole, and a longer one cut
/// with `…`; a count has at most 18 digits (a longer number is no count).
#[test]
fn faults_quote_long_tokens_cut_and_long_numbers_are_no_count() {
    let forty = "x".repeat(40);
    assert_eq!(
        fault(GameKind::Tomek, &format!("1\n{forty}\n")),
        format!("case 1, line 2: row 1 of the board has 40 characters (`{forty}`), expected 4")
    );
    assert_eq!(
        fault(GameKind::Tomek, &format!("1\n{forty}o\n")),
        format!("case 1, line 2: row 1 of the board has 41 characters (`{forty}…`), expected 4")
    );
    let board = "XXXT\n....\nOO..\n....\n";
    assert_eq!(
        fault(GameKind::Tomek, &format!("100000000000000000\n{board}")),
        "case 2, line 6: the count line says 100000000000000000 cases, the input ends after 1"
    );
    assert_eq!(
        fault(GameKind::Tomek, &format!("1000000000000000000\n{board}")),
        "line 1: expected the number of cases, found `1000000000000000000`"
    );
}

#[test]
fn the_binary_exits_2_with_one_line_on_bad_input() {
    let run = |args: &[&str], input: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_boardls"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::io::Write::write_all(child.stdin.as_mut().unwrap(), input.as_bytes()).unwrap();
        drop(child.stdin.take());
        child.wait_with_output().unwrap()
    };
    let ok = run(&["solve", "go9"], &fixture("ancientgo/sample.in"));
    assert!(ok.status.success());
    assert_eq!(
        String::from_utf8_lossy(&ok.stdout),
        fixture("ancientgo/sample.out")
    );

    let bad = run(&["solve", "tomek"], "2\nXXXT\n....\nOO..\n....\n");
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&bad.stdout), "Case #1: X won\n");
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("case 2, line 6"), "{stderr}");

    let usage = run(&["solve", "chess"], "");
    assert_eq!(usage.status.code(), Some(2));
}

// ---- Random positions -------------------------------------------------------

/// A board whose cells are drawn from `alphabet` with a density that is
/// itself random, so sparse, dense and completely full boards all occur.
fn grid<const N: usize>(alphabet: &'static [u8]) -> impl Strategy<Value = [Vec<u8>; N]> {
    (0u32..=100, any::<u64>()).prop_map(move |(empty_percent, seed)| {
        let mut state = seed | 1;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        std::array::from_fn(|_| {
            (0..N)
                .map(|_| {
                    if (next() % 100) < u64::from(empty_percent) {
                        b'.'
                    } else {
                        alphabet[(next() % alphabet.len() as u64) as usize]
                    }
                })
                .collect()
        })
    })
}

/// Joins rows with a random but judge-readable layout.
fn layout(rows: impl IntoIterator<Item = String>, crlf: bool) -> String {
    let end = if crlf { "\r\n" } else { "\n" };
    rows.into_iter().map(|r| format!("{r}{end}")).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn go9_matches_the_plain_search(boards in prop::collection::vec(grid::<9>(b"xo"), 1..20), crlf: bool) {
        let mut input = format!("{}\n", boards.len());
        let mut expected = String::new();
        for (i, board) in boards.iter().enumerate() {
            input.push('\n');
            input += &layout(board.iter().map(|r| String::from_utf8(r.clone()).unwrap()), crlf);
            let verdict = if naive_go9(board) { "Can kill in one move!!!" } else { "Can not kill in one move!!!" };
            writeln!(expected, "Case #{}: {verdict}", i + 1).unwrap();
        }
        prop_assert_eq!(solve_str(GameKind::Go9, &input).unwrap(), expected);
    }

    #[test]
    fn tomek_matches_the_plain_count(boards in prop::collection::vec(grid::<4>(b"XOXOT"), 1..40), crlf: bool) {
        let mut input = format!("{}\n", boards.len());
        let mut expected = String::new();
        for (i, board) in boards.iter().enumerate() {
            input += &layout(board.iter().map(|r| String::from_utf8(r.clone()).unwrap()), crlf);
            input.push('\n');
            writeln!(expected, "Case #{}: {}", i + 1, naive_tomek(board)).unwrap();
        }
        prop_assert_eq!(solve_str(GameKind::Tomek, &input).unwrap(), expected);
    }

    #[test]
    fn uttt_matches_the_plain_rule(board in grid::<9>(b"xo"), x in 1usize..=9, y in 1usize..=9, crlf: bool) {
        let rows = board.iter().enumerate().flat_map(|(r, row)| {
            let text = String::from_utf8(row.clone()).unwrap();
            let line = format!("{} {} {}", &text[0..3], &text[3..6], &text[6..9]);
            let blank = (r == 2 || r == 5).then(String::new);
            std::iter::once(line).chain(blank)
        });
        let input = layout(rows.chain([format!("{x} {y}")]), crlf);
        prop_assert_eq!(solve_str(GameKind::Uttt, &input).unwrap(), naive_uttt(&board, x, y));
    }
}

// ---- The fast readers of the usual layout agree with the token reader -------

/// What `solve` makes of `input`: its output, then its fault, if any.
fn outcome(kind: GameKind, input: &str) -> String {
    let mut out = Vec::new();
    let fault = match solve(kind, input.as_bytes(), &mut out) {
        Ok(()) => String::new(),
        Err(err) => format!("\nfault: {err}"),
    };
    String::from_utf8(out).expect("ASCII") + &fault
}

/// Boards of `size` rows as a file may hold them, with a count line or
/// none: each board's rows ended by `\n` or by `\r\n`, and now and then a
/// row a cell long or short, with a cell no judge reads, or with the other
/// line end.
fn ragged_boards(size: usize, cells: &'static [u8]) -> impl Strategy<Value = String> {
    let row = move |crlf: bool| {
        (
            prop::collection::vec(prop::sample::select(cells), size),
            0u8..60,
        )
            .prop_map(move |(mut row, fault)| {
                match fault {
                    0 => row.push(row[0]),
                    1 => {
                        row.pop();
                    }
                    2 => row[size / 2] = b'#',
                    _ => {}
                }
                let end: &[u8] = if crlf != (fault == 3) { b"\r\n" } else { b"\n" };
                String::from_utf8([row, end.to_vec()].concat()).unwrap()
            })
    };
    let board = any::<bool>()
        .prop_flat_map(move |crlf| prop::collection::vec(row(crlf), size))
        .prop_map(|rows| rows.concat());
    (prop::collection::vec(board, 1..12), any::<bool>()).prop_map(|(boards, counted)| {
        let count = if counted {
            format!("{}\n", boards.len())
        } else {
            String::new()
        };
        count + &boards.concat()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// A space before each line end keeps every token and line, and
    /// leaves every board to the token reader: the fast readers of the
    /// usual layout must give the same verdicts and faults.
    #[test]
    fn the_fast_readers_judge_as_the_token_reader(
        go in ragged_boards(9, b"xo."),
        tomek in ragged_boards(4, b"XOT."),
    ) {
        for (kind, input) in [(GameKind::Go9, go), (GameKind::Tomek, tomek)] {
            let spaced = input.replace('\n', " \n");
            prop_assert_eq!(outcome(kind, &input), outcome(kind, &spaced), "{:?}", input);
        }
    }
}

// ---- The full findings agree with the judges' verdicts ---------------------

fn go9_board(rows: &[Vec<u8>; 9]) -> boardls_engine::games::go9::Board {
    use boardls_engine::games::go9::{Board, Point};
    let points = std::array::from_fn(|r| {
        std::array::from_fn(|c| Point::from_byte(rows[r][c]).unwrap_or(Point::Empty))
    });
    Board::from_points(&points)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn go9_findings_agree_with_the_judge(rows in grid::<9>(b"xo")) {
        use boardls_engine::games::go9::{self, Colour};
        let board = go9_board(&rows);
        let findings = go9::analyse(&board);
        prop_assert_eq!(findings.killable().next().is_some(), naive_go9(&rows));
        prop_assert_eq!(go9::can_kill(&board), naive_go9(&rows));
        // Groups partition the stones.
        let stones: usize = findings.groups.iter().map(|g| g.stones.len()).sum();
        prop_assert_eq!(stones, board.black_stones().len() + board.white_stones().len());
        for (group, point) in findings.killable() {
            prop_assert_eq!(group.colour, Colour::White);
            let outcome = go9::play_black(&board, point).unwrap();
            // Playing the capture point takes the whole group.
            prop_assert_eq!(outcome.captured.intersection(group.stones), group.stones);
        }
        for group in findings.dead() {
            prop_assert!(group.liberties.is_empty());
        }
    }

    #[test]
    fn tomek_findings_agree_with_the_judge(rows in grid::<4>(b"XOXOT")) {
        use boardls_engine::games::tomek::{self, Mark, Verdict};
        let board = tomek::Board {
            cells: std::array::from_fn(|r| std::array::from_fn(|c| Mark::from_byte(rows[r][c]).unwrap())),
        };
        let findings = tomek::analyse(&board);
        prop_assert_eq!(findings.verdict.text(), naive_tomek(&rows));
        prop_assert_eq!(tomek::verdict(&board), findings.verdict);
        let won = matches!(findings.verdict, Verdict::XWon | Verdict::OWon);
        prop_assert_eq!(won, findings.winning_lines.iter().next().is_some());
    }
}
