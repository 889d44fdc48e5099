//! A parsed position: where its lines and cells are, its diagnostics, and
//! the board with what the rules say about it.

use std::collections::HashSet;
use std::sync::{Mutex, OnceLock, PoisonError};

use super::row_lines::RowLines;
use crate::diagnostics::{Diagnostic, Severity, Span};
use crate::games::{self, Cell, GameKind};
use crate::i18n::Message;
use crate::i18n::message;

/// A completely read board and what the rules say about it.
///
/// Every position keeps one, so the largest variant sets the size of every
/// position of every kind: the `.uttt` and `.go9` parts are boxed (they
/// hold 128-bit sets, which would also align every position to 16 bytes),
/// and a `.tomek` board and its findings take 24 bytes inline, less than
/// its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JudgedBoard {
    Uttt {
        board: Box<games::uttt::Board>,
        findings: Box<games::uttt::Findings>,
    },
    /// Only the board: a go board's groups take ten times the memory of
    /// its text, and they are quick to find again (`go9::analyse`) for the
    /// few positions a request looks at (figures: BENCHMARKS.md, "Figures
    /// behind the code").
    Go9 { board: Box<games::go9::Board> },
    Tomek {
        board: games::tomek::Board,
        findings: games::tomek::Findings,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedPosition {
    pub kind: GameKind,
    /// Absolute line of its first content line.
    pub first_line: u32,
    /// Lines from the first to the last content line it owns, inclusive.
    /// The next position's search starts at `first_line + line_count`.
    pub line_count: u32,
    /// Lines from `first_line` that reading it looked at (at least
    /// `line_count`; it may peek at the following lines, and up to the end
    /// of the text when it reached it). An edit at or after
    /// `first_line + lines_examined` cannot change this position.
    pub lines_examined: u32,
    /// Relative line of each board row read (`.tomek` uses 4, `.go9` 9).
    pub row_lines: RowLines,
    /// `.uttt`: relative line of the last-move line.
    pub last_move_line: Option<u32>,
    /// `.uttt`: the characters of the last-move line (relative), trailing
    /// blanks excluded.
    pub last_move_span: Option<Span>,
    /// `None` when the board could not be read completely.
    pub game: Option<JudgedBoard>,
    /// What reading found (format errors, and the `.uttt` facts), spans
    /// relative to `first_line`, sorted. The facts of a complete `.go9` or
    /// `.tomek` board are not stored: [`ParsedPosition::diagnostics`]
    /// derives them from the board when asked. (Dense go boards carry
    /// about seven findings each; stored, with their messages and related
    /// stones, they took many times the memory of their text.)
    pub stored: Vec<Diagnostic>,
    /// Whether the board has facts to derive (see `stored`).
    pub facts: bool,
    /// Bit `r` is set when row `r` has every cell at its standard column.
    pub(super) regular_rows: u16,
    /// Its diagnostics counted by code, worked out when first asked for
    /// ([`ParsedPosition::tally`]) and kept with it.
    pub(super) tally: Tally,
}

/// How many diagnostics of one code a position has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CodeCount {
    pub code: &'static str,
    pub severity: Severity,
    pub count: u32,
}

impl CodeCount {
    /// Adds the counts of `tally` to `totals` (or takes them away).
    pub fn count_into(totals: &mut Vec<CodeCount>, tally: &[CodeCount], add: bool) {
        for c in tally {
            match totals
                .iter_mut()
                .find(|t| t.code == c.code && t.severity == c.severity)
            {
                Some(t) if add => t.count += c.count,
                Some(t) => t.count = t.count.saturating_sub(c.count),
                None if add => totals.push(*c),
                None => {}
            }
        }
    }
}

/// A position's diagnostics counted by code, kept once worked out: a
/// publish that lists the first 1,000 of a file's diagnostics counts the
/// rest, and an edit changes the counts of the positions it re-reads only.
/// Not part of what was read: every two tallies are equal.
#[derive(Clone, Default)]
pub struct Tally(OnceLock<KeptTally>);

/// Thin pointers both, so that a position keeps its tally in 24 bytes
/// (a slice's pointer is twice as wide).
#[derive(Clone)]
#[allow(clippy::box_collection)]
enum KeptTally {
    Shared(&'static Vec<CodeCount>),
    Own(Box<Vec<CodeCount>>),
}

/// How many distinct tallies the process shares at most; past that, a
/// position keeps its own.
const MAX_SHARED_TALLIES: usize = 4_096;

impl KeptTally {
    /// `counts`, shared with every position of the process that has the
    /// same: the positions of a large document have a handful of distinct
    /// tallies (one `T`, two `T`s, a dead group), and an allocation of its
    /// own for each noisy position took more memory than its text. The
    /// shared tallies are never freed, so they are capped
    /// ([`MAX_SHARED_TALLIES`]).
    fn share(mut counts: Vec<CodeCount>) -> KeptTally {
        static SHARED: OnceLock<Mutex<HashSet<&'static Vec<CodeCount>>>> = OnceLock::new();
        static NONE: Vec<CodeCount> = Vec::new();
        if counts.is_empty() {
            return KeptTally::Shared(&NONE);
        }
        let mut shared = SHARED
            .get_or_init(Mutex::default)
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(&kept) = shared.get(&counts) {
            return KeptTally::Shared(kept);
        }
        if shared.len() >= MAX_SHARED_TALLIES {
            counts.shrink_to_fit();
            return KeptTally::Own(Box::new(counts));
        }
        let kept: &'static Vec<CodeCount> = Box::leak(Box::new(counts));
        shared.insert(kept);
        KeptTally::Shared(kept)
    }

