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

use boardls_engine::diagnostics::{Diagnostic, Span};
use boardls_engine::document::Document;
use boardls_engine::games::GameKind;
use boardls_engine::syntax;
use boardls_ide::encoding::{Encoding, position_to_char};
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
            .all(|d| d.severity != boardls_engine::diagnostics::Severity::Error);
        let found = boardls_engine::answers::check_answer(kind, input, Some(&input_path), answer);
        if input_reads {
            check_answer_spans(input, answer, &found)
                .map_err(|problem| format!("answer ({kind:?}): {problem}"))?;
        }
        for profile in boardls_engine::profile::Profile::ALL {
            if profile.game() == kind {
                let found = boardls_engine::profile::check(profile, kind, input);
                check_spans(input, &found)
                    .map_err(|problem| format!("profile {}: {problem}", profile.name()))?;
            }
        }
    }
    if let Err(found) = boardls_engine::project::read(project) {
        check_spans(project, &found).map_err(|problem| format!("boardls.toml: {problem}"))?;
    }
    Ok(())
}

/// What one [`check_cache_edits`] session used of the caches: publishes
/// that the kept pieces assembled (not the fresh walk's fallback), and
/// token answers that were deltas (not the whole array).
#[derive(Clone, Copy, Debug, Default)]
pub struct CacheUse {
    pub kept_publishes: usize,
    pub token_deltas: usize,
}

