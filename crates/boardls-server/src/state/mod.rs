//! A session's state and what the sessions of a process share.
//!
//! - [`session`]: a session's open documents, settings, index and outbox,
//!   behind one lock;
//! - [`shared`]: what all the sessions of one process share (the store of
//!   files on disk);
//! - [`answer_doc`]: the answer files in the workspace that are not open,
//!   checked against their inputs from disk;
//! - [`progress`]: work-done progress reported through the outbox.

pub(crate) mod answer_doc;
pub(crate) mod progress;
pub mod session;
pub(crate) mod shared;
