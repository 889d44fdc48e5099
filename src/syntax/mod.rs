//! The parser: text in, positions with spans and diagnostics out. It never
//! fails; whatever does not fit the format becomes an error diagnostic on
//! the characters at fault, and reading goes on with the next position.
//!
//! A file is a sequence of positions. [`parse_position`] reads one position
//! starting its search at a given line, and its result depends only on the
//! lines from the position's first line on, so a document can re-parse from
//! any old position start and get what a fresh parse of the whole text would.
//! Each position also records how many lines it looked at
//! ([`ParsedPosition::lines_examined`]), which tells a document which
//! positions an edit can change.
//!
//! Shared here: line classification (blank, comment, content), the position
//! builder that keeps spans relative, cell checking with quick fixes for the
//! wrong letter case, and the square-board reader used by `.go9` and `.tomek`.

pub mod go9;
pub mod tomek;
pub mod uttt;

use std::borrow::Cow;

use crate::diagnostics::{self, Diagnostic, Span, codes};
use crate::games::{self, Cell, GameKind};
use crate::text::TextLines;

/// Random access to the lines of a text, without their line endings.
pub trait LineSource {
    fn line_count(&self) -> u32;
    /// Line `index` without its line ending; empty past the end.
    fn line(&self, index: u32) -> Cow<'_, str>;
}

/// The optional count line at the top of a `.go9` or `.tomek` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub line: u32,
    /// The number's characters (absolute line).
    pub span: Span,
    /// `None` when the number does not fit a `u64`.
    pub count: Option<u64>,
}

/// A completely read board and what the rules say about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Game {
    Uttt {
        /// Boxed: 81 bytes inline would make every position of every kind
        /// 80 bytes larger (a 100,000-position `.tomek` document held 27 MB
        /// of positions for 2.1 MB of text).
        board: Box<games::uttt::Board>,
        findings: games::uttt::Findings,
    },
    /// Only the board: a go board's groups take ten times the memory of
    /// its text, and they are quick to find again (`go9::analyse`) for the
    /// few positions a request looks at. (Peak memory with a
    /// 100,000-position `.go9` document open was 185 MB for 9.1 MB of text,
    /// 98 MB of it the stored groups.)
    Go9 { board: games::go9::Board },
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
    pub row_lines: [Option<u32>; 9],
    /// `.uttt`: relative line of the last-move line.
    pub last_move_line: Option<u32>,
    /// `.uttt`: the characters of the last-move line (relative), trailing
    /// blanks excluded.
    pub last_move_span: Option<Span>,
    /// `None` when the board could not be read completely.
    pub game: Option<Game>,
    /// Spans relative to `first_line`, sorted.
    pub diagnostics: Vec<Diagnostic>,
    /// Bit `r` is set when row `r` has every cell at its standard column.
    regular_rows: u16,
}

impl ParsedPosition {
    /// The board cell at byte `byte_col` of relative line `rel_line`.
    pub fn cell_at(&self, rel_line: u32, byte_col: u32) -> Option<Cell> {
        let row = (0..board_size(self.kind))
            .find(|&r| self.row_lines[r] == Some(rel_line) && self.is_regular(r))?;
        let col = column_cell(self.kind, byte_col)?;
        Some(Cell::new(row as u8, col))
    }

    /// The relative span of one cell, when its row was laid out regularly.
    pub fn cell_span(&self, cell: Cell) -> Option<Span> {
        let (row, col) = (cell.row as usize, cell.col as usize);
        if row >= board_size(self.kind) || col >= board_size(self.kind) || !self.is_regular(row) {
            return None;
        }
        let line = self.row_lines[row]?;
        let start = cell_column(self.kind, cell.col);
        Some(Span::new(line, start, start + 1))
    }

    /// The verdict in the judge's wording (`.go9`, `.tomek`), or the player
    /// to move and the number of legal moves (`.uttt`).
    pub fn verdict_text(&self) -> Option<String> {
        Some(match self.game.as_ref()? {
            Game::Uttt { findings, .. } => {
                let moves = plural(findings.legal.len() as u64, "legal move");
                match findings.to_move {
                    Some(player) => format!("{} to move: {moves}", player.symbol()),
                    None => moves,
                }
            }
            Game::Go9 { board } => if games::go9::can_kill(board) {
                "Can kill in one move!!!"
            } else {
                "Can not kill in one move!!!"
            }
            .to_owned(),
            Game::Tomek { findings, .. } => findings.verdict.text().to_owned(),
        })
    }

