//! JSON-RPC messages as texts: the client's read, the server's written,
//! with the errors the desktop answers (its decoder's, and those of its
//! framework, tower-lsp-server, whose runtime the browser does without:
//! the same codes and wording, written here).

use ls_types::{LogMessageParams, MessageType, ShowMessageParams};
use serde::Serialize;
use serde_json::{Map, Value};

/// A request's id: a number, a string, or `null`.
pub(super) type Id = Value;

/// A JSON-RPC error.
#[derive(Serialize)]
pub(super) struct Error {
    code: i64,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    data: Option<Value>,
}

impl Error {
    fn new(code: i64, message: impl Into<String>) -> Error {
        Error {
            code,
            message: message.into(),
            data: None,
        }
    }

    pub(super) fn invalid_request() -> Error {
        Error::new(-32600, "Invalid request")
    }

    /// An unknown method, named in `data` (as the framework names it).
    pub(super) fn method_not_found(method: &str) -> Error {
        Error {
            data: Some(Value::String(method.to_owned())),
            ..Error::new(-32601, "Method not found")
        }
    }

    pub(super) fn invalid_params(message: impl Into<String>) -> Error {
        Error::new(-32602, message)
    }

    pub(super) fn internal(message: impl Into<String>) -> Error {
        Error::new(-32603, message)
    }

    /// A request before `initialize`.
    pub(super) fn not_initialized() -> Error {
        Error::new(-32002, "Server not initialized")
    }
}

/// A request (with an id) or a notification (without).
pub(super) struct Request {
    pub(super) method: String,
    pub(super) id: Option<Id>,
    pub(super) params: Option<Value>,
}

/// The messages a turn sends back, in order.
#[derive(Default)]
pub(super) struct Out(Vec<String>);

impl Out {
    pub(super) fn into_messages(self) -> Vec<String> {
        self.0
    }

    /// The response to request `id`; `result` is the JSON of the result.
    pub(super) fn respond(&mut self, id: Id, result: Result<String, Error>) {
        let id = json(&id);
        match result {
            Ok(result) => self.0.push(format!(
                r#"{{"jsonrpc":"2.0","result":{result},"id":{id}}}"#
            )),
            Err(error) => {
                let error = json(&error);
                self.0
                    .push(format!(r#"{{"jsonrpc":"2.0","error":{error},"id":{id}}}"#));
            }
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

    /// `window/logMessage`, in English whatever the session's language
    /// (see `Session::log`).
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

/// The request or notification `message` holds; `None` for a response to
/// one of the server's requests (the server makes none it waits for) and
/// for what is not a message, which gets its error in `out`.
pub(super) fn read(message: &str, out: &mut Out) -> Option<Request> {
    let value = match serde_json::from_str::<Value>(message) {
        Ok(value) => value,
        Err(err) => {
            let error = Error::new(-32700, format!("Parse error: {err}"));
            out.respond(Value::Null, Err(error));
            return None;
        }
    };
    let Some(object) = value
        .as_object()
        .filter(|o| o.get("jsonrpc") == Some(&"2.0".into()))
    else {
        return invalid(&value, out);
    };
    // A response (no method): to no request of the server's; dropped.
    if !object.contains_key("method") {
        return None;
    }
    match request(object) {
        Some(request) => Some(request),
        None => invalid(&value, out),
    }
}

/// A request's parts, as the framework reads them: a string method, an id
/// that is a whole number, a string or `null`, any params.
fn request(object: &Map<String, Value>) -> Option<Request> {
    let method = object.get("method")?.as_str()?.to_owned();
    let id = match object.get("id") {
        None => None,
        Some(id @ (Value::Null | Value::String(_))) => Some(id.clone()),
        Some(id) => Some(Value::from(id.as_i64()?)),
    };
    let params = object.get("params").cloned();
    Some(Request { method, id, params })
}

/// The error of what is not a JSON-RPC 2.0 message, to its id when it has
/// one an answer can use.
fn invalid(value: &Value, out: &mut Out) -> Option<Request> {
    let id = match value.get("id") {
        Some(Value::String(id)) => Value::String(id.clone()),
        Some(id) => id.as_i64().map_or(Value::Null, Value::from),
        None => Value::Null,
    };
    let message = "Invalid Request: not a JSON-RPC 2.0 message";
    out.respond(id, Err(Error::new(-32600, message)));
    None
}
