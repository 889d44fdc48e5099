//! One session: the client's messages, handled one at a time in the order
//! they arrive, each under the panic guard.
//!
//! The loop reads a message, runs its handler to completion, and only then
//! reads the next. So every notification is applied before anything that
//! follows it, and every request answers for exactly the state the
//! messages before it produced (its snapshot is its place in the stream).
//! That is the ordering guarantee, by construction: it does not rest on how
//! a framework schedules futures. The requests that read a whole document
//! take their snapshot here, in their place, and are answered on a
//! blocking thread (`read_requests`), so nothing waits behind them. Other
//! handlers are short and synchronous;
//! whatever takes long or waits for the client (scans, file reads, the
//! server's own requests) runs as a task of its own and never blocks the
//! loop. tower-lsp-server's `LspService` still routes each method to the
//! `LanguageServer` implementation and keeps the protocol's states
//! (before `initialize`, after `shutdown`).

use std::panic::AssertUnwindSafe;
use std::sync::Arc;

use boardls_ide::handlers::whole::{InFlight, Job};
use boardls_ide::server::{
    Lifecycle, Route, Server, document_uri, internal_error, report_panic, route, short_name,
};
use futures::{FutureExt as _, SinkExt as _, StreamExt as _};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::Semaphore;
use tokio_util::codec::FramedRead;
use tower::Service as _;
use tower_lsp_server::LspService;
use tower_lsp_server::jsonrpc::{Request, Response};
use tower_lsp_server::ls_types::{
    DidChangeWatchedFilesParams, MessageType, ShowMessageParams, Uri,
};

use crate::priority;
use crate::state::session::{Desktop, Internal, Session};
use crate::state::shared::Shared;
use crate::wire::decode::{Incoming, LspCodec};
use crate::wire::outbox::Outbox;
use crate::wire::writer::{self, Limits, PastQueued, Wire};

/// How a session ended, for the exit status.
#[derive(Clone, Copy, Debug, Default)]
pub struct SessionEnd {
    /// A `shutdown` request was answered.
    pub shutdown: bool,
    /// An `exit` notification arrived.
    pub exit: bool,
}

impl SessionEnd {
    /// LSP: `exit` after `shutdown` is a success, `exit` without it a
    /// failure. A client that closes the stream is treated the same way: a
    /// clean end after `shutdown`, an abnormal one otherwise.
    pub fn success(&self) -> bool {
        self.shutdown
    }
}

#[cfg(feature = "test-hooks")]
pub use crate::test_hooks::Faults;

/// Serves one LSP session over a byte stream pair until `exit` or the end
/// of the input, and reports how it ended. Each session has its own
/// documents and settings, so any stream (stdio, a socket, an in-process
/// pipe in tests) can carry one.
pub async fn serve_session<I, O>(input: I, output: O) -> SessionEnd
where
    I: AsyncRead + Unpin + Send + 'static,
    O: AsyncWrite + Unpin + Send + 'static,
{
    serve_shared(input, output, Shared::private()).await
}

/// [`serve_session`] with the faults a test asks for.
#[cfg(feature = "test-hooks")]
pub async fn serve_session_with<I, O>(input: I, output: O, faults: Faults) -> SessionEnd
where
    I: AsyncRead + Unpin + Send + 'static,
    O: AsyncWrite + Unpin + Send + 'static,
{
    serve(input, output, Shared::private(), faults).await
}

/// [`serve_session`], one of the sessions that share `shared` (the files
/// on disk): those of a daemon, or of a TCP server. With the `test-hooks`
/// feature, its faults are those of the process (`Faults::from_env`, in the `test_hooks` module).
pub async fn serve_shared<I, O>(input: I, output: O, shared: Arc<Shared>) -> SessionEnd
where
    I: AsyncRead + Unpin + Send + 'static,
    O: AsyncWrite + Unpin + Send + 'static,
{
    #[cfg(feature = "test-hooks")]
    return serve(input, output, shared, Faults::from_env()).await;
    #[cfg(not(feature = "test-hooks"))]
    serve(input, output, shared).await
}

