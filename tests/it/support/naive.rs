//! Judges written straight from the statements, independent of boardls's
//! own: the property tests of `solve`, the profile's reachability and the
//! minimality of what `stress` shrinks are checked against them.

#![allow(dead_code)]

use std::fmt::Write as _;

/// CF 907B: find the field, look for a `.` in it, else mark every `.`.
pub fn naive_uttt(rows: &[Vec<u8>; 9], x: usize, y: usize) -> String {
    let (fr, fc) = ((x - 1) % 3, (y - 1) % 3);
    let mut grid = rows.clone();
    let mut field_has_empty = false;
    for row in grid.iter().skip(fr * 3).take(3) {
        for &cell in row.iter().skip(fc * 3).take(3) {
            field_has_empty |= cell == b'.';
        }
    }
    for (r, row) in grid.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            let in_field = r / 3 == fr && c / 3 == fc;
            if *cell == b'.' && (!field_has_empty || in_field) {
                *cell = b'!';
            }
        }
    }
    let mut out = String::new();
    for (r, row) in grid.iter().enumerate() {
        if r == 3 || r == 6 {
            out.push('\n');
        }
        let text = String::from_utf8(row.clone()).unwrap();
        writeln!(out, "{} {} {}", &text[0..3], &text[3..6], &text[6..9]).unwrap();
    }
    out
}

/// HDU 5546: depth-first search over each o group, counting distinct
/// empty neighbours; x can kill iff some group has exactly one.
#[allow(clippy::needless_range_loop)] // indices read like the statement
pub fn naive_go9(board: &[Vec<u8>; 9]) -> bool {
    let mut seen = [[false; 9]; 9];
    for r in 0..9 {
        for c in 0..9 {
            if board[r][c] != b'o' || seen[r][c] {
                continue;
            }
            let mut liberties = std::collections::BTreeSet::new();
            let mut stack = vec![(r, c)];
            seen[r][c] = true;
            while let Some((pr, pc)) = stack.pop() {
                let mut next = vec![];
                if pr > 0 {
                    next.push((pr - 1, pc));
                }
                if pr < 8 {
                    next.push((pr + 1, pc));
                }
                if pc > 0 {
                    next.push((pr, pc - 1));
                }
                if pc < 8 {
                    next.push((pr, pc + 1));
                }
                for (nr, nc) in next {
                    match board[nr][nc] {
                        b'.' => {
                            liberties.insert((nr, nc));
                        }
                        b'o' if !seen[nr][nc] => {
                            seen[nr][nc] = true;
                            stack.push((nr, nc));
                        }
                        _ => {}
                    }
                }
            }
            if liberties.len() == 1 {
                return true;
            }
        }
    }
    false
}

/// GCJ 2013 A: count symbols on each of the ten lines.
#[allow(clippy::needless_range_loop)] // indices read like the statement
pub fn naive_tomek(board: &[Vec<u8>; 4]) -> &'static str {
    let mut lines: Vec<Vec<u8>> = Vec::new();
    for i in 0..4 {
        lines.push((0..4).map(|j| board[i][j]).collect());
        lines.push((0..4).map(|j| board[j][i]).collect());
    }
    lines.push((0..4).map(|i| board[i][i]).collect());
    lines.push((0..4).map(|i| board[i][3 - i]).collect());
    let won = |p: u8| {
        lines.iter().any(|line| {
            let mine = line.iter().filter(|&&b| b == p).count();
            let t = line.iter().filter(|&&b| b == b'T').count();
            mine == 4 || (mine == 3 && t == 1)
        })
    };
    if won(b'X') {
        "X won"
    } else if won(b'O') {
        "O won"
    } else if board.iter().flatten().any(|&b| b == b'.') {
        "Game has not completed"
    } else {
        "Draw"
    }
}

/// Tic-Tac-Toe-Tomek by the GCJ 2013 statement: "The board starts empty,
/// except that a single 'T' symbol may appear in one of the 16 squares";
/// X moves first and the players alternate, each putting a mark on an
/// empty square; the game ends when a player has four of their marks in a
/// row, column or diagonal (the `T` counts for both), or the board is
/// full. A board is a 16-cell pair of masks (X, O) and the `T`'s cell.
pub mod tomek_play {
    /// The ten lines, as masks of cells (row-major, bit `4 * row + col`).
    pub const LINES: [u16; 10] = {
        let mut lines = [0u16; 10];
        let mut i = 0;
        while i < 4 {
            lines[i] = 0xf << (4 * i);
            lines[4 + i] = 0x1111 << i;
            i += 1;
        }
        lines[8] = 0x8421;
        lines[9] = 0x1248;
        lines
    };

