//! The language server: the only layer that knows LSP types.
//!
//! Its rooms, each importing only those below it (ARCHITECTURE.md has the
//! picture and the layer table that the tests enforce):
//! - [`launch`]: how sessions start: stdio, TCP, the per-user daemon;
//! - [`browser`]: the second transport, for a browser: one message in,
//!   the messages it causes out, on one thread, open documents only;
//! - [`main_loop`]: a session's loop, one message a turn, in order, and the
//!   `LanguageServer` that forwards each method to [`handlers`];
//! - [`handlers`]: one function per LSP method, and the capabilities;
//! - [`workspace`]: a session's work on its workspace folders over its
//!   life (scan, watch, poll, settings, reports, answer files);
//! - [`state`]: a session's open documents, settings and outbox, and what
//!   the sessions of a process share;
//! - [`disk`]: the board files on disk, read once for all sessions;
//! - [`wire`]: bytes in, frames out, and the ordered outbox;
//! - [`kept`]: what an open document keeps between edits, per position;
//! - [`features`]: the answers about one document, pure functions of its
//!   [`view`] and the settings ([`config`]);
//! - [`encoding`]: LSP positions and the rope; [`priority`]: background
//!   threads at a lower CPU priority; [`uri`]: a client's `file:` URIs
//!   and the one key each document is known by.

pub mod browser;
pub mod config;
#[cfg(feature = "native")]
pub(crate) mod disk;
pub mod encoding;
pub mod features;
#[cfg(feature = "native")]
pub(crate) mod handlers;
pub mod kept;
#[cfg(feature = "native")]
pub(crate) mod launch;
#[cfg(feature = "native")]
pub(crate) mod main_loop;
#[cfg(feature = "native")]
pub(crate) mod priority;
#[cfg(feature = "native")]
pub mod state;
pub(crate) mod uri;
pub mod view;
#[cfg(feature = "native")]
pub mod wire;
#[cfg(feature = "native")]
pub(crate) mod workspace;

#[cfg(feature = "native")]
pub use config::set_command_line_locale;
#[cfg(feature = "native")]
pub use launch::daemon::serve::DaemonOptions;
#[cfg(feature = "native")]
pub use launch::run::{Options, run, run_daemon};
#[cfg(feature = "test-hooks")]
pub use main_loop::dispatch::{Faults, serve_session_with};
#[cfg(feature = "native")]
pub use main_loop::dispatch::{serve_session, serve_shared};
