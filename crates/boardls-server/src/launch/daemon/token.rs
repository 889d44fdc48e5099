//! The token a TCP connection must present (VS Code server's connection
//! token, in a 0600 file).
//!
//! **How it is presented**: the first line the client sends, before any
//! LSP frame, is the token itself, ended by `\n` (a `\r` before it and
//! blanks around the token are ignored). Everything after that line is the
//! LSP session. A connection whose first line is not the token (or that
//! sends none within [`TOKEN_TIMEOUT`]) gets one JSON-RPC error message,
//! framed like any LSP message, with id `null` and code
//! [`REFUSED`] (-32001), and the connection closes.
//! `boardls lsp --connect tcp://HOST:PORT --token-file F` presents it for
//! an editor.

use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::time::Duration;

use tokio::io::{AsyncBufRead, AsyncBufReadExt as _};

use super::transport;

/// The JSON-RPC error code of a refused connection.
pub const REFUSED: i64 = -32001;
/// How long a connection may take to present its token.
pub const TOKEN_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest first line read (a token file holds at most this much).
const MAX_LINE: usize = 4096;

/// A token: random bytes as hex, or a token file's content.
#[derive(Clone)]
pub struct Token(String);

impl Token {
    /// 32 random bytes from the system, as 64 hex digits.
    pub fn random() -> io::Result<Token> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|err| io::Error::other(err.to_string()))?;
        Ok(Token(bytes.iter().map(|b| format!("{b:02x}")).collect()))
    }

    /// The token in a file: its content without surrounding blanks. The
    /// file must be the user's own regular file; a warning comes back if
    /// others may read it.
    pub fn read(path: &Path) -> Result<(Token, Option<String>), String> {
        let warning = transport::own_file(path)?;
        let text = std::fs::read_to_string(path)
            .map_err(|err| format!("cannot read the token file {}: {err}", path.display()))?;
        let token = text.trim();
        if token.is_empty() || token.len() > MAX_LINE || token.contains(['\n', '\r']) {
            return Err(format!(
                "the token file {} must hold one line, the token (at most {MAX_LINE} bytes)",
                path.display()
            ));
        }
        Ok((Token(token.to_owned()), warning))
    }

    /// Writes a new random token to a new file only the user may read.
    pub fn create(path: &Path) -> Result<Token, String> {
        let token = Token::random().map_err(|err| format!("cannot make a random token: {err}"))?;
        let mut file = transport::create_private_file(path)
            .map_err(|err| format!("cannot create the token file {}: {err}", path.display()))?;
        writeln!(file, "{}", token.0)
            .map_err(|err| format!("cannot write the token file {}: {err}", path.display()))?;
        Ok(token)
    }

    /// The line a client sends first.
    pub fn line(&self) -> Vec<u8> {
        format!("{}\n", self.0).into_bytes()
    }

    /// Whether `presented` is the token, in time that does not depend on
    /// where they differ.
    pub fn matches(&self, presented: &[u8]) -> bool {
        let expected = self.0.as_bytes();
        let mut differ = u8::from(expected.len() != presented.len());
        for (i, byte) in expected.iter().enumerate() {
            differ |= byte ^ presented.get(i).copied().unwrap_or(!byte);
        }
        differ == 0
    }
}

/// The token a `--listen` server uses: the one in `file`, else a new one
/// written to `file` (or, without `file`, to a new file in the user's
/// private directory). Returns it, the file, and what to tell the user.
pub fn for_listen(file: Option<&Path>) -> Result<(Token, PathBuf, Vec<String>), String> {
    if let Some(file) = file {
        if file.exists() || file.is_symlink() {
            let (token, warning) = Token::read(file)?;
            return Ok((token, file.to_path_buf(), warning.into_iter().collect()));
        }
        let token = Token::create(file)?;
        return Ok((token, file.to_path_buf(), Vec::new()));
    }
    let dir = transport::default_dir();
    transport::private_dir(&dir, true)?;
    let path = dir.join(format!("tcp-{}.token", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let token = Token::create(&path)?;
    Ok((token, path, Vec::new()))
}

/// Reads the connection's first line and checks it: `Err` with the reason
/// to log when the connection must be refused.
pub async fn accept<R: AsyncBufRead + Unpin>(input: &mut R, token: &Token) -> Result<(), String> {
    let mut line = Vec::new();
    let read = tokio::time::timeout(TOKEN_TIMEOUT, async {
        let mut limited = tokio::io::AsyncReadExt::take(&mut *input, MAX_LINE as u64 + 1);
        limited.read_until(b'\n', &mut line).await
    })
    .await;
    match read {
        Err(_) => return Err("no token within 10 s".to_owned()),
        Ok(Err(err)) => return Err(format!("reading the token failed: {err}")),
        Ok(Ok(_)) => {}
    }
    if line.last() != Some(&b'\n') {
        return Err("the connection ended or sent a line too long before any token".to_owned());
    }
    let presented = line.trim_ascii();
    if token.matches(presented) {
        Ok(())
    } else if presented.starts_with(b"Content-Length") {
        Err("it sent an LSP message without the token first".to_owned())
    } else {
        Err("it presented a wrong token".to_owned())
    }
}

/// The one message a refused connection gets.
pub fn refusal() -> Vec<u8> {
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": {
            "code": REFUSED,
            "message": "boardls: refused: this connection did not present the server's token \
                        (send the token from the server's token file as the first line, or use \
                        `boardls lsp --connect tcp://HOST:PORT --token-file FILE`)",
        }
    })
    .to_string();
    let mut frame = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    frame.extend_from_slice(body.as_bytes());
    frame
}

#[cfg(test)]
mod tests {
    use crate::launch::daemon::token::{Token, accept};

    #[test]
    fn tokens_match_only_exactly() {
        let token = Token("0123abcd".to_owned());
        assert!(token.matches(b"0123abcd"));
        assert!(!token.matches(b"0123abce"));
        assert!(!token.matches(b"0123abc"));
        assert!(!token.matches(b"0123abcd0"));
        assert!(!token.matches(b""));
        let random = Token::random().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(random.0.len(), 64);
        assert!(random.0.bytes().all(|b| b.is_ascii_hexdigit()));
        assert!(!random.matches(Token::random().map(|t| t.0).unwrap_or_default().as_bytes()));
    }

    #[tokio::test]
    async fn the_first_line_is_the_token() {
        let token = Token("secret".to_owned());
        let mut ok: &[u8] = b"  secret\r\nContent-Length: 2\r\n\r\n{}";
        assert_eq!(accept(&mut ok, &token).await, Ok(()));
        // The rest is left for the session.
        assert_eq!(ok, b"Content-Length: 2\r\n\r\n{}");
        let mut wrong: &[u8] = b"secreT\n";
        assert!(accept(&mut wrong, &token).await.is_err());
        let mut none: &[u8] = b"Content-Length: 2\r\n\r\n{}";
        let refused = accept(&mut none, &token).await;
        assert!(
            refused
                .as_ref()
                .is_err_and(|m| m.contains("without the token")),
            "{refused:?}"
        );
        let mut cut: &[u8] = b"secret";
        assert!(accept(&mut cut, &token).await.is_err());
    }
}
