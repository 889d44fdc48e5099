use std::path::{Path, PathBuf};

use crate::disk::store::Store;
use boardls_engine::games::GameKind;

struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let path =
            std::env::temp_dir().join(format!("boardls-store-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap_or_else(|e| panic!("{e}"));
        Dir(path)
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
        path
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn real(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_file_is_read_again_only_when_it_changed() {
    let dir = Dir::new("reads");
    let file = real(&dir.write("a.tomek", "1\nXXXT\n....\nOO..\n....\n"));
    let store = Store::new();
    let _lease = store.lease(&real(&dir.0));
    let first = store.check(&file, GameKind::Tomek);
    let again = store.check(&file, GameKind::Tomek);
    assert!(first.is_some());
    assert_eq!(store.reads(), 1);
    assert!(matches!((&first, &again), (Some(a), Some(b)) if std::sync::Arc::ptr_eq(a, b)));
    std::fs::write(&file, "1\nXXZT\n....\nOO..\n....\n").unwrap_or_else(|e| panic!("{e}"));
    let changed = store.check(&file, GameKind::Tomek);
    assert_eq!(store.reads(), 2);
    assert!(changed.is_some_and(|c| !matches!(&*c, crate::disk::checked::Checked::Judged { diagnostics, .. } if diagnostics.is_empty())));
    std::fs::remove_file(&file).unwrap_or_else(|e| panic!("{e}"));
    assert!(store.check(&file, GameKind::Tomek).is_none());
}

#[test]
fn nothing_is_kept_once_the_last_lease_is_gone() {
    let dir = Dir::new("leases");
    let file = real(&dir.write("a.tomek", "1\nXXXT\n....\nOO..\n....\n"));
    let store = Store::new();
    let folder = real(&dir.0);
    let first = store.lease(&folder);
    let second = store.lease(&folder);
    store.check(&file, GameKind::Tomek);
    drop(first);
    store.check(&file, GameKind::Tomek);
    assert_eq!(store.reads(), 1, "still shared by the second lease");
    drop(second);
    store.check(&file, GameKind::Tomek);
    store.check(&file, GameKind::Tomek);
    assert_eq!(store.reads(), 3, "no lease: nothing kept");
}

#[test]
fn a_first_poll_tells_what_changed_since_the_files_were_read() {
    use crate::disk::read;
    use tower_lsp_server::ls_types::FileChangeType;

    let dir = Dir::new("first-poll");
    let read = real(&dir.write("read.tomek", "1\nXXXT\n....\nOO..\n....\n"));
    let walked = real(&dir.write("walked.tomek", "1\nXXXT\n....\nOO..\n....\n"));
    let store = Store::new();
    let folder = real(&dir.0);
    let _lease = store.lease(&folder);
    assert_eq!(store.walk(&folder, &dir.0).files.len(), 2);
    store.check(&read, GameKind::Tomek);
    // Changed after it was read, and a file created after the walk,
    // both before the poll's first walk.
    std::fs::write(&read, "1\nXXZT\n....\nOO..\n.....\n").unwrap_or_else(|e| panic!("{e}"));
    let created = real(&dir.write("created.tomek", ""));
    let now = read::folder_stamps(&folder);
    let mut changes = read::changes(&store.known_stamps(&folder, &now), &now);
    changes.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        changes,
        [
            (created, FileChangeType::CREATED),
            (read, FileChangeType::CHANGED),
        ],
        "{} walked, not read: read as it is now",
        walked.display()
    );
}

#[test]
fn a_walk_is_taken_again_unless_a_poll_keeps_it_current() {
    let dir = Dir::new("walk");
    dir.write("a.tomek", "1\nXXXT\n....\nOO..\n....\n");
    let store = Store::new();
    let folder = real(&dir.0);
    let _lease = store.lease(&folder);
    assert_eq!(store.walk(&folder, &dir.0).files.len(), 1);
    let new = real(&dir.write("b.go9", ""));
    assert_eq!(store.walk(&folder, &dir.0).files.len(), 2);
    std::fs::remove_file(&new).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(store.walk(&folder, &dir.0).files.len(), 1);
}
