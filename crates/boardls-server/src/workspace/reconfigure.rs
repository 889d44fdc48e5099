//! The session's settings and registrations over its life: the initial
//! settings and folders at `initialize`, the watchers and configuration
//! registered at `initialized`, the settings asked for or pushed later, and
//! what a change of settings sets off (hint refresh, diagnostics shown
//! again under a new filter, a new scan).

use std::sync::Arc;
use std::time::Duration;

use serde_json::json;
use tower_lsp_server::ls_types::{
    ConfigurationItem, InitializeParams, MessageType, Registration, Uri,
};

use super::answer_files;
use super::tasks::{clear_files, refresh_pull, scan_folders, share_folder};
use crate::disk::read;
use crate::disk::store::poll_interval;
use crate::state::session::{Session, State};
use boardls_engine::project;
use boardls_fs::project::{find_project_file, load};
use boardls_ide::config::{self, Settings};
use boardls_ide::view::ClientCaps;

/// The files the server watches.
pub const WATCHED_GLOB: &str = "**/*.{uttt,go9,tomek}";
/// How long to wait for the client's settings before scanning anyway.
const CONFIGURATION_TIMEOUT: Duration = Duration::from_secs(5);

/// Reads the folders and the initial settings from `initialize`; the
/// folders are shared with the process's other sessions from now on.
pub fn initialize(session: &Session, state: &mut State, params: &InitializeParams) {
    let mut uris: Vec<&Uri> = params
        .workspace_folders
        .iter()
        .flatten()
        .map(|f| &f.uri)
        .collect();
    #[allow(deprecated)] // Older clients name only a root.
    if uris.is_empty()
        && let Some(root) = &params.root_uri
    {
        uris.push(root);
    }
    for folder in uris.into_iter().filter_map(read::folder) {
        if state.index.add_folder(folder.clone()) {
            share_folder(session, state, &folder);
        }
    }
    // The project file at the root of the first folder: its settings lie
    // under what the client sends (a setting the user set wins).
    if let Some(folder) = state.index.folders().first()
        && let Ok(project) = load(&folder.path.join(project::FILE_NAME))
    {
        state.project_settings = project.file.settings;
    }
    if let Some(options) = &params.initialization_options {
        let payload = config::section(options).unwrap_or(options);
        state.init_payload = Some(payload.clone());
    }
    let (settings, problems) = compose(state);
    state.initial_settings = settings;
    state.settings = settings;
    for problem in problems {
        eprintln!("boardls: initializationOptions: {problem}");
    }
}

/// The settings of files below a nested project file whose settings are
/// `project`: as [`compose`] makes the session's, over them instead of the
/// workspace root's.
fn compose_over(state: &State, project: &serde_json::Value) -> Settings {
    let (base, _) = Settings::patched(Settings::default(), project);
    let initial = match &state.init_payload {
        Some(payload) => config::patched_from_payload(base, payload).0,
        None => base,
    };
    match &state.client_section {
        Some(section) => config::patched_from_payload(under_client(base, initial), section).0,
        None => initial,
    }
}

/// [`under_client`] for the session: over the workspace root's project
/// file.
fn client_base(state: &State) -> Settings {
    let (project, _) = Settings::patched(Settings::default(), &state.project_settings);
    under_client(project, state.initial_settings)
}

/// What the client's section lies over: the project file's settings, not
/// `initializationOptions`. The section is the client's whole word on the
/// user's settings (a key it leaves out is one the user does not set, and
/// the project file's holds); only what `initializationOptions` alone can
/// say stays (`hover.markdownImages`), and the language the user chose
/// there (`locale`), which a project file cannot set.
fn under_client(project: Settings, initial: Settings) -> Settings {
    let mut base = project;
    base.hover.markdown_images = initial.hover.markdown_images;
    base.locale = initial.locale;
    base
}

/// Reads the nested project file nearest `path` (not the workspace
/// root's), once, so that its settings hold for the files below it.
pub(crate) fn read_nested(state: &mut State, path: &std::path::Path) {
    let Some(file) = find_project_file(path) else {
        return;
    };
    if is_root_file(state, &file) || state.nested_settings.contains_key(&file) {
        return;
    }
    if let Ok(project) = load(&file) {
        let settings = compose_over(state, &project.file.settings);
        state
            .nested_settings
            .insert(file, (project.file.settings, settings));
    }
}

fn is_root_file(state: &State, path: &std::path::Path) -> bool {
    state
        .index
        .folders()
        .first()
        .is_some_and(|folder| folder.path.join(project::FILE_NAME) == path)
}

