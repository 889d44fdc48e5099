//! The board files on disk under the workspace folders, checked before
//! they are opened and kept current as they change.
//!
//! - [`index`]: what the session knows of them (pure data, tickets, epochs);
//! - [`store`]: what all sessions of the process share (one walk, one read
//!   of each file, one poll of each folder), holding [`checked`] results;
//! - [`disk`]: reading a file safely, stamps and snapshots;
//! - [`jobs`]: a session's reads through the store, converted for it;
//! - [`tasks`]: the scan, re-reads on watched-file events, the poll;
//! - [`settings`]: settings and registrations over the session's life;
//! - [`report`]: pull diagnostics reports with result ids;
//! - [`answer_files`]: answer files checked against their inputs, closed
//!   ones from disk.

pub mod answer_files;
pub mod checked;
pub mod disk;
pub mod index;
pub mod jobs;
pub mod report;
pub mod settings;
pub mod store;
pub mod tasks;
