//! What the integration tests share: random boards, the `boardls` command,
//! an LSP client over the spawned server, the feature checks run in
//! process, the robustness oracle and the crate's own sources. The benches
//! include this module too, and each user needs only part of it.

#![allow(dead_code)]

pub mod boards;
pub mod cli;
pub mod client;
pub mod features;
pub mod oracle;
pub mod sources;
