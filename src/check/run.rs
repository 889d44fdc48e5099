//! `boardls check`: every diagnostic of every board file under the paths.
//!
//! Text output is `path:line:col: severity[code]: message`, 1-based, the
//! column counting characters; JSON output is one object per diagnostic with
//! 0-based LSP ranges (UTF-16 code units). Exit status: 2 on bad usage or an
//! unreadable path (the other files are still checked), else 1 when any
//! error was found, else 0.

use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::diagnostics::{Diagnostic, Severity, Span};
use crate::games::GameKind;
use crate::syntax::{diagnose_bytes, diagnose_each};
use crate::text::{CursorLines, char_column, utf16_column};
use crate::walk;

/// How `check` prints diagnostics (`--format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

/// One file being checked, as a [`Sink`] sees it.
pub struct CheckedFile<'a> {
    /// As the user named it (or as found below a folder they named).
    pub path: &'a str,
    lines: &'a CursorLines<'a>,
}

impl<'a> CheckedFile<'a> {
    /// Line `index` of the file's text, without its line end: what a
    /// renderer needs to turn a diagnostic's byte columns into characters
    /// or UTF-16 units. Reading is cheap near the diagnostic being
    /// rendered (the file is never indexed as a whole).
    pub fn line(&self, index: u32) -> &'a str {
        self.lines.get(index)
    }
}

/// Totals over the whole run, for a summary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub files: usize,
    pub errors: usize,
    pub warnings: usize,
    pub information: usize,
}

/// Where `check` sends what it finds, as it finds it: one call per file
/// started, per diagnostic (absolute spans, in order within the file) and
/// per file ended, and one for the summary after the last file. Each call
/// appends its rendering to `out`, which `check` writes out as it fills,
/// so memory does not grow with the number of findings. An output format
/// is one `Sink`.
pub trait Sink {
    fn start_file(&mut self, _file: &CheckedFile<'_>, _out: &mut Vec<u8>) {}
    fn diagnostic(&mut self, file: &CheckedFile<'_>, diagnostic: &Diagnostic, out: &mut Vec<u8>);
    fn end_file(&mut self, _file: &CheckedFile<'_>, _out: &mut Vec<u8>) {}
    fn summary(&mut self, _summary: &Summary, _out: &mut Vec<u8>) {}
}

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

/// One JSON object per line and diagnostic, with 0-based LSP ranges
/// (UTF-16 code units).
pub struct JsonSink;

impl Sink for JsonSink {
    fn diagnostic(&mut self, file: &CheckedFile<'_>, diagnostic: &Diagnostic, out: &mut Vec<u8>) {
        let related: Vec<serde_json::Value> = diagnostic
            .related
            .iter()
            .map(|related| {
                serde_json::json!({
                    "range": lsp_range(file, related.span),
                    "message": related.message,
                })
            })
            .collect();
        let object = serde_json::json!({
            "path": file.path,
            "range": lsp_range(file, diagnostic.span),
            "severity": diagnostic.severity.word(),
            "code": diagnostic.code,
            "message": diagnostic.message,
            "related": related,
        });
        let _ = writeln!(out, "{object}");
    }
}

fn lsp_range(file: &CheckedFile<'_>, span: Span) -> serde_json::Value {
    let line = file.line(span.line);
    serde_json::json!({
        "start": { "line": span.line, "character": utf16_column(line, span.start) },
        "end": { "line": span.line, "character": utf16_column(line, span.end) },
    })
}

/// The sink of a format.
pub fn sink(format: Format) -> Box<dyn Sink> {
    match format {
        Format::Text => Box::new(TextSink),
        Format::Json => Box::new(JsonSink),
    }
}

/// Appends the diagnostics of one file to `out` in the given format.
pub fn render(
    format: Format,
    path: &str,
    text: &str,
    diagnostics: &[Diagnostic],
    out: &mut String,
) {
    let lines = CursorLines::new(text);
    let file = CheckedFile {
        path,
        lines: &lines,
    };
    let mut sink = sink(format);
    let mut bytes = Vec::new();
    for diagnostic in diagnostics {
        sink.diagnostic(&file, diagnostic, &mut bytes);
    }
    out.push_str(&String::from_utf8_lossy(&bytes));
}

/// Checks one file's bytes into `sink`, streaming: each diagnostic is
/// rendered as it is found, and `out` goes to `writer` whenever it holds
/// more than a little. Returns what was found, or the writer's error.
pub fn check_bytes(
    path: &str,
    kind: GameKind,
    bytes: &[u8],
    sink: &mut dyn Sink,
    summary: &mut Summary,
    out: &mut Vec<u8>,
    writer: &mut dyn io::Write,
) -> io::Result<()> {
    const FLUSH_AT: usize = 1 << 16;
    let (text, not_utf8) = match std::str::from_utf8(bytes) {
        Ok(text) => (text, None),
        // The valid prefix and the one diagnostic at the first bad byte.
        Err(_) => {
            let checked = diagnose_bytes(kind, bytes);
            (checked.text, checked.diagnostics.into_iter().next())
        }
    };
    let lines = CursorLines::new(text);
    let file = CheckedFile {
        path,
        lines: &lines,
    };
    summary.files += 1;
    sink.start_file(&file, out);
    let mut failed = None;
    let mut each = |d: &Diagnostic| {
        match d.severity {
            Severity::Error => summary.errors += 1,
            Severity::Warning => summary.warnings += 1,
            Severity::Information => summary.information += 1,
        }
        sink.diagnostic(&file, d, out);
        if out.len() > FLUSH_AT && failed.is_none() {
            failed = writer.write_all(out).err();
            out.clear();
        }
    };
    match &not_utf8 {
        Some(d) => each(d),
        None => diagnose_each(kind, &lines, &mut each),
    }
    if let Some(err) = failed {
        return Err(err);
    }
    sink.end_file(&file, out);
    Ok(())
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
    run_with(&mut *sink(format), paths)
}

/// `check` with any sink: every board file under `paths`, streamed.
pub fn run_with(sink: &mut dyn Sink, paths: &[PathBuf]) -> ExitCode {
    let mut outcome = Outcome::default();
    let stdout = io::stdout();
    let mut stdout = stdout.lock();
    let mut summary = Summary::default();
    let mut out = Vec::with_capacity(1 << 17);
    for path in paths {
        for (file, kind) in board_files(path, &mut outcome) {
            let bytes = match fs::read(&file) {
                Ok(bytes) => bytes,
                Err(err) => {
                    outcome.problem(&file, err);
                    continue;
                }
            };
            let errors = summary.errors;
            let display = file.display().to_string();
            let checked = check_bytes(
                &display,
                kind,
                &bytes,
                sink,
                &mut summary,
                &mut out,
                &mut stdout,
            );
            outcome.errors_found |= summary.errors > errors;
            if checked.is_err() {
                // The reader went away (a closed pipe): nothing more to say.
                return ExitCode::from(exit_status(&outcome));
            }
        }
    }
    sink.summary(&summary, &mut out);
    let _ = stdout.write_all(&out);
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
