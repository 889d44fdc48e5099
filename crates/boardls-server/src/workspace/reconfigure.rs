//! The desktop's part of a session's settings over its life: the
//! watchers and configuration registered at `initialized`, the settings
//! asked of the client, and what a change of settings sets off on disk
//! (the unopened files shown again, a new scan). The settings themselves
//! are composed by the core (`boardls_ide::session::projects`).

use std::time::Duration;

use boardls_ide::config::{self, Settings};
use serde_json::json;
use tower_lsp_server::ls_types::{ConfigurationItem, MessageType, Registration};

use super::tasks::{clear_files, open_paths, scan_folders};
use crate::disk::store::poll_interval;
use crate::state::session::Session;
use boardls_ide::session::Host as _;

/// The files the server watches.
pub const WATCHED_GLOB: &str = "**/*.{uttt,go9,tomek}";
/// How long to wait for the client's settings before scanning anyway.
const CONFIGURATION_TIMEOUT: Duration = Duration::from_secs(5);

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
        let client = session.host.client.clone();
        session.host.spawn(async move {
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
    session.host.spawn(async move {
        let session = task;
        if let Some(section) = fetch(&session).await {
            session.configured(section, false);
        }
        let (scan, folders, epoch) = {
            let state = session.lock();
            (
                state.settings.scan,
                state.host.index.folders().to_vec(),
                state.host.index.epoch(),
            )
        };
        if scan && !folders.is_empty() {
            scan_folders(session, folders, epoch).await;
        }
    });
}

/// Asks the client for the `boardls` section; `None` when it cannot or
/// sends nothing usable.
pub async fn fetch(session: &Session) -> Option<serde_json::Value> {
    if !session.caps().configuration {
        return None;
    }
    let items = vec![ConfigurationItem {
        scope_uri: None,
        section: Some(config::SECTION.to_owned()),
    }];
    let answer = tokio::time::timeout(
        CONFIGURATION_TIMEOUT,
        session.host.client.configuration(items),
    )
    .await
    .ok()?
    .ok()?;
    answer.into_iter().next().filter(|v| v.is_object())
}

/// New settings took effect (`old` before them): the scan is cleared,
/// started or redone, and a push client is sent the unopened files'
/// diagnostics again under a new filter or language. `rescan` is false
/// before the first scan.
pub fn settings_changed(session: &Session, old: &Settings, relocalized: bool, rescan: bool) {
    let (settings, caps, folders, epoch) = {
        let mut state = session.lock();
        let settings = state.settings;
        if rescan && (scan_changed(old, &settings) || relocalized) {
            state.host.index.next_epoch();
            // Clearing first keeps `maxFiles` exact when it shrinks.
            if !settings.scan || settings.max_files < old.max_files {
                clear_files(session, &mut state, |_| true);
            }
        }
        (
            settings,
            state.caps,
            state.host.index.folders().to_vec(),
            state.host.index.epoch(),
        )
    };
    if (settings.diagnostics != old.diagnostics || relocalized) && !caps.pull_diagnostics {
        let state = session.lock();
        let paths = open_paths(&state);
        let unopened: Vec<_> = state
            .host
            .index
            .entries()
            .filter(|(path, _)| !paths.contains(*path))
            .map(|(_, entry)| (entry.uri.clone(), entry.diagnostics.to_vec()))
            .collect();
        for (uri, items) in unopened {
            session.publish_unopened(&state, uri, items);
        }
    }
    // Another language: the unopened files' diagnostics are worded again
    // by the scan below.
    if rescan && (scan_changed(old, &settings) || relocalized) {
        if settings.scan && !folders.is_empty() {
            session
                .host
                .spawn(scan_folders(session.clone(), folders, epoch));
        } else {
            session.host.refresh_pull(&caps);
        }
    }
}

fn scan_changed(old: &Settings, new: &Settings) -> bool {
    old.scan != new.scan || old.max_files != new.max_files
}
