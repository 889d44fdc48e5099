//! The formatter's entry point: a file's text to its canonical layout, or
//! the reason it stays as it is; and the edits that turn one into the
//! other, line by line.
//!
//! Line ends: every line ends as the file's first line does (`\r\n`, `\n`
//! or `\r`; `\n` when it has none), and the file ends with one line end.
//! The result is read again before it is given out: it must have no error,
//! the same number of positions, and every position the same board and
//! findings (so the same verdict) as before, or the file is refused.

use crate::diagnostics::Severity;
use crate::games::GameKind;
use crate::i18n::Message;
use crate::i18n::message;
use crate::syntax::{parse_file, parse_lines};
use crate::text::{TextLines, to_u32};

use super::certain::{self, Refusal};
use super::layout::{self, OutLine};

/// A file in canonical layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Formatted {
    pub lines: Vec<OutLine>,
    /// The line end every line gets.
    pub eol: &'static str,
}

/// Replace lines `start..end` (whole lines with their line ends; `end`
/// may be the number of lines, meaning up to the end of the text) with
/// `text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineEdit {
    pub start: u32,
    pub end: u32,
    pub text: String,
}

/// The line end of the text's first line.
fn line_end_of(text: &str) -> &'static str {
    match text.find(['\n', '\r']) {
        Some(at) if text[at..].starts_with("\r\n") => "\r\n",
        Some(at) if text[at..].starts_with('\r') => "\r",
        _ => "\n",
    }
}

/// The canonical layout of `text` read as a file of `kind`.
pub fn format(kind: GameKind, text: &str) -> Result<Formatted, Refusal> {
    let lines = TextLines::new(text);
    let parsed = parse_lines(kind, &lines);
    let diagnostics = parsed.all_diagnostics();
    certain::check(kind, &lines, &parsed, &diagnostics)?;
    let formatted = Formatted {
        lines: layout::lines(kind, &lines, &parsed),
        eol: line_end_of(text),
    };
    // What the reader makes of the result must be what it made of the
    // file, its certain fixes made.
    let after = parse_file(kind, &formatted.text());
    let unsafe_result = |message: Message| Refusal {
        line: 0,
        column: 0,
        code: "format/unsafe",
        message,
    };
    if let Some(error) = after
        .all_diagnostics()
        .iter()
        .find(|d| d.severity == Severity::Error)
    {
        return Err(unsafe_result(message!(
            "format-unsafe-error",
            code = error.code,
            error = error.message.clone()
        )));
    }
    if after.positions.len() != parsed.positions.len() {
        return Err(unsafe_result(message!("format-unsafe-count")));
    }
    for (before, now) in parsed.positions.iter().zip(&after.positions) {
        let same = match (&before.game, &now.game) {
            (Some(old), Some(new)) => old == new,
            (None, Some(_)) => true,
            (_, None) => false,
        };
        if !same {
            return Err(unsafe_result(message!(
                "format-unsafe-position",
                line = before.first_line + 1
            )));
        }
    }
    Ok(formatted)
}

impl Formatted {
    /// The formatted text.
    /// This layout with a judge file's own blank lines kept where the
    /// judge ignores them (`original` is the text it was formatted from):
    /// one after the count line, and those at the end (GCJ files end each
    /// case, the last too, with an empty line).
    pub fn with_judge_layout(mut self, original: &str) -> Formatted {
        let blank = |line: &str| line.trim_matches([' ', '\t', '\r']).is_empty();
        let lines: Vec<&str> = original.split('\n').collect();
        let after_count = lines.len() > 2
            && !lines[0].trim().is_empty()
            && lines[0].trim().bytes().all(|b| b.is_ascii_digit())
            && blank(lines[1]);
        if after_count && self.lines.get(1).is_some_and(|line| !line.text.is_empty()) {
            self.lines.insert(1, OutLine::blank(Some(1)));
        }
        let body: Vec<&str> = original
            .strip_suffix('\n')
            .unwrap_or(original)
            .split('\n')
            .collect();
        let trailing = body.iter().rev().take_while(|line| blank(line)).count();
        let trailing = trailing.min(body.len().saturating_sub(1));
        let first_blank = body.len() - trailing;
        self.lines
            .extend((first_blank..body.len()).map(|line| OutLine::blank(Some(to_u32(line)))));
        self
    }

    pub fn text(&self) -> String {
        let mut text = String::with_capacity(self.lines.iter().map(|l| l.text.len() + 2).sum());
        for line in &self.lines {
            text.push_str(&line.text);
            text.push_str(self.eol);
        }
        text
    }

    /// The edits that turn `input` (the text this was formatted from) into
    /// the formatted text: one per run of changed lines, none when it is
    /// already formatted.
    pub fn edits(&self, input: &str) -> Vec<LineEdit> {
        let lines = TextLines::new(input);
        // A last line without any text is no line of its own.
        let count = if lines.get(lines.len() - 1).is_empty() {
            lines.len() - 1
        } else {
            lines.len()
        };
        let line_end =
            |i: usize| &input[lines.line_start(i) + lines.get(i).len()..lines.line_start(i + 1)];
        let mut edits = Vec::new();
        let mut next = 0;
        let mut pending = String::new();
        for line in &self.lines {
            let kept = line.source.map(|s| s as usize).filter(|&s| {
                s >= next && s < count && lines.get(s) == line.text && line_end(s) == self.eol
            });
            match kept {
                Some(source) => {
                    if next < source || !pending.is_empty() {
                        edits.push(LineEdit {
                            start: to_u32(next),
                            end: to_u32(source),
                            text: std::mem::take(&mut pending),
                        });
                    }
                    next = source + 1;
                }
                None => {
                    pending.push_str(&line.text);
                    pending.push_str(self.eol);
                }
            }
        }
        if next < count || !pending.is_empty() {
            edits.push(LineEdit {
                start: to_u32(next),
                end: to_u32(count),
                text: pending,
            });
        }
        edits
    }
}
