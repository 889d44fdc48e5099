//! The browser's host of the IDE core: one JSON-RPC message in, the
//! messages it causes out, synchronously, on one thread. The core's method
//! table, the protocol's states (tower-lsp-server's `LspService`, run to
//! completion at once: no handler of the core waits for anything) and the
//! routing are the desktop's; what this host adds is its transport and
//! what it lacks: no files but the open documents, no workspace folders,
//! no daemon, diagnostics pushed. `initialize` says so
//! (`capabilities.experimental.boardls`).

use std::panic::AssertUnwindSafe;
use std::sync::{Mutex, MutexGuard, PoisonError};

use boardls_ide::files::{Files, NoFiles};
use boardls_ide::handlers::whole::{Answers, InFlight};
use boardls_ide::kept::publish::{Listing, Published, listed_notification, notification};
use boardls_ide::rpc::{Incoming, read_message};
use boardls_ide::server::{
    Lifecycle, Route, Server, document_uri, internal_error, report_panic, route, short_name,
};
use boardls_ide::session::{Host, Session};
use futures::FutureExt as _;
use ls_types::{LogMessageParams, MessageType, ShowMessageParams, Uri};
use serde::Serialize;
use serde_json::Value;
use tower::Service as _;
use tower_lsp_server::LspService;
use tower_lsp_server::jsonrpc::Request;

/// What the server runs on, in `serverInfo.version` (`0.1.0+wasm32`: the
/// mark that the WebAssembly build answered) and the `initialize` result.
pub const PLATFORM: &str = if cfg!(target_family = "wasm") {
    "wasm32"
} else {
    "native"
};

/// The messages a turn sends back, in order, and the publishes it put off.
#[derive(Default)]
pub struct BrowserHost {
    out: Mutex<Vec<String>>,
    later: Mutex<Vec<Uri>>,
}

fn locked<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `value` as JSON text (`null` if it cannot be: never for LSP types).
fn json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_owned())
}

impl BrowserHost {
    fn push(&self, message: String) {
        locked(&self.out).push(message);
    }

    fn notify(&self, method: &str, params: &impl Serialize) {
        let params = json(params);
        self.push(format!(
            r#"{{"jsonrpc":"2.0","method":"{method}","params":{params}}}"#
        ));
    }
}

impl Host for BrowserHost {
    type Data = ();

    fn files(&self) -> &dyn Files {
        &NoFiles
    }

    fn publish_open(&self, published: Published) {
        self.push(String::from_utf8_lossy(&notification(&published)).into_owned());
    }

    fn publish(&self, uri: Uri, version: Option<i32>, listing: Listing) {
        let body = listed_notification(&uri, version, &listing);
        self.push(String::from_utf8_lossy(&body).into_owned());
    }

    fn log(&self, typ: MessageType, message: String) {
        self.notify("window/logMessage", &LogMessageParams { typ, message });
    }

    fn show(&self, typ: MessageType, message: String) {
        self.notify("window/showMessage", &ShowMessageParams { typ, message });
    }

    fn publish_later(&self, uri: Uri) {
        locked(&self.later).push(uri);
    }

    fn version_suffix() -> &'static str {
        if cfg!(target_family = "wasm") {
            "+wasm32"
        } else {
            "+native"
        }
    }

    fn experimental() -> Option<Value> {
        Some(serde_json::json!({
            "boardls": {
                "platform": PLATFORM,
                "workspaceScan": false,
                "daemon": false,
                "answerPairing": "open documents",
            }
        }))
    }

    fn push_only() -> bool {
        true
    }
}

/// A job's answer, into the turn's messages.
impl Answers for BrowserHost {
    fn send_body(&self, body: Vec<u8>) {
        self.push(String::from_utf8_lossy(&body).into_owned());
    }
}

/// One session of the browser's language server.
pub struct BrowserSession {
    service: LspService<Server<BrowserHost>>,
    session: Session<BrowserHost>,
    lifecycle: Lifecycle,
    in_flight: InFlight,
}

impl Default for BrowserSession {
    fn default() -> BrowserSession {
        BrowserSession::new()
    }
}

