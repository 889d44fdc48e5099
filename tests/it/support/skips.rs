//! Skips as records: a check that cannot run on this machine says so,
//! and `tests/run.sh` checks what it says against
//! `tests/allowed-skips.txt` (`tests/skips.sh` describes the records).
//! The benches include this file too (`benches/common/mod.rs`).

use std::io::Write as _;
use std::path::Path;

/// Says that a check could not run on this machine: a `SKIPPED:` line
/// past the test harness's capture, for the reader, and a record
/// (`tests/skips.sh` says its form) in the file `BOARDLS_SKIP_RECORDS`
/// names, which `tests/run.sh` reads and checks against
/// `tests/allowed-skips.txt`. `suite` and `test` together are the
/// entry's name there (`daemon/sessions: a peer of another user`).
pub fn skipped(suite: &str, test: &str, why: &str) {
    let _ = writeln!(std::io::stderr().lock(), "SKIPPED: {suite}: {test} ({why})");
    if let Some(records) = std::env::var_os(SKIP_RECORDS) {
        // A skip the run cannot see would let it pass unchecked.
        if let Err(err) = write_skip_record(Path::new(&records), suite, test, why) {
            panic!("cannot write the skip record of {suite}: {test} to {records:?}: {err}");
        }
    }
}

/// The variable that names the file of skip records.
pub const SKIP_RECORDS: &str = "BOARDLS_SKIP_RECORDS";

/// Appends one record, `suite<TAB>test<TAB>why`, each field on one line
/// without tabs, in one write (tests run in parallel).
pub fn write_skip_record(
    records: &Path,
    suite: &str,
    test: &str,
    why: &str,
) -> std::io::Result<()> {
    let field = |text: &str| text.replace(['\t', '\n', '\r'], " ");
    let line = format!("{}\t{}\t{}\n", field(suite), field(test), field(why));
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(records)?
        .write_all(line.as_bytes())
}
