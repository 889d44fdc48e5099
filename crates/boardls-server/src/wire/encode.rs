//! The server's messages as bytes of the base protocol: a body with its
//! `Content-Length` header, and responses written in place (a big result
//! is written straight into the frame, not built as a JSON tree first).

pub use boardls_ide::rpc::{error_response, write_response, written_with};

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
