//! An open document's `publishDiagnostics`, written straight from a
//! snapshot of the document as the JSON of the notification.
//!
//! The outbox calls this off the handler, for the newest version only (see
//! `outgoing`). It writes what [`proto_diagnostics::document`] would build as
//! typed diagnostics, under the same [`Budget`](super::proto_diagnostics::Budget),
//! without building them:
//! a dense file's publish went through an `lsp::Diagnostic` per finding,
//! each with a clone of the URI per related location, and the framework's
//! serializer. A test keeps the two equal.
//!
//! Ranges of facts on a board row need no look-up in the text: a regular
//! row is ASCII, so its byte columns are its UTF-8 and UTF-16 columns.
//! Anything else is converted through the rope as everywhere else.

use ropey::Rope;
use tower_lsp_server::ls_types::Uri;
use tower_lsp_server::ls_types::notification::{Notification as _, PublishDiagnostics};
use tower_lsp_server::ls_types::{Position, Range};

use super::config::DiagnosticFilter;
use super::encoding::{Encoding, span_to_range};
use super::proto_diagnostics::{SOURCE, SpanRanges, fix_data, listed};
use crate::diagnostics::{Diagnostic, Severity, Span};
use crate::document::DocDiagnostics;
use crate::syntax::DocPosition;

/// What a publish is made from: an open document at one version.
pub struct Published {
    pub uri: Uri,
    pub version: i32,
    pub snapshot: DocDiagnostics,
    pub enc: Encoding,
    /// What the `diagnostics.*` settings show (applied before the budget).
    pub filter: DiagnosticFilter,
}

/// The body of the `publishDiagnostics` notification of `published`.
pub fn notification(published: &Published) -> Vec<u8> {
    let mut out = Vec::with_capacity(4096);
    write_notification(published, &mut out);
    out
}

/// The length of [`notification`], without keeping it.
pub fn notification_len(published: &Published) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0 += bytes.len();
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    write_notification(published, &mut count);
    count.0
}

/// Writes [`notification`] into `out`.
pub(crate) fn write_notification(published: &Published, out: &mut dyn std::io::Write) {
    let mut out = Out(out);
    let out = &mut out;
    out.extend_from_slice(br#"{"jsonrpc":"2.0","method":""#);
    out.extend_from_slice(PublishDiagnostics::METHOD.as_bytes());
    out.extend_from_slice(br#"","params":{"uri":"#);
    let uri = json_string(published.uri.as_str());
    out.extend_from_slice(&uri);
    out.extend_from_slice(br#","diagnostics":["#);
    let mut writer = Writer {
        out: &mut *out,
        uri: &uri,
        rope: &published.snapshot.rope,
        enc: published.enc,
        first: true,
    };
    let more = listed(
        &published.snapshot,
        published.filter,
        &mut |position, d, related| {
            writer.diagnostic(position, d, related);
        },
    );
    if let Some(more) = more {
        writer.diagnostic(None, &more, 0);
    }
    let _ = write!(out.0, r#"],"version":{}}}}}"#, published.version);
}

/// A byte sink with the few methods the writer uses (errors are the
/// sink's to keep: a closed stream just stops taking bytes).
struct Out<'a>(&'a mut dyn std::io::Write);

impl Out<'_> {
    fn extend_from_slice(&mut self, bytes: &[u8]) {
        let _ = self.0.write_all(bytes);
    }

    fn push(&mut self, byte: u8) {
        let _ = self.0.write_all(&[byte]);
    }
}

/// `text` as a JSON string, quotes included.
fn json_string(text: &str) -> Vec<u8> {
    serde_json::to_vec(text).unwrap_or_else(|_| b"\"\"".to_vec())
}

struct Writer<'a, 'o> {
    out: &'a mut Out<'o>,
    /// The document's URI as a JSON string.
    uri: &'a [u8],
    rope: &'a Rope,
    enc: Encoding,
    first: bool,
}

impl Writer<'_, '_> {
    /// One diagnostic with its first `related` related locations.
    fn diagnostic(&mut self, position: Option<DocPosition<'_>>, d: &Diagnostic, related: usize) {
        if !self.first {
            self.out.push(b',');
        }
        self.first = false;
        self.out.extend_from_slice(br#"{"range":"#);
        self.range(position, d.span);
        let severity = match d.severity {
            Severity::Error => b'1',
            Severity::Warning => b'2',
            Severity::Information => b'3',
        };
        self.out.extend_from_slice(br#","severity":"#);
        self.out.push(severity);
        self.out.extend_from_slice(br#","code":"#);
        self.string(d.code);
        self.out.extend_from_slice(br#","source":"#);
        self.string(SOURCE);
        self.out.extend_from_slice(br#","message":"#);
        self.string(&d.message);
        if related > 0 {
            self.out.extend_from_slice(br#","relatedInformation":["#);
            for (i, r) in d.related.iter().take(related).enumerate() {
                if i > 0 {
                    self.out.push(b',');
                }
                self.out.extend_from_slice(br#"{"location":{"uri":"#);
                self.out.extend_from_slice(self.uri);
                self.out.extend_from_slice(br#","range":"#);
                self.range(position, r.span);
                self.out.extend_from_slice(br#"},"message":"#);
                self.string(&r.message);
                self.out.push(b'}');
            }
            self.out.push(b']');
        }
        if let Some(fix) = &d.fix {
            // Rare (a letter case, a count line): the typed way.
            let data = fix_data(&PositionRanges(self, position), fix);
            self.out.extend_from_slice(br#","data":"#);
            let _ = serde_json::to_writer(&mut *self.out.0, &data);
        }
        self.out.push(b'}');
    }

    fn string(&mut self, text: &str) {
        let _ = serde_json::to_writer(&mut *self.out.0, text);
    }

    fn range(&mut self, position: Option<DocPosition<'_>>, span: Span) {
        let range = self.lsp_range(position, span);
        self.out.extend_from_slice(br#"{"start":"#);
        self.position(range.start);
        self.out.extend_from_slice(br#","end":"#);
        self.position(range.end);
        self.out.push(b'}');
    }

    fn position(&mut self, at: Position) {
        let mut number = itoa::Buffer::new();
        self.out.extend_from_slice(br#"{"line":"#);
        self.out
            .extend_from_slice(number.format(at.line).as_bytes());
        self.out.extend_from_slice(br#","character":"#);
        self.out
            .extend_from_slice(number.format(at.character).as_bytes());
        self.out.push(b'}');
    }

    fn lsp_range(&self, position: Option<DocPosition<'_>>, span: Span) -> Range {
        if let Some(position) = position
            && let Some(width) = position.regular_row_width(span.line)
            && span.start <= span.end
            && span.end <= width
        {
            return Range::new(
                Position::new(span.line, span.start),
                Position::new(span.line, span.end),
            );
        }
        span_to_range(self.rope, span.line, span.start, span.end, self.enc)
    }
}

/// The writer's ranges for the spans of one position's diagnostic (a
/// fix's edits).
struct PositionRanges<'a, 'w, 'o>(&'a Writer<'w, 'o>, Option<DocPosition<'a>>);

impl SpanRanges for PositionRanges<'_, '_, '_> {
    fn range(&self, span: Span) -> Range {
        self.0.lsp_range(self.1, span)
    }
}
