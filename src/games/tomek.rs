//! Tic-Tac-Toe-Tomek on a 4×4 board, as judged by GCJ 2013 Qualification A.
//!
//! A player wins with a row, column or diagonal holding four of their
//! symbols, or three and the `T` joker.

use super::cell::{Cell, CellSet};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mark {
    X,
    O,
    T,
    #[default]
    Empty,
}

impl Mark {
    pub const fn from_byte(byte: u8) -> Option<Mark> {
        match byte {
            b'X' => Some(Mark::X),
            b'O' => Some(Mark::O),
            b'T' => Some(Mark::T),
            b'.' => Some(Mark::Empty),
            _ => None,
        }
    }

    pub(crate) const fn to_byte(self) -> u8 {
        match self {
            Mark::X => b'X',
            Mark::O => b'O',
            Mark::T => b'T',
            Mark::Empty => b'.',
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    X,
    O,
}

impl Player {
    pub const fn symbol(self) -> char {
        match self {
            Player::X => 'X',
            Player::O => 'O',
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    XWon,
    OWon,
    Draw,
    NotCompleted,
}

impl Verdict {
    /// The judge's wording.
    pub const fn text(self) -> &'static str {
        match self {
            Verdict::XWon => "X won",
            Verdict::OWon => "O won",
            Verdict::Draw => "Draw",
            Verdict::NotCompleted => "Game has not completed",
        }
    }
}

/// Which of the ten lines of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    Row(u8),
    Column(u8),
    /// Top left to bottom right.
    Diagonal,
    /// Top right to bottom left.
    AntiDiagonal,
}

impl Line {
    pub const ALL: [Line; 10] = [
        Line::Row(0),
        Line::Row(1),
        Line::Row(2),
        Line::Row(3),
        Line::Column(0),
        Line::Column(1),
        Line::Column(2),
        Line::Column(3),
        Line::Diagonal,
        Line::AntiDiagonal,
    ];

    pub const fn cells(self) -> [Cell; 4] {
        let mut cells = [Cell::new(0, 0); 4];
        let mut i = 0;
        while i < 4 {
            let k = i as u8;
            cells[i] = match self {
                Line::Row(r) => Cell::new(r, k),
                Line::Column(c) => Cell::new(k, c),
                Line::Diagonal => Cell::new(k, k),
                Line::AntiDiagonal => Cell::new(k, 3 - k),
            };
            i += 1;
        }
        cells
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    pub cells: [[Mark; 4]; 4],
}

impl Board {
    pub fn mark(&self, cell: Cell) -> Mark {
        self.cells[cell.row as usize][cell.col as usize]
    }

    pub(crate) fn t_cells(&self) -> CellSet {
        // Loops rather than an iterator chain: `check` asks this of every
        // board with findings.
        let mut cells = CellSet::EMPTY;
        for (r, row) in (0u8..).zip(&self.cells) {
            for (c, &mark) in (0u8..).zip(row) {
                if mark == Mark::T {
                    cells.insert(Cell::new(r, c));
                }
            }
        }
        cells
    }
}

/// A line that wins the game for `player`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WinningLine {
    pub player: Player,
    pub line: Line,
}

/// Every winning line of a board, in [`Line::ALL`] order: bit `i` of a
/// player's mask is set when line `i` wins for them. Four bytes, kept in
/// every `.tomek` position of a document where a list would be a pointer,
/// two lengths and an allocation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WinningLines {
    x: u16,
    o: u16,
}

impl WinningLines {
    /// Each winning line, in [`Line::ALL`] order.
    pub fn iter(&self) -> Wins {
        Wins {
            lines: *self,
            next: 0,
        }
    }

    pub(crate) fn first(&self) -> Option<WinningLine> {
        self.iter().next()
    }
}

impl IntoIterator for &WinningLines {
    type Item = WinningLine;
    type IntoIter = Wins;

    fn into_iter(self) -> Wins {
        self.iter()
    }
}

/// The winning lines of [`WinningLines::iter`].
pub struct Wins {
    lines: WinningLines,
    next: usize,
}

impl Iterator for Wins {
    type Item = WinningLine;

