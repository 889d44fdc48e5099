//! What the sessions of one server process share about the board files on
//! disk: one walk of each workspace folder, one read of each file, one
//! poll of each folder. Several editors on the same folder (the sessions
//! of a daemon) thus find, read and judge each file once; each session
//! converts the shared result ([`Checked`]) into its own position encoding
//! and URIs, and keeps its own index of what it published.
//!
//! - A folder is shared while some session holds a [`Lease`] on it (by its
//!   real path, so two spellings of one folder share). When the last lease
//!   goes, so does everything known below it.
//! - A file's result is kept with the file's [`Stamp`]: asking again costs
//!   a `stat`, and reads only when the file changed. Two sessions asking
//!   for the same file at once wait for one read.
//! - A folder's walk (the board files below it) is shared by the sessions
//!   that ask while it runs. While the folder is polled, the poll keeps it
//!   current and every later scan takes it as it is; otherwise a later scan
//!   walks again (a client's watcher tells only its own session, and a
//!   directory listing is cheap next to reading and judging the files).
//! - Sessions whose client does not watch files register on the lease for
//!   the folder's one poll, which tells each of them what changed.
//!
//! `walk` and `check` do blocking I/O and may wait for the same work on
//! another thread: call them on blocking threads.

use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use tower_lsp_server::ls_types::{FileChangeType, FileEvent};

use super::checked::Checked;
use super::index::tracked_below;
use super::read::{self, FolderStamps, Loaded, Stamp};
use crate::priority;
use boardls_engine::games::GameKind;
use boardls_fs::walk::find_board_files;

/// How often a folder is polled for changes when a client does not watch
/// files.
const POLL_INTERVAL: Duration = Duration::from_secs(2);

/// [`POLL_INTERVAL`], or with the `test-hooks` feature what
/// `BOARDLS_TEST_POLL_MS` says, so tests need not wait for a poll.
pub fn poll_interval() -> Duration {
    #[cfg(feature = "test-hooks")]
    if let Some(interval) = crate::test_hooks::poll_interval() {
        return interval;
    }
    POLL_INTERVAL
}

/// Where a poll's findings go: a session's ordered queue.
pub type PollListener = Arc<dyn Fn(Vec<FileEvent>) + Send + Sync>;

/// The board files below a folder, by path relative to it, and the
/// problems met while walking (unreadable folders).
#[derive(Clone, Debug, Default)]
pub struct Walked {
    pub files: BTreeMap<PathBuf, GameKind>,
    pub problems: Vec<String>,
}

#[derive(Default)]
pub struct Store {
    state: Mutex<State>,
    /// Woken whenever a read or a walk in flight finishes.
    finished: Condvar,
    /// Files read from disk (not answered from what was kept).
    reads: AtomicU64,
    /// The other files read for the sessions' cores (project files,
    /// closed answers and inputs) and folders listed for them: each is
    /// read once and kept by the core until it changes, so none is read
    /// during a keystroke.
    side_reads: AtomicU64,
    /// Poll tasks running.
    polls: AtomicU64,
    /// The polls in progress (a round of [`poll`]: the folder read, the
    /// walk kept current, the sessions told), which a test's
    /// `boardls/test/settled` waits for (feature `test-hooks`).
    #[cfg(feature = "test-hooks")]
    pub(crate) poll_work: crate::test_hooks::Background,
    /// Where a test holds the polls' reading of the folder (its gate at
    /// point `poll`, [`Faults::held_at`](crate::test_hooks::Faults::held_at)).
    #[cfg(feature = "test-hooks")]
    pub(crate) poll_faults: Mutex<crate::test_hooks::Faults>,
}

#[derive(Default)]
struct State {
    /// The folders leased, by real path.
    folders: HashMap<PathBuf, SharedFolder>,
    /// Files by real path.
    files: HashMap<PathBuf, Slot>,
    next_poller: u64,
}

#[derive(Default)]
struct SharedFolder {
    leases: usize,
    walk: Walk,
    pollers: Vec<Poller>,
    /// A poll task runs for this folder.
    polling: bool,
}

#[derive(Default)]
enum Walk {
    #[default]
    NotYet,
    Running,
    Done(Walked),
}

enum Slot {
    Reading,
    Ready(Stamp, Arc<Checked>),
}

struct Poller {
    id: u64,
    /// The folder as the session names it: events carry paths below it.
    root: PathBuf,
    sink: PollListener,
}

impl Store {
    pub fn new() -> Arc<Store> {
        Arc::default()
    }

    /// How many files were read from disk so far.
    pub fn reads(&self) -> u64 {
        self.reads.load(Ordering::Relaxed)
    }

