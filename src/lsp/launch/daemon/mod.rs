//! One server per user, started on demand, reachable only by its user
//! (gopls `-remote=auto`, biome `lsp-proxy`):
//!
//! - [`serve`]: `boardls daemon`, sessions on a Unix socket, one per
//!   connection, sharing the files on disk; idle exit;
//! - [`forward`]: `boardls lsp --connect`, what an editor launches: joins
//!   stdio to the daemon, spawning it when absent; [`observe`] watches the
//!   bytes for the session's end, so the exit status is a private server's;
//! - [`socket`]: the socket's path, the owner and mode checks, the lock;
//! - [`token`]: the token a TCP connection (`lsp --listen`) must present;
//! - [`conn`]: one connection served as a session.

pub mod conn;
pub mod forward;
pub mod observe;
pub mod pump;
pub mod serve;
pub mod socket;
pub mod token;
