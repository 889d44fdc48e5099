//! What a picture shows, before it is drawn: every cell's character as
//! the file has it, the marks on each cell, and the facts about the whole
//! position. The SVG and the text board are two drawings of one scene.

use crate::games::{Cell, GameKind};
use crate::i18n::message;
use crate::i18n::{Locale, Message};

/// A highlight on a cell. Each has a stable name: the SVG carries it in
/// `data-marks` and `class`, and the legends use it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// The cell under the cursor.
    Cursor,
    /// `.go9`: the stones of the hovered group, or those a move on the
    /// hovered point captures.
    Group,
    /// `.go9`: the point where that group is captured.
    Capture,
    /// `.go9`: a liberty of the hovered group (when it has more than one).
    Liberty,
    /// `.uttt`: a legal cell for the next chip.
    Legal,
    /// `.uttt`: the cell of the last move.
    LastMove,
    /// `.uttt`: a cell of the field the last move sends the next chip to.
    Target,
    /// `.tomek`: a cell of a winning line.
    Win,
}

impl Mark {
    pub const ALL: [Mark; 8] = [
        Mark::Cursor,
        Mark::Group,
        Mark::Capture,
        Mark::Liberty,
        Mark::Legal,
        Mark::LastMove,
        Mark::Target,
        Mark::Win,
    ];

    /// What the description says of the cells with this mark
    /// (`group: 1,2 1,3.`).
    fn cells_said(self, cells: String) -> Message {
        match self {
            Mark::Cursor => message!("picture-mark-cursor", cells = cells),
            Mark::Group => message!("picture-mark-group", cells = cells),
            Mark::Capture => message!("picture-mark-capture", cells = cells),
            Mark::Liberty => message!("picture-mark-liberty", cells = cells),
            Mark::Legal => message!("picture-mark-legal", cells = cells),
            Mark::LastMove => message!("picture-mark-last-move", cells = cells),
            Mark::Target => message!("picture-mark-target", cells = cells),
            Mark::Win => message!("picture-mark-win", cells = cells),
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Mark::Cursor => "cursor",
            Mark::Group => "group",
            Mark::Capture => "capture",
            Mark::Liberty => "liberty",
            Mark::Legal => "legal",
            Mark::LastMove => "last-move",
            Mark::Target => "target",
            Mark::Win => "win",
        }
    }

    const fn bit(self) -> u16 {
        1 << self as u16
    }
}

/// The marks of one cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks(u16);

impl Marks {
    pub fn insert(&mut self, mark: Mark) {
        self.0 |= mark.bit();
    }

    pub const fn contains(self, mark: Mark) -> bool {
        self.0 & mark.bit() != 0
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// In [`Mark::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Mark> {
        Mark::ALL.into_iter().filter(move |m| self.contains(*m))
    }

    /// The names, space-separated (`"group cursor"`).
    pub fn names(self) -> String {
        self.iter().map(Mark::name).collect::<Vec<_>>().join(" ")
    }
}

/// A line drawn across cells: a `.tomek` winning line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stroke {
    pub from: Cell,
    pub to: Cell,
    /// `X` or `O`.
    pub player: char,
    /// `row 1`, `column 2`, `diagonal`, `anti-diagonal`.
    pub line: String,
}

/// A fact about the whole position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    /// Its name in the SVG's `data-*` attribute (`last-move`).
    pub name: &'static str,
    /// Its value there, the same in every language (`3 5`, `none`).
    pub value: String,
    /// The sentence the description says of it, in the picture's
    /// language (`last-move: 3 5.`).
    pub said: String,
}

/// One position, ready to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scene {
    pub kind: GameKind,
    /// Rows and columns: 9, or 4 for `.tomek`.
    pub size: u8,
    /// Each cell's character as the file has it (`x`, `o`, `.`, `!`, `X`,
    /// `O`, `T`), row by row; only `size × size` are used.
    pub cells: [[u8; 9]; 9],
    pub marks: [[Marks; 9]; 9],
    /// `Case #k: verdict`, in the picture's language.
    pub title: String,
    /// The language of the title, the description and the legend.
    pub locale: Locale,
    /// Facts about the whole position: the SVG's `data-*` attributes on
    /// its root, and the description.
    pub facts: Vec<Fact>,
    pub strokes: Vec<Stroke>,
    /// `.uttt`: the target field (field row and column, each 0..3).
    pub target_field: Option<Cell>,
}

impl Scene {
    pub fn new(kind: GameKind, title: String, locale: Locale) -> Scene {
        Scene {
            kind,
            size: if kind == GameKind::Tomek { 4 } else { 9 },
            cells: [[b'.'; 9]; 9],
            marks: [[Marks::default(); 9]; 9],
            title,
            locale,
            facts: Vec::new(),
            strokes: Vec::new(),
            target_field: None,
        }
    }

    /// Every cell of the board, row by row.
    pub fn each_cell(&self) -> impl Iterator<Item = Cell> + use<> {
        let size = self.size;
        (0..size).flat_map(move |row| (0..size).map(move |col| Cell::new(row, col)))
    }

    pub fn cell(&self, cell: Cell) -> u8 {
        self.cells[usize::from(cell.row)][usize::from(cell.col)]
    }

    pub fn marks(&self, cell: Cell) -> Marks {
        self.marks[usize::from(cell.row)][usize::from(cell.col)]
    }

    pub fn mark(&mut self, cell: Cell, mark: Mark) {
        if let Some(slot) = self
            .marks
            .get_mut(usize::from(cell.row))
            .and_then(|row| row.get_mut(usize::from(cell.col)))
        {
            slot.insert(mark);
        }
    }

    pub fn mark_all(&mut self, cells: impl IntoIterator<Item = Cell>, mark: Mark) {
        for cell in cells {
            self.mark(cell, mark);
        }
    }

    /// Whether any cell has `mark`.
    pub fn has(&self, mark: Mark) -> bool {
        self.each_cell().any(|cell| self.marks(cell).contains(mark))
    }

    /// The rows as the file writes them (`.uttt` groups separated by
    /// spaces), joined by `/`.
    pub fn rows_text(&self) -> String {
        let size = usize::from(self.size);
        let mut rows = Vec::with_capacity(size);
        for row in &self.cells[..size] {
            let mut text = String::with_capacity(11);
            for (col, &byte) in row[..size].iter().enumerate() {
                if self.kind == GameKind::Uttt && col > 0 && col.is_multiple_of(3) {
                    text.push(' ');
                }
                text.push(char::from(byte));
            }
            rows.push(text);
        }
        rows.join("/")
    }

    /// What the picture shows, in words: the title, the rows, the facts
    /// and the marked cells (1-based `row,column`).
    pub fn description(&self) -> String {
        let head = message!(
            "picture-description",
            game = self.kind.id(),
            title = self.title.clone(),
            size = self.size,
            rows = self.rows_text()
        );
        let mut parts = vec![head.word(self.locale)];
        parts.extend(self.facts.iter().map(|fact| fact.said.clone()));
        for mark in Mark::ALL {
            let cells: Vec<String> = self
                .each_cell()
                .filter(|&cell| self.marks(cell).contains(mark))
                .map(|cell| format!("{},{}", cell.row + 1, cell.col + 1))
                .collect();
            if !cells.is_empty() {
                parts.push(mark.cells_said(cells.join(" ")).word(self.locale));
            }
        }
        parts.join(" ")
    }
}
