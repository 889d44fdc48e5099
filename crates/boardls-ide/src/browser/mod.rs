//! The language server for a browser: the desktop server's answers for
//! open documents over a second transport, one JSON-RPC message in and
//! the messages it causes out, synchronously, on one thread.
//!
//! No tokio, no threads, no file system, no clock, no environment: what
//! the desktop reads from disk (a `boardls.toml`, an answer file) counts
//! here only when the client has it open. The answers are the desktop's,
//! from the same functions (`features`, `kept`, `view`, `answers`); the
//! lifecycle and the JSON-RPC errors are those tower-lsp-server gives the
//! desktop. The `initialize` result says what is absent (no workspace
//! scan, no daemon, answers paired between open documents only).
//!
//! - [`documents`]: the open documents, their pairing and their answers;
//! - [`rpc`]: messages read and written.

mod documents;
mod rpc;

use std::panic::AssertUnwindSafe;

use ls_types::{
    CodeActionParams, CodeLensParams, DidChangeConfigurationParams, DidChangeTextDocumentParams,
    DidCloseTextDocumentParams, DidOpenTextDocumentParams, DocumentFormattingParams,
    DocumentSymbolParams, FoldingRangeParams, GotoDefinitionParams, HoverParams, InitializeParams,
    InlayHintParams, MessageType, ReferenceParams, SemanticTokensDeltaParams, SemanticTokensParams,
    SemanticTokensRangeParams, TextDocumentIdentifier,
};
use serde::de::DeserializeOwned;
use serde_json::Value;

use documents::Documents;
use rpc::{Error, Id, Out, Request};

/// The custom request for the judge's output of an open document.
pub const VERDICTS_METHOD: &str = "boardls/verdicts";

/// Where a session is in the protocol's life.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    Uninitialized,
    Initialized,
    ShutDown,
    Exited,
}

/// One session of the browser's language server.
pub struct BrowserServer {
    phase: Phase,
    documents: Documents,
}

impl Default for BrowserServer {
    fn default() -> BrowserServer {
        BrowserServer::new()
    }
}

/// `{ textDocument }`: the params of [`VERDICTS_METHOD`].
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct VerdictsParams {
    text_document: TextDocumentIdentifier,
}

impl BrowserServer {
    pub fn new() -> BrowserServer {
        BrowserServer {
            phase: Phase::Uninitialized,
            documents: Documents::default(),
        }
    }

    /// Handles one message (a request, a notification, or a response to
    /// one of the server's requests) and returns every message to send
    /// back, in order: the response to a request, and the notifications it
    /// caused. Never panics on what the client sends: bad JSON gets the
    /// JSON-RPC error the desktop answers it with.
    pub fn handle(&mut self, message: &str) -> Vec<String> {
        let mut out = Out::default();
        if let Some(request) = rpc::read(message, &mut out) {
            self.request(request, &mut out);
        }
        out.into_messages()
    }

    fn request(&mut self, request: Request, out: &mut Out) {
        let Request { method, id, params } = request;
        match (method.as_str(), self.phase) {
            (_, Phase::Exited) => {}
            ("exit", _) => self.phase = Phase::Exited,
            ("initialize", Phase::Uninitialized) => {
                let Some(id) = id else { return };
                match from_params::<InitializeParams>(params) {
                    Ok(params) => {
                        let result = self.documents.initialize(&params);
                        self.phase = Phase::Initialized;
                        out.respond(id, Ok(rpc::json(&result)));
                    }
                    Err(err) => out.respond(id, Err(err)),
                }
            }
            ("initialize", _) => out.fail(id, Error::invalid_request()),
            ("shutdown", Phase::Initialized) => {
                self.phase = Phase::ShutDown;
                if let Some(id) = id {
                    out.respond(id, Ok("null".to_owned()));
                }
            }
            (_, Phase::Uninitialized) => out.fail(id, Error::not_initialized()),
            (_, Phase::ShutDown) => out.fail(id, Error::invalid_request()),
            (method, Phase::Initialized) => {
                let method = method.to_owned();
                // A panic is contained as the desktop's guard contains it:
                // the request gets an internal error, the session goes on
                // (in wasm a panic traps; the worker starts again).
                let guarded = std::panic::catch_unwind(AssertUnwindSafe(|| {
                    self.method(&method, id.clone(), params, out)
                }));
                if guarded.is_err() {
                    out.log(
                        MessageType::ERROR,
                        format!("boardls: internal error in {method}"),
                    );
                    out.fail(id, Error::internal(format!("internal error in {method}")));
                }
            }
        }
    }

