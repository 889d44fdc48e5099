//! The server's messages as bytes of the base protocol: a body with its
//! `Content-Length` header, and responses written in place (a big result
//! is written straight into the frame, not built as a JSON tree first).

use tower_lsp_server::jsonrpc::{Error, ErrorCode, Id, Response};

/// A JSON-RPC error response.
pub(crate) fn error_response(id: Id, code: ErrorCode, message: String) -> Response {
    Response::from_error(
        id,
        Error {
            code,
            message: message.into(),
            data: None,
        },
    )
}

/// `body` with its `Content-Length` header: one frame of the base protocol.
pub fn frame(body: &[u8]) -> Vec<u8> {
    let mut out = header(body.len());
    out.extend_from_slice(body);
    out
}

/// The header of a message whose body is `len` bytes.
pub(crate) fn header(len: usize) -> Vec<u8> {
    format!("Content-Length: {len}\r\n\r\n").into_bytes()
}

/// Bytes written, and nothing kept: the length of a body to stream.
pub struct ByteCount(pub usize);

impl std::io::Write for ByteCount {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0 += bytes.len();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A success response whose result `write` writes as JSON in its place
/// (a big result is not copied); `None` when `write` gives up.
pub(crate) fn written_with(
    id: &Id,
    write: impl FnOnce(&mut Vec<u8>) -> Option<()>,
) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    write_response(id, &mut out, write)?;
    Some(out)
}

/// [`written_with`] into any writer (the counter and the chunks of a
/// streamed answer); `None` when `write` gives up or `out` fails.
pub(crate) fn write_response<W: std::io::Write + ?Sized>(
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

#[cfg(test)]
mod tests {
    use std::str::FromStr as _;

    use tower_lsp_server::ls_types::Uri;

    use crate::wire::encode::ByteCount;
    use boardls_engine::document::Document;
    use boardls_engine::games::GameKind;
    use boardls_ide::encoding::Encoding;
    use boardls_ide::kept::publish::{Published, notification, write_notification};

    /// The counting pass of a streamed publish finds the length of what is
    /// then written.
    #[test]
    fn the_counted_length_is_the_written_length() {
        let doc = Document::new(GameKind::Go9, "x........\n.........\nxyz\n");
        let published = Published {
            uri: Uri::from_str("file:///w/a.go9").expect("a URI"),
            version: 1,
            snapshot: doc.snapshot(),
            enc: Encoding::Utf16,
            locale: Default::default(),
            filter: Default::default(),
            kept: None,
        };
        let mut count = ByteCount(0);
        write_notification(&published, &mut count);
        let body = notification(&published);
        assert!(body.len() > 100);
        assert_eq!(count.0, body.len());
    }
}
