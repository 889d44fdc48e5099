//! The workspace: the board files on disk under the workspace folders,
//! checked before they are opened and kept current as they change.
//!
//! - On `initialized` (and for every folder added later) the folders are
//!   walked with [`crate::check::find_board_files`], confined to each folder,
//!   and the files are read and judged on blocking threads, in parallel
//!   chunks, while the session goes on answering requests. Results are
//!   applied under the session lock and their diagnostics queued on the
//!   session's ordered outbox, with work-done progress.
//! - `workspace/didChangeWatchedFiles` re-reads created and changed files
//!   and clears deleted ones. Clients that cannot watch files get the same
//!   from a poll of the folders every two seconds.
//! - An open document's text wins: files that are open are indexed but not
//!   published; on close the file is read again from disk (or cleared).
//! - Pull clients get `workspace/diagnostic` reports with result ids, so
//!   files whose diagnostics did not change are reported as unchanged.
//!
//! Reads race with edits on disk and with each other, so every read carries
//! a ticket; only the newest ticket of a file may apply its result. Scans
//! carry the epoch they started in; toggling `workspace.scan` or changing
//! `workspace.maxFiles` starts a new epoch and older scans stop.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::io::{self, Read as _};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant, SystemTime};

use serde_json::json;
use tokio::sync::mpsc;
use tokio::task::JoinSet;
use tower_lsp_server::Client;
use tower_lsp_server::ls_types::{
    self as lsp, ConfigurationItem, DidChangeWatchedFilesParams, DidChangeWorkspaceFoldersParams,
    FileChangeType, FileEvent, FullDocumentDiagnosticReport, InitializeParams, MessageType,
    NumberOrString, OneOf, Position, Range, Registration, ServerCapabilities,
    UnchangedDocumentDiagnosticReport, Uri, WorkspaceDiagnosticParams, WorkspaceDiagnosticReport,
    WorkspaceDiagnosticReportResult, WorkspaceDocumentDiagnosticReport,
    WorkspaceFoldersServerCapabilities, WorkspaceFullDocumentDiagnosticReport,
    WorkspaceServerCapabilities, WorkspaceUnchangedDocumentDiagnosticReport,
};

use super::config::{self, Settings};
use super::diagnostics::{self, SOURCE};
use super::encoding::Encoding;
use super::progress::Progress;
use super::server::{Caps, DocView, Outgoing, State};
use crate::check;
use crate::document::Document;
use crate::games::GameKind;

/// The files the server watches.
pub const WATCHED_GLOB: &str = "**/*.{uttt,go9,tomek}";
/// Files read per blocking job during a scan.
const CHUNK: usize = 32;
/// Larger files get one diagnostic instead of being read into memory.
const MAX_FILE_BYTES: u64 = 256 << 20;
/// An unopened file publishes at most this many diagnostics (a huge
/// broken file would otherwise flood the client), then says how many more.
const MAX_DISK_DIAGNOSTICS: usize = 1000;
/// How often the folders are polled for changes when the client does not
/// watch files.
const POLL_INTERVAL: Duration = Duration::from_secs(2);
/// How long to wait for the client's settings before scanning anyway.
const CONFIGURATION_TIMEOUT: Duration = Duration::from_secs(5);

/// What the client can do, reduced to the workspace's choices.
#[derive(Clone, Copy, Debug, Default)]
pub struct ClientCaps {
    /// `window.workDoneProgress`.
    pub progress: bool,
    /// `workspace.didChangeWatchedFiles.dynamicRegistration`.
    pub watch_registration: bool,
    /// `workspace.configuration`: the server may ask for its settings.
    pub configuration: bool,
    /// `workspace.didChangeConfiguration.dynamicRegistration`.
    pub configuration_registration: bool,
    /// `workspace.inlayHint.refreshSupport`.
    pub inlay_refresh: bool,
    /// `workspace.diagnostics.refreshSupport`.
    pub diagnostic_refresh: bool,
}

