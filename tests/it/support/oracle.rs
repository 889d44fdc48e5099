//! The reference model for robustness checks, shared by the property tests
//! in `tests/` and the fuzz targets in `fuzz/` (included there by path), so
//! both check exactly the same properties:
//!
//! - every span the parser reports lies inside the text: its line exists,
//!   `start <= end <= line length`, and both ends are on char boundaries;
//! - an LSP edit applied to a [`Document`] through the server's own position
//!   conversion ([`position_to_char`]) gives the same text as applying it to
//!   a plain `String` with the clamping the protocol asks for, written here
//!   independently of the rope;
//! - the document's incremental findings equal a fresh parse of its text.

#![allow(dead_code)]

use boardls::diagnostics::{Diagnostic, Span};
use boardls::document::Document;
use boardls::games::GameKind;
use boardls::lsp::encoding::{Encoding, position_to_char};
use boardls::syntax;
use tower_lsp_server::ls_types::Position;

/// Byte ranges of each line's content (line end excluded). Lines end at
/// `\n`, `\r\n` or `\r`, as in LSP; a final break leaves an empty last line.
pub fn line_ranges(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut lines = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                lines.push((start, i));
                start = i + 1;
            }
            b'\r' => {
                lines.push((start, i));
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    lines.push((start, bytes.len()));
    lines
}

/// Width of a char in the unit of `Position::character`.
fn width(c: char, enc: Encoding) -> usize {
    match enc {
        Encoding::Utf8 => c.len_utf8(),
        Encoding::Utf16 => c.len_utf16(),
    }
}

/// The byte offset an LSP position designates, clamped as the protocol
/// says: a line past the last one is the end of the text, a character past
/// the line's content is the end of that content (line ends are never
/// inside a line), and a character inside a char is that char's start.
pub fn clamped_offset(text: &str, pos: Position, enc: Encoding) -> usize {
    let lines = line_ranges(text);
    let Some(&(start, end)) = lines.get(pos.line as usize) else {
        return text.len();
    };
    let mut units = 0usize;
    for (i, c) in text[start..end].char_indices() {
        units += width(c, enc);
        if units > pos.character as usize {
            return start + i;
        }
    }
    end
}

/// Replaces the text between two positions (in either order) in a plain
/// string: what a correct server does to its copy of the document.
pub fn apply_to_string(
    text: &mut String,
    start: Position,
    end: Position,
    new: &str,
    enc: Encoding,
) {
    let a = clamped_offset(text, start, enc);
    let b = clamped_offset(text, end, enc);
    text.replace_range(a.min(b)..a.max(b), new);
}

/// Applies a `didChange` range change to a document exactly as the server
/// does: both ends through the server's conversion, then one edit.
pub fn apply_to_document(
    doc: &mut Document,
    start: Position,
    end: Position,
    new: &str,
    enc: Encoding,
) {
    let a = position_to_char(doc.rope(), start, enc);
    let b = position_to_char(doc.rope(), end, enc);
    doc.edit(a.min(b), a.max(b), new);
}

/// The server's conversion of one position agrees with the model's.
pub fn check_conversion(
    doc: &Document,
    text: &str,
    pos: Position,
    enc: Encoding,
) -> Result<(), String> {
    let char_idx = position_to_char(doc.rope(), pos, enc);
    let byte = doc
        .rope()
        .try_char_to_byte(char_idx)
        .map_err(|e| format!("{pos:?}: {e}"))?;
    let expected = clamped_offset(text, pos, enc);
    if byte != expected {
        return Err(format!(
            "{pos:?} ({enc:?}) is byte {byte}, expected {expected} in {text:?}"
        ));
    }
    Ok(())
}

