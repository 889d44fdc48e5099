//! JSON-RPC messages as the core reads and writes them, for every host:
//! a message's text read into a request, a response to one of the
//! server's own requests, or the error to answer instead; responses
//! written in place (a big result is written straight into its bytes, not
//! built as a JSON tree first).

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tower_lsp_server::jsonrpc::{Error, ErrorCode, Id, Request, Response};

/// One message from the client.
#[derive(Debug)]
pub enum Incoming {
    /// A request or a notification.
    Request(Request),
    /// The client's answer to one of the server's own requests.
    Response(Response),
    /// Not a message: the error response to send instead.
    Invalid(Response),
}

/// The message whose JSON text is `body`.
///
/// The body is parsed once, into a JSON value whose strings (a `didOpen`'s
/// whole text among them) are then moved, not copied, into the message.
/// (Deserializing an untagged `Response | Request` enum straight from the
/// bytes buffered the body in serde's own tree first and copied it again
/// into the request.)
pub fn read_message(body: &[u8]) -> Incoming {
    let value = match serde_json::from_slice::<Value>(body) {
        Ok(value) => value,
        Err(err) => return parse_error(&err.to_string()),
    };
    if value.get("method").is_none()
        && let Ok(response) = Response::deserialize(&value)
    {
        return Incoming::Response(response);
    }
    let id = request_id(&value);
    match Request::deserialize(value) {
        Ok(request) => Incoming::Request(request),
        Err(_) => Incoming::Invalid(error_response(
            id,
            ErrorCode::InvalidRequest,
            "Invalid Request: not a JSON-RPC 2.0 message".to_owned(),
        )),
    }
}

/// What answers bytes that are not a message.
pub fn parse_error(reason: &str) -> Incoming {
    Incoming::Invalid(error_response(
        Id::Null,
        ErrorCode::ParseError,
        format!("Parse error: {reason}"),
    ))
}

/// The id of a message that is not valid, when it is one an answer can use.
fn request_id(value: &Value) -> Id {
    match value.get("id") {
        Some(Value::String(id)) => Id::String(id.clone()),
        Some(id) => id.as_i64().map_or(Id::Null, Id::Number),
        None => Id::Null,
    }
}

/// A JSON-RPC error response.
pub fn error_response(id: Id, code: ErrorCode, message: String) -> Response {
    Response::from_error(
        id,
        Error {
            code,
            message: message.into(),
            data: None,
        },
    )
}

/// A success response with `result`, serialized as it is written.
pub fn body<R: Serialize>(id: &Id, result: &R) -> Vec<u8> {
    #[derive(Serialize)]
    struct Success<'a, R> {
        jsonrpc: &'static str,
        result: &'a R,
        id: &'a Id,
    }
    serde_json::to_vec(&Success {
        jsonrpc: "2.0",
        result,
        id,
    })
    .unwrap_or_default()
}

/// A success response whose result `write` writes as JSON in its place
/// (a big result is not copied); `None` when `write` gives up.
pub fn written_with(id: &Id, write: impl FnOnce(&mut Vec<u8>) -> Option<()>) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    write_response(id, &mut out, write)?;
    Some(out)
}

/// [`written_with`] into any writer (the counter and the chunks of a
/// streamed answer); `None` when `write` gives up or `out` fails.
pub fn write_response<W: std::io::Write + ?Sized>(
    id: &Id,
    out: &mut W,
    write: impl FnOnce(&mut W) -> Option<()>,
) -> Option<()> {
    out.write_all(br#"{"jsonrpc":"2.0","result":"#).ok()?;
    write(out)?;
    out.write_all(br#","id":"#).ok()?;
    serde_json::to_writer(&mut *out, id).ok()?;
    out.write_all(b"}").ok()
}
