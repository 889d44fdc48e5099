//! The LSP methods the server answers, each forwarded to its handler.
//!
//! Nothing happens here but the forwarding: the handlers (in `handlers`)
//! do the work, the dispatcher (in `dispatch`) decides when each runs and
//! guards it against panics. The requests that read a whole document
//! (semantic tokens, symbols, folding) never come here once the session
//! is initialized: the dispatcher answers them from a snapshot
//! (`read_requests`).

use tower_lsp_server::LanguageServer;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{
    CodeActionParams, CodeActionResponse, CodeLens, CodeLensParams, DidChangeConfigurationParams,
    DidChangeTextDocumentParams, DidChangeWatchedFilesParams, DidChangeWorkspaceFoldersParams,
    DidCloseTextDocumentParams, DidOpenTextDocumentParams, DocumentDiagnosticParams,
    DocumentDiagnosticReportResult, DocumentFormattingParams, GotoDefinitionParams,
    GotoDefinitionResponse, Hover, HoverParams, InitializeParams, InitializeResult,
    InitializedParams, InlayHint, InlayHintParams, Location, ReferenceParams,
    SemanticTokensRangeParams, SemanticTokensRangeResult, TextEdit, WorkspaceDiagnosticParams,
    WorkspaceDiagnosticReportResult,
};

use crate::handlers::{language, lifecycle, pull_diagnostics, text_sync, workspace};
use crate::state::session::Session;

pub struct Server {
    session: Session,
}

impl Server {
    pub fn new(session: Session) -> Server {
        Server { session }
    }

    /// `boardls/status`: the server process and what its sessions share.
    pub async fn status(&self) -> Result<serde_json::Value> {
        Ok(lifecycle::status(&self.session))
    }
}

impl LanguageServer for Server {
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
        Ok(pull_diagnostics::document(&self.session, params))
    }

    async fn workspace_diagnostic(
        &self,
        params: WorkspaceDiagnosticParams,
    ) -> Result<WorkspaceDiagnosticReportResult> {
        Ok(pull_diagnostics::workspace(&self.session, params))
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
