//! The handlers and the per-session state.
//!
//! State lives behind one `std::sync::Mutex`. Handlers lock it, do their
//! (short, synchronous) work and unlock before any `.await`; nothing is
//! awaited while it is held. Every handler body runs inside [`Backend::guard`],
//! so a bug in one request answers that request with an InternalError and
//! leaves the session serving.

use std::collections::{HashMap, HashSet};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tokio::sync::mpsc;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::notification::{
    LogMessage, Notification as _, Progress, PublishDiagnostics,
};
use tower_lsp_server::ls_types::{
    ClientCapabilities, CodeActionKind, CodeActionOptions, CodeActionParams,
    CodeActionProviderCapability, CodeActionResponse, Diagnostic, DiagnosticOptions,
    DiagnosticServerCapabilities, DidChangeConfigurationParams, DidChangeTextDocumentParams,
    DidChangeWatchedFilesParams, DidChangeWorkspaceFoldersParams, DidCloseTextDocumentParams,
    DidOpenTextDocumentParams, DocumentDiagnosticParams, DocumentDiagnosticReport,
    DocumentDiagnosticReportResult, DocumentSymbolParams, DocumentSymbolResponse, FoldingRange,
    FoldingRangeParams, FoldingRangeProviderCapability, FullDocumentDiagnosticReport, Hover,
    HoverParams, HoverProviderCapability, InitializeParams, InitializeResult, InitializedParams,
    InlayHint, InlayHintParams, MessageType, OneOf, ProgressParams, ProgressParamsValue,
    ProgressToken, RelatedFullDocumentDiagnosticReport, RelatedUnchangedDocumentDiagnosticReport,
    ServerCapabilities, ServerInfo, TextDocumentSyncCapability, TextDocumentSyncKind,
    TextDocumentSyncOptions, UnchangedDocumentDiagnosticReport, Uri, WorkDoneProgress,
    WorkspaceDiagnosticParams, WorkspaceDiagnosticReportResult,
};
use tower_lsp_server::ls_types::{LogMessageParams, PublishDiagnosticsParams};
use tower_lsp_server::{Client, LanguageServer};

use super::config::Settings;
use super::encoding::{Encoding, position_to_char};
use super::transport::{Notifier, SessionFlags};
use super::workspace::{self, Alive, Session, Workspace};
use super::{actions, diagnostics, hints, hover, symbols};
use crate::document::Document;
use crate::games::GameKind;

/// What the client told us it can do, reduced to the choices we make.
#[derive(Clone, Copy, Debug, Default)]
pub struct Caps {
    /// `textDocument.diagnostic`: serve pull diagnostics, do not push.
    pub pull_diagnostics: bool,
    /// `workspace.workspaceEdit.documentChanges`: versioned edits.
    pub document_changes: bool,
    /// `textDocument.documentSymbol.hierarchicalDocumentSymbolSupport`.
    pub hierarchical_symbols: bool,
}

impl Caps {
    fn from_client(caps: &ClientCapabilities) -> Caps {
        let text = caps.text_document.as_ref();
        Caps {
            pull_diagnostics: text.is_some_and(|t| t.diagnostic.is_some()),
            document_changes: caps
                .workspace
                .as_ref()
                .and_then(|w| w.workspace_edit.as_ref())
                .and_then(|e| e.document_changes)
                .unwrap_or(false),
            hierarchical_symbols: text
                .and_then(|t| t.document_symbol.as_ref())
                .and_then(|s| s.hierarchical_document_symbol_support)
                .unwrap_or(false),
        }
    }
}

/// An open document: the editor's text wins over anything on disk.
pub struct OpenDocument {
    pub doc: Document,
    pub version: i32,
    /// Unique within the session, changed by every edit: the pull
    /// diagnostics result id.
    pub generation: u64,
}

#[derive(Default)]
pub struct State {
    pub encoding: Encoding,
    pub caps: Caps,
    pub docs: HashMap<Uri, OpenDocument>,
    next_generation: u64,
    pub settings: Settings,
    /// Board files on disk under the workspace folders.
    pub workspace: Workspace,
}

