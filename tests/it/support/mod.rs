//! What the integration tests share: random boards, the `boardls` command,
//! an LSP client over the spawned server, the feature checks run in
//! process, the robustness oracle and the crate's own sources. The benches
//! include this module too, and each user needs only part of it.

#![allow(dead_code)]

pub mod boards;
pub mod cli;
pub mod client;
pub mod daemon;
pub mod daemon_soak;
pub mod features;
pub mod load;
pub mod load_run;
pub mod naive;
pub mod oracle;
pub mod paced;
pub mod skips;
pub mod sources;

/// A check that cannot run on this machine: [`skips::skipped`].
pub fn skipped(suite: &str, test: &str, why: &str) {
    skips::skipped(suite, test, why);
}

/// The user the tests hand a fault to when they run as root, for whom
/// file modes do not apply: `nobody`.
pub const OTHER_UID: u32 = 65534;

/// Whether the tests run as root (who reads any file and may act as
/// another user).
pub fn runs_as_root() -> bool {
    use std::os::unix::fs::MetadataExt as _;
    let probe = std::env::temp_dir().join(format!("boardls-uid-{}", std::process::id()));
    let uid = std::fs::write(&probe, b"")
        .and_then(|()| std::fs::metadata(&probe))
        .map(|meta| meta.uid());
    let _ = std::fs::remove_file(&probe);
    uid.is_ok_and(|uid| uid == 0)
}
