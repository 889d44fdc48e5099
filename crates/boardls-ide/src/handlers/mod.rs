//! One function per LSP method, grouped by area (the capabilities are
//! `features::capabilities`). Each takes the session and the method's
//! params and returns its answer; [`server`](crate::server) forwards to
//! them, and the host runs each under its panic guard, one message at a
//! time.
//!
//! - [`text_sync`]: the open documents' text;
//! - [`language`]: requests about a position or a range;
//! - [`whole`]: requests that read a whole document, answered from a
//!   snapshot where the host likes;
//! - [`pull`]: pull diagnostics;
//! - [`workspace`]: settings, files changed, folders;
//! - [`lifecycle`]: `initialize`, `initialized`, `shutdown`.

pub mod language;
pub mod lifecycle;
pub mod pull;
pub mod text_sync;
pub mod whole;
pub mod workspace;
