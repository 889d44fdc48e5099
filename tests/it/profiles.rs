//! Judge profiles: the real judge data keeps every promise, and copies
//! mutated to break one are caught at the exact place, quoting the rule.

use crate::support::cli;
use crate::support::client::TempDir;

use std::fs;
use std::path::Path;

use boardls_engine::diagnostics::{Span, codes};
use boardls_engine::games::GameKind;
use boardls_engine::profile::{Profile, check};

use crate::support::boards::Rng;
use cli::{boardls, stdout};

const JUDGE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/judge");

fn read(path: &str) -> String {
    fs::read_to_string(Path::new(JUDGE).join(path)).expect("judge data")
}

/// The codes and spans of what `profile` finds in `text`.
fn found(profile: Profile, text: &str) -> Vec<(&'static str, Span)> {
    check(profile, profile.game(), text)
        .into_iter()
        .map(|d| (d.code, d.span))
        .collect()
}

#[test]
fn the_real_data_keeps_every_promise() {
    for file in [
        "tomek/A-large-practice.in",
        "tomek/contest/metcalf_large-000.in",
        "tomek/contest/c4tler_A-large.in",
    ] {
        assert_eq!(found(Profile::Gcj2013aLarge, &read(file)), [], "{file}");
    }
    for file in [
        "tomek/A-small-practice.in",
        "tomek/sample.in",
        "tomek/contest/metcalf_small-001.in",
    ] {
        assert_eq!(found(Profile::Gcj2013aSmall, &read(file)), [], "{file}");
        assert_eq!(found(Profile::Gcj2013aLarge, &read(file)), [], "{file}");
    }
    assert_eq!(found(Profile::Hdu5546, &read("ancientgo/sample.in")), []);
    for n in 1..=3 {
        let text = read(&format!("cf907b/sample{n}.in"));
        assert_eq!(found(Profile::Cf907b, &text), [], "sample{n}");
    }
}

#[test]
fn a_count_out_of_range_quotes_the_statement() {
    let text = read("ancientgo/sample.in").replacen('2', "200", 1);
    let diagnostics = check(Profile::Hdu5546, GameKind::Go9, &text);
    let range = diagnostics
        .iter()
        .find(|d| d.code == codes::PROFILE_COUNT_RANGE)
        .expect("count out of range");
    assert_eq!(range.message, "T = 200, but hdu5546 promises 1 ≤ T ≤ 100");
    assert_eq!(range.span, Span::new(0, 0, 3));
    let large = read("tomek/A-large-practice.in");
    assert_eq!(
        found(Profile::Gcj2013aSmall, &large),
        [(codes::PROFILE_COUNT_RANGE, Span::new(0, 0, 4))]
    );
    let no_count = read("tomek/sample.in");
    let no_count = no_count.split_once('\n').map_or("", |(_, rest)| rest);
    assert_eq!(
        found(Profile::Gcj2013aSmall, no_count),
        [(codes::PROFILE_MISSING_COUNT, Span::at(0, 0))]
    );
}

/// A copy of the small practice file with its first board replaced.
fn small_with_first_board(rows: [&str; 4]) -> String {
    let text = read("tomek/A-small-practice.in");
    let lines: Vec<&str> = text.lines().collect();
    let mut out = vec![lines[0]];
    out.extend(rows);
    out.extend(&lines[5..]);
    out.join("\n") + "\n"
}

#[test]
fn tomek_boards_play_cannot_reach_are_caught() {
    // Two T.
    let text = small_with_first_board(["XT.O", "..OO", "....", ".XTX"]);
    assert_eq!(
        found(Profile::Gcj2013aSmall, &text),
        [(codes::PROFILE_EXTRA_T, Span::new(4, 2, 3))]
    );
    // O ahead of X.
    let text = small_with_first_board(["OO.O", "..OO", "....", ".XTX"]);
    assert_eq!(
        found(Profile::Gcj2013aSmall, &text),
        [(codes::PROFILE_UNREACHABLE, Span::new(1, 0, 4))]
    );
    // X won, but O moved last.
    let text = small_with_first_board(["XXXT", "OOO.", "....", "...."]);
    let diagnostics = check(Profile::Gcj2013aSmall, GameKind::Tomek, &text);
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0].span, Span::new(1, 0, 1));
    assert!(
        diagnostics[0]
            .message
            .english()
            .contains("X won, but with X 3 and O 3 marks O moved last"),
        "{}",
        diagnostics[0].message
    );
    assert!(diagnostics[0].message.english().ends_with(
        "but gcj2013a-small promises \"the board is a valid state reached through play of the game\""
    ));
    // Two winning diagonals that no single move completed.
    let text = small_with_first_board(["XOOX", "OXXO", "OXXO", "XO.X"]);
    assert_eq!(
        found(Profile::Gcj2013aSmall, &text),
        [(codes::PROFILE_UNREACHABLE, Span::new(1, 0, 1))]
    );
}

