//! A whole file: the optional count line, the positions one after the
//! other, and the facts about the file as a whole.

use crate::diagnostics::{self, Diagnostic, Span, codes};
use crate::games::GameKind;
use crate::i18n::message;
use crate::text::{CursorLines, LineSource, TextLines, to_u32};

use super::lines::{LineKind, classify, is_blank_char};
use super::position::{DocPosition, ParsedPosition};
use super::quiet::{Stops, skip_quiet};
// Not `super::{go9, tomek, uttt}`: a reading of the import graph that
// does not expand groups would take that for an import of syntax/mod.rs.
use super::go9;
use super::tomek;
use super::uttt;

/// The optional count line at the top of a `.go9` or `.tomek` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub line: u32,
    /// The number's characters (absolute line).
    pub span: Span,
    /// `None` when the number does not fit a `u64`.
    pub count: Option<u64>,
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
            message!("file-count-too-large"),
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
        let message = match kind {
            GameKind::Uttt => message!("file-no-positions"),
            GameKind::Go9 | GameKind::Tomek => message!("file-no-boards"),
        };
        diagnostics.push(Diagnostic::error(
            codes::FILE_NO_POSITIONS,
            Span::at(0, 0),
            message,
        ));
    }
    if let Some(header) = header
        && let Some(header_count) = header.count
        && header_count != position_count as u64
    {
        diagnostics.push(
            Diagnostic::error(
                codes::FILE_COUNT_MISMATCH,
                header.span,
                // The number as written too: Fluent's numbers are exact
                // only up to 2^53, and a count line may say up to 2^64 - 1.
                message!(
                    "file-count-mismatch",
                    count = header_count,
                    count_text = header_count.to_string(),
                    boards = position_count
                ),
            )
            .with_replacement(
                message!("file-fix-count", boards = position_count),
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
            self.positions.iter().map(DocPosition::fresh),
        )
    }
}

/// File-level diagnostics plus every position's, made absolute and sorted.
pub fn collect_diagnostics<'a>(
    file_level: &[Diagnostic],
    positions: impl IntoIterator<Item = DocPosition<'a>>,
) -> Vec<Diagnostic> {
    let mut all = file_level.to_vec();
    for position in positions {
        position.diagnostics_into(&mut all, true);
    }
    diagnostics::sort(&mut all);
    all
}

/// Every diagnostic of a text, absolute and sorted, without keeping the
/// positions.
pub fn diagnose(kind: GameKind, text: &str) -> Vec<Diagnostic> {
    let mut all = Vec::new();
    diagnose_each(kind, &CursorLines::new(text), true, &mut |d| {
        all.push(d.clone())
    });
    all
}

/// How many diagnostics [`diagnose_each`] holds back, at most, while it
/// cannot yet say whether the count line is right.
const HELD_BACK: usize = 20_000;

/// Hands every diagnostic of `lines` to `emit` as it is found, absolute
/// and in the order of [`diagnose`], keeping neither the positions nor
/// the diagnostics: memory does not grow with the file, and past
/// [`HELD_BACK`] findings by a line and a byte per position with findings.
///
/// A position's diagnostics lie on its own lines and the lines it looked
/// at below them, so those of the positions read so far are final once
/// they lie above the next position's first line; the rest wait, merged
/// with the next position's. The one fact known only at the end, that the
/// count line disagrees, belongs first: with a count line, diagnostics
/// are held back until the end (the usual file has few), and past
/// [`HELD_BACK`] of them the rest of the file is only counted, noting
/// where each position with findings starts; those positions are then
/// read again (not the whole rest of the file: the quiet boards between
/// them were a second scan).
///
/// Without `related`, facts come without their related locations (a
/// renderer that does not show them saves building their messages).
pub fn diagnose_each(
    kind: GameKind,
    lines: &CursorLines<'_>,
    related: bool,
    emit: &mut dyn FnMut(&Diagnostic),
) {
    let (header, body_start, header_diagnostics) = parse_header(kind, lines);
    // A count line's diagnostics (and `file/no-positions`) come first.
    let counted = header.is_some();
    let mut held = Vec::new();
    let mut order = InOrder::default();
    // A position read from the top has its own first line; no owners.
    let add =
        |order: &mut InOrder<()>, position: &ParsedPosition, emit: &mut dyn FnMut(&Diagnostic)| {
            order.release(position.first_line, &mut |(), d| emit(d));
            order.take((), DocPosition::fresh(position), related);
        };
    let mut from = (body_start, lines.line_start(body_start));
    let mut positions = 0usize;
    // Once holding back stopped, what was then pending, and where each
    // position with diagnostics after that starts, to be read again.
    let mut stopped: Option<InOrder<()>> = None;
    let mut again: Vec<(u32, usize)> = Vec::new();
    loop {
        let stops = match stopped {
            None => Stops::AtFacts,
            Some(_) => Stops::NotingFacts(&mut again),
        };
        let (skipped, position, after, start) = next_position(kind, lines, from, stops);
        positions += skipped;
        let Some(position) = position else {
            break;
        };
        positions += 1;
        if stopped.is_some() {
            again.push(start);
        } else if !counted {
            add(&mut order, &position, emit);
        } else if held.len() < HELD_BACK {
            add(&mut order, &position, &mut |d| held.push(d.clone()));
        } else {
            stopped = Some(std::mem::take(&mut order));
            again.push(start);
        }
        from = after;
    }
    let mut first = header_diagnostics;
    first.extend(file_diagnostics(kind, header.as_ref(), positions));
    diagnostics::sort(&mut first);
    first.iter().for_each(&mut *emit);
    held.iter().for_each(&mut *emit);
    if let Some(pending) = stopped {
        order = pending;
    }
    for start in again {
        if let (_, Some(position), _, _) = next_position(kind, lines, start, Stops::AtFacts) {
            add(&mut order, &position, emit);
        }
    }
    order.finish(&mut |(), d| emit(d));
}