    /// A method of an initialized session.
    fn method(&mut self, method: &str, id: Option<Id>, params: Option<Value>, out: &mut Out) {
        let docs = &mut self.documents;
        let answer: Result<String, Error> =
            match method {
                "initialized" => return docs.initialized(out),
                "textDocument/didOpen" => {
                    return notify(params, id, out, |p: DidOpenTextDocumentParams, out| {
                        docs.did_open(p, out)
                    });
                }
                "textDocument/didChange" => {
                    return notify(params, id, out, |p: DidChangeTextDocumentParams, out| {
                        docs.did_change(p, out)
                    });
                }
                "textDocument/didClose" => {
                    return notify(params, id, out, |p: DidCloseTextDocumentParams, out| {
                        docs.did_close(p, out)
                    });
                }
                "workspace/didChangeConfiguration" => {
                    return notify(params, id, out, |p: DidChangeConfigurationParams, out| {
                        docs.configuration_changed(&p.settings, out)
                    });
                }
                // Nothing to watch and no folders to scan: accepted, ignored.
                "workspace/didChangeWatchedFiles" | "workspace/didChangeWorkspaceFolders" => {
                    return notify(params, id, out, |_: Value, _| ());
                }
                "textDocument/hover" => {
                    from_params(params).map(|p: HoverParams| rpc::json(&docs.hover(p)))
                }
                "textDocument/inlayHint" => {
                    from_params(params).map(|p: InlayHintParams| rpc::json(&docs.inlay_hints(p)))
                }
                "textDocument/codeAction" => {
                    from_params(params).map(|p: CodeActionParams| rpc::json(&docs.code_actions(&p)))
                }
                "textDocument/codeLens" => {
                    from_params(params).map(|p: CodeLensParams| rpc::json(&docs.code_lenses(&p)))
                }
                "textDocument/definition" => from_params(params)
                    .map(|p: GotoDefinitionParams| rpc::json(&docs.definition(&p))),
                "textDocument/references" => {
                    from_params(params).map(|p: ReferenceParams| rpc::json(&docs.references(&p)))
                }
                "textDocument/formatting" => from_params(params)
                    .map(|p: DocumentFormattingParams| rpc::json(&docs.formatting(&p, out))),
                "textDocument/semanticTokens/range" => from_params(params)
                    .map(|p: SemanticTokensRangeParams| rpc::json(&docs.tokens_range(&p))),
                // The requests the desktop answers from a snapshot: its own
                // wording of bad params (`read_requests`).
                "textDocument/semanticTokens/full" => whole_params(params)
                    .map(|p: SemanticTokensParams| docs.tokens_full(&p.text_document.uri, None)),
                "textDocument/semanticTokens/full/delta" => {
                    whole_params(params).map(|p: SemanticTokensDeltaParams| {
                        docs.tokens_full(&p.text_document.uri, Some(&p.previous_result_id))
                    })
                }
                "textDocument/documentSymbol" => whole_params(params)
                    .map(|p: DocumentSymbolParams| docs.symbols(&p.text_document.uri)),
                "textDocument/foldingRange" => whole_params(params)
                    .map(|p: FoldingRangeParams| docs.folding(&p.text_document.uri)),
                VERDICTS_METHOD => from_params(params)
                    .map(|p: VerdictsParams| rpc::json(&docs.verdicts(&p.text_document.uri))),
                _ => Err(Error::method_not_found(method)),
            };
        if let Some(id) = id {
            out.respond(id, answer);
        }
    }
}

/// A notification's params read and handled; a notification sent as a
/// request is answered `InvalidRequest` (as the desktop's framework does).
fn notify<P: DeserializeOwned>(
    params: Option<Value>,
    id: Option<Id>,
    out: &mut Out,
    handle: impl FnOnce(P, &mut Out),
) {
    // A notification whose params cannot be read is dropped.
    if let Ok(params) = from_params(params) {
        handle(params, out);
    }
    out.fail(id, Error::invalid_request());
}

/// A request's params, as the desktop's framework reads them.
fn from_params<P: DeserializeOwned>(params: Option<Value>) -> Result<P, Error> {
    let params = params.ok_or_else(|| Error::invalid_params("Missing params field"))?;
    serde_json::from_value(params).map_err(|err| Error::invalid_params(err.to_string()))
}

/// The params of a request that reads a whole document, as the desktop's
/// `read_requests` reads them.
fn whole_params<P: DeserializeOwned>(params: Option<Value>) -> Result<P, Error> {
    serde_json::from_value(params.unwrap_or_default())
        .map_err(|err| Error::invalid_params(format!("invalid params: {err}")))
}
