//! Ultimate tic-tac-toe, as judged by Codeforces 907B.
//!
//! The board is a 9×9 grid of cells split into 3×3 small fields. Given the
//! cell of the last move, the next chip must go into the small field whose
//! position inside the big board equals the last move's position inside its
//! own small field; if that field has no empty cell, anywhere empty is legal.

use super::cell::{Cell, CellSet};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chip {
    /// `.`
    Empty,
    /// `!`: empty, and claimed to be a legal move (the judge's output form).
    Marked,
    /// `x`, the first player.
    X,
    /// `o`, the second player.
    O,
}

impl Chip {
    pub const fn from_byte(byte: u8) -> Option<Chip> {
        match byte {
            b'.' => Some(Chip::Empty),
            b'!' => Some(Chip::Marked),
            b'x' => Some(Chip::X),
            b'o' => Some(Chip::O),
            _ => None,
        }
    }

    pub const fn to_byte(self) -> u8 {
        match self {
            Chip::Empty => b'.',
            Chip::Marked => b'!',
            Chip::X => b'x',
            Chip::O => b'o',
        }
    }

    /// `.` and `!` are both free cells.
    pub const fn is_free(self) -> bool {
        matches!(self, Chip::Empty | Chip::Marked)
    }

    pub const fn player(self) -> Option<Player> {
        match self {
            Chip::X => Some(Player::X),
            Chip::O => Some(Player::O),
            Chip::Empty | Chip::Marked => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    X,
    O,
}

impl Player {
    pub(crate) const fn opponent(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }

    pub const fn chip(self) -> Chip {
        match self {
            Player::X => Chip::X,
            Player::O => Chip::O,
        }
    }

    pub const fn symbol(self) -> char {
        match self {
            Player::X => 'x',
            Player::O => 'o',
        }
    }
}

/// The 9×9 cells as bitsets over row-major cells from the top left (bit
/// `row * 9 + col`): the chips of each player and the `!` cells; every
/// other cell is `.`. The three sets are disjoint and within the 81 cells.
/// As sets, a regular row's bytes become its cells in a few instructions
/// and the judge's sets cost nothing, where a `[[Chip; 9]; 9]` would be
/// walked for the free and the marked cells on every board opened.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    x: CellSet,
    o: CellSet,
    marked: CellSet,
}

/// All 81 cells.
const ALL: u128 = (1 << 81) - 1;

impl Board {
    /// The board with these `x` chips, `o` chips and `!` cells (the rest
    /// `.`). Where the sets overlap, `x` wins over `o`, and a chip over `!`.
    pub(crate) const fn from_sets(x: CellSet, o: CellSet, marked: CellSet) -> Self {
        let x = x.bits() & ALL;
        let o = o.bits() & ALL & !x;
        let marked = marked.bits() & ALL & !(x | o);
        Board {
            x: CellSet::from_bits(x),
            o: CellSet::from_bits(o),
            marked: CellSet::from_bits(marked),
        }
    }

    pub fn chip(&self, cell: Cell) -> Chip {
        if self.x.contains(cell) {
            Chip::X
        } else if self.o.contains(cell) {
            Chip::O
        } else if self.marked.contains(cell) {
            Chip::Marked
        } else {
            Chip::Empty
        }
    }

    pub fn set(&mut self, cell: Cell, chip: Chip) {
        self.x.remove(cell);
        self.o.remove(cell);
        self.marked.remove(cell);
        match chip {
            Chip::X => self.x.insert(cell),
            Chip::O => self.o.insert(cell),
            Chip::Marked => self.marked.insert(cell),
            Chip::Empty => {}
        }
    }

    /// Every free cell (`.` or `!`).
    pub const fn free_cells(&self) -> CellSet {
        CellSet::from_bits(ALL & !(self.x.bits() | self.o.bits()))
    }

    /// Every `!` cell.
    pub(crate) const fn marked_cells(&self) -> CellSet {
        self.marked
    }
}

/// The cells of the small field at field row `field_row`, field column
/// `field_col` (each 0..3).
pub fn field_cells(field_row: u8, field_col: u8) -> CellSet {
    const TOP_LEFT_FIELD: u128 = 0b111 | 0b111 << 9 | 0b111 << 18;
    CellSet::from_bits(TOP_LEFT_FIELD << (field_row as u32 * 27 + field_col as u32 * 3))
}

/// Everything the rules say about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Findings {
    /// The cell of the last move (0-based).
    pub last_move: Cell,
    /// The small field the last move sends the next chip to: `Cell` holds
    /// its field row and field column, each 0..3.
    pub target_field: Cell,
    /// The target field had no free cell, so every free cell is legal.
    pub anywhere: bool,
    /// The legal cells for the next chip.
    pub legal: CellSet,
    /// The opponent of the chip on the last-move cell; `None` when that cell
    /// is free, which the judge guarantees never happens.
    pub to_move: Option<Player>,
}

/// The judge's rule. `last_move` is 0-based (the file's `x y` minus one).
pub fn judge(board: &Board, last_move: Cell) -> Findings {
    let target_field = Cell::new(last_move.row % 3, last_move.col % 3);
    let free = board.free_cells();
    let in_target = free.intersection(field_cells(target_field.row, target_field.col));
    let anywhere = in_target.is_empty();
    Findings {
        last_move,
        target_field,
        anywhere,
        legal: if anywhere { free } else { in_target },
        to_move: board.chip(last_move).player().map(Player::opponent),
    }
}

