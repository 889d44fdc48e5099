//! The framing guard between the client and tower-lsp-server.
//!
//! tower-lsp-server reads its input through tokio-util's `FramedRead`, which
//! ends the stream after any decoding error: one malformed message (a bad
//! header, a wrong `Content-Length`, invalid JSON) would end the session.
//! So the session reads the client's bytes here, answers every malformed
//! frame itself with a JSON-RPC error (-32700 parse error, or -32600 for JSON
//! that is not a JSON-RPC message), resynchronises on the next
//! `Content-Length` header, and forwards only messages the framework is
//! certain to decode, over an in-process pipe. The server's output is split
//! back into whole frames so the guard's own answers never land inside one.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::sync::mpsc;
use tower_lsp_server::jsonrpc::{Request, Response};

/// What the session learnt about how it ended, for the exit status.
#[derive(Debug, Default)]
pub struct SessionFlags {
    /// A `shutdown` request was answered.
    pub shutdown: AtomicBool,
    /// An `exit` notification arrived.
    pub exit: AtomicBool,
}

impl SessionFlags {
    /// LSP: `exit` after `shutdown` is a success, `exit` without it a
    /// failure. A client that closes the stream is treated the same way: a
    /// clean end after `shutdown`, an abnormal one otherwise.
    pub fn success(&self) -> bool {
        self.shutdown.load(Ordering::SeqCst)
    }
}

/// One unit cut from the input stream.
#[derive(Debug, PartialEq, Eq)]
pub enum Frame {
    /// A complete body as announced by its header (not yet validated).
    Body(Vec<u8>),
    /// Bytes that do not form a frame; the reason is for the error message.
    Malformed(&'static str),
}

const CONTENT_LENGTH: &[u8] = b"content-length";
/// A header block longer than this without its blank line is garbage.
const MAX_HEADER: usize = 8 * 1024;
/// Larger announced bodies are refused rather than waited for.
const MAX_BODY: usize = 1 << 30;

/// A sans-I/O LSP frame splitter that never gives up on its input.
#[derive(Debug, Default)]
pub struct FrameDecoder {
    buf: Vec<u8>,
    /// Start of unconsumed input in `buf`.
    pos: usize,
    /// The announced body length once a header block was read.
    body_len: Option<usize>,
    /// How far the current partial body was searched for a next header.
    scanned: usize,
    /// Where the body last returned starts in `buf`, until the next push.
    last_body: Option<usize>,
    /// The previous frame was malformed: junk before the next header is
    /// its remainder (a too-short `Content-Length`), not a new error.
    after_malformed: bool,
}

impl FrameDecoder {
    pub fn push(&mut self, data: &[u8]) {
        self.last_body = None;
        if self.pos > 0 && self.pos * 2 >= self.buf.len() {
            self.buf.drain(..self.pos);
            self.scanned = self.scanned.saturating_sub(self.pos);
            self.pos = 0;
        }
        self.buf.extend_from_slice(data);
    }

    /// The next frame, or `None` when more input is needed.
    pub fn next_frame(&mut self) -> Option<Frame> {
        loop {
            if let Some(len) = self.body_len {
                return self.next_body(len);
            }
            let rest = &self.buf[self.pos..];
            let Some(end) = find(rest, b"\r\n\r\n") else {
                if rest.len() > MAX_HEADER {
                    // Keep a possible header start; drop the rest as junk.
                    let keep = rfind_ci(rest, CONTENT_LENGTH)
                        .filter(|&at| at > 0)
                        .unwrap_or(rest.len() - 16);
                    self.pos += keep;
                    if let Some(frame) = self.junk("header too long") {
                        return Some(frame);
                    }
                }
                return None;
            };
            let block = &rest[..end];
            let block_len = end + 4;
            if block.iter().all(u8::is_ascii_whitespace) {
                // Stray blank lines between frames are harmless.
                self.pos += block_len;
                continue;
            }
            match parse_headers(block) {
                Ok(len) => {
                    self.pos += block_len;
                    self.start_body(len);
                }
                Err(reason) => {
                    // Junk (perhaps the tail of a body cut short by a wrong
                    // length) followed by a real header: skip to the header.
                    let header_at = find_ci(block, CONTENT_LENGTH)
                        .filter(|&at| at > 0 && parse_headers(&block[at..]).is_ok());
                    match header_at {
                        Some(at) => {
                            self.pos += at;
                            if let Some(frame) = self.junk("unexpected bytes before a header") {
                                return Some(frame);
                            }
                        }
                        None => {
                            self.pos += block_len;
                            // A header block of its own (bad or missing
                            // length) is a new error; anything else may be
                            // the rest of the previous bad frame.
                            if is_header_block(block) {
                                self.after_malformed = true;
                                return Some(Frame::Malformed(reason));
                            }
                            if let Some(frame) = self.junk(reason) {
                                return Some(frame);
                            }
                        }
                    }
                }
            }
        }
    }

