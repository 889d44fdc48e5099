//! What the forwarder (`lsp --connect`) watches in the bytes it carries, so
//! that it ends as a private server would: status 0 after a successful
//! `shutdown` then `exit` (or the end of its input), 1 otherwise.
//!
//! The editor's stream is cut into messages by the server's own decoder
//! ([`LspCodec`]), so the forwarder reads every frame, malformed ones
//! included, exactly as the daemon will. The daemon's stream is well
//! formed (the server wrote it): only its headers are read, and a body is
//! parsed only while an answer to `shutdown` is awaited, or when it is the
//! first message (a TCP server's refusal).

use bytes::{Buf as _, BytesMut};
use serde_json::Value;
use tokio_util::codec::Decoder as _;

use super::token::REFUSED;
use crate::wire::decode::{Incoming, LspCodec};

/// What was seen of the session's end.
#[derive(Debug, Default)]
pub struct Watch {
    /// The ids of `shutdown` requests not answered yet.
    shutdown_ids: Vec<Value>,
    /// A `shutdown` was answered without an error.
    pub shutdown_ok: bool,
    /// An `exit` notification was sent.
    pub exit: bool,
    /// The server's first message refused the connection: its message.
    pub refused: Option<String>,
}

/// The editor's messages to the daemon.
#[derive(Default)]
pub struct Upstream {
    codec: LspCodec,
    buffer: BytesMut,
}

impl Upstream {
    /// Notes `shutdown` requests and `exit` among the bytes.
    pub fn feed(&mut self, bytes: &[u8], watch: &mut Watch) {
        self.buffer.extend_from_slice(bytes);
        while let Ok(Some(item)) = self.codec.decode(&mut self.buffer) {
            let Incoming::Request(request) = item else {
                continue;
            };
            match request.method() {
                "shutdown" => {
                    if let Some(id) = request.id().and_then(|id| serde_json::to_value(id).ok()) {
                        watch.shutdown_ids.push(id);
                    }
                }
                "exit" => watch.exit = true,
                _ => {}
            }
        }
    }
}

/// The daemon's messages to the editor.
#[derive(Default)]
pub struct Downstream {
    /// A header block being read.
    header: Vec<u8>,
    /// Body bytes still to come, and whether they are kept to be parsed.
    body: Option<(usize, bool)>,
    kept: Vec<u8>,
    /// Messages seen so far.
    seen: usize,
}

/// Header blocks longer than this are not the server's: stop looking.
const MAX_HEADER: usize = 1024;

impl Downstream {
    /// Notes answers to `shutdown` (and a refusal) among the bytes.
    pub fn feed(&mut self, mut bytes: &[u8], watch: &mut Watch) {
        while !bytes.is_empty() {
            match self.body {
                Some((left, keep)) => {
                    let take = left.min(bytes.len());
                    if keep {
                        self.kept.extend_from_slice(&bytes[..take]);
                    }
                    bytes.advance(take);
                    if take == left {
                        self.body = None;
                        if keep {
                            note_answer(&std::mem::take(&mut self.kept), self.seen, watch);
                        }
                        self.seen += 1;
                    } else {
                        self.body = Some((left - take, keep));
                    }
                }
                None => {
                    let Some(&byte) = bytes.first() else {
                        return;
                    };
                    bytes.advance(1);
                    self.header.push(byte);
                    if self.header.ends_with(b"\r\n\r\n") {
                        let length = content_length(&self.header);
                        self.header.clear();
                        let keep = self.seen == 0 || !watch.shutdown_ids.is_empty();
                        self.body = length.map(|n| (n, keep));
                        if length == Some(0) {
                            self.body = None;
                            self.seen += 1;
                        }
                    } else if self.header.len() > MAX_HEADER {
                        self.header.clear();
                    }
                }
            }
        }
    }
}

fn content_length(header: &[u8]) -> Option<usize> {
    let text = std::str::from_utf8(header).ok()?;
    text.lines().find_map(|line| {
        let (name, value) = line.split_once(':')?;
        name.trim()
            .eq_ignore_ascii_case("content-length")
            .then(|| value.trim().parse().ok())
            .flatten()
    })
}

fn note_answer(body: &[u8], index: usize, watch: &mut Watch) {
    let Ok(message) = serde_json::from_slice::<Value>(body) else {
        return;
    };
    if message.get("method").is_some() {
        return;
    }
    let error = message.get("error");
    if index == 0
        && let Some(error) = error
        && error.get("code").and_then(Value::as_i64) == Some(REFUSED)
    {
        let text = error.get("message").and_then(Value::as_str).unwrap_or("");
        watch.refused = Some(text.to_owned());
    }
    let Some(id) = message.get("id") else {
        return;
    };
    if let Some(at) = watch.shutdown_ids.iter().position(|s| s == id) {
        watch.shutdown_ids.remove(at);
        watch.shutdown_ok |= error.is_none();
    }
}

#[cfg(test)]
mod tests {
    use crate::launch::daemon::observe::{Downstream, Upstream, Watch};

    fn frame(body: &str) -> Vec<u8> {
        let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
        out.extend_from_slice(body.as_bytes());
        out
    }

    #[test]
    fn shutdown_answered_then_exit() {
        let mut watch = Watch::default();
        let (mut up, mut down) = (Upstream::default(), Downstream::default());
        let mut bytes = frame(r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#);
        bytes.extend(b"Content-Length: 3\r\n\r\n{]}");
        bytes.extend(frame(r#"{"jsonrpc":"2.0","id":"s","method":"shutdown"}"#));
        // Cut anywhere: the decoder carries the rest over.
        for chunk in bytes.chunks(7) {
            up.feed(chunk, &mut watch);
        }
        assert!(!watch.exit);
        let mut answers = frame(r#"{"jsonrpc":"2.0","id":1,"result":{}}"#);
        answers.extend(frame(
            r#"{"jsonrpc":"2.0","method":"window/logMessage","params":{"id":"s"}}"#,
        ));
        answers.extend(frame(r#"{"jsonrpc":"2.0","id":"s","result":null}"#));
        for chunk in answers.chunks(5) {
            down.feed(chunk, &mut watch);
        }
        assert!(watch.shutdown_ok);
        up.feed(&frame(r#"{"jsonrpc":"2.0","method":"exit"}"#), &mut watch);
        assert!(watch.exit);
    }

    #[test]
    fn a_refused_shutdown_is_no_success() {
        let mut watch = Watch::default();
        let (mut up, mut down) = (Upstream::default(), Downstream::default());
        up.feed(
            &frame(r#"{"jsonrpc":"2.0","id":4,"method":"shutdown"}"#),
            &mut watch,
        );
        down.feed(
            &frame(r#"{"jsonrpc":"2.0","id":4,"error":{"code":-32002,"message":"no"}}"#),
            &mut watch,
        );
        assert!(!watch.shutdown_ok);
        assert!(watch.refused.is_none());
    }

    #[test]
    fn a_refusal_is_noticed() {
        let mut watch = Watch::default();
        let mut down = Downstream::default();
        down.feed(
            &frame(r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"refused"}}"#),
            &mut watch,
        );
        assert_eq!(watch.refused.as_deref(), Some("refused"));
    }
}