/// Where the `!` markers of a board disagree with the legal cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MarkerMismatch {
    /// Legal cells left as `.`.
    pub missing: CellSet,
    /// `!` cells that are not legal.
    pub wrong: CellSet,
}

/// Markers are checked only on boards that use them: a board with no `!` is
/// an ordinary judge input.
pub(crate) fn marker_mismatch(board: &Board, findings: &Findings) -> MarkerMismatch {
    let marked = board.marked_cells();
    if marked.is_empty() {
        return MarkerMismatch::default();
    }
    MarkerMismatch {
        missing: findings.legal.difference(marked),
        wrong: marked.difference(findings.legal),
    }
}

/// The board as the judge prints it: legal cells become `!`, other free
/// cells `.`, chips unchanged.
pub fn judge_output_board(board: &Board, findings: &Findings) -> Board {
    Board::from_sets(board.x, board.o, findings.legal)
}

/// The bytes of three cells of a row, by their bits `x | o << 3 | ! << 6`
/// (`x` first where sets overlap, which they never do on a board).
const GROUPS: [[u8; 3]; 512] = {
    let mut table = [[b'.'; 3]; 512];
    let mut key = 0;
    while key < 512 {
        let mut i = 0;
        while i < 3 {
            table[key][i] = if key >> i & 1 != 0 {
                b'x'
            } else if key >> (3 + i) & 1 != 0 {
                b'o'
            } else if key >> (6 + i) & 1 != 0 {
                b'!'
            } else {
                b'.'
            };
            i += 1;
        }
        key += 1;
    }
    table
};

/// Appends the board in the judge's layout: rows as `ccc ccc ccc`, bands
/// separated by one blank line, every line ended by `\n`.
pub(crate) fn write_board(board: &Board, out: &mut Vec<u8>) {
    let mut text = [b' '; 110];
    let (x, o, marked) = (board.x.bits(), board.o.bits(), board.marked.bits());
    for row in 0..9 {
        let start = row * 12 + row / 3;
        let line = &mut text[start..start + 12];
        let row_bits = |set: u128| (set >> (row * 9)) as usize & 0x1ff;
        let (x, o, marked) = (row_bits(x), row_bits(o), row_bits(marked));
        for group in 0..3 {
            let key = (x >> (group * 3) & 7) | (o >> (group * 3) & 7) << 3;
            let key = key | (marked >> (group * 3) & 7) << 6;
            line[group * 4..group * 4 + 3].copy_from_slice(&GROUPS[key]);
        }
        line[11] = b'\n';
        if row == 2 || row == 5 {
            text[start + 12] = b'\n';
        }
    }
    out.extend_from_slice(&text);
}

#[cfg(test)]
mod tests {
    use crate::games::uttt::*;

    #[test]
    fn each_chip_reads_back_from_its_byte() {
        for chip in [Chip::Empty, Chip::Marked, Chip::X, Chip::O] {
            assert_eq!(Chip::from_byte(chip.to_byte()), Some(chip));
        }
        for byte in [b'X', b'O', b'#', b' ', b'0'] {
            assert_eq!(Chip::from_byte(byte), None);
        }
    }

    #[test]
    fn field_cells_cover_each_field() {
        let mut all = CellSet::EMPTY;
        for fr in 0..3 {
            for fc in 0..3 {
                let cells = field_cells(fr, fc);
                assert_eq!(cells.len(), 9);
                assert!(cells.iter().all(|c| c.row / 3 == fr && c.col / 3 == fc));
                all = all.union(cells);
            }
        }
        assert_eq!(all.len(), 81);
    }

    #[test]
    fn cells_read_back_as_set_and_write_as_the_judge_does() {
        let chips = [Chip::Empty, Chip::X, Chip::O, Chip::Marked];
        let mut board = Board::default();
        let mut text = Vec::new();
        for row in 0..9u8 {
            if row == 3 || row == 6 {
                text.push(b'\n');
            }
            for col in 0..9u8 {
                if col == 3 || col == 6 {
                    text.push(b' ');
                }
                let chip = chips[usize::from((row * 7 + col * 3 + row / 2) % 4)];
                // Overwritten: only the last chip set stays.
                board.set(Cell::new(row, col), Chip::X);
                board.set(Cell::new(row, col), chip);
                text.push(chip.to_byte());
            }
            text.push(b'\n');
        }
        for row in 0..9u8 {
            for col in 0..9u8 {
                let cell = Cell::new(row, col);
                let chip = board.chip(cell);
                assert_eq!(board.free_cells().contains(cell), chip.is_free());
                assert_eq!(board.marked_cells().contains(cell), chip == Chip::Marked);
            }
        }
        let mut written = Vec::new();
        write_board(&board, &mut written);
        assert_eq!(
            String::from_utf8_lossy(&written),
            String::from_utf8_lossy(&text)
        );
        let all = CellSet::from_bits((1 << 81) - 1);
        assert_eq!(
            Board::from_sets(all, all, all),
            Board::from_sets(all, CellSet::EMPTY, CellSet::EMPTY)
        );
    }
}