async fn serve<I, O>(
    input: I,
    output: O,
    shared: Arc<Shared>,
    #[cfg(feature = "test-hooks")] faults: Faults,
) -> SessionEnd
where
    I: AsyncRead + Unpin + Send + 'static,
    O: AsyncWrite + Unpin + Send + 'static,
{
    let _counted = shared.enter();
    let mut stopping = shared.stopping();
    let limits = Limits {
        past_queued: if shared.private {
            PastQueued::Wait
        } else {
            PastQueued::Drop
        },
        ..Limits::default()
    };
    #[cfg(feature = "test-hooks")]
    let limits = Limits {
        queued: crate::test_hooks::wire_bytes().unwrap_or(limits.queued),
        ..limits
    };
    let (wire, frames) = Wire::new(limits);
    let mut dropped = wire.dropped();
    let writer = tokio::spawn(writer::write_frames(output, frames));
    let outbox = Outbox::new(wire.clone());
    let mut started = None;
    let (mut service, socket, session) = boardls_ide::server::service(|client| {
        let (desktop, internal) = Desktop::new(client, outbox.clone(), shared);
        started = Some(internal);
        desktop
    });
    let mut lifecycle = Lifecycle::default();
    let Some(mut internal) = started else {
        return SessionEnd::default();
    };
    let (to_client, mut from_client) = socket.split();
    let forward = tokio::spawn(writer::forward(to_client, wire.clone()));
    #[cfg(feature = "test-hooks")]
    let mut jitter = faults.jitter();
    // A test's gate holds the polls of the session's store too (point
    // `poll`).
    #[cfg(feature = "test-hooks")]
    if faults.gate.is_some() {
        *session
            .host
            .store()
            .poll_faults
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = faults.clone();
    }
    let guard = Guard {
        session: session.clone(),
        elsewhere: Arc::new(Semaphore::new(1)),
        #[cfg(feature = "test-hooks")]
        faults,
    };
    let mut input = FramedRead::with_capacity(input, LspCodec::default(), 64 * 1024);
    let in_flight = InFlight::default();
    loop {
        // One message a turn: the session goes to the back of the runtime's
        // queue before each one, so sessions sharing the workers take turns
        // (the decoder hands out buffered messages without ever yielding,
        // and one session could otherwise run a whole flood in one go).
        tokio::task::yield_now().await;
        // A private server whose client leaves too much unread reads it
        // no more until the writer catches up (its own work still runs).
        let held = wire.over_limit();
        let next = tokio::select! {
            biased;
            Ok(()) = stopping.changed() => Next::Stopping(stopping.borrow().clone()),
            Ok(()) = dropped.changed() => Next::Dropped(dropped.borrow().clone()),
            item = input.next(), if !held => Next::Client(item),
            () = wire.caught_up(), if held => continue,
            Some(work) = internal.recv() => Next::Internal(work),
        };
        #[cfg(feature = "test-hooks")]
        if let Some(jitter) = &mut jitter {
            jitter.pause().await;
        }
        let item = match next {
            Next::Stopping(why) => {
                // The client hears why before the connection closes; its
                // forwarder then exits, and the editor starts it again.
                let why = why.unwrap_or(boardls_engine::message!("show-server-stopping"));
                warn(&wire, why.word(session.caps().locale));
                break;
            }
            Next::Dropped(why) => {
                eprintln!("boardls: dropping a session: {}", why.unwrap_or_default());
                break;
            }
            Next::Internal(work) => {
                guard.internal(&session, work);
                continue;
            }
            // The end of the input, or a failed read: the session is over.
            Next::Client(None | Some(Err(_))) => break,
            Next::Client(Some(Ok(item))) => item,
        };
        match item {
            Incoming::Invalid(response) => wire.send(&response),
            Incoming::Response(response) => {
                // An answer to one of the server's own requests; if nobody
                // waits for it any more, it is dropped.
                let _ = from_client.send(response).await;
            }
            Incoming::Request(request) => {
                // From here on the request names documents by their keys.
                let request = wire.spellings.to_keys(request);
                // A panic here escapes the guard and ends the session's
                // task: what a bug in the loop itself would do.
                #[cfg(feature = "test-hooks")]
                guard.faults.armed(|| {
                    crate::test_hooks::fault_point(&format!(
                        "unguarded-{}",
                        short_name(request.method())
                    ));
                });
                #[cfg(feature = "test-hooks")]
                if request.method() == crate::test_hooks::SETTLED_METHOD {
                    answer_settled(&session, &request);
                    continue;
                }
                let request = match route(&session, request, &lifecycle, &in_flight) {
                    Route::Job(job) => {
                        guard.run_elsewhere(job, &wire, &in_flight);
                        continue;
                    }
                    Route::Answered(response) => {
                        wire.send(&response);
                        continue;
                    }
                    Route::Service(request) => request,
                };
                if lifecycle.serving && guard.pull(&session, &request, &wire) {
                    continue;
                }
                let method = request.method().to_owned();
                lifecycle.handed(&method);
                if let Some(response) = guard.call(&session, &mut service, request).await {
                    lifecycle.answered(&method, response.is_ok());
                    let ok = response.is_ok();
                    wire.send(&wire.spellings.spell_response(response));
                    if method == "initialize"
                        && ok
                        && let Some(warning) = &session.host.shared.warning
                    {
                        warn(&wire, warning.word(session.caps().locale));
                    }
                }
                if lifecycle.exit {
                    break;
                }
            }
        }
    }
    in_flight.cancel_all();
    session.end();
    // The framework's client may still be held by background work: stop
    // forwarding, close the wire, and let the writer drain what was queued.
    forward.abort();
    wire.close();
    if dropped.borrow().is_some() {
        // Its client takes nothing: the writer would wait for ever.
        writer.abort();
    } else {
        let _ = writer.await;
    }
    SessionEnd {
        shutdown: lifecycle.shutdown,
        exit: lifecycle.exit,
    }
}