impl State {
    /// A number unique within the session: result ids and read tickets.
    pub fn generation(&mut self) -> u64 {
        self.next_generation += 1;
        self.next_generation
    }

    pub fn view<'a>(&'a self, uri: &'a Uri) -> Option<DocView<'a>> {
        let open = self.docs.get(uri)?;
        Some(DocView {
            uri,
            doc: &open.doc,
            version: open.version,
            enc: self.encoding,
            caps: self.caps,
        })
    }
}

/// Everything a feature needs to answer for one document.
#[derive(Clone, Copy)]
pub struct DocView<'a> {
    pub uri: &'a Uri,
    pub doc: &'a Document,
    pub version: i32,
    pub enc: Encoding,
    pub caps: Caps,
}

/// Messages to the client that must keep the order in which they were
/// produced (diagnostics of edit n before those of edit n + 1).
pub enum Outgoing {
    Publish {
        uri: Uri,
        version: Option<i32>,
        diagnostics: Vec<Diagnostic>,
    },
    Log(MessageType, String),
    /// `$/progress`, ordered after the diagnostics of the work it reports.
    Progress {
        token: ProgressToken,
        value: WorkDoneProgress,
    },
}

pub struct Backend {
    /// For requests and notifications that need no ordering.
    client: Client,
    flags: Arc<SessionFlags>,
    /// Shared with the session's background work (the workspace scan).
    state: Arc<Mutex<State>>,
    /// Cleared when the session shuts down or ends: background work stops.
    alive: Alive,
    /// Queued under the state lock, so queue order is edit order; one task
    /// sends them in that order.
    outbox: mpsc::UnboundedSender<Outgoing>,
    /// Fault injection for the end-to-end tests of [`Backend::guard`]: the
    /// guarded step named by `BOARDLS_TEST_PANIC` (e.g. `hover`) panics.
    inject_panic: Option<String>,
}

impl Backend {
    pub fn new(client: Client, notifier: Notifier, flags: Arc<SessionFlags>) -> Backend {
        let (outbox, queue) = mpsc::unbounded_channel();
        tokio::spawn(send_outgoing(notifier, queue));
        Backend {
            client,
            flags,
            state: Arc::new(Mutex::new(State::default())),
            alive: Alive::default(),
            outbox,
            inject_panic: std::env::var("BOARDLS_TEST_PANIC").ok(),
        }
    }

    /// A handle for background work on this session.
    fn session(&self) -> Session {
        Session {
            state: self.state.clone(),
            outbox: self.outbox.clone(),
            client: self.client.clone(),
            alive: self.alive.flag(),
        }
    }

    /// A panic inside a handler never poisons the lock: the guard is taken
    /// outside [`Backend::guard`]'s `catch_unwind`.
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs a handler body; a panic is logged with the document's URI (to
    /// stderr and `window/logMessage`) and becomes `None`.
    fn guard<T>(&self, what: &str, uri: &Uri, body: impl FnOnce() -> T) -> Option<T> {
        let body = || {
            if self.inject_panic.as_deref() == Some(what) {
                panic!("injected panic ({what})");
            }
            body()
        };
        match catch_unwind(AssertUnwindSafe(body)) {
            Ok(value) => Some(value),
            Err(payload) => {
                let message = format!(
                    "boardls: {what} for {} failed: {}",
                    uri.as_str(),
                    panic_message(payload.as_ref())
                );
                eprintln!("{message}");
                let _ = self.outbox.send(Outgoing::Log(MessageType::ERROR, message));
                None
            }
        }
    }

