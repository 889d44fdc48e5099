//! Daemon mode: `boardls lsp --listen ADDR` serves every TCP connection as
//! its own LSP session, with its own documents, settings and workspace.
//!
//! A session can make the server read files (its workspace folders), so the
//! address must be a loopback one unless `--allow-remote` is given. Each
//! session runs in its own task: a client that disconnects, even in the
//! middle of a message, or whose session panics, ends only that session.

use std::io;
use std::net::{SocketAddr, ToSocketAddrs};
use std::pin::Pin;
use std::process::ExitCode;
use std::task::{Context, Poll};

use tokio::io::AsyncWrite;
use tokio::net::TcpListener;

use super::dispatch::serve_session;

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

/// Binds, prints the bound address on stderr (so port 0 is usable), and
/// serves connections until the process is stopped. Exit status 2 when the
/// address cannot be bound.
pub async fn serve(listen: &str, addrs: &[SocketAddr]) -> ExitCode {
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
        eprintln!("boardls lsp: session from {peer} started");
        tokio::spawn(async move {
            let (input, output) = stream.into_split();
            let session = tokio::spawn(serve_session(input, Forgiving::new(output)));
            match session.await {
                Ok(end) if end.success() => {
                    eprintln!("boardls lsp: session from {peer} ended");
                }
                Ok(_) => eprintln!("boardls lsp: session from {peer} ended without shutdown"),
                Err(_) => eprintln!("boardls lsp: session from {peer} failed"),
            }
        });
    }
}

/// A writer that, once the peer is gone, swallows what is written instead
/// of failing: the session then winds down from its input side (which sees
/// the end of the connection) rather than stalling on a full output pipe.
struct Forgiving<W> {
    inner: W,
    broken: bool,
}

impl<W> Forgiving<W> {
    fn new(inner: W) -> Forgiving<W> {
        Forgiving {
            inner,
            broken: false,
        }
    }
}

impl<W: AsyncWrite + Unpin> AsyncWrite for Forgiving<W> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        if self.broken {
            return Poll::Ready(Ok(buf.len()));
        }
        match Pin::new(&mut self.inner).poll_write(cx, buf) {
            Poll::Ready(Err(_)) => {
                self.broken = true;
                Poll::Ready(Ok(buf.len()))
            }
            other => other,
        }
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if self.broken {
            return Poll::Ready(Ok(()));
        }
        match Pin::new(&mut self.inner).poll_flush(cx) {
            Poll::Ready(Err(_)) => {
                self.broken = true;
                Poll::Ready(Ok(()))
            }
            other => other,
        }
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if self.broken {
            return Poll::Ready(Ok(()));
        }
        match Pin::new(&mut self.inner).poll_shutdown(cx) {
            Poll::Ready(Err(_)) => Poll::Ready(Ok(())),
            other => other,
        }
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
