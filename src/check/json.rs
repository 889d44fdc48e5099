//! `json-lines` (one object per line and diagnostic; what `--format json`
//! has always printed) and `json` (the same objects as one array).

use std::io::Write as _;

use crate::check::sink::{CheckedFile, Sink, Summary};
use crate::diagnostics::{Diagnostic, Span};

/// One diagnostic as an object: `path`, `range` (0-based LSP range, UTF-16
/// code units), `severity`, `code`, `message`, `related` (each a `range`
/// and a `message`).
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

/// `json-lines`: one JSON object per line and diagnostic.
pub struct JsonSink;

impl Sink for JsonSink {
    fn diagnostic(&mut self, file: &CheckedFile<'_>, diagnostic: &Diagnostic, out: &mut Vec<u8>) {
        let _ = writeln!(out, "{}", diagnostic_object(file, diagnostic));
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
        let _ = write!(out, "{}", diagnostic_object(file, diagnostic));
    }

    fn summary(&mut self, _summary: &Summary, out: &mut Vec<u8>) {
        self.items.close(out);
        out.push(b'\n');
    }
}
