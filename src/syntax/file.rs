//! A whole file: the optional count line, the positions one after the
//! other, and the facts about the file as a whole.

use crate::diagnostics::{self, Diagnostic, Span, codes};
use crate::games::GameKind;
use crate::text::{LineSource, TextLines, to_u32};
use crate::wording::count;

use super::lines::{LineKind, classify, is_blank_char};
use super::position::ParsedPosition;
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
        && let Some(header_count) = header.count
        && header_count != position_count as u64
    {
        diagnostics.push(
            Diagnostic::error(
                codes::FILE_COUNT_MISMATCH,
                header.span,
                format!(
                    "count line says {}, the file has {position_count}",
                    count(header_count, "board")
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
                format!(
                    "the file is not valid UTF-8: byte 0x{byte:02x} at offset {offset} (line {}) does not form a character",
                    line + 1
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
