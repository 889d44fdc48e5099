//! The client's byte stream cut into messages: a `tokio_util` decoder that
//! never fails.
//!
//! A stream decoder that returns an error ends its stream (`FramedRead`
//! stops after one), and one malformed message from a client must not end
//! the session. So every malformed frame is an item of its own,
//! [`Incoming::Invalid`], carrying the JSON-RPC error to answer it with
//! (-32700 parse error, or -32600 for JSON that is not a JSON-RPC message);
//! the decoder then resynchronises on the next `Content-Length` header.
//! Headers are read with `httparse`; each body is parsed once, straight
//! into the request or response the dispatcher hands on.

use bytes::{Buf, BytesMut};
use tokio_util::codec::Decoder;
use tower_lsp_server::jsonrpc::Response;

use boardls_ide::rpc::{parse_error, read_message};

pub use boardls_ide::rpc::Incoming;

const CONTENT_LENGTH: &[u8] = b"content-length";
const HEADER_END: &[u8] = b"\r\n\r\n";
/// A header block longer than this without its blank line is garbage.
const MAX_HEADER: usize = 8 * 1024;
/// Larger announced bodies are refused rather than waited for.
const MAX_BODY: usize = 1 << 30;
/// Header lines a block may have.
const MAX_HEADER_LINES: usize = 16;

/// The LSP base protocol's framing, forgiving of every malformation.
#[derive(Debug, Default)]
pub struct LspCodec {
    /// The announced body length once a header block was read; the body
    /// starts at the front of the buffer.
    body_len: Option<usize>,
    /// How far the current partial body was searched for a next header.
    scanned: usize,
    /// The previous frame was malformed: junk before the next header is
    /// its remainder (a too-short `Content-Length`), not a new error.
    after_malformed: bool,
}

impl Decoder for LspCodec {
    type Item = Incoming;
    type Error = std::io::Error;

    fn decode(&mut self, src: &mut BytesMut) -> Result<Option<Incoming>, std::io::Error> {
        loop {
            if let Some(len) = self.body_len {
                return Ok(self.body(src, len));
            }
            let Some(end) = find(src, HEADER_END) else {
                if src.len() > MAX_HEADER {
                    // Keep a possible header start; drop the rest as junk.
                    let keep = rfind_ci(src, CONTENT_LENGTH)
                        .filter(|&at| at > 0)
                        .unwrap_or(src.len() - 16);
                    src.advance(keep);
                    if let Some(invalid) = self.junk("header too long") {
                        return Ok(Some(invalid));
                    }
                }
                return Ok(None);
            };
            let block = &src[..end];
            let block_len = end + HEADER_END.len();
            if block.iter().all(u8::is_ascii_whitespace) {
                // Stray blank lines between frames are harmless.
                src.advance(block_len);
                continue;
            }
            match content_length(&src[..block_len]) {
                Ok(len) => {
                    src.advance(block_len);
                    src.reserve(len);
                    self.body_len = Some(len);
                    self.scanned = 0;
                }
                Err(reason) => {
                    // Junk (perhaps the tail of a body cut short by a wrong
                    // length) followed by a real header: skip to the header.
                    if let Some(at) = header_start(block) {
                        src.advance(at);
                        if let Some(invalid) = self.junk("unexpected bytes before a header") {
                            return Ok(Some(invalid));
                        }
                        continue;
                    }
                    // A header block of its own (bad or missing length) is a
                    // new error; anything else may be the rest of the
                    // previous bad frame.
                    let own_block = is_header_block(block);
                    src.advance(block_len);
                    if own_block {
                        self.after_malformed = true;
                        return Ok(Some(parse_error(reason)));
                    }
                    if let Some(invalid) = self.junk(reason) {
                        return Ok(Some(invalid));
                    }
                }
            }
        }
    }

    fn decode_eof(&mut self, src: &mut BytesMut) -> Result<Option<Incoming>, std::io::Error> {
        if let Some(item) = self.decode(src)? {
            return Ok(Some(item));
        }
        // What is left, if anything, was a broken frame.
        let broken = self.body_len.is_some() || !src.iter().all(u8::is_ascii_whitespace);
        src.clear();
        self.body_len = None;
        Ok(broken.then(|| parse_error("input ended inside a message")))
    }
}

