//! `concise`: one line per diagnostic, as `check` has always printed it.

use crate::check::sink::{CheckedFile, Sink};
use boardls_engine::diagnostics::Diagnostic;
use boardls_engine::i18n::{Locale, Wording};

/// `path:line:col: severity[code]: message`, 1-based, the column counting
/// characters. Its messages are English, each sentence worded once per run
/// (a dense file repeats the same few hundred).
pub struct TextSink {
    wording: Wording,
}

impl Default for TextSink {
    fn default() -> Self {
        TextSink {
            wording: Wording::new(Locale::English),
        }
    }
}

impl Sink for TextSink {
    fn wants_related(&self) -> bool {
        false
    }

    /// Byte by byte rather than through `writeln!`: a dense judge file
    /// prints seven million of these lines.
    fn diagnostic(&mut self, file: &CheckedFile<'_>, diagnostic: &Diagnostic, out: &mut Vec<u8>) {
        let span = diagnostic.span;
        let column = file.char_column(span.line, span.start);
        let mut number = itoa::Buffer::new();
        out.extend_from_slice(file.path.as_bytes());
        out.push(b':');
        out.extend_from_slice(number.format(u64::from(span.line) + 1).as_bytes());
        out.push(b':');
        out.extend_from_slice(number.format(u64::from(column) + 1).as_bytes());
        out.extend_from_slice(b": ");
        out.extend_from_slice(diagnostic.severity.word().as_bytes());
        out.push(b'[');
        out.extend_from_slice(diagnostic.code.as_bytes());
        out.extend_from_slice(b"]: ");
        self.wording.word_into_bytes(&diagnostic.message, out);
        out.push(b'\n');
    }
}
