//! Files that are not open, as the core sees them: read through its host
//! ([`Files`]) once, then kept ([`Vfs`]) until the host says they changed.
//!
//! The core reads a closed file for three things: a `boardls.toml` above a
//! document (its project), a closed answer file (checked against its
//! input) and a closed input (the judge's output an open answer is
//! compared with). Each is read the first time it is needed and kept, with
//! the listings of the folders the pairing looked into; an edit never
//! reads one again. The host tells the core what changed on disk
//! ([`Vfs::changed`]): the desktop from the client's watcher or its own
//! poll, and for whatever neither reports (a `boardls.toml` above the
//! workspace folders, or every file when the workspace scan is off) the
//! core reads what it kept again when a document is opened or closed
//! ([`Vfs::opened_in`]), so that a file is current at the latest when the
//! user opens one of its neighbours.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use ls_types::Uri;

/// How a host reads files for the core. The desktop reads the disk; the
/// browser has no files but the open documents, and answers `None`.
pub trait Files: Send + Sync {
    /// The text of the file `uri` names; `None` when there is no such
    /// file or it cannot be read.
    fn read(&self, uri: &Uri) -> Option<String>;

    /// The names of the files (not folders) in the folder `folder` (a URI
    /// ending with `/`), in any order; `None` when it cannot be listed.
    fn list(&self, folder: &Uri) -> Option<Vec<String>>;
}

/// A host with no files: the browser's.
pub struct NoFiles;

impl Files for NoFiles {
    fn read(&self, _: &Uri) -> Option<String> {
        None
    }

    fn list(&self, _: &Uri) -> Option<Vec<String>> {
        None
    }
}

/// The closed files read so far, and the folders listed.
#[derive(Default)]
pub struct Vfs(Mutex<Kept>);

#[derive(Default)]
struct Kept {
    texts: HashMap<Uri, Option<Arc<str>>>,
    /// File names by folder, sorted.
    listings: HashMap<Uri, Arc<[String]>>,
    /// Reads and listings asked of the host over the session's life.
    asked: u64,
}

impl Vfs {
    fn kept(&self) -> MutexGuard<'_, Kept> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The text of the closed file `uri`: kept, else read through `files`
    /// once.
    pub fn text(&self, files: &dyn Files, uri: &Uri) -> Option<Arc<str>> {
        if let Some(text) = self.kept().texts.get(uri) {
            return text.clone();
        }
        let text: Option<Arc<str>> = files.read(uri).map(Arc::from);
        let mut kept = self.kept();
        kept.asked += 1;
        kept.texts.insert(uri.clone(), text.clone());
        text
    }

    /// The sorted names of the files in `folder`: kept, else listed
    /// through `files` once.
    pub fn listing(&self, files: &dyn Files, folder: &Uri) -> Arc<[String]> {
        if let Some(names) = self.kept().listings.get(folder) {
            return names.clone();
        }
        let mut names = files.list(folder).unwrap_or_default();
        names.sort();
        let names: Arc<[String]> = Arc::from(names);
        let mut kept = self.kept();
        kept.asked += 1;
        kept.listings.insert(folder.clone(), names.clone());
        names
    }

    /// Whether the file `name` is in `folder` (its listing, kept).
    pub fn has(&self, files: &dyn Files, folder: &Uri, name: &str) -> bool {
        let names = self.listing(files, folder);
        names.binary_search_by(|n| n.as_str().cmp(name)).is_ok()
    }

    /// The file or folder `uri` changed, appeared or went: what was kept
    /// of it, of anything below it, and the listing of its folder go.
    pub fn changed(&self, uri: &Uri) {
        let text = uri.as_str();
        let folder = text.trim_end_matches('/');
        let below = format!("{folder}/");
        let parent = &folder[..folder.rfind('/').map_or(0, |at| at + 1)];
        let mut kept = self.kept();
        kept.texts
            .retain(|kept, _| kept.as_str() != text && !kept.as_str().starts_with(&below));
        kept.listings.retain(|listed, _| {
            let listed = listed.as_str();
            listed != parent && listed != below && !listed.starts_with(&below)
        });
    }

    /// A document in `folder` was opened or closed: what is kept of the
    /// folder's files, of the project files of the folders above it, and
    /// those folders' listings, is read again now. So a file no watcher
    /// reports (a `boardls.toml` above the workspace folders, any file
    /// when the scan is off) is current at the latest when a document
    /// beside or below it is opened, and the keystrokes after the open
    /// read nothing. A text that has not changed stays the one kept (the
    /// same `Arc`): nothing made from it is made again.
    pub fn opened_in(&self, files: &dyn Files, folder: &Uri) {
        let folder = folder.as_str();
        let (texts, listings): (Vec<Uri>, Vec<Uri>) = {
            let kept = self.kept();
            let texts = kept.texts.keys().filter(|uri| {
                let uri = uri.as_str();
                let (at, name) = uri.split_at(uri.rfind('/').map_or(0, |at| at + 1));
                at == folder
                    || (name == boardls_engine::project::FILE_NAME && folder.starts_with(at))
            });
            let listings = kept
                .listings
                .keys()
                .filter(|listed| folder.starts_with(listed.as_str()));
            (texts.cloned().collect(), listings.cloned().collect())
        };
        for uri in texts {
            let now = files.read(&uri);
            let mut kept = self.kept();
            kept.asked += 1;
            let same = match (kept.texts.get(&uri), &now) {
                (Some(Some(old)), Some(now)) => **old == **now,
                (Some(None), None) => true,
                _ => false,
            };
            if !same {
                kept.texts.insert(uri, now.map(Arc::from));
            }
        }
        for folder in listings {
            let mut names = files.list(&folder).unwrap_or_default();
            names.sort();
            let mut kept = self.kept();
            kept.asked += 1;
            kept.listings.insert(folder, Arc::from(names));
        }
    }