    /// The last line it owns (absolute).
    pub fn last_line(&self) -> u32 {
        self.first_line + self.line_count.saturating_sub(1)
    }

    fn is_regular(&self, row: usize) -> bool {
        self.regular_rows & (1 << row) != 0
    }
}

/// Rows (and columns) of a board of this kind.
pub const fn board_size(kind: GameKind) -> usize {
    match kind {
        GameKind::Uttt | GameKind::Go9 => 9,
        GameKind::Tomek => 4,
    }
}

/// Byte column of cell column `col` in a regular row.
const fn cell_column(kind: GameKind, col: u8) -> u32 {
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

/// Reads the optional count line (`.go9`, `.tomek`): the first content
/// line, when it is a lone integer. Returns it, the line where positions
/// start, and its diagnostics (absolute).
pub fn parse_header(
    kind: GameKind,
    lines: &dyn LineSource,
) -> (Option<Header>, u32, Vec<Diagnostic>) {
    if kind == GameKind::Uttt {
        return (None, 0, Vec::new());
    }
    let Some(line) =
        (0..lines.line_count()).find(|&i| classify(&lines.line(i)) == LineKind::Content)
    else {
        return (None, 0, Vec::new());
    };
    let text = lines.line(line);
    let digits = text.trim_matches(is_blank_char);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return (None, 0, Vec::new());
    }
    let start = text.len() - text.trim_start_matches(is_blank_char).len();
    let span = Span::new(line, to_u32(start), to_u32(start + digits.len()));
    let count = digits.parse::<u64>().ok();
    let mut diagnostics = Vec::new();
    if count.is_none() {
        diagnostics.push(Diagnostic::error(
            codes::FILE_BAD_COUNT,
            span,
            "the count line's number is too large".to_owned(),
        ));
    }
    (Some(Header { line, span, count }), line + 1, diagnostics)
}

/// Reads one position, starting the search at line `from` (blank and
/// comment lines skipped). `None` when no content line is left.
pub fn parse_position(kind: GameKind, lines: &dyn LineSource, from: u32) -> Option<ParsedPosition> {
    match kind {
        GameKind::Uttt => uttt::parse(lines, from),
        GameKind::Go9 => go9::parse(lines, from),
        GameKind::Tomek => tomek::parse(lines, from),
    }
}

/// File-level facts: a file without boards, a count line that disagrees.
pub fn file_diagnostics(
    kind: GameKind,
    header: Option<&Header>,
    position_count: usize,
) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    if position_count == 0 {
        let what = match kind {
            GameKind::Uttt => "position",
            GameKind::Go9 | GameKind::Tomek => "board",
        };
        diagnostics.push(Diagnostic::error(
            codes::FILE_NO_POSITIONS,
            Span::at(0, 0),
            format!("the file holds no {what}; expected at least one"),
        ));
    }
    if let Some(header) = header
        && let Some(count) = header.count
        && count != position_count as u64
    {
        diagnostics.push(
            Diagnostic::error(
                codes::FILE_COUNT_MISMATCH,
                header.span,
                format!(
                    "count line says {}, the file has {position_count}",
                    plural(count, "board")
                ),
            )
            .with_replacement(
                format!("Set the count to {position_count}"),
                position_count.to_string(),
            ),
        );
    }
    diagnostics
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedFile {
    pub header: Option<Header>,
    pub positions: Vec<ParsedPosition>,
    /// File-level diagnostics (count line, no positions), absolute.
    pub diagnostics: Vec<Diagnostic>,
}

impl ParsedFile {
    /// Every diagnostic, absolute lines, sorted by position.
    pub fn all_diagnostics(&self) -> Vec<Diagnostic> {
        collect_diagnostics(
            &self.diagnostics,
            self.positions.iter().map(|p| (p.first_line, p)),
        )
    }
}

/// File-level diagnostics plus every position's (each given with its
/// absolute first line), made absolute and sorted.
pub fn collect_diagnostics<'a>(
    file_level: &[Diagnostic],
    positions: impl IntoIterator<Item = (u32, &'a ParsedPosition)>,
) -> Vec<Diagnostic> {
    let mut all = file_level.to_vec();
    for (first_line, position) in positions {
        all.extend(position.diagnostics.iter().map(|d| {
            let mut d = d.clone();
            d.shift_lines(first_line);
            d
        }));
    }
    diagnostics::sort(&mut all);
    all
}

