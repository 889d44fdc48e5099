//! `boardls check --coverage`: the judges' situations a folder reaches,
//! the first file and case for each, the unreached ones last.

use crate::support::cli;

use std::fs;

use cli::{boardls, scratch, stdout};

const JUDGE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/judge");

#[test]
fn the_table_counts_each_situation_and_lists_the_unreached_last() {
    let dir = scratch("coverage");
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
    let dir = scratch("coverage-json");
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
    let dir = scratch("coverage-oracle");
    let mut expected: std::collections::BTreeMap<&str, u64> = Default::default();
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
                *expected.entry(id).or_default() += 1;
            }
        }
    }
    let output = boardls(&[
        "check",
        "--coverage",
        "--output-format",
        "json",
        dir.to_str().unwrap(),
    ]);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let counted: std::collections::BTreeMap<&str, u64> = json["games"][0]["situations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["count"].as_u64() != Some(0))
        .map(|s| (s["id"].as_str().unwrap(), s["count"].as_u64().unwrap()))
        .collect();
    assert_eq!(counted, expected);
    assert_eq!(json["games"][0]["cases"], 1010);
}