    /// How many polls run now (one for each folder polled, however many
    /// sessions it tells).
    pub fn polls(&self) -> u64 {
        self.polls.load(Ordering::Relaxed)
    }

    /// The folders some session leases now, and the sessions registered on
    /// their polls (for `boardls/status`: what a session that ended left).
    pub(crate) fn leased(&self) -> (usize, usize) {
        let state = self.lock();
        let pollers = state.folders.values().map(|f| f.pollers.len()).sum();
        (state.folders.len(), pollers)
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn wait<'a>(&self, state: MutexGuard<'a, State>) -> MutexGuard<'a, State> {
        self.finished
            .wait(state)
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Shares the folder at `real` until the lease is dropped.
    pub fn lease(self: &Arc<Store>, real: &Path) -> Lease {
        self.lock()
            .folders
            .entry(real.to_path_buf())
            .or_default()
            .leases += 1;
        Lease {
            store: self.clone(),
            real: real.to_path_buf(),
            poller: None,
        }
    }

    /// The board files below the folder at `real`, walked from `from` (the
    /// same folder as a session names it) when nobody walked it yet.
    pub fn walk(&self, real: &Path, from: &Path) -> Walked {
        let mut state = self.lock();
        loop {
            let Some(folder) = state.folders.get_mut(real) else {
                drop(state);
                return walk_now(from);
            };
            match &folder.walk {
                Walk::Done(walked) if folder.polling => return walked.clone(),
                Walk::Running => state = self.wait(state),
                Walk::NotYet | Walk::Done(_) => {
                    folder.walk = Walk::Running;
                    break;
                }
            }
        }
        drop(state);
        let mut running = Running {
            store: self,
            real,
            done: None,
        };
        let walked = walk_now(from);
        running.done = Some(walked.clone());
        walked
    }

    /// The file at `real` as judged now: `None` when it is gone. Read only
    /// when nothing was kept for it, or the file changed since.
    pub fn check(&self, real: &Path, kind: GameKind) -> Option<Arc<Checked>> {
        // No stamp when the file is gone, is not a regular file, or cannot
        // even be looked at (a folder without search permission: the read
        // says why); nothing is then answered from what was kept.
        let stamp = fs::metadata(real)
            .ok()
            .filter(fs::Metadata::is_file)
            .map(|metadata| Stamp::of(&metadata));
        let mut state = self.lock();
        loop {
            match state.files.get(real) {
                Some(Slot::Ready(kept, checked)) if Some(*kept) == stamp => {
                    return Some(checked.clone());
                }
                Some(Slot::Reading) => state = self.wait(state),
                _ => break,
            }
        }
        state.files.insert(real.to_path_buf(), Slot::Reading);
        drop(state);
        let mut reading = Reading {
            store: self,
            real,
            done: None,
        };
        let loaded = read::load(real, kind);
        let checked = match loaded {
            Loaded::Gone => None,
            Loaded::Read(checked) => {
                self.reads.fetch_add(1, Ordering::Relaxed);
                Some(Arc::new(checked))
            }
            Loaded::Unreadable(checked) => Some(Arc::new(checked)),
        };
        reading.done = Some((stamp, checked.clone(), kind));
        checked
    }