#[test]
fn cf907b_reads_one_position_without_comments_or_markers() {
    let sample = read("cf907b/sample1.in");
    let twice = format!("{sample}\n{sample}");
    let second = sample.lines().count() as u32 + 1;
    assert_eq!(
        found(Profile::Cf907b, &twice),
        [(codes::PROFILE_ONE_POSITION, Span::new(second, 0, 11))]
    );
    let commented = format!("# sample 1\n{sample}");
    assert_eq!(
        found(Profile::Cf907b, &commented),
        [(codes::PROFILE_COMMENT, Span::new(0, 0, 10))]
    );
    let marked = sample.replacen("... x..", "... x!.", 1);
    assert_eq!(
        found(Profile::Cf907b, &marked),
        [(codes::PROFILE_MARKER, Span::new(6, 5, 6))]
    );
    let empty_last_move = sample.replace("6 4", "6 5");
    assert_eq!(
        found(Profile::Cf907b, &empty_last_move),
        [(codes::PROFILE_EMPTY_LAST_MOVE, Span::new(11, 0, 3))]
    );
    let wrong_game = check(Profile::Hdu5546, GameKind::Uttt, &sample);
    assert_eq!(wrong_game.len(), 1);
    assert_eq!(
        (wrong_game[0].code, wrong_game[0].span),
        (codes::PROFILE_WRONG_GAME, Span::at(0, 0))
    );
}

#[test]
fn check_profile_reads_judge_inputs_and_fails_on_a_broken_promise() {
    let dir = TempDir::new("profile");
    fs::write(dir.join("1.in"), read("tomek/A-small-practice.in")).unwrap();
    let folder = dir.to_str().unwrap();
    let good = boardls(&["check", "--profile", "gcj2013a-small", folder]);
    assert_eq!(good.status.code(), Some(0), "{}", stdout(&good));
    // Without a profile, `.in` files are not board files: nothing changes.
    let plain = boardls(&["check", folder]);
    assert_eq!(
        (plain.status.code(), stdout(&plain).as_str()),
        (Some(0), "")
    );
    fs::write(
        dir.join("2.in"),
        small_with_first_board(["XT.O", "..OO", "....", ".XTX"]),
    )
    .unwrap();
    let bad = boardls(&["check", "--profile", "gcj2013a-small", folder]);
    assert_eq!(bad.status.code(), Some(1));
    let text = stdout(&bad);
    assert!(
        text.contains(
            "2.in:5:3: error[profile/extra-t]: a second `T`, but gcj2013a-small promises"
        ),
        "{text}"
    );
    let unknown = boardls(&["check", "--profile", "icpc", folder]);
    assert_eq!(unknown.status.code(), Some(2));
}

/// A problem folder whose `boardls.toml` gives `small/` and `large/` their
/// own profiles, and marks `invalid/` as inputs that must break theirs.
fn profiled_folder(name: &str) -> TempDir {
    let dir = TempDir::new(name);
    for folder in ["small", "large", "invalid"] {
        fs::create_dir_all(dir.join(folder)).unwrap();
    }
    fs::write(
        dir.join("boardls.toml"),
        "[files]\n\"*.in\" = \"tomek\"\n[profiles]\n\"small/*.in\" = \"gcj2013a-small\"\n\
         \"large/*.in\" = \"gcj2013a-large\"\n\"invalid/*.in\" = \"gcj2013a-small\"\n",
    )
    .unwrap();
    let (small, large) = (
        read("tomek/A-small-practice.in"),
        read("tomek/A-large-practice.in"),
    );
    fs::write(dir.join("small/1.in"), &large).unwrap();
    fs::write(dir.join("large/1.in"), &large).unwrap();
    fs::write(dir.join("invalid/accepted.in"), &small).unwrap();
    fs::write(dir.join("invalid/rejected.in"), &large).unwrap();
    dir
}

