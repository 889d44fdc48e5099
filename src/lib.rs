//! boardls's command line, on the engine (`boardls_engine`), the file
//! system's crate (`boardls_fs`) and the desktop server
//! (`boardls_server`); `src/main.rs` parses the arguments (the only user
//! of clap) and calls these:
//! - [`check`]: the linter command, its output formats and `--coverage`;
//! - [`stress`]: a solution run against the judge on generated inputs, a
//!   failure shrunk;
//! - [`fmt`]: `boardls fmt`, the formatter on files.

pub mod check;
pub mod fmt;
pub mod stress;
