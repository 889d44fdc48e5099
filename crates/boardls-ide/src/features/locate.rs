//! Finding positions and cells of a document from LSP coordinates, and
//! naming them for people. Lookups go through the document's line index
//! (binary search), so they cost the same in any document size.

use std::borrow::Cow;

use ls_types::{Position, Range};

use crate::encoding::{line_end, position_to_line_byte, span_to_range};
use crate::view::DocView;
use boardls_engine::diagnostics::Span;
use boardls_engine::games::{Cell, go9, uttt};
use boardls_engine::i18n::message;
use boardls_engine::i18n::{Locale, Message};
use boardls_engine::syntax::{DocPosition, JudgedBoard};

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

    /// `Case #k: verdict`, in the judge's wording (the verdict of a
    /// `.uttt` position, which the judge gives as a board, in `locale`).
    pub fn label(&self, locale: Locale) -> String {
        format!("Case #{}: {}", self.case(), self.verdict_words(locale))
    }

    /// The verdict: the judge's line, the player to move and the number
    /// of legal moves (`.uttt`), or that the board is incomplete.
    pub fn verdict(&self) -> Message {
        match self.position.game() {
            Some(JudgedBoard::Go9 { board }) => judge_line(go9::verdict(board).text()),
            Some(JudgedBoard::Tomek { findings, .. }) => judge_line(findings.verdict.text()),
            Some(JudgedBoard::Uttt { findings, .. }) => uttt_verdict(findings),
            None => message!("board-incomplete"),
        }
    }

    /// [`Located::verdict`] in words; a judge's line as it is, without the
    /// catalog (hints and symbols name every position in sight).
    pub fn verdict_words(&self, locale: Locale) -> Cow<'static, str> {
        match self.position.game() {
            Some(JudgedBoard::Go9 { board }) => go9::verdict(board).text().into(),
            Some(JudgedBoard::Tomek { findings, .. }) => findings.verdict.text().into(),
            _ => self.verdict().word(locale).into(),
        }
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

/// The judge's own line (`X won`, `Can kill in one move!!!`): the same
/// in every language.
fn judge_line(text: &'static str) -> Message {
    message!("board-judge-line", verdict = text)
}

/// `x to move: 9 legal moves`.
fn uttt_verdict(findings: &uttt::Findings) -> Message {
    let n = findings.legal.len();
    match findings.to_move {
        Some(player) => message!("board-uttt-to-move", player = player.symbol(), n = n),
        None => message!("board-uttt-legal-moves", n = n),
    }
}

/// `row 3, column 5` (1-based, as the files' last-move lines count).
pub fn coord(cell: Cell) -> Message {
    message!("board-cell", row = cell.row + 1, column = cell.col + 1)
}

/// `at row 3, column 5`: where a move is played.
pub fn at_cell(cell: Cell) -> Message {
    message!("board-at-cell", row = cell.row + 1, column = cell.col + 1)
}

/// `(3, 5)`, for lists of cells.
pub fn short(cell: Cell) -> String {
    format!("({}, {})", cell.row + 1, cell.col + 1)
}

pub fn cell_list(cells: impl IntoIterator<Item = Cell>) -> String {
    cells.into_iter().map(short).collect::<Vec<_>>().join(", ")
}

/// The name of a uttt small field by its field row and column.
pub fn field_name(field: Cell) -> Message {
    match (field.row, field.col) {
        (0, 0) => message!("board-field-top-left"),
        (0, 1) => message!("board-field-top"),
        (0, 2) => message!("board-field-top-right"),
        (1, 0) => message!("board-field-left"),
        (1, 1) => message!("board-field-centre"),
        (1, 2) => message!("board-field-right"),
        (2, 0) => message!("board-field-bottom-left"),
        (2, 1) => message!("board-field-bottom"),
        _ => message!("board-field-bottom-right"),
    }
}