    fn counts(&self) -> &[CodeCount] {
        match self {
            KeptTally::Shared(counts) => counts,
            KeptTally::Own(counts) => counts,
        }
    }
}

impl PartialEq for Tally {
    fn eq(&self, _: &Tally) -> bool {
        true
    }
}

impl Eq for Tally {}

impl std::fmt::Debug for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Tally")
    }
}

impl ParsedPosition {
    /// The board cell at byte `byte_col` of relative line `rel_line`.
    pub fn cell_at(&self, rel_line: u32, byte_col: u32) -> Option<Cell> {
        let row = (0..board_size(self.kind))
            .find(|&r| self.row_lines.get(r) == Some(rel_line) && self.is_regular(r))?;
        let col = column_cell(self.kind, byte_col)?;
        Some(Cell::new(row as u8, col))
    }

    /// The relative span of one cell, when its row was laid out regularly.
    pub fn cell_span(&self, cell: Cell) -> Option<Span> {
        let (row, col) = (cell.row as usize, cell.col as usize);
        if row >= board_size(self.kind) || col >= board_size(self.kind) || !self.is_regular(row) {
            return None;
        }
        let line = self.row_lines.get(row)?;
        let start = cell_column(self.kind, cell.col);
        Some(Span::new(line, start, start + 1))
    }

    /// The verdict in the judge's wording (`.go9`, `.tomek`, the same in
    /// every language), or the player to move and the number of legal
    /// moves (`.uttt`).
    pub fn verdict(&self) -> Option<Message> {
        Some(match self.game.as_ref()? {
            JudgedBoard::Uttt { findings, .. } => {
                let moves = findings.legal.len();
                match findings.to_move {
                    Some(player) => {
                        message!("uttt-to-move", player = player.symbol(), moves = moves)
                    }
                    None => message!("uttt-legal-moves", moves = moves),
                }
            }
            JudgedBoard::Go9 { board } => {
                message!(
                    "syntax-verdict",
                    verdict = games::go9::verdict(board).text()
                )
            }
            JudgedBoard::Tomek { findings, .. } => {
                message!("syntax-verdict", verdict = findings.verdict.text())
            }
        })
    }

    /// [`ParsedPosition::verdict`] in English.
    pub fn verdict_text(&self) -> Option<String> {
        self.verdict().as_ref().map(Message::english)
    }

    /// The last line it owns (absolute).
    pub fn last_line(&self) -> u32 {
        self.first_line + self.line_count.saturating_sub(1)
    }

    /// The width in bytes of the board row on relative line `rel_line`,
    /// when that line is a row laid out regularly (ASCII: its byte columns
    /// are its character and UTF-16 columns).
    pub fn regular_row_width(&self, rel_line: u32) -> Option<u32> {
        let size = board_size(self.kind);
        (0..size)
            .any(|r| self.row_lines.get(r) == Some(rel_line) && self.is_regular(r))
            .then(|| cell_column(self.kind, size as u8 - 1) + 1)
    }

    /// Its diagnostics counted by code, in the order each code first
    /// occurs (derived the first time, then kept).
    pub fn tally(&self) -> &[CodeCount] {
        self.tally
            .0
            .get_or_init(|| {
                let mut counts: Vec<CodeCount> = Vec::new();
                for d in self.diagnostics_plain() {
                    match counts
                        .iter_mut()
                        .find(|c| c.code == d.code && c.severity == d.severity)
                    {
                        Some(c) => c.count += 1,
                        None => counts.push(CodeCount {
                            code: d.code,
                            severity: d.severity,
                            count: 1,
                        }),
                    }
                }
                KeptTally::share(counts)
            })
            .counts()
    }

    /// Whether it has any diagnostic at all, stored or derived.
    pub fn has_diagnostics(&self) -> bool {
        self.facts || !self.stored.is_empty()
    }

    fn is_regular(&self, row: usize) -> bool {
        self.regular_rows & (1 << row) != 0
    }
}

/// A position and the absolute line it starts on now: the one way to
/// hand a position on with where it is.
///
/// A document moves its positions by edits without touching them, so a
/// parsed position's own first line may be stale; here the parsed
/// position is private, and the line is this type's own `first_line`.
/// Its accessors give lines that are absolute (counted from that line)
/// or relative to the position, never the parsed position's own line.
#[derive(Clone, Copy, Debug)]
pub struct DocPosition<'a> {
    /// Absolute line of its first content line.
    pub first_line: u32,
    parsed: &'a ParsedPosition,
}

impl<'a> DocPosition<'a> {
    /// `parsed`, which starts on line `first_line` now.
    pub fn new(first_line: u32, parsed: &'a ParsedPosition) -> Self {
        DocPosition { first_line, parsed }
    }

