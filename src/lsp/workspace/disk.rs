//! Board files on disk: finding them, reading them safely, and their
//! diagnostics as a client would see them, straight from their text (no
//! rope and no document is built for a file that is not open).

use std::collections::HashMap;
use std::fs;
use std::io::{self, Read as _};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use tower_lsp_server::ls_types::{
    self as lsp, FileChangeType, FileEvent, NumberOrString, Position, Range, Uri,
};

use super::index::{Finished, Folder, Read};
use crate::diagnostics::codes;
use crate::games::GameKind;
use crate::lsp::diagnostics::{SOURCE, TextRanges, to_lsp};
use crate::lsp::encoding::Encoding;
use crate::syntax::diagnose_bytes;
use crate::walk::find_board_files;

/// Larger files get one diagnostic instead of being read into memory.
const MAX_FILE_BYTES: u64 = 256 << 20;
/// An unopened file publishes at most this many diagnostics (a huge
/// broken file would otherwise flood the client), then says how many more.
pub const MAX_DISK_DIAGNOSTICS: usize = 1000;

/// The local path of a `file:` URI.
pub fn file_path(uri: &Uri) -> Option<PathBuf> {
    let scheme = uri.scheme().as_str();
    if !scheme.eq_ignore_ascii_case("file") {
        return None;
    }
    uri.to_file_path().map(|p| p.into_owned())
}

/// The workspace folder a URI names, with its real path.
pub fn folder(uri: &Uri) -> Option<Folder> {
    let path = file_path(uri)?;
    let real = fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
    Some(Folder { path, real })
}

/// One file to read, with the ticket that lets its result apply.
pub struct Job {
    pub path: PathBuf,
    pub uri: Uri,
    pub kind: GameKind,
    pub ticket: u64,
}

/// A finished read, and whether the file could not be read.
pub struct Done {
    pub finished: Finished,
    pub unreadable: bool,
}

/// Reads and judges files (on a blocking thread). `reals`, for files the
/// client named, confines reads to the workspace folders' real paths.
pub fn read_all(jobs: Vec<Job>, enc: Encoding, reals: Option<&[PathBuf]>) -> Vec<Done> {
    jobs.into_iter()
        .map(|job| {
            let inside = reals.is_none_or(|reals| {
                fs::canonicalize(&job.path)
                    .is_ok_and(|real| reals.iter().any(|r| real.starts_with(r)))
            });
            let (read, unreadable) = if inside {
                read_file(&job, enc)
            } else {
                (Read::Gone, false)
            };
            Done {
                finished: Finished {
                    path: job.path,
                    uri: job.uri,
                    ticket: job.ticket,
                    read,
                },
                unreadable,
            }
        })
        .collect()
}

fn read_file(job: &Job, enc: Encoding) -> (Read, bool) {
    let bytes = match read_bytes(&job.path) {
        Ok(Some(bytes)) => bytes,
        Ok(None) => return (Read::Gone, false),
        Err(problem) => return (Read::Checked(vec![file_problem(problem)]), true),
    };
    // The disk is not the user's typing: a bug in judging one file is that
    // file's diagnostic, not the end of the scan.
    match catch_unwind(AssertUnwindSafe(|| judge(job, &bytes, enc))) {
        Ok(items) => (Read::Checked(items), false),
        Err(_) => (
            Read::Checked(vec![file_problem(
                "boardls failed while checking this file; please report it".to_owned(),
            )]),
            true,
        ),
    }
}

/// The file's bytes; `None` when it is gone or not a regular file; an
/// error message when it cannot be read.
fn read_bytes(path: &Path) -> Result<Option<Vec<u8>>, String> {
    let gone = |err: &io::Error| {
        matches!(
            err.kind(),
            io::ErrorKind::NotFound | io::ErrorKind::IsADirectory | io::ErrorKind::NotADirectory
        )
    };
    let cannot = |err: io::Error| format!("boardls cannot read this file: {err}");
    // Only regular files are opened: opening a FIFO named like a board
    // file would wait for a writer forever.
    match fs::metadata(path) {
        Ok(metadata) if metadata.is_file() => {}
        Ok(_) => return Ok(None),
        Err(err) if gone(&err) => return Ok(None),
        Err(err) => return Err(cannot(err)),
    }
    let mut file = match fs::File::open(path) {
        Ok(file) => file,
        Err(err) if gone(&err) => return Ok(None),
        Err(err) => return Err(cannot(err)),
    };
    let metadata = file.metadata().map_err(cannot)?;
    if !metadata.is_file() {
        return Ok(None);
    }
    if metadata.len() > MAX_FILE_BYTES {
        return Err(format!(
            "this file is too large to check ({} MiB; the limit is {} MiB)",
            metadata.len() >> 20,
            MAX_FILE_BYTES >> 20
        ));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(metadata.len()).unwrap_or(0));
    match file.read_to_end(&mut bytes) {
        Ok(_) => Ok(Some(bytes)),
        Err(err) if gone(&err) => Ok(None),
        Err(err) => Err(cannot(err)),
    }
}