/// Answers a test's [`SETTLED_METHOD`](crate::test_hooks::SETTLED_METHOD)
/// request once the session's background work started so far has ended,
/// no round of the disk's poll (`Store::poll_work`, shared with the
/// process's other sessions) is in progress, and the work queued on its ordered path before the request has run,
/// both again until no task started meanwhile; the answer goes through the
/// outbox, so every notification that work queued reaches the wire first
/// (the wire writes its frames in the order they are queued).
#[cfg(feature = "test-hooks")]
fn answer_settled(session: &Session, request: &Request) {
    let Some(id) = request.id().cloned() else {
        return;
    };
    // Not a task of the session's own: it waits for them.
    let session = session.clone();
    tokio::spawn(async move {
        let store = session.host.store();
        loop {
            session.host.background.until_idle().await;
            store.poll_work.until_idle().await;
            let started = session.host.background.started();
            let (ran, queued_before) = tokio::sync::oneshot::channel();
            session.host.queue(Internal::Settled(ran));
            if queued_before.await.is_err() {
                return; // The session ended.
            }
            if session.host.background.idle()
                && session.host.background.started() == started
                && store.poll_work.idle()
            {
                break;
            }
        }
        let answer = Response::from_ok(id, serde_json::Value::Null);
        session
            .host
            .outbox
            .send(crate::wire::outbox::Outgoing::Answer(answer));
    });
}

/// Tells the client `message` as a warning (`window/showMessage`).
fn warn(wire: &Wire, message: String) {
    let message = ShowMessageParams {
        typ: MessageType::WARNING,
        message,
    };
    wire.notify("window/showMessage", &message);
}

enum Next {
    Client(Option<std::io::Result<Incoming>>),
    Internal(Internal),
    Stopping(Option<boardls_engine::i18n::Message>),
    /// The client is past the wire's limits: why.
    Dropped(Option<String>),
}

/// The one panic guard: every handler, request or notification, from the
/// client or from the session itself, runs inside it. A panic is logged
/// with the document's URI (stderr and `window/logMessage`); a request gets
/// an InternalError answer; after a notification about a document, the
/// document is read again from its text (which every edit reached) and
/// published at once; the session goes on.
#[derive(Clone)]
struct Guard {
    session: Session,
    /// One job of the session at a time on the blocking pool, in order: a
    /// session that floods whole-document requests waits for its own
    /// jobs, and cannot take every core from the others.
    elsewhere: Arc<Semaphore>,
    #[cfg(feature = "test-hooks")]
    faults: Faults,
}

impl Guard {
    /// Runs one request or notification through the service.
    async fn call(
        &self,
        session: &Session,
        service: &mut LspService<Server<Desktop>>,
        request: Request,
    ) -> Option<Response> {
        let id = request.id().cloned();
        let what = short_name(request.method()).to_owned();
        let document = document_uri(&request).map(str::to_owned);
        // What a panic is about: the document, else the method.
        let subject = document
            .clone()
            .unwrap_or_else(|| request.method().to_owned());
        if futures::future::poll_fn(|cx| service.poll_ready(cx))
            .await
            .is_err()
        {
            return None; // After `exit`: nothing is served.
        }
        let handled = service.call(request);
        #[cfg(feature = "test-hooks")]
        let handled = self.faults.around(&what, handled);
        match AssertUnwindSafe(handled).catch_unwind().await {
            Ok(response) => response.ok().flatten(),
            Err(payload) => {
                self.report(&what, &subject, payload.as_ref());
                match id {
                    Some(id) => Some(internal_error(id)),
                    None => {
                        if let Some(uri) = document.and_then(|uri| uri.parse::<Uri>().ok()) {
                            self.recover(session, &uri);
                        }
                        None
                    }
                }
            }
        }
    }

