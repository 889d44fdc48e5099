//! How the server is started: over stdio, or as a TCP daemon.

use std::process::ExitCode;

use super::dispatch::serve_session;
use super::listen;

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
    if let Some(address) = &options.listen {
        let addrs = match listen::resolve(address, options.allow_remote) {
            Ok(addrs) => addrs,
            Err(message) => {
                eprintln!("boardls lsp: {message}");
                return ExitCode::from(2);
            }
        };
        // Sessions share the threads: one per core.
        let Some(runtime) = runtime(None) else {
            return ExitCode::FAILURE;
        };
        return runtime.block_on(listen::serve(address, &addrs));
    }
    let Some(runtime) = runtime(Some(2)) else {
        return ExitCode::FAILURE;
    };
    let end = runtime.block_on(serve_session(tokio::io::stdin(), tokio::io::stdout()));
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