    /// At the end of input: what is left, if anything, was a broken frame.
    pub fn finish(&mut self) -> Option<Frame> {
        let rest = &self.buf[self.pos..];
        let junk = !rest.iter().all(u8::is_ascii_whitespace) || self.body_len.is_some();
        self.pos = self.buf.len();
        self.body_len = None;
        junk.then_some(Frame::Malformed("input ended inside a message"))
    }

    fn start_body(&mut self, len: usize) {
        self.body_len = Some(len);
        self.scanned = self.pos;
    }

    fn next_body(&mut self, len: usize) -> Option<Frame> {
        let available = self.buf.len() - self.pos;
        if available >= len {
            self.last_body = Some(self.pos);
            let body = self.buf[self.pos..self.pos + len].to_vec();
            self.pos += len;
            self.body_len = None;
            return Some(Frame::Body(body));
        }
        // The body is incomplete. If a complete header already sits inside
        // it, the announced length was too long: a client waiting for an
        // answer would otherwise wait forever. A raw CR LF after
        // `Content-Length: N` cannot occur inside valid JSON, so this never
        // cuts a well-formed body.
        let from = self
            .scanned
            .saturating_sub(CONTENT_LENGTH.len() + 24)
            .max(self.pos);
        self.scanned = self.buf.len();
        let at = self.embedded_header(from, self.buf.len())?;
        self.pos = at;
        self.body_len = None;
        self.after_malformed = false;
        Some(Frame::Malformed("Content-Length larger than the message"))
    }

    /// The first complete header block starting in `buf[from..to]`.
    fn embedded_header(&self, from: usize, to: usize) -> Option<usize> {
        let region = self.buf.get(from..to)?;
        let mut search = 0;
        while let Some(hit) = find_ci(&region[search..], CONTENT_LENGTH) {
            let at = from + search + hit;
            let candidate = &self.buf[at..];
            if let Some(end) = find(candidate, b"\r\n\r\n")
                && parse_headers(&candidate[..end]).is_ok()
            {
                return Some(at);
            }
            search += hit + 1;
        }
        None
    }

    /// Reports skipped junk, once per malformed stretch.
    fn junk(&mut self, reason: &'static str) -> Option<Frame> {
        if std::mem::replace(&mut self.after_malformed, true) {
            None
        } else {
            Some(Frame::Malformed(reason))
        }
    }

    /// A well-formed frame ends any malformed stretch.
    pub fn frame_ok(&mut self) {
        self.after_malformed = false;
    }