impl BrowserSession {
    pub fn new() -> BrowserSession {
        // The server's own requests to the client (none of this host's
        // hooks makes one) would wait on the socket: it is dropped.
        let (service, _socket, session) = boardls_ide::server::service(|_| BrowserHost::default());
        BrowserSession {
            service,
            session,
            lifecycle: Lifecycle::default(),
            in_flight: InFlight::default(),
        }
    }

    /// Handles one message (a request, a notification, or a response to
    /// one of the server's requests) and returns every message to send
    /// back, in order: the notifications it caused, then the response to
    /// a request. Never panics on what the client sends: bad JSON gets the
    /// JSON-RPC error the desktop answers it with.
    pub fn handle(&mut self, message: &str) -> Vec<String> {
        let response = match read_message(message.as_bytes()) {
            Incoming::Invalid(response) => Some(json(&response)),
            // An answer to a request of the server's: none waits for one.
            Incoming::Response(_) => None,
            Incoming::Request(request) => self.request(request),
        };
        // The publishes put off for the turn's end: this is its end.
        let later = std::mem::take(&mut *locked(&self.session.host.later));
        for uri in later {
            let published = std::panic::catch_unwind(AssertUnwindSafe(|| {
                boardls_ide::handlers::text_sync::publish_waiting(&self.session, &uri);
            }));
            if let Err(payload) = published {
                report_panic(
                    &self.session,
                    "publishDiagnostics",
                    uri.as_str(),
                    payload.as_ref(),
                );
            }
        }
        let mut out = std::mem::take(&mut *locked(&self.session.host.out));
        out.extend(response);
        out
    }

    /// A request or notification, routed as the desktop routes it, under
    /// the same guard: a panic is logged, a request gets an internal error,
    /// a document a notification was about is read again and published
    /// (in wasm a panic traps; the worker starts again).
    fn request(&mut self, request: Request) -> Option<String> {
        if self.lifecycle.exit {
            return None;
        }
        let method = request.method().to_owned();
        let id = request.id().cloned();
        let document = document_uri(&request).map(str::to_owned);
        let routed = std::panic::catch_unwind(AssertUnwindSafe(|| {
            route(&self.session, request, &self.lifecycle, &self.in_flight)
        }));
        let request = match routed {
            Ok(Route::Answered(response)) => return Some(json(&response)),
            Ok(Route::Job(job)) => {
                let job_id = job.id().clone();
                let subject = job.subject();
                let host = &*self.session.host;
                let ran = std::panic::catch_unwind(AssertUnwindSafe(|| job.run(host)));
                self.in_flight.finished(&job_id);
                if let Err(payload) = ran {
                    report_panic(
                        &self.session,
                        short_name(&method),
                        &subject,
                        payload.as_ref(),
                    );
                    return Some(json(&internal_error(job_id)));
                }
                return None;
            }
            Ok(Route::Service(request)) => request,
            Err(payload) => {
                let subject = document.as_deref().unwrap_or(&method);
                report_panic(
                    &self.session,
                    short_name(&method),
                    subject,
                    payload.as_ref(),
                );
                return id.map(|id| json(&internal_error(id)));
            }
        };
        let ready = futures::future::poll_fn(|cx| self.service.poll_ready(cx)).now_or_never();
        if !matches!(ready, Some(Ok(()))) {
            return None; // After `exit`: nothing is served.
        }
        self.lifecycle.handed(&method);
        let called = std::panic::catch_unwind(AssertUnwindSafe(|| {
            self.service.call(request).now_or_never()
        }));
        match called {
            Ok(Some(Ok(Some(response)))) => {
                self.lifecycle.answered(&method, response.is_ok());
                Some(json(&response))
            }
            Ok(_) => None,
            Err(payload) => {
                let subject = document.as_deref().unwrap_or(&method);
                report_panic(
                    &self.session,
                    short_name(&method),
                    subject,
                    payload.as_ref(),
                );
                match id {
                    Some(id) => Some(json(&internal_error(id))),
                    None => {
                        if let Some(uri) = document.and_then(|uri| uri.parse::<Uri>().ok()) {
                            let recovered = std::panic::catch_unwind(AssertUnwindSafe(|| {
                                self.session.recover(&uri);
                            }));
                            if let Err(payload) = recovered {
                                report_panic(
                                    &self.session,
                                    "recovery",
                                    uri.as_str(),
                                    payload.as_ref(),
                                );
                            }
                        }
                        None
                    }
                }
            }
        }
    }
}
