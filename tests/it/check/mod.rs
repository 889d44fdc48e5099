//! `boardls check`, the command line's checker: the built binary as users
//! run it (`cli`), its output formats (`formats`, `full`, `sarif`), every
//! example file through its printers (`snapshots`) and diagnostics that
//! stream out as they are found (`stream`). `cargo test --test it check::`
//! runs them all.

mod cli;
mod formats;
mod full;
mod sarif;
mod snapshots;
mod stream;