    /// A position just read from a text, whose own first line is current.
    pub fn fresh(parsed: &'a ParsedPosition) -> Self {
        DocPosition::new(parsed.first_line, parsed)
    }

    /// The last line it owns (absolute).
    pub fn last_line(&self) -> u32 {
        self.first_line + self.parsed.line_count.saturating_sub(1)
    }

    /// The parsed position with its current first line.
    pub fn to_parsed(&self) -> ParsedPosition {
        let mut parsed = self.parsed.clone();
        parsed.first_line = self.first_line;
        parsed
    }

    pub fn kind(&self) -> GameKind {
        self.parsed.kind
    }

    /// The board and what the rules say about it; `None` when the board
    /// could not be read completely.
    pub fn game(&self) -> Option<&'a JudgedBoard> {
        self.parsed.game.as_ref()
    }

    /// The absolute line board row `row` was read from.
    pub fn row_line(&self, row: usize) -> Option<u32> {
        let rel = self.parsed.row_lines.get(row)?;
        self.first_line.checked_add(rel)
    }

    /// `.uttt`: the absolute line of the last-move line.
    pub fn last_move_line(&self) -> Option<u32> {
        self.first_line.checked_add(self.parsed.last_move_line?)
    }

    /// See [`ParsedPosition::cell_at`] (a line relative to the position).
    pub fn cell_at(&self, rel_line: u32, byte_col: u32) -> Option<Cell> {
        self.parsed.cell_at(rel_line, byte_col)
    }

    /// See [`ParsedPosition::cell_span`] (a span relative to the position).
    pub fn cell_span(&self, cell: Cell) -> Option<Span> {
        self.parsed.cell_span(cell)
    }

    /// See [`ParsedPosition::verdict`].
    pub fn verdict(&self) -> Option<Message> {
        self.parsed.verdict()
    }

    /// See [`ParsedPosition::verdict_text`].
    pub fn verdict_text(&self) -> Option<String> {
        self.parsed.verdict_text()
    }

    /// The width of the board row on absolute line `line`, when that line
    /// is a row laid out regularly (see
    /// [`ParsedPosition::regular_row_width`]).
    pub fn regular_row_width(&self, line: u32) -> Option<u32> {
        self.parsed
            .regular_row_width(line.checked_sub(self.first_line)?)
    }

    pub fn has_diagnostics(&self) -> bool {
        self.parsed.has_diagnostics()
    }

    /// Appends its diagnostics to `out` at their absolute lines (see
    /// [`ParsedPosition::diagnostics_into`] for `related`).
    pub fn diagnostics_into(&self, out: &mut Vec<Diagnostic>, related: bool) {
        let start = out.len();
        self.parsed.diagnostics_into(out, related);
        for d in &mut out[start..] {
            d.shift_lines(self.first_line);
        }
    }
}

impl JudgedBoard {
    /// Whether the rules find something to report about this board beyond
    /// its verdict (derived on demand, see [`ParsedPosition::stored`]).
    pub fn has_facts(&self) -> bool {
        match self {
            // Reported while reading (`stored`).
            JudgedBoard::Uttt { .. } => false,
            JudgedBoard::Go9 { board } => games::go9::has_facts(board),
            JudgedBoard::Tomek { board, findings } => {
                board.t_cells().len() > 1 || findings.both_won()
            }
        }
    }
}

/// Rows (and columns) of a board of this kind.
pub const fn board_size(kind: GameKind) -> usize {
    match kind {
        GameKind::Uttt | GameKind::Go9 => 9,
        GameKind::Tomek => 4,
    }
}

/// The relative span of a cell of a regular row, given the relative line
/// each row was read from (a row never read counts as line 0).
pub(super) fn cell_span_in(kind: GameKind, row_lines: &RowLines, cell: Cell) -> Span {
    let line = row_lines.get(cell.row as usize).unwrap_or(0);
    let start = cell_column(kind, cell.col);
    Span::new(line, start, start + 1)
}

/// The relative span of a whole regular row (see [`cell_span_in`]).
pub(super) fn row_span_in(kind: GameKind, row_lines: &RowLines, row: usize) -> Span {
    let line = row_lines.get(row).unwrap_or(0);
    let size = board_size(kind) as u8;
    Span::new(line, 0, cell_column(kind, size - 1) + 1)
}

/// Byte column of cell column `col` in a regular row.
pub(super) const fn cell_column(kind: GameKind, col: u8) -> u32 {
    match kind {
        // `ccc ccc ccc`: one space after every third cell.
        GameKind::Uttt => col as u32 + col as u32 / 3,
        GameKind::Go9 | GameKind::Tomek => col as u32,
    }
}

/// The cell column at byte `byte` of a regular row.
fn column_cell(kind: GameKind, byte: u32) -> Option<u8> {
    let col = match kind {
        GameKind::Uttt if byte < 11 && byte % 4 != 3 => byte - byte / 4,
        GameKind::Go9 if byte < 9 => byte,
        GameKind::Tomek if byte < 4 => byte,
        _ => return None,
    };
    u8::try_from(col).ok()
}
