//! `boardls check --coverage`: the judges' situations a folder reaches,
//! the first file and case for each, the unreached ones last.

use crate::support::cli;
use crate::support::client::TempDir;

use std::fs;

use cli::{boardls, stdout};

use crate::support::boards::Rng;

const JUDGE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/judge");

#[test]
fn the_table_counts_each_situation_and_lists_the_unreached_last() {
    let dir = TempDir::new("coverage");
    fs::copy(format!("{JUDGE}/tomek/sample.in"), dir.join("a.tomek")).unwrap();
    // A full board won by X with four X: reached by this file only.
    fs::write(dir.join("b.tomek"), "1\nXXXX\nOOXO\nXOOX\nOXOO\n").unwrap();
    let folder = dir.to_str().unwrap();
    let output = boardls(&["check", "--coverage", folder]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "tomek — 7 cases in 2 files");
    let row = |description: &str| {
        lines
            .iter()
            .find(|l| l.trim_start().starts_with(description))
            .unwrap_or_else(|| panic!("no row {description:?} in\n{text}"))
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert!(
        row("X won, with four X").ends_with(&format!("1 {folder}/b.tomek:2 (case 1)")),
        "{text}"
    );
    assert!(row("O won, with four O").contains(&format!(" 2 {folder}/a.tomek:17 (case 4)")));
    let unreached_at = lines
        .iter()
        .position(|l| l.contains("NOT REACHED (2)"))
        .expect(&text);
    let unreached: Vec<&str> = lines[unreached_at + 1..].to_vec();
    assert_eq!(
        unreached,
        [
            "  ✗ Draw: the board full without a winner, no T  [tomek.draw]",
            "  ✗ Game has not completed, with a T  [tomek.not-completed-with-t]",
        ],
        "{text}"
    );
}

#[test]
fn json_gives_the_same_table_and_errors_fail_as_check_does() {
    let dir = TempDir::new("coverage-json");
    fs::copy(format!("{JUDGE}/ancientgo/sample.in"), dir.join("a.go9")).unwrap();
    let folder = dir.to_str().unwrap();
    let output = boardls(&["check", "--coverage", "--output-format", "json", folder]);
    assert_eq!(output.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let go9 = &json["games"][0];
    assert_eq!(go9["game"], "go9");
    assert_eq!(go9["cases"], 2);
    let situations = go9["situations"].as_array().unwrap();
    let kill = situations.iter().find(|s| s["id"] == "go9.kill").unwrap();
    assert_eq!(kill["count"], 1);
    assert_eq!(kill["first"]["case"], 1);
    // Unreached last.
    let reached: Vec<bool> = situations.iter().map(|s| s["reached"] == true).collect();
    assert!(reached.windows(2).all(|w| w[0] || !w[1]), "{reached:?}");
    assert_eq!(go9["unreached"], reached.iter().filter(|r| !**r).count());
    // An error in a file fails the run as check does, with the table.
    fs::write(dir.join("b.go9"), "1\n.........\n").unwrap();
    let output = boardls(&["check", "--coverage", folder]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).starts_with("go9 — 2 cases in 2 files"));
    // With a profile, a broken promise is an error too.
    fs::remove_file(dir.join("b.go9")).unwrap();
    fs::write(dir.join("c.go9"), ".........\n".repeat(9)).unwrap();
    let output = boardls(&["check", "--coverage", "--profile", "hdu5546", folder]);
    assert_eq!(output.status.code(), Some(1));
}

/// The tomek situations of one board, by an independent reading of the
/// rules: the ids `check --coverage` counts.
fn tomek_situations(rows: &[&[u8]]) -> Vec<&'static str> {
    let cell = |r: usize, c: usize| rows[r][c];
    let mut lines: Vec<(bool, [(usize, usize); 4])> = Vec::new();
    for i in 0..4 {
        lines.push((false, [(i, 0), (i, 1), (i, 2), (i, 3)]));
        lines.push((false, [(0, i), (1, i), (2, i), (3, i)]));
    }
    lines.push((true, [(0, 0), (1, 1), (2, 2), (3, 3)]));
    lines.push((true, [(0, 3), (1, 2), (2, 1), (3, 0)]));
    let has_t = rows.iter().any(|row| row.contains(&b'T'));
    let full = rows.iter().all(|row| !row.contains(&b'.'));
    for (player, name) in [(b'X', "x"), (b'O', "o")] {
        let won: Vec<&(bool, [(usize, usize); 4])> = lines
            .iter()
            .filter(|(_, cells)| {
                cells
                    .iter()
                    .all(|&(r, c)| matches!(cell(r, c), b'T') || cell(r, c) == player)
            })
            .collect();
        if won.is_empty() {
            continue;
        }
        let t_in = |cells: &[(usize, usize); 4]| cells.iter().any(|&(r, c)| cell(r, c) == b'T');
        let mut found = vec![if won.iter().any(|(_, cells)| t_in(cells)) {
            if name == "x" {
                "tomek.x-won-with-t"
            } else {
                "tomek.o-won-with-t"
            }
        } else if name == "x" {
            "tomek.x-won"
        } else {
            "tomek.o-won"
        }];
        if full {
            found.push("tomek.won-on-full-board");
        }
        if won.iter().any(|(diagonal, cells)| *diagonal && t_in(cells)) {
            found.push("tomek.t-on-winning-diagonal");
        }
        return found;
    }
    vec![match (full, has_t) {
        (true, false) => "tomek.draw",
        (true, true) => "tomek.draw-with-t",
        (false, false) => "tomek.not-completed",
        (false, true) => "tomek.not-completed-with-t",
    }]
}

