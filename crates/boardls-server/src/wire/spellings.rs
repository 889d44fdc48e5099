//! How one session's client spelled the URIs of the documents it opened
//! (`lsp::uri` has the keys): each request's URIs become keys as it
//! arrives, and each answer names an open document as its client did.

use std::collections::HashMap;
use std::str::FromStr as _;
use std::sync::{Arc, Mutex, PoisonError};

use serde_json::Value;
use tower_lsp_server::jsonrpc::{Request, Response};
use tower_lsp_server::ls_types::Uri;

use crate::uri::{WINDOWS, key, percent_encode};

/// How one session's client spelled the documents it opened, where that
/// differs from their keys. Cheap to clone; clones share the spellings.
#[derive(Clone, Default)]
pub struct Spellings {
    by_key: Arc<Mutex<HashMap<Uri, Uri>>>,
}

/// The members of a request's params that hold a URI.
const URI_MEMBERS: [&str; 2] = ["uri", "rootUri"];

impl Spellings {
    /// `request` with every `file:` URI of its params replaced by its key;
    /// an opened document's spelling is remembered until it is closed.
    pub fn to_keys(&self, request: Request) -> Request {
        if !WINDOWS {
            return request;
        }
        self.to_keys_with(request, &|uri| key(uri))
    }

    fn to_keys_with(&self, request: Request, key: &dyn Fn(&Uri) -> Uri) -> Request {
        if request.params().is_none() {
            return request;
        }
        let (method, id, params) = request.into_parts();
        let mut params = params.unwrap_or_default();
        let mut changed = Vec::new();
        rewrite_uris(&mut params, key, &mut changed);
        let mut by_key = self.by_key.lock().unwrap_or_else(PoisonError::into_inner);
        match &*method {
            "textDocument/didOpen" => {
                for (spelled, key) in changed {
                    if spelled == key {
                        by_key.remove(&key);
                    } else {
                        by_key.insert(key, spelled);
                    }
                }
            }
            "textDocument/didClose" => {
                if let Some(uri) = params.pointer("/textDocument/uri").and_then(Value::as_str)
                    && let Ok(uri) = Uri::from_str(uri)
                {
                    by_key.remove(&uri);
                }
            }
            _ => {}
        }
        drop(by_key);
        let rebuilt = Request::build(method).params(params);
        match id {
            Some(id) => rebuilt.id(id).finish(),
            None => rebuilt.finish(),
        }
    }

    /// How the client spelled the document `uri` names, or `uri`.
    pub fn spell(&self, uri: &Uri) -> Uri {
        let by_key = self.by_key.lock().unwrap_or_else(PoisonError::into_inner);
        by_key.get(uri).unwrap_or(uri).clone()
    }

    /// `response` with every key of an open document spelled as its
    /// client spelled it (a location, a workspace edit's `changes`).
    pub fn spell_response(&self, response: Response) -> Response {
        let by_key = self.by_key.lock().unwrap_or_else(PoisonError::into_inner);
        if by_key.is_empty() {
            return response;
        }
        let (id, body) = response.into_parts();
        let body = body.map(|mut result| {
            spell_uris(&mut result, &by_key);
            result
        });
        Response::from_parts(id, body)
    }
}

/// Replaces each URI member of `value` by its key, noting (spelling, key)
/// for each.
fn rewrite_uris(value: &mut Value, key: &dyn Fn(&Uri) -> Uri, changed: &mut Vec<(Uri, Uri)>) {
    match value {
        Value::Object(members) => {
            for (name, member) in members.iter_mut() {
                if URI_MEMBERS.contains(&name.as_str())
                    && let Value::String(text) = member
                {
                    if let Some(spelled) = parse_loose(text) {
                        let keyed = key(&spelled);
                        if keyed.as_str() != text {
                            *text = keyed.as_str().to_owned();
                        }
                        changed.push((spelled, keyed));
                    }
                } else {
                    rewrite_uris(member, key, changed);
                }
            }
        }
        Value::Array(items) => {
            for item in items {
                rewrite_uris(item, key, changed);
            }
        }
        _ => {}
    }
}

/// A client's URI, also when it writes non-ASCII letters or spaces
/// unencoded (they are encoded; the client's text stays its spelling).
fn parse_loose(text: &str) -> Option<Uri> {
    Uri::from_str(text).ok().or_else(|| {
        let mut encoded = String::with_capacity(text.len());
        for c in text.chars() {
            if c.is_ascii_graphic() {
                encoded.push(c);
            } else {
                encoded.push_str(&percent_encode(c.encode_utf8(&mut [0; 4])));
            }
        }
        Uri::from_str(&encoded).ok()
    })
}