impl LspCodec {
    /// The body of `len` bytes at the front of `src`, once it is complete.
    fn body(&mut self, src: &mut BytesMut, len: usize) -> Option<Incoming> {
        if src.len() < len {
            // If a complete header already sits inside the partial body, the
            // announced length was too long: a client waiting for an answer
            // would otherwise wait forever. A raw CR LF after
            // `Content-Length: N` cannot occur inside valid JSON, so this
            // never cuts a well-formed body.
            let from = self.scanned.saturating_sub(CONTENT_LENGTH.len() + 24);
            self.scanned = src.len();
            // A header block ends in CR LF CR LF, so a stretch without any
            // CR holds none complete: one quick look, since the body of a
            // large didOpen arrives in hundreds of pieces and a byte-wise
            // search for `Content-Length` over each would cost the whole
            // body many times.
            if src.get(from..).is_some_and(|rest| !rest.contains(&b'\r')) {
                return None;
            }
            let at = embedded_header(src, from, src.len())?;
            src.advance(at);
            self.body_len = None;
            self.after_malformed = false;
            return Some(parse_error("Content-Length larger than the message"));
        }
        self.body_len = None;
        match parse_body(&src[..len]) {
            Ok(message) => {
                src.advance(len);
                self.after_malformed = false;
                Some(message)
            }
            Err(reply) => {
                // When the body holds a header (the announced length ran into
                // the next message), reading resumes there so that message is
                // not lost. When it holds a whole JSON value followed by more
                // bytes, the message ended with that value and the rest may be
                // the start of the next header (a length a few bytes too long
                // ends inside `Content-Length`): reading resumes after it.
                let resume = embedded_header(src, 1, len)
                    .or_else(|| json_end(&src[..len]))
                    .unwrap_or(len);
                src.advance(resume);
                self.after_malformed = true;
                Some(Incoming::Invalid(reply))
            }
        }
    }

    /// Reports skipped junk, once per malformed stretch.
    fn junk(&mut self, reason: &'static str) -> Option<Incoming> {
        (!std::mem::replace(&mut self.after_malformed, true)).then(|| parse_error(reason))
    }
}

/// The message `body` holds, or the error response it gets.
fn parse_body(body: &[u8]) -> Result<Incoming, Response> {
    match read_message(body) {
        Incoming::Invalid(reply) => Err(reply),
        message => Ok(message),
    }
}

/// The body length a header block announces (`Name: value` lines, the block
/// ending in a blank line).
fn content_length(block: &[u8]) -> Result<usize, &'static str> {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADER_LINES];
    let headers = match httparse::parse_headers(block, &mut headers) {
        Ok(httparse::Status::Complete((_, headers))) => headers,
        Ok(httparse::Status::Partial) => return Err("incomplete header"),
        Err(httparse::Error::TooManyHeaders) => return Err("too many header lines"),
        Err(httparse::Error::HeaderName) => return Err("invalid header name"),
        Err(_) => return Err("header line without ':'"),
    };
    let mut length = None;
    for header in headers.iter() {
        if header.name.eq_ignore_ascii_case("content-length") {
            let value = std::str::from_utf8(header.value).map_err(|_| "header is not ASCII")?;
            let len: usize = value.trim().parse().map_err(|_| "invalid Content-Length")?;
            if len == 0 || len > MAX_BODY {
                return Err("Content-Length out of range");
            }
            length = Some(len);
        }
    }
    length.ok_or("missing Content-Length")
}

/// Where a real header starts inside a bad header block (after junk).
fn header_start(block: &[u8]) -> Option<usize> {
    let at = find_ci(block, CONTENT_LENGTH).filter(|&at| at > 0)?;
    let mut candidate = block[at..].to_vec();
    candidate.extend_from_slice(HEADER_END);
    content_length(&candidate).is_ok().then_some(at)
}