impl ClientCaps {
    fn from_client(caps: &lsp::ClientCapabilities) -> ClientCaps {
        let workspace = caps.workspace.as_ref();
        ClientCaps {
            progress: caps
                .window
                .as_ref()
                .and_then(|w| w.work_done_progress)
                .unwrap_or(false),
            watch_registration: workspace
                .and_then(|w| w.did_change_watched_files.as_ref())
                .and_then(|w| w.dynamic_registration)
                .unwrap_or(false),
            configuration: workspace.and_then(|w| w.configuration).unwrap_or(false),
            configuration_registration: workspace
                .and_then(|w| w.did_change_configuration.as_ref())
                .and_then(|c| c.dynamic_registration)
                .unwrap_or(false),
            inlay_refresh: workspace
                .and_then(|w| w.inlay_hint.as_ref())
                .and_then(|h| h.refresh_support)
                .unwrap_or(false),
            diagnostic_refresh: workspace
                .and_then(|w| w.diagnostics.as_ref())
                .and_then(|d| d.refresh_support)
                .unwrap_or(false),
        }
    }
}

/// A workspace folder: the path the client named (file URIs are built from
/// it, so they match the editor's) and its real path (reads stay inside).
#[derive(Clone, Debug)]
pub struct Folder {
    path: PathBuf,
    real: PathBuf,
}

impl Folder {
    fn new(uri: &Uri) -> Option<Folder> {
        let path = file_path(uri)?;
        let real = fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
        Some(Folder { path, real })
    }
}

/// The diagnostics of an unopened file as last read from disk.
struct Entry {
    uri: Uri,
    /// Changes only when the diagnostics change.
    result_id: String,
    diagnostics: Vec<lsp::Diagnostic>,
}

/// The workspace part of the session state.
#[derive(Default)]
pub struct Workspace {
    pub caps: ClientCaps,
    folders: Vec<Folder>,
    files: HashMap<PathBuf, Entry>,
    /// The newest read ticket of each file with a read in flight.
    pending: HashMap<PathBuf, u64>,
    epoch: u64,
    /// Settings from `initializationOptions`: the base every later
    /// configuration is read over.
    pub initial: Settings,
    /// `workspace.maxFiles` was reached (logged once per epoch).
    truncated: bool,
}

impl Workspace {
    fn in_folder(&self, path: &Path) -> bool {
        self.folders.iter().any(|f| tracked_below(&f.path, path))
    }

    fn reals(&self) -> Vec<PathBuf> {
        self.folders.iter().map(|f| f.real.clone()).collect()
    }
}

/// `path` lies below `folder` and not inside a folder the scan skips.
fn tracked_below(folder: &Path, path: &Path) -> bool {
    let Ok(rest) = path.strip_prefix(folder) else {
        return false;
    };
    let mut parts: Vec<_> = rest.components().collect();
    parts.pop();
    parts.iter().all(|part| match part {
        std::path::Component::Normal(name) => !name.to_str().is_some_and(check::skipped_folder),
        _ => false,
    })
}

fn file_path(uri: &Uri) -> Option<PathBuf> {
    let scheme = uri.scheme().as_str();
    if !scheme.eq_ignore_ascii_case("file") {
        return None;
    }
    uri.to_file_path().map(|p| p.into_owned())
}

/// Marks the session over when dropped (the backend is dropped when the
/// session ends), so background work stops.
pub struct Alive(Arc<AtomicBool>);

impl Default for Alive {
    fn default() -> Alive {
        Alive(Arc::new(AtomicBool::new(true)))
    }
}

impl Alive {
    pub fn flag(&self) -> Arc<AtomicBool> {
        self.0.clone()
    }

    pub fn end(&self) {
        self.0.store(false, Ordering::SeqCst);
    }
}

impl Drop for Alive {
    fn drop(&mut self) {
        self.end();
    }
}

/// What background work needs of a session.
#[derive(Clone)]
pub struct Session {
    pub state: Arc<Mutex<State>>,
    pub outbox: mpsc::UnboundedSender<Outgoing>,
    pub client: Client,
    pub alive: Arc<AtomicBool>,
}

impl Session {
    pub fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn caps(&self) -> ClientCaps {
        self.lock().workspace.caps
    }

    fn alive(&self) -> bool {
        self.alive.load(Ordering::SeqCst)
    }

    fn log(&self, kind: MessageType, message: String) {
        let _ = self.outbox.send(Outgoing::Log(kind, message));
    }
}

fn publish(
    state: &State,
    outbox: &mpsc::UnboundedSender<Outgoing>,
    uri: &Uri,
    items: Vec<lsp::Diagnostic>,
) {
    if state.caps.pull_diagnostics {
        return;
    }
    let _ = outbox.send(Outgoing::Publish {
        uri: uri.clone(),
        version: None,
        diagnostics: items,
    });
}

