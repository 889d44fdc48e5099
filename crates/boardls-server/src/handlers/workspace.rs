//! Workspace notifications: settings, files changed on disk, folders.

use tower_lsp_server::ls_types::{
    DidChangeConfigurationParams, DidChangeWatchedFilesParams, DidChangeWorkspaceFoldersParams, Uri,
};

use crate::state::session::Session;
use crate::workspace::{reconfigure, tasks};

pub fn did_change_configuration(session: &Session, params: DidChangeConfigurationParams) {
    reconfigure::configuration_changed(session, &params.settings);
}

pub fn did_change_watched_files(session: &Session, params: DidChangeWatchedFilesParams) {
    // A project file changed on disk: its settings take effect at once.
    for event in &params.changes {
        if let Some(path) = boardls_ide::uri::to_path(&event.uri)
            && path
                .file_name()
                .is_some_and(|n| n == boardls_engine::project::FILE_NAME)
        {
            reconfigure::project_changed(session, &path, None);
        }
    }
    tasks::files_changed(session, params.changes);
}

pub fn did_change_workspace_folders(session: &Session, params: DidChangeWorkspaceFoldersParams) {
    let uris = |folders: &[tower_lsp_server::ls_types::WorkspaceFolder]| -> Vec<Uri> {
        folders.iter().map(|f| f.uri.clone()).collect()
    };
    tasks::folders_changed(
        session,
        &uris(&params.event.added),
        &uris(&params.event.removed),
    );
}
