//! `json-lines` (one object per line and diagnostic; what `--format json`
//! has always printed) and `json` (the same objects as one array).

use crate::check::sink::{CheckedFile, Sink, Summary};
use boardls_engine::diagnostics::Diagnostic;
use boardls_engine::i18n::{Locale, Wording};

/// What [`write_object`] writes again and again, prepared once: the
/// head of the object for the last code, the file's path (escaped once per
/// file) between `message` and `range`, and the last message and related
/// message escaped (a board's findings share them).
struct Fragments {
    /// `{"code":"CODE","message":` for `code`.
    head: Vec<u8>,
    code: &'static str,
    /// `,"path":"PATH","range":`.
    path: Vec<u8>,
    message: EscapedOnce,
    related: EscapedOnce,
    /// Reused: clearing 256 bytes for each object costs.
    small: Small,
    /// English sentences, each worded once per run.
    wording: Wording,
}

impl Default for Fragments {
    fn default() -> Self {
        Fragments {
            head: Vec::new(),
            code: "",
            path: Vec::new(),
            message: EscapedOnce::default(),
            related: EscapedOnce::default(),
            small: Small::default(),
            wording: Wording::new(Locale::English),
        }
    }
}

impl Fragments {
    fn start_file(&mut self, file: &CheckedFile<'_>) {
        self.path.clear();
        self.path.extend_from_slice(b",\"path\":");
        write_string(file.path, &mut self.path);
        self.path.extend_from_slice(b",\"range\":");
    }

    fn head(&mut self, code: &'static str) -> &[u8] {
        if self.head.is_empty() || !std::ptr::eq(code, self.code) {
            self.code = code;
            self.head.clear();
            // Codes are plain ASCII words: nothing to escape.
            self.head.extend_from_slice(b"{\"code\":\"");
            self.head.extend_from_slice(code.as_bytes());
            self.head.extend_from_slice(b"\",\"message\":");
        }
        &self.head
    }
}

/// The last string written and its JSON form: comparing costs less than
/// escaping again.
#[derive(Default)]
struct EscapedOnce {
    text: String,
    json: Vec<u8>,
}

impl EscapedOnce {
    fn write(&mut self, text: &str, out: &mut Vec<u8>) {
        if self.json.is_empty() || self.text != text {
            self.text.clear();
            self.text.push_str(text);
            self.json.clear();
            write_string(text, &mut self.json);
        }
        out.extend_from_slice(&self.json);
    }
}

/// One diagnostic as an object: `path`, `range` (0-based LSP range, UTF-16
/// code units), `severity`, `code`, `message`, `related` (each a `range`
/// and a `message`), as serde_json prints it (keys in order, no spaces),
/// written straight into `out` rather than built as a value first, which
/// would cost more than finding the diagnostic.
fn write_object(
    fragments: &mut Fragments,
    file: &CheckedFile<'_>,
    diagnostic: &Diagnostic,
    out: &mut Vec<u8>,
) {
    out.extend_from_slice(fragments.head(diagnostic.code));
    let escaped = &mut fragments.message;
    fragments
        .wording
        .with(&diagnostic.message, |text| escaped.write(text, out));
    out.extend_from_slice(&fragments.path);
    let small = &mut fragments.small;
    let (start, end) = file.utf16_columns(diagnostic.span);
    small.range(diagnostic.span.line, start, end);
    small.put(b",\"related\":[");
    for (i, related) in diagnostic.related.iter().enumerate() {
        if i > 0 {
            small.put(b",");
        }
        small.put(b"{\"message\":");
        small.flush(out);
        let escaped = &mut fragments.related;
        fragments
            .wording
            .with(&related.message, |text| escaped.write(text, out));
        let span = related.span;
        let (start, end) = match &related.file {
            // Another file (an answer's input, whose board rows are ASCII:
            // byte columns are UTF-16 columns).
            Some(other) => {
                out.extend_from_slice(b",\"path\":");
                write_string(&boardls_fs::walk::shown(other), out);
                (span.start, span.end)
            }
            None => file.utf16_columns(span),
        };
        small.put(b",\"range\":");
        small.range(span.line, start, end);
        small.put(b"}");
    }
    small.put(b"],\"severity\":\"");
    small.put(diagnostic.severity.word().as_bytes());
    small.put(b"\"}");
    small.flush(out);
}

