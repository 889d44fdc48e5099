//! What the server offers, decided in one place from what the client can do.

use ls_types::{
    CodeActionKind, CodeActionOptions, CodeActionProviderCapability, CodeLensOptions,
    DiagnosticOptions, DiagnosticServerCapabilities, FoldingRangeProviderCapability,
    HoverProviderCapability, OneOf, SemanticTokensFullOptions, SemanticTokensOptions,
    SemanticTokensServerCapabilities, ServerCapabilities, TextDocumentSyncCapability,
    TextDocumentSyncKind, TextDocumentSyncOptions, WorkspaceFoldersServerCapabilities,
    WorkspaceServerCapabilities,
};

use crate::features::tokens;
use crate::view::ClientCaps;

/// The identifier of the server's pull diagnostics.
pub const DIAGNOSTIC_IDENTIFIER: &str = "boardls";

/// Every capability the server announces in its `initialize` result.
pub fn server_capabilities(caps: &ClientCaps) -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(caps.encoding.kind()),
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                ..TextDocumentSyncOptions::default()
            },
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        // `Case #k` in an answer file → its position in the input.
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        code_lens_provider: Some(CodeLensOptions {
            resolve_provider: Some(false),
        }),
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
        // Cells coloured by their state: whole documents, their deltas, ranges.
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend: tokens::legend(),
                range: Some(true),
                full: Some(SemanticTokensFullOptions::Delta { delta: Some(true) }),
                ..SemanticTokensOptions::default()
            },
        )),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        // Pull clients get document and workspace reports; push clients
        // get `publishDiagnostics` and nothing is announced.
        diagnostic_provider: caps.pull_diagnostics.then(|| {
            DiagnosticServerCapabilities::Options(DiagnosticOptions {
                identifier: Some(DIAGNOSTIC_IDENTIFIER.to_owned()),
                inter_file_dependencies: false,
                workspace_diagnostics: true,
                ..DiagnosticOptions::default()
            })
        }),
        workspace: Some(WorkspaceServerCapabilities {
            workspace_folders: Some(WorkspaceFoldersServerCapabilities {
                supported: Some(true),
                change_notifications: Some(OneOf::Left(true)),
            }),
            file_operations: None,
        }),
        ..ServerCapabilities::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pull_diagnostics_only_for_pull_clients() {
        let push = server_capabilities(&ClientCaps::default());
        assert!(push.diagnostic_provider.is_none());
        let pull = server_capabilities(&ClientCaps {
            pull_diagnostics: true,
            ..ClientCaps::default()
        });
        let Some(DiagnosticServerCapabilities::Options(options)) = pull.diagnostic_provider else {
            panic!("no diagnostic provider for a pull client");
        };
        assert!(options.workspace_diagnostics);
        assert_eq!(
            push.position_encoding,
            Some(ls_types::PositionEncodingKind::UTF16)
        );
    }
}