/// The paths of the open documents: they are published from the editor's
/// text, never from disk.
fn open_paths(state: &State) -> HashSet<PathBuf> {
    state.docs.keys().filter_map(file_path).collect()
}

// ---------------------------------------------------------------------------
// Session start

/// Reads the folders, client capabilities and initial settings.
pub fn initialize(state: &mut State, params: &InitializeParams) {
    state.workspace.caps = ClientCaps::from_client(&params.capabilities);
    let mut uris: Vec<Uri> = params
        .workspace_folders
        .iter()
        .flatten()
        .map(|f| f.uri.clone())
        .collect();
    #[allow(deprecated)] // Older clients name only a root.
    if uris.is_empty()
        && let Some(root) = &params.root_uri
    {
        uris.push(root.clone());
    }
    for uri in uris {
        if let Some(folder) = Folder::new(&uri) {
            state.workspace.folders.push(folder);
        }
    }
    if let Some(options) = &params.initialization_options {
        let payload = config::section(options).unwrap_or(options);
        let (settings, problems) = config::patched_from_payload(Settings::default(), payload);
        state.workspace.initial = settings;
        state.settings = settings;
        for problem in problems {
            eprintln!("boardls: initializationOptions: {problem}");
        }
    }
}

/// What the server offers for the workspace.
pub fn advertise(capabilities: &mut ServerCapabilities) {
    capabilities.workspace = Some(WorkspaceServerCapabilities {
        workspace_folders: Some(WorkspaceFoldersServerCapabilities {
            supported: Some(true),
            change_notifications: Some(OneOf::Left(true)),
        }),
        file_operations: None,
    });
    if let Some(lsp::DiagnosticServerCapabilities::Options(options)) =
        &mut capabilities.diagnostic_provider
    {
        options.workspace_diagnostics = true;
    }
}

/// After `initialized`: registers the watchers, reads the settings, scans.
pub fn initialized(session: Session) {
    let caps = session.caps();
    let mut registrations = Vec::new();
    if caps.watch_registration {
        registrations.push(Registration {
            id: "boardls/watch".to_owned(),
            method: "workspace/didChangeWatchedFiles".to_owned(),
            register_options: Some(json!({
                "watchers": [
                    { "globPattern": WATCHED_GLOB },
                    // A deleted folder arrives as one event for the folder.
                    { "globPattern": "**/*", "kind": 4 }
                ]
            })),
        });
    }
    if caps.configuration_registration {
        registrations.push(Registration {
            id: "boardls/configuration".to_owned(),
            method: "workspace/didChangeConfiguration".to_owned(),
            register_options: Some(json!({ "section": config::SECTION })),
        });
    }
    if !caps.watch_registration {
        // Nobody will tell the server about changes on disk: look itself.
        session.log(
            MessageType::INFO,
            format!(
                "boardls: the client does not watch files; the workspace folders are polled every {} s",
                POLL_INTERVAL.as_secs()
            ),
        );
        tokio::spawn(poll_folders(session.clone()));
    }
    if !registrations.is_empty() {
        let client = session.client.clone();
        tokio::spawn(async move {
            if let Err(err) = client.register_capability(registrations).await {
                client
                    .log_message(
                        MessageType::WARNING,
                        format!(
                            "boardls: the client refused to watch files: {}",
                            err.message
                        ),
                    )
                    .await;
            }
        });
    }
    tokio::spawn(async move {
        if let Some((settings, problems)) = fetch_settings(&session).await {
            apply_settings(&session, settings, problems, false);
        }
        let (scan, folders) = {
            let state = session.lock();
            (state.settings.scan, state.workspace.folders.clone())
        };
        if scan && !folders.is_empty() {
            let epoch = session.lock().workspace.epoch;
            scan_folders(session, folders, epoch).await;
        }
    });
}

// ---------------------------------------------------------------------------
// Settings

/// Asks the client for the `boardls` section; `None` when it cannot or
/// sends nothing usable.
async fn fetch_settings(session: &Session) -> Option<(Settings, Vec<String>)> {
    let (supported, base) = {
        let state = session.lock();
        (state.workspace.caps.configuration, state.workspace.initial)
    };
    if !supported {
        return None;
    }
    let items = vec![ConfigurationItem {
        scope_uri: None,
        section: Some(config::SECTION.to_owned()),
    }];
    let answer = tokio::time::timeout(CONFIGURATION_TIMEOUT, session.client.configuration(items))
        .await
        .ok()?
        .ok()?;
    let section = answer.into_iter().next().filter(|v| v.is_object())?;
    Some(config::patched_from_payload(base, &section))
}