/// Short pieces gathered on the stack and appended to the output at once:
/// a range is a dozen pieces, and one append costs less than a dozen.
struct Small {
    bytes: [u8; Small::ROOM],
    len: usize,
}

impl Default for Small {
    fn default() -> Self {
        Small {
            bytes: [0; Small::ROOM],
            len: 0,
        }
    }
}

impl Small {
    /// Two ranges with ten-digit numbers and their keys fit.
    const ROOM: usize = 256;

    fn put(&mut self, piece: &[u8]) {
        self.bytes[self.len..self.len + piece.len()].copy_from_slice(piece);
        self.len += piece.len();
    }

    /// `n` in decimal: columns are mostly one digit.
    fn number(&mut self, n: u32) {
        if n < 10 {
            self.bytes[self.len] = b'0' + n as u8;
            self.len += 1;
        } else {
            self.put(itoa::Buffer::new().format(n).as_bytes());
        }
    }

    /// `{"end":{"character":END,"line":LINE},"start":{"character":START,"line":LINE}}`.
    fn range(&mut self, line: u32, start: u32, end: u32) {
        let mut number = itoa::Buffer::new();
        let line = number.format(line).as_bytes();
        self.put(b"{\"end\":{\"character\":");
        self.number(end);
        self.put(b",\"line\":");
        self.put(line);
        self.put(b"},\"start\":{\"character\":");
        self.number(start);
        self.put(b",\"line\":");
        self.put(line);
        self.put(b"}}");
    }

    /// Appends what was gathered to `out` and starts again.
    fn flush(&mut self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.bytes[..self.len]);
        self.len = 0;
    }
}

/// `text` as a JSON string, escaped as serde_json escapes it: `"`, `\\`
/// and control characters only, those with a short form in it.
fn write_string(text: &str, out: &mut Vec<u8>) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let bytes = text.as_bytes();
    out.push(b'"');
    let mut rest = bytes;
    while let Some(at) = first_to_escape(rest) {
        out.extend_from_slice(&rest[..at]);
        let b = rest[at];
        match b {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0c => out.extend_from_slice(b"\\f"),
            _ => out.extend_from_slice(&[
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[usize::from(b >> 4)],
                HEX[usize::from(b & 0xf)],
            ]),
        }
        rest = &rest[at + 1..];
    }
    out.extend_from_slice(rest);
    out.push(b'"');
}

/// Where the first byte of `bytes` that a JSON string escapes is: eight
/// bytes at a time while none is (most messages have none).
fn first_to_escape(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // Whether any byte of `word` is below `n` (≤ 128).
    let any_below = |word: u64, n: u8| word.wrapping_sub(ONES * u64::from(n)) & !word & HIGHS != 0;
    let mut clean = 0;
    for chunk in bytes.chunks_exact(8) {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let word = u64::from_le_bytes(word);
        if any_below(word, 0x20)
            || any_below(word ^ (ONES * u64::from(b'"')), 1)
            || any_below(word ^ (ONES * u64::from(b'\\')), 1)
        {
            break;
        }
        clean += 8;
    }
    bytes[clean..]
        .iter()
        .position(|&b| b < 0x20 || b == b'"' || b == b'\\')
        .map(|at| clean + at)
}

/// `json-lines`: one JSON object per line and diagnostic.
#[derive(Default)]
pub struct JsonSink {
    fragments: Fragments,
}

impl Sink for JsonSink {
    fn start_file(&mut self, file: &CheckedFile<'_>, _out: &mut Vec<u8>) {
        self.fragments.start_file(file);
    }

    fn diagnostic(&mut self, file: &CheckedFile<'_>, diagnostic: &Diagnostic, out: &mut Vec<u8>) {
        write_object(&mut self.fragments, file, diagnostic, out);
        out.push(b'\n');
    }
}