/// The file's diagnostics, as an open document of that text would have
/// them (at most [`MAX_DISK_DIAGNOSTICS`]); a file that is not UTF-8 gets
/// the checker's one diagnostic at the first bad byte.
fn judge(job: &Job, bytes: &[u8], enc: Encoding) -> Vec<lsp::Diagnostic> {
    let checked = diagnose_bytes(job.kind, bytes);
    let ranges = TextRanges::new(checked.text, enc);
    let found = &checked.diagnostics;
    let mut items: Vec<lsp::Diagnostic> = found
        .iter()
        .take(MAX_DISK_DIAGNOSTICS)
        .map(|d| to_lsp(&job.uri, &ranges, d))
        .collect();
    if found.len() > MAX_DISK_DIAGNOSTICS {
        items.push(lsp::Diagnostic {
            severity: Some(lsp::DiagnosticSeverity::INFORMATION),
            code: Some(NumberOrString::String(
                codes::FILE_MORE_DIAGNOSTICS.to_owned(),
            )),
            ..file_problem(format!(
                "{} more diagnostics in this file; open it to see them all",
                found.len() - MAX_DISK_DIAGNOSTICS
            ))
        });
    }
    items
}

fn file_problem(message: String) -> lsp::Diagnostic {
    lsp::Diagnostic {
        range: Range::new(Position::new(0, 0), Position::new(0, 0)),
        severity: Some(lsp::DiagnosticSeverity::WARNING),
        code: Some(NumberOrString::String(codes::FILE_UNREADABLE.to_owned())),
        source: Some(SOURCE.to_owned()),
        message,
        ..lsp::Diagnostic::default()
    }
}

/// The board files below the folders, each once, with their URIs; the
/// problems met on the way (unreadable folders) as messages.
pub fn find_files(folders: &[Folder]) -> (Vec<(PathBuf, Uri, GameKind)>, Vec<String>) {
    let mut problems = Vec::new();
    let mut found = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for folder in folders {
        let files = find_board_files(&folder.path, true, &mut |path, err| {
            problems.push(format!("boardls: skipped {}: {err}", path.display()));
        });
        for (path, kind) in files {
            if seen.insert(path.clone())
                && let Some(uri) = Uri::from_file_path(&path)
            {
                found.push((path, uri, kind));
            }
        }
    }
    (found, problems)
}

/// Each board file's modification time and length.
pub type Snapshot = HashMap<PathBuf, (Option<SystemTime>, u64)>;

/// The board files of the folders as they are now.
pub fn snapshot(folders: &[Folder]) -> Snapshot {
    let mut files = Snapshot::new();
    for folder in folders {
        for (path, _) in find_board_files(&folder.path, true, &mut |_, _| {}) {
            if let Ok(metadata) = fs::metadata(&path) {
                files.insert(path, (metadata.modified().ok(), metadata.len()));
            }
        }
    }
    files
}

/// What changed between two snapshots, as watched-file events.
pub fn changes(before: &Snapshot, now: &Snapshot) -> Vec<FileEvent> {
    let event = |path: &Path, typ| Uri::from_file_path(path).map(|uri| FileEvent { uri, typ });
    let mut changes: Vec<FileEvent> = now
        .iter()
        .filter_map(|(path, stamp)| match before.get(path) {
            None => event(path, FileChangeType::CREATED),
            Some(old) if old != stamp => event(path, FileChangeType::CHANGED),
            Some(_) => None,
        })
        .collect();
    changes.extend(
        before
            .keys()
            .filter(|path| !now.contains_key(*path))
            .filter_map(|path| event(path, FileChangeType::DELETED)),
    );
    changes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snapshots_differ_by_created_changed_and_deleted_files() {
        let stamp = |len| (None, len);
        let before: Snapshot = [
            (PathBuf::from("/w/kept.go9"), stamp(1)),
            (PathBuf::from("/w/changed.go9"), stamp(1)),
            (PathBuf::from("/w/deleted.go9"), stamp(1)),
        ]
        .into_iter()
        .collect();
        let now: Snapshot = [
            (PathBuf::from("/w/kept.go9"), stamp(1)),
            (PathBuf::from("/w/changed.go9"), stamp(2)),
            (PathBuf::from("/w/created.go9"), stamp(1)),
        ]
        .into_iter()
        .collect();
        let mut got: Vec<(String, FileChangeType)> = changes(&before, &now)
            .into_iter()
            .map(|e| (e.uri.as_str().to_owned(), e.typ))
            .collect();
        got.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(
            got,
            [
                ("file:///w/changed.go9".to_owned(), FileChangeType::CHANGED),
                ("file:///w/created.go9".to_owned(), FileChangeType::CREATED),
                ("file:///w/deleted.go9".to_owned(), FileChangeType::DELETED),
            ]
        );
    }

    #[test]
    fn disk_diagnostics_match_the_open_document() {
        use crate::document::Document;
        use crate::lsp::view::{ClientCaps, DocView};
        let text = "2\n.......xo\n.........\n.........\n..x......\n.xox....x\n.o.o...xo\n..o......\n.....xxxo\n....xooo.\n";
        let Ok(uri) = "file:///w/a.go9".parse::<Uri>() else {
            panic!("uri");
        };
        for encoding in [Encoding::Utf8, Encoding::Utf16] {
            let job = Job {
                path: PathBuf::from("/w/a.go9"),
                uri: uri.clone(),
                kind: GameKind::Go9,
                ticket: 1,
            };
            let from_disk = judge(&job, text.as_bytes(), encoding);
            let doc = Document::new(GameKind::Go9, text);
            let view = DocView {
                uri: &uri,
                doc: &doc,
                version: 0,
                caps: ClientCaps {
                    encoding,
                    ..ClientCaps::default()
                },
            };
            let open = crate::lsp::diagnostics::document(&view);
            assert!(!open.is_empty());
            assert_eq!(from_disk, open);
        }
    }
}