    /// The text of the file at `path` for a session's core (a project
    /// file, a closed answer or input), counted; `None` when it cannot be
    /// read.
    pub fn read_text(&self, path: &Path) -> Option<String> {
        self.side_reads.fetch_add(1, Ordering::Relaxed);
        let bytes = fs::read(path).ok()?;
        Some(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// The names of the files in the folder `path`, for a session's core,
    /// counted; `None` when it cannot be listed.
    pub fn list_files(&self, path: &Path) -> Option<Vec<String>> {
        self.side_reads.fetch_add(1, Ordering::Relaxed);
        let entries = fs::read_dir(path).ok()?;
        Some(
            entries
                .filter_map(Result::ok)
                .filter(|entry| entry.path().is_file())
                .filter_map(|entry| entry.file_name().into_string().ok())
                .collect(),
        )
    }

    /// The files read and folders listed for the sessions' cores.
    pub fn side_reads(&self) -> u64 {
        self.side_reads.load(Ordering::Relaxed)
    }

    /// Files below `real` were deleted (a file, or a whole folder).
    pub fn forget_below(&self, real: &Path) {
        let mut state = self.lock();
        state
            .files
            .retain(|path, slot| matches!(slot, Slot::Reading) || !path.starts_with(real));
        for (root, folder) in &mut state.folders {
            if let (Walk::Done(walked), Ok(rel)) = (&mut folder.walk, real.strip_prefix(root)) {
                walked.files.retain(|path, _| !path.starts_with(rel));
            }
        }
    }

    fn release(&self, real: &Path, poller: Option<u64>) {
        let mut state = self.lock();
        let Some(folder) = state.folders.get_mut(real) else {
            return;
        };
        folder.pollers.retain(|p| Some(p.id) != poller);
        folder.leases = folder.leases.saturating_sub(1);
        if folder.leases > 0 {
            return;
        }
        state.folders.remove(real);
        let State { folders, files, .. } = &mut *state;
        files.retain(|path, slot| {
            matches!(slot, Slot::Reading) || folders.keys().any(|root| path.starts_with(root))
        });
    }

    /// Notes a file as present (with its kind) or gone in the walks of the
    /// folders it lies in.
    fn note(state: &mut State, real: &Path, kind: Option<GameKind>) {
        for (root, folder) in &mut state.folders {
            let Walk::Done(walked) = &mut folder.walk else {
                continue;
            };
            if !tracked_below(root, real) {
                continue;
            }
            let Ok(rel) = real.strip_prefix(root) else {
                continue;
            };
            match kind {
                Some(kind) => {
                    walked.files.insert(rel.to_path_buf(), kind);
                }
                None => {
                    walked.files.remove(rel);
                }
            }
        }
    }

    fn add_poller(
        self: &Arc<Store>,
        real: &Path,
        root: PathBuf,
        sink: PollListener,
    ) -> Option<u64> {
        let mut state = self.lock();
        let id = state.next_poller;
        state.next_poller += 1;
        let folder = state.folders.get_mut(real)?;
        folder.pollers.push(Poller { id, root, sink });
        if !std::mem::replace(&mut folder.polling, true) {
            tokio::spawn(poll(self.clone(), real.to_path_buf()));
        }
        Some(id)
    }
}

/// A session's share in a folder; dropping it ends the share (and the
/// session's place in the folder's poll).
pub struct Lease {
    store: Arc<Store>,
    real: PathBuf,
    poller: Option<u64>,
}

impl Lease {
    /// From now on, what changes below the folder is told to `sink`, as
    /// events on paths below `root` (the folder as the session names it).
    pub fn poll(&mut self, root: PathBuf, sink: PollListener) {
        if self.poller.is_none() {
            self.poller = self.store.add_poller(&self.real, root, sink);
        }
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        self.store.release(&self.real, self.poller);
    }
}

/// A walk in flight: when it ends, however it ends, the waiters wake.
struct Running<'a> {
    store: &'a Store,
    real: &'a Path,
    done: Option<Walked>,
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        let mut state = self.store.lock();
        if let Some(folder) = state.folders.get_mut(self.real)
            && matches!(folder.walk, Walk::Running)
        {
            folder.walk = match self.done.take() {
                Some(walked) => Walk::Done(walked),
                None => Walk::NotYet,
            };
        }
        drop(state);
        self.store.finished.notify_all();
    }
}

/// A read in flight: when it ends, however it ends, the waiters wake.
struct Reading<'a> {
    store: &'a Store,
    real: &'a Path,
    /// The stamp taken before the read, what it found, and the file's kind.
    done: Option<(Option<Stamp>, Option<Arc<Checked>>, GameKind)>,
}

impl Drop for Reading<'_> {
    fn drop(&mut self) {
        let mut state = self.store.lock();
        state.files.remove(self.real);
        if let Some((stamp, checked, kind)) = self.done.take() {
            let present = checked.as_ref().map(|_| kind);
            Store::note(&mut state, self.real, present);
            // Kept only for a known version of a file of a shared folder.
            let shared = state.folders.keys().any(|root| self.real.starts_with(root));
            if let (Some(stamp), Some(checked), true) = (stamp, checked, shared) {
                state
                    .files
                    .insert(self.real.to_path_buf(), Slot::Ready(stamp, checked));
            }
        }
        drop(state);
        self.store.finished.notify_all();
    }
}

fn walk_now(from: &Path) -> Walked {
    let mut problems = Vec::new();
    let found = find_board_files(from, true, &mut |path, err| {
        problems.push(format!("boardls: skipped {}: {err}", path.display()));
    });
    let files = found
        .into_iter()
        .filter_map(|(path, kind)| Some((path.strip_prefix(from).ok()?.to_path_buf(), kind)))
        .collect();
    Walked { files, problems }
}

