//! Requests that read a whole document (semantic tokens, symbols,
//! folding), answered from a snapshot ([`Job`]) wherever the host runs it:
//! the desktop on a blocking thread, so that edits, hovers and pulls never
//! wait behind them; the browser at once.
//!
//! - The host takes the snapshot when the request arrives, in its place
//!   among the client's messages ([`take`]): the document's `Arc`, so the
//!   answer is for the document as every earlier message left it. It
//!   then goes on with the next message. An edit that comes while the
//!   snapshot is still read copies the document first (`Arc::make_mut`).
//! - The answer is written straight to JSON bytes, never built as a
//!   `serde_json::Value` (a `Value` of a big document's tokens or symbols
//!   costs many times their bytes).
//! - `$/cancelRequest`, or the end of the session, raises the request's
//!   [`Cancel`]: its loops stop, and the client gets `RequestCancelled`.
//! - Before `initialize` and after `shutdown` these requests go to the
//!   framework like any other, which answers them with the protocol's
//!   errors.
//! - From [`STREAM_TOKENS_FROM`] positions a document's whole token array
//!   is written twice rather than held whole ([`Answers::send_streamed`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use std::io::Write;

use boardls_engine::document::Document;
use ls_types::{
    DocumentSymbolParams, FoldingRangeParams, SemanticTokensDeltaParams, SemanticTokensParams, Uri,
};
use serde::de::DeserializeOwned;
use tower_lsp_server::jsonrpc::{ErrorCode, Id, Request, Response};

use crate::features::symbols;
use crate::kept::symbols::KeptSymbols;
use crate::kept::tokens::KeptTokens;
use crate::rpc::{body, error_response, write_response, written_with};
use crate::session::{Host, Session};
use crate::view::{Cancel, ClientCaps, DocView};

/// From this many positions a document's whole token array is streamed
/// to the client, written twice rather than held whole, so that the
/// server's peak memory with a big document open does not hold the JSON
/// of every token (BENCHMARKS.md, "Kept pieces and memory").
pub const STREAM_TOKENS_FROM: usize = 20_000;

/// Where a job's answer goes: the host's way out.
pub trait Answers {
    /// A whole response.
    fn send_body(&self, body: Vec<u8>);

    /// A response whose body `write` writes, never held whole where the
    /// host can help it: the desktop writes it twice, once to count its
    /// bytes (the header comes first), then into chunks. `write` writes
    /// the same bytes both times. `None` (nothing sent) when the first
    /// pass gives up.
    fn send_streamed(&self, write: &mut dyn FnMut(&mut dyn Write) -> Option<()>) -> Option<()> {
        let mut written = Vec::new();
        write(&mut written)?;
        self.send_body(written);
        Some(())
    }
}

/// What a taken request asks for.
enum Work {
    TokensFull,
    TokensDelta { previous: String },
    Symbols,
    Folding,
}

/// An open document as it was when the request arrived.
struct Snapshot {
    uri: Uri,
    doc: Arc<Document>,
    version: i32,
    caps: ClientCaps,
    generation: u64,
    tokens: Arc<Mutex<KeptTokens>>,
    symbols: Arc<Mutex<KeptSymbols>>,
}

/// A request to answer on another thread.
pub struct Job {
    id: Id,
    method: String,
    work: Work,
    /// `None` when the document is not open: the answer is `null`.
    snapshot: Option<Snapshot>,
    cancel: Cancel,
}

/// What became of a request offered to [`take`].
pub enum Taken {
    /// To run with [`Job::run`], off the dispatcher's path.
    Job(Job),
    /// Answered at once (its params could not be read).
    Answered(Response),
    /// Not one of these requests: the dispatcher serves it.
    NotOurs(Request),
}

/// The cancellation flags of the jobs still running, by request id.
#[derive(Clone, Default)]
pub struct InFlight(Arc<Mutex<HashMap<Id, Cancel>>>);

impl InFlight {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Id, Cancel>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// `$/cancelRequest` for one of the jobs: it stops early.
    pub fn cancel_requested(&self, request: &Request) {
        let id = request
            .params()
            .and_then(|params| params.get("id"))
            .and_then(|id| serde_json::from_value::<Id>(id.clone()).ok());
        if let Some(cancel) = id.and_then(|id| self.lock().get(&id).cloned()) {
            cancel.cancel();
        }
    }

    /// The session is over: every job stops.
    pub fn cancel_all(&self) {
        for cancel in self.lock().values() {
            cancel.cancel();
        }
    }

    /// The job `id` answered.
    pub fn finished(&self, id: &Id) {
        self.lock().remove(id);
    }
}