/// The kept diagnostics and the kept semantic tokens of one open document
/// across a sequence of edits, from one byte string. Its first byte picks
/// the game, the encoding and the listing (`maxProblems` 1,000, 7 or 1;
/// information shown or not); the rest, split at zero bytes, is the
/// starting text (empty: the game's [`seed`] file), then one edit a part:
/// its first byte places the edit's start (a fraction of the text), the
/// second how many chars it removes (`% 16`, times 16 when the third byte
/// has bit 2), the third says whether the client asks after it (bit 0: a
/// publish and a token delta come before the next edit; the last edit is
/// always asked after) and from which result (bit 1: an id the server did
/// not give, answered with every token); the rest is the inserted text
/// (invalid UTF-8 replaced). After each asked edit:
///
/// - the publish assembled from the kept pieces equals, byte for byte,
///   the one a fresh reading of the same text publishes;
/// - the client's token array, after applying the delta with the
///   client's splice rule (each edit replaces `deleteCount` numbers at
///   `start` of the array as it was, applied from the last), equals a
///   fresh `/full` of the same text.
///
/// The `cache_edits` fuzz target and its corpus replay both call it.
pub fn check_cache_edits(data: &[u8]) -> Result<CacheUse, String> {
    use boardls_ide::config::DiagnosticFilter;
    use boardls_ide::kept::diagnostics::KeptDiagnostics;
    use boardls_ide::kept::publish::{Published, notification};
    use boardls_ide::kept::tokens::KeptTokens;
    use boardls_ide::view::{Cancel, ClientCaps, DocView};
    use std::sync::{Arc, Mutex};
    use tower_lsp_server::ls_types::{SemanticTokensFullDeltaResult, Uri};

    let Some((&choice, rest)) = data.split_first() else {
        return Ok(CacheUse::default());
    };
    let kind = kind_from(choice);
    let enc = if choice & 0x04 == 0 {
        Encoding::Utf16
    } else {
        Encoding::Utf8
    };
    let filter = DiagnosticFilter {
        information: choice & 0x08 == 0,
        max_problems: [1000, 7, 1][usize::from(choice >> 4) % 3],
        ..DiagnosticFilter::default()
    };
    let mut parts = rest.split(|&b| b == 0);
    let start_text = String::from_utf8_lossy(parts.next().unwrap_or_default());
    let start_text = if start_text.is_empty() {
        seed(kind)
    } else {
        &start_text
    };
    let uri: Uri = "file:///fuzz/cached.txt"
        .parse()
        .map_err(|e| format!("uri: {e:?}"))?;
    let caps = ClientCaps {
        encoding: enc,
        ..ClientCaps::default()
    };
    let publish = |doc: &Document, kept: Option<&Arc<Mutex<KeptDiagnostics>>>| {
        notification(&Published {
            uri: uri.clone(),
            version: 1,
            snapshot: doc.snapshot(),
            enc,
            locale: Default::default(),
            filter,
            kept: kept.cloned(),
        })
    };
    let full = |doc: &Document, result_id: u64| {
        let view = DocView {
            uri: &uri,
            doc,
            version: 1,
            caps,
        };
        KeptTokens::default()
            .full(&view, result_id, &Cancel::NEVER)
            .map(|tokens| {
                (
                    flat_tokens(&tokens.data),
                    tokens.result_id.unwrap_or_default(),
                )
            })
            .ok_or("a /full was cancelled")
    };

    let mut doc = Document::new(kind, start_text);
    let kept = Arc::new(Mutex::new(KeptDiagnostics::default()));
    let mut tokens = KeptTokens::default();
    let mut generation = 1;
    let mut used = CacheUse::default();
    // The client's tokens and result id, from a first `/full`.
    let (mut client, mut result_id) = {
        let view = DocView {
            uri: &uri,
            doc: &doc,
            version: 1,
            caps,
        };
        let first = tokens
            .full(&view, generation, &Cancel::NEVER)
            .ok_or("the first /full was cancelled")?;
        (
            flat_tokens(&first.data),
            first.result_id.unwrap_or_default(),
        )
    };
    publish(&doc, Some(&kept));
    let edits: Vec<&[u8]> = parts.collect();
    for (n, part) in edits.iter().enumerate() {
        let byte = |i: usize| part.get(i).copied().unwrap_or(0);
        let len = doc.rope().len_chars();
        let start = len * usize::from(byte(0)) / 255;
        let mut removed = usize::from(byte(1) % 16);
        if byte(2) & 0x04 != 0 {
            removed *= 16;
        }
        let inserted = String::from_utf8_lossy(part.get(3..).unwrap_or_default());
        doc.edit(start, start + removed, &inserted);
        generation += 1;
        if byte(2) & 0x01 == 0 && n + 1 < edits.len() {
            continue;
        }
        let text = doc.rope().to_string();
        let fresh_doc = Document::new(kind, &text);
        let context = || format!("after edit {n} ({kind:?}, {enc:?}, {filter:?}) of {text:?}");

        let from_kept = publish(&doc, Some(&kept));
        let fresh = publish(&fresh_doc, None);
        if from_kept != fresh {
            return Err(format!(
                "the kept publish is not a fresh reading {}:\n  kept:  {}\n  fresh: {}",
                context(),
                String::from_utf8_lossy(&from_kept),
                String::from_utf8_lossy(&fresh)
            ));
        }
        if kept
            .lock()
            .map_err(|_| "the kept diagnostics' lock is poisoned")?
            .listed_json(&uri, &doc.snapshot(), enc, filter, Default::default())
            .is_some()
        {
            used.kept_publishes += 1;
        }

        let view = DocView {
            uri: &uri,
            doc: &doc,
            version: 1,
            caps,
        };
        let previous = if byte(2) & 0x02 == 0 {
            result_id.clone()
        } else {
            "an id never given".to_owned()
        };
        match tokens
            .delta(&view, &previous, generation, &Cancel::NEVER)
            .ok_or_else(|| format!("a delta was cancelled {}", context()))?
        {
            SemanticTokensFullDeltaResult::Tokens(all) => {
                client = flat_tokens(&all.data);
                result_id = all.result_id.unwrap_or_default();
            }
            SemanticTokensFullDeltaResult::TokensDelta(delta) => {
                let mut splices = delta.edits;
                splices.sort_by_key(|edit| edit.start);
                for edit in splices.iter().rev() {
                    let at = edit.start as usize;
                    let end = at + edit.delete_count as usize;
                    if end > client.len() {
                        return Err(format!(
                            "a splice of {at}..{end} past the client's {} numbers {}",
                            client.len(),
                            context()
                        ));
                    }
                    client.splice(
                        at..end,
                        flat_tokens(edit.data.as_deref().unwrap_or_default()),
                    );
                }
                result_id = delta.result_id.unwrap_or_default();
                used.token_deltas += 1;
            }
            SemanticTokensFullDeltaResult::PartialTokensDelta { .. } => {
                return Err(format!("a partial delta {}", context()));
            }
        }
        let (fresh_tokens, _) = full(&fresh_doc, generation)?;
        if client != fresh_tokens {
            return Err(format!(
                "the client's tokens after the delta are not a fresh /full {}:\n  client: {client:?}\n  full:   {fresh_tokens:?}",
                context()
            ));
        }
        if result_id != generation.to_string() {
            return Err(format!(
                "result id {result_id:?}, not {generation} {}",
                context()
            ));
        }
    }
    Ok(used)
}

/// Semantic tokens as the numbers a client's array holds, five a token.
pub fn flat_tokens(tokens: &[tower_lsp_server::ls_types::SemanticToken]) -> Vec<u32> {
    tokens
        .iter()
        .flat_map(|t| {
            [
                t.delta_line,
                t.delta_start,
                t.length,
                t.token_type,
                t.token_modifiers_bitset,
            ]
        })
        .collect()
}