    /// The body just returned did not hold a message.
    /// When the body holds a header (the announced length ran into the
    /// next message), reading resumes there so that message is not lost.
    /// When it holds a whole JSON value followed by more bytes, the message
    /// ended with that value and the rest may be the start of the next
    /// header (a length a few bytes too long ends inside `Content-Length`,
    /// whose rest arrives with the next write): reading resumes after it.
    pub fn frame_bad(&mut self) {
        self.after_malformed = true;
        if let Some(start) = self.last_body.take() {
            if let Some(at) = self.embedded_header(start + 1, self.pos) {
                self.pos = at;
            } else if let Some(end) = json_end(&self.buf[start..self.pos]) {
                self.pos = start + end;
            }
        }
    }
}

/// Where the first JSON value of `body` ends, when more bytes follow it.
fn json_end(body: &[u8]) -> Option<usize> {
    let mut values =
        serde_json::Deserializer::from_slice(body).into_iter::<serde::de::IgnoredAny>();
    values.next()?.ok()?;
    let end = values.byte_offset();
    (end < body.len()).then_some(end)
}

/// The body length of a header block (`Name: value` lines, CR LF separated).
fn parse_headers(block: &[u8]) -> Result<usize, &'static str> {
    let text = std::str::from_utf8(block).map_err(|_| "header is not ASCII")?;
    let mut length = None;
    for line in text.split("\r\n") {
        let (name, value) = line.split_once(':').ok_or("header line without ':'")?;
        let name = name.trim();
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_graphic()) {
            return Err("invalid header name");
        }
        if name.eq_ignore_ascii_case("content-length") {
            let len: usize = value.trim().parse().map_err(|_| "invalid Content-Length")?;
            if len == 0 || len > MAX_BODY {
                return Err("Content-Length out of range");
            }
            length = Some(len);
        }
    }
    length.ok_or("missing Content-Length")
}

/// Every line is `Name: value`, whatever the values.
fn is_header_block(block: &[u8]) -> bool {
    std::str::from_utf8(block).is_ok_and(|text| {
        text.split("\r\n").all(|line| {
            line.split_once(':').is_some_and(|(name, _)| {
                !name.trim().is_empty() && name.trim().bytes().all(|b| b.is_ascii_graphic())
            })
        })
    })
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Case-insensitive search; `needle` must be lower-case ASCII. Skips to
/// candidates by their first byte, so long bodies scan quickly.
fn find_ci(hay: &[u8], needle: &[u8]) -> Option<usize> {
    let first = *needle.first()?;
    let mut from = 0;
    while let Some(i) = hay
        .get(from..)?
        .iter()
        .position(|&b| b.to_ascii_lowercase() == first)
    {
        let at = from + i;
        let window = hay.get(at..at + needle.len())?;
        if window.eq_ignore_ascii_case(needle) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

fn rfind_ci(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len())
        .rposition(|w| w.eq_ignore_ascii_case(needle))
}

/// What to do with a complete body.
#[derive(Debug, PartialEq, Eq)]
pub enum Checked {
    /// A message tower-lsp-server will decode; `method` for requests and
    /// notifications.
    Forward { method: Option<String> },
    /// Not a message: send this error response instead.
    Reject(Vec<u8>),
    /// A well-formed request the guard answers itself with this response.
    Answer(Vec<u8>),
}

/// Accepts exactly what the framework's decoder accepts (its `Message` is
/// an untagged `Response | Request`), so a forwarded frame cannot end its
/// input stream.
pub fn check_body(body: &[u8]) -> Checked {
    if let Ok(request) = serde_json::from_slice::<Request>(body) {
        // tower-lsp-server drops its MethodNotFound answer to any `$/`
        // method, right for notifications but not for requests: LSP says a
        // `$/` request must get MethodNotFound, and its client waits for it.
        if let Some(id) = request.id()
            && request.method().starts_with("$/")
        {
            let id = serde_json::to_value(id).unwrap_or_default();
            return Checked::Answer(error_frame(id, -32601, "Method not found"));
        }
        return Checked::Forward {
            method: Some(request.method().to_owned()),
        };
    }
    if serde_json::from_slice::<Response>(body).is_ok() {
        return Checked::Forward { method: None };
    }
    match serde_json::from_slice::<serde_json::Value>(body) {
        Err(err) => Checked::Reject(error_frame(
            serde_json::Value::Null,
            -32700,
            &format!("Parse error: {err}"),
        )),
        Ok(value) => {
            // Valid JSON but no JSON-RPC 2.0 message: answer its id if usable.
            let id = value
                .get("id")
                .filter(|id| id.is_i64() || id.is_string())
                .cloned()
                .unwrap_or(serde_json::Value::Null);
            Checked::Reject(error_frame(
                id,
                -32600,
                "Invalid Request: not a JSON-RPC 2.0 message",
            ))
        }
    }
}

/// A complete framed JSON-RPC error response.
pub fn error_frame(id: serde_json::Value, code: i64, message: &str) -> Vec<u8> {
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": { "code": code, "message": message },
    })
    .to_string();
    frame_bytes(body.as_bytes())
}

