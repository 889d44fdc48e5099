//! One connection of a daemon or a TCP server, served as its own session
//! among the sessions that share the process's files.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite};

use crate::main_loop::dispatch::serve_shared;
use crate::state::shared::Shared;

/// Serves a connection's session in a task of its own (a client that
/// disconnects, even in the middle of a message, or whose session panics,
/// ends only that session), logging its start and end under `who`.
pub async fn serve_connection<I, O>(input: I, output: O, shared: Arc<Shared>, who: String)
where
    I: AsyncRead + Unpin + Send + 'static,
    O: AsyncWrite + Unpin + Send + 'static,
{
    eprintln!("boardls: session {who} started");
    let session = tokio::spawn(serve_shared(input, Forgiving::new(output), shared));
    match session.await {
        Ok(end) if end.success() => eprintln!("boardls: session {who} ended"),
        Ok(_) => eprintln!("boardls: session {who} ended without shutdown"),
        Err(_) => eprintln!("boardls: session {who} failed"),
    }
}

/// A writer that, once the peer is gone, swallows what is written instead
/// of failing: the session then winds down from its input side (which sees
/// the end of the connection) rather than stalling on a full output pipe.
pub struct Forgiving<W> {
    inner: W,
    broken: bool,
}

impl<W> Forgiving<W> {
    pub fn new(inner: W) -> Forgiving<W> {
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