/// The first complete, valid header block starting in `buf[from..to]`.
fn embedded_header(buf: &[u8], from: usize, to: usize) -> Option<usize> {
    let region = buf.get(from..to)?;
    let mut search = 0;
    while let Some(hit) = find_ci(&region[search..], CONTENT_LENGTH) {
        let at = from + search + hit;
        let candidate = &buf[at..];
        if let Some(end) = find(candidate, HEADER_END)
            && content_length(&candidate[..end + HEADER_END.len()]).is_ok()
        {
            return Some(at);
        }
        search += hit + 1;
    }
    None
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

/// Where the first JSON value of `body` ends, when more bytes follow it.
fn json_end(body: &[u8]) -> Option<usize> {
    let mut values =
        serde_json::Deserializer::from_slice(body).into_iter::<serde::de::IgnoredAny>();
    values.next()?.ok()?;
    let end = values.byte_offset();
    (end < body.len()).then_some(end)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::encode::frame;

    const HOVER: &str = r#"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{}}"#;

    /// Cuts `input` into pieces of `chunk` bytes, as reads would, and
    /// names each item decoded, EOF included.
    fn items(input: &[u8], chunk: usize) -> Vec<String> {
        let mut codec = LspCodec::default();
        let mut buffer = BytesMut::new();
        let mut out = Vec::new();
        for piece in input.chunks(chunk.max(1)) {
            buffer.extend_from_slice(piece);
            while let Ok(Some(item)) = codec.decode(&mut buffer) {
                out.push(name(&item));
            }
        }
        while let Ok(Some(item)) = codec.decode_eof(&mut buffer) {
            out.push(name(&item));
        }
        out
    }

    fn name(item: &Incoming) -> String {
        match item {
            Incoming::Request(request) => format!("ok {}", request.method()),
            Incoming::Response(_) => "response".to_owned(),
            Incoming::Invalid(response) => match response.error() {
                Some(err) if err.code == tower_lsp_server::jsonrpc::ErrorCode::ParseError => {
                    "malformed".to_owned()
                }
                Some(_) => "rejected".to_owned(),
                None => "?".to_owned(),
            },
        }
    }

    fn run_all_chunkings(input: &[u8], expected: &[&str]) {
        for chunk in [1, 2, 3, 7, 64, input.len()] {
            assert_eq!(items(input, chunk), expected, "chunk {chunk}");
        }
    }

    #[test]
    fn good_frames_pass_through() {
        let mut input = frame(HOVER.as_bytes());
        input.extend(b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n");
        input.extend(frame(HOVER.as_bytes()));
        input.extend(frame(br#"{"jsonrpc":"2.0","id":"x","result":null}"#));
        run_all_chunkings(
            &input,
            &["ok textDocument/hover", "ok textDocument/hover", "response"],
        );
    }

    #[test]
    fn invalid_json_is_answered_and_the_next_frame_survives() {
        let mut input = frame(b"{\"jsonrpc\":\"2.0\",");
        input.extend(frame(b"[1,2]"));
        input.extend(frame(HOVER.as_bytes()));
        run_all_chunkings(&input, &["malformed", "rejected", "ok textDocument/hover"]);
    }

    #[test]
    fn bad_headers_are_answered_once_each() {
        let mut input = b"Content-Length: abc\r\n\r\n".to_vec();
        input.extend(b"garbage line\r\n\r\n");
        input.extend(frame(HOVER.as_bytes()));
        // The first block is a bad header; the second is junk right after it.
        run_all_chunkings(&input, &["malformed", "ok textDocument/hover"]);
        let mut input = b"X-Nothing: 1\r\n\r\n".to_vec();
        input.extend(frame(HOVER.as_bytes()));
        run_all_chunkings(&input, &["malformed", "ok textDocument/hover"]);
    }

    #[test]
    fn too_short_length_costs_one_error() {
        let mut input = format!("Content-Length: {}\r\n\r\n{HOVER}", HOVER.len() - 5).into_bytes();
        input.extend(frame(HOVER.as_bytes()));
        run_all_chunkings(&input, &["malformed", "ok textDocument/hover"]);
    }

    #[test]
    fn too_long_length_resyncs_without_waiting_for_more_input() {
        let mut input =
            format!("Content-Length: {}\r\n\r\n{HOVER}", HOVER.len() + 500).into_bytes();
        input.extend(frame(HOVER.as_bytes()));
        // No further input arrives; the hover must still come out.
        run_all_chunkings(&input, &["malformed", "ok textDocument/hover"]);
    }

    #[test]
    fn too_long_length_does_not_swallow_the_next_message() {
        let mut input = format!("Content-Length: {}\r\n\r\n{HOVER}", HOVER.len() + 30).into_bytes();
        input.extend(frame(HOVER.as_bytes()));
        input.extend(frame(HOVER.as_bytes()));
        // Every chunking, including all of it at once (the body is then
        // "complete" but ends inside the next message): one error either way.
        for chunk in [1, 5, 64, input.len()] {
            let got: Vec<String> = items(&input, chunk)
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
            input.extend(frame(HOVER.as_bytes()));
            for chunk in [1, 3, 64, input.len()] {
                let got = items(&input, chunk);
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
        input.extend(frame(HOVER.as_bytes()));
        assert_eq!(items(&input, 4096), ["malformed", "ok textDocument/hover"]);
    }

    #[test]
    fn non_messages_are_invalid_requests_with_their_id() {
        let Err(response) = parse_body(br#"{"jsonrpc":"1.0","id":7,"method":"x"}"#) else {
            panic!("accepted a JSON-RPC 1.0 message");
        };
        let text = serde_json::to_string(&response).unwrap_or_default();
        assert!(
            text.contains(r#""id":7"#) && text.contains("-32600"),
            "{text}"
        );
        let Err(response) = parse_body(b"{oops") else {
            panic!("accepted invalid JSON");
        };
        let text = serde_json::to_string(&response).unwrap_or_default();
        assert!(
            text.contains(r#""id":null"#) && text.contains("-32700"),
            "{text}"
        );
    }
}
