//! Problem folders: `boardls.toml`, found by walking up from a file (the
//! nearest wins), read with exact spans for its errors; which game a file
//! holds (`[files]` globs, else its extension); where its answers are.
//! `check`, `fmt` and the language server all read it through here.

mod file;
mod found;
mod globs;
pub mod keys;
mod pairing;

pub use file::{ProjectFile, read};
pub use found::{DEFAULT_INVALID_INPUTS, FILE_NAME, Project};
pub use pairing::{DEFAULT_NAMES, InputName, answer_paths, input_names, is_pattern};