#[test]
fn tomek_counts_match_an_independent_reading_of_the_real_data() {
    let dir = TempDir::new("coverage-oracle");
    let mut expected = Counts::new();
    for name in ["A-small-practice.in", "A-large-practice.in"] {
        let text = fs::read_to_string(format!("{JUDGE}/tomek/{name}")).unwrap();
        fs::write(dir.join(name.replace(".in", ".tomek")), &text).unwrap();
        let rows: Vec<&[u8]> = text
            .lines()
            .skip(1)
            .filter(|line| !line.trim().is_empty())
            .map(str::as_bytes)
            .collect();
        for board in rows.chunks(4) {
            for id in tomek_situations(board) {
                *expected.entry(id.to_owned()).or_default() += 1;
            }
        }
    }
    let (counted, cases) = counted(&dir);
    assert_eq!(counted, expected);
    assert_eq!(cases, 1010);
}

/// What `check --coverage --output-format json DIR` counts for the one
/// game of DIR: the situations reached, with their counts, and the cases.
fn counted(dir: &std::path::Path) -> (Counts, u64) {
    let output = boardls(&[
        "check",
        "--coverage",
        "--output-format",
        "json",
        dir.to_str().unwrap(),
    ]);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["games"].as_array().map(Vec::len), Some(1), "{json}");
    let counted = json["games"][0]["situations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["count"].as_u64() != Some(0))
        .map(|s| {
            (
                s["id"].as_str().unwrap().to_owned(),
                s["count"].as_u64().unwrap(),
            )
        })
        .collect();
    (counted, json["games"][0]["cases"].as_u64().unwrap_or(0))
}

type Counts = std::collections::BTreeMap<String, u64>;