fn check_span(text: &str, lines: &[(usize, usize)], span: Span, what: &str) -> Result<(), String> {
    let Some(&(start, end)) = lines.get(span.line as usize) else {
        return Err(format!(
            "{what}: line {} of {} lines",
            span.line,
            lines.len()
        ));
    };
    let len = end - start;
    let (a, b) = (span.start as usize, span.end as usize);
    if a > b || b > len {
        return Err(format!(
            "{what}: columns {a}..{b} on line {} of length {len}",
            span.line
        ));
    }
    if !text.is_char_boundary(start + a) || !text.is_char_boundary(start + b) {
        return Err(format!(
            "{what}: columns {a}..{b} on line {} split a char",
            span.line
        ));
    }
    Ok(())
}

/// Every span of every diagnostic (its own, related ones, fix edits) lies
/// inside `text`. Spans are absolute.
pub fn check_spans(text: &str, diagnostics: &[Diagnostic]) -> Result<(), String> {
    let lines = line_ranges(text);
    for d in diagnostics {
        let what = |part: &str| format!("{} {part} {:?}", d.code, d.message);
        check_span(text, &lines, d.span, &what("span"))?;
        for related in &d.related {
            check_span(text, &lines, related.span, &what("related span"))?;
        }
        for (span, _) in d.fix.iter().flat_map(|fix| &fix.edits) {
            check_span(text, &lines, *span, &what("fix span"))?;
        }
    }
    Ok(())
}

/// An answer file's findings: their own spans and fixes inside `answer`,
/// each related span inside the file it names (another file: `input`).
pub fn check_answer_spans(
    input: &str,
    answer: &str,
    diagnostics: &[Diagnostic],
) -> Result<(), String> {
    let (mut own, mut in_input) = (Vec::new(), Vec::new());
    for d in diagnostics {
        for related in &d.related {
            let mut alone = d.clone();
            alone.span = related.span;
            alone.related.clear();
            alone.fix = None;
            if related.file.is_some() {
                in_input.push(alone);
            } else {
                own.push(alone);
            }
        }
        let mut alone = d.clone();
        alone.related.clear();
        own.push(alone);
    }
    check_spans(answer, &own)?;
    check_spans(input, &in_input).map_err(|problem| format!("in the input: {problem}"))
}

/// Parses `text` as `kind`: no panic, every span inside the text, and the
/// streaming `diagnose` (used by `check`) agrees with the full parse.
pub fn check_parse(kind: GameKind, text: &str) -> Result<(), String> {
    let parsed = syntax::parse_file(kind, text);
    let all = parsed.all_diagnostics();
    check_spans(text, &all)?;
    for position in &parsed.positions {
        for (row, line) in position.row_lines.iter().enumerate() {
            if let Some(line) = line
                && position.first_line + line > position.last_line()
            {
                return Err(format!("row {row} on line {line} outside its position"));
            }
        }
    }
    let streamed = syntax::diagnose(kind, text);
    if streamed != all {
        return Err(format!(
            "diagnose differs from parse_file:\n{streamed:#?}\n{all:#?}"
        ));
    }
    Ok(())
}

/// The document holds exactly `text`, and its incremental state (header,
/// positions, diagnostics) equals a fresh parse of it.
pub fn check_document(doc: &Document, text: &str) -> Result<(), String> {
    if doc.rope() != text {
        return Err(format!(
            "text differs:\n  doc:   {:?}\n  model: {text:?}",
            doc.rope().to_string()
        ));
    }
    let fresh = syntax::parse_file(doc.kind(), text);
    if doc.header() != fresh.header.as_ref() {
        return Err(format!(
            "header differs: {:?} vs {:?}",
            doc.header(),
            fresh.header
        ));
    }
    let positions = doc.parsed_positions();
    if positions != fresh.positions {
        let at = positions
            .iter()
            .zip(&fresh.positions)
            .position(|(a, b)| a != b);
        return Err(format!(
            "positions differ ({} vs {}, first difference at {at:?}) in {text:?}",
            positions.len(),
            fresh.positions.len()
        ));
    }
    let (incremental, fresh) = (doc.diagnostics(), fresh.all_diagnostics());
    if incremental != fresh {
        return Err(format!(
            "diagnostics differ:\n{incremental:#?}\nfresh:\n{fresh:#?}"
        ));
    }
    check_spans(text, &incremental)
}