    /// After a notification about `uri` panicked: the document, if open,
    /// is read again from its text and published.
    fn recover(&self, session: &Session, uri: &Uri) {
        let recovered = std::panic::catch_unwind(AssertUnwindSafe(|| session.recover(uri)));
        if let Err(payload) = recovered {
            self.report("recovery", uri.as_str(), payload.as_ref());
        }
    }

    /// Answers a pull report for an open document, written from its kept
    /// pieces (`pull_diagnostics::written`); `false` where the service
    /// answers it. A panic is answered with InternalError, as the
    /// service's would be.
    fn pull(&self, session: &Session, request: &Request, wire: &Wire) -> bool {
        if request.method() != "textDocument/diagnostic" {
            return false;
        }
        let written = || boardls_ide::handlers::pull::written(session, request);
        #[cfg(feature = "test-hooks")]
        let written = || {
            self.faults.armed(|| {
                crate::test_hooks::fault_point("diagnostic");
                written()
            })
        };
        match std::panic::catch_unwind(AssertUnwindSafe(written)) {
            Ok(Some(body)) => wire.send_body(body),
            Ok(None) => return false,
            Err(payload) => {
                let subject = document_uri(request).unwrap_or(request.method());
                self.report("diagnostic", subject, payload.as_ref());
                let Some(id) = request.id() else {
                    return false;
                };
                wire.send(&internal_error(id.clone()));
            }
        }
        true
    }

    /// Answers `job` on a blocking thread, under the guard (a panic there
    /// is logged and answered with InternalError), once the session's
    /// previous job there is done.
    fn run_elsewhere(&self, job: Job, wire: &Wire, in_flight: &InFlight) {
        let guard = self.clone();
        let wire = wire.clone();
        let in_flight = in_flight.clone();
        let turn = self.elsewhere.clone().acquire_owned();
        tokio::spawn(async move {
            let Ok(turn) = turn.await else {
                return;
            };
            let _ = priority::spawn(move || {
                let _turn = turn;
                guard.answer(job, &wire, &in_flight);
            })
            .await;
        });
    }

    /// Answers `job` (on a blocking thread), under the guard.
    fn answer(&self, job: Job, wire: &Wire, in_flight: &InFlight) {
        let id = job.id().clone();
        let what = short_name(job.method()).to_owned();
        let subject = job.subject();
        #[cfg(feature = "test-hooks")]
        let run = || {
            self.faults.hold(&what);
            self.faults.armed(|| {
                crate::test_hooks::fault_point(&what);
                job.run(wire)
            })
        };
        #[cfg(not(feature = "test-hooks"))]
        let run = || job.run(wire);
        let answered = std::panic::catch_unwind(AssertUnwindSafe(run));
        in_flight.finished(&id);
        match answered {
            Ok(()) => {}
            Err(payload) => {
                self.report(&what, &subject, payload.as_ref());
                wire.send(&internal_error(id));
            }
        }
    }

    /// Runs work the session queued for itself.
    fn internal(&self, session: &Session, work: Internal) {
        let (what, subject, run): (&str, String, Box<dyn FnOnce()>) = match work {
            Internal::FilesChanged(changes) => (
                "didChangeWatchedFiles",
                "the workspace".to_owned(),
                Box::new(|| {
                    let params = DidChangeWatchedFilesParams { changes };
                    boardls_ide::handlers::workspace::did_change_watched_files(session, params);
                }),
            ),
            Internal::PublishOpen(uri) => (
                "publishDiagnostics",
                uri.as_str().to_owned(),
                Box::new(move || boardls_ide::handlers::text_sync::publish_waiting(session, &uri)),
            ),
            #[cfg(feature = "test-hooks")]
            Internal::Settled(ran) => (
                "settled",
                "the session".to_owned(),
                Box::new(move || {
                    let _ = ran.send(());
                }),
            ),
        };
        #[cfg(feature = "test-hooks")]
        let run = || {
            self.faults.armed(|| {
                crate::test_hooks::fault_point(what);
                run();
            })
        };
        if let Err(payload) = std::panic::catch_unwind(AssertUnwindSafe(run)) {
            self.report(what, &subject, payload.as_ref());
        }
    }

    fn report(&self, what: &str, subject: &str, payload: &(dyn std::any::Any + Send)) {
        report_panic(&self.session, what, subject, payload);
    }
}