/// The next position from line `from` (which starts at byte `at`), after
/// the boards skipped as bytes (those `stops` does not stop at): `(skipped,
/// position, (line, byte) where the search for the one after it starts,
/// (line, byte) where the search for it stopped)`; a search from there
/// finds the same position again.
/// A board in the usual layout is read from its bytes, anything else by
/// the line reader.
fn next_position(
    kind: GameKind,
    lines: &CursorLines<'_>,
    (from, at): (u32, usize),
    stops: Stops<'_>,
) -> (usize, Option<ParsedPosition>, (u32, usize), (u32, usize)) {
    let bytes = lines.text().as_bytes();
    let stop = skip_quiet(kind, bytes, at, from, stops);
    let start = (stop.line, stop.at);
    if let Some((board, after)) = stop.board {
        return (stop.skipped, Some(board), after, start);
    }
    // The line reader goes on from where the bytes stopped, not from
    // wherever its cursor was (the top of the text, when every position
    // so far was read from its bytes: a scan of the whole text at its end).
    lines.place(stop.line, stop.at);
    let position = parse_position(kind, lines, stop.line);
    let after = position.as_ref().map_or((u32::MAX, bytes.len()), |p| {
        let line = p.first_line + p.line_count;
        (line, lines.line_start(line))
    });
    (stop.skipped, position, after, start)
}

/// Every position of a text from line `from` on, in order, as
/// [`parse_position`] reads them, boards in the usual layout straight
/// from their bytes (the line reader cost most of opening a large
/// document).
pub fn read_positions(
    kind: GameKind,
    lines: &CursorLines<'_>,
    from: u32,
    each: &mut dyn FnMut(ParsedPosition),
) {
    let mut from = (from, lines.line_start(from));
    while let (_, Some(position), after, _) = next_position(kind, lines, from, Stops::AtEvery) {
        from = after;
        each(position);
    }
}

/// The diagnostics of positions taken in order, each with the owner it
/// was taken with, held until no later position's can come before them:
/// a position's lie on its own lines and the lines it looked at below
/// them, so they are final once they lie above the next position's first
/// line. `check` streams a file through it, and a document's snapshot its
/// positions.
pub struct InOrder<T> {
    /// Absolute, sorted.
    pending: Vec<(T, Diagnostic)>,
    /// A position's own, as it derives them (kept for its allocation).
    found: Vec<Diagnostic>,
}

impl<T> Default for InOrder<T> {
    fn default() -> Self {
        InOrder {
            pending: Vec::new(),
            found: Vec::new(),
        }
    }
}

impl<T: Copy> InOrder<T> {
    /// Hands `emit` those that lie above line `first_line`, where the next
    /// position starts.
    pub fn release(&mut self, first_line: u32, emit: &mut dyn FnMut(T, &Diagnostic)) {
        let ready = self
            .pending
            .iter()
            .take_while(|(_, d)| d.span.line < first_line)
            .count();
        self.pending
            .drain(..ready)
            .for_each(|(owner, d)| emit(owner, &d));
    }

    /// Takes the diagnostics of `position` (see
    /// [`DocPosition::diagnostics_into`] for `related`).
    pub fn take(&mut self, owner: T, position: DocPosition<'_>, related: bool) {
        if !position.has_diagnostics() {
            return;
        }
        let start = self.pending.len();
        position.diagnostics_into(&mut self.found, related);
        self.pending
            .extend(self.found.drain(..).map(|d| (owner, d)));
        if start > 0 {
            self.pending.sort_by_key(|(_, d)| d.sort_key());
        }
    }

    /// Hands `emit` all that is left.
    pub fn finish(&mut self, emit: &mut dyn FnMut(T, &Diagnostic)) {
        self.pending
            .drain(..)
            .for_each(|(owner, d)| emit(owner, &d));
    }
}

/// A file's text (the valid UTF-8 prefix when it is not UTF-8) and its
/// diagnostics, absolute and sorted.
pub struct Diagnosed<'a> {
    pub text: &'a str,
    pub diagnostics: Vec<Diagnostic>,
}