/// Every diagnostic of a text, absolute and sorted, without keeping the
/// positions: what `check` needs, in less memory than [`parse_file`].
pub fn diagnose(kind: GameKind, text: &str) -> Vec<Diagnostic> {
    let lines = TextLines::new(text);
    let (header, mut from, mut all) = parse_header(kind, &lines);
    let mut count = 0;
    while let Some(position) = parse_position(kind, &lines, from) {
        from = position.first_line + position.line_count;
        count += 1;
        all.extend(position.diagnostics.into_iter().map(|mut d| {
            d.shift_lines(position.first_line);
            d
        }));
    }
    all.extend(file_diagnostics(kind, header.as_ref(), count));
    diagnostics::sort(&mut all);
    all
}

pub fn parse_file(kind: GameKind, text: &str) -> ParsedFile {
    parse_lines(kind, &TextLines::new(text))
}

/// Parses every position of `lines` from the top.
pub fn parse_lines(kind: GameKind, lines: &dyn LineSource) -> ParsedFile {
    let (header, body_start, mut diagnostics) = parse_header(kind, lines);
    let mut positions = Vec::new();
    let mut from = body_start;
    while let Some(position) = parse_position(kind, lines, from) {
        from = position.first_line + position.line_count;
        positions.push(position);
    }
    diagnostics.extend(file_diagnostics(kind, header.as_ref(), positions.len()));
    ParsedFile {
        header,
        positions,
        diagnostics,
    }
}

// ---------------------------------------------------------------------------
// Shared machinery of the three readers.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LineKind {
    /// Only spaces and tabs.
    Blank,
    /// First non-blank character `#`: skipped as if absent.
    Comment,
    Content,
}

pub(crate) const fn is_blank_char(c: char) -> bool {
    c == ' ' || c == '\t'
}

pub(crate) fn classify(line: &str) -> LineKind {
    match line.bytes().find(|&b| b != b' ' && b != b'\t') {
        None => LineKind::Blank,
        Some(b'#') => LineKind::Comment,
        Some(_) => LineKind::Content,
    }
}

/// The line without trailing spaces and tabs, which are ignored.
pub(crate) fn trim_trailing_blanks(line: &str) -> &str {
    line.trim_end_matches(is_blank_char)
}

pub(crate) fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

pub(crate) fn plural(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

pub(crate) const fn ordinal(n: usize) -> &'static str {
    match n {
        1 => "first",
        2 => "second",
        3 => "third",
        4 => "fourth",
        5 => "fifth",
        6 => "sixth",
        7 => "seventh",
        8 => "eighth",
        9 => "ninth",
        _ => "next",
    }
}

/// How a character found in the wrong place is named in a message.
pub(crate) fn describe(c: char) -> String {
    match c {
        ' ' => "a space".to_owned(),
        '\t' => "a tab".to_owned(),
        c if c.is_control() => format!("`{}`", c.escape_default()),
        c => format!("`{c}`"),
    }
}

/// Quotes user text in a message, shortened when long (a line may be
/// megabytes).
pub(crate) fn quote(text: &str) -> String {
    const LIMIT: usize = 16;
    match text.char_indices().nth(LIMIT) {
        Some((cut, _)) => format!("`{}…`", &text[..cut]),
        None => format!("`{text}`"),
    }
}

/// The cells a format accepts, and how it names and fixes wrong ones.
pub(crate) struct Alphabet {
    pub bad_cell: &'static str,
    /// For messages: "`x`, `o` or `.`".
    pub expected: &'static str,
    /// The cell characters, all ASCII.
    pub cells: &'static [u8],
    /// The right letter when only its case is wrong.
    pub fix_case: fn(char) -> Option<char>,
}

/// The case fix of the two games written in lower case (`.uttt`, `.go9`):
/// `X` and `O` are meant as `x` and `o`.
pub(crate) fn lowercase_players(c: char) -> Option<char> {
    matches!(c, 'X' | 'O').then(|| c.to_ascii_lowercase())
}

/// Codes of the layout faults of the square-board formats.
pub(crate) struct LayoutCodes {
    pub bad_row: &'static str,
    pub missing_row: &'static str,
    pub bad_layout: &'static str,
}

/// Builds one position: tracks its lines and keeps diagnostics relative.
pub(crate) struct PositionBuilder<'a> {
    lines: &'a dyn LineSource,
    kind: GameKind,
    pub first_line: u32,
    /// Last line owned (absolute).
    last_line: u32,
    /// One past the last line looked at (absolute).
    examined_end: u32,
    row_lines: [Option<u32>; 9],
    regular_rows: u16,
    diagnostics: Vec<Diagnostic>,
}