/// The poll of one folder: while sessions are registered for it, every
/// [`poll_interval`] it compares the folder with what it last saw, notes
/// the differences in the walk and tells every registered session.
async fn poll(store: Arc<Store>, real: PathBuf) {
    store.polls.fetch_add(1, Ordering::Relaxed);
    let _running = Polling(&store);
    let mut last: Option<FolderStamps> = None;
    let interval = poll_interval();
    loop {
        {
            let mut state = store.lock();
            match state.folders.get_mut(&real) {
                Some(folder) if !folder.pollers.is_empty() => {}
                Some(folder) => {
                    folder.polling = false;
                    return;
                }
                None => return,
            }
        }
        // One round, from the folder's reading to the sessions told.
        #[cfg(feature = "test-hooks")]
        let _round = store.poll_work.enter();
        #[cfg(feature = "test-hooks")]
        let faults = store
            .poll_faults
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone();
        let folder = real.clone();
        let Ok(now) = priority::spawn(move || {
            #[cfg(feature = "test-hooks")]
            faults.hold("poll");
            read::folder_stamps(&folder)
        })
        .await
        else {
            if let Some(folder) = store.lock().folders.get_mut(&real) {
                folder.polling = false;
            }
            return;
        };
        let before = match last.take() {
            Some(before) => before,
            None => store.known_stamps(&real, &now),
        };
        if let Some(folder) = store.lock().folders.get_mut(&real)
            && !matches!(folder.walk, Walk::Running)
        {
            let files = now
                .keys()
                .filter_map(|path| {
                    let kind = GameKind::from_path(path)?;
                    Some((path.strip_prefix(&real).ok()?.to_path_buf(), kind))
                })
                .collect();
            folder.walk = Walk::Done(Walked {
                files,
                problems: Vec::new(),
            });
        }
        let changes = read::changes(&before, &now);
        if !changes.is_empty() {
            tell(&store, &real, &changes);
        }
        last = Some(now);
        #[cfg(feature = "test-hooks")]
        drop(_round);
        tokio::time::sleep(interval).await;
    }
}

impl Store {
    /// What a folder's first poll compares its walk with: the stamps of
    /// the files below `real` as they were read, so that a change made
    /// between a file's reading and that walk is told rather than taken as
    /// the starting point (the first walk may come late: it runs at
    /// background priority). A file of `now` missing from a finished walk
    /// of the folder, and not read, was created since, and is told as
    /// created; any other file not read yet will be read as it is now.
    fn known_stamps(&self, real: &Path, now: &FolderStamps) -> FolderStamps {
        let state = self.lock();
        let walked = state
            .folders
            .get(real)
            .and_then(|folder| match &folder.walk {
                Walk::Done(walked) => Some(&walked.files),
                _ => None,
            });
        let mut known = FolderStamps::new();
        for (path, stamp) in now {
            let stamp = match state.files.get(path) {
                Some(Slot::Ready(read, _)) => *read,
                None if walked.is_some_and(|files| {
                    path.strip_prefix(real)
                        .is_ok_and(|rel| !files.contains_key(rel))
                }) =>
                {
                    continue;
                }
                // Being read, or walked and not read yet: read as it is now.
                _ => *stamp,
            };
            known.insert(path.clone(), stamp);
        }
        for (path, slot) in &state.files {
            if let Slot::Ready(read, _) = slot
                && path.starts_with(real)
                && !now.contains_key(path)
            {
                known.insert(path.clone(), *read);
            }
        }
        known
    }
}

/// Counts a poll task while it runs.
struct Polling<'a>(&'a Store);

impl Drop for Polling<'_> {
    fn drop(&mut self) {
        self.0.polls.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Notes what a poll found and tells the folder's pollers, each in its own
/// paths (outside the store's lock).
fn tell(store: &Store, real: &Path, changes: &[(PathBuf, FileChangeType)]) {
    let pollers: Vec<(PathBuf, PollListener)> = {
        let mut state = store.lock();
        for (path, typ) in changes {
            let kind = (*typ != FileChangeType::DELETED)
                .then(|| GameKind::from_path(path))
                .flatten();
            Store::note(&mut state, path, kind);
        }
        let Some(folder) = state.folders.get(real) else {
            return;
        };
        folder
            .pollers
            .iter()
            .map(|p| (p.root.clone(), p.sink.clone()))
            .collect()
    };
    for (root, sink) in pollers {
        let events: Vec<FileEvent> = changes
            .iter()
            .filter_map(|(path, typ)| {
                let path = root.join(path.strip_prefix(real).ok()?);
                let uri = crate::uri::from_path(&path)?;
                Some(FileEvent { uri, typ: *typ })
            })
            .collect();
        if !events.is_empty() {
            sink(events);
        }
    }
}

#[cfg(test)]
mod tests;