    /// A read-only request on an open document. Unknown documents get the
    /// empty answer; a panic gets an InternalError.
    fn request<T: Default>(
        &self,
        what: &str,
        uri: &Uri,
        body: impl FnOnce(&DocView<'_>) -> T,
    ) -> Result<T> {
        let state = self.lock();
        let Some(view) = state.view(uri) else {
            return Ok(T::default());
        };
        self.guard(what, uri, || body(&view))
            .ok_or_else(Error::internal_error)
    }

    /// Queues the document's diagnostics for push clients.
    fn queue_diagnostics(&self, state: &State, uri: &Uri) {
        if state.caps.pull_diagnostics {
            return;
        }
        let Some(view) = state.view(uri) else {
            return;
        };
        let Some(items) = self.guard("diagnostics", uri, || diagnostics::document(&view)) else {
            return;
        };
        let _ = self.outbox.send(Outgoing::Publish {
            uri: uri.clone(),
            version: Some(view.version),
            diagnostics: items,
        });
    }

    fn log(&self, kind: MessageType, message: String) {
        let _ = self.outbox.send(Outgoing::Log(kind, message));
    }
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> &str {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("panic")
}

/// Sends queued messages in order. A burst of publishes for one document
/// (fast typing) is cut to the newest, which is the only one that matters.
/// All of them go through the [`Notifier`], so they also keep their order
/// among themselves.
async fn send_outgoing(notifier: Notifier, mut queue: mpsc::UnboundedReceiver<Outgoing>) {
    while let Some(first) = queue.recv().await {
        let mut batch = vec![first];
        while let Ok(more) = queue.try_recv() {
            batch.push(more);
        }
        let mut seen = HashSet::new();
        let mut keep: Vec<Outgoing> = Vec::with_capacity(batch.len());
        for message in batch.into_iter().rev() {
            if let Outgoing::Publish { uri, .. } = &message
                && !seen.insert(uri.clone())
            {
                continue;
            }
            keep.push(message);
        }
        for message in keep.into_iter().rev() {
            match message {
                Outgoing::Publish {
                    uri,
                    version,
                    diagnostics,
                } => notifier.notify(
                    PublishDiagnostics::METHOD,
                    &PublishDiagnosticsParams {
                        uri,
                        diagnostics,
                        version,
                    },
                ),
                Outgoing::Log(typ, message) => {
                    notifier.notify(LogMessage::METHOD, &LogMessageParams { typ, message })
                }
                Outgoing::Progress { token, value } => notifier.notify(
                    Progress::METHOD,
                    &ProgressParams {
                        token,
                        value: ProgressParamsValue::WorkDone(value),
                    },
                ),
            }
        }
    }
}

/// The game of a document: its language id, else its file extension.
pub fn kind_of(language_id: &str, uri: &Uri) -> Option<GameKind> {
    GameKind::from_id(language_id).or_else(|| {
        let path = uri.as_str().split(['?', '#']).next().unwrap_or_default();
        let name = path.rsplit('/').next().unwrap_or_default();
        let (_, extension) = name.rsplit_once('.')?;
        GameKind::from_id(extension)
    })
}

/// The pull report for diagnostics the client already has.
fn unchanged_report(result_id: String) -> DocumentDiagnosticReportResult {
    DocumentDiagnosticReportResult::Report(DocumentDiagnosticReport::Unchanged(
        RelatedUnchangedDocumentDiagnosticReport {
            related_documents: None,
            unchanged_document_diagnostic_report: UnchangedDocumentDiagnosticReport { result_id },
        },
    ))
}

fn capabilities(encoding: Encoding, caps: Caps) -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(encoding.kind()),
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                ..TextDocumentSyncOptions::default()
            },
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        inlay_hint_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![
                CodeActionKind::QUICKFIX,
                CodeActionKind::REFACTOR_REWRITE,
            ]),
            resolve_provider: Some(false),
            ..CodeActionOptions::default()
        })),
        document_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        diagnostic_provider: caps.pull_diagnostics.then(|| {
            DiagnosticServerCapabilities::Options(DiagnosticOptions {
                identifier: Some("boardls".to_owned()),
                inter_file_dependencies: false,
                workspace_diagnostics: false,
                ..DiagnosticOptions::default()
            })
        }),
        ..ServerCapabilities::default()
    }
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let encoding = Encoding::negotiate(&params.capabilities);
        let caps = Caps::from_client(&params.capabilities);
        {
            let mut state = self.lock();
            state.encoding = encoding;
            state.caps = caps;
            workspace::initialize(&mut state, &params);
        }
        let mut capabilities = capabilities(encoding, caps);
        workspace::advertise(&mut capabilities);
        Ok(InitializeResult {
            capabilities,
            server_info: Some(ServerInfo {
                name: "boardls".to_owned(),
                version: Some(env!("CARGO_PKG_VERSION").to_owned()),
            }),
            ..InitializeResult::default()
        })
    }

    async fn initialized(&self, _: InitializedParams) {
        let (encoding, pull) = {
            let state = self.lock();
            (state.encoding, state.caps.pull_diagnostics)
        };
        let message = format!(
            "boardls {} ready: positions in {}, {} diagnostics",
            env!("CARGO_PKG_VERSION"),
            encoding.kind().as_str(),
            if pull { "pull" } else { "push" }
        );
        self.client.log_message(MessageType::INFO, message).await;
        workspace::initialized(self.session());
    }

    async fn shutdown(&self) -> Result<()> {
        self.alive.end();
        self.flags
            .shutdown
            .store(true, std::sync::atomic::Ordering::SeqCst);
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let item = params.text_document;
        let Some(kind) = kind_of(&item.language_id, &item.uri) else {
            self.log(
                MessageType::WARNING,
                format!("boardls: {} is not a board file", item.uri.as_str()),
            );
            return;
        };
        let mut state = self.lock();
        let Some(doc) = self.guard("didOpen", &item.uri, || Document::new(kind, &item.text)) else {
            return;
        };
        let generation = state.generation();
        state.docs.insert(
            item.uri.clone(),
            OpenDocument {
                doc,
                version: item.version,
                generation,
            },
        );
        self.queue_diagnostics(&state, &item.uri);
    }

    // Edit order. tower-lsp-server runs up to four handlers at once, so two
    // `didChange` notifications are two concurrent futures. Their order is
    // still the arrival order up to their first `.await`: the framework
    // creates each handler future as it reads the message and first polls
    // them in FIFO order. This handler therefore applies every change, in
    // array order and each against the text the previous one produced,
    // before it awaits anything (it awaits nothing at all), under the state
    // lock, and queues the resulting diagnostics under that same lock. The
    // lock is never held across an await. So edits are applied, and their
    // diagnostics sent, in exactly the order the client sent them.
    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let uri = params.text_document.uri;
        let mut state = self.lock();
        let encoding = state.encoding;
        let generation = state.generation();
        let Some(open) = state.docs.get_mut(&uri) else {
            drop(state);
            self.log(
                MessageType::WARNING,
                format!("boardls: didChange for {} which is not open", uri.as_str()),
            );
            return;
        };
        // The text before this notification, to redo the changes from if
        // they panic. A rope clone shares its nodes: the edits below copy
        // only the few nodes they touch.
        let before = open.doc.rope().clone();
        let changes = &params.content_changes;
        let applied = self.guard("didChange", &uri, || {
            for change in changes {
                match change.range {
                    Some(range) => {
                        let rope = open.doc.rope();
                        let a = position_to_char(rope, range.start, encoding);
                        let b = position_to_char(rope, range.end, encoding);
                        open.doc.edit(a.min(b), a.max(b), &change.text);
                    }
                    None => open.doc.replace_all(&change.text),
                }
            }
        });
        open.version = params.text_document.version;
        open.generation = generation;
        if applied.is_none() {
            // A panic may have struck before, during or after any change,
            // so neither the text nor the index of positions can be
            // trusted: apply every change again to the text as it was, on
            // the bare rope, and re-read the document from it. The client
            // made these edits; losing one would show verdicts for a text
            // the user does not have.
            let kind = open.doc.kind();
            let rebuilt = self.guard("didChange (rebuild)", &uri, || {
                let mut rope = before;
                for change in changes {
                    match change.range {
                        Some(range) => {
                            let a = position_to_char(&rope, range.start, encoding);
                            let b = position_to_char(&rope, range.end, encoding);
                            rope.remove(a.min(b)..a.max(b));
                            rope.insert(a.min(b), &change.text);
                        }
                        None => rope = ropey::Rope::from_str(&change.text),
                    }
                }
                Document::new(kind, &rope.to_string())
            });
            match rebuilt {
                Some(doc) => open.doc = doc,
                None => {
                    state.docs.remove(&uri);
                    return;
                }
            }
        }
        self.queue_diagnostics(&state, &uri);
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        let mut state = self.lock();
        if state.docs.remove(&uri).is_none() {
            return;
        }
        // A workspace file is published from disk again.
        if workspace::did_close(&self.session(), &mut state, &uri) {
            return;
        }
        if !state.caps.pull_diagnostics {
            // Not kept once closed: clear what the editor shows.
            let _ = self.outbox.send(Outgoing::Publish {
                uri,
                version: None,
                diagnostics: Vec::new(),
            });
        }
    }

    async fn diagnostic(
        &self,
        params: DocumentDiagnosticParams,
    ) -> Result<DocumentDiagnosticReportResult> {
        let uri = params.text_document.uri;
        let state = self.lock();
        let (result_id, items) = match (state.view(&uri), state.docs.get(&uri)) {
            (Some(view), Some(open)) => {
                let id = open.generation.to_string();
                if params.previous_result_id.as_deref() == Some(id.as_str()) {
                    return Ok(unchanged_report(id));
                }
                let items = self
                    .guard("diagnostic", &uri, || diagnostics::document(&view))
                    .ok_or_else(Error::internal_error)?;
                (Some(id), items)
            }
            // An unopened workspace file: its diagnostics from disk.
            _ => match workspace::document_report(&state, &uri) {
                Some((id, _)) if params.previous_result_id.as_deref() == Some(id.as_str()) => {
                    return Ok(unchanged_report(id));
                }
                Some((id, items)) => (Some(id), items),
                None => (None, Vec::new()),
            },
        };
        Ok(DocumentDiagnosticReportResult::Report(
            DocumentDiagnosticReport::Full(RelatedFullDocumentDiagnosticReport {
                related_documents: None,
                full_document_diagnostic_report: FullDocumentDiagnosticReport { result_id, items },
            }),
        ))
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let at = params.text_document_position_params;
        self.request("hover", &at.text_document.uri, |view| {
            hover::hover(view, at.position)
        })
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        let wanted = self.lock().settings.hints;
        if !wanted.enable {
            return Ok(Some(Vec::new()));
        }
        self.request("inlayHint", &params.text_document.uri, |view| {
            Some(hints::inlay_hints_with(view, params.range, &wanted))
        })
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        workspace::did_change_configuration(self.session(), &params.settings);
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        workspace::did_change_watched_files(&self.session(), params);
    }

    async fn did_change_workspace_folders(&self, params: DidChangeWorkspaceFoldersParams) {
        workspace::did_change_workspace_folders(&self.session(), params);
    }

    async fn workspace_diagnostic(
        &self,
        params: WorkspaceDiagnosticParams,
    ) -> Result<WorkspaceDiagnosticReportResult> {
        let state = self.lock();
        Ok(workspace::workspace_report(&state, &params, |view| {
            self.guard("workspace diagnostic", view.uri, || {
                diagnostics::document(view)
            })
        }))
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        self.request("codeAction", &params.text_document.uri, |view| {
            Some(actions::code_actions(view, &params))
        })
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        self.request("documentSymbol", &params.text_document.uri, |view| {
            Some(symbols::document_symbols(view))
        })
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        self.request("foldingRange", &params.text_document.uri, |view| {
            Some(symbols::folding_ranges(view))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_from_language_id_then_extension() {
        let uri = |s: &str| s.parse::<Uri>().ok();
        let Some(u) = uri("file:///tmp/a.go9") else {
            panic!("uri");
        };
        assert_eq!(kind_of("go9", &u), Some(GameKind::Go9));
        assert_eq!(kind_of("uttt", &u), Some(GameKind::Uttt));
        assert_eq!(kind_of("plaintext", &u), Some(GameKind::Go9));
        let Some(u) = uri("untitled:Untitled-1") else {
            panic!("uri");
        };
        assert_eq!(kind_of("plaintext", &u), None);
        assert_eq!(kind_of("tomek", &u), Some(GameKind::Tomek));
        let Some(u) = uri("file:///x/b.tomek?query=1#frag") else {
            panic!("uri");
        };
        assert_eq!(kind_of("", &u), Some(GameKind::Tomek));
    }

    #[test]
    fn panic_messages_are_recovered() {
        let payload = catch_unwind(|| panic!("boom {}", 1)).err();
        let text = payload.as_deref().map(panic_message);
        assert_eq!(text, Some("boom 1"));
    }
}
