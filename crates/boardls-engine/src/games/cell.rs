//! Cells and sets of cells: every board fits a 9×9 grid, so a set of cells
//! is one `u128` bitset and no rule allocates per cell.

/// A cell of a board, 0-based, row from the top and column from the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub row: u8,
    pub col: u8,
}

impl Cell {
    pub const fn new(row: u8, col: u8) -> Self {
        Cell { row, col }
    }

    /// Bit index in a [`CellSet`]: every board is laid on a 9-wide grid.
    const fn bit(self) -> u32 {
        self.row as u32 * 9 + self.col as u32
    }

    const fn from_bit(bit: u32) -> Self {
        Cell {
            row: (bit / 9) as u8,
            col: (bit % 9) as u8,
        }
    }
}

/// A set of cells of a board of at most 9×9 cells.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CellSet(u128);

impl CellSet {
    pub const EMPTY: CellSet = CellSet(0);

    pub const fn from_bits(bits: u128) -> Self {
        CellSet(bits)
    }

    pub const fn bits(self) -> u128 {
        self.0
    }

    pub fn insert(&mut self, cell: Cell) {
        self.0 |= 1 << cell.bit();
    }

    pub fn remove(&mut self, cell: Cell) {
        self.0 &= !(1 << cell.bit());
    }

    pub const fn contains(self, cell: Cell) -> bool {
        self.0 & (1 << cell.bit()) != 0
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn union(self, other: CellSet) -> CellSet {
        CellSet(self.0 | other.0)
    }

    pub const fn intersection(self, other: CellSet) -> CellSet {
        CellSet(self.0 & other.0)
    }

    pub const fn difference(self, other: CellSet) -> CellSet {
        CellSet(self.0 & !other.0)
    }

    /// The first cell in row-major order.
    pub fn first(self) -> Option<Cell> {
        (self.0 != 0).then(|| Cell::from_bit(self.0.trailing_zeros()))
    }

    /// Cells in row-major order.
    pub fn iter(self) -> CellSetIter {
        CellSetIter(self.0)
    }
}

impl std::fmt::Debug for CellSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|c| (c.row, c.col)))
            .finish()
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut set = CellSet::EMPTY;
        for cell in iter {
            set.insert(cell);
        }
        set
    }
}

impl IntoIterator for CellSet {
    type Item = Cell;
    type IntoIter = CellSetIter;
    fn into_iter(self) -> CellSetIter {
        self.iter()
    }
}

pub struct CellSetIter(u128);

impl Iterator for CellSetIter {
    type Item = Cell;
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Cell::from_bit(bit))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CellSetIter {}

#[cfg(test)]
mod tests {
    use crate::games::cell::{Cell, CellSet};

    #[test]
    fn cell_set_round_trips_every_cell() {
        let all: CellSet = (0..9)
            .flat_map(|r| (0..9).map(move |c| Cell::new(r, c)))
            .collect();
        assert_eq!(all.len(), 81);
        let cells: Vec<Cell> = all.iter().collect();
        assert_eq!(cells.first(), Some(&Cell::new(0, 0)));
        assert_eq!(cells.last(), Some(&Cell::new(8, 8)));
        assert!(cells.windows(2).all(|w| w[0] < w[1]));
    }

    /// Sets that share cells: the union keeps the shared ones (the callers
    /// join groups and winning lines that may overlap), and the set shows
    /// its cells as (row, column) pairs in a failed assertion.
    #[test]
    fn overlapping_sets_join_and_show_their_cells() {
        let a: CellSet = [Cell::new(0, 0), Cell::new(4, 5)].into_iter().collect();
        let b: CellSet = [Cell::new(4, 5), Cell::new(8, 8)].into_iter().collect();
        let both = a.union(b);
        assert_eq!(both.len(), 3);
        assert!(both.contains(Cell::new(4, 5)));
        assert_eq!(
            a.intersection(b).iter().collect::<Vec<_>>(),
            [Cell::new(4, 5)]
        );
        assert_eq!(format!("{both:?}"), "{(0, 0), (4, 5), (8, 8)}");
    }

    /// The iterator knows how many cells are left (a `collect` sizes its
    /// buffer by it), down to none.
    #[test]
    fn the_iterator_counts_what_is_left() {
        let set: CellSet = [Cell::new(0, 0), Cell::new(4, 5), Cell::new(8, 8)]
            .into_iter()
            .collect();
        let mut cells = set.iter();
        assert_eq!(cells.size_hint(), (3, Some(3)));
        cells.next();
        assert_eq!(cells.size_hint(), (2, Some(2)));
        cells.by_ref().for_each(drop);
        assert_eq!(cells.size_hint(), (0, Some(0)));
    }
}
