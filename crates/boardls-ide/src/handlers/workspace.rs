//! Workspace notifications: settings, files changed on disk, folders.

use boardls_engine::project::FILE_NAME;
use ls_types::{
    DidChangeConfigurationParams, DidChangeWatchedFilesParams, DidChangeWorkspaceFoldersParams,
    FileChangeType, Uri, WorkspaceFolder,
};

use super::lifecycle::folder_uri;
use crate::answers::checks::{file_changed, forget};
use crate::session::{Host, Session};
use crate::uri::path_of;

pub fn did_change_configuration<H: Host>(
    session: &Session<H>,
    params: DidChangeConfigurationParams,
) {
    session.configuration_changed(&params.settings);
}

/// Files changed on disk (the client's watcher, or the desktop's poll):
/// what the core kept of them goes; a project file's settings take effect
/// at once; with the scan on, the answers they touch are checked again,
/// then the host reads the board files among them.
pub fn did_change_watched_files<H: Host>(
    session: &Session<H>,
    params: DidChangeWatchedFilesParams,
) {
    let changes = params.changes;
    {
        let state = session.lock();
        for event in &changes {
            state.vfs.changed(&event.uri);
        }
    }
    for event in &changes {
        if path_of(&event.uri)
            .file_name()
            .is_some_and(|n| n == FILE_NAME)
        {
            session.project_changed(&event.uri, None);
        }
    }
    let rest = {
        let mut state = session.lock();
        if !state.settings.scan {
            return;
        }
        let mut rest = Vec::with_capacity(changes.len());
        for event in changes {
            if event.typ == FileChangeType::DELETED {
                forget(session, &mut state, &event.uri);
            } else if file_changed(session, &mut state, &event.uri) {
                // An answer file: checked; not a board file to read.
                continue;
            }
            rest.push(event);
        }
        rest
    };
    H::files_changed(session, rest);
}

pub fn did_change_workspace_folders<H: Host>(
    session: &Session<H>,
    params: DidChangeWorkspaceFoldersParams,
) {
    let uris = |folders: &[WorkspaceFolder]| -> Vec<Uri> {
        folders.iter().filter_map(|f| folder_uri(&f.uri)).collect()
    };
    let (added, removed) = (uris(&params.event.added), uris(&params.event.removed));
    if H::has_workspace() {
        let mut state = session.lock();
        state.folders.retain(|folder| !removed.contains(folder));
        for folder in &added {
            if !state.folders.contains(folder) {
                state.folders.push(folder.clone());
            }
        }
    }
    H::folders_changed(session, &added, &removed);
}
