//! Finding positions and cells of a document from LSP coordinates, and
//! naming them for people. Lookups go through the document's line index
//! (binary search), so they cost the same in any document size.

use ls_types::{Position, Range};

use crate::diagnostics::Span;
use crate::games::Cell;
use crate::lsp::encoding::{line_end, position_to_line_byte, span_to_range};
use crate::lsp::view::DocView;
use crate::syntax::DocPosition;

/// A position of the document with its index (`Case #(index + 1)`) and
/// its absolute lines.
#[derive(Clone, Copy)]
pub struct Located<'a> {
    pub index: usize,
    pub position: DocPosition<'a>,
}

impl<'a> Located<'a> {
    pub fn case(&self) -> usize {
        self.index + 1
    }

    /// Absolute line of its last content line.
    pub fn last_line(&self) -> u32 {
        self.position.last_line()
    }

    /// `Case #k: verdict`, in the judge's wording.
    pub fn label(&self) -> String {
        format!("Case #{}: {}", self.case(), self.verdict())
    }

    /// The verdict in the judge's wording, or that the board is incomplete.
    pub fn verdict(&self) -> String {
        self.position
            .verdict_text()
            .unwrap_or_else(|| "board incomplete".to_owned())
    }

    /// An LSP range of a span relative to the position.
    pub fn range(&self, view: &DocView<'_>, span: Span) -> Range {
        span_to_range(
            view.doc.rope(),
            self.position.first_line.saturating_add(span.line),
            span.start,
            span.end,
            view.enc(),
        )
    }

    pub fn cell_range(&self, view: &DocView<'_>, cell: Cell) -> Option<Range> {
        Some(self.range(view, self.position.cell_span(cell)?))
    }

    /// From the start of its first line to the end of its last.
    pub fn full_range(&self, view: &DocView<'_>) -> Range {
        Range::new(
            Position::new(self.position.first_line, 0),
            line_end(view.doc.rope(), self.last_line(), view.enc()),
        )
    }
}

pub fn position<'a>(view: &DocView<'a>, index: usize) -> Option<Located<'a>> {
    Some(Located {
        index,
        position: view.doc.position(index)?,
    })
}

/// The document position holding an LSP position, and the cell under it.
pub fn at<'a>(view: &DocView<'a>, pos: Position) -> Option<(Located<'a>, Option<Cell>)> {
    let (line, byte) = position_to_line_byte(view.doc.rope(), pos, view.enc());
    let located = position(view, view.doc.position_at_line(line)?)?;
    let rel = line.checked_sub(located.position.first_line)?;
    Some((located, located.position.cell_at(rel, byte)))
}

/// The positions overlapping the lines of an LSP range (inclusive).
pub fn in_range<'a>(view: &DocView<'a>, range: Range) -> impl Iterator<Item = Located<'a>> {
    let view = *view;
    let start = range.start.line.min(range.end.line);
    let end = range.start.line.max(range.end.line).saturating_add(1);
    view.doc
        .positions_in_lines(start, end)
        .filter_map(move |index| position(&view, index))
}

/// `row 3, column 5` (1-based, as the files' last-move lines count).
pub fn coord(cell: Cell) -> String {
    format!("row {}, column {}", cell.row + 1, cell.col + 1)
}

/// `(3, 5)`, for lists of cells.
pub fn short(cell: Cell) -> String {
    format!("({}, {})", cell.row + 1, cell.col + 1)
}

pub fn cell_list(cells: impl IntoIterator<Item = Cell>) -> String {
    cells.into_iter().map(short).collect::<Vec<_>>().join(", ")
}

/// The name of a uttt small field by its field row and column.
pub fn field_name(field: Cell) -> &'static str {
    const NAMES: [&str; 9] = [
        "top-left",
        "top",
        "top-right",
        "left",
        "centre",
        "right",
        "bottom-left",
        "bottom",
        "bottom-right",
    ];
    NAMES
        .get(usize::from(field.row) * 3 + usize::from(field.col))
        .copied()
        .unwrap_or("?")
}
