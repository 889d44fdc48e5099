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

    pub const fn to_byte(self) -> u8 {
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

    pub fn t_cells(&self) -> CellSet {
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
    pub fn both_won(&self) -> bool {
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

/// The rules as the GCJ 2013 statement gives them, checked on boards
/// written out by hand: each line, each symbol, the joker, the verdicts.
#[cfg(test)]
mod tests {
    use super::*;

    /// A board from four rows of `X`, `O`, `T`, `.`.
    fn board(rows: [&str; 4]) -> Board {
        let mut board = Board::default();
        for (r, row) in rows.iter().enumerate() {
            for (c, byte) in row.bytes().enumerate() {
                board.cells[r][c] = Mark::from_byte(byte).unwrap();
            }
        }
        board
    }

    /// `rows` with `symbol` written over the cells of `line`.
    fn with_line(rows: [&str; 4], line: Line, symbols: [u8; 4]) -> Board {
        let mut b = board(rows);
        for (cell, &symbol) in line.cells().iter().zip(&symbols) {
            b.cells[cell.row as usize][cell.col as usize] = Mark::from_byte(symbol).unwrap();
        }
        b
    }

    fn lines(findings: &Findings) -> Vec<WinningLine> {
        findings.winning_lines.iter().collect()
    }

    const EMPTY: [&str; 4] = ["....", "....", "....", "...."];

    #[test]
    fn marks_and_words_are_the_statements() {
        for (byte, mark) in [
            (b'X', Mark::X),
            (b'O', Mark::O),
            (b'T', Mark::T),
            (b'.', Mark::Empty),
        ] {
            assert_eq!(Mark::from_byte(byte), Some(mark));
            assert_eq!(mark.to_byte(), byte);
        }
        assert_eq!(Mark::from_byte(b'x'), None);
        assert_eq!((Player::X.symbol(), Player::O.symbol()), ('X', 'O'));
        assert_eq!(Verdict::XWon.text(), "X won");
        assert_eq!(Verdict::OWon.text(), "O won");
        assert_eq!(Verdict::Draw.text(), "Draw");
        assert_eq!(Verdict::NotCompleted.text(), "Game has not completed");
    }

    #[test]
    fn the_ten_lines_are_rows_columns_and_both_diagonals() {
        let cells = |line: Line| line.cells().map(|c| (c.row, c.col));
        assert_eq!(cells(Line::Row(2)), [(2, 0), (2, 1), (2, 2), (2, 3)]);
        assert_eq!(cells(Line::Column(1)), [(0, 1), (1, 1), (2, 1), (3, 1)]);
        assert_eq!(cells(Line::Diagonal), [(0, 0), (1, 1), (2, 2), (3, 3)]);
        assert_eq!(cells(Line::AntiDiagonal), [(0, 3), (1, 2), (2, 1), (3, 0)]);
    }

    #[test]
    fn a_board_is_read_row_by_row() {
        let b = board(["X...", "..O.", "....", "T..."]);
        assert_eq!(b.mark(Cell::new(0, 0)), Mark::X);
        assert_eq!(b.mark(Cell::new(1, 2)), Mark::O);
        assert_eq!(b.mark(Cell::new(2, 1)), Mark::Empty);
        assert_eq!(b.mark(Cell::new(3, 0)), Mark::T);
        let t = board(["T...", "...T", "....", ".T.."]).t_cells();
        let t: Vec<(u8, u8)> = t.iter().map(|c| (c.row, c.col)).collect();
        assert_eq!(t, [(0, 0), (1, 3), (3, 1)]);
        assert!(board(EMPTY).t_cells().is_empty());
    }

    #[test]
    fn four_of_a_symbol_or_three_and_t_win_every_line() {
        for line in Line::ALL {
            for (symbols, player, judged) in [
                (*b"XXXX", Player::X, Verdict::XWon),
                (*b"OOOO", Player::O, Verdict::OWon),
            ] {
                for joker in 0..5 {
                    let mut symbols = symbols;
                    if joker < 4 {
                        symbols[joker] = b'T';
                    }
                    let b = with_line(EMPTY, line, symbols);
                    let findings = analyse(&b);
                    assert_eq!(findings.verdict, judged, "{line:?} {symbols:?}");
                    assert_eq!(verdict(&b), judged, "{line:?} {symbols:?}");
                    assert_eq!(lines(&findings), [WinningLine { player, line }]);
                    assert_eq!(
                        findings.winning_lines.first(),
                        Some(WinningLine { player, line })
                    );
                    assert!(!findings.both_won());
                }
            }
        }
    }

    #[test]
    fn a_line_short_of_four_or_with_two_symbols_does_not_win() {
        for line in Line::ALL {
            for symbols in [
                *b"XXX.", *b"XXXO", *b"OOOX", *b"XXTT", *b"TTTT", *b"OOO.", *b"OTOX",
            ] {
                let b = with_line(EMPTY, line, symbols);
                let findings = analyse(&b);
                assert_eq!(
                    findings.verdict,
                    Verdict::NotCompleted,
                    "{line:?} {symbols:?}"
                );
                assert_eq!(findings.winning_lines.first(), None);
                assert!(lines(&findings).is_empty());
            }
        }
    }

    #[test]
    fn a_full_board_without_a_line_is_a_draw() {
        // The statement's own draw: no line of four, no empty cell.
        let b = board(["XOXT", "XXOO", "OXOX", "XXOO"]);
        assert_eq!(verdict(&b), Verdict::Draw);
        assert_eq!(analyse(&b).verdict, Verdict::Draw);
        // One empty cell left: not completed.
        let b = board(["XOX.", "OXOX", "OXOX", "XOXO"]);
        assert_eq!(verdict(&b), Verdict::NotCompleted);
    }

    #[test]
    fn every_winning_line_is_listed_in_order() {
        // X holds row 0, column 0 and the diagonal (with T); O's row 3 holds an X.
        let b = board(["XXXX", "XXOO", "X.XO", "XOOT"]);
        let found = lines(&analyse(&b));
        assert_eq!(
            found,
            [
                WinningLine {
                    player: Player::X,
                    line: Line::Row(0)
                },
                WinningLine {
                    player: Player::X,
                    line: Line::Column(0)
                },
                WinningLine {
                    player: Player::X,
                    line: Line::Diagonal
                },
            ]
        );
        let b = board(["OXXT", "XOX.", "X.O.", "...O"]);
        let findings = analyse(&b);
        assert_eq!(
            lines(&findings),
            [WinningLine {
                player: Player::O,
                line: Line::Diagonal
            }]
        );
        assert_eq!(findings.verdict, Verdict::OWon);
        // X's anti-diagonal with T and O's row 3.
        let b = board(["...T", "..X.", ".X..", "XOOO"]);
        let found = lines(&analyse(&b));
        assert_eq!(
            found,
            [WinningLine {
                player: Player::X,
                line: Line::AntiDiagonal
            }]
        );
        let b = board(["...X", "..X.", ".X..", "TOOO"]);
        let findings = analyse(&b);
        assert_eq!(
            lines(&findings),
            [
                WinningLine {
                    player: Player::O,
                    line: Line::Row(3)
                },
                WinningLine {
                    player: Player::X,
                    line: Line::AntiDiagonal
                },
            ]
        );
        assert!(findings.both_won());
        // The judges' solutions report X when both hold a line.
        assert_eq!(findings.verdict, Verdict::XWon);
        assert_eq!(verdict(&b), Verdict::XWon);
    }

    #[test]
    fn facts_are_two_jokers_or_both_players_winning() {
        let facts = |rows| MarkMasks::of(&board(rows)).has_facts();
        assert!(!facts(EMPTY));
        assert!(!facts(["T...", "....", "....", "...."]));
        assert!(facts(["T...", "....", "....", "...T"]));
        assert!(facts(["T.T.", "....", "T...", "...."]));
        // One player's line alone is no fact; both players' lines are.
        assert!(!facts(["XXXT", "....", "OO..", "...."]));
        assert!(!facts(["XXX.", "OOOO", "....", "...."]));
        assert!(facts(["XXXX", "OOOO", "....", "...."]));
    }

    #[test]
    fn masks_hold_each_mark_at_its_cell() {
        let masks = MarkMasks::of(&board(["X...", ".O..", "..T.", "...."]));
        assert_eq!(masks.x, 1 << 0);
        assert_eq!(masks.o, 1 << 5);
        assert_eq!(masks.t, 1 << 10);
        assert_eq!(masks.empty, !(1 | 1 << 5 | 1 << 10));
        let mut added = MarkMasks::default();
        added.add(15, Mark::O);
        added.add(3, Mark::X);
        added.add(3, Mark::T);
        added.add(7, Mark::Empty);
        assert_eq!(
            (added.x, added.o, added.t, added.empty),
            (1 << 3, 1 << 15, 1 << 3, 1 << 7)
        );
    }
}
