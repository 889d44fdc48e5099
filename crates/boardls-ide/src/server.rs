//! The method table and the protocol's states, for every host: the
//! `LanguageServer` that forwards each LSP method to its handler, under
//! tower-lsp-server's `LspService` (which keeps the states: nothing
//! before `initialize`, nothing after `shutdown`), and [`route`], which
//! sends the requests that need no turn of the service elsewhere.
//!
//! A host reads the client's messages ([`read_message`](crate::rpc::read_message)),
//! hands each request to [`route`] and the rest to the service, one at a
//! time, in order, each under its panic guard ([`report_panic`]), and
//! writes out what comes back.

use std::any::Any;

use ls_types::{
    CodeActionParams, CodeActionResponse, CodeLens, CodeLensParams, DidChangeConfigurationParams,
    DidChangeTextDocumentParams, DidChangeWatchedFilesParams, DidChangeWorkspaceFoldersParams,
    DidCloseTextDocumentParams, DidOpenTextDocumentParams, DocumentDiagnosticParams,
    DocumentDiagnosticReportResult, DocumentFormattingParams, GotoDefinitionParams,
    GotoDefinitionResponse, Hover, HoverParams, InitializeParams, InitializeResult,
    InitializedParams, InlayHint, InlayHintParams, Location, MessageType, ReferenceParams,
    SemanticTokensRangeParams, SemanticTokensRangeResult, TextDocumentIdentifier, TextEdit,
    WorkspaceDiagnosticParams, WorkspaceDiagnosticReportResult,
};
use serde_json::Value;
use tower_lsp_server::jsonrpc::{Error, ErrorCode, Request, Response, Result};
use tower_lsp_server::{Client, ClientSocket, LanguageServer, LspService};

use crate::handlers::whole::{self, InFlight, Job, Taken};
use crate::handlers::{language, lifecycle, pull, text_sync, workspace};
use crate::rpc::error_response;
use crate::session::{Host, Session};

/// The custom request for the judge's output of an open board file.
pub const VERDICTS_METHOD: &str = "boardls/verdicts";

/// The custom request for the server process and what its sessions hold.
pub const STATUS_METHOD: &str = "boardls/status";

/// The LSP methods a session answers, each forwarded to its handler.
pub struct Server<H: Host> {
    session: Session<H>,
}

/// `{ textDocument }`: the params of [`VERDICTS_METHOD`].
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VerdictsParams {
    text_document: TextDocumentIdentifier,
}

impl<H: Host> Server<H> {
    /// [`STATUS_METHOD`]: the host's; unknown to a host with none.
    pub async fn status(&self) -> Result<Value> {
        H::status(&self.session).ok_or_else(Error::method_not_found)
    }

    /// [`VERDICTS_METHOD`]: `{ "lines": […] }`, or `null` for a document
    /// that is not an open board file.
    pub async fn verdicts(&self, params: VerdictsParams) -> Result<Option<Value>> {
        Ok(language::verdicts(&self.session, &params.text_document.uri))
    }
}

/// The service of a session hosted by the host `make` builds (it gets
/// the framework's client, for the server's own requests), the socket of
/// the server's own messages to the client, and the session.
pub fn service<H: Host>(
    make: impl FnOnce(Client) -> H,
) -> (LspService<Server<H>>, ClientSocket, Session<H>) {
    let mut session = None;
    let (service, socket) = LspService::build(|client| {
        let made = Session::new(make(client));
        session = Some(made.clone());
        Server { session: made }
    })
    .custom_method(STATUS_METHOD, Server::status)
    .custom_method(VERDICTS_METHOD, Server::verdicts)
    .finish();
    let Some(session) = session else {
        unreachable!("LspService::build calls its closure once, before it returns")
    };
    (service, socket, session)
}

impl<H: Host> LanguageServer for Server<H> {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        Ok(lifecycle::initialize(&self.session, &params))
    }

    async fn initialized(&self, _: InitializedParams) {
        lifecycle::initialized(&self.session);
    }

    async fn shutdown(&self) -> Result<()> {
        lifecycle::shutdown(&self.session);
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        text_sync::did_open(&self.session, params);
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        text_sync::did_change(&self.session, params);
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        text_sync::did_close(&self.session, params);
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        Ok(language::hover(&self.session, params))
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        Ok(language::inlay_hint(&self.session, params))
    }

    async fn semantic_tokens_range(
        &self,
        params: SemanticTokensRangeParams,
    ) -> Result<Option<SemanticTokensRangeResult>> {
        Ok(language::semantic_tokens_range(&self.session, params))
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        Ok(language::code_action(&self.session, params))
    }

    async fn goto_definition(
        &self,
        params: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        Ok(language::definition(&self.session, params))
    }

    async fn code_lens(&self, params: CodeLensParams) -> Result<Option<Vec<CodeLens>>> {
        Ok(language::code_lens(&self.session, params))
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        Ok(language::references(&self.session, params))
    }

    async fn formatting(&self, params: DocumentFormattingParams) -> Result<Option<Vec<TextEdit>>> {
        Ok(language::formatting(&self.session, params))
    }

    async fn diagnostic(
        &self,
        params: DocumentDiagnosticParams,
    ) -> Result<DocumentDiagnosticReportResult> {
        Ok(pull::document(&self.session, params))
    }

    async fn workspace_diagnostic(
        &self,
        params: WorkspaceDiagnosticParams,
    ) -> Result<WorkspaceDiagnosticReportResult> {
        Ok(pull::workspace(&self.session, params))
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        workspace::did_change_configuration(&self.session, params);
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        workspace::did_change_watched_files(&self.session, params);
    }

    async fn did_change_workspace_folders(&self, params: DidChangeWorkspaceFoldersParams) {
        workspace::did_change_workspace_folders(&self.session, params);
    }
}

