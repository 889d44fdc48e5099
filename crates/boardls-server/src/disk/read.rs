//! Board files on disk: their paths, reading one safely (a FIFO is never
//! opened, a huge file never read into memory), and what a folder holds
//! now, for polling. Plain blocking I/O: the shared [`Store`] decides what
//! to read, and when.
//!
//! [`Store`]: super::store::Store

use boardls_engine::i18n::Message;
use std::collections::HashMap;
use std::fs;
use std::io::{self, Read as _};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use tower_lsp_server::ls_types::{FileChangeType, Uri};

use super::checked::Checked;
use super::index::Folder;
use boardls_engine::games::GameKind;
use boardls_fs::walk::find_board_files;

/// Larger files get one diagnostic instead of being read into memory.
const MAX_FILE_BYTES: u64 = 256 << 20;
/// The workspace folder a URI names, with its real path.
pub fn folder(uri: &Uri) -> Option<Folder> {
    let path = crate::uri::to_path(uri)?;
    let real = fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
    Some(Folder { path, real })
}

/// What reading a file found.
pub enum Loaded {
    /// Gone, or not a regular file.
    Gone,
    /// Its bytes were read and judged (a bug in judging is the file's
    /// problem, not the end of the scan).
    Read(Checked),
    /// It could not be read: why.
    Unreadable(Checked),
}

/// Reads and judges one file (blocking).
pub fn load(path: &Path, kind: GameKind) -> Loaded {
    let bytes = match read_bytes(path) {
        Ok(Some(bytes)) => bytes,
        Ok(None) => return Loaded::Gone,
        Err(problem) => return Loaded::Unreadable(Checked::Problem(problem)),
    };
    // The disk is not the user's typing: a bug in judging one file is that
    // file's diagnostic, not the end of the scan.
    match catch_unwind(AssertUnwindSafe(|| Checked::judge(kind, &bytes))) {
        Ok(checked) => Loaded::Read(checked),
        Err(_) => Loaded::Read(Checked::Problem(boardls_engine::i18n::message!(
            "disk-judge-failed"
        ))),
    }
}

/// The file's bytes; `None` when it is gone or not a regular file; an
/// error message when it cannot be read.
fn read_bytes(path: &Path) -> Result<Option<Vec<u8>>, Message> {
    let gone = |err: &io::Error| {
        matches!(
            err.kind(),
            io::ErrorKind::NotFound | io::ErrorKind::IsADirectory | io::ErrorKind::NotADirectory
        )
    };
    // The system's own words for why (they are in its language already).
    let cannot = |err: io::Error| {
        boardls_engine::i18n::message!("disk-unreadable", reason = err.to_string())
    };
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
        return Err(boardls_engine::i18n::message!(
            "disk-too-large",
            mebibytes = metadata.len() >> 20,
            limit = MAX_FILE_BYTES >> 20
        ));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(metadata.len()).unwrap_or(0));
    match file.read_to_end(&mut bytes) {
        Ok(_) => Ok(Some(bytes)),
        Err(err) if gone(&err) => Ok(None),
        Err(err) => Err(cannot(err)),
    }
}

/// What tells one version of a file from another without reading it:
/// its identity, length, and modification and change times (a rename over
/// it, a write or a `chmod` changes one of them). What the system tells of
/// a file's identity differs: [`FileIdentity`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    identity: FileIdentity,
    len: u64,
}

impl Stamp {
    pub fn of(metadata: &fs::Metadata) -> Stamp {
        Stamp {
            identity: FileIdentity::of(metadata),
            len: metadata.len(),
        }
    }
}

/// A file's device, inode, and modification and change times (`ctime`
/// changes with a rename over it or a `chmod`).
#[cfg(unix)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct FileIdentity {
    dev: u64,
    ino: u64,
    modified: (i64, i64),
    changed: (i64, i64),
}

#[cfg(unix)]
impl FileIdentity {
    fn of(metadata: &fs::Metadata) -> FileIdentity {
        use std::os::unix::fs::MetadataExt as _;
        FileIdentity {
            dev: metadata.dev(),
            ino: metadata.ino(),
            modified: (metadata.mtime(), metadata.mtime_nsec()),
            changed: (metadata.ctime(), metadata.ctime_nsec()),
        }
    }
}

/// A file's creation and last write times and attributes: stable Rust
/// reads no file index on Windows, and a file renamed over another has
/// its own creation time (unless the file system's tunnelling gives it the
/// old one, when its write time or length still differ).
#[cfg(windows)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct FileIdentity {
    created: u64,
    written: u64,
    attributes: u32,
}

#[cfg(windows)]
impl FileIdentity {
    fn of(metadata: &fs::Metadata) -> FileIdentity {
        use std::os::windows::fs::MetadataExt as _;
        FileIdentity {
            created: metadata.creation_time(),
            written: metadata.last_write_time(),
            attributes: metadata.file_attributes(),
        }
    }
}

/// Each board file's stamp.
pub type FolderStamps = HashMap<PathBuf, Stamp>;

/// The board files below `folder` as they are now.
pub fn folder_stamps(folder: &Path) -> FolderStamps {
    let mut files = FolderStamps::new();
    for (path, _) in find_board_files(folder, true, &mut |_, _| {}) {
        if let Ok(metadata) = fs::metadata(&path) {
            files.insert(path, Stamp::of(&metadata));
        }
    }
    files
}

/// What changed between two readings of a folder's stamps: each path, created, changed or
/// deleted.
pub fn changes(before: &FolderStamps, now: &FolderStamps) -> Vec<(PathBuf, FileChangeType)> {
    let mut changes: Vec<(PathBuf, FileChangeType)> = now
        .iter()
        .filter_map(|(path, stamp)| match before.get(path) {
            None => Some((path.clone(), FileChangeType::CREATED)),
            Some(old) if old != stamp => Some((path.clone(), FileChangeType::CHANGED)),
            Some(_) => None,
        })
        .collect();
    changes.extend(
        before
            .keys()
            .filter(|path| !now.contains_key(*path))
            .map(|path| (path.clone(), FileChangeType::DELETED)),
    );
    changes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folder_stamps_differ_by_created_changed_and_deleted_files() {
        let some_file = fs::metadata(env!("CARGO_MANIFEST_DIR")).expect("the crate's folder");
        let stamp = |len| Stamp {
            identity: FileIdentity::of(&some_file),
            len,
        };
        let before: FolderStamps = [
            (PathBuf::from("/w/kept.go9"), stamp(1)),
            (PathBuf::from("/w/changed.go9"), stamp(1)),
            (PathBuf::from("/w/deleted.go9"), stamp(1)),
        ]
        .into_iter()
        .collect();
        let now: FolderStamps = [
            (PathBuf::from("/w/kept.go9"), stamp(1)),
            (PathBuf::from("/w/changed.go9"), stamp(2)),
            (PathBuf::from("/w/created.go9"), stamp(1)),
        ]
        .into_iter()
        .collect();
        let mut got: Vec<(String, FileChangeType)> = changes(&before, &now)
            .into_iter()
            .map(|(path, typ)| (path.display().to_string(), typ))
            .collect();
        got.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(
            got,
            [
                ("/w/changed.go9".to_owned(), FileChangeType::CHANGED),
                ("/w/created.go9".to_owned(), FileChangeType::CREATED),
                ("/w/deleted.go9".to_owned(), FileChangeType::DELETED),
            ]
        );
    }
}