pub fn frame_bytes(body: &[u8]) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

/// Reads the client's stream, forwards good frames to the server's input
/// and queues error responses for bad ones. Ends at the client's EOF
/// (dropping `to_server`, which the server sees as its EOF) or when the
/// server stops reading.
pub async fn guard_input<I, W>(
    mut input: I,
    mut to_server: W,
    errors: mpsc::UnboundedSender<Vec<u8>>,
    flags: Arc<SessionFlags>,
) where
    I: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut decoder = FrameDecoder::default();
    let mut chunk = vec![0u8; 64 * 1024];
    loop {
        let n = match input.read(&mut chunk).await {
            Ok(0) | Err(_) => 0,
            Ok(n) => n,
        };
        if n == 0 {
            if let Some(Frame::Malformed(reason)) = decoder.finish() {
                let _ = errors.send(parse_error(reason));
            }
            let _ = to_server.shutdown().await;
            return;
        }
        decoder.push(&chunk[..n]);
        while let Some(frame) = decoder.next_frame() {
            match frame {
                Frame::Malformed(reason) => {
                    let _ = errors.send(parse_error(reason));
                }
                Frame::Body(body) => match check_body(&body) {
                    Checked::Reject(response) => {
                        decoder.frame_bad();
                        let _ = errors.send(response);
                    }
                    Checked::Answer(response) => {
                        decoder.frame_ok();
                        let _ = errors.send(response);
                    }
                    Checked::Forward { method } => {
                        decoder.frame_ok();
                        if method.as_deref() == Some("exit") {
                            flags.exit.store(true, Ordering::SeqCst);
                        }
                        let framed = frame_bytes(&body);
                        if to_server.write_all(&framed).await.is_err()
                            || to_server.flush().await.is_err()
                        {
                            return;
                        }
                    }
                },
            }
        }
    }
}

fn parse_error(reason: &str) -> Vec<u8> {
    error_frame(
        serde_json::Value::Null,
        -32700,
        &format!("Parse error: {reason}"),
    )
}

/// Splits the server's output into whole frames for the writer.
pub async fn split_output<R>(mut from_server: R, out: mpsc::UnboundedSender<Vec<u8>>)
where
    R: AsyncRead + Unpin,
{
    let mut decoder = FrameDecoder::default();
    let mut chunk = vec![0u8; 64 * 1024];
    while let Ok(n) = from_server.read(&mut chunk).await {
        if n == 0 {
            return;
        }
        decoder.push(&chunk[..n]);
        while let Some(frame) = decoder.next_frame() {
            if let Frame::Body(body) = frame
                && out.send(frame_bytes(&body)).is_err()
            {
                return;
            }
        }
    }
}

/// The session's own way to the client for notifications it sends often
/// and in bulk (diagnostics): serialized straight from their typed params
/// into a frame for the writer. The framework's client turns every message
/// into a `serde_json::Value` tree first; profiling a document with 3,300
/// diagnostics showed building and freeing that tree as most of each
/// publish. Closed when the session ends, so the writer can finish.
#[derive(Clone, Default)]
pub struct Notifier(Arc<std::sync::Mutex<Option<mpsc::UnboundedSender<Vec<u8>>>>>);

impl Notifier {
    pub fn new(frames: mpsc::UnboundedSender<Vec<u8>>) -> Notifier {
        Notifier(Arc::new(std::sync::Mutex::new(Some(frames))))
    }

