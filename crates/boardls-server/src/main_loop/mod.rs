//! A session's loop: one message a turn, in order.
//!
//! - [`dispatch`]: reads the client's messages off the wire, runs each
//!   under the handlers' panic guard, and sends the answers;
//! - [`server`]: tower-lsp-server's `LanguageServer`, each method forwarded
//!   to its function in `handlers`;
//! - [`read_requests`]: the requests that read the whole document (tokens,
//!   symbols, folding), answered from a copy of it on a blocking thread.

pub(crate) mod dispatch;
pub(crate) mod read_requests;
pub(crate) mod server;