    fn next(&mut self) -> Option<WinningLine> {
        while let Some(&line) = Line::ALL.get(self.next) {
            let bit = 1 << self.next;
            self.next += 1;
            // A line wins for one player at most: it holds no mark of the
            // other.
            let player = if self.lines.x & bit != 0 {
                Player::X
            } else if self.lines.o & bit != 0 {
                Player::O
            } else {
                continue;
            };
            return Some(WinningLine { player, line });
        }
        None
    }
}

/// Everything the rules say about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Findings {
    pub verdict: Verdict,
    pub winning_lines: WinningLines,
}

impl Findings {
    /// Both players hold a winning line: no real game gets there.
    pub(crate) fn both_won(&self) -> bool {
        self.winning_lines.x != 0 && self.winning_lines.o != 0
    }
}

/// The judge's verdict without collecting lines. When both players hold a
/// line (impossible in play) X is reported, as the judges' solutions do.
pub fn verdict(board: &Board) -> Verdict {
    MarkMasks::of(board).verdict()
}

/// The board as one 16-bit mask per symbol (bit `row * 4 + col`): the
/// judge's hot loop checks a line with two masks and a popcount.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MarkMasks {
    pub x: u16,
    pub o: u16,
    pub t: u16,
    pub empty: u16,
}

/// The cells of each line of [`Line::ALL`], in that order, as masks.
const LINE_MASKS: [u16; 10] = {
    let mut masks = [0u16; 10];
    let mut i = 0;
    while i < 10 {
        let cells = Line::ALL[i].cells();
        let mut k = 0;
        while k < 4 {
            masks[i] |= 1 << (cells[k].row * 4 + cells[k].col);
            k += 1;
        }
        i += 1;
    }
    masks
};

impl MarkMasks {
    pub fn of(board: &Board) -> MarkMasks {
        let mut masks = MarkMasks::default();
        for (i, &mark) in board.cells.iter().flatten().enumerate() {
            masks.add(i as u32, mark);
        }
        masks
    }

    /// Records `mark` at bit `index` (`row * 4 + col`).
    pub fn add(&mut self, index: u32, mark: Mark) {
        let bit = 1 << index;
        match mark {
            Mark::X => self.x |= bit,
            Mark::O => self.o |= bit,
            Mark::T => self.t |= bit,
            Mark::Empty => self.empty |= bit,
        }
    }

    /// The rule: `player` wins `line` holding all four of its cells, or
    /// three and the `T`.
    fn wins(player: u16, t: u16, line: u16) -> bool {
        (player | t) & line == line && (t & line).count_ones() <= 1
    }

    /// Who wins the line of cells `line` (no line is won by both).
    fn line_winner(self, line: u16) -> Option<Player> {
        if Self::wins(self.x, self.t, line) {
            Some(Player::X)
        } else if Self::wins(self.o, self.t, line) {
            Some(Player::O)
        } else {
            None
        }
    }

    /// Whether the board has facts beyond its verdict: more than one `T`,
    /// or both players holding a winning line.
    pub(crate) fn has_facts(self) -> bool {
        self.t.count_ones() > 1
            || (LINE_MASKS.iter().any(|&l| Self::wins(self.x, self.t, l))
                && LINE_MASKS.iter().any(|&l| Self::wins(self.o, self.t, l)))
    }

    pub fn verdict(self) -> Verdict {
        if LINE_MASKS.iter().any(|&l| Self::wins(self.x, self.t, l)) {
            Verdict::XWon
        } else if LINE_MASKS.iter().any(|&l| Self::wins(self.o, self.t, l)) {
            Verdict::OWon
        } else if self.empty != 0 {
            Verdict::NotCompleted
        } else {
            Verdict::Draw
        }
    }
}

pub fn analyse(board: &Board) -> Findings {
    analyse_masks(MarkMasks::of(board))
}

/// [`analyse`] of a board read as its masks.
pub(crate) fn analyse_masks(masks: MarkMasks) -> Findings {
    let mut winning_lines = WinningLines::default();
    for (i, mask) in LINE_MASKS.into_iter().enumerate() {
        match masks.line_winner(mask) {
            Some(Player::X) => winning_lines.x |= 1 << i,
            Some(Player::O) => winning_lines.o |= 1 << i,
            None => {}
        }
    }
    Findings {
        verdict: masks.verdict(),
        winning_lines,
    }
}