    /// Sends `method` with `params`; after [`Notifier::close`] it does nothing.
    pub fn notify<P: serde::Serialize>(&self, method: &str, params: &P) {
        #[derive(serde::Serialize)]
        struct Notification<'a, P> {
            jsonrpc: &'static str,
            method: &'a str,
            params: &'a P,
        }
        let message = Notification {
            jsonrpc: "2.0",
            method,
            params,
        };
        let Ok(body) = serde_json::to_vec(&message) else {
            return;
        };
        let frames = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(frames) = frames.as_ref() {
            let _ = frames.send(frame_bytes(&body));
        }
    }

    pub fn close(&self) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).take();
    }
}

/// Writes queued frames to the client, flushing whenever the queue is idle.
pub async fn write_output<O>(mut output: O, mut frames: mpsc::UnboundedReceiver<Vec<u8>>)
where
    O: AsyncWrite + Unpin,
{
    while let Some(first) = frames.recv().await {
        if output.write_all(&first).await.is_err() {
            return;
        }
        while let Ok(more) = frames.try_recv() {
            if output.write_all(&more).await.is_err() {
                return;
            }
        }
        if output.flush().await.is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOVER: &str = r#"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{}}"#;

    fn frames_of(input: &[u8], chunk: usize) -> Vec<Frame> {
        let mut decoder = FrameDecoder::default();
        let mut out = Vec::new();
        for part in input.chunks(chunk.max(1)) {
            decoder.push(part);
            while let Some(frame) = decoder.next_frame() {
                if let Frame::Body(body) = &frame {
                    match check_body(body) {
                        Checked::Forward { .. } | Checked::Answer(_) => decoder.frame_ok(),
                        Checked::Reject(_) => decoder.frame_bad(),
                    }
                }
                out.push(frame);
            }
        }
        out.extend(decoder.finish());
        out
    }

    fn kinds(frames: &[Frame]) -> Vec<String> {
        frames
            .iter()
            .map(|f| match f {
                Frame::Body(body) => match check_body(body) {
                    Checked::Forward { method } => format!("ok {}", method.unwrap_or_default()),
                    Checked::Reject(_) => "rejected".to_owned(),
                    Checked::Answer(_) => "answered".to_owned(),
                },
                Frame::Malformed(_) => "malformed".to_owned(),
            })
            .collect()
    }

    fn run_all_chunkings(input: &[u8], expected: &[&str]) {
        for chunk in [1, 2, 3, 7, 64, input.len()] {
            assert_eq!(kinds(&frames_of(input, chunk)), expected, "chunk {chunk}");
        }
    }

    #[test]
    fn good_frames_pass_through() {
        let mut input = frame_bytes(HOVER.as_bytes());
        input.extend(b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n");
        input.extend(frame_bytes(HOVER.as_bytes()));
        run_all_chunkings(&input, &["ok textDocument/hover", "ok textDocument/hover"]);
    }

    #[test]
    fn invalid_json_is_answered_and_the_next_frame_survives() {
        let mut input = frame_bytes(b"{\"jsonrpc\":\"2.0\",");
        input.extend(frame_bytes(b"[1,2]"));
        input.extend(frame_bytes(HOVER.as_bytes()));
        run_all_chunkings(&input, &["rejected", "rejected", "ok textDocument/hover"]);
    }

    #[test]
    fn bad_headers_are_answered_once_each() {
        let mut input = b"Content-Length: abc\r\n\r\n".to_vec();
        input.extend(b"garbage line\r\n\r\n");
        input.extend(frame_bytes(HOVER.as_bytes()));
        // The first block is a bad header; the second is junk right after it.
        run_all_chunkings(&input, &["malformed", "ok textDocument/hover"]);
        let mut input = b"X-Nothing: 1\r\n\r\n".to_vec();
        input.extend(frame_bytes(HOVER.as_bytes()));
        run_all_chunkings(&input, &["malformed", "ok textDocument/hover"]);
    }

    #[test]
    fn too_short_length_costs_one_error() {
        let mut input = format!("Content-Length: {}\r\n\r\n{HOVER}", HOVER.len() - 5).into_bytes();
        input.extend(frame_bytes(HOVER.as_bytes()));
        run_all_chunkings(&input, &["rejected", "ok textDocument/hover"]);
    }

    #[test]
    fn too_long_length_resyncs_without_waiting_for_more_input() {
        let mut input =
            format!("Content-Length: {}\r\n\r\n{HOVER}", HOVER.len() + 500).into_bytes();
        input.extend(frame_bytes(HOVER.as_bytes()));
        // No further input arrives; the hover must still come out.
        run_all_chunkings(&input, &["malformed", "ok textDocument/hover"]);
    }

    #[test]
    fn too_long_length_does_not_swallow_the_next_message() {
        let mut input = format!("Content-Length: {}\r\n\r\n{HOVER}", HOVER.len() + 30).into_bytes();
        input.extend(frame_bytes(HOVER.as_bytes()));
        input.extend(frame_bytes(HOVER.as_bytes()));
        // Every chunking, including all of it at once (the body is then
        // "complete" but ends inside the next message): one error either way.
        for chunk in [1, 5, 64, input.len()] {
            let got: Vec<String> = kinds(&frames_of(&input, chunk))
                .into_iter()
                .map(|k| {
                    if k.starts_with("ok") {
                        k
                    } else {
                        "error".to_owned()
                    }
                })
                .collect();
            assert_eq!(
                got,
                ["error", "ok textDocument/hover", "ok textDocument/hover"]
            );
        }
    }

    #[test]
    fn too_long_by_less_than_a_header_keeps_the_next_message() {
        // The body runs a few bytes into the next header, which arrives
        // later in the same stream: that message must still come out.
        for extra in 1..30 {
            let mut input =
                format!("Content-Length: {}\r\n\r\n{HOVER}", HOVER.len() + extra).into_bytes();
            input.extend(frame_bytes(HOVER.as_bytes()));
            for chunk in [1, 3, 64, input.len()] {
                let got = kinds(&frames_of(&input, chunk));
                assert_eq!(
                    got.last().map(String::as_str),
                    Some("ok textDocument/hover")
                );
                assert_eq!(got.len(), 2, "extra {extra}, chunk {chunk}: {got:?}");
            }
        }
    }

    #[test]
    fn truncated_input_reports_at_eof() {
        let input = b"Content-Length: 50\r\n\r\n{\"a\"";
        run_all_chunkings(input, &["malformed"]);
        run_all_chunkings(b"\r\n\r\n  ", &[]);
    }

    #[test]
    fn endless_header_is_dropped() {
        let mut input = vec![b'z'; 20_000];
        input.extend(frame_bytes(HOVER.as_bytes()));
        let got = kinds(&frames_of(&input, 4096));
        assert_eq!(got, ["malformed", "ok textDocument/hover"]);
    }

    #[test]
    fn dollar_requests_are_method_not_found_and_dollar_notifications_pass() {
        let Checked::Answer(out) =
            check_body(br#"{"jsonrpc":"2.0","id":"a1","method":"$/unknown","params":{}}"#)
        else {
            panic!("a $/ request was not answered");
        };
        let text = String::from_utf8(out).unwrap_or_default();
        assert!(
            text.contains(r#""id":"a1""#) && text.contains("-32601"),
            "{text}"
        );
        let notification = br#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#;
        assert_eq!(
            check_body(notification),
            Checked::Forward {
                method: Some("$/cancelRequest".to_owned())
            }
        );
    }

    #[test]
    fn non_messages_are_invalid_requests_with_their_id() {
        let Checked::Reject(out) = check_body(br#"{"jsonrpc":"1.0","id":7,"method":"x"}"#) else {
            panic!("accepted a JSON-RPC 1.0 message");
        };
        let text = String::from_utf8(out).unwrap_or_default();
        assert!(
            text.contains(r#""id":7"#) && text.contains("-32600"),
            "{text}"
        );
        let Checked::Reject(out) = check_body(b"{oops") else {
            panic!("accepted invalid JSON");
        };
        let text = String::from_utf8(out).unwrap_or_default();
        assert!(
            text.contains(r#""id":null"#) && text.contains("-32700"),
            "{text}"
        );
    }
}
