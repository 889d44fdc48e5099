//! Inputs from a seed, covering the judges' situations evenly: each case
//! first draws the situation it should reach (uniformly, from the
//! coverage table's list), then draws boards until one reaches it.
//! Uniform random boards would be almost all "Game has not completed".

use boardls_engine::coverage::{of_game, reached};
use boardls_engine::games::{Cell, GameKind, go9, tomek, uttt};
use boardls_engine::profile::Profile;

use super::input::{Case, Input};

/// A small, fast generator (SplitMix64): the same seed, the same inputs,
/// on every machine.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// The generator of input `index` of a run from `seed`: each input
    /// stands alone, so any of them is replayed without the others.
    pub(crate) fn for_input(seed: u64, index: u64) -> Self {
        let mut rng = Rng(seed ^ index.wrapping_mul(0xA076_1D64_78BD_642F));
        rng.next();
        rng
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    /// True with probability `percent` / 100.
    pub(crate) fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// Tries per case to reach the situation drawn; the last board drawn is
/// kept when none does (a rare situation on an unlucky seed).
const TRIES: usize = 3000;

/// Input `index` of a run from `seed`.
pub(crate) fn input(kind: GameKind, profile: Profile, seed: u64, index: u64) -> Input {
    let mut rng = Rng::for_input(seed, index);
    let most = match profile.case_range() {
        // Few cases keep runs quick; the shrinker starts from fewer, too.
        Some((low, high)) => high.clamp(low, 6),
        None => 1,
    };
    let count = 1 + rng.below(most) as usize;
    let situations = of_game(kind).len() as u64;
    let cases = (0..count)
        .map(|_| {
            let target = rng.below(situations) as u32;
            let mut case = random_case(kind, &mut rng);
            for _ in 0..TRIES {
                if reached(&case.game()) & (1 << target) != 0 {
                    break;
                }
                case = random_case(kind, &mut rng);
            }
            case
        })
        .collect();
    Input { kind, cases }
}

fn random_case(kind: GameKind, rng: &mut Rng) -> Case {
    match kind {
        GameKind::Tomek => Case::Tomek(random_tomek(rng)),
        GameKind::Go9 => Case::Go9(random_go9(rng)),
        GameKind::Uttt => random_uttt(rng),
    }
}

/// A game played at random from the empty board (a `T` on it half the
/// time): X first, in turns, until the first win, a full board or a
/// random stop. Every board is one that play reaches.
fn random_tomek(rng: &mut Rng) -> tomek::Board {
    let mut board = tomek::Board::default();
    let mut free: Vec<Cell> = (0..4)
        .flat_map(|r| (0..4).map(move |c| Cell::new(r, c)))
        .collect();
    if rng.chance(50) {
        let at = free.swap_remove(rng.below(16) as usize);
        board.cells[at.row as usize][at.col as usize] = tomek::Mark::T;
    }
    let stop = rng.below(free.len() as u64 + 1) as usize;
    let mut mark = tomek::Mark::X;
    for _ in 0..stop.max(if rng.chance(60) { free.len() } else { 0 }) {
        if free.is_empty() || tomek::analyse(&board).verdict != tomek::Verdict::NotCompleted {
            break;
        }
        let at = free.swap_remove(rng.below(free.len() as u64) as usize);
        board.cells[at.row as usize][at.col as usize] = mark;
        mark = if mark == tomek::Mark::X {
            tomek::Mark::O
        } else {
            tomek::Mark::X
        };
    }
    board
}

/// Stones at a random density, each colour equally likely.
fn random_go9(rng: &mut Rng) -> go9::Board {
    let density = 10 + rng.below(60);
    let mut board = go9::Board::default();
    for r in 0..9 {
        for c in 0..9 {
            if rng.chance(density) {
                let point = if rng.chance(50) {
                    go9::Point::Black
                } else {
                    go9::Point::White
                };
                board.set(Cell::new(r, c), point);
            }
        }
    }
    board
}

/// Each small field filled to its own level (empty, a third, two thirds
/// or full), so full fields are common; the last move on a chip; at
/// least one empty cell, as the judge promises.
fn random_uttt(rng: &mut Rng) -> Case {
    let mut board = uttt::Board::default();
    let levels = [0, 30, 70, 100];
    for field in 0..9u8 {
        let level = levels[rng.below(4) as usize];
        for cell in uttt::field_cells(field / 3, field % 3) {
            if rng.chance(level) {
                let chip = if rng.chance(50) {
                    uttt::Chip::X
                } else {
                    uttt::Chip::O
                };
                board.set(cell, chip);
            }
        }
    }
    let all: Vec<Cell> = (0..9)
        .flat_map(|r| (0..9).map(move |c| Cell::new(r, c)))
        .collect();
    let last_move = all[rng.below(81) as usize];
    if board.chip(last_move).is_free() {
        let chip = if rng.chance(50) {
            uttt::Chip::X
        } else {
            uttt::Chip::O
        };
        board.set(last_move, chip);
    }
    if board.free_cells().is_empty() {
        let spare = loop {
            let cell = all[rng.below(81) as usize];
            if cell != last_move {
                break cell;
            }
        };
        board.set(spare, uttt::Chip::Empty);
    }
    Case::Uttt { board, last_move }
}
