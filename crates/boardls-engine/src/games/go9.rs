//! Ancient go on a 9×9 board, as judged by HDU 5546.
//!
//! x (black) is to move. After a move the opponent's groups without a
//! liberty are removed first, then the mover's. So x kills in one move iff
//! some o group has exactly one liberty: playing there takes it.
//!
//! Boards are bitboards: bit `row * 9 + col` of a `u128` per colour, so group
//! flood fills and liberty counts are a few shifts and masks.

use super::cell::{Cell, CellSet};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Point {
    /// `.`
    Empty,
    /// `x`, black, the player to move.
    Black,
    /// `o`, white.
    White,
}

impl Point {
    pub const fn from_byte(byte: u8) -> Option<Point> {
        match byte {
            b'.' => Some(Point::Empty),
            b'x' => Some(Point::Black),
            b'o' => Some(Point::White),
            _ => None,
        }
    }

    pub const fn to_byte(self) -> u8 {
        match self {
            Point::Empty => b'.',
            Point::Black => b'x',
            Point::White => b'o',
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    pub const fn point(self) -> Point {
        match self {
            Colour::Black => Point::Black,
            Colour::White => Point::White,
        }
    }

    pub const fn symbol(self) -> char {
        match self {
            Colour::Black => 'x',
            Colour::White => 'o',
        }
    }
}

const ALL_POINTS: u128 = (1 << 81) - 1;
/// Every point except column 0: where a shift one column right may land.
const NOT_COL_0: u128 = ALL_POINTS & !COL_0;
/// Every point except column 8: where a shift one column left may land.
const NOT_COL_8: u128 = ALL_POINTS & !(COL_0 << 8);
const COL_0: u128 = {
    let mut bits = 0u128;
    let mut row = 0;
    while row < 9 {
        bits |= 1 << (row * 9);
        row += 1;
    }
    bits
};

/// The points orthogonally next to any point of `set` (excluding `set`'s
/// own points only where they are not neighbours of another).
const fn neighbours(set: u128) -> u128 {
    ((set << 1) & NOT_COL_0) | ((set >> 1) & NOT_COL_8) | ((set << 9) & ALL_POINTS) | (set >> 9)
}

/// The connected part of `within` that holds `seed`.
fn flood(seed: u128, within: u128) -> u128 {
    let mut group = seed;
    loop {
        let grown = (group | neighbours(group)) & within;
        if grown == group {
            return group;
        }
        group = grown;
    }
}

/// A 9×9 position as two bitboards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    black: u128,
    white: u128,
}

impl Board {
    pub fn from_points(points: &[[Point; 9]; 9]) -> Board {
        let mut board = Board::default();
        for (r, row) in points.iter().enumerate() {
            for (c, &point) in row.iter().enumerate() {
                board.set(Cell::new(r as u8, c as u8), point);
            }
        }
        board
    }

    /// A board from its stone sets; a point in both counts as white.
    pub(crate) fn from_stones(black: CellSet, white: CellSet) -> Board {
        Board {
            black: black.bits() & !white.bits() & ALL_POINTS,
            white: white.bits() & ALL_POINTS,
        }
    }

    pub fn point(&self, cell: Cell) -> Point {
        if self.black_stones().contains(cell) {
            Point::Black
        } else if self.white_stones().contains(cell) {
            Point::White
        } else {
            Point::Empty
        }
    }

    pub fn set(&mut self, cell: Cell, point: Point) {
        let bit = CellSet::from_iter([cell]).bits();
        self.black &= !bit;
        self.white &= !bit;
        match point {
            Point::Black => self.black |= bit,
            Point::White => self.white |= bit,
            Point::Empty => {}
        }
    }

    pub fn black_stones(&self) -> CellSet {
        CellSet::from_bits(self.black)
    }

    pub fn white_stones(&self) -> CellSet {
        CellSet::from_bits(self.white)
    }

    fn stones(&self, colour: Colour) -> u128 {
        match colour {
            Colour::Black => self.black,
            Colour::White => self.white,
        }
    }
}

/// The judge's answer for a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    CanKill,
    CanNotKill,
}

impl Verdict {
    /// The judge's wording.
    pub const fn text(self) -> &'static str {
        match self {
            Verdict::CanKill => "Can kill in one move!!!",
            Verdict::CanNotKill => "Can not kill in one move!!!",
        }
    }
}

/// The judge's verdict for `board` (see [`can_kill`]).
pub fn verdict(board: &Board) -> Verdict {
    if can_kill(board) {
        Verdict::CanKill
    } else {
        Verdict::CanNotKill
    }
}