/// The go9 situations of one board, read from the HDU 5546 statement:
/// x moves on an empty cell; the o groups then without liberty die (the
/// opponent's groups are checked first, so a move with no liberty of its
/// own still captures). Only a group next to the move can die by it, and
/// it had that cell as a liberty: a group already without one is not
/// killed by any move.
fn go9_situations(board: &[[u8; 9]; 9]) -> Vec<&'static str> {
    let neighbours = |r: usize, c: usize| {
        let mut around = Vec::with_capacity(4);
        if r > 0 {
            around.push((r - 1, c));
        }
        if r < 8 {
            around.push((r + 1, c));
        }
        if c > 0 {
            around.push((r, c - 1));
        }
        if c < 8 {
            around.push((r, c + 1));
        }
        around
    };
    // The group of the stone at (r, c): its cells, and whether it has a
    // liberty.
    let group = |board: &[[u8; 9]; 9], r: usize, c: usize| {
        let colour = board[r][c];
        let mut seen = vec![(r, c)];
        let mut next = vec![(r, c)];
        let mut free = false;
        while let Some((r, c)) = next.pop() {
            for (nr, nc) in neighbours(r, c) {
                if board[nr][nc] == b'.' {
                    free = true;
                } else if board[nr][nc] == colour && !seen.contains(&(nr, nc)) {
                    seen.push((nr, nc));
                    next.push((nr, nc));
                }
            }
        }
        seen.sort_unstable();
        (seen, free)
    };
    let mut found = Vec::new();
    let dead_o = (0..81).any(|i| board[i / 9][i % 9] == b'o' && !group(board, i / 9, i % 9).1);
    let (mut kill, mut edge, mut corner, mut two, mut without) =
        (false, false, false, false, false);
    for (r, c) in (0..81).map(|i| (i / 9, i % 9)) {
        if board[r][c] != b'.' {
            continue;
        }
        let mut after = *board;
        after[r][c] = b'x';
        let mut killed: Vec<Vec<(usize, usize)>> = Vec::new();
        for (nr, nc) in neighbours(r, c) {
            if after[nr][nc] == b'o' {
                let (cells, free) = group(&after, nr, nc);
                if !free && !killed.contains(&cells) {
                    killed.push(cells);
                }
            }
        }
        if killed.is_empty() {
            continue;
        }
        kill = true;
        let borders = [r == 0 || r == 8, c == 0 || c == 8];
        corner |= borders[0] && borders[1];
        edge |= borders[0] != borders[1];
        two |= killed.len() >= 2;
        without |= !group(&after, r, c).1;
    }
    found.push(if kill { "go9.kill" } else { "go9.no-kill" });
    for (reached, id) in [
        (edge, "go9.capture-on-edge"),
        (corner, "go9.capture-in-corner"),
        (two, "go9.two-groups-one-move"),
        (without, "go9.capture-without-liberty"),
        (dead_o, "go9.dead-o-group"),
    ] {
        if reached {
            found.push(id);
        }
    }
    found
}

/// The uttt situations of one case, read from the CF 907B statement: the
/// last move at row `row`, column `col` (0-based, of the 9 by 9 cells)
/// points to the small field at its place inside its own field; the
/// player must play there unless it has no free cell (then anywhere).
fn uttt_situations(cells: &[[u8; 9]; 9], row: usize, col: usize) -> Vec<&'static str> {
    let pointed = (row % 3, col % 3);
    let own = pointed == (row / 3, col / 3);
    let free = (0..9)
        .filter(|i| cells[pointed.0 * 3 + i / 3][pointed.1 * 3 + i % 3] == b'.')
        .count();
    match (free, own) {
        (0, false) => vec!["uttt.any-field-full"],
        (0, true) => vec!["uttt.any-field-own-full"],
        (1, false) => vec!["uttt.forced-field", "uttt.forced-one-cell"],
        (1, true) => vec!["uttt.forced-own-field", "uttt.forced-one-cell"],
        (_, false) => vec!["uttt.forced-field"],
        (_, true) => vec!["uttt.forced-own-field"],
    }
}

/// The 9 rows of 9 cells of a go9 board or a uttt case as the judges
/// write them (a uttt row's three fields apart by spaces).
fn cells_of(lines: &[&str]) -> [[u8; 9]; 9] {
    let mut cells = [[b'.'; 9]; 9];
    for (r, line) in lines.iter().enumerate() {
        let row: Vec<u8> = line.bytes().filter(|b| *b != b' ').collect();
        cells[r].copy_from_slice(&row[..9]);
    }
    cells
}

