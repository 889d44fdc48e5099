//! What the session knows of the board files on disk: the workspace
//! folders, the diagnostics of each file as last read, and which read of a
//! file may still apply its result. Plain data, no I/O and no runtime: the
//! tasks in `tasks` feed it, and decide from its answers what to publish.
//!
//! Reads race with edits on disk and with each other, so every read carries
//! a ticket; only the newest ticket of a file may apply its result. Scans
//! carry the epoch they started in; toggling `workspace.scan` or changing
//! `workspace.maxFiles` starts a new epoch and older scans stop.

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use tower_lsp_server::ls_types::{self as lsp, Uri};

use boardls_fs::walk::skipped_folder;

/// A workspace folder: the path the client named (file URIs are built from
/// it, so they match the editor's) and its real path (reads stay inside).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Folder {
    pub path: PathBuf,
    pub real: PathBuf,
}

/// The diagnostics of an unopened file as last read from disk.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub uri: Uri,
    /// Changes only when the diagnostics change.
    pub result_id: String,
    pub diagnostics: Arc<Vec<lsp::Diagnostic>>,
}

/// A finished read of one file.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    pub path: PathBuf,
    /// The URI the read was asked for.
    pub uri: Uri,
    pub ticket: u64,
    pub read: Read,
}

/// What a finished read found.
#[derive(Clone, Debug, PartialEq)]
pub enum Read {
    Checked(Arc<Vec<lsp::Diagnostic>>),
    /// Gone, or not a regular file inside a folder.
    Gone,
}

/// What applying a read changed, for the caller to publish.
#[derive(Debug, PartialEq)]
pub enum Applied {
    /// A newer read, a deletion or a setting overtook it: nothing changed.
    Superseded,
    /// The file's diagnostics are these now.
    Stored(Uri, Arc<Vec<lsp::Diagnostic>>),
    /// The file is gone: clear what the client shows for it.
    Removed(Uri),
    /// The file would exceed `workspace.maxFiles`; `first` is true the
    /// first time in this epoch (to say so once).
    OverLimit { first: bool },
}

#[derive(Debug, Default)]
pub struct Index {
    folders: Vec<Folder>,
    files: HashMap<PathBuf, Entry>,
    /// The newest read ticket of each file with a read in flight.
    pending: HashMap<PathBuf, u64>,
    epoch: u64,
    /// `workspace.maxFiles` was reached (said once per epoch).
    truncated: bool,
}

impl Index {
    pub fn folders(&self) -> &[Folder] {
        &self.folders
    }

    /// Adds a folder unless it is there already; true when added.
    pub fn add_folder(&mut self, folder: Folder) -> bool {
        if self.folders.iter().any(|f| f.path == folder.path) {
            return false;
        }
        self.folders.push(folder);
        true
    }

    /// Removes the folders named, and forgets the files no folder tracks
    /// any more; returns those files for their diagnostics to be cleared.
    pub fn remove_folders(&mut self, removed: &[PathBuf]) -> Vec<(PathBuf, Uri)> {
        self.folders.retain(|f| !removed.contains(&f.path));
        let remaining: Vec<PathBuf> = self.folders.iter().map(|f| f.path.clone()).collect();
        self.forget(|path| !remaining.iter().any(|f| tracked_below(f, path)))
    }

    /// `path` lies in a folder and not inside a folder the scan skips.
    pub fn in_folder(&self, path: &Path) -> bool {
        self.folders.iter().any(|f| tracked_below(&f.path, path))
    }

    /// The real path of a file below a folder (the shared store's key).
    pub fn real_path(&self, path: &Path) -> Option<PathBuf> {
        let folder = self.folders.iter().find(|f| tracked_below(&f.path, path))?;
        Some(folder.real.join(path.strip_prefix(&folder.path).ok()?))
    }

    /// The folders' real paths: reads of files the client names stay inside.
    pub fn reals(&self) -> Vec<PathBuf> {
        self.folders.iter().map(|f| f.real.clone()).collect()
    }

    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    /// Starts a new epoch: scans of the old one stop applying results.
    pub fn next_epoch(&mut self) -> u64 {
        self.epoch += 1;
        self.epoch
    }

    pub fn entry(&self, path: &Path) -> Option<&Entry> {
        self.files.get(path)
    }

