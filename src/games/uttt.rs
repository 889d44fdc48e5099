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
    pub const fn opponent(self) -> Player {
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

/// The 9×9 cells, row-major from the top left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub cells: [[Chip; 9]; 9],
}

impl Default for Board {
    fn default() -> Self {
        Board {
            cells: [[Chip::Empty; 9]; 9],
        }
    }
}

impl Board {
    pub fn chip(&self, cell: Cell) -> Chip {
        self.cells[cell.row as usize][cell.col as usize]
    }

    pub fn set(&mut self, cell: Cell, chip: Chip) {
        self.cells[cell.row as usize][cell.col as usize] = chip;
    }

    /// Every free cell (`.` or `!`).
    pub fn free_cells(&self) -> CellSet {
        self.cells_where(Chip::is_free)
    }

    /// Every `!` cell.
    pub fn marked_cells(&self) -> CellSet {
        self.cells_where(|chip| chip == Chip::Marked)
    }

    fn cells_where(&self, keep: impl Fn(Chip) -> bool) -> CellSet {
        let mut bits = 0u128;
        for (r, row) in self.cells.iter().enumerate() {
            for (c, &chip) in row.iter().enumerate() {
                if keep(chip) {
                    bits |= 1 << (r * 9 + c);
                }
            }
        }
        CellSet::from_bits(bits)
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
pub fn marker_mismatch(board: &Board, findings: &Findings) -> MarkerMismatch {
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
    let mut out = *board;
    for row in 0..9u8 {
        for col in 0..9u8 {
            let cell = Cell::new(row, col);
            if findings.legal.contains(cell) {
                out.set(cell, Chip::Marked);
            } else if board.chip(cell).is_free() {
                out.set(cell, Chip::Empty);
            }
        }
    }
    out
}

/// Appends the board in the judge's layout: rows as `ccc ccc ccc`, bands
/// separated by one blank line, every line ended by `\n`.
pub fn write_board(board: &Board, out: &mut Vec<u8>) {
    for (r, row) in board.cells.iter().enumerate() {
        if r == 3 || r == 6 {
            out.push(b'\n');
        }
        for (c, chip) in row.iter().enumerate() {
            if c == 3 || c == 6 {
                out.push(b' ');
            }
            out.push(chip.to_byte());
        }
        out.push(b'\n');
    }
}

#[cfg(test)]
mod tests {
    use crate::games::uttt::*;

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
}