/// The points with at least one, and at least two, empty neighbours.
const fn empty_neighbours(empty: u128) -> (u128, u128) {
    // A point's empty neighbour in each direction, as four bitboards:
    let up = (empty << 9) & ALL_POINTS;
    let down = empty >> 9;
    let left = (empty << 1) & NOT_COL_0;
    let right = (empty >> 1) & NOT_COL_8;
    let at_least_one = up | down | left | right;
    let at_least_two = (up & (down | left | right)) | (down & (left | right)) | (left & right);
    (at_least_one, at_least_two)
}

/// The rule the judge asks about, without allocating: is there an o group
/// with exactly one liberty? ([`Findings::killable`] lists those groups.)
pub fn can_kill(board: &Board) -> bool {
    let empty = ALL_POINTS & !(board.black | board.white);
    // Lone o stones are most groups on real boards: judge them all at once.
    let (at_least_one, at_least_two) = empty_neighbours(empty);
    let one_liberty = at_least_one & !at_least_two;
    let joined = board.white & neighbours(board.white);
    let lone = board.white & !joined;
    if lone & one_liberty != 0 {
        return true;
    }
    let mut unvisited = joined;
    while unvisited != 0 {
        let seed = unvisited & unvisited.wrapping_neg();
        let group = flood(seed, board.white);
        unvisited &= !group;
        if (neighbours(group) & empty).count_ones() == 1 {
            return true;
        }
    }
    false
}

/// Whether any group of either colour has at most one liberty: whether
/// [`analyse`] finds a killable group, a dead group or an x group in
/// atari. Without allocating, lone stones judged all at once as in
/// [`can_kill`].
pub(crate) fn has_facts(board: &Board) -> bool {
    let empty = ALL_POINTS & !(board.black | board.white);
    let (_, at_least_two) = empty_neighbours(empty);
    for stones in [board.white, board.black] {
        let joined = stones & neighbours(stones);
        let lone = stones & !joined;
        if lone & !at_least_two != 0 {
            return true;
        }
        let mut unvisited = joined;
        while unvisited != 0 {
            let seed = unvisited & unvisited.wrapping_neg();
            let group = flood(seed, stones);
            unvisited &= !group;
            if (neighbours(group) & empty).count_ones() <= 1 {
                return true;
            }
        }
    }
    false
}

/// A maximal orthogonally connected set of stones of one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    pub colour: Colour,
    pub stones: CellSet,
    pub liberties: CellSet,
}

impl Group {
    /// Its only liberty, when it has exactly one.
    pub fn last_liberty(&self) -> Option<Cell> {
        (self.liberties.len() == 1)
            .then(|| self.liberties.first())
            .flatten()
    }
}

/// Everything the rules say about a position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Findings {
    /// Every group, ordered by its first stone in row-major order.
    pub groups: Vec<Group>,
}

impl Findings {
    /// o groups x can take in one move (exactly one liberty), with the
    /// capture point.
    pub fn killable(&self) -> impl Iterator<Item = (&Group, Cell)> {
        self.groups
            .iter()
            .filter(|g| g.colour == Colour::White)
            .filter_map(|g| Some((g, g.last_liberty()?)))
    }

    /// Groups of either colour with no liberty: the position cannot occur.
    pub fn dead(&self) -> impl Iterator<Item = &Group> {
        self.groups.iter().filter(|g| g.liberties.is_empty())
    }

    /// x groups with exactly one liberty: o could take them next move.
    pub fn black_in_atari(&self) -> impl Iterator<Item = (&Group, Cell)> {
        self.groups
            .iter()
            .filter(|g| g.colour == Colour::Black)
            .filter_map(|g| Some((g, g.last_liberty()?)))
    }

    pub fn group_at(&self, cell: Cell) -> Option<&Group> {
        self.groups.iter().find(|g| g.stones.contains(cell))
    }
}

pub fn analyse(board: &Board) -> Findings {
    let empty = ALL_POINTS & !(board.black | board.white);
    let mut groups = Vec::new();
    let mut unvisited = board.black | board.white;
    while unvisited != 0 {
        let seed = unvisited & unvisited.wrapping_neg();
        let colour = if board.black & seed != 0 {
            Colour::Black
        } else {
            Colour::White
        };
        let stones = flood(seed, board.stones(colour));
        unvisited &= !stones;
        groups.push(Group {
            colour,
            stones: CellSet::from_bits(stones),
            liberties: CellSet::from_bits(neighbours(stones) & empty),
        });
    }
    Findings { groups }
}

/// The outcome of x playing on an empty point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveOutcome {
    pub board: Board,
    /// o stones removed (checked first).
    pub captured: CellSet,
    /// x stones removed afterwards for having no liberty (suicide).
    pub lost: CellSet,
}

/// x plays at `cell` by the ancient rules: o's dead groups are removed
/// first, then x's. `None` when the point is not empty.
pub fn play_black(board: &Board, cell: Cell) -> Option<MoveOutcome> {
    if board.point(cell) != Point::Empty {
        return None;
    }
    let mut after = *board;
    after.set(cell, Point::Black);
    let captured = remove_dead(&mut after, Colour::White);
    let lost = remove_dead(&mut after, Colour::Black);
    Some(MoveOutcome {
        board: after,
        captured: CellSet::from_bits(captured),
        lost: CellSet::from_bits(lost),
    })
}