/// Takes `request` if it is one of these requests, with the snapshot of
/// its document.
pub fn take<H: Host>(session: &Session<H>, request: Request, in_flight: &InFlight) -> Taken {
    let work = match request.method() {
        "textDocument/semanticTokens/full" => params::<SemanticTokensParams>(&request)
            .map(|p| (p.text_document.uri, Work::TokensFull)),
        "textDocument/semanticTokens/full/delta" => params::<SemanticTokensDeltaParams>(&request)
            .map(|p| {
                let previous = p.previous_result_id;
                (p.text_document.uri, Work::TokensDelta { previous })
            }),
        "textDocument/documentSymbol" => {
            params::<DocumentSymbolParams>(&request).map(|p| (p.text_document.uri, Work::Symbols))
        }
        "textDocument/foldingRange" => {
            params::<FoldingRangeParams>(&request).map(|p| (p.text_document.uri, Work::Folding))
        }
        _ => return Taken::NotOurs(request),
    };
    // A notification by one of these names is not answered.
    let Some(id) = request.id().cloned() else {
        return Taken::NotOurs(request);
    };
    let (uri, work) = match work {
        Ok(taken) => taken,
        Err(why) => return Taken::Answered(error_response(id, ErrorCode::InvalidParams, why)),
    };
    let snapshot = {
        let mut state = session.lock();
        let caps = state.caps;
        state.docs.get_mut(&uri).map(|open| {
            open.repair();
            Snapshot {
                doc: Arc::clone(&open.doc),
                version: open.version,
                caps,
                generation: open.generation,
                tokens: Arc::clone(&open.tokens),
                symbols: Arc::clone(&open.symbols),
                uri,
            }
        })
    };
    let cancel = Cancel::new();
    in_flight.lock().insert(id.clone(), cancel.clone());
    Taken::Job(Job {
        id,
        method: request.method().to_owned(),
        work,
        snapshot,
        cancel,
    })
}

fn params<P: DeserializeOwned>(request: &Request) -> Result<P, String> {
    let params = request.params().cloned().unwrap_or_default();
    serde_json::from_value(params).map_err(|err| format!("invalid params: {err}"))
}

impl Job {
    pub fn id(&self) -> &Id {
        &self.id
    }

    pub fn method(&self) -> &str {
        &self.method
    }

    /// The document it is about.
    pub fn subject(&self) -> String {
        self.snapshot
            .as_ref()
            .map_or_else(|| self.method.clone(), |s| s.uri.as_str().to_owned())
    }

    /// Answers through `wire`: the answer, or `RequestCancelled` when the
    /// client cancelled it meanwhile.
    pub fn run(self, wire: &impl Answers) {
        let Job {
            id,
            work,
            snapshot,
            cancel,
            ..
        } = self;
        let Some(snapshot) = snapshot else {
            return wire.send_body(body(&id, &()));
        };
        let view = DocView {
            uri: &snapshot.uri,
            doc: &snapshot.doc,
            version: snapshot.version,
            caps: snapshot.caps,
        };
        let answer = match work {
            Work::TokensFull | Work::TokensDelta { .. } => {
                // One lock for the check and the answer: a delta from the
                // last result sent is a splice, anything else every token.
                let mut tokens = snapshot
                    .tokens
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                let generation = snapshot.generation;
                if let Work::TokensDelta { previous } = &work
                    && tokens.is_last_result(previous)
                {
                    tokens
                        .delta(&view, previous, generation, &cancel)
                        .map(|delta| body(&id, &delta))
                } else if snapshot.doc.position_count() < STREAM_TOKENS_FROM {
                    written_with(&id, |out| tokens.full_json(&view, generation, &cancel, out))
                } else {
                    // Once the header is out the body must follow: only
                    // the counting pass may be cancelled.
                    let never = Cancel::new();
                    let mut counting = true;
                    let sent = wire.send_streamed(&mut |out| {
                        let cancel = if std::mem::take(&mut counting) {
                            &cancel
                        } else {
                            &never
                        };
                        write_response(&id, out, |out| {
                            tokens.full_json(&view, generation, cancel, out)
                        })
                    });
                    if sent.is_some() {
                        return;
                    }
                    None
                }
            }
            Work::Symbols => written_with(&id, |out| {
                snapshot
                    .symbols
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .answer(&view, &cancel, out)
            }),
            Work::Folding => {
                let found = symbols::folding_ranges(&view, &cancel);
                (!cancel.is_cancelled()).then(|| body(&id, &found))
            }
        };
        wire.send_body(answer.unwrap_or_else(|| {
            let cancelled = error_response(
                id,
                ErrorCode::RequestCancelled,
                "the request was cancelled".to_owned(),
            );
            serde_json::to_vec(&cancelled).unwrap_or_default()
        }));
    }
}
