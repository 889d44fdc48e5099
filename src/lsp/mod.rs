//! The language server: the only layer that knows LSP types and JSON.

use std::process::ExitCode;

pub mod encoding;
pub mod transport;

/// How the server is reached.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Serve TCP connections on this address instead of stdio.
    pub listen: Option<String>,
    /// Allow `listen` on a non-loopback address.
    pub allow_remote: bool,
}

pub fn run(_options: Options) -> ExitCode {
    eprintln!("boardls lsp: not implemented yet");
    ExitCode::from(2)
}
