//! One function per LSP method, grouped by area (the capabilities are
//! `features::capabilities`). Each takes the session
//! and the method's params, and returns its answer; the server forwards to
//! them and the dispatcher runs each under the panic guard, one message at
//! a time.

pub mod answers;
pub mod language;
pub mod lifecycle;
pub mod pull_diagnostics;
pub mod text_sync;
pub mod workspace;
