//! `check --coverage`: the folders walked and read, the table of
//! `coverage` on stdout, the exit status.

use std::fs;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use boardls_engine::coverage::{Coverage, render_json, render_text};
use boardls_engine::i18n::{Locale, Message};
use boardls_engine::profile::Profile;
use boardls_fs::project::Projects;
use boardls_fs::walk::{self, FileRole};

/// `check --coverage`: the table on stdout (JSON when asked; the text
/// table and the problems in `locale`); the exit status is `check`'s: 2
/// on an unreadable path, else 1 when any error was found, else 0.
/// Unreached situations alone never fail it.
pub fn run(paths: &[PathBuf], profile: Option<Profile>, json: bool, locale: Locale) -> ExitCode {
    let mut coverage = Coverage::default();
    let mut usage_error = false;
    let judge_inputs = profile.map(Profile::game);
    let mut projects = Projects::default();
    for path in paths {
        let mut problem = |path: &std::path::Path, what: Message| {
            eprintln!(
                "boardls check: {}: {}",
                boardls_fs::walk::shown(path),
                what.word(locale)
            );
            usage_error = true;
        };
        let files = walk::board_files_as(path, &mut projects, judge_inputs, &mut problem);
        for (file, role) in files {
            // Answer files hold no positions: coverage counts inputs.
            let FileRole::Board(kind) = role else {
                continue;
            };
            match fs::read(&file) {
                Ok(bytes) => {
                    let text = String::from_utf8_lossy(&bytes);
                    coverage.add_file(&boardls_fs::walk::shown(&file), kind, &text, profile);
                }
                Err(err) => problem(&file, walk::system_error(&err)),
            }
        }
    }
    let table = if json {
        render_json(&coverage)
    } else {
        render_text(&coverage, locale)
    };
    let _ = std::io::stdout().lock().write_all(table.as_bytes());
    if coverage.errors > 0 {
        let found =
            boardls_engine::i18n::message!("check-coverage-errors", errors = coverage.errors);
        eprintln!("boardls check: {}", found.word(locale));
    }
    ExitCode::from(if usage_error {
        2
    } else if coverage.errors > 0 {
        1
    } else {
        0
    })
}