/// Removes every group of `colour` with no liberty; returns their stones.
fn remove_dead(board: &mut Board, colour: Colour) -> u128 {
    let empty = ALL_POINTS & !(board.black | board.white);
    let stones = board.stones(colour);
    let mut unvisited = stones;
    let mut dead = 0u128;
    while unvisited != 0 {
        let seed = unvisited & unvisited.wrapping_neg();
        let group = flood(seed, stones);
        unvisited &= !group;
        if neighbours(group) & empty == 0 {
            dead |= group;
        }
    }
    match colour {
        Colour::Black => board.black &= !dead,
        Colour::White => board.white &= !dead,
    }
    dead
}

#[cfg(test)]
mod tests {
    use crate::games::go9::*;

    fn board(rows: [&str; 9]) -> Board {
        let mut b = Board::default();
        for (r, row) in rows.iter().enumerate() {
            for (c, byte) in row.bytes().enumerate() {
                b.set(Cell::new(r as u8, c as u8), Point::from_byte(byte).unwrap());
            }
        }
        b
    }

    #[test]
    fn has_facts_says_whether_analyse_finds_any() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for case in 0..3000u64 {
            let density = 10 + case % 86;
            let mut points = [[Point::Empty; 9]; 9];
            for point in points.iter_mut().flatten() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                if state % 100 < density {
                    *point = if state % 7 < 3 {
                        Point::Black
                    } else {
                        Point::White
                    };
                }
            }
            let board = Board::from_points(&points);
            let findings = analyse(&board);
            let any = findings.killable().next().is_some()
                || findings.dead().next().is_some()
                || findings.black_in_atari().next().is_some();
            assert_eq!(has_facts(&board), any, "{board:?}");
        }
    }

    #[test]
    fn neighbours_do_not_wrap_around_rows() {
        let right_edge = CellSet::from_iter([Cell::new(0, 8)]).bits();
        let n = CellSet::from_bits(neighbours(right_edge));
        assert_eq!(n, CellSet::from_iter([Cell::new(0, 7), Cell::new(1, 8)]));
        let left_edge = CellSet::from_iter([Cell::new(4, 0)]).bits();
        let n = CellSet::from_bits(neighbours(left_edge));
        assert_eq!(
            n,
            CellSet::from_iter([Cell::new(3, 0), Cell::new(5, 0), Cell::new(4, 1)])
        );
    }

    #[test]
    fn empty_neighbours_counts_one_and_two_as_its_name_says() {
        // Every point of an empty board has two to four empty neighbours.
        let (one, two) = empty_neighbours(ALL_POINTS);
        assert_eq!((one, two), (ALL_POINTS, ALL_POINTS));
        // One empty point: its neighbours have exactly one.
        let centre = CellSet::from_iter([Cell::new(4, 4)]).bits();
        let (one, two) = empty_neighbours(centre);
        assert_eq!((one, two), (neighbours(centre), 0));
        // Two empty points on a diagonal: the two points next to both have two.
        let pair = CellSet::from_iter([Cell::new(4, 4), Cell::new(5, 5)]).bits();
        let (one, two) = empty_neighbours(pair);
        assert_eq!(one, neighbours(pair));
        assert_eq!(
            CellSet::from_bits(two),
            CellSet::from_iter([Cell::new(4, 5), Cell::new(5, 4)])
        );
        // A point between two empty ones, across and then up and down.
        let between = Cell::new(4, 4);
        for pair in [
            [Cell::new(4, 3), Cell::new(4, 5)],
            [Cell::new(3, 4), Cell::new(5, 4)],
        ] {
            let (one, two) = empty_neighbours(CellSet::from_iter(pair).bits());
            assert!(CellSet::from_bits(one).contains(between), "{pair:?}");
            assert!(CellSet::from_bits(two).contains(between), "{pair:?}");
        }
    }

    #[test]
    fn playing_the_capture_point_removes_the_group_before_checking_x() {
        // The o stone in the corner has one liberty at (0, 1); x playing
        // there has no liberty itself until the o stone is removed.
        let b = board([
            "ox.......",
            "x........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let b = {
            let mut b = b;
            b.set(Cell::new(0, 1), Point::Empty);
            b.set(Cell::new(0, 2), Point::White);
            b.set(Cell::new(1, 1), Point::White);
            b
        };
        assert!(can_kill(&b));
        let outcome = play_black(&b, Cell::new(0, 1)).unwrap();
        assert_eq!(outcome.captured, CellSet::from_iter([Cell::new(0, 0)]));
        assert!(outcome.lost.is_empty());
    }
}
