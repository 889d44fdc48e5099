//! `boardls check`: every diagnostic of every board file under the paths.
//!
//! Text output is `path:line:col: severity[code]: message`, 1-based, the
//! column counting characters; JSON output is one object per diagnostic with
//! 0-based LSP ranges (UTF-16 code units). Exit status: 2 on bad usage or an
//! unreadable path (the other files are still checked), else 1 when any
//! error was found, else 0.

use std::fmt::Write as _;
use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::diagnostics::{Diagnostic, Severity, Span};
use crate::games::GameKind;
use crate::syntax::diagnose_bytes;
use crate::text::{TextLines, char_column, utf16_column};
use crate::walk;

/// How `check` prints diagnostics (`--format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

/// Appends the diagnostics of one file to `out` in the given format.
pub fn render(
    format: Format,
    path: &str,
    text: &str,
    diagnostics: &[Diagnostic],
    out: &mut String,
) {
    let lines = TextLines::new(text);
    for diagnostic in diagnostics {
        match format {
            Format::Text => {
                let span = diagnostic.span;
                let column = char_column(lines.get(span.line as usize), span.start);
                let _ = writeln!(
                    out,
                    "{path}:{}:{}: {}[{}]: {}",
                    span.line + 1,
                    column + 1,
                    diagnostic.severity.word(),
                    diagnostic.code,
                    diagnostic.message
                );
            }
            Format::Json => {
                let related: Vec<serde_json::Value> = diagnostic
                    .related
                    .iter()
                    .map(|related| {
                        serde_json::json!({
                            "range": lsp_range(&lines, related.span),
                            "message": related.message,
                        })
                    })
                    .collect();
                let object = serde_json::json!({
                    "path": path,
                    "range": lsp_range(&lines, diagnostic.span),
                    "severity": diagnostic.severity.word(),
                    "code": diagnostic.code,
                    "message": diagnostic.message,
                    "related": related,
                });
                let _ = writeln!(out, "{object}");
            }
        }
    }
}

fn lsp_range(lines: &TextLines, span: Span) -> serde_json::Value {
    let line = lines.get(span.line as usize);
    serde_json::json!({
        "start": { "line": span.line, "character": utf16_column(line, span.start) },
        "end": { "line": span.line, "character": utf16_column(line, span.end) },
    })
}

/// What went wrong outside the files' contents.
#[derive(Default)]
struct Outcome {
    usage_error: bool,
    errors_found: bool,
}

impl Outcome {
    fn problem(&mut self, path: &Path, what: impl std::fmt::Display) {
        eprintln!("boardls check: {}: {what}", path.display());
        self.usage_error = true;
    }
}

pub fn run(format: Format, paths: &[PathBuf]) -> ExitCode {
    let mut outcome = Outcome::default();
    let stdout = io::stdout();
    let mut stdout = io::BufWriter::new(stdout.lock());
    let mut rendered = String::new();
    for path in paths {
        for (file, kind) in board_files(path, &mut outcome) {
            let bytes = match fs::read(&file) {
                Ok(bytes) => bytes,
                Err(err) => {
                    outcome.problem(&file, err);
                    continue;
                }
            };
            let checked = diagnose_bytes(kind, &bytes);
            outcome.errors_found |= checked
                .diagnostics
                .iter()
                .any(|d| d.severity == Severity::Error);
            rendered.clear();
            render(
                format,
                &file.display().to_string(),
                checked.text,
                &checked.diagnostics,
                &mut rendered,
            );
            if stdout.write_all(rendered.as_bytes()).is_err() {
                // The reader went away (a closed pipe): nothing more to say.
                return ExitCode::from(exit_status(&outcome));
            }
        }
    }
    let _ = stdout.flush();
    ExitCode::from(exit_status(&outcome))
}

fn exit_status(outcome: &Outcome) -> u8 {
    if outcome.usage_error {
        2
    } else if outcome.errors_found {
        1
    } else {
        0
    }
}

/// The board files a path names: the file itself, or every board file below
/// a directory, in name order. Problems are reported and noted in `outcome`.
fn board_files(path: &Path, outcome: &mut Outcome) -> Vec<(PathBuf, GameKind)> {
    let metadata = match fs::metadata(path) {
        Ok(metadata) => metadata,
        Err(err) => {
            outcome.problem(path, err);
            return Vec::new();
        }
    };
    if !metadata.is_dir() {
        return match GameKind::from_path(path) {
            Some(kind) => vec![(path.to_path_buf(), kind)],
            None => {
                outcome.problem(
                    path,
                    "not a board file (expected a .uttt, .go9 or .tomek extension)",
                );
                Vec::new()
            }
        };
    }
    walk::find_board_files(path, false, &mut |path, err| outcome.problem(path, err))
}