impl<'a> PositionBuilder<'a> {
    /// Finds the first content line at or after `from`; `None` at the end.
    pub fn start(
        kind: GameKind,
        lines: &'a dyn LineSource,
        from: u32,
    ) -> Option<(Self, Cow<'a, str>)> {
        let count = lines.line_count();
        let mut line = from;
        while line < count {
            let text = lines.line(line);
            if classify(&text) == LineKind::Content {
                let builder = PositionBuilder {
                    lines,
                    kind,
                    first_line: line,
                    last_line: line,
                    examined_end: line + 1,
                    row_lines: [None; 9],
                    regular_rows: 0,
                    diagnostics: Vec::new(),
                };
                return Some((builder, text));
            }
            line += 1;
        }
        None
    }

    pub fn line_count(&self) -> u32 {
        self.lines.line_count()
    }

    /// The line as a relative span of the given absolute line.
    pub fn span(&self, line: u32, start: usize, end: usize) -> Span {
        Span::new(line - self.first_line, to_u32(start), to_u32(end))
    }

    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    pub fn error(
        &mut self,
        code: &'static str,
        line: u32,
        start: usize,
        end: usize,
        message: String,
    ) {
        let span = self.span(line, start, end);
        self.push(Diagnostic::error(code, span, message));
    }

    /// The line becomes part of the position.
    pub fn own(&mut self, line: u32) {
        self.last_line = self.last_line.max(line);
        self.examine(line);
    }

    fn examine(&mut self, line: u32) {
        self.examined_end = self.examined_end.max(line + 1);
    }

    /// The next line at or after `from` that is not a comment, with whether
    /// it is blank; `None` at the end of the text.
    pub fn next_non_comment(&mut self, from: u32) -> Option<(u32, Cow<'a, str>, LineKind)> {
        let count = self.line_count();
        let mut line = from;
        while line < count {
            self.examine(line);
            let text = self.lines.line(line);
            match classify(&text) {
                LineKind::Comment => line += 1,
                kind => return Some((line, text, kind)),
            }
        }
        // Reaching the end is a dependency too: text appended later matters.
        self.examined_end = self.examined_end.max(count);
        None
    }

    /// Where a line expected after absolute line `after` is missing: the
    /// start of the next non-comment line, or the end of the text.
    pub fn expected_after(&mut self, after: u32) -> Span {
        match self.next_non_comment(after + 1) {
            Some((line, _, _)) => self.span(line, 0, 0),
            None => {
                let last = self.line_count().saturating_sub(1).max(self.first_line);
                let len = self.lines.line(last).len();
                self.span(last, len, len)
            }
        }
    }

    /// Records that board row `row` was read from absolute line `line`.
    pub fn row_line(&mut self, row: usize, line: u32, regular: bool) {
        if let Some(slot) = self.row_lines.get_mut(row) {
            *slot = Some(line - self.first_line);
            if regular {
                self.regular_rows |= 1 << row;
            }
        }
        self.own(line);
    }

    /// The relative span of a cell of a regular row.
    pub fn cell_span(&self, cell: Cell) -> Span {
        let line = self
            .row_lines
            .get(cell.row as usize)
            .copied()
            .flatten()
            .unwrap_or(0);
        let start = cell_column(self.kind, cell.col);
        Span::new(line, start, start + 1)
    }

    /// The span of a whole regular row.
    pub fn row_span(&self, row: usize) -> Span {
        let line = self.row_lines.get(row).copied().flatten().unwrap_or(0);
        let size = board_size(self.kind) as u8;
        Span::new(line, 0, cell_column(self.kind, size - 1) + 1)
    }

    /// Checks one cell character; reports it when the format does not
    /// accept it. Returns the cell's byte when accepted.
    pub fn check_cell(
        &mut self,
        alphabet: &Alphabet,
        line: u32,
        byte: usize,
        c: char,
    ) -> Option<u8> {
        if c.is_ascii() && alphabet.cells.contains(&(c as u8)) {
            return Some(c as u8);
        }
        let span = self.span(line, byte, byte + c.len_utf8());
        let mut diagnostic = Diagnostic::error(
            alphabet.bad_cell,
            span,
            format!("expected {}, found {}", alphabet.expected, describe(c)),
        );
        if let Some(right) = (alphabet.fix_case)(c) {
            diagnostic = diagnostic
                .with_replacement(format!("Replace `{c}` with `{right}`"), right.to_string());
        }
        self.push(diagnostic);
        None
    }

