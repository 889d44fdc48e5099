//! `boardls check`: every diagnostic of every board file under the paths,
//! streamed into one of six output formats.
//!
//! - `full`: code frames and a summary line (the default on a terminal);
//! - `concise`: `path:line:col: severity[code]: message`, 1-based, the
//!   column counting characters (the default otherwise; `--format text`);
//! - `json`: one JSON array of objects with 0-based LSP ranges (UTF-16
//!   code units); `json-lines`: the same objects one per line (what
//!   `--format json` has always printed);
//! - `github`: GitHub Actions workflow commands;
//! - `sarif`: a SARIF 2.1.0 log.
//!
//! Exit status: 2 on bad usage or an unreadable path (the other files are
//! still checked), else 1 when any error was found, else 0.
//!
//! `run` reads the files one at a time and hands each diagnostic to the
//! format's [`Sink`] as it is found; formats that are one document open it
//! at the start and close it at the end, so no format holds the findings.

mod concise;
mod coverage;
mod full;
mod github;
mod json;
mod output_format;
mod rules;
mod run;
mod sarif;
mod sink;

pub use concise::TextSink;
pub use coverage::run as coverage;
pub use full::{FullSink, MAX_RELATED, summary_line};
pub use github::{GithubSink, escape_data, escape_property};
pub use json::{JsonArraySink, JsonSink};
pub use output_format::{
    ColorChoice, OutputFormat, render, render_with, sink, styled_sink, use_color,
};
pub use rules::{Rule, rule_index, rules};
pub use run::{check_bytes, check_paths};
pub use sarif::{SCHEMA_URI, SarifSink, uri};
pub use sink::{CheckedFile, Sink, Summary};