/// The settings: defaults, under the project file's, under
/// `initializationOptions`, under the client's last section. Also sets
/// `initial_settings` (all but the client's section), and composes the
/// nested project files' settings again.
fn compose(state: &mut State) -> (Settings, Vec<String>) {
    let nested: Vec<(std::path::PathBuf, serde_json::Value)> = state
        .nested_settings
        .iter()
        .map(|(path, (json, _))| (path.clone(), json.clone()))
        .collect();
    for (path, json) in nested {
        let settings = compose_over(state, &json);
        state.nested_settings.insert(path, (json, settings));
    }
    let (base, _) = Settings::patched(Settings::default(), &state.project_settings);
    let (initial, mut problems) = match &state.init_payload {
        Some(payload) => config::patched_from_payload(base, payload),
        None => (base, Vec::new()),
    };
    state.initial_settings = initial;
    match &state.client_section {
        Some(section) => {
            let (settings, more) =
                config::patched_from_payload(under_client(base, initial), section);
            problems.extend(more);
            (settings, problems)
        }
        None => (initial, problems),
    }
}

/// A `boardls.toml` was edited (its text) or changed on disk (`None`):
/// the workspace root's file, when valid, takes effect at once; a broken
/// one leaves the previous good settings (its errors are shown in it); a
/// deleted one leaves the client's and the defaults.
pub fn project_changed(session: &Session, path: &std::path::Path, text: Option<&str>) {
    let read = match text {
        Some(text) => project::read(text),
        None => match std::fs::read_to_string(path) {
            Ok(text) => project::read(&text),
            // Deleted: its settings no longer hold.
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
                Ok(project::ProjectFile::default())
            }
            Err(_) => Err(Vec::new()),
        },
    };
    let Ok(file) = read else {
        return;
    };
    revalidate_open(session, path, &file);
    let settings = {
        let mut state = session.lock();
        if !is_root_file(&state, path) {
            drop(state);
            return nested_changed(session, path, &file);
        }
        if file.settings == state.project_settings {
            return;
        }
        state.project_settings = file.settings;
        compose(&mut state).0
    };
    apply(session, settings, Vec::new(), true);
}

/// A nested project file changed: the files below it take its settings
/// (shown again, and hints refreshed, when they changed).
fn nested_changed(session: &Session, path: &std::path::Path, file: &project::ProjectFile) {
    let (caps, changed) = {
        let mut state = session.lock();
        let old = if path.is_file() {
            let settings = compose_over(&state, &file.settings);
            state
                .nested_settings
                .insert(path.to_path_buf(), (file.settings.clone(), settings))
        } else {
            state.nested_settings.remove(path)
        };
        let new = state.nested_settings.get(path).map(|(_, s)| *s);
        let changed = old.map(|(_, s)| s) != new;
        if changed && let Some(root) = path.parent() {
            let below: Vec<Uri> = state
                .docs
                .keys()
                .filter(|uri| boardls_ide::uri::to_path(uri).is_some_and(|p| p.starts_with(root)))
                .cloned()
                .collect();
            for uri in &below {
                session.publish_open(&mut state, uri);
            }
        }
        (state.caps, changed)
    };
    if changed {
        refresh_pull(session);
        if caps.inlay_refresh {
            let client = session.client.clone();
            session.spawn(async move {
                let _ = client.inlay_hint_refresh().await;
            });
        }
    }
}

/// The open board files below a project file that changed (or was
/// deleted) keep the profiles their nearest project file now gives them
/// (published again when that changed); `file` is `path`'s new reading.
fn revalidate_open(session: &Session, path: &std::path::Path, file: &project::ProjectFile) {
    let Some(root) = path.parent() else {
        return;
    };
    let project = project::Project::new(Some(root.to_path_buf()), file.clone());
    let mut state = session.lock();
    let changed: Vec<Uri> = state
        .docs
        .iter_mut()
        .filter_map(|(uri, open)| {
            let doc_path = boardls_ide::uri::to_path(uri)?;
            if !doc_path.starts_with(root) {
                return None;
            }
            let validation = if find_project_file(&doc_path).as_deref() == Some(path) {
                project.validation_of(&doc_path, None)
            } else {
                answer_files::project_of(&doc_path).validation_of(&doc_path, None)
            };
            (open.doc.validation() != validation).then(|| {
                Arc::make_mut(&mut open.doc).set_validation(validation);
                uri.clone()
            })
        })
        .collect();
    for uri in &changed {
        session.publish_open(&mut state, uri);
    }
    drop(state);
    if !changed.is_empty() {
        refresh_pull(session);
    }
}