    pub fn finish(mut self, game: Option<Game>, last_move: Option<(u32, Span)>) -> ParsedPosition {
        diagnostics::sort(&mut self.diagnostics);
        ParsedPosition {
            kind: self.kind,
            first_line: self.first_line,
            line_count: self.last_line - self.first_line + 1,
            lines_examined: self.examined_end - self.first_line,
            row_lines: self.row_lines,
            last_move_line: last_move.map(|(line, _)| line),
            last_move_span: last_move.map(|(_, span)| span),
            game,
            diagnostics: self.diagnostics,
            regular_rows: self.regular_rows,
        }
    }
}

/// The cells of a square board as read: one byte per cell.
pub(crate) type Cells = [[u8; 9]; 9];

/// Reads a `.go9` or `.tomek` board: `size` consecutive rows of `size`
/// cells, ended by a blank line or the end of the text. Returns the builder
/// and the cells when every one of them was read correctly.
pub(crate) fn read_square_board<'a>(
    kind: GameKind,
    lines: &'a dyn LineSource,
    from: u32,
    alphabet: &Alphabet,
    codes: &LayoutCodes,
) -> Option<(PositionBuilder<'a>, Option<Cells>)> {
    let size = board_size(kind);
    let (mut p, mut text) = PositionBuilder::start(kind, lines, from)?;
    let mut line = p.first_line;
    let mut cells: Cells = [[b'.'; 9]; 9];
    let mut rows = 0;
    let mut complete = true;
    loop {
        if rows == size {
            // Another row right after a full board: the next board starts
            // here, and the blank line between them is missing.
            p.error(
                codes.bad_layout,
                line,
                0,
                0,
                format!(
                    "expected a blank line after the board's {} row",
                    ordinal(size)
                ),
            );
            break;
        }
        let content = trim_trailing_blanks(&text);
        complete &= read_plain_row(
            &mut p,
            alphabet,
            codes.bad_row,
            line,
            content,
            rows,
            size,
            &mut cells[rows],
        );
        let regular = content.len() == size && content.is_ascii();
        p.row_line(rows, line, regular);
        rows += 1;
        match p.next_non_comment(line + 1) {
            Some((next, next_text, LineKind::Content)) => {
                line = next;
                text = next_text;
            }
            Some(_) | None => break,
        }
    }
    if rows < size {
        complete = false;
        let span = p.expected_after(p.last_line);
        p.push(Diagnostic::error(
            codes.missing_row,
            span,
            format!(
                "the board has {}, expected {size}",
                plural(rows as u64, "row")
            ),
        ));
    }
    Some((p, complete.then_some(cells)))
}

/// Reads a row of `size` cells with no separators into `out`; reports
/// every wrong cell and a wrong cell count. Returns whether it was right.
#[allow(clippy::too_many_arguments)]
fn read_plain_row(
    p: &mut PositionBuilder,
    alphabet: &Alphabet,
    bad_row: &'static str,
    line: u32,
    content: &str,
    row: usize,
    size: usize,
    out: &mut [u8; 9],
) -> bool {
    // The common case, a well-formed row, without the per-cell machinery.
    let bytes = content.as_bytes();
    if bytes.len() == size && bytes.iter().all(|b| alphabet.cells.contains(b)) {
        out[..size].copy_from_slice(bytes);
        return true;
    }
    let mut ok = true;
    let mut cells = 0;
    for (byte, c) in content.char_indices() {
        if cells == size {
            // Counting the rest is linear and bounded by the line; the
            // extra cells are not checked one by one (a line may be huge).
            let total = size + content[byte..].chars().count();
            p.error(
                bad_row,
                line,
                byte,
                content.len(),
                format!("row {} has {total} cells, expected {size}", row + 1),
            );
            return false;
        }
        match p.check_cell(alphabet, line, byte, c) {
            Some(b) => out[cells] = b,
            None => ok = false,
        }
        cells += 1;
    }
    if cells < size {
        p.error(
            bad_row,
            line,
            content.len(),
            content.len(),
            format!(
                "row {} has {}, expected {size}",
                row + 1,
                plural(cells as u64, "cell")
            ),
        );
        ok = false;
    }
    ok
}

#[cfg(test)]
mod tests;
