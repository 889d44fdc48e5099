//! boardls's desktop language server: the host around the IDE core
//! (`boardls_ide`) that serves it over stdio, TCP or a per-user daemon,
//! with what only a desktop has: the tokio runtime, the files on disk
//! (read once for every session of the process), the workspace scan, the
//! watcher and the poll. It uses the engine, the file system's crate
//! (`boardls_fs`) and the core; it answers no LSP method itself (the
//! core's method table does), and it knows nothing of the command line.
//!
//! Its rooms, each importing only those below it:
//! - [`launch`]: how sessions start: stdio, TCP, the per-user daemon;
//! - [`main_loop`]: a session's loop, one message a turn, in order, each
//!   through the core's method table under the panic guard;
//! - [`host`]: what the desktop adds to the core (the core's `Host`);
//! - [`workspace`]: a session's work on its workspace folders over its
//!   life (scan, watch, poll, settings on disk, the workspace report);
//! - [`state`]: the desktop's host of a session and its part of the
//!   session's state, and what the sessions of a process share;
//! - [`disk`]: the board files on disk, read once for all sessions;
//! - [`wire`]: bytes in, frames out, and the ordered outbox;
//! - [`priority`]: background threads at a lower CPU priority;
//! - [`uri`]: a client's `file:` URIs, the paths they name and the one
//!   key each file is known by, by the operating system's rules.

pub mod disk;
pub mod host;
pub mod launch;
pub mod main_loop;
pub mod priority;
pub mod state;
#[cfg(feature = "test-hooks")]
pub mod test_hooks;
pub mod uri;
pub mod wire;
pub mod workspace;

pub use boardls_ide::config::set_command_line_locale;
pub use launch::daemon::serve::DaemonOptions;
pub use launch::run::{Options, run, run_daemon};
#[cfg(feature = "test-hooks")]
pub use main_loop::dispatch::{Faults, serve_session_with};
pub use main_loop::dispatch::{serve_session, serve_shared};
