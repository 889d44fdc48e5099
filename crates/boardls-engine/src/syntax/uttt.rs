//! `.uttt` positions (Codeforces 907B input): three bands of three rows
//! `ccc ccc ccc`, one blank line between bands, then the last-move line `x y`.
//!
//! Recovery keeps later positions readable: a band's rows are counted
//! between blank lines, a row after a full band is told apart from a missing
//! blank line by how many rows follow, and a position without its last-move
//! line ends after its third band.

use crate::diagnostics::{Diagnostic, Span, codes};
use crate::games::uttt::Board;
use crate::games::{Cell, GameKind};
use crate::i18n::Message;
use crate::i18n::message;
use crate::text::LineSource;

use super::builder::{Alphabet, PositionBuilder, lowercase_players};
use super::lines::{LineKind, describe, is_blank, is_blank_char, shortened, trim_trailing_blanks};
use super::position::{JudgedBoard, ParsedPosition};
use super::square::Cells;
use super::uttt_board::{self, Rows, board_of};

const ALPHABET: Alphabet = Alphabet {
    bad_cell: codes::UTTT_BAD_CELL,
    expected: || message!("uttt-cells"),
    cells: b"xo.!",
    fix_case: lowercase_players,
};

/// A line starting with a digit and holding no cell character is meant as
/// the last-move line, even when malformed.
fn is_last_move_line(content: &str) -> bool {
    let body = content.trim_start_matches(is_blank_char);
    body.starts_with(|c: char| c.is_ascii_digit())
        && !body
            .bytes()
            .any(|b| matches!(b, b'x' | b'o' | b'.' | b'!' | b'X' | b'O'))
}

/// Where reading stands: `band` 0..3 and rows read into it.
struct Bands {
    band: usize,
    in_band: usize,
    rows_read: usize,
}

impl Bands {
    fn all_read(&self) -> bool {
        self.band == 2 && self.in_band == 3
    }
}

pub(super) fn parse(lines: &dyn LineSource, from: u32) -> Option<ParsedPosition> {
    regular(lines, from).or_else(|| full(lines, from))
}

