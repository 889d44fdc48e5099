//! `boardls lsp --listen ADDR` serves every TCP connection that presents
//! the server's token as its own LSP session, with its own documents and
//! settings; the files on disk are shared, as in the daemon.
//!
//! A session can make the server read files (its workspace folders), so the
//! address must be a loopback one unless `--allow-remote` is given, and a
//! connection gets no LSP service before it presents the token (see
//! `daemon::token`: the first line it sends). Each session runs in its own
//! task: a client that disconnects, even in the middle of a message, or
//! whose session panics, ends only that session.

use std::net::{SocketAddr, ToSocketAddrs};
use std::process::ExitCode;

use tokio::io::{AsyncWriteExt as _, BufReader};
use tokio::net::TcpListener;

use super::daemon::conn::serve_connection;
use super::daemon::token::{self, Token};
use crate::state::shared::Shared;

/// The addresses `--listen` names, or why they may not be used.
pub fn resolve(listen: &str, allow_remote: bool) -> Result<Vec<SocketAddr>, String> {
    let addrs: Vec<SocketAddr> = listen
        .to_socket_addrs()
        .map_err(|err| {
            format!(
                "cannot use --listen {listen}: {err} (expected HOST:PORT, such as 127.0.0.1:9257)"
            )
        })?
        .collect();
    if addrs.is_empty() {
        return Err(format!("cannot use --listen {listen}: it names no address"));
    }
    if !allow_remote && let Some(remote) = addrs.iter().find(|a| !a.ip().is_loopback()) {
        return Err(format!(
            "refusing to listen on {remote}: it is not a loopback address, and any client that \
             connects can make the server read files; pass --allow-remote to allow it"
        ));
    }
    Ok(addrs)
}

/// Binds, prints the bound address and the token file on stderr (so port 0
/// is usable), and serves connections that present the token until the
/// process is stopped. Exit status 2 when the address cannot be bound.
pub async fn serve(listen: &str, addrs: &[SocketAddr], token: Token) -> ExitCode {
    let listener = match TcpListener::bind(addrs).await {
        Ok(listener) => listener,
        Err(err) => {
            eprintln!("boardls lsp: cannot listen on {listen}: {err}");
            return ExitCode::from(2);
        }
    };
    match listener.local_addr() {
        Ok(addr) => eprintln!("boardls lsp: listening on {addr}"),
        Err(_) => eprintln!("boardls lsp: listening on {listen}"),
    }
    let shared = Shared::new();
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(err) => {
                // Out of descriptors and the like: wait a little, go on.
                eprintln!("boardls lsp: accept failed: {err}");
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let (token, shared) = (token.clone(), shared.clone());
        tokio::spawn(async move {
            let (input, mut output) = stream.into_split();
            let mut input = BufReader::new(input);
            if let Err(why) = token::accept(&mut input, &token).await {
                eprintln!("boardls lsp: refused the connection from {peer}: {why}");
                let _ = output.write_all(&token::refusal()).await;
                let _ = output.shutdown().await;
                return;
            }
            serve_connection(input, output, shared, format!("from {peer}")).await;
        });
    }
}

#[cfg(test)]
mod tests {
    use super::resolve;

    #[test]
    fn loopback_only_unless_allowed() {
        assert!(resolve("127.0.0.1:0", false).is_ok());
        assert!(resolve("[::1]:0", false).is_ok());
        assert!(resolve("localhost:0", false).is_ok());
        let refused = resolve("0.0.0.0:0", false);
        assert!(
            matches!(&refused, Err(m) if m.contains("--allow-remote")),
            "{refused:?}"
        );
        assert!(resolve("0.0.0.0:0", true).is_ok());
        assert!(resolve("127.0.0.1", false).is_err());
        assert!(resolve("nonsense", true).is_err());
    }
}
