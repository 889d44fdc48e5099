//! `boardls fmt [--check] PATH…`: the formatter on files.
//!
//! Without `--check` each file that is not in canonical layout is
//! rewritten in place, atomically (a temporary file beside it, renamed
//! over it; through a symbolic link, the file it points to), and named on
//! stdout as `reformatted PATH`. With `--check` nothing is written and each
//! such file is named as `would reformat PATH`. A file with an error the
//! formatter cannot fix with certainty is left as it is and named on
//! stderr with the error. A summary ends on stderr.
//!
//! Exit status: 2 on an unreadable or unwritable path or a path that is
//! not a board file (the other files are still done); else 1 when a file
//! could not be formatted, or with `--check` would change; else 0.

use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use boardls_engine::diagnostics::codes;
use boardls_engine::games::GameKind;
use boardls_engine::i18n::{Locale, Message};
use boardls_engine::syntax::diagnose_bytes;
use boardls_engine::text::TextLines;
use boardls_fs::walk;

use boardls_engine::format::{Refusal, format};

#[derive(Default)]
struct Tally {
    problem: bool,
    changed: usize,
    unchanged: usize,
    refused: usize,
}

fn problem(tally: &mut Tally, path: &Path, what: Message, locale: Locale) {
    eprintln!(
        "boardls fmt: {}: {}",
        boardls_fs::walk::shown(path),
        what.word(locale)
    );
    tally.problem = true;
}

/// The formatted text of a file's bytes, `None` when it is formatted
/// already.
fn formatted(kind: GameKind, bytes: &[u8], judge: bool) -> Result<Option<String>, Refusal> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        let read = diagnose_bytes(kind, bytes);
        let lines = TextLines::new(read.text);
        return Err(match read.diagnostics.first() {
            Some(diagnostic) => Refusal::of(&lines, diagnostic),
            None => Refusal {
                line: 0,
                column: 0,
                code: codes::FILE_INVALID_UTF8,
                message: boardls_engine::i18n::message!("fmt-not-utf8"),
            },
        });
    };
    let mut formatted = format(kind, text)?;
    if judge {
        formatted = formatted.with_judge_layout(text);
    }
    let canonical = formatted.text();
    Ok((canonical != text).then_some(canonical))
}

/// Writes `text` over `path` by renaming a finished temporary file over
/// it, keeping its permissions.
fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    let real = fs::canonicalize(path)?;
    let permissions = fs::metadata(&real)?.permissions();
    let name = real
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temporary = real.with_file_name(format!(".{name}.boardls-fmt-{}", std::process::id()));
    let written = (|| {
        let mut file = fs::File::create_new(&temporary)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        fs::set_permissions(&temporary, permissions)?;
        fs::rename(&temporary, &real)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}

/// `boardls fmt`, saying what it did in `locale`.
pub fn run(check: bool, paths: &[PathBuf], locale: Locale) -> ExitCode {
    let mut tally = Tally::default();
    let stdout = io::stdout();
    let mut stdout = stdout.lock();
    let mut projects = boardls_fs::project::Projects::default();
    for path in paths {
        let files = walk::board_files(path, &mut projects, &mut |p, what| {
            problem(&mut tally, p, what, locale)
        });
        // Answer files are the judge's output: nothing to lay out.
        let boards: Vec<_> = files
            .into_iter()
            .filter_map(|(file, role)| match role {
                walk::FileRole::Board(kind) => Some((file, kind)),
                walk::FileRole::Answer => None,
            })
            .collect();
        for (file, kind) in boards {
            // A file mapped by boardls.toml is a judge's: its layout is its own.
            let judge = projects.of(&file).mapped_game(&file).is_some();
            let bytes = match fs::read(&file) {
                Ok(bytes) => bytes,
                Err(err) => {
                    problem(&mut tally, &file, walk::system_error(&err), locale);
                    continue;
                }
            };
            match formatted(kind, &bytes, judge) {
                Ok(None) => tally.unchanged += 1,
                Ok(Some(text)) => {
                    if !check && let Err(err) = write_atomically(&file, &text) {
                        let why = boardls_engine::i18n::message!(
                            "fmt-cannot-write",
                            reason = err.to_string()
                        );
                        problem(&mut tally, &file, why, locale);
                        continue;
                    }
                    tally.changed += 1;
                    let path = boardls_fs::walk::shown(&file);
                    let done = if check {
                        boardls_engine::i18n::message!("fmt-would-reformat", path = path)
                    } else {
                        boardls_engine::i18n::message!("fmt-reformatted", path = path)
                    };
                    let _ = writeln!(stdout, "{}", done.word(locale));
                }
                Err(refusal) => {
                    tally.refused += 1;
                    let why =
                        boardls_engine::i18n::message!("fmt-not-formatted", why = refusal.reason());
                    eprintln!(
                        "boardls fmt: {}: {}",
                        boardls_fs::walk::shown(&file),
                        why.word(locale)
                    );
                }
            }
        }
    }
    let _ = stdout.flush();
    let summary = if check {
        boardls_engine::i18n::message!(
            "fmt-summary-check",
            changed = tally.changed,
            unchanged = tally.unchanged,
            refused = tally.refused
        )
    } else {
        boardls_engine::i18n::message!(
            "fmt-summary",
            changed = tally.changed,
            unchanged = tally.unchanged,
            refused = tally.refused
        )
    };
    eprintln!("boardls fmt: {}", summary.word(locale));
    ExitCode::from(if tally.problem {
        2
    } else if tally.refused > 0 || (check && tally.changed > 0) {
        1
    } else {
        0
    })
}
