//! The language server: the only layer that knows LSP types and JSON.
//!
//! Layers, each importing only those below it (ARCHITECTURE.md has the
//! whole picture):
//! - [`run`](mod@run) starts a session over stdio or, with [`listen`], one per TCP
//!   connection; [`daemon`] serves sessions on a per-user Unix socket and
//!   forwards an editor's stdio to it; [`shared`] is what the sessions of a
//!   process share; [`dispatch`] is a session's loop: messages decoded by
//!   [`wire`], handled one at a time and in order under one panic
//!   guard, answers sent back through the [`wire`], open documents'
//!   diagnostics written by its outbox for the newest version, from the
//!   pieces [`kept_diagnostics`] keeps per position.
//! - [`server`] forwards each LSP method to its function in [`handlers`].
//! - [`session`]: open documents, settings, the outbox; [`workspace`]: the
//!   board files on disk; [`capabilities`]: what the server announces;
//!   [`config`]: the settings; [`progress`]: work-done progress.
//! - the features, pure functions of a document [`view`] (and nothing
//!   above it): [`proto_diagnostics`], [`hints`], [`hover`], [`actions`],
//!   [`symbols`], [`tokens`] (kept per position: [`token_cache`]),
//!   [`format_edits`], with [`picture`] (the hover's
//!   picture), [`locate`] and [`encoding`] below them.

pub mod config;
pub(crate) mod daemon;
pub(crate) mod disk;
pub mod encoding;
pub mod features;
pub(crate) mod handlers;
pub mod kept;
pub(crate) mod listen;
pub(crate) mod main_loop;
pub(crate) mod priority;
pub(crate) mod run;
pub mod state;
pub mod view;
pub mod wire;
pub(crate) mod workspace;

pub use daemon::serve::DaemonOptions;
#[cfg(feature = "test-hooks")]
pub use main_loop::dispatch::{Faults, serve_session_with};
pub use main_loop::dispatch::{serve_session, serve_shared};
pub use run::{Options, run, run_daemon};