#[test]
fn go9_counts_match_an_independent_reading_of_the_real_data_and_random_boards() {
    let dir = TempDir::new("coverage-oracle-go9");
    let mut expected = Counts::new();
    let mut count = |board: &[[u8; 9]; 9]| {
        for id in go9_situations(board) {
            *expected.entry(id.to_owned()).or_default() += 1;
        }
    };
    let sample = fs::read_to_string(format!("{JUDGE}/ancientgo/sample.in")).unwrap();
    let rows: Vec<&str> = sample
        .lines()
        .skip(1)
        .filter(|line| !line.trim().is_empty())
        .collect();
    for board in rows.chunks(9) {
        count(&cells_of(board));
    }
    fs::write(dir.join("sample.go9"), &sample).unwrap();
    // Random boards, dense enough for captures of every kind.
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let boards = 600;
    let mut text = format!("{boards}\n");
    for _ in 0..boards {
        let empty = 20 + rng.below(60);
        let mut board = [[b'.'; 9]; 9];
        for cell in board.iter_mut().flatten() {
            let roll = rng.below(100);
            *cell = if roll < empty {
                b'.'
            } else if roll < empty + (100 - empty) / 2 {
                b'x'
            } else {
                b'o'
            };
        }
        count(&board);
        text.push('\n');
        for row in board {
            text.push_str(std::str::from_utf8(&row).unwrap());
            text.push('\n');
        }
    }
    fs::write(dir.join("random.go9"), text).unwrap();
    let (counted, cases) = counted(&dir);
    assert_eq!(cases, 2 + boards);
    assert_eq!(counted, expected);
    // Every situation is reached, so none is checked only by its absence.
    assert_eq!(counted.len(), 7, "{counted:?}");
}

#[test]
fn uttt_counts_match_an_independent_reading_of_the_real_data_and_random_cases() {
    let dir = TempDir::new("coverage-oracle-uttt");
    let mut expected = Counts::new();
    let mut count = |cells: &[[u8; 9]; 9], row: usize, col: usize| {
        for id in uttt_situations(cells, row, col) {
            *expected.entry(id.to_owned()).or_default() += 1;
        }
    };
    for n in 1..=3 {
        let text = fs::read_to_string(format!("{JUDGE}/cf907b/sample{n}.in")).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let rows: Vec<&str> = lines[..11]
            .iter()
            .copied()
            .filter(|line| !line.trim().is_empty())
            .collect();
        let (row, col) = lines[11].split_once(' ').unwrap();
        let (row, col): (usize, usize) = (row.parse().unwrap(), col.parse().unwrap());
        count(&cells_of(&rows), row - 1, col - 1);
        fs::write(dir.join(format!("sample{n}.uttt")), &text).unwrap();
    }
    // Random cases: a field filled whole often, the last move's cell not
    // empty (the statement's promise).
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let cases = 400;
    for case in 0..cases {
        let mut cells = [[b'.'; 9]; 9];
        for field in 0..9 {
            let fill = if rng.below(3) == 0 {
                100
            } else {
                rng.below(100)
            };
            for i in 0..9 {
                let (r, c) = (field / 3 * 3 + i / 3, field % 3 * 3 + i % 3);
                if rng.below(100) < fill {
                    cells[r][c] = if rng.below(2) == 0 { b'x' } else { b'o' };
                }
            }
        }
        let (row, col) = (rng.below(9), rng.below(9));
        if cells[row][col] == b'.' {
            cells[row][col] = b'x';
        }
        count(&cells, row, col);
        let mut text = String::new();
        for (r, line) in cells.iter().enumerate() {
            if r > 0 && r % 3 == 0 {
                text.push('\n');
            }
            let fields: Vec<&str> = line
                .chunks(3)
                .map(|field| std::str::from_utf8(field).unwrap())
                .collect();
            text.push_str(&fields.join(" "));
            text.push('\n');
        }
        text.push_str(&format!("{} {}\n", row + 1, col + 1));
        fs::write(dir.join(format!("random{case}.uttt")), text).unwrap();
    }
    let (counted, found) = counted(&dir);
    assert_eq!(found, 3 + cases);
    assert_eq!(counted, expected);
    assert_eq!(counted.len(), 5, "{counted:?}");
}
