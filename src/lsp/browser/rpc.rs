//! JSON-RPC messages as texts: the client's read, the server's written,
//! with the errors the desktop answers (its decoder's, its framework's).

use serde::{Deserialize as _, Serialize};
use serde_json::Value;
use tower_lsp_server::jsonrpc::{Error, ErrorCode, Id, Request, Response};
use tower_lsp_server::ls_types::{LogMessageParams, MessageType, ShowMessageParams};

/// The messages a turn sends back, in order.
#[derive(Default)]
pub(super) struct Out(Vec<String>);

impl Out {
    pub(super) fn into_messages(self) -> Vec<String> {
        self.0
    }

    /// The response to request `id`; `result` is the JSON of the result.
    pub(super) fn respond(&mut self, id: Id, result: Result<String, Error>) {
        match result {
            Ok(result) => {
                let id = json(&id);
                self.0.push(format!(
                    r#"{{"jsonrpc":"2.0","result":{result},"id":{id}}}"#
                ));
            }
            Err(error) => self.0.push(json(&Response::from_error(id, error))),
        }
    }

    /// `error` for a request; nothing for a notification (no `id`).
    pub(super) fn fail(&mut self, id: Option<Id>, error: Error) {
        if let Some(id) = id {
            self.respond(id, Err(error));
        }
    }

    /// A notification, its params serialized.
    pub(super) fn notify(&mut self, method: &str, params: &impl Serialize) {
        let params = json(params);
        self.0.push(format!(
            r#"{{"jsonrpc":"2.0","method":"{method}","params":{params}}}"#
        ));
    }

    /// A notification whose JSON is written already.
    pub(super) fn push(&mut self, message: String) {
        self.0.push(message);
    }

    /// `window/logMessage`.
    pub(super) fn log(&mut self, typ: MessageType, message: String) {
        self.notify("window/logMessage", &LogMessageParams { typ, message });
    }

    /// `window/showMessage`.
    pub(super) fn show(&mut self, typ: MessageType, message: String) {
        self.notify("window/showMessage", &ShowMessageParams { typ, message });
    }
}

/// `value` as JSON text (`null` if it cannot be: never for LSP types).
pub(super) fn json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_owned())
}

/// The error of a request before `initialize`.
pub(super) fn not_initialized() -> Error {
    Error {
        code: ErrorCode::ServerError(-32002),
        message: "Server not initialized".into(),
        data: None,
    }
}

/// The request or notification `message` holds; `None` for a response to
/// one of the server's requests (the server makes none it waits for) and
/// for what is not a message, which gets its error in `out`.
pub(super) fn read(message: &str, out: &mut Out) -> Option<Request> {
    let value = match serde_json::from_str::<Value>(message) {
        Ok(value) => value,
        Err(err) => {
            let error = error(ErrorCode::ParseError, format!("Parse error: {err}"));
            out.respond(Id::Null, Err(error));
            return None;
        }
    };
    if value.get("method").is_none() && Response::deserialize(&value).is_ok() {
        return None;
    }
    let id = request_id(&value);
    match Request::deserialize(value) {
        Ok(request) => Some(request),
        Err(_) => {
            let message = "Invalid Request: not a JSON-RPC 2.0 message".to_owned();
            out.respond(id, Err(error(ErrorCode::InvalidRequest, message)));
            None
        }
    }
}

fn error(code: ErrorCode, message: String) -> Error {
    Error {
        code,
        message: message.into(),
        data: None,
    }
}

/// The id of a message that is not valid, when it is one an answer can use.
fn request_id(value: &Value) -> Id {
    match value.get("id") {
        Some(Value::String(id)) => Id::String(id.clone()),
        Some(id) => id.as_i64().map_or(Id::Null, Id::Number),
        None => Id::Null,
    }
}