/// The items of a JSON array that is written as they come, one per line
/// (the array's `[` is the caller's): `json`'s and `sarif`'s results.
#[derive(Default)]
pub(super) struct StreamedArray {
    written: bool,
}

impl StreamedArray {
    /// Starts the next item's line.
    pub(super) fn item(&mut self, out: &mut Vec<u8>) {
        out.extend_from_slice(if self.written { b",\n" } else { b"\n" });
        self.written = true;
    }

    /// The closing `]`, on a line of its own after any item.
    pub(super) fn close(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(if self.written { b"\n]" } else { b"]" });
    }
}

/// `json`: one JSON array of the same objects, one per line, written as
/// they come: `[` at the start, `]` after the last file.
#[derive(Default)]
pub struct JsonArraySink {
    items: StreamedArray,
    fragments: Fragments,
}

impl Sink for JsonArraySink {
    fn start(&mut self, out: &mut Vec<u8>) {
        out.push(b'[');
    }

    fn start_file(&mut self, file: &CheckedFile<'_>, _out: &mut Vec<u8>) {
        self.fragments.start_file(file);
    }

    fn diagnostic(&mut self, file: &CheckedFile<'_>, diagnostic: &Diagnostic, out: &mut Vec<u8>) {
        self.items.item(out);
        write_object(&mut self.fragments, file, diagnostic, out);
    }

