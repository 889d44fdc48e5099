//! A session's work on the board files of its workspace folders, over its
//! life: checked before they are opened and kept current as they change.
//!
//! - [`tasks`]: the scan, re-reads on watched-file events, the poll;
//! - [`reconfigure`]: settings and registrations over the session's life;
//! - [`report`]: the workspace's pull diagnostics report with result ids.

pub mod reconfigure;
pub mod report;
pub mod tasks;
