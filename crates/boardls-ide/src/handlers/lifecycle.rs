//! `initialize`, `initialized`, `shutdown`, `boardls/status`.

use boardls_engine::i18n::Locale;
use ls_types::{InitializeParams, InitializeResult, MessageType, ServerInfo, Uri};

use crate::config::{self, Settings};
use crate::features::capabilities::server_capabilities;
use crate::session::projects::{compose, read_root_settings};
use crate::session::{Host, Session};
use crate::view::ClientCaps;

pub fn initialize<H: Host>(session: &Session<H>, params: &InitializeParams) -> InitializeResult {
    let mut caps = ClientCaps::from_client(&params.capabilities);
    if H::push_only() {
        caps.pull_diagnostics = false;
    }
    let client_name = params.client_info.as_ref().map(|info| info.name.as_str());
    caps.markdown_images = ClientCaps::renders_markdown_images(client_name, &params.capabilities);
    {
        let mut state = session.lock();
        // The folders' shares (and their poll) need the watch capability.
        state.caps = caps;
        if H::has_workspace() {
            state.folders = folders(params);
        }
        H::initialize(session, &mut state, params);
        read_root_settings(&mut state, session.host.files());
        if let Some(options) = &params.initialization_options {
            let payload = config::section(options).unwrap_or(options);
            state.init_payload = Some(payload.clone());
        }
        let (settings, problems): (Settings, _) = compose(&mut state);
        state.initial_settings = settings;
        state.settings = settings;
        for problem in problems {
            session
                .host
                .note(format!("boardls: initializationOptions: {problem}"));
        }
        // The client's own word on images wins over the guess by name.
        if let Some(images) = state.settings.hover.markdown_images {
            caps.markdown_images = images;
        }
        state.client_locale = params.locale.as_deref().and_then(Locale::from_tag);
        caps.locale = config::session_locale(&state.settings, state.client_locale);
        state.caps = caps;
    }
    let mut capabilities = server_capabilities(&caps);
    if !H::has_workspace() {
        // No workspace folders: nothing to scan or watch.
        capabilities.workspace = None;
    }
    capabilities.experimental = H::experimental();
    InitializeResult {
        capabilities,
        server_info: Some(ServerInfo {
            name: "boardls".to_owned(),
            version: Some(format!(
                "{}{}",
                env!("CARGO_PKG_VERSION"),
                H::version_suffix()
            )),
        }),
        ..InitializeResult::default()
    }
}

/// The workspace folders `initialize` names (or its root, from an older
/// client), each ending with `/`.
fn folders(params: &InitializeParams) -> Vec<Uri> {
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
    uris.into_iter().filter_map(folder_uri).collect()
}

/// A folder's URI ending with `/`, as the core names folders.
pub fn folder_uri(uri: &Uri) -> Option<Uri> {
    use std::str::FromStr as _;
    let text = uri.as_str();
    if text.ends_with('/') {
        return Some(uri.clone());
    }
    Uri::from_str(&format!("{text}/")).ok()
}

pub fn initialized<H: Host>(session: &Session<H>) {
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
    H::initialized(session);
}

/// Background work stops; the exit status is the host's.
pub fn shutdown<H: Host>(session: &Session<H>) {
    session.end();
}
