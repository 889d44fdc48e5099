//! boardls on the file system, for the command line and the desktop
//! server alike:
//! - [`project`]: a file's `boardls.toml`, found walking up from it (the
//!   nearest wins), read once per run; answers and inputs found beside
//!   each other on disk;
//! - [`walk`]: the board files below a folder (and the answer files), by
//!   each folder's project.

pub mod project;
pub mod walk;
