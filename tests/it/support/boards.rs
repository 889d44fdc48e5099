//! Random positions of the three games for property tests, as the lines
//! a clean file holds: a board of random density (sparse, dense and full
//! ones all occur), a `.uttt` last move on a chip with a free cell left.
//! And whole `.go9` files of dense boards, with many findings.

#![allow(dead_code)]

use boardls_engine::games::GameKind::{self, Go9, Tomek, Uttt};

/// A deterministic stream of choices from one seed (xorshift).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    pub fn pick(&mut self, alphabet: &[u8]) -> u8 {
        alphabet[self.below(alphabet.len())]
    }
}

/// A board: `size` rows of cells from `alphabet` (`.` with a density that
/// is itself random, so sparse, dense and full boards all occur).
pub fn board(rng: &mut Rng, size: usize, alphabet: &[u8]) -> Vec<Vec<u8>> {
    let empty = rng.below(101);
    (0..size)
        .map(|_| {
            (0..size)
                .map(|_| {
                    if rng.below(100) < empty {
                        b'.'
                    } else {
                        alphabet[rng.below(alphabet.len())]
                    }
                })
                .collect()
        })
        .collect()
}

/// The positions of a clean file, each as its lines (a `.uttt` position
/// with the blank lines between its bands as empty strings).
pub fn positions(rng: &mut Rng, kind: GameKind) -> Vec<Vec<String>> {
    let count = 1 + rng.below(4);
    (0..count)
        .map(|_| match kind {
            Uttt => {
                let mut cells = board(rng, 9, b"xo.!");
                // The last move holds a chip, and a free cell is left.
                let (r, c) = (rng.below(9), rng.below(9));
                if !matches!(cells[r][c], b'x' | b'o') {
                    cells[r][c] = if rng.chance(50) { b'x' } else { b'o' };
                }
                let (fr, fc) = ((r + 1 + rng.below(8)) % 9, rng.below(9));
                if cells.iter().flatten().all(|&b| b == b'x' || b == b'o') {
                    cells[fr][fc] = b'.';
                }
                let mut lines = Vec::new();
                for (i, row) in cells.iter().enumerate() {
                    if i == 3 || i == 6 {
                        lines.push(String::new());
                    }
                    let text: Vec<String> = row
                        .chunks(3)
                        .map(|g| String::from_utf8_lossy(g).into_owned())
                        .collect();
                    lines.push(text.join(" "));
                }
                lines.push(format!("{} {}", r + 1, c + 1));
                lines
            }
            Go9 => rows(board(rng, 9, b"xo")),
            Tomek => rows(board(rng, 4, b"XOT")),
        })
        .collect()
}

pub fn rows(cells: Vec<Vec<u8>>) -> Vec<String> {
    cells
        .into_iter()
        .map(|row| String::from_utf8_lossy(&row).into_owned())
        .collect()
}

/// A `.go9` file of `boards` dense boards (10-95% of the cells, the same
/// on every run: files with many findings, as `Boards::Dense` is for the
/// benches) under the count line `count_line`; with `broken_every > 0`,
/// every so many boards one row gets a stray `?` (an error).
pub fn dense_go9(boards: usize, count_line: usize, broken_every: usize) -> String {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut text = format!("{count_line}\n");
    for i in 0..boards {
        if i > 0 {
            text.push('\n');
        }
        let density = 10 + rng.next() % 86;
        for row in 0..9 {
            for _ in 0..9 {
                text.push(match (rng.next() % 100 < density, rng.next() % 2) {
                    (false, _) => '.',
                    (true, 0) => 'x',
                    (true, _) => 'o',
                });
            }
            if broken_every > 0 && i % broken_every == 0 && row == 4 {
                text.push('?');
            }
            text.push('\n');
        }
    }
    text
}