/// `workspace/didChangeConfiguration`: the payload's `boardls` section when
/// it has one, else the client is asked.
pub fn did_change_configuration(session: Session, payload: &serde_json::Value) {
    if let Some(section) = config::section(payload) {
        let base = session.lock().workspace.initial;
        let (settings, problems) = config::patched_from_payload(base, section);
        apply_settings(&session, settings, problems, true);
        return;
    }
    tokio::spawn(async move {
        if let Some((settings, problems)) = fetch_settings(&session).await {
            apply_settings(&session, settings, problems, true);
        }
    });
}

/// Makes new settings take effect: hints are refreshed, the scan is
/// cleared, started or redone. `rescan` is false before the first scan.
fn apply_settings(session: &Session, settings: Settings, problems: Vec<String>, rescan: bool) {
    for problem in problems {
        session.log(
            MessageType::WARNING,
            format!("boardls: ignored setting {problem}"),
        );
    }
    let (old, caps, folders, epoch) = {
        let mut state = session.lock();
        let old = std::mem::replace(&mut state.settings, settings);
        let scan_changed = old.scan != settings.scan || old.max_files != settings.max_files;
        if rescan && scan_changed {
            state.workspace.epoch += 1;
            // Clearing first keeps `maxFiles` exact when it shrinks.
            if !settings.scan || settings.max_files < old.max_files {
                clear_files(&mut state, &session.outbox, |_| true);
            }
        }
        (
            old,
            state.workspace.caps,
            state.workspace.folders.clone(),
            state.workspace.epoch,
        )
    };
    if settings.hints_changed(&old) && caps.inlay_refresh {
        let client = session.client.clone();
        tokio::spawn(async move {
            let _ = client.inlay_hint_refresh().await;
        });
    }
    let scan_changed = old.scan != settings.scan || old.max_files != settings.max_files;
    if rescan && scan_changed {
        if settings.scan && !folders.is_empty() {
            tokio::spawn(scan_folders(session.clone(), folders, epoch));
        } else {
            refresh_pull(session);
        }
    }
}

// ---------------------------------------------------------------------------
// Scanning and reading

/// One file to read, with the ticket that lets its result apply.
struct Job {
    path: PathBuf,
    uri: Uri,
    kind: GameKind,
    ticket: u64,
}

enum Outcome {
    Checked(Vec<lsp::Diagnostic>),
    /// Gone, or not a regular file inside a folder: cleared.
    Gone,
}

struct Done {
    job: Job,
    outcome: Outcome,
    unreadable: bool,
}

/// Reads and judges files on a blocking thread. `reals` (for files named by
/// the client) confines reads to the workspace folders' real paths.
fn read_all(jobs: Vec<Job>, enc: Encoding, caps: Caps, reals: Option<Vec<PathBuf>>) -> Vec<Done> {
    jobs.into_iter()
        .map(|job| {
            let inside = reals.as_ref().is_none_or(|reals| {
                fs::canonicalize(&job.path)
                    .is_ok_and(|real| reals.iter().any(|r| real.starts_with(r)))
            });
            let (outcome, unreadable) = if inside {
                read_file(&job, enc, caps)
            } else {
                (Outcome::Gone, false)
            };
            Done {
                job,
                outcome,
                unreadable,
            }
        })
        .collect()
}

