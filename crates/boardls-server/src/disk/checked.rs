//! A board file on disk as the engine judged it, kept independent of any
//! client: the engine's diagnostics (byte columns) and the few lines they
//! point into. Every session converts it into its own position encoding
//! and URIs, so sessions with different encodings share one read.

use boardls_engine::i18n::{Locale, Message};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use tower_lsp_server::ls_types::{self as lsp, NumberOrString, Position, Range, Uri};

use boardls_engine::diagnostics::{Diagnostic, Span, codes};
use boardls_engine::games::GameKind;
use boardls_engine::syntax::diagnose_bytes;
use boardls_engine::text::{TextLines, to_u32};
use boardls_ide::encoding::{Encoding, str_span_to_range};
use boardls_ide::features::proto_diagnostics::{SOURCE, SpanRanges, to_lsp};

/// An unopened file publishes at most this many diagnostics (a huge
/// broken file would otherwise flood the client), then says how many more.
pub const MAX_DISK_DIAGNOSTICS: usize = 1000;

/// A file's diagnostics as the sessions list them, shared.
pub type Listed = Arc<Vec<lsp::Diagnostic>>;

/// What reading and judging a file found.
#[derive(Debug)]
pub enum Checked {
    /// The engine's diagnostics (at most [`MAX_DISK_DIAGNOSTICS`]), how
    /// many more there were, and the lines their spans lie on.
    Judged {
        diagnostics: Vec<Diagnostic>,
        more: usize,
        lines: Lines,
        /// Converted for the sessions so far (by URI, encoding and
        /// language): each
        /// conversion is made once and shared, so an unopened file's
        /// diagnostics are held once however many sessions list them.
        converted: Mutex<Vec<(Uri, Encoding, Locale, Listed)>>,
    },
    /// The file could not be read or judged: one diagnostic says why.
    Problem(Message),
}

/// The text of the lines some spans lie on, and the number of the last
/// line of the file (spans past it are clamped to its end, as a rope does).
#[derive(Debug, Default)]
pub struct Lines {
    text: HashMap<u32, Box<str>>,
    last: u32,
}

impl Lines {
    fn get(&self, line: u32) -> &str {
        self.text.get(&line).map_or("", |text| text)
    }
}

impl Checked {
    /// Judges a file's bytes; a file that is not UTF-8 gets the checker's
    /// one diagnostic at the first bad byte.
    pub fn judge(kind: GameKind, bytes: &[u8]) -> Checked {
        let checked = diagnose_bytes(kind, bytes);
        let all = checked.diagnostics;
        let more = all.len().saturating_sub(MAX_DISK_DIAGNOSTICS);
        let diagnostics: Vec<Diagnostic> = all.into_iter().take(MAX_DISK_DIAGNOSTICS).collect();
        let source = TextLines::new(checked.text);
        let last = to_u32(source.len().saturating_sub(1));
        let mut lines = Lines {
            text: HashMap::new(),
            last,
        };
        let spans = diagnostics.iter().flat_map(|d| {
            std::iter::once(d.span)
                .chain(d.related.iter().map(|r| r.span))
                .chain(
                    d.fix
                        .iter()
                        .flat_map(|f| f.edits.iter().map(|(span, _)| *span)),
                )
        });
        for span in spans {
            let line = span.line.min(last);
            lines
                .text
                .entry(line)
                .or_insert_with(|| source.get(line as usize).into());
        }
        Checked::Judged {
            diagnostics,
            more,
            lines,
            converted: Mutex::default(),
        }
    }

    /// [`Checked::to_lsp`], converted once for each URI and encoding and
    /// shared by the sessions that ask.
    pub(crate) fn listed(&self, uri: &Uri, enc: Encoding, locale: Locale) -> Listed {
        let Checked::Judged { converted, .. } = self else {
            return Arc::new(self.to_lsp(uri, enc, locale));
        };
        let mut converted = converted.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, _, _, listed)) = converted
            .iter()
            .find(|(u, e, l, _)| u == uri && *e == enc && *l == locale)
        {
            return listed.clone();
        }
        let listed = Arc::new(self.to_lsp(uri, enc, locale));
        converted.push((uri.clone(), enc, locale, listed.clone()));
        listed
    }

    /// Whether the file could not be read (or judged).
    pub fn unreadable(&self) -> bool {
        matches!(self, Checked::Problem(_))
    }

    /// The diagnostics a client with `enc` sees for the file at `uri`, as
    /// an open document of the same text would have them.
    pub fn to_lsp(&self, uri: &Uri, enc: Encoding, locale: Locale) -> Vec<lsp::Diagnostic> {
        match self {
            Checked::Problem(message) => vec![file_problem(message.word(locale))],
            Checked::Judged {
                diagnostics,
                more,
                lines,
                ..
            } => {
                let ranges = StoredRanges { lines, enc };
                let mut items: Vec<lsp::Diagnostic> = diagnostics
                    .iter()
                    .map(|d| to_lsp(uri, &ranges, d, locale))
                    .collect();
                if *more > 0 {
                    items.push(lsp::Diagnostic {
                        severity: Some(lsp::DiagnosticSeverity::INFORMATION),
                        code: Some(NumberOrString::String(
                            codes::FILE_MORE_DIAGNOSTICS.to_owned(),
                        )),
                        ..file_problem(
                            boardls_engine::i18n::message!("disk-more-diagnostics", n = *more)
                                .word(locale),
                        )
                    });
                }
                items
            }
        }
    }
}