#[test]
fn profiles_per_glob_and_invalid_inputs_in_check() {
    let dir = profiled_folder("profile-globs");
    let folder = dir.to_str().unwrap();
    let run = boardls(&["check", folder]);
    assert_eq!(run.status.code(), Some(1));
    let lines: Vec<String> = stdout(&run)
        .lines()
        .map(|line| line.replace(folder, "."))
        .collect();
    assert_eq!(
        lines,
        [
            "./invalid/accepted.in:1:1: error[profile/accepted-invalid]: an invalid-input test \
             that gcj2013a-small accepts: it must break one of the statement's promises",
            "./invalid/rejected.in:1:1: info[profile/count-range]: T = 1000, but gcj2013a-small \
             promises 1 ≤ T ≤ 10",
            "./small/1.in:1:1: error[profile/count-range]: T = 1000, but gcj2013a-small promises \
             1 ≤ T ≤ 10",
        ]
    );
    // Each input keeping its promise, and each invalid one breaking it:
    // clean. `invalidInputs` moves the invalid-input tests.
    fs::remove_file(dir.join("small/1.in")).unwrap();
    fs::remove_file(dir.join("invalid/accepted.in")).unwrap();
    let clean = boardls(&["check", "--output-format", "concise", folder]);
    assert_eq!(clean.status.code(), Some(0), "{}", stdout(&clean));
    let toml = fs::read_to_string(dir.join("boardls.toml")).unwrap();
    fs::write(
        dir.join("boardls.toml"),
        format!("invalidInputs = [\"large/**\"]\n{toml}"),
    )
    .unwrap();
    let moved = boardls(&["check", folder]);
    let text = stdout(&moved).replace(folder, ".");
    assert!(
        text.contains("./invalid/rejected.in:1:1: error[profile/count-range]")
            && text.contains("./large/1.in:1:1: error[profile/accepted-invalid]"),
        "{text}"
    );
}

#[test]
fn one_profile_for_a_whole_problem_folder() {
    let dir = TempDir::new("profile-folder");
    fs::write(
        dir.join("boardls.toml"),
        "profile = \"gcj2013a-small\"\n[files]\n\"*.in\" = \"tomek\"\n",
    )
    .unwrap();
    fs::write(dir.join("1.in"), read("tomek/A-large-practice.in")).unwrap();
    // A board file of another game keeps no tomek profile.
    fs::write(dir.join("a.go9"), read("ancientgo/sample.in")).unwrap();
    let folder = dir.to_str().unwrap();
    let run = boardls(&["check", folder]);
    let text = stdout(&run).replace(folder, ".");
    let promises: Vec<&str> = text.lines().filter(|l| l.contains("profile/")).collect();
    assert_eq!(
        promises,
        [
            "./1.in:1:1: error[profile/count-range]: T = 1000, but gcj2013a-small promises 1 ≤ T ≤ 10"
        ],
        "{text}"
    );
    assert_eq!(run.status.code(), Some(1));
}

/// Whether the gcj2013a profile finds a board unreachable (by play, or
/// by its `T`s).
fn profile_says_unreachable(rows: &str) -> bool {
    check(
        Profile::Gcj2013aLarge,
        GameKind::Tomek,
        &format!("1\n{rows}"),
    )
    .iter()
    .any(|d| d.code == codes::PROFILE_UNREACHABLE || d.code == codes::PROFILE_EXTRA_T)
}

