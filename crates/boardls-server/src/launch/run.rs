//! How the server is started: over stdio, as a TCP server, as the per-user
//! daemon, or as a forwarder from stdio to a daemon.

use std::path::PathBuf;
use std::process::ExitCode;

use super::daemon::forward::{self, Forwarded, Target};
use super::daemon::serve::{self, DaemonOptions};
use super::daemon::token;
use super::daemon::transport;
use super::listen;
use crate::main_loop::dispatch::{serve_session, serve_shared};
use crate::state::shared::Shared;

/// How the server is reached.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Serve TCP connections on this address instead of stdio.
    pub listen: Option<String>,
    /// Allow `listen` on a non-loopback address.
    pub allow_remote: bool,
    /// With `listen`: the token file; with a `tcp://` `connect`: the token
    /// to present.
    pub token_file: Option<PathBuf>,
    /// Forward stdio to a daemon: `auto`, a socket path, `tcp://HOST:PORT`.
    pub connect: Option<String>,
}

/// `boardls daemon`.
pub fn run_daemon(options: DaemonOptions) -> ExitCode {
    serve::run(options)
}

/// Runs the server until the session ends; the status follows LSP: 0 after
/// `shutdown` then `exit`, 1 after a bare `exit` or a client that closed the
/// stream without `shutdown`.
pub fn run(options: Options) -> ExitCode {
    if let Some(target) = &options.connect {
        return match forward::run(Target::parse(target), options.token_file) {
            Forwarded::Ended(status) => status,
            Forwarded::Unreachable(why) => {
                eprintln!("boardls lsp: {why}; serving this editor with a private server instead");
                serve_stdio(Some(boardls_engine::i18n::message!(
                    "show-daemon-unusable",
                    reason = why
                )))
            }
        };
    }
    if let Some(address) = &options.listen {
        let addrs = match listen::resolve(address, options.allow_remote) {
            Ok(addrs) => addrs,
            Err(message) => {
                eprintln!("boardls lsp: {message}");
                return ExitCode::from(2);
            }
        };
        let (token, file, warnings) = match token::for_listen(options.token_file.as_deref()) {
            Ok(found) => found,
            Err(message) => {
                eprintln!("boardls lsp: {message}");
                return ExitCode::from(2);
            }
        };
        for warning in warnings {
            eprintln!("boardls lsp: warning: {warning}");
        }
        eprintln!("boardls lsp: token file {}", file.display());
        // Sessions share the threads: one per core.
        let Some(runtime) = runtime(None) else {
            return ExitCode::FAILURE;
        };
        let made = options.token_file.is_none();
        let status = runtime.block_on(async {
            tokio::select! {
                status = listen::serve(address, &addrs, token) => status,
                () = transport::stop_signal() => ExitCode::SUCCESS,
            }
        });
        if made {
            // A token file of its own making goes with the server.
            let _ = std::fs::remove_file(&file);
        }
        runtime.shutdown_background();
        return status;
    }
    serve_stdio(None)
}

/// One session on stdio, in this process; with `warning`, the client is
/// shown it once initialized.
fn serve_stdio(warning: Option<boardls_engine::i18n::Message>) -> ExitCode {
    let Some(runtime) = runtime(Some(2)) else {
        return ExitCode::FAILURE;
    };
    let (stdin, stdout) = (tokio::io::stdin(), tokio::io::stdout());
    let end = runtime.block_on(async move {
        match warning {
            Some(warning) => serve_shared(stdin, stdout, Shared::with_warning(warning)).await,
            None => serve_session(stdin, stdout).await,
        }
    });
    // tokio's stdin reads on a blocking thread that may sit in `read`
    // forever; do not wait for it.
    runtime.shutdown_background();
    if end.success() {
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
