//! The language server: the only layer that knows LSP types and JSON.
//!
//! - [`transport`]: the framing guard in front of tower-lsp-server, and the
//!   session's exit status; [`listen`]: the TCP daemon, a session per
//!   connection.
//! - [`server`]: the handlers and the per-session state (open documents,
//!   negotiated encoding, client capabilities), with a panic guard around
//!   every handler body.
//! - [`workspace`]: board files on disk under the workspace folders (scan,
//!   watched files, workspace diagnostics), with [`config`] (the `boardls`
//!   settings) and [`progress`] (work-done progress).
//! - [`encoding`]: LSP positions versus rope indices and engine columns.
//! - one module per feature, each a pure function from a document view to
//!   protocol objects: [`diagnostics`], [`hints`], [`hover`], [`actions`],
//!   [`symbols`].

use std::process::ExitCode;
use std::sync::Arc;

use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::mpsc;
use tower_lsp_server::{LspService, Server};

pub mod actions;
pub mod config;
pub mod diagnostics;
pub mod encoding;
pub mod hints;
pub mod hover;
pub mod listen;
mod locate;
pub mod progress;
pub mod server;
pub mod symbols;
pub mod transport;
pub mod workspace;

use transport::SessionFlags;

/// How the server is reached.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Serve TCP connections on this address instead of stdio.
    pub listen: Option<String>,
    /// Allow `listen` on a non-loopback address.
    pub allow_remote: bool,
}

/// Runs the server until the session ends; the status follows LSP: 0 after
/// `shutdown` then `exit`, 1 after a bare `exit` or a client that closed the
/// stream without `shutdown`.
pub fn run(options: Options) -> ExitCode {
    if let Some(listen) = &options.listen {
        return listen::run(listen, options.allow_remote);
    }
    let Some(runtime) = runtime(Some(2)) else {
        return ExitCode::FAILURE;
    };
    let flags = runtime.block_on(serve_session(tokio::io::stdin(), tokio::io::stdout()));
    // tokio's stdin reads on a blocking thread that may sit in `read`
    // forever; do not wait for it.
    runtime.shutdown_background();
    if flags.success() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// A multi-threaded runtime (`workers` threads, else one per core); a
/// failure is reported on stderr.
fn runtime(workers: Option<usize>) -> Option<tokio::runtime::Runtime> {
    let mut builder = tokio::runtime::Builder::new_multi_thread();
    if let Some(workers) = workers {
        builder.worker_threads(workers);
    }
    match builder.enable_all().build() {
        Ok(runtime) => Some(runtime),
        Err(err) => {
            eprintln!("boardls lsp: cannot start the runtime: {err}");
            None
        }
    }
}

/// Serves one LSP session over a byte stream pair until `exit` or the end
/// of the input, and reports how it ended. Each session has its own
/// documents and settings, so any stream (stdio, a TCP connection, an
/// in-process pipe in tests) can carry one.
pub async fn serve_session<I, O>(input: I, output: O) -> Arc<SessionFlags>
where
    I: AsyncRead + Unpin + Send + 'static,
    O: AsyncWrite + Unpin + Send + 'static,
{
    const PIPE: usize = 1 << 16;
    let flags = Arc::new(SessionFlags::default());
    let (to_server, server_input) = tokio::io::duplex(PIPE);
    let (server_output, from_server) = tokio::io::duplex(PIPE);
    let (frames_tx, frames_rx) = mpsc::unbounded_channel();

    let notifier = transport::Notifier::new(frames_tx.clone());
    let writer = tokio::spawn(transport::write_output(output, frames_rx));
    let splitter = tokio::spawn(transport::split_output(from_server, frames_tx.clone()));
    let guard = tokio::spawn(transport::guard_input(
        input,
        to_server,
        frames_tx,
        flags.clone(),
    ));

    let (service, socket) = LspService::new({
        let flags = flags.clone();
        let notifier = notifier.clone();
        move |client| server::Backend::new(client, notifier, flags)
    });
    Server::new(server_input, server_output, socket)
        .serve(service)
        .await;
    // Background work may still hold the notifier: close it so the writer
    // sees the end of its queue.
    notifier.close();

    // The server has stopped (after `exit`, or at the end of its input) and
    // dropped its output pipe; drain what it wrote, then stop reading.
    guard.abort();
    let _ = splitter.await;
    let _ = guard.await;
    let _ = writer.await;
    flags
}
