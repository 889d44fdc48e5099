//! An open document that is not a board file: plain text the server does
//! not parse as boards. An answer file or a `boardls.toml` is checked (an
//! answer against the judge's output for its input, open or read through
//! the host); any other is kept as text, since a board file opened later
//! may make it an answer file.

use ls_types::{Range, TextDocumentContentChangeEvent};
use ropey::Rope;

use crate::encoding::{Encoding, position_to_char, span_to_range};
use crate::features::answers::SideKind;
use crate::features::proto_diagnostics::SpanRanges;
use boardls_engine::diagnostics::Span;

/// An open file that is not a board file.
pub struct SideDocument {
    pub rope: Rope,
    pub version: i32,
    /// What it is to boardls now; `None`: nothing (nothing published).
    pub side: Option<SideKind>,
}

impl SideDocument {
    /// Applies a `didChange`'s changes in order (ranges clamped).
    pub fn apply(&mut self, changes: &[TextDocumentContentChangeEvent], enc: Encoding) {
        for change in changes {
            match change.range {
                Some(range) => {
                    let a = position_to_char(&self.rope, range.start, enc);
                    let b = position_to_char(&self.rope, range.end, enc);
                    let (a, b) = (a.min(b), a.max(b));
                    self.rope.remove(a..b);
                    self.rope.insert(a, &change.text);
                }
                None => self.rope = Rope::from_str(&change.text),
            }
        }
    }

    pub fn ranges(&self, enc: Encoding) -> RopeRanges<'_> {
        RopeRanges {
            rope: &self.rope,
            enc,
        }
    }
}

/// Spans of a rope's text as LSP ranges.
pub struct RopeRanges<'a> {
    pub rope: &'a Rope,
    pub enc: Encoding,
}

impl SpanRanges for RopeRanges<'_> {
    fn range(&self, span: Span) -> Range {
        span_to_range(self.rope, span.line, span.start, span.end, self.enc)
    }
}