/// Replaces every string of `value` (and every member name) that is a
/// key of `by_key` by its spelling.
fn spell_uris(value: &mut Value, by_key: &HashMap<Uri, Uri>) {
    let spelled = |text: &str| {
        let uri = Uri::from_str(text).ok()?;
        by_key.get(&uri).map(|s| s.as_str().to_owned())
    };
    match value {
        Value::String(text) if text.starts_with("file:") => {
            if let Some(spelling) = spelled(text) {
                *text = spelling;
            }
        }
        Value::Object(members) => {
            let names: Vec<String> = members
                .keys()
                .filter(|n| n.starts_with("file:"))
                .cloned()
                .collect();
            for name in names {
                if let Some(spelling) = spelled(&name)
                    && let Some(member) = members.remove(&name)
                {
                    members.insert(spelling, member);
                }
            }
            for member in members.values_mut() {
                spell_uris(member, by_key);
            }
        }
        Value::Array(items) => {
            for item in items {
                spell_uris(item, by_key);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::uri::{windows_key, windows_path};

    fn windows_keys(uri: &Uri) -> Uri {
        windows_path(uri.as_str())
            .and_then(|path| windows_key(&path))
            .unwrap_or_else(|| uri.clone())
    }

    fn request(method: &str, params: Value) -> Request {
        Request::build(method.to_owned()).params(params).finish()
    }

    #[test]
    fn requests_name_keys_and_answers_the_client_spelling() {
        let spellings = Spellings::default();
        let opened = spellings.to_keys_with(
            request(
                "textDocument/didOpen",
                json!({"textDocument": {"uri": "file:///d%3A/Spelled/01.in", "text": "uri"}}),
            ),
            &windows_keys,
        );
        let key = "file:///D:/Spelled/01.in";
        assert_eq!(
            opened.params().and_then(|p| p.pointer("/textDocument/uri")),
            Some(&json!(key))
        );
        assert_eq!(
            opened
                .params()
                .and_then(|p| p.pointer("/textDocument/text")),
            Some(&json!("uri"))
        );
        let keyed: Uri = key.parse().expect("a URI");
        assert_eq!(
            spellings.spell(&keyed).as_str(),
            "file:///d%3A/Spelled/01.in"
        );
        // A workspace folder, unencoded non-ASCII included, is keyed too.
        let init = spellings.to_keys_with(
            request(
                "initialize",
                json!({"rootUri": "file:///d%3A/Задачи", "workspaceFolders": [{"uri": "file:///d:/x y", "name": "x"}]}),
            ),
            &windows_keys,
        );
        assert_eq!(
            init.params().and_then(|p| p.get("rootUri")),
            Some(&json!("file:///D:/%D0%97%D0%B0%D0%B4%D0%B0%D1%87%D0%B8"))
        );
        assert_eq!(
            init.params()
                .and_then(|p| p.pointer("/workspaceFolders/0/uri")),
            Some(&json!("file:///D:/x%20y"))
        );
        // Answers name the open document as its client did.
        let answer = Response::from_ok(
            1.into(),
            json!({"changes": {key: []}, "location": {"uri": key}, "other": "file:///D:/other.in"}),
        );
        let (_, body) = spellings.spell_response(answer).into_parts();
        assert_eq!(
            body.ok(),
            Some(json!({
                "changes": {"file:///d%3A/Spelled/01.in": []},
                "location": {"uri": "file:///d%3A/Spelled/01.in"},
                "other": "file:///D:/other.in"
            }))
        );
        spellings.to_keys_with(
            request(
                "textDocument/didClose",
                json!({"textDocument": {"uri": "file:///D:/spelled/01.in"}}),
            ),
            &windows_keys,
        );
        assert_eq!(spellings.spell(&keyed).as_str(), key);
    }

    #[test]
    fn unix_requests_keep_their_spelling() {
        if WINDOWS {
            return;
        }
        let spellings = Spellings::default();
        let same = spellings.to_keys(request(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": "file:///C:/x"}}),
        ));
        assert_eq!(
            same.params().and_then(|p| p.pointer("/textDocument/uri")),
            Some(&json!("file:///C:/x"))
        );
    }
}