    fn summary(&mut self, _summary: &Summary, out: &mut Vec<u8>) {
        self.items.close(out);
        out.push(b'\n');
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::sync::Arc;

    use crate::check::concise::TextSink;
    use crate::check::json::{JsonArraySink, JsonSink};
    use crate::check::sink::{CheckedFile, Sink, Summary};
    use boardls_engine::diagnostics::{Diagnostic, Related, Severity, Span};
    use boardls_engine::i18n::Message;
    use boardls_engine::text::{CursorLines, char_column, utf16_column};

    /// A deterministic stream of choices (xorshift).
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n.max(1) as u64) as usize
        }
    }

    /// Lines of ASCII, two-byte, three-byte and four-byte (two UTF-16
    /// units) characters, short and long, with `\r\n` and `\n` breaks.
    fn text(random: &mut Rng) -> String {
        const PIECES: [&str; 8] = ["X", ".", "é", "T", "中", "𝄞", " ", "o"];
        let mut text = String::new();
        for line in 0..300 {
            let len = if line % 7 == 0 { 200 } else { random.below(12) };
            for _ in 0..len {
                text.push_str(PIECES[random.below(PIECES.len())]);
            }
            text.push_str(if line % 5 == 0 { "\r\n" } else { "\n" });
        }
        text
    }

    /// A byte of line `line` (any byte: inside a character, past the end).
    fn byte(lines: &[&str], line: u32, random: &mut Rng) -> u32 {
        let len = lines.get(line as usize).map_or(0, |l| l.len());
        random.below(len + 3) as u32
    }

    /// Many findings, mostly in order, with related locations on other
    /// lines and messages that need escaping.
    fn findings(lines: &[&str], random: &mut Rng) -> Vec<Diagnostic> {
        const MESSAGES: [&str; 5] = [
            "the board has 2 `T` cells; a board holds at most one",
            "both hold a line; the judge answers \"X won\"",
            "a \\ back\tslash, a\nbreak and \u{1} \u{1f} \u{7f} control",
            "é 中 𝄞",
            "",
        ];
        let mut found = Vec::new();
        let mut line = 0u32;
        while (line as usize) < lines.len() + 2 {
            let start = byte(lines, line, random);
            let end = start + random.below(6) as u32;
            let severity =
                [Severity::Error, Severity::Warning, Severity::Information][random.below(3)];
            let mut d = Diagnostic::new(
                severity,
                "tomek/extra-t",
                Span::new(line, start, end),
                Message::verbatim(MESSAGES[random.below(MESSAGES.len())]),
            );
            for _ in 0..random.below(3) {
                let other = line.saturating_sub(random.below(4) as u32);
                let at = byte(lines, other, random);
                let message = Message::verbatim(MESSAGES[random.below(5)]);
                d = d.with_related(Span::new(other, at, at + 1), message);
            }
            if random.below(10) == 0 {
                d.related.push(Related {
                    span: Span::new(3, 1, 2),
                    message: Message::verbatim("the input's \"row\""),
                    file: Some(Arc::from(Path::new("dir/é input.tomek"))),
                });
            }
            found.push(d);
            line += random.below(3) as u32;
        }
        found
    }

    /// The objects as they were printed before they were written by hand:
    /// a `serde_json` value, columns counted from each line's start.
    fn json_before(path: &str, lines: &[&str], d: &Diagnostic) -> serde_json::Value {
        let line = |l: u32| lines.get(l as usize).copied().unwrap_or("");
        let range = |span: Span| {
            serde_json::json!({
                "start": { "line": span.line, "character": utf16_column(line(span.line), span.start) },
                "end": { "line": span.line, "character": utf16_column(line(span.line), span.end) },
            })
        };
        let related: Vec<serde_json::Value> = d
            .related
            .iter()
            .map(|r| match &r.file {
                Some(other) => serde_json::json!({
                    "path": boardls_fs::walk::shown(other),
                    "range": {
                        "start": { "line": r.span.line, "character": r.span.start },
                        "end": { "line": r.span.line, "character": r.span.end },
                    },
                    "message": r.message.english(),
                }),
                None => {
                    serde_json::json!({ "range": range(r.span), "message": r.message.english() })
                }
            })
            .collect();
        serde_json::json!({
            "path": path,
            "range": range(d.span),
            "severity": d.severity.word(),
            "code": d.code,
            "message": d.message.english(),
            "related": related,
        })
    }

    fn rendered(sink: &mut dyn Sink, path: &str, text: &str, found: &[Diagnostic]) -> String {
        let cursor = CursorLines::new(text);
        let file = CheckedFile::new(path, &cursor);
        let mut out = Vec::new();
        sink.start(&mut out);
        sink.start_file(&file, &mut out);
        for d in found {
            sink.diagnostic(&file, d, &mut out);
        }
        sink.summary(&Summary::default(), &mut out);
        String::from_utf8(out).expect("UTF-8 output")
    }

    /// Equal texts, told line by line (the first that differs).
    fn same(written: &str, before: &str) {
        for (i, (w, b)) in written.lines().zip(before.lines()).enumerate() {
            assert_eq!(w, b, "line {}", i + 1);
        }
        assert_eq!(written, before);
    }

    #[test]
    fn written_by_hand_as_before_with_multibyte_text() {
        let path = "dir/\"quoted\" é.tomek";
        for seed in 1..=20u64 {
            let mut random = Rng(0x9e37_79b9_7f4a_7c15 ^ seed);
            let text = text(&mut random);
            let lines: Vec<&str> = text.split('\n').map(|l| l.trim_end_matches('\r')).collect();
            let found = findings(&lines, &mut random);
            let line = |l: u32| lines.get(l as usize).copied().unwrap_or("");

            let mut json_lines = String::new();
            let mut concise = String::new();
            for d in &found {
                json_lines.push_str(&json_before(path, &lines, d).to_string());
                json_lines.push('\n');
                let column = char_column(line(d.span.line), d.span.start) + 1;
                concise.push_str(&format!(
                    "{path}:{}:{column}: {}[{}]: {}\n",
                    d.span.line + 1,
                    d.severity.word(),
                    d.code,
                    d.message
                ));
            }
            same(
                &rendered(&mut JsonSink::default(), path, &text, &found),
                &json_lines,
            );
            same(
                &rendered(&mut TextSink::default(), path, &text, &found),
                &concise,
            );
            let array: Vec<&str> = json_lines.lines().collect();
            let array = format!("[\n{}\n]\n", array.join(",\n"));
            same(
                &rendered(&mut JsonArraySink::default(), path, &text, &found),
                &array,
            );
        }
    }
}