    pub fn entries(&self) -> impl Iterator<Item = (&PathBuf, &Entry)> {
        self.files.iter()
    }

    /// Says (true, once per epoch) that the file limit was reached.
    pub fn note_truncated(&mut self) -> bool {
        !std::mem::replace(&mut self.truncated, true)
    }

    /// A read of `path` is starting with `ticket`: older reads in flight
    /// no longer apply.
    pub fn start_read(&mut self, path: PathBuf, ticket: u64) {
        self.pending.insert(path, ticket);
    }

    /// Forgets the files `drop` selects (and their reads in flight); returns
    /// the entries removed, for their diagnostics to be cleared.
    pub fn forget(&mut self, drop: impl Fn(&Path) -> bool) -> Vec<(PathBuf, Uri)> {
        let gone: Vec<PathBuf> = self.files.keys().filter(|p| drop(p)).cloned().collect();
        let removed = gone
            .into_iter()
            .filter_map(|path| {
                let entry = self.files.remove(&path)?;
                Some((path, entry.uri))
            })
            .collect();
        self.pending.retain(|path, _| !drop(path));
        self.truncated = false;
        removed
    }

    /// Applies a finished read, if it is still the newest of its file.
    /// `tracked` is whether the file is to be tracked at all (scanning on,
    /// in a folder); `new_id` makes a result id for changed diagnostics.
    pub fn apply(
        &mut self,
        finished: Finished,
        tracked: bool,
        max_files: usize,
        new_id: impl FnOnce() -> String,
    ) -> Applied {
        let Finished {
            path,
            uri,
            ticket,
            read,
        } = finished;
        if self.pending.get(&path) != Some(&ticket) {
            return Applied::Superseded;
        }
        self.pending.remove(&path);
        if !tracked {
            return Applied::Superseded;
        }
        match read {
            Read::Gone => {
                let uri = self.files.remove(&path).map_or(uri, |entry| entry.uri);
                Applied::Removed(uri)
            }
            Read::Checked(diagnostics) => {
                let known = self.files.get(&path);
                if known.is_none() && self.files.len() >= max_files {
                    return Applied::OverLimit {
                        first: self.note_truncated(),
                    };
                }
                let result_id = match known {
                    Some(entry)
                        if Arc::ptr_eq(&entry.diagnostics, &diagnostics)
                            || entry.diagnostics == diagnostics =>
                    {
                        entry.result_id.clone()
                    }
                    _ => new_id(),
                };
                self.files.insert(
                    path,
                    Entry {
                        uri: uri.clone(),
                        result_id,
                        diagnostics: diagnostics.clone(),
                    },
                );
                Applied::Stored(uri, diagnostics)
            }
        }
    }
}

