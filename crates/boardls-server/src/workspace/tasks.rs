//! The work that keeps the workspace's diagnostics current: the scan of
//! the folders, re-reads of files that changed (watched-file events, closed
//! documents) and, for clients that cannot watch files, the folders' poll.
//!
//! Finding, reading and judging go through the process's shared store
//! (`store`), so sessions on the same folder share one walk, one read of
//! each file and one poll; what stays here is the session's own part.
//! Files are read and judged on blocking threads, in parallel chunks,
//! while the session goes on answering requests; each result is applied to
//! the [`Index`](crate::disk::index::Index) under the session lock and its
//! diagnostics queued on the session's ordered outbox, with work-done
//! progress for scans. An open document's text wins: files that are open
//! are indexed but not published; on close the file is read again.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use tokio::task::JoinSet;
use tower_lsp_server::ls_types::{FileChangeType, FileEvent, MessageType, Uri};

use crate::disk::index::{Applied, Folder};
use crate::disk::jobs::{self, Done, Found, Job};
use crate::disk::read;
use crate::disk::store::PollListener;
use crate::priority;
use crate::state::progress::Progress;
use crate::state::session::{Internal, Session, State};
use boardls_engine::games::GameKind;
use boardls_engine::i18n::message;
use boardls_fs::project::PairOnDisk as _;
use boardls_fs::walk::{self, FileRole};
use boardls_ide::answers::checks::check_closed;
use boardls_ide::session::Host as _;

/// Files read per blocking job during a scan.
const CHUNK: usize = 32;

/// Gives each file a fresh read ticket, superseding reads in flight.
fn jobs(state: &mut State, found: Vec<Found>) -> Vec<Job> {
    found
        .into_iter()
        .map(|found| {
            let ticket = state.generation();
            state.host.index.start_read(found.path.clone(), ticket);
            Job { found, ticket }
        })
        .collect()
}

/// Applies finished reads under the lock. Returns false when the scan that
/// produced them is over (its epoch ended, or the session did).
fn apply(session: &Session, done: Vec<Done>, epoch: Option<u64>) -> bool {
    if !session.alive() {
        return false;
    }
    let mut state = session.lock();
    if epoch.is_some_and(|e| e != state.host.index.epoch()) {
        return false;
    }
    let open = open_paths(&state);
    let (scan, max_files) = (state.settings.scan, state.settings.max_files);
    for Done { finished, .. } in done {
        let is_open = open.contains(&finished.path);
        let tracked = scan && state.host.index.in_folder(&finished.path);
        let id = state.generation().to_string();
        match state
            .host
            .index
            .apply(finished, tracked, max_files, move || id)
        {
            Applied::Superseded => {}
            Applied::Stored(uri, items) if !is_open => {
                session.publish_unopened(&state, uri, items.to_vec());
            }
            Applied::Removed(uri) if !is_open => {
                session.publish_unopened(&state, uri, Vec::new());
            }
            Applied::Stored(..) | Applied::Removed(_) => {}
            Applied::OverLimit { first } => {
                if first {
                    session.log(MessageType::WARNING, over_limit(max_files));
                }
            }
        }
    }
    true
}

fn over_limit(max_files: usize) -> String {
    format!(
        "boardls: the workspace has more than {max_files} board files; only {max_files} are \
         checked before they are opened (setting boardls.workspace.maxFiles)"
    )
}