/// After `initialized`: registers the watchers, reads the settings, scans.
pub fn initialized(session: &Session) {
    let caps = session.caps();
    let mut registrations = Vec::new();
    if caps.watch_registration {
        registrations.push(Registration {
            id: "boardls/watch".to_owned(),
            method: "workspace/didChangeWatchedFiles".to_owned(),
            register_options: Some(json!({
                "watchers": [
                    { "globPattern": WATCHED_GLOB },
                    // The project file: its settings take effect live.
                    { "globPattern": "**/boardls.toml" },
                    // Judge inputs and answers by their usual names.
                    { "globPattern": "**/*.{in,out,ans}" },
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
        // Nobody will tell the server about changes on disk: the folders'
        // poll (started as they were shared) looks.
        session.log(
            MessageType::INFO,
            format!(
                "boardls: the client does not watch files; the workspace folders are polled every {} ms",
                poll_interval().as_millis()
            ),
        );
    }
    if !registrations.is_empty() {
        let client = session.client.clone();
        session.spawn(async move {
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
    let task = session.clone();
    session.spawn(async move {
        let session = task;
        if let Some((settings, problems)) = fetch(&session).await {
            apply(&session, settings, problems, false);
        }
        let (scan, folders, epoch) = {
            let state = session.lock();
            (
                state.settings.scan,
                state.index.folders().to_vec(),
                state.index.epoch(),
            )
        };
        if scan && !folders.is_empty() {
            scan_folders(session, folders, epoch).await;
        }
    });
}

/// Asks the client for the `boardls` section; `None` when it cannot or
/// sends nothing usable.
async fn fetch(session: &Session) -> Option<(Settings, Vec<String>)> {
    let (supported, base) = {
        let state = session.lock();
        (state.caps.configuration, client_base(&state))
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
    session.lock().client_section = Some(section.clone());
    Some(config::patched_from_payload(base, &section))
}

/// `workspace/didChangeConfiguration`: the payload's `boardls` section when
/// it has one, else the client is asked.
pub fn configuration_changed(session: &Session, payload: &serde_json::Value) {
    if let Some(section) = config::section(payload) {
        let base = {
            let mut state = session.lock();
            state.client_section = Some(section.clone());
            client_base(&state)
        };
        let (settings, problems) = config::patched_from_payload(base, section);
        apply(session, settings, problems, true);
        return;
    }
    let fetcher = session.clone();
    session.spawn(async move {
        if let Some((settings, problems)) = fetch(&fetcher).await {
            apply(&fetcher, settings, problems, true);
        }
    });
}

/// Makes new settings take effect: hints are refreshed, the scan is
/// cleared, started or redone. `rescan` is false before the first scan.
fn apply(session: &Session, settings: Settings, problems: Vec<String>, rescan: bool) {
    for problem in problems {
        session.log(
            MessageType::WARNING,
            format!("boardls: ignored setting {problem}"),
        );
    }
    let (old, caps, folders, epoch, relocalized) = {
        let mut state = session.lock();
        let old = std::mem::replace(&mut state.settings, settings);
        let locale = config::session_locale(&settings, state.client_locale);
        let relocalized = locale != state.caps.locale;
        state.caps.locale = locale;
        if rescan && (scan_changed(&old, &settings) || relocalized) {
            state.index.next_epoch();
            // Clearing first keeps `maxFiles` exact when it shrinks.
            if !settings.scan || settings.max_files < old.max_files {
                clear_files(session, &mut state, |_| true);
            }
        }
        (
            old,
            state.caps,
            state.index.folders().to_vec(),
            state.index.epoch(),
            relocalized,
        )
    };
    if settings.diagnostics != old.diagnostics || relocalized {
        show_again(session, caps);
    }
    // Another language: the unopened files' diagnostics are worded again
    // by the scan below.
    if (settings.hints_changed(&old) || relocalized) && caps.inlay_refresh {
        let client = session.client.clone();
        session.spawn(async move {
            let _ = client.inlay_hint_refresh().await;
        });
    }
    if rescan && (scan_changed(&old, &settings) || relocalized) {
        if settings.scan && !folders.is_empty() {
            session.spawn(scan_folders(session.clone(), folders, epoch));
        } else {
            refresh_pull(session);
        }
    }
}

/// The `diagnostics.*` filter changed: a push client is sent every open
/// document's and every unopened file's diagnostics again, a pull client
/// is asked to pull again (the result ids differ under the new filter).
fn show_again(session: &Session, caps: ClientCaps) {
    if caps.pull_diagnostics {
        refresh_pull(session);
        return;
    }
    let mut state = session.lock();
    let open: Vec<Uri> = state.docs.keys().cloned().collect();
    for uri in &open {
        session.publish_open(&mut state, uri);
    }
    let paths = state.open_paths();
    let unopened: Vec<_> = state
        .index
        .entries()
        .filter(|(path, _)| !paths.contains(*path))
        .map(|(_, entry)| (entry.uri.clone(), entry.diagnostics.to_vec()))
        .collect();
    for (uri, items) in unopened {
        session.publish_unopened(&state, uri, items);
    }
}

fn scan_changed(old: &Settings, new: &Settings) -> bool {
    old.scan != new.scan || old.max_files != new.max_files
}
