//! The files a session reads, through the shared [`Store`]: found by the
//! folders' shared walks, read and judged once for every session, then
//! converted for this one (its encoding, its URIs) with the ticket that
//! lets the result apply.

use boardls_engine::i18n::Locale;
use std::collections::HashSet;
use std::fs;
use std::path::PathBuf;

use tower_lsp_server::ls_types::Uri;

use super::index::{Finished, Folder, Read};
use super::store::Store;
use boardls_engine::games::GameKind;
use boardls_ide::encoding::Encoding;

/// A board file found or named: the path the session knows it by, and its
/// real path (the store's key).
pub struct Found {
    pub path: PathBuf,
    pub real: PathBuf,
    pub uri: Uri,
    pub kind: GameKind,
}

/// One file to read, with the ticket that lets its result apply.
pub struct Job {
    pub found: Found,
    pub ticket: u64,
}

/// A finished read, and whether the file could not be read.
pub struct Done {
    pub finished: Finished,
    pub unreadable: bool,
}

/// Reads and judges files (on a blocking thread). `reals`, for files the
/// client named, confines reads to the workspace folders' real paths.
pub fn read_all(
    store: &Store,
    jobs: Vec<Job>,
    enc: Encoding,
    locale: Locale,
    reals: Option<&[PathBuf]>,
) -> Vec<Done> {
    jobs.into_iter()
        .map(|Job { found, ticket }| {
            let inside = reals.is_none_or(|reals| {
                fs::canonicalize(&found.path)
                    .is_ok_and(|real| reals.iter().any(|r| real.starts_with(r)))
            });
            let checked = inside
                .then(|| store.check(&found.real, found.kind))
                .flatten();
            let (read, unreadable) = match checked {
                Some(checked) => (
                    Read::Checked(checked.listed(&found.uri, enc, locale)),
                    checked.unreadable(),
                ),
                None => (Read::Gone, false),
            };
            Done {
                finished: Finished {
                    path: found.path,
                    uri: found.uri,
                    ticket,
                    read,
                },
                unreadable,
            }
        })
        .collect()
}

/// The board files below the folders, each once, with their URIs; the
/// problems met on the way (unreadable folders) as messages.
pub fn find_files(store: &Store, folders: &[Folder]) -> (Vec<Found>, Vec<String>) {
    let mut problems = Vec::new();
    let mut found = Vec::new();
    let mut seen = HashSet::new();
    for folder in folders {
        let walked = store.walk(&folder.real, &folder.path);
        problems.extend(walked.problems);
        for (rel, kind) in walked.files {
            let path = folder.path.join(&rel);
            if seen.insert(path.clone())
                && let Some(uri) = crate::uri::from_path(&path)
            {
                found.push(Found {
                    real: folder.real.join(&rel),
                    path,
                    uri,
                    kind,
                });
            }
        }
    }
    (found, problems)
}
