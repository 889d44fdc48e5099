//! `initialize`, `initialized`, `shutdown`.

use tower_lsp_server::ls_types::{InitializeParams, InitializeResult, MessageType, ServerInfo};

use crate::state::session::{Session, open_documents};
use crate::wire::outbox::outbox_threads;
use crate::workspace::reconfigure;
use boardls_engine::i18n::Locale;
use boardls_ide::config;
use boardls_ide::features::capabilities::server_capabilities;
use boardls_ide::view::ClientCaps;

pub fn initialize(session: &Session, params: &InitializeParams) -> InitializeResult {
    let mut caps = ClientCaps::from_client(&params.capabilities);
    let client_name = params.client_info.as_ref().map(|info| info.name.as_str());
    caps.markdown_images = ClientCaps::renders_markdown_images(client_name, &params.capabilities);
    {
        let mut state = session.lock();
        // The folders' shares (and their poll) need the watch capability.
        state.caps = caps;
        reconfigure::initialize(session, &mut state, params);
        // The client's own word on images wins over the guess by name.
        if let Some(images) = state.settings.hover.markdown_images {
            caps.markdown_images = images;
        }
        state.client_locale = params.locale.as_deref().and_then(Locale::from_tag);
        caps.locale = config::session_locale(&state.settings, state.client_locale);
        state.caps = caps;
    }
    InitializeResult {
        capabilities: server_capabilities(&caps),
        server_info: Some(ServerInfo {
            name: "boardls".to_owned(),
            version: Some(env!("CARGO_PKG_VERSION").to_owned()),
        }),
        ..InitializeResult::default()
    }
}

pub fn initialized(session: &Session) {
    let caps = session.caps();
    session.log(
        MessageType::INFO,
        format!(
            "boardls {} ready: positions in {}, {} diagnostics",
            env!("CARGO_PKG_VERSION"),
            caps.encoding.kind().as_str(),
            if caps.pull_diagnostics {
                "pull"
            } else {
                "push"
            }
        ),
    );
    reconfigure::initialized(session);
}

/// `boardls/status`: which process serves the session (several sessions of
/// a daemon name the same one), how many sessions it has, how many files
/// it has read from disk and how many folders it polls, for all of them;
/// and what the sessions hold, to see that one that ended left nothing:
/// open documents, leased folders, sessions registered on polls, outbox
/// threads and the runtime's tasks.
pub fn status(session: &Session) -> serde_json::Value {
    let (folders, pollers) = session.shared.store.leased();
    serde_json::json!({
        "version": env!("CARGO_PKG_VERSION"),
        "pid": std::process::id(),
        "sessions": session.shared.sessions(),
        "fileReads": session.shared.store.reads(),
        "polledFolders": session.shared.store.polls(),
        "openDocuments": open_documents(),
        "leasedFolders": folders,
        "pollers": pollers,
        "outboxThreads": outbox_threads(),
        "tasks": tokio::runtime::Handle::try_current()
            .map_or(0, |runtime| runtime.metrics().num_alive_tasks()),
    })
}

/// Background work stops; the exit status is the dispatcher's.
pub fn shutdown(session: &Session) {
    session.end();
}
