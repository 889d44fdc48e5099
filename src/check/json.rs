//! `json-lines` (one object per line and diagnostic; what `--format json`
//! has always printed) and `json` (the same objects as one array).

use crate::check::sink::{CheckedFile, Sink, Summary};
use crate::diagnostics::{Diagnostic, Span};

/// One diagnostic as an object: `path`, `range` (0-based LSP range, UTF-16
/// code units), `severity`, `code`, `message`, `related` (each a `range`
/// and a `message`). `check` writes the same text with
/// [`write_diagnostic_object`]; this value is what it is tested against.
pub fn diagnostic_object(file: &CheckedFile<'_>, diagnostic: &Diagnostic) -> serde_json::Value {
    let related: Vec<serde_json::Value> = diagnostic
        .related
        .iter()
        .map(|related| match &related.file {
            // Another file (an answer's input, whose board rows are ASCII:
            // byte columns are UTF-16 columns).
            Some(other) => serde_json::json!({
                "path": other.display().to_string(),
                "range": {
                    "start": { "line": related.span.line, "character": related.span.start },
                    "end": { "line": related.span.line, "character": related.span.end },
                },
                "message": related.message,
            }),
            None => serde_json::json!({
                "range": lsp_range(file, related.span),
                "message": related.message,
            }),
        })
        .collect();
    serde_json::json!({
        "path": file.path,
        "range": lsp_range(file, diagnostic.span),
        "severity": diagnostic.severity.word(),
        "code": diagnostic.code,
        "message": diagnostic.message,
        "related": related,
    })
}

fn lsp_range(file: &CheckedFile<'_>, span: Span) -> serde_json::Value {
    serde_json::json!({
        "start": { "line": span.line, "character": file.utf16_column(span.line, span.start) },
        "end": { "line": span.line, "character": file.utf16_column(span.line, span.end) },
    })
}

/// [`diagnostic_object`] as serde_json prints it (keys in order, no
/// spaces), written straight into `out`: building the value cost more than
/// finding the diagnostic.
pub fn write_diagnostic_object(file: &CheckedFile<'_>, diagnostic: &Diagnostic, out: &mut Vec<u8>) {
    out.extend_from_slice(b"{\"code\":");
    write_string(diagnostic.code, out);
    out.extend_from_slice(b",\"message\":");
    write_string(&diagnostic.message, out);
    out.extend_from_slice(b",\"path\":");
    write_string(file.path, out);
    out.extend_from_slice(b",\"range\":");
    let (start, end) = file.utf16_columns(diagnostic.span);
    write_range(diagnostic.span.line, start, end, out);
    out.extend_from_slice(b",\"related\":[");
    for (i, related) in diagnostic.related.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(b"{\"message\":");
        write_string(&related.message, out);
        let span = related.span;
        let (start, end) = match &related.file {
            // Another file (an answer's input, whose board rows are ASCII:
            // byte columns are UTF-16 columns).
            Some(other) => {
                out.extend_from_slice(b",\"path\":");
                write_string(&other.display().to_string(), out);
                (span.start, span.end)
            }
            None => file.utf16_columns(span),
        };
        out.extend_from_slice(b",\"range\":");
        write_range(span.line, start, end, out);
        out.push(b'}');
    }
    out.extend_from_slice(b"],\"severity\":");
    write_string(diagnostic.severity.word(), out);
    out.push(b'}');
}

/// `text` as a JSON string, escaped as serde_json escapes it.
fn write_string(text: &str, out: &mut Vec<u8>) {
    // Writing into a `Vec` cannot fail.
    let _ = serde_json::to_writer(&mut *out, text);
}

/// `{"end":{"character":END,"line":LINE},"start":{"character":START,"line":LINE}}`.
fn write_range(line: u32, start: u32, end: u32, out: &mut Vec<u8>) {
    let mut number = itoa::Buffer::new();
    let line = number.format(line).as_bytes();
    let mut column = itoa::Buffer::new();
    out.extend_from_slice(b"{\"end\":{\"character\":");
    out.extend_from_slice(column.format(end).as_bytes());
    out.extend_from_slice(b",\"line\":");
    out.extend_from_slice(line);
    out.extend_from_slice(b"},\"start\":{\"character\":");
    out.extend_from_slice(column.format(start).as_bytes());
    out.extend_from_slice(b",\"line\":");
    out.extend_from_slice(line);
    out.extend_from_slice(b"}}");
}

/// `json-lines`: one JSON object per line and diagnostic.
pub struct JsonSink;

impl Sink for JsonSink {
    fn diagnostic(&mut self, file: &CheckedFile<'_>, diagnostic: &Diagnostic, out: &mut Vec<u8>) {
        write_diagnostic_object(file, diagnostic, out);
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
}

impl Sink for JsonArraySink {
    fn start(&mut self, out: &mut Vec<u8>) {
        out.push(b'[');
    }

    fn diagnostic(&mut self, file: &CheckedFile<'_>, diagnostic: &Diagnostic, out: &mut Vec<u8>) {
        self.items.item(out);
        write_diagnostic_object(file, diagnostic, out);
    }

    fn summary(&mut self, _summary: &Summary, out: &mut Vec<u8>) {
        self.items.close(out);
        out.push(b'\n');
    }
}