/// Spans on the stored lines, in the client's encoding; the same clamping
/// as over the whole text (a rope clamps a line past the end to its end).
struct StoredRanges<'a> {
    lines: &'a Lines,
    enc: Encoding,
}

impl SpanRanges for StoredRanges<'_> {
    fn range(&self, span: Span) -> Range {
        let last = self.lines.last;
        if span.line > last {
            let end = self.lines.get(last);
            return str_span_to_range(end, last, u32::MAX, u32::MAX, self.enc);
        }
        let text = self.lines.get(span.line);
        str_span_to_range(text, span.line, span.start, span.end, self.enc)
    }
}

/// The one diagnostic of a file that could not be checked.
pub fn file_problem(message: String) -> lsp::Diagnostic {
    lsp::Diagnostic {
        range: Range::new(Position::new(0, 0), Position::new(0, 0)),
        severity: Some(lsp::DiagnosticSeverity::WARNING),
        code: Some(NumberOrString::String(codes::FILE_UNREADABLE.to_owned())),
        source: Some(SOURCE.to_owned()),
        message,
        ..lsp::Diagnostic::default()
    }
}

#[cfg(test)]
mod tests {
    use crate::disk::checked::Checked;
    use boardls_engine::diagnostics::Span;
    use boardls_engine::document::Document;
    use boardls_engine::games::GameKind;
    use boardls_engine::i18n::Locale;
    use boardls_engine::syntax::diagnose;
    use boardls_engine::text::{TextLines, to_u32};
    use boardls_ide::encoding::{Encoding, str_span_to_range};
    use boardls_ide::features::proto_diagnostics::{SpanRanges, to_lsp};
    use boardls_ide::view::{ClientCaps, DocView};
    use tower_lsp_server::ls_types::{Range, Uri};

    /// Spans on every line of a plain text: what the stored lines must
    /// convert like.
    struct TextRanges<'a> {
        lines: TextLines<'a>,
        enc: Encoding,
    }

    impl<'a> TextRanges<'a> {
        fn new(text: &'a str, enc: Encoding) -> TextRanges<'a> {
            TextRanges {
                lines: TextLines::new(text),
                enc,
            }
        }
    }

    impl SpanRanges for TextRanges<'_> {
        fn range(&self, span: Span) -> Range {
            let last = self.lines.len().saturating_sub(1);
            if span.line as usize > last {
                // Past the end: the end of the text, as the rope clamps.
                let end = self.lines.get(last);
                return str_span_to_range(end, to_u32(last), u32::MAX, u32::MAX, self.enc);
            }
            let text = self.lines.get(span.line as usize);
            str_span_to_range(text, span.line, span.start, span.end, self.enc)
        }
    }

    fn uri() -> Uri {
        "file:///w/a.go9"
            .parse()
            .unwrap_or_else(|_| panic!("a file URI"))
    }

    #[test]
    fn disk_diagnostics_match_the_open_document() {
        let text = "2\n.......xo\n.........\n.........\n..x......\n.xox....x\n.o.o...xo\n..o......\n.....xxxo\n....xooo.\n";
        let uri = uri();
        for encoding in [Encoding::Utf8, Encoding::Utf16] {
            let from_disk = Checked::judge(GameKind::Go9, text.as_bytes()).to_lsp(
                &uri,
                encoding,
                Locale::English,
            );
            let doc = Document::new(GameKind::Go9, text);
            let view = DocView {
                uri: &uri,
                doc: &doc,
                version: 0,
                caps: ClientCaps {
                    encoding,
                    ..ClientCaps::default()
                },
            };
            let open = boardls_ide::features::proto_diagnostics::document(&view);
            assert!(!open.is_empty());
            assert_eq!(from_disk, open);
        }
    }

    #[test]
    fn stored_lines_convert_like_the_whole_text() {
        // Wide characters before the faults, a fault on the last line
        // without a line end, and a missing board past the end.
        let text = "3\n# ünïcödé 𝄞\nXXZT\n....\nOO..\n....\n\n# 𝄞𝄞\nX𝄞\n";
        let uri = uri();
        for encoding in [Encoding::Utf8, Encoding::Utf16] {
            let whole = TextRanges::new(text, encoding);
            let expected: Vec<_> = diagnose(GameKind::Tomek, text)
                .iter()
                .map(|d| to_lsp(&uri, &whole, d, Locale::English))
                .collect();
            assert!(expected.len() >= 2, "{expected:?}");
            let stored = Checked::judge(GameKind::Tomek, text.as_bytes()).to_lsp(
                &uri,
                encoding,
                Locale::English,
            );
            assert_eq!(stored, expected);
        }
    }
}