/// One game kind from a byte.
pub fn kind_from(byte: u8) -> GameKind {
    GameKind::ALL[usize::from(byte) % GameKind::ALL.len()]
}

/// Board-shaped snippets that random edits insert, so that random edit
/// sequences build and break real positions rather than only noise.
pub const FRAGMENTS: &[&str] = &[
    "",
    "\n",
    "\r\n",
    "\r",
    "\n\n",
    " ",
    "\t",
    "#",
    "# note\n",
    "x",
    "o",
    ".",
    "!",
    "X",
    "O",
    "T",
    "t",
    "0",
    "1",
    "5",
    "9",
    "2\n",
    "6 4",
    "10 10",
    "... ... ...\n",
    "x.. .o. ..!\n",
    ".........\n",
    "xxxxooooo\n",
    "XOXO\n",
    "XXXT\n",
    "....\n",
    "é",
    "\u{1F600}",
    "\u{2028}",
    "\u{0}",
    "\u{FEFF}",
];

/// Whole files of each kind, to start edit sequences from.
pub fn seed(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Uttt => concat!(
            "... ... ...\n... ... ...\n... ... ...\n\n",
            "... ... ...\n... ... ...\n... x.. ...\n\n",
            "... ... ...\n... ... ...\n... ... ...\n6 4\n\n",
            "... ... ...\n... ... ...\n... ... ...\n\n",
            "... ... ...\n... ... ...\n... x.. ...\n\n",
            "... ... ...\n... ... ...\n... ... ...\n6 4\n",
        ),
        GameKind::Go9 => concat!(
            "2\n",
            ".......xo\n.........\n.........\n..x......\n.xox....x\n",
            ".o.o...xo\n..o......\n.....xxxo\n....xooo.\n\n",
            ".......xo\n.........\n.........\n..x......\n.xox....x\n",
            ".o.o...xo\n..o......\n.....xxxo\n....xooo.\n",
        ),
        GameKind::Tomek => {
            "3\nXXXT\n....\nOO..\n....\n\nXOXT\nXXOO\nOXOX\nXXOO\n\nXOX.\nOX..\n....\n....\n"
        }
    }
}

/// The setters' inputs from one byte string: an input file, its answer
/// file and a `boardls.toml`, split at the first two zero bytes (what is
/// missing is empty). For every game: the answer checked against an input
/// that reads as its game, each judge profile of the game on the input,
/// and the project file read; every span inside the text it points into.
/// The `setter_inputs` fuzz target and its corpus replay both call it.
pub fn check_setter_inputs(data: &[u8]) -> Result<(), String> {
    let text = match std::str::from_utf8(data) {
        Ok(text) => text,
        Err(err) => std::str::from_utf8(&data[..err.valid_up_to()]).unwrap_or_default(),
    };
    let mut parts = text.splitn(3, '\0');
    let input = parts.next().unwrap_or_default();
    let answer = parts.next().unwrap_or_default();
    let project = parts.next().unwrap_or_default();
    let input_path: std::sync::Arc<std::path::Path> = std::path::Path::new("input").into();
    for kind in GameKind::ALL {
        let input_reads = syntax::diagnose(kind, input)
            .iter()
            .all(|d| d.severity != boardls::diagnostics::Severity::Error);
        let found = boardls::answers::check_answer(kind, input, Some(&input_path), answer);
        if input_reads {
            check_answer_spans(input, answer, &found)
                .map_err(|problem| format!("answer ({kind:?}): {problem}"))?;
        }
        for profile in boardls::profile::Profile::ALL {
            if profile.game() == kind {
                let found = boardls::profile::check(profile, kind, input);
                check_spans(input, &found)
                    .map_err(|problem| format!("profile {}: {problem}", profile.name()))?;
            }
        }
    }
    if let Err(found) = boardls::project::read(project) {
        check_spans(project, &found).map_err(|problem| format!("boardls.toml: {problem}"))?;
    }
    Ok(())
}
