//! An open document's `publishDiagnostics`, serialized from a snapshot of
//! the document as the notification is written.
//!
//! The outbox calls this off the handler, for the newest version only (see
//! `outgoing`). The diagnostics are those of a pull report
//! ([`proto_diagnostics::each_listed`], the one conversion), each
//! serialized as soon as it is built: with a large `maxProblems` a dense
//! file's publish runs to tens of megabytes, which is streamed to the
//! client rather than held.

use serde::ser::SerializeSeq as _;
use serde::{Serialize, Serializer};
use tower_lsp_server::ls_types::Uri;
use tower_lsp_server::ls_types::notification::{Notification as _, PublishDiagnostics};

use super::config::DiagnosticFilter;
use super::encoding::Encoding;
use super::proto_diagnostics;
use crate::document::DocDiagnostics;

/// What a publish is made from: an open document at one version.
pub struct Published {
    pub uri: Uri,
    pub version: i32,
    pub snapshot: DocDiagnostics,
    pub enc: Encoding,
    /// What the `diagnostics.*` settings show (applied before the budget).
    pub filter: DiagnosticFilter,
}

/// The body of the `publishDiagnostics` notification of `published`.
pub fn notification(published: &Published) -> Vec<u8> {
    let mut out = Vec::with_capacity(4096);
    write_notification(published, &mut out);
    out
}

/// The length of [`notification`], without keeping it.
pub fn notification_len(published: &Published) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0 += bytes.len();
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    write_notification(published, &mut count);
    count.0
}

/// Writes [`notification`] into `out` (errors are the sink's to keep: a
/// closed stream just stops taking bytes).
pub(crate) fn write_notification(published: &Published, out: &mut dyn std::io::Write) {
    let message = Message {
        jsonrpc: "2.0",
        method: PublishDiagnostics::METHOD,
        params: Params {
            uri: &published.uri,
            diagnostics: Diagnostics(published),
            version: published.version,
        },
    };
    let _ = serde_json::to_writer(out, &message);
}

#[derive(Serialize)]
struct Message<'a> {
    jsonrpc: &'static str,
    method: &'static str,
    params: Params<'a>,
}

/// `PublishDiagnosticsParams`, with the diagnostics serialized as they
/// are listed.
#[derive(Serialize)]
struct Params<'a> {
    uri: &'a Uri,
    diagnostics: Diagnostics<'a>,
    version: i32,
}

struct Diagnostics<'a>(&'a Published);

impl Serialize for Diagnostics<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let published = self.0;
        let mut seq = serializer.serialize_seq(None)?;
        let mut failed = Ok(());
        proto_diagnostics::each_listed(
            &published.uri,
            &published.snapshot,
            published.enc,
            published.filter,
            &mut |item| {
                if failed.is_ok() {
                    failed = seq.serialize_element(&item);
                }
            },
        );
        failed?;
        seq.end()
    }
}
