//! A session's state and what the sessions of a process share.
//!
//! - [`session`]: the desktop's host of a session ([`session::Desktop`]),
//!   and its part of the session's state (the index of files on disk);
//! - [`shared`]: what all the sessions of one process share (the store of
//!   files on disk);
//! - [`progress`]: work-done progress reported through the outbox.

pub(crate) mod progress;
pub mod session;
pub(crate) mod shared;