    pub fn wins(marks: u16, t: u16) -> bool {
        LINES.iter().any(|&line| line & !(marks | t) == 0)
    }

    /// Whether play stops at this board: a line made, or no empty cell.
    pub fn over(x: u16, o: u16, t: u16) -> bool {
        wins(x, t) || wins(o, t) || x | o | t == 0xffff
    }

    /// The board's number among the 3^16 fillings of X, O and empty.
    pub fn index(x: u16, o: u16) -> usize {
        (0..16).rev().fold(0, |index, cell| {
            index * 3 + usize::from(x >> cell & 1 == 1) + 2 * usize::from(o >> cell & 1 == 1)
        })
    }

    /// Every board play reaches with the `T` on `t` (0 for none), by an
    /// exhaustive search over the games: a bit per [`index`].
    pub fn reachable(t: u16) -> Vec<u64> {
        let mut seen = vec![0u64; 3usize.pow(16).div_ceil(64)];
        let mut next = vec![(0u16, 0u16)];
        seen[0] |= 1;
        while let Some((x, o)) = next.pop() {
            if over(x, o, t) {
                continue;
            }
            let x_moves = x.count_ones() == o.count_ones();
            let mut empty = !(x | o | t);
            while empty != 0 {
                let cell = empty & empty.wrapping_neg();
                empty &= empty - 1;
                let child = if x_moves {
                    (x | cell, o)
                } else {
                    (x, o | cell)
                };
                let at = index(child.0, child.1);
                if seen[at / 64] >> (at % 64) & 1 == 0 {
                    seen[at / 64] |= 1 << (at % 64);
                    next.push(child);
                }
            }
        }
        seen
    }

    /// Whether play reaches the board (X on `x`, O on `o`, the `T` on
    /// `t`), searched backwards: some mark of the player who moved last,
    /// taken back, leaves a board that play reaches and goes on from.
    pub fn reached_by_play(x: u16, o: u16, t: u16) -> bool {
        fn back(
            x: u16,
            o: u16,
            t: u16,
            failed: &mut std::collections::HashSet<(u16, u16)>,
        ) -> bool {
            let (xs, os) = (x.count_ones(), o.count_ones());
            if xs + os == 0 {
                return true;
            }
            let x_last = xs == os + 1;
            if !x_last && xs != os || failed.contains(&(x, o)) {
                return false;
            }
            let mut marks = if x_last { x } else { o };
            while marks != 0 {
                let mark = marks & marks.wrapping_neg();
                marks &= marks - 1;
                let (px, po) = if x_last {
                    (x & !mark, o)
                } else {
                    (x, o & !mark)
                };
                if !over(px, po, t) && back(px, po, t, failed) {
                    return true;
                }
            }
            failed.insert((x, o));
            false
        }
        x & o == 0 && (x | o) & t == 0 && back(x, o, t, &mut Default::default())
    }

    /// The masks of X, O and `T` of a board's four rows.
    pub fn masks(rows: &[&[u8]]) -> (u16, u16, u16) {
        let mask = |what: u8| {
            (0..16)
                .filter(|&cell| rows[cell / 4][cell % 4] == what)
                .fold(0u16, |mask, cell| mask | 1 << cell)
        };
        (mask(b'X'), mask(b'O'), mask(b'T'))
    }

    /// The eight symmetries of the square, as maps of a cell.
    pub fn symmetry(which: usize, cell: usize) -> usize {
        let (r, c) = (cell / 4, cell % 4);
        let (r, c) = match which {
            0 => (r, c),
            1 => (c, 3 - r),
            2 => (3 - r, 3 - c),
            3 => (3 - c, r),
            4 => (r, 3 - c),
            5 => (3 - r, c),
            6 => (c, r),
            _ => (3 - c, 3 - r),
        };
        4 * r + c
    }

    pub fn map(which: usize, mask: u16) -> u16 {
        (0..16)
            .filter(|cell| mask >> cell & 1 == 1)
            .fold(0, |mapped, cell| mapped | 1 << symmetry(which, cell))
    }

    /// The board's four rows as the judge's file writes them.
    pub fn rows(x: u16, o: u16, t: u16) -> String {
        let mut text = String::new();
        for cell in 0..16 {
            let bit = 1 << cell;
            text.push(match () {
                () if x & bit != 0 => 'X',
                () if o & bit != 0 => 'O',
                () if t & bit != 0 => 'T',
                () => '.',
            });
            if cell % 4 == 3 {
                text.push('\n');
            }
        }
        text
    }
}