/// Every diagnostic of a file's bytes read as a board file of `kind`: those
/// of its text, or when it is not UTF-8 the one at its first bad byte.
pub fn diagnose_bytes(kind: GameKind, bytes: &[u8]) -> Diagnosed<'_> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Diagnosed {
            text,
            diagnostics: diagnose(kind, text),
        },
        Err(err) => {
            let offset = err.valid_up_to();
            // Everything before the bad byte is valid, so this cannot fail.
            let text = std::str::from_utf8(&bytes[..offset]).unwrap_or_default();
            let lines = TextLines::new(text);
            let line = lines.len() - 1;
            let column = offset - lines.line_start(line);
            let byte = bytes.get(offset).copied().unwrap_or_default();
            let line = to_u32(line);
            let diagnostic = Diagnostic::error(
                codes::FILE_INVALID_UTF8,
                Span::at(line, to_u32(column)),
                message!(
                    "file-invalid-utf8",
                    byte = format!("0x{byte:02x}"),
                    offset = offset,
                    line = line + 1
                ),
            );
            Diagnosed {
                text,
                diagnostics: vec![diagnostic],
            }
        }
    }
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

#[cfg(test)]
mod tests {
    use super::parse_file;
    use crate::games::GameKind;
    use crate::syntax::position::CodeCount;

    #[test]
    fn positions_with_the_same_counts_share_one_tally() {
        let parsed = parse_file(
            GameKind::Tomek,
            "3\n\nTT..\n....\n....\n....\n\nTT..\n....\n....\n....\n\nXXXX\nOOOO\n....\n....\n",
        );
        let tallies: Vec<&[CodeCount]> = parsed.positions.iter().map(|p| p.tally()).collect();
        assert!(!tallies[0].is_empty());
        assert_eq!(tallies[0], tallies[1]);
        assert!(std::ptr::eq(tallies[0], tallies[1]), "one tally, shared");
        assert_ne!(tallies[0], tallies[2]);
    }
}

#[cfg(test)]
mod languages {
    use super::diagnose;
    use crate::diagnostics::{Diagnostic, codes};
    use crate::games::GameKind;
    use crate::i18n::Locale;

    /// A `.go9` board whose top row holds an `o` group of `stones` stones
    /// with one liberty, below it.
    fn killable(stones: usize) -> Diagnostic {
        let mut text = format!("{}x{}\n", "o".repeat(stones), ".".repeat(8 - stones));
        text.push_str(&format!(
            "{}{}\n",
            "x".repeat(stones - 1),
            ".".repeat(10 - stones)
        ));
        text.push_str(&".........\n".repeat(7));
        let found = diagnose(GameKind::Go9, &text);
        let killable = found.iter().find(|d| d.code == codes::GO9_KILLABLE);
        killable.expect("a killable group").clone()
    }

    #[test]
    fn a_go9_fact_in_each_language_with_its_plurals() {
        let words = |stones, locale| killable(stones).message.word(locale);
        assert_eq!(
            words(1, Locale::English),
            "x playing here captures 1 o stone: the group's last liberty"
        );
        assert_eq!(
            words(3, Locale::English),
            "x playing here captures 3 o stones: the group's last liberty"
        );
        assert_eq!(
            words(1, Locale::Russian),
            "ход x сюда снимает 1 камень o: это последнее дамэ группы"
        );
        assert_eq!(
            words(3, Locale::Russian),
            "ход x сюда снимает 3 камня o: это последнее дамэ группы"
        );
        assert_eq!(
            words(5, Locale::Russian),
            "ход x сюда снимает 5 камней o: это последнее дамэ группы"
        );
        assert_eq!(
            words(5, Locale::SimplifiedChinese),
            "x 在此落子可提掉 5 颗 o 子：这是该棋块的最后一口气"
        );
        // The last stone listed says how many are not.
        let related = killable(5).related;
        let last = &related[related.len() - 1].message;
        assert_eq!(
            last.word(Locale::English),
            "captured stone at row 1, column 3 (and 2 more stones)"
        );
        assert_eq!(
            last.word(Locale::Russian),
            "снимаемый камень: строка 1, столбец 3 (и ещё 2 камня)"
        );
        assert_eq!(
            last.word(Locale::SimplifiedChinese),
            "被提的棋子：第 1 行第 3 列（另有 2 颗）"
        );
    }

    #[test]
    fn a_uttt_error_in_each_language_with_its_ordinal() {
        let sample = "x. ... ...\n... ... ...\n... ... ...\n\n... ... ...\n... ... ...\n... ... ...\n\n... ... ...\n... ... ...\n... ... ...\n1 1\n";
        let found = diagnose(GameKind::Uttt, sample);
        let short = found.iter().find(|d| d.code == codes::UTTT_BAD_ROW);
        let message = &short.expect("a short group").message;
        assert_eq!(
            message.word(Locale::English),
            "row 1 of band 1 has 2 cells in its first group, expected 3"
        );
        assert_eq!(
            message.word(Locale::Russian),
            "первая группа строки 1 блока 1 содержит 2 клетки, ожидалось 3"
        );
        assert_eq!(
            message.word(Locale::SimplifiedChinese),
            "第 1 段第 1 行的第 1 组有 2 个格子，应为 3 个"
        );
    }
}
