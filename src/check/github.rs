//! `github`: GitHub Actions workflow commands, one line per diagnostic,
//! which a workflow run shows as annotations on the files:
//! `::error file=PATH,line=L,endLine=L,col=C,endColumn=E,title=CODE::MESSAGE`.
//!
//! Lines and columns are 1-based and count characters; `endColumn` is the
//! column just past the span (equal to `col` for an empty span). Errors
//! are `::error`, warnings `::warning`, information `::notice`.

use std::io::Write as _;

use crate::check::sink::{CheckedFile, Sink, relative};
use boardls_engine::diagnostics::{Diagnostic, Severity};
use boardls_engine::i18n::{Locale, Wording};

pub struct GithubSink {
    /// English sentences, each worded once per run.
    wording: Wording,
}

impl Default for GithubSink {
    fn default() -> Self {
        GithubSink {
            wording: Wording::new(Locale::English),
        }
    }
}

impl Sink for GithubSink {
    fn wants_related(&self) -> bool {
        false
    }

    fn diagnostic(&mut self, file: &CheckedFile<'_>, diagnostic: &Diagnostic, out: &mut Vec<u8>) {
        let span = diagnostic.span;
        let command = match diagnostic.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Information => "notice",
        };
        let message = self.wording.with(&diagnostic.message, escape_data);
        let _ = writeln!(
            out,
            "::{command} file={},line={},endLine={},col={},endColumn={},title={}::{}",
            // GitHub matches the path against the repository's files.
            escape_property(relative(file.path)),
            span.line + 1,
            span.line + 1,
            file.char_column(span.line, span.start) + 1,
            file.char_column(span.line, span.end.max(span.start)) + 1,
            escape_property(diagnostic.code),
            message,
        );
    }
}

/// A command's message: `%`, CR and LF percent-encoded, as the Actions
/// runner decodes them.
pub fn escape_data(text: &str) -> String {
    escape(text, &['%', '\r', '\n'])
}

/// A command's property value: as [`escape_data`], and `:` and `,` too,
/// which would otherwise end the value.
pub fn escape_property(text: &str) -> String {
    escape(text, &['%', '\r', '\n', ':', ','])
}

fn escape(text: &str, special: &[char]) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if special.contains(&c) {
            escaped.push_str(&format!("%{:02X}", u32::from(c)));
        } else {
            escaped.push(c);
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use crate::check::github::{escape_data, escape_property};

    #[test]
    fn escapes_as_the_actions_runner_decodes() {
        assert_eq!(escape_data("50% a:b,c\r\nd"), "50%25 a:b,c%0D%0Ad");
        assert_eq!(escape_property("50% a:b,c\r\nd"), "50%25 a%3Ab%2Cc%0D%0Ad");
        assert_eq!(escape_data("plain `x`"), "plain `x`");
    }
}
