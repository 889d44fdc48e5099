//! The integration tests, as one binary: each module is one suite
//! (`cargo test --test it MODULE` runs one), and `support` holds what they
//! share. One binary links the crate once. A feature's tests are one
//! module, whatever front end or game they go through (`answers`, `check`,
//! `daemon`, `hover`, `tokens`; CONTRIBUTING.md lists them).

mod support;

mod answers;
mod browser_server;
mod catalog;
mod check;
mod cli_locale;
mod codes;
mod coverage;
mod daemon;
mod doc_examples;
mod doc_links;
mod doc_names;
mod docs_generated;
mod document_incremental;
mod environment;
mod fmt_cli;
mod format;
mod fuzz_regressions;
mod hooks_recovery;
mod hover;
mod lsp_abuse;
mod lsp_budget;
mod lsp_features;
mod lsp_filters;
mod lsp_guard;
mod lsp_kept_diagnostics;
#[cfg(feature = "test-hooks")]
mod lsp_locale;
mod lsp_order;
mod lsp_proptest;
mod lsp_protocol;
mod lsp_read_requests;
mod lsp_workspace;
mod mutants;
mod naive_go9_fixture;
mod playground_catalog;
mod profiles;
mod robust_props;
#[cfg(feature = "test-hooks")]
mod settled;
mod skip_records;
mod slow_clients;
mod soak;
mod solve;
mod stress;
mod structure;
mod syntax;
mod tokens;
mod windows_wine;