/// The full reader: any layout, every fault reported.
pub(super) fn full(lines: &dyn LineSource, from: u32) -> Option<ParsedPosition> {
    let (mut p, mut text) = PositionBuilder::start(GameKind::Uttt, lines, from)?;
    let mut line = p.first_line;
    let mut cells: Cells = [[b'.'; 9]; 9];
    let mut complete = true;
    let mut at = Bands {
        band: 0,
        in_band: 0,
        rows_read: 0,
    };
    let mut last_move: Option<(Option<Cell>, u32, Span)> = None;
    loop {
        let content = trim_trailing_blanks(&text);
        if is_last_move_line(content) {
            if !at.all_read() {
                complete = false;
                p.error(
                    codes::UTTT_MISSING_ROW,
                    line,
                    0,
                    0,
                    message!("uttt-rows-before-last-move", rows = at.rows_read),
                );
            }
            let (cell, span) = read_last_move(&mut p, line, content);
            p.own(line);
            last_move = Some((cell, line - p.first_line, span));
            if let Some((next, _, LineKind::Content)) = p.next_non_comment(line + 1) {
                p.error(
                    codes::UTTT_BAD_LAYOUT,
                    next,
                    0,
                    0,
                    message!("uttt-blank-between-positions"),
                );
            }
            break;
        }
        if at.in_band < 3 {
            let row = at.band * 3 + at.in_band;
            complete &= read_row(&mut p, line, content, &at, &mut cells[row]);
            let bytes = content.as_bytes();
            let regular =
                bytes.len() == 11 && content.is_ascii() && bytes[3] == b' ' && bytes[7] == b' ';
            p.row_line(row, line, regular);
            at.in_band += 1;
            at.rows_read += 1;
        } else if at.band < 2 {
            // A full band followed by a row: a missing blank line when the
            // rows that follow fill whole bands, else a row too many.
            let needed = (2 - at.band) * 3;
            let (run, _) = rows_ahead(&mut p, line, needed + 1);
            if run % 3 == 0 && run <= needed {
                p.error(
                    codes::UTTT_BAD_LAYOUT,
                    line,
                    0,
                    0,
                    message!(
                        "uttt-blank-between-bands",
                        band = at.band + 1,
                        next = at.band + 2
                    ),
                );
                at.band += 1;
                at.in_band = 0;
                continue;
            }
            extra_row(&mut p, line, content, &at);
        } else {
            // After the 9th row: extra rows when the last-move line follows
            // soon, else the last-move line is missing and the next
            // position starts here.
            let (_, then_last_move) = rows_ahead(&mut p, line, 3);
            if !then_last_move {
                p.error(
                    codes::UTTT_MISSING_LAST_MOVE,
                    line,
                    0,
                    0,
                    message!("uttt-missing-last-move"),
                );
                break;
            }
            extra_row(&mut p, line, content, &at);
        }
        match p.next_non_comment(line + 1) {
            Some((next, next_text, LineKind::Content)) => {
                line = next;
                text = next_text;
            }
            Some((blank, _, _)) => {
                if at.in_band < 3 {
                    complete = false;
                    p.error(
                        codes::UTTT_MISSING_ROW,
                        blank,
                        0,
                        0,
                        message!("uttt-short-band", band = at.band + 1, rows = at.in_band),
                    );
                }
                let (next, extra_blank) = after_blank_lines(&mut p, blank);
                match next {
                    Some((next, next_text))
                        if is_last_move_line(trim_trailing_blanks(&next_text)) =>
                    {
                        if at.all_read() {
                            p.error(
                                codes::UTTT_BAD_LAYOUT,
                                blank,
                                0,
                                0,
                                message!("uttt-blank-before-last-move"),
                            );
                        }
                        line = next;
                        text = next_text;
                    }
                    Some((next, next_text)) if at.band < 2 => {
                        if let Some(extra) = extra_blank {
                            p.error(
                                codes::UTTT_BAD_LAYOUT,
                                extra,
                                0,
                                0,
                                message!("uttt-blank-lines-between-bands"),
                            );
                        }
                        at.band += 1;
                        at.in_band = 0;
                        line = next;
                        text = next_text;
                    }
                    // The text ends, or a new run of rows starts after the
                    // third band: that is the next position.
                    _ => {
                        let span = p.span(blank, 0, 0);
                        end_without_last_move(&mut p, &at, span);
                        complete &= at.all_read();
                        break;
                    }
                }
            }
            None => {
                let span = p.expected_after(line);
                if at.in_band < 3 {
                    p.push(Diagnostic::error(
                        codes::UTTT_MISSING_ROW,
                        span,
                        message!("uttt-short-band", band = at.band + 1, rows = at.in_band),
                    ));
                }
                end_without_last_move(&mut p, &at, span);
                complete &= at.all_read();
                break;
            }
        }
    }
    let game = match last_move {
        Some((Some(cell), _, span)) if complete => {
            Some(judge(&mut p, board_of(&cells), cell, span))
        }
        _ => None,
    };
    Some(p.finish(game, last_move.map(|(_, line, span)| (line, span))))
}

/// A position in the usual layout, read the short way: three bands of three
/// rows of exactly `ccc ccc ccc`, one empty line between bands, the
/// last-move line exactly `r c`, then a blank line or the end of the text.
/// It gives exactly what the full reader gives such a position, judged by
/// the same `judge`, without walking lines and cells one at a time as the
/// full reader does. `None` for anything else.
pub(super) fn regular(lines: &dyn LineSource, from: u32) -> Option<ParsedPosition> {
    let (mut p, _) = PositionBuilder::start(GameKind::Uttt, lines, from)?;
    let first = p.first_line;
    let mut rows = Rows::default();
    for row in 0..9 {
        let line = first + (row + row / 3) as u32;
        if !rows.add_row(row, lines.line(line).as_bytes()) {
            return None;
        }
        if row % 3 == 2 && row < 8 && !lines.line(line + 1).is_empty() {
            return None;
        }
    }
    let last = first + 11;
    let text = lines.line(last);
    let (row, column) = match text.as_bytes() {
        &[r @ b'1'..=b'9', b' ', c @ b'1'..=b'9'] => (r - b'1', c - b'1'),
        _ => return None,
    };
    let after = last + 1;
    if after < lines.line_count() && !is_blank(&lines.line(after)) {
        return None;
    }
    for row in 0..9 {
        p.row_line(row, first + (row + row / 3) as u32, true);
    }
    p.own(last);
    // What the full reader looks at after the last-move line.
    let _ = p.next_non_comment(after);
    let span = p.span(last, 0, 3);
    let game = judge(&mut p, rows.board(), Cell::new(row, column), span);
    Some(p.finish(Some(game), Some((11, span))))
}

