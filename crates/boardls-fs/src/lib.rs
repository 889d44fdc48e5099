//! boardls on the file system, for the command line and the desktop
//! server alike. It reads the disk (`std::fs`) on its caller's thread and
//! uses the engine (`boardls_engine`) only: no LSP, no async runtime, no
//! other boardls crate; the browser's host does not use it.
//!
//! - [`project`]: a file's `boardls.toml`, found walking up from it (the
//!   nearest wins), read once per run; answers and inputs found beside
//!   each other on disk;
//! - [`walk`]: the board files below a folder (and the answer files), by
//!   each folder's project.

pub mod project;
pub mod walk;
