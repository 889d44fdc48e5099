//! The board files on disk under the workspace folders, checked before
//! they are opened and kept current as they change.
//!
//! - [`index`]: what the session knows of them (pure data, tickets, epochs);
//! - [`disk`]: finding, reading and judging files, without a rope;
//! - [`tasks`]: the scan, re-reads on watched-file events, the poll;
//! - [`settings`]: settings and registrations over the session's life;
//! - [`report`]: pull diagnostics reports with result ids.

pub mod disk;
pub mod index;
pub mod report;
pub mod settings;
pub mod tasks;