/// The position ends before its last-move line: reports the bands that
/// never came (a short band is reported where it ends) and the missing
/// last-move line, both at `span`.
fn end_without_last_move(p: &mut PositionBuilder, at: &Bands, span: Span) {
    if at.band < 2 {
        p.push(Diagnostic::error(
            codes::UTTT_MISSING_ROW,
            span,
            message!("uttt-missing-bands", bands = at.band + 1),
        ));
    }
    let message = if at.all_read() {
        message!("uttt-missing-last-move")
    } else {
        message!("uttt-missing-last-move-end")
    };
    p.push(Diagnostic::error(
        codes::UTTT_MISSING_LAST_MOVE,
        span,
        message,
    ));
}

/// After the blank line `blank`: the next content line, and the first
/// further blank line when there is more than one.
fn after_blank_lines<'a>(
    p: &mut PositionBuilder<'a>,
    blank: u32,
) -> (Option<(u32, std::borrow::Cow<'a, str>)>, Option<u32>) {
    let mut extra = None;
    let mut line = blank + 1;
    while let Some((found, text, kind)) = p.next_non_comment(line) {
        if kind == LineKind::Content {
            return (Some((found, text)), extra);
        }
        extra.get_or_insert(found);
        line = found + 1;
    }
    (None, extra)
}

/// Rows in the run starting at row line `line` (comments skipped), counted
/// up to `limit + 1`, and whether a last-move line ends the run.
fn rows_ahead(p: &mut PositionBuilder, line: u32, limit: usize) -> (usize, bool) {
    let mut count = 1;
    let mut current = line;
    while count <= limit {
        match p.next_non_comment(current + 1) {
            Some((next, text, LineKind::Content)) => {
                if is_last_move_line(trim_trailing_blanks(&text)) {
                    return (count, true);
                }
                count += 1;
                current = next;
            }
            _ => return (count, false),
        }
    }
    (count, false)
}

fn extra_row(p: &mut PositionBuilder, line: u32, content: &str, at: &Bands) {
    let message = if at.band == 2 {
        message!("uttt-extra-row")
    } else {
        message!("uttt-extra-row-in-band", band = at.band + 1)
    };
    p.error(codes::UTTT_EXTRA_ROW, line, 0, content.len(), message);
    p.own(line);
}

/// Reads `ccc ccc ccc` into `out`, reporting every fault. Returns whether
/// the row was entirely right.
fn read_row(
    p: &mut PositionBuilder,
    line: u32,
    content: &str,
    at: &Bands,
    out: &mut [u8; 9],
) -> bool {
    // The common case, a well-formed row, without the per-cell machinery.
    if let [a, b, c, b' ', d, e, f, b' ', g, h, i] = *content.as_bytes() {
        let cells = [a, b, c, d, e, f, g, h, i];
        if cells.iter().all(|cell| ALPHABET.cells.contains(cell)) {
            *out = cells;
            return true;
        }
    }
    let (row, band) = (at.in_band + 1, at.band + 1);
    let mut ok = true;
    let body = content.trim_start_matches(is_blank_char);
    let mut pos = content.len() - body.len();
    if pos > 0 {
        p.error(
            codes::UTTT_BAD_ROW,
            line,
            0,
            pos,
            message!("uttt-leading-blank", row = row, band = band),
        );
        ok = false;
    }
    let mut groups = 0;
    while pos < content.len() {
        let rest = &content[pos..];
        if groups == 3 {
            let total = 3 + rest.split(is_blank_char).filter(|g| !g.is_empty()).count();
            p.error(
                codes::UTTT_BAD_ROW,
                line,
                pos,
                content.len(),
                message!(
                    "uttt-too-many-groups",
                    row = row,
                    band = band,
                    groups = total
                ),
            );
            return false;
        }
        let group_len = rest.find(is_blank_char).unwrap_or(rest.len());
        let group = &rest[..group_len];
        let mut cells = 0;
        for (offset, c) in group.char_indices() {
            if cells == 3 {
                let total = 3 + group[offset..].chars().count();
                p.error(
                    codes::UTTT_BAD_ROW,
                    line,
                    pos + offset,
                    pos + group_len,
                    message!(
                        "uttt-group-cells",
                        row = row,
                        band = band,
                        cells = total,
                        group = groups + 1
                    ),
                );
                ok = false;
                break;
            }
            match p.check_cell(&ALPHABET, line, pos + offset, c) {
                Some(byte) => out[groups * 3 + cells] = byte,
                None => ok = false,
            }
            cells += 1;
        }
        if cells < 3 {
            p.error(
                codes::UTTT_BAD_ROW,
                line,
                pos + group_len,
                pos + group_len,
                message!(
                    "uttt-group-cells",
                    row = row,
                    band = band,
                    cells = cells,
                    group = groups + 1
                ),
            );
            ok = false;
        }
        groups += 1;
        pos += group_len;
        // Trailing blanks are trimmed, so a separator is followed by a group.
        let separator_len = content[pos..]
            .find(|c: char| !is_blank_char(c))
            .unwrap_or(content.len() - pos);
        let separator = &content[pos..pos + separator_len];
        if separator_len > 0 && separator != " " && groups < 3 {
            p.error(
                codes::UTTT_BAD_ROW,
                line,
                pos,
                pos + separator_len,
                message!("uttt-separator", found = describe_blanks(separator)),
            );
            ok = false;
        }
        pos += separator_len;
    }
    if groups < 3 {
        p.error(
            codes::UTTT_BAD_ROW,
            line,
            content.len(),
            content.len(),
            message!(
                "uttt-too-few-groups",
                row = row,
                band = band,
                groups = groups
            ),
        );
        ok = false;
    }
    ok
}

fn describe_blanks(blanks: &str) -> Message {
    if blanks.bytes().all(|b| b == b' ') {
        message!("uttt-spaces", spaces = blanks.len())
    } else if blanks.len() == 1 {
        describe('\t')
    } else {
        message!("uttt-tabs")
    }
}

/// Reads `x y`; reports what is wrong. Returns the cell (0-based) and the
/// relative span of the line's text.
fn read_last_move(p: &mut PositionBuilder, line: u32, content: &str) -> (Option<Cell>, Span) {
    let start = content.len() - content.trim_start_matches(is_blank_char).len();
    let span = p.span(line, start, content.len());
    let mut tokens = content
        .split(is_blank_char)
        .scan(0usize, |offset, token| {
            let start = *offset;
            *offset += token.len() + 1;
            Some((start, token))
        })
        .filter(|(_, token)| !token.is_empty());
    let row = match tokens.next() {
        Some((at, token)) => coordinate(p, line, at, token, Coordinate::Row),
        None => None,
    };
    let column = match tokens.next() {
        Some((at, token)) => coordinate(p, line, at, token, Coordinate::Column),
        None => {
            p.error(
                codes::UTTT_BAD_LAST_MOVE,
                line,
                content.len(),
                content.len(),
                message!("uttt-missing-column"),
            );
            None
        }
    };
    if let Some((at, _)) = tokens.next() {
        p.error(
            codes::UTTT_BAD_LAST_MOVE,
            line,
            at,
            content.len(),
            message!("uttt-text-after-last-move"),
        );
    }
    let cell = row.zip(column).map(|(r, c)| Cell::new(r - 1, c - 1));
    (cell, span)
}

/// Which number of the last-move line.
#[derive(Clone, Copy)]
enum Coordinate {
    Row,
    Column,
}

/// One number of the last-move line, 1..9.
fn coordinate(
    p: &mut PositionBuilder,
    line: u32,
    at: usize,
    token: &str,
    what: Coordinate,
) -> Option<u8> {
    match token.parse::<u8>() {
        Ok(n @ 1..=9) => Some(n),
        _ => {
            p.error(
                codes::UTTT_BAD_LAST_MOVE,
                line,
                at,
                at + token.len(),
                match what {
                    Coordinate::Row => message!("uttt-bad-row-number", found = shortened(token)),
                    Coordinate::Column => {
                        message!("uttt-bad-column-number", found = shortened(token))
                    }
                },
            );
            None
        }
    }
}

/// The judge's findings plus the facts beyond it, reported on `p`.
fn judge(
    p: &mut PositionBuilder,
    board: Board,
    last_move: Cell,
    last_move_span: Span,
) -> JudgedBoard {
    let mut found = Vec::new();
    let findings = uttt_board::judge(&board, last_move, last_move_span, p.row_lines(), &mut found);
    for diagnostic in found {
        p.push(diagnostic);
    }
    JudgedBoard::Uttt {
        board: Box::new(board),
        findings: Box::new(findings),
    }
}