/// The profile's reachability against an exhaustive search over the games
/// of the statement, on boards that play reaches (random games stopped
/// anywhere), boards one change away from them (a mark added, taken away
/// or turned), random fillings, and every board of the GCJ files. The
/// search runs once per place of the `T` up to the square's symmetries
/// (none, a corner, an edge, the middle): a symmetry maps games to games
/// and lines to lines, so it maps reachable boards to reachable boards,
/// and each board is judged in the frame where its `T` is on one of
/// those places.
#[test]
fn tomek_reachability_matches_an_exhaustive_search_of_play() {
    use crate::support::naive::tomek_play::{
        index, map, masks, over, reachable, reached_by_play, rows, symmetry,
    };
    let mut rng = Rng(0x5eed_7031_c0de_f00d);
    // The GCJ boards: (x, o, t) masks.
    let (mut gcj, mut boards) = (Vec::new(), 0);
    for file in [
        "tomek/sample.in",
        "tomek/A-small-practice.in",
        "tomek/A-large-practice.in",
        "tomek/contest/c4tler_A-large.in",
        "tomek/contest/metcalf_large-000.in",
        "tomek/contest/metcalf_small-001.in",
    ] {
        let text = read(file);
        boards += text
            .lines()
            .next()
            .unwrap()
            .trim()
            .parse::<usize>()
            .unwrap();
        let cells: Vec<u8> = text
            .lines()
            .skip(1)
            .flat_map(|line| line.trim().bytes())
            .collect();
        for board in cells.chunks(16) {
            let rows: Vec<&[u8]> = board.chunks(4).collect();
            gcj.push(masks(&rows));
        }
    }
    assert_eq!(gcj.len(), boards);
    // The quarter turns 1 and 3 undo each other; every other map undoes
    // itself.
    for cell in 0..16 {
        for (which, back) in [
            (0, 0),
            (1, 3),
            (2, 2),
            (3, 1),
            (4, 4),
            (5, 5),
            (6, 6),
            (7, 7),
        ] {
            assert_eq!(symmetry(back, symmetry(which, cell)), cell);
        }
    }
    let mut compared = 0;
    let mut unreachable = 0;
    for t in [None, Some(0), Some(1), Some(5)] {
        let t_mask = t.map_or(0, |cell| 1u16 << cell);
        let seen = reachable(t_mask);
        let reached = |x: u16, o: u16| {
            let at = index(x, o);
            seen[at / 64] >> (at % 64) & 1 == 1
        };
        let mut judge = |x: u16, o: u16, which: usize| {
            let expected = reached(x, o);
            // The backward search that `stress.rs` uses agrees.
            assert_eq!(reached_by_play(x, o, t_mask), expected);
            let (x, o, t) = (map(which, x), map(which, o), map(which, t_mask));
            let board = rows(x, o, t);
            assert_eq!(
                profile_says_unreachable(&board),
                !expected,
                "reachable by play: {expected}\n{board}"
            );
            compared += 1;
            unreachable += usize::from(!expected);
        };
        // GCJ boards whose T is in this place up to symmetry.
        for &(x, o, t) in &gcj {
            for which in 0..8 {
                if map(which, t) == t_mask {
                    // `which` takes the board to this frame; its inverse
                    // (the same map for all but the two quarter turns)
                    // takes it back.
                    let back = match which {
                        1 => 3,
                        3 => 1,
                        other => other,
                    };
                    judge(map(which, x), map(which, o), back);
                    break;
                }
            }
        }
        for _ in 0..40_000 {
            // A random game, stopped after a random number of moves.
            let (mut x, mut o) = (0u16, 0u16);
            let stop = rng.below(17);
            for _ in 0..stop {
                if over(x, o, t_mask) {
                    break;
                }
                let empty: Vec<u16> = (0..16)
                    .map(|cell| 1u16 << cell)
                    .filter(|bit| (x | o | t_mask) & bit == 0)
                    .collect();
                let cell = empty[rng.below(empty.len())];
                if x.count_ones() == o.count_ones() {
                    x |= cell;
                } else {
                    o |= cell;
                }
            }
            let which = rng.below(8);
            judge(x, o, which);
            // One change away: a cell turned to X, O or empty.
            let cell = rng.below(16);
            let bit = 1u16 << cell;
            if t_mask & bit == 0 {
                let (x, o) = match rng.below(3) {
                    0 => (x | bit, o & !bit),
                    1 => (x & !bit, o | bit),
                    _ => (x & !bit, o & !bit),
                };
                judge(x, o, which);
            }
            // A random filling.
            let (mut x, mut o) = (0u16, 0u16);
            for cell in 0..16 {
                let bit = 1u16 << cell;
                if t_mask & bit == 0 {
                    match rng.below(3) {
                        0 => x |= bit,
                        1 => o |= bit,
                        _ => {}
                    }
                }
            }
            judge(x, o, which);
        }
    }
    eprintln!("profiles: {compared} boards compared with the search, {unreachable} unreachable");
    assert!(unreachable > compared / 10 && unreachable < compared * 9 / 10);
}
