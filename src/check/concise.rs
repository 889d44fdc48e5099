//! `concise`: one line per diagnostic, as `check` has always printed it.

use std::io::Write as _;

use crate::check::sink::{CheckedFile, Sink};
use crate::diagnostics::Diagnostic;
use crate::text::char_column;

/// `path:line:col: severity[code]: message`, 1-based, the column counting
/// characters.
pub struct TextSink;

impl Sink for TextSink {
    fn diagnostic(&mut self, file: &CheckedFile<'_>, diagnostic: &Diagnostic, out: &mut Vec<u8>) {
        let span = diagnostic.span;
        let column = char_column(file.line(span.line), span.start);
        let _ = writeln!(
            out,
            "{}:{}:{}: {}[{}]: {}",
            file.path,
            span.line + 1,
            column + 1,
            diagnostic.severity.word(),
            diagnostic.code,
            diagnostic.message
        );
    }
}
