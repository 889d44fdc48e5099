//! One server per user, started on demand, reachable only by its user
//! (gopls `-remote=auto`, biome `lsp-proxy`):
//!
//! - [`serve`]: `boardls daemon`, sessions on a Unix socket (a named pipe
//!   on Windows), one per connection, sharing the files on disk; idle exit;
//! - [`forward`]: `boardls lsp --connect`, what an editor launches: joins
//!   stdio to the daemon, spawning it when absent; [`observe`] watches the
//!   bytes for the session's end, so the exit status is a private server's;
//! - [`transport`]: what the daemon needs of its system, one file per
//!   system: `transport_unix` (with `socket`: the socket's path, the owner
//!   and mode checks, the lock) and `transport_windows` (the named pipe);
//! - [`build_id`]: which build this is, in the endpoint's name;
//! - [`token`]: the token a TCP connection (`lsp --listen`) must present;
//! - [`conn`]: one connection served as a session.

pub mod build_id;
pub mod conn;
pub mod forward;
pub mod observe;
pub mod pump;
pub mod serve;
#[cfg(unix)]
pub mod socket;
pub mod token;
pub mod transport;
#[cfg(unix)]
pub mod transport_unix;
#[cfg(windows)]
pub mod transport_windows;
