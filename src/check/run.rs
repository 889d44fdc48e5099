//! The run itself: the board files under the paths, read one at a time,
//! each diagnostic handed to the format's sink as it is found and the
//! output written whenever a little has gathered; the exit status.

use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use std::sync::Arc;

use crate::check::sink::{CheckedFile, Sink, Summary};
use boardls_engine::answers;
use boardls_engine::diagnostics::Diagnostic;
use boardls_engine::games::GameKind;
use boardls_engine::i18n::{Locale, Message};
use boardls_engine::profile::{self, Profile, Validation};
use boardls_engine::syntax::{diagnose_bytes, diagnose_each};
use boardls_engine::text::CursorLines;
use boardls_fs::project::{PairOnDisk as _, Projects};
use boardls_fs::walk::{self, FileRole};

/// Checks one file's bytes into `sink`, streaming: each diagnostic is
/// rendered as it is found, and `out` goes to `writer` whenever it holds
/// more than a little; with a judge profile, its broken promises follow the
/// file's own diagnostics. Returns what was found, or the writer's error. An invalid-input test is gathered whole first:
/// whether its findings are errors depends on all of them.
#[allow(clippy::too_many_arguments)]
pub fn check_bytes(
    path: &str,
    kind: GameKind,
    bytes: &[u8],
    validation: Option<Validation>,
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
    let file = CheckedFile::new(path, &lines);
    summary.files += 1;
    let related = sink.wants_related();
    sink.start_file(&file, out);
    let mut failed = None;
    let mut each = |d: &Diagnostic| {
        summary.add(d.severity);
        sink.diagnostic(&file, d, out);
        if out.len() > FLUSH_AT && failed.is_none() {
            failed = writer.write_all(out).err();
            out.clear();
        }
    };
    let diagnose = |each: &mut dyn FnMut(&Diagnostic)| {
        match &not_utf8 {
            Some(d) => each(d),
            None => diagnose_each(kind, &lines, related, each),
        }
        if let Some(validation) = validation {
            for d in profile::check(validation.profile, kind, text) {
                each(&d);
            }
        }
    };
    match validation.filter(|v| v.invalid_input) {
        Some(validation) => {
            let mut found = Vec::new();
            diagnose(&mut |d| found.push(d.clone()));
            for d in validation.shown(text, found) {
                each(&d);
            }
        }
        None => diagnose(&mut each),
    }
    if let Some(err) = failed {
        return Err(err);
    }
    sink.end_file(&file, out);
    Ok(())
}

/// Hands a file's diagnostics, found all at once (a project file, an
/// answer file), to `sink`.
fn check_listed(
    path: &str,
    text: &str,
    diagnostics: &[Diagnostic],
    sink: &mut dyn Sink,
    summary: &mut Summary,
    out: &mut Vec<u8>,
) {
    let lines = CursorLines::new(text);
    let file = CheckedFile::new(path, &lines);
    summary.files += 1;
    sink.start_file(&file, out);
    for d in diagnostics {
        summary.add(d.severity);
        sink.diagnostic(&file, d, out);
    }
    sink.end_file(&file, out);
}

/// The findings of the answer file `path` (read as `text`): against its
/// input's judge output, or the one warning of an answer without input.
fn answer_findings(projects: &mut Projects, path: &Path, text: &str) -> Vec<Diagnostic> {
    let project = projects.of(path);
    match project.input_of(path) {
        Some((input, kind)) => match fs::read(&input) {
            Ok(bytes) => {
                let input_text = String::from_utf8_lossy(&bytes);
                let input: Arc<Path> = Arc::from(input.as_path());
                answers::check_answer(kind, &input_text, Some(&input), text)
            }
            Err(_) => vec![answers::no_input(project.answer_names())],
        },
        None => vec![answers::no_input(project.answer_names())],
    }
}

/// What went wrong outside the files' contents, said on stderr in
/// `locale`.
struct Outcome {
    usage_error: bool,
    errors_found: bool,
    locale: Locale,
}

impl Outcome {
    fn problem(&mut self, path: &Path, what: Message) {
        eprintln!(
            "boardls check: {}: {}",
            walk::shown(path),
            what.word(self.locale)
        );
        self.usage_error = true;
    }
}

/// `check` with any sink: every board file under `paths`, streamed, each
/// also checked against a judge profile when one is given. Problems with
/// the paths go to stderr in `locale`.
pub fn check_paths(
    sink: &mut dyn Sink,
    paths: &[PathBuf],
    profile: Option<Profile>,
    locale: Locale,
) -> ExitCode {
    let mut outcome = Outcome {
        usage_error: false,
        errors_found: false,
        locale,
    };
    let stdout = io::stdout();
    let mut stdout = stdout.lock();
    let mut summary = Summary::default();
    let mut out = Vec::with_capacity(1 << 17);
    sink.start(&mut out);
    let mut projects = Projects::default();
    for path in paths {
        let judge_inputs = profile.map(Profile::game);
        let files = walk::board_files_as(path, &mut projects, judge_inputs, &mut |path, what| {
            outcome.problem(path, what)
        });
        for broken in projects.take_broken() {
            let display = walk::shown(&broken.path);
            check_listed(
                &display,
                &broken.text,
                &broken.errors,
                sink,
                &mut summary,
                &mut out,
            );
            outcome.errors_found = true;
        }
        for (file, role) in files {
            let bytes = match fs::read(&file) {
                Ok(bytes) => bytes,
                Err(err) => {
                    outcome.problem(&file, walk::system_error(&err));
                    continue;
                }
            };
            let errors = summary.errors;
            let display = walk::shown(&file);
            let checked = match role {
                FileRole::Board(kind) => check_bytes(
                    &display,
                    kind,
                    &bytes,
                    projects.of(&file).validation_of(&file, profile),
                    sink,
                    &mut summary,
                    &mut out,
                    &mut stdout,
                ),
                FileRole::Answer => {
                    let text = String::from_utf8_lossy(&bytes);
                    let found = answer_findings(&mut projects, &file, &text);
                    check_listed(&display, &text, &found, sink, &mut summary, &mut out);
                    Ok(())
                }
            };
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
