//! `boardls check`: every diagnostic of every board file under the paths.

use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
}

pub fn run(_format: Format, _paths: &[PathBuf]) -> ExitCode {
    eprintln!("boardls check: not implemented yet");
    ExitCode::from(2)
}