/// Walks the folders, then reads and judges what was found in parallel
/// chunks, applying each as it completes, with progress.
pub async fn scan_folders(session: Session, folders: Vec<Folder>, epoch: u64) {
    let started = Instant::now();
    let names: Vec<String> = folders
        .iter()
        .map(|f| f.path.display().to_string())
        .collect();
    let mut progress = Progress::begin(
        &session,
        message!("progress-scan-title"),
        message!("progress-scan-looking"),
    )
    .await;
    let store = session.host.store();
    let folder_paths: Vec<PathBuf> = folders.iter().map(|f| f.path.clone()).collect();
    let Ok((mut found, problems)) =
        priority::spawn(move || jobs::find_files(&store, &folders)).await
    else {
        return;
    };
    for problem in problems {
        session.log(MessageType::WARNING, problem);
    }
    let (jobs, enc, locale) = {
        let mut state = session.lock();
        if state.host.index.epoch() != epoch || !session.alive() {
            drop(state);
            if let Some(progress) = progress {
                progress.end(&message!("progress-scan-stopped"));
            }
            return;
        }
        let max_files = state.settings.max_files;
        if found.len() > max_files {
            found.truncate(max_files);
            if state.host.index.note_truncated() {
                session.log(MessageType::WARNING, over_limit(max_files));
            }
        }
        (
            jobs(&mut state, found),
            state.caps.encoding,
            state.caps.locale,
        )
    };
    let total = jobs.len();
    let parallel = std::thread::available_parallelism().map_or(2, |n| n.get());
    let mut chunks = Vec::new();
    let mut jobs = jobs.into_iter().peekable();
    while jobs.peek().is_some() {
        chunks.push(jobs.by_ref().take(CHUNK).collect::<Vec<_>>());
    }
    let mut chunks = chunks.into_iter();
    let mut running = JoinSet::new();
    let (mut done, mut unreadable, mut stopped) = (0, 0, false);
    loop {
        while running.len() < parallel
            && let Some(chunk) = chunks.next()
        {
            let store = session.host.store();
            priority::spawn_in(&mut running, move || {
                jobs::read_all(&store, chunk, enc, locale, None)
            });
        }
        let Some(joined) = running.join_next().await else {
            break;
        };
        let Ok(results) = joined else {
            continue;
        };
        done += results.len();
        unreadable += results.iter().filter(|d| d.unreadable).count();
        if !apply(&session, results, Some(epoch)) {
            stopped = true;
            running.abort_all();
            break;
        }
        if let Some(progress) = &mut progress {
            progress.report(done, total, || {
                message!("progress-scan-files", done = done, total = total)
            });
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let summary = if stopped {
        message!("progress-scan-stopped-after", done = done, total = total)
    } else {
        let seconds = format!("{seconds:.2}");
        message!("progress-scan-checked", total = total, seconds = seconds)
    };
    if let Some(progress) = progress {
        progress.end(&summary);
    }
    if !stopped {
        let mut message = format!("boardls: {summary} ({})", names.join(", "));
        if unreadable > 0 {
            message.push_str(&format!("; {unreadable} could not be read"));
        }
        session.log(MessageType::INFO, message);
        check_answers(&session, folder_paths, epoch).await;
        refresh_pull(&session);
    }
}

/// The scan's second part: the answer files below the folders, each
/// checked against its input.
async fn check_answers(session: &Session, folders: Vec<PathBuf>, epoch: u64) {
    let Ok(found) = priority::spawn(move || find_answers(&folders)).await else {
        return;
    };
    let mut state = session.lock();
    if state.host.index.epoch() != epoch || !session.alive() {
        return;
    }
    for (answer, input, kind) in found {
        if let Some(answer) = crate::uri::from_path(&answer) {
            let input =
                boardls_ide::uri::path_of(&crate::uri::from_path(&input).unwrap_or(answer.clone()));
            check_closed(session, &mut state, &answer, &input, kind);
        }
    }
}

/// The answer files below `folders` with their inputs (blocking: walks
/// the folders).
fn find_answers(folders: &[PathBuf]) -> Vec<(PathBuf, PathBuf, GameKind)> {
    let mut projects = boardls_fs::project::Projects::default();
    let mut found = Vec::new();
    for folder in folders {
        for (path, role) in walk::find_files(folder, true, &mut projects, &mut |_, _| {}) {
            if !matches!(role, FileRole::Answer) {
                continue;
            }
            if let Some((input, kind)) = projects.of(&path).input_of(&path) {
                found.push((path, input, kind));
            }
        }
    }
    found
}

/// The paths of the open documents: they are published from the
/// editor's text, never from disk.
pub fn open_paths(state: &State) -> HashSet<PathBuf> {
    state.docs.keys().filter_map(crate::uri::to_path).collect()
}

/// Reads files the client named (watch events, closed documents) and
/// applies the results. Called with the state locked (the lock is not
/// re-entrant, so what the reads need is taken from `state`).
fn read_later(session: &Session, state: &mut State, found: Vec<Found>) {
    if found.is_empty() {
        return;
    }
    let jobs = jobs(state, found);
    let (enc, locale, reals) = (
        state.caps.encoding,
        state.caps.locale,
        state.host.index.reals(),
    );
    let store = session.host.store();
    let reader = session.clone();
    session.host.spawn(async move {
        let read = priority::spawn(move || jobs::read_all(&store, jobs, enc, locale, Some(&reals)));
        if let Ok(done) = read.await {
            apply(&reader, done, None);
            refresh_pull(&reader);
        }
    });
}

/// Asks a pull client to pull again, since files changed.
pub fn refresh_pull(session: &Session) {
    session.host.refresh_pull(&session.caps());
}

/// Forgets the files `drop` selects and clears their diagnostics (those of
/// open documents stay the editor's).
pub fn clear_files(session: &Session, state: &mut State, drop: impl Fn(&std::path::Path) -> bool) {
    let forgotten = state.host.index.forget(drop);
    clear(session, state, forgotten);
}

/// Clears the diagnostics of files the index forgot, but those of open
/// documents (they stay the editor's).
fn clear(session: &Session, state: &State, forgotten: Vec<(PathBuf, Uri)>) {
    let open = open_paths(state);
    for (path, uri) in forgotten {
        if !open.contains(&path) {
            session.publish_unopened(state, uri, Vec::new());
        }
    }
}

/// Board files created, changed or deleted on disk (watched-file events,
/// or what a poll found, once the core checked the answer files among
/// them): read again, or forgotten.
pub fn files_changed(session: &Session, changes: Vec<FileEvent>) {
    let mut state = session.lock();
    if !state.settings.scan {
        return;
    }
    let mut reads: HashMap<PathBuf, (Uri, GameKind)> = HashMap::new();
    for event in changes {
        let Some(path) = crate::uri::to_path(&event.uri) else {
            continue;
        };
        if event.typ == FileChangeType::DELETED {
            if let Some(real) = state.host.index.real_path(&path) {
                session.host.shared.store.forget_below(&real);
            }
            reads.retain(|p, _| !p.starts_with(&path));
            // The path may be a folder: everything below it goes too.
            clear_files(session, &mut state, |p| p.starts_with(&path));
            if GameKind::from_path(&path).is_some() && !open_paths(&state).contains(&path) {
                // Unknown to the index (a read in flight, or never read):
                // clearing is harmless and certain.
                session.publish_unopened(&state, event.uri, Vec::new());
            }
            continue;
        }
        let kind = GameKind::from_path(&path).or_else(|| {
            let project = session.project_of(&state, &event.uri);
            project.mapped_game(&boardls_ide::uri::path_of(&event.uri))
        });
        if let Some(kind) = kind
            && state.host.index.in_folder(&path)
        {
            reads.insert(path, (event.uri, kind));
        }
    }
    let found = reads
        .into_iter()
        .filter_map(|(path, (uri, kind))| {
            let real = state.host.index.real_path(&path)?;
            Some(Found {
                path,
                real,
                uri,
                kind,
            })
        })
        .collect();
    read_later(session, &mut state, found);
}

/// Shares a folder the session now has with the other sessions of the
/// process; for a client that does not watch files, the folder's poll
/// queues what changes on the session's ordered path, as watched-file
/// events.
pub fn share_folder(session: &Session, state: &mut State, folder: &Folder) {
    let mut lease = session.host.store().lease(&folder.real);
    if !state.caps.watch_registration {
        let queue = session.host.queue_sender();
        let sink: PollListener = Arc::new(move |changes| {
            let _ = queue.send(Internal::FilesChanged(changes));
        });
        lease.poll(folder.path.clone(), sink);
    }
    state.host.leases.insert(folder.path.clone(), lease);
}

/// `didClose` of a workspace file: the editor showed its text's diagnostics;
/// read it again from disk (or clear it if it is gone). False when the file
/// is not the workspace's, so the caller clears it.
pub fn reread_closed(session: &Session, state: &mut State, uri: &Uri) -> bool {
    let Some(path) = crate::uri::to_path(uri) else {
        return false;
    };
    let Some(kind) = GameKind::from_path(&path) else {
        return false;
    };
    if !state.settings.scan {
        return false;
    }
    let Some(real) = state.host.index.real_path(&path) else {
        return false;
    };
    let found = Found {
        path,
        real,
        uri: uri.clone(),
        kind,
    };
    read_later(session, state, vec![found]);
    true
}

/// Folders added and removed: the files of removed folders are cleared,
/// added folders are scanned.
pub fn folders_changed(session: &Session, added: &[Uri], removed: &[Uri]) {
    let (added, scan, epoch) = {
        let mut state = session.lock();
        let removed: Vec<PathBuf> = removed.iter().filter_map(crate::uri::to_path).collect();
        for path in &removed {
            state.host.leases.remove(path);
        }
        let forgotten = state.host.index.remove_folders(&removed);
        clear(session, &state, forgotten);
        let added: Vec<Folder> = added
            .iter()
            .filter_map(read::folder)
            .filter(|folder| state.host.index.add_folder(folder.clone()))
            .collect();
        for folder in &added {
            share_folder(session, &mut state, folder);
        }
        (added, state.settings.scan, state.host.index.epoch())
    };
    if scan && !added.is_empty() {
        session
            .host
            .spawn(scan_folders(session.clone(), added, epoch));
    } else {
        refresh_pull(session);
    }
}