/// `path` lies below `folder` and not inside a folder the scan skips.
pub fn tracked_below(folder: &Path, path: &Path) -> bool {
    let Ok(rest) = path.strip_prefix(folder) else {
        return false;
    };
    let mut parts: Vec<_> = rest.components().collect();
    parts.pop();
    parts.iter().all(|part| match part {
        Component::Normal(name) => !name.to_str().is_some_and(skipped_folder),
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uri(path: &str) -> Uri {
        format!("file://{path}")
            .parse()
            .unwrap_or_else(|_| panic!("uri {path}"))
    }

    fn diagnostic(message: &str) -> lsp::Diagnostic {
        lsp::Diagnostic {
            message: message.to_owned(),
            ..lsp::Diagnostic::default()
        }
    }

    fn read(path: &str, ticket: u64, read: Read) -> Finished {
        Finished {
            path: PathBuf::from(path),
            uri: uri(path),
            ticket,
            read,
        }
    }

    fn index() -> Index {
        let mut index = Index::default();
        index.add_folder(Folder {
            path: PathBuf::from("/w"),
            real: PathBuf::from("/real/w"),
        });
        index
    }

    #[test]
    fn tracked_paths_skip_hidden_and_build_folders() {
        let root = Path::new("/w");
        assert!(tracked_below(root, Path::new("/w/a.go9")));
        assert!(tracked_below(root, Path::new("/w/sub/a.go9")));
        assert!(tracked_below(root, Path::new("/w/.a.go9")));
        assert!(!tracked_below(root, Path::new("/w/.git/a.go9")));
        assert!(!tracked_below(root, Path::new("/w/x/target/a.go9")));
        assert!(!tracked_below(root, Path::new("/w/node_modules/a.go9")));
        assert!(!tracked_below(root, Path::new("/other/a.go9")));
        assert!(!tracked_below(root, Path::new("/w/../x/a.go9")));
    }

    #[test]
    fn only_the_newest_read_applies() {
        let mut index = index();
        let path = PathBuf::from("/w/a.go9");
        index.start_read(path.clone(), 1);
        index.start_read(path.clone(), 2);
        let old = index.apply(
            read(
                "/w/a.go9",
                1,
                Read::Checked(Arc::new(vec![diagnostic("old")])),
            ),
            true,
            10,
            || "1".to_owned(),
        );
        assert_eq!(old, Applied::Superseded);
        let new = index.apply(
            read(
                "/w/a.go9",
                2,
                Read::Checked(Arc::new(vec![diagnostic("new")])),
            ),
            true,
            10,
            || "2".to_owned(),
        );
        assert_eq!(
            new,
            Applied::Stored(uri("/w/a.go9"), Arc::new(vec![diagnostic("new")]))
        );
        assert_eq!(index.entry(&path).map(|e| e.result_id.as_str()), Some("2"));
        // Applied once: the same ticket does not apply again.
        let again = index.apply(read("/w/a.go9", 2, Read::Gone), true, 10, || "3".to_owned());
        assert_eq!(again, Applied::Superseded);
    }

    #[test]
    fn unchanged_diagnostics_keep_their_result_id() {
        let mut index = index();
        let path = PathBuf::from("/w/a.go9");
        for (ticket, id) in [(1, "first"), (2, "second")] {
            index.start_read(path.clone(), ticket);
            index.apply(
                read(
                    "/w/a.go9",
                    ticket,
                    Read::Checked(Arc::new(vec![diagnostic("same")])),
                ),
                true,
                10,
                || id.to_owned(),
            );
        }
        assert_eq!(
            index.entry(&path).map(|e| e.result_id.as_str()),
            Some("first")
        );
    }

    #[test]
    fn the_file_limit_is_said_once_per_epoch() {
        let mut index = index();
        let mut results = Vec::new();
        for (ticket, name) in ["/w/a.go9", "/w/b.go9", "/w/c.go9"].iter().enumerate() {
            let ticket = ticket as u64;
            index.start_read(PathBuf::from(name), ticket);
            results.push(index.apply(
                read(name, ticket, Read::Checked(Arc::new(Vec::new()))),
                true,
                1,
                || ticket.to_string(),
            ));
        }
        assert_eq!(results[1], Applied::OverLimit { first: true });
        assert_eq!(results[2], Applied::OverLimit { first: false });
        // Forgetting files starts counting again.
        let removed = index.forget(|_| true);
        assert_eq!(removed, vec![(PathBuf::from("/w/a.go9"), uri("/w/a.go9"))]);
        assert!(index.note_truncated());
    }

    #[test]
    fn deleted_files_and_removed_folders_are_forgotten() {
        let mut index = index();
        let path = PathBuf::from("/w/sub/a.go9");
        index.start_read(path.clone(), 1);
        index.apply(
            read("/w/sub/a.go9", 1, Read::Checked(Arc::new(Vec::new()))),
            true,
            10,
            || "1".to_owned(),
        );
        index.start_read(path.clone(), 2);
        let gone = index.apply(
            Finished {
                uri: uri("/other"),
                ..read("/w/sub/a.go9", 2, Read::Gone)
            },
            true,
            10,
            || "2".to_owned(),
        );
        // The URI the client knows the file by, not the event's.
        assert_eq!(gone, Applied::Removed(uri("/w/sub/a.go9")));
        assert!(index.entry(&path).is_none());
        index.start_read(path.clone(), 3);
        index.apply(
            read("/w/sub/a.go9", 3, Read::Checked(Arc::new(Vec::new()))),
            true,
            10,
            || "3".to_owned(),
        );
        let cleared = index.remove_folders(&[PathBuf::from("/w")]);
        assert_eq!(cleared, vec![(path.clone(), uri("/w/sub/a.go9"))]);
        assert!(!index.in_folder(&path));
    }
}