fn read_file(job: &Job, enc: Encoding, caps: Caps) -> (Outcome, bool) {
    let bytes = match read_bytes(&job.path) {
        Ok(Some(bytes)) => bytes,
        Ok(None) => return (Outcome::Gone, false),
        Err(problem) => return (Outcome::Checked(vec![file_problem(problem)]), true),
    };
    let judged = catch_unwind(AssertUnwindSafe(|| judge(job, &bytes, enc, caps)));
    match judged {
        Ok(items) => (Outcome::Checked(items), false),
        Err(_) => (
            Outcome::Checked(vec![file_problem(
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
    // Only regular files are opened: opening a FIFO named like a board
    // file would wait for a writer forever.
    match fs::metadata(path) {
        Ok(metadata) if metadata.is_file() => {}
        Ok(_) => return Ok(None),
        Err(err) if gone(&err) => return Ok(None),
        Err(err) => return Err(format!("boardls cannot read this file: {err}")),
    }
    let mut file = match fs::File::open(path) {
        Ok(file) => file,
        Err(err) if gone(&err) => return Ok(None),
        Err(err) => return Err(format!("boardls cannot read this file: {err}")),
    };
    let metadata = match file.metadata() {
        Ok(metadata) => metadata,
        Err(err) => return Err(format!("boardls cannot read this file: {err}")),
    };
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
        Err(err) => Err(format!("boardls cannot read this file: {err}")),
    }
}

/// The file's diagnostics, as an open document of that text would have
/// them (at most [`MAX_DISK_DIAGNOSTICS`]); a file that is not UTF-8 gets
/// the checker's one diagnostic at the first bad byte.
fn judge(job: &Job, bytes: &[u8], enc: Encoding, caps: Caps) -> Vec<lsp::Diagnostic> {
    let (doc, found) = match std::str::from_utf8(bytes) {
        Ok(text) => {
            let doc = Document::new(job.kind, text);
            let found = doc.diagnostics();
            (doc, found)
        }
        Err(_) => {
            let checked = check::check_bytes(job.kind, bytes);
            (Document::new(job.kind, checked.text), checked.diagnostics)
        }
    };
    let view = DocView {
        uri: &job.uri,
        doc: &doc,
        version: 0,
        enc,
        caps,
    };
    let mut items: Vec<lsp::Diagnostic> = found
        .iter()
        .take(MAX_DISK_DIAGNOSTICS)
        .map(|d| diagnostics::to_lsp(&view, d))
        .collect();
    if found.len() > MAX_DISK_DIAGNOSTICS {
        items.push(lsp::Diagnostic {
            severity: Some(lsp::DiagnosticSeverity::INFORMATION),
            code: Some(NumberOrString::String("file/more-diagnostics".to_owned())),
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
        code: Some(NumberOrString::String("file/unreadable".to_owned())),
        source: Some(SOURCE.to_owned()),
        message,
        ..lsp::Diagnostic::default()
    }
}

/// Applies read results under the lock. Returns false when the scan that
/// produced them is over (its epoch ended or the session did).
fn apply(session: &Session, done: Vec<Done>, epoch: Option<u64>) -> bool {
    if !session.alive() {
        return false;
    }
    let mut state = session.lock();
    if epoch.is_some_and(|e| e != state.workspace.epoch) {
        return false;
    }
    let open = open_paths(&state);
    let scan = state.settings.scan;
    let max_files = state.settings.max_files;
    for Done { job, outcome, .. } in done {
        if state.workspace.pending.get(&job.path) != Some(&job.ticket) {
            continue; // A newer read or a deletion overtook this one.
        }
        state.workspace.pending.remove(&job.path);
        if !scan || !state.workspace.in_folder(&job.path) {
            continue;
        }
        let is_open = open.contains(&job.path);
        match outcome {
            Outcome::Gone => {
                let uri = match state.workspace.files.remove(&job.path) {
                    Some(entry) => entry.uri,
                    None => job.uri,
                };
                if !is_open {
                    publish(&state, &session.outbox, &uri, Vec::new());
                }
            }
            Outcome::Checked(items) => {
                let known = state.workspace.files.get(&job.path);
                if known.is_none() && state.workspace.files.len() >= max_files {
                    if !state.workspace.truncated {
                        state.workspace.truncated = true;
                        session.log(
                            MessageType::WARNING,
                            format!(
                                "boardls: the workspace has more than {max_files} board files; \
                                 only {max_files} are checked before they are opened \
                                 (setting boardls.workspace.maxFiles)"
                            ),
                        );
                    }
                    continue;
                }
                let result_id = match known {
                    Some(entry) if entry.diagnostics == items => entry.result_id.clone(),
                    _ => state.generation().to_string(),
                };
                if !is_open {
                    publish(&state, &session.outbox, &job.uri, items.clone());
                }
                state.workspace.files.insert(
                    job.path,
                    Entry {
                        uri: job.uri,
                        result_id,
                        diagnostics: items,
                    },
                );
            }
        }
    }
    true
}

/// Gives each job a fresh ticket, superseding reads already in flight.
fn tickets(state: &mut State, found: Vec<(PathBuf, Uri, GameKind)>) -> Vec<Job> {
    found
        .into_iter()
        .map(|(path, uri, kind)| {
            let ticket = state.generation();
            state.workspace.pending.insert(path.clone(), ticket);
            Job {
                path,
                uri,
                kind,
                ticket,
            }
        })
        .collect()
}

/// Walks the folders, then reads and judges what was found in parallel
/// chunks, applying each as it completes, with progress.
async fn scan_folders(session: Session, folders: Vec<Folder>, epoch: u64) {
    let started = Instant::now();
    let names: Vec<String> = folders
        .iter()
        .map(|f| f.path.display().to_string())
        .collect();
    let mut progress = Progress::begin(
        &session,
        "Checking board files",
        "looking for board files".to_owned(),
    )
    .await;
    let walked = tokio::task::spawn_blocking(move || {
        let mut problems = Vec::new();
        let mut found = Vec::new();
        let mut seen = HashSet::new();
        for folder in &folders {
            let files = check::find_board_files(&folder.path, true, &mut |path, err| {
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
    })
    .await;
    let Ok((mut found, problems)) = walked else {
        return;
    };
    for problem in problems {
        session.log(MessageType::WARNING, problem);
    }
    let (jobs, enc, caps, limited) = {
        let mut state = session.lock();
        if state.workspace.epoch != epoch || !session.alive() {
            drop(state);
            if let Some(progress) = progress {
                progress.end("stopped".to_owned());
            }
            return;
        }
        let max_files = state.settings.max_files;
        let limited = found.len() > max_files;
        found.truncate(max_files);
        (
            tickets(&mut state, found),
            state.encoding,
            state.caps,
            limited,
        )
    };
    if limited {
        let mut state = session.lock();
        if !state.workspace.truncated {
            state.workspace.truncated = true;
            let max = state.settings.max_files;
            drop(state);
            session.log(
                MessageType::WARNING,
                format!(
                    "boardls: the workspace has more than {max} board files; only the first {max} \
                     are checked before they are opened (setting boardls.workspace.maxFiles)"
                ),
            );
        }
    }
    let total = jobs.len();
    let parallel = std::thread::available_parallelism().map_or(2, |n| n.get());
    let mut chunks = Vec::new();
    let mut jobs = jobs.into_iter().peekable();
    while jobs.peek().is_some() {
        chunks.push(jobs.by_ref().take(CHUNK).collect::<Vec<_>>());
    }
    let mut chunks = chunks.into_iter();
    let mut running = JoinSet::new();
    let mut done = 0;
    let mut unreadable = 0;
    let mut stopped = false;
    loop {
        while running.len() < parallel
            && let Some(chunk) = chunks.next()
        {
            running.spawn_blocking(move || read_all(chunk, enc, caps, None));
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
            progress.report(done, total, "files");
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let summary = if stopped {
        format!("stopped after {done} of {total} files")
    } else {
        format!("{total} board files checked in {seconds:.2} s")
    };
    if let Some(progress) = progress {
        progress.end(summary.clone());
    }
    if !stopped {
        let mut message = format!("boardls: {summary} ({})", names.join(", "));
        if unreadable > 0 {
            message.push_str(&format!("; {unreadable} could not be read"));
        }
        session.log(MessageType::INFO, message);
        refresh_pull(&session);
    }
}

/// Reads files the client named (watch events, closed documents) and
/// applies the results. Called with the state locked (the lock is not
/// re-entrant, so what the reads need is taken from `state`).
fn read_later(session: &Session, state: &State, jobs: Vec<Job>) {
    if jobs.is_empty() {
        return;
    }
    let (enc, caps, reals) = (state.encoding, state.caps, state.workspace.reals());
    let session = session.clone();
    tokio::spawn(async move {
        let read =
            tokio::task::spawn_blocking(move || read_all(jobs, enc, caps, Some(reals))).await;
        if let Ok(done) = read {
            apply(&session, done, None);
            refresh_pull(&session);
        }
    });
}

/// Asks a pull client to pull again, since files changed.
fn refresh_pull(session: &Session) {
    let (pull, refresh) = {
        let state = session.lock();
        (
            state.caps.pull_diagnostics,
            state.workspace.caps.diagnostic_refresh,
        )
    };
    if pull && refresh {
        let client = session.client.clone();
        tokio::spawn(async move {
            let _ = client.workspace_diagnostic_refresh().await;
        });
    }
}

/// Drops the entries `drop` selects and clears their diagnostics (those of
/// open documents stay the editor's).
fn clear_files(
    state: &mut State,
    outbox: &mpsc::UnboundedSender<Outgoing>,
    drop: impl Fn(&Path) -> bool,
) {
    let open = open_paths(state);
    let gone: Vec<PathBuf> = state
        .workspace
        .files
        .keys()
        .filter(|p| drop(p))
        .cloned()
        .collect();
    for path in gone {
        if let Some(entry) = state.workspace.files.remove(&path)
            && !open.contains(&path)
        {
            publish(state, outbox, &entry.uri, Vec::new());
        }
    }
    state.workspace.pending.retain(|path, _| !drop(path));
    state.workspace.truncated = false;
}

// ---------------------------------------------------------------------------
// Client notifications

pub fn did_change_watched_files(session: &Session, params: DidChangeWatchedFilesParams) {
    let mut reads: HashMap<PathBuf, (Uri, GameKind)> = HashMap::new();
    {
        let mut state = session.lock();
        if !state.settings.scan {
            return;
        }
        for event in params.changes {
            let Some(path) = file_path(&event.uri) else {
                continue;
            };
            if event.typ == FileChangeType::DELETED {
                reads.retain(|p, _| !p.starts_with(&path));
                // The path may be a folder: everything below it goes too.
                clear_files(&mut state, &session.outbox, |p| p.starts_with(&path));
                if GameKind::from_path(&path).is_some() && !open_paths(&state).contains(&path) {
                    // Unknown to the index (a read in flight, or never
                    // read): clearing is harmless and certain.
                    let uri = event.uri.clone();
                    publish(&state, &session.outbox, &uri, Vec::new());
                }
                continue;
            }
            if let Some(kind) = GameKind::from_path(&path)
                && state.workspace.in_folder(&path)
            {
                reads.insert(path, (event.uri, kind));
            }
        }
        let found = reads.into_iter().map(|(p, (u, k))| (p, u, k)).collect();
        let jobs = tickets(&mut state, found);
        read_later(session, &state, jobs);
    }
}

/// A board file's modification time and length.
type Snapshot = HashMap<PathBuf, (Option<SystemTime>, u64)>;

fn snapshot(folders: &[Folder]) -> Snapshot {
    let mut files = Snapshot::new();
    for folder in folders {
        for (path, _) in check::find_board_files(&folder.path, true, &mut |_, _| {}) {
            if let Ok(metadata) = fs::metadata(&path) {
                files.insert(path, (metadata.modified().ok(), metadata.len()));
            }
        }
    }
    files
}

/// For clients that do not watch files: walks the folders every
/// [`POLL_INTERVAL`] and handles what changed as watched-file events.
async fn poll_folders(session: Session) {
    let mut last: Option<Snapshot> = None;
    while session.alive() {
        let (scan, folders) = {
            let state = session.lock();
            (state.settings.scan, state.workspace.folders.clone())
        };
        if !scan {
            last = None;
        } else {
            let Ok(now) = tokio::task::spawn_blocking(move || snapshot(&folders)).await else {
                return;
            };
            if let Some(before) = &last {
                let event =
                    |path: &Path, typ| Uri::from_file_path(path).map(|uri| FileEvent { uri, typ });
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
                if !changes.is_empty() {
                    did_change_watched_files(&session, DidChangeWatchedFilesParams { changes });
                }
            }
            last = Some(now);
        }
        tokio::time::sleep(POLL_INTERVAL).await;
    }
}

/// `didClose` of a workspace file: the editor showed its text's diagnostics;
/// read it again from disk (or clear it if it is gone). False when the file
/// is not the workspace's, so the caller clears it.
pub fn did_close(session: &Session, state: &mut State, uri: &Uri) -> bool {
    let Some(path) = file_path(uri) else {
        return false;
    };
    let Some(kind) = GameKind::from_path(&path) else {
        return false;
    };
    if !state.settings.scan || !state.workspace.in_folder(&path) {
        return false;
    }
    let jobs = tickets(state, vec![(path, uri.clone(), kind)]);
    read_later(session, state, jobs);
    true
}

pub fn did_change_workspace_folders(session: &Session, params: DidChangeWorkspaceFoldersParams) {
    let (added, scan, epoch) = {
        let mut state = session.lock();
        let removed: Vec<PathBuf> = params
            .event
            .removed
            .iter()
            .filter_map(|f| file_path(&f.uri))
            .collect();
        state
            .workspace
            .folders
            .retain(|f| !removed.contains(&f.path));
        let remaining: Vec<PathBuf> = state
            .workspace
            .folders
            .iter()
            .map(|f| f.path.clone())
            .collect();
        clear_files(&mut state, &session.outbox, |p| {
            !remaining.iter().any(|f| tracked_below(f, p))
        });
        let mut added = Vec::new();
        for folder in params
            .event
            .added
            .iter()
            .filter_map(|f| Folder::new(&f.uri))
        {
            if !state
                .workspace
                .folders
                .iter()
                .any(|f| f.path == folder.path)
            {
                state.workspace.folders.push(folder.clone());
                added.push(folder);
            }
        }
        (added, state.settings.scan, state.workspace.epoch)
    };
    if scan && !added.is_empty() {
        tokio::spawn(scan_folders(session.clone(), added, epoch));
    } else {
        refresh_pull(session);
    }
}

// ---------------------------------------------------------------------------
// Pull diagnostics

/// `textDocument/diagnostic` of a file that is not open: its result id and
/// diagnostics from disk.
pub fn document_report(state: &State, uri: &Uri) -> Option<(String, Vec<lsp::Diagnostic>)> {
    let entry = state.workspace.files.get(&file_path(uri)?)?;
    Some((entry.result_id.clone(), entry.diagnostics.clone()))
}

/// `workspace/diagnostic`: every open document and every indexed file;
/// files whose result id the client already has are reported unchanged,
/// files the client knows but the server no longer does are emptied.
pub fn workspace_report(
    state: &State,
    params: &WorkspaceDiagnosticParams,
    open_diagnostics: impl Fn(&DocView<'_>) -> Option<Vec<lsp::Diagnostic>>,
) -> WorkspaceDiagnosticReportResult {
    let key = |uri: &Uri| {
        file_path(uri).map_or_else(|| uri.as_str().to_owned(), |p| p.display().to_string())
    };
    let previous: HashMap<String, (&Uri, &str)> = params
        .previous_result_ids
        .iter()
        .map(|p| (key(&p.uri), (&p.uri, p.value.as_str())))
        .collect();
    let mut items = Vec::new();
    let mut reported = HashSet::new();
    let mut report =
        |uri: &Uri, version: Option<i64>, id: String, diagnostics: Option<Vec<lsp::Diagnostic>>| {
            let k = key(uri);
            let unchanged = previous.get(&k).is_some_and(|(_, old)| *old == id);
            reported.insert(k);
            items.push(if unchanged {
                WorkspaceDocumentDiagnosticReport::Unchanged(
                    WorkspaceUnchangedDocumentDiagnosticReport {
                        uri: uri.clone(),
                        version,
                        unchanged_document_diagnostic_report: UnchangedDocumentDiagnosticReport {
                            result_id: id,
                        },
                    },
                )
            } else {
                WorkspaceDocumentDiagnosticReport::Full(WorkspaceFullDocumentDiagnosticReport {
                    uri: uri.clone(),
                    version,
                    full_document_diagnostic_report: FullDocumentDiagnosticReport {
                        result_id: Some(id),
                        items: diagnostics.unwrap_or_default(),
                    },
                })
            });
        };
    let mut open = HashSet::new();
    for uri in state.docs.keys() {
        let Some(view) = state.view(uri) else {
            continue;
        };
        let Some(doc) = state.docs.get(uri) else {
            continue;
        };
        if let Some(path) = file_path(uri) {
            open.insert(path);
        }
        let id = doc.generation.to_string();
        let unchanged = previous.get(&key(uri)).is_some_and(|(_, old)| *old == id);
        let diagnostics = if unchanged {
            None
        } else {
            open_diagnostics(&view)
        };
        if unchanged || diagnostics.is_some() {
            report(uri, Some(i64::from(view.version)), id, diagnostics);
        }
    }
    for (path, entry) in &state.workspace.files {
        if !open.contains(path) {
            let unchanged = previous
                .get(&key(&entry.uri))
                .is_some_and(|(_, old)| *old == entry.result_id);
            let diagnostics = (!unchanged).then(|| entry.diagnostics.clone());
            report(&entry.uri, None, entry.result_id.clone(), diagnostics);
        }
    }
    for (k, (uri, _)) in &previous {
        if !reported.contains(k) {
            items.push(WorkspaceDocumentDiagnosticReport::Full(
                WorkspaceFullDocumentDiagnosticReport {
                    uri: (*uri).clone(),
                    version: None,
                    full_document_diagnostic_report: FullDocumentDiagnosticReport::default(),
                },
            ));
        }
    }
    WorkspaceDiagnosticReportResult::Report(WorkspaceDiagnosticReport { items })
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
