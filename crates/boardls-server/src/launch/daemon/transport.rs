//! What the daemon needs of the system it runs on, one file per system
//! with the same items, chosen here:
//!
//! - [`Endpoint`]: where a daemon is reached (a Unix socket; a named pipe
//!   per user on Windows), its log, and dialling it ([`Dialled`]), the
//!   other end checked to be the same user;
//! - [`Listener`]: the daemon's end, one daemon per endpoint, each
//!   connection's peer checked;
//! - [`detach`]: a spawned daemon on its own, away from the editor;
//! - [`stop_signal`] ([`STOP_SIGNALS`] in words) and [`private_files`];
//! - files only the user may use (the log, the TCP token):
//!   [`default_dir`], [`private_dir`], [`own_file`],
//!   [`create_private_file`], [`private_log`].

#[cfg(unix)]
pub use super::transport_unix::{
    Dialled, Endpoint, Listener, STOP_SIGNALS, create_private_file, default_dir, detach, own_file,
    private_dir, private_files, private_log, stop_signal,
};
#[cfg(windows)]
pub use super::transport_windows::{
    Dialled, Endpoint, Listener, STOP_SIGNALS, create_private_file, default_dir, detach, own_file,
    private_dir, private_files, private_log, stop_signal,
};
