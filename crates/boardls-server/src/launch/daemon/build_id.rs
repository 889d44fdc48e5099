//! Which build of boardls this is, for the daemon's name: a rebuilt or
//! another copy of boardls starts a daemon of its own instead of talking
//! to an older one.

use std::time::UNIX_EPOCH;

/// A short hash (FNV-1a) of the executable's path, length and modification
/// time.
pub fn build_id() -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for byte in bytes {
            hash ^= u64::from(*byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    if let Ok(exe) = std::env::current_exe() {
        eat(exe.as_os_str().as_encoded_bytes());
        if let Ok(metadata) = exe.metadata() {
            eat(&metadata.len().to_le_bytes());
            let modified = metadata
                .modified()
                .ok()
                .and_then(|time| time.duration_since(UNIX_EPOCH).ok())
                .unwrap_or_default();
            // As Unix's `st_mtime` and `st_mtime_nsec` read.
            eat(&(modified.as_secs() as i64).to_le_bytes());
            eat(&i64::from(modified.subsec_nanos()).to_le_bytes());
        }
    }
    format!("{:08x}", hash >> 32)
}