/// Where a request goes.
pub enum Route {
    /// A whole-document request's snapshot, to answer with [`Job::run`]
    /// where the host likes.
    Job(Job),
    /// Answered already.
    Answered(Response),
    /// For the service, in its turn.
    Service(Request),
}

/// Where the session is in the protocol's life, by the answers the
/// service gave.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lifecycle {
    /// Between a successful `initialize` and `shutdown`: the requests
    /// that need no turn of the service go elsewhere ([`route`]).
    pub serving: bool,
    /// A `shutdown` request was answered.
    pub shutdown: bool,
    /// An `exit` notification arrived.
    pub exit: bool,
}

impl Lifecycle {
    /// The service answered `method`, successfully or not.
    pub fn answered(&mut self, method: &str, ok: bool) {
        self.shutdown |= method == "shutdown" && ok;
        self.serving = match method {
            "initialize" => self.serving || ok,
            "shutdown" => self.serving && !ok,
            _ => self.serving,
        };
    }

    /// A notification or request `method` was handed to the service.
    pub fn handed(&mut self, method: &str) {
        self.exit |= method == "exit";
    }

    /// LSP: `exit` after `shutdown` is a success, `exit` without it a
    /// failure. A client that closes the stream is treated the same way: a
    /// clean end after `shutdown`, an abnormal one otherwise.
    pub fn success(&self) -> bool {
        self.shutdown
    }
}

/// Routes a request of the client's: a `$/` request gets its answer (the
/// framework drops its MethodNotFound answer to any `$/` method, right for
/// notifications but not for requests: LSP says a `$/` request must get
/// one, and its client waits for it); `$/cancelRequest` raises the flag
/// of the job it names; while serving, a whole-document request becomes a
/// [`Job`]; the rest goes to the service. (A host may first answer an open
/// document's pull from its kept pieces: [`pull::written`].)
pub fn route<H: Host>(
    session: &Session<H>,
    request: Request,
    lifecycle: &Lifecycle,
    in_flight: &InFlight,
) -> Route {
    if request.method() == "$/cancelRequest" {
        in_flight.cancel_requested(&request);
    }
    if let Some(id) = request.id().cloned()
        && request.method().starts_with("$/")
    {
        return Route::Answered(error_response(
            id,
            ErrorCode::MethodNotFound,
            "Method not found".to_owned(),
        ));
    }
    if !lifecycle.serving {
        return Route::Service(request);
    }
    match whole::take(session, request, in_flight) {
        Taken::Job(job) => Route::Job(job),
        Taken::Answered(response) => Route::Answered(response),
        Taken::NotOurs(request) => Route::Service(request),
    }
}

/// The document a request's params name, if any.
pub fn document_uri(request: &Request) -> Option<&str> {
    request.params()?.get("textDocument")?.get("uri")?.as_str()
}

/// The method's last segment (`hover`, `didChange`, `full`, …).
pub fn short_name(method: &str) -> &str {
    method.rsplit('/').next().unwrap_or_default()
}

/// What a panic said.
pub fn panic_message(payload: &(dyn Any + Send)) -> &str {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("panic")
}

/// A handler's panic, told: `what` (the method's short name) for
/// `subject` (the document, else the method), to the server's own log
/// and the client's (`window/logMessage`).
pub fn report_panic<H: Host>(
    session: &Session<H>,
    what: &str,
    subject: &str,
    payload: &(dyn Any + Send),
) {
    let message = format!(
        "boardls: {what} for {subject} failed: {}",
        panic_message(payload)
    );
    session.host.note(message.clone());
    session.log(MessageType::ERROR, message);
}

/// The answer to a request whose handler panicked.
pub fn internal_error(id: tower_lsp_server::jsonrpc::Id) -> Response {
    Response::from_error(id, Error::internal_error())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panic_messages_are_recovered() {
        let payload = std::panic::catch_unwind(|| panic!("boom {}", 1)).err();
        let text = payload.as_deref().map(panic_message);
        assert_eq!(text, Some("boom 1"));
    }
}