    /// Everything kept goes (a host that cannot say what changed).
    pub fn forget_all(&self) {
        let mut kept = self.kept();
        kept.texts.clear();
        kept.listings.clear();
    }

    /// How many reads and listings were asked of the host.
    pub fn asked(&self) -> u64 {
        self.kept().asked
    }
}

#[cfg(test)]
mod tests {
    use std::str::FromStr as _;
    use std::sync::atomic::{AtomicU64, Ordering};

    use super::*;

    /// Two files in one folder, counting what is asked.
    #[derive(Default)]
    struct Counted(AtomicU64);

    impl Files for Counted {
        fn read(&self, uri: &Uri) -> Option<String> {
            self.0.fetch_add(1, Ordering::SeqCst);
            uri.as_str().ends_with("a.in").then(|| "text".to_owned())
        }

        fn list(&self, _: &Uri) -> Option<Vec<String>> {
            self.0.fetch_add(1, Ordering::SeqCst);
            Some(vec!["b.out".to_owned(), "a.in".to_owned()])
        }
    }

    fn uri(text: &str) -> Uri {
        Uri::from_str(text).expect("a URI")
    }

    #[test]
    fn a_file_is_read_once_until_it_changes() {
        let files = Counted::default();
        let vfs = Vfs::default();
        let a = uri("file:///t/a.in");
        let folder = uri("file:///t/");
        for _ in 0..3 {
            assert_eq!(vfs.text(&files, &a).as_deref(), Some("text"));
            assert!(vfs.has(&files, &folder, "b.out"));
            assert!(!vfs.has(&files, &folder, "c.out"));
            assert_eq!(vfs.text(&files, &uri("file:///t/b.out")), None);
        }
        assert_eq!(files.0.load(Ordering::SeqCst), 3);
        assert_eq!(vfs.asked(), 3);
        vfs.changed(&a);
        vfs.text(&files, &a);
        vfs.has(&files, &folder, "a.in");
        assert_eq!(
            files.0.load(Ordering::SeqCst),
            5,
            "its text and listing again"
        );
        // A folder deleted: everything below it goes.
        vfs.changed(&uri("file:///t"));
        vfs.text(&files, &a);
        assert_eq!(files.0.load(Ordering::SeqCst), 6);
    }

    #[test]
    fn an_open_reads_again_what_is_kept_around_it_and_keeps_what_did_not_change() {
        let files = Counted::default();
        let vfs = Vfs::default();
        let a = uri("file:///t/a.in");
        let elsewhere = uri("file:///u/a.in");
        let project_above = uri("file:///boardls.toml");
        let text = vfs.text(&files, &a).expect("a.in");
        vfs.text(&files, &elsewhere);
        vfs.text(&files, &project_above);
        vfs.has(&files, &uri("file:///t/"), "a.in");
        vfs.has(&files, &uri("file:///u/"), "a.in");
        assert_eq!(files.0.load(Ordering::SeqCst), 5);
        vfs.opened_in(&files, &uri("file:///t/"));
        // a.in, the project file above and t/'s listing; not u/'s files.
        assert_eq!(files.0.load(Ordering::SeqCst), 8);
        assert_eq!(vfs.asked(), 8);
        // Read since: the same text, kept as it was, and nothing read.
        let again = vfs.text(&files, &a).expect("a.in");
        assert!(Arc::ptr_eq(&text, &again));
        vfs.text(&files, &project_above);
        vfs.has(&files, &uri("file:///t/"), "b.out");
        assert_eq!(files.0.load(Ordering::SeqCst), 8);
    }

    #[test]
    fn an_open_keeps_the_new_text_of_a_file_that_changed() {
        struct Changing(Mutex<&'static str>);
        impl Files for Changing {
            fn read(&self, _: &Uri) -> Option<String> {
                Some((*self.0.lock().expect("text")).to_owned())
            }
            fn list(&self, _: &Uri) -> Option<Vec<String>> {
                None
            }
        }
        let files = Changing(Mutex::new("old"));
        let vfs = Vfs::default();
        let a = uri("file:///t/a.out");
        assert_eq!(vfs.text(&files, &a).as_deref(), Some("old"));
        *files.0.lock().expect("text") = "new";
        vfs.opened_in(&files, &uri("file:///t/"));
        assert_eq!(vfs.text(&files, &a).as_deref(), Some("new"));
    }
}
