//! `boardls check`: every diagnostic of every board file under the paths.
//!
//! Text output is `path:line:col: severity[code]: message`, 1-based, the
//! column counting characters; JSON output is one object per diagnostic with
//! 0-based LSP ranges (UTF-16 code units). Exit status: 2 on bad usage or an
//! unreadable path (the other files are still checked), else 1 when any
//! error was found, else 0.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::diagnostics::{Diagnostic, Severity, Span, codes};
use crate::games::GameKind;
use crate::syntax;
use crate::text::{TextLines, char_column, utf16_column};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
}

/// A file's text (the valid UTF-8 prefix when it is not UTF-8) and its
/// diagnostics, absolute and sorted.
pub struct Checked<'a> {
    pub text: &'a str,
    pub diagnostics: Vec<Diagnostic>,
}

/// Checks a file's bytes as a board file of `kind`.
pub fn check_bytes(kind: GameKind, bytes: &[u8]) -> Checked<'_> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Checked {
            text,
            diagnostics: syntax::diagnose(kind, text),
        },
        Err(err) => {
            let offset = err.valid_up_to();
            // Everything before the bad byte is valid, so this cannot fail.
            let text = std::str::from_utf8(&bytes[..offset]).unwrap_or_default();
            let lines = TextLines::new(text);
            let line = lines.len() - 1;
            let column = offset - lines.line_start(line);
            let byte = bytes.get(offset).copied().unwrap_or_default();
            let line = syntax_line(line);
            let column = syntax_line(column);
            let diagnostic = Diagnostic::error(
                codes::FILE_INVALID_UTF8,
                Span::at(line, column),
                format!(
                    "the file is not valid UTF-8: byte 0x{byte:02x} at offset {offset} (line {}) does not form a character",
                    line + 1
                ),
            );
            Checked {
                text,
                diagnostics: vec![diagnostic],
            }
        }
    }
}

fn syntax_line(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
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
            let checked = check_bytes(kind, &bytes);
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
    find_board_files(path, false, &mut |path, err| outcome.problem(path, err))
}

/// The board files below the folder `dir`, in name order, skipping hidden
/// folders, `target/` and `node_modules/`. Symbolic links are followed, but
/// each real folder is read once, so links in a loop end; with `confine`,
/// links that lead outside `dir` are not followed at all (the language
/// server's workspace scan must not read files outside its folders).
/// Problems (an unreadable folder, a dangling link named like a board file)
/// are handed to `problem` and the walk goes on.
pub fn find_board_files(
    dir: &Path,
    confine: bool,
    problem: &mut dyn FnMut(&Path, io::Error),
) -> Vec<(PathBuf, GameKind)> {
    let mut walk = Walk {
        root: None,
        visited: HashSet::new(),
        files: Vec::new(),
        problem,
    };
    if confine {
        match fs::canonicalize(dir) {
            Ok(root) => walk.root = Some(root),
            Err(err) => {
                (walk.problem)(dir, err);
                return Vec::new();
            }
        }
    }
    walk.dir(dir);
    walk.files
}

/// Folders never searched: version control, build output, dependencies.
pub fn skipped_folder(name: &str) -> bool {
    name.starts_with('.') || name == "target" || name == "node_modules"
}

struct Walk<'a> {
    /// The real path of the folder the walk may not leave, when confined.
    root: Option<PathBuf>,
    visited: HashSet<PathBuf>,
    files: Vec<(PathBuf, GameKind)>,
    problem: &'a mut dyn FnMut(&Path, io::Error),
}

impl Walk<'_> {
    /// Whether a real path may be read: inside the root when confined.
    fn allowed(&self, real: &Path) -> bool {
        self.root.as_ref().is_none_or(|root| real.starts_with(root))
    }

    fn dir(&mut self, dir: &Path) {
        // Symbolic links are followed, but each real folder is read once, so
        // a link back up the tree ends instead of looping.
        match fs::canonicalize(dir) {
            Ok(real) => {
                if !self.allowed(&real) || !self.visited.insert(real) {
                    return;
                }
            }
            Err(err) => {
                (self.problem)(dir, err);
                return;
            }
        }
        let entries = match fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(err) => {
                (self.problem)(dir, err);
                return;
            }
        };
        let mut entries: Vec<_> = entries
            .filter_map(Result::ok)
            .map(|entry| {
                let link = entry.file_type().is_ok_and(|t| t.is_symlink());
                (entry.path(), link)
            })
            .collect();
        entries.sort();
        for (path, link) in entries {
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            let kind = GameKind::from_path(&path);
            match fs::metadata(&path) {
                Ok(metadata) if metadata.is_dir() => {
                    if !skipped_folder(name) {
                        self.dir(&path);
                    }
                }
                Ok(_) => {
                    let Some(kind) = kind else { continue };
                    // A linked file counts only when it lies inside the root.
                    if link
                        && self.root.is_some()
                        && !fs::canonicalize(&path).is_ok_and(|real| self.allowed(&real))
                    {
                        continue;
                    }
                    self.files.push((path, kind));
                }
                // A dangling link matters only when it looks like a board file.
                Err(err) => {
                    if kind.is_some() {
                        (self.problem)(&path, err);
                    }
                }
            }
        }
    }
}
