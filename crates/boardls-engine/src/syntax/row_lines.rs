//! Where each board row of a position was read: kept in 16 bits a row.

/// The relative line of each board row read (`.tomek` uses 4 rows, `.uttt`
/// and `.go9` 9), `None` for a row not read. A position keeps one, so its
/// size counts for every position of a large document: rows sit within a
/// few lines of the position's start, and 16 bits a row hold them, 18
/// bytes where nine `Option<u32>` took 72. A row further than that (a
/// board cut by thousands of blank lines) moves all nine to a box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowLines {
    Near([u16; 9]),
    Far(Box<[Option<u32>; 9]>),
}

/// A row not read, in [`RowLines::Near`].
const UNREAD: u16 = u16::MAX;

impl Default for RowLines {
    fn default() -> RowLines {
        RowLines::Near([UNREAD; 9])
    }
}

impl RowLines {
    /// Rows `0..rows` on the first `rows` lines, as a regular board is read.
    pub(crate) fn consecutive(rows: usize) -> RowLines {
        let mut lines = RowLines::default();
        for row in 0..rows.min(9) {
            lines.set(row, row as u32);
        }
        lines
    }

    /// The relative line row `row` was read from.
    pub(crate) fn get(&self, row: usize) -> Option<u32> {
        match self {
            RowLines::Near(near) => near
                .get(row)
                .filter(|&&line| line != UNREAD)
                .map(|&line| u32::from(line)),
            RowLines::Far(far) => far.get(row).copied().flatten(),
        }
    }

    /// Notes that row `row` (0..9; others are ignored) was read from
    /// relative line `line`.
    pub(crate) fn set(&mut self, row: usize, line: u32) {
        if row >= 9 {
            return;
        }
        let short = u16::try_from(line).ok().filter(|&short| short != UNREAD);
        if let RowLines::Near(near) = self
            && let Some(short) = short
        {
            near[row] = short;
            return;
        }
        if let RowLines::Near(_) = self {
            let far = std::array::from_fn(|r| self.get(r));
            *self = RowLines::Far(Box::new(far));
        }
        if let RowLines::Far(far) = self {
            far[row] = Some(line);
        }
    }

    /// Each row's line, rows 0 to 8.
    pub fn iter(&self) -> impl Iterator<Item = Option<u32>> + '_ {
        (0..9).map(|row| self.get(row))
    }
}

#[cfg(test)]
mod tests {
    use super::RowLines;

    #[test]
    fn rows_near_and_far_read_back_as_set() {
        let mut lines = RowLines::default();
        assert_eq!(lines.iter().collect::<Vec<_>>(), vec![None; 9]);
        lines.set(0, 0);
        lines.set(3, 65_534);
        assert!(matches!(lines, RowLines::Near(_)));
        lines.set(4, 65_535);
        lines.set(8, u32::MAX);
        lines.set(9, 1);
        assert!(matches!(lines, RowLines::Far(_)));
        let read: Vec<_> = lines.iter().collect();
        assert_eq!(
            read,
            vec![
                Some(0),
                None,
                None,
                Some(65_534),
                Some(65_535),
                None,
                None,
                None,
                Some(u32::MAX)
            ]
        );
        assert_eq!(RowLines::consecutive(4).get(3), Some(3));
        assert_eq!(RowLines::consecutive(4).get(4), None);
    }
}
