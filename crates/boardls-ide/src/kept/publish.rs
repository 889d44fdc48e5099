//! An open document's `publishDiagnostics`, serialized from a snapshot of
//! the document as the notification is written.
//!
//! The desktop's outbox calls this off the handler, for the newest version
//! only (see `wire::outbox`); the browser's server at once. The diagnostics are those of a pull report
//! ([`proto_diagnostics::each_listed`], the one conversion), each
//! serialized as soon as it is built: with a large `maxProblems` a dense
//! file's publish runs to tens of megabytes, which is streamed to the
//! client rather than held.

use boardls_engine::i18n::Locale;
use std::sync::{Arc, Mutex};

use ls_types::notification::{Notification as _, PublishDiagnostics};
use ls_types::{Diagnostic, Uri};
use serde::ser::SerializeSeq as _;
use serde::{Serialize, Serializer};

use crate::config::DiagnosticFilter;
use crate::encoding::Encoding;
use crate::features::proto_diagnostics;
use crate::kept::diagnostics::KeptDiagnostics;
use crate::view::DocView;
use boardls_engine::document::DocDiagnostics;

/// What a publish is made from: an open document at one version.
pub struct Published {
    pub uri: Uri,
    pub version: i32,
    pub snapshot: DocDiagnostics,
    pub enc: Encoding,
    pub locale: Locale,
    /// What the `diagnostics.*` settings show (applied before the budget).
    pub filter: DiagnosticFilter,
    /// The document's kept pieces, when it keeps them.
    pub kept: Option<Arc<Mutex<KeptDiagnostics>>>,
}

impl Published {
    /// The publish of the open document `view` shows, its diagnostics
    /// as `filter` shows them, with the document's kept pieces if any.
    pub fn of_view(
        view: &DocView<'_>,
        filter: DiagnosticFilter,
        kept: Option<Arc<Mutex<KeptDiagnostics>>>,
    ) -> Published {
        Published {
            uri: view.uri.clone(),
            version: view.version,
            snapshot: view.doc.snapshot(),
            enc: view.enc(),
            locale: view.locale(),
            filter,
            kept,
        }
    }
}

/// The diagnostics of a publish of a file that is not open, or of an
/// open answer or project file.
pub enum Listing {
    /// As listed.
    Items(Vec<Diagnostic>),
    /// Already written (an answer's kept lines,
    /// [`crate::kept::answer::KeptAnswer::listing`]).
    Json(Box<Written>),
}

/// The JSON array of `count` diagnostics.
pub struct Written {
    pub json: Vec<u8>,
    pub count: usize,
}

impl Listing {
    /// How many diagnostics it lists.
    pub fn len(&self) -> usize {
        match self {
            Listing::Items(items) => items.len(),
            Listing::Json(written) => written.count,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl From<Vec<Diagnostic>> for Listing {
    fn from(items: Vec<Diagnostic>) -> Listing {
        Listing::Items(items)
    }
}

/// The body of the `publishDiagnostics` notification of `uri` (at
/// `version`, if any) listing `listing`: the same bytes either way.
pub fn listed_notification(uri: &Uri, version: Option<i32>, listing: &Listing) -> Vec<u8> {
    let mut out = Vec::new();
    match listing {
        Listing::Items(items) => {
            let message = Message {
                jsonrpc: "2.0",
                method: PublishDiagnostics::METHOD,
                params: ListedParams {
                    uri,
                    diagnostics: items,
                    version,
                },
            };
            let _ = serde_json::to_writer(&mut out, &message);
        }
        Listing::Json(written) => {
            write_joined(uri, &written.json, version, &mut out);
        }
    }
    out
}

/// A publish's notification from its `diagnostics` array already
/// written as JSON; nothing when the URI cannot be written.
fn write_joined(uri: &Uri, diagnostics: &[u8], version: Option<i32>, out: &mut dyn std::io::Write) {
    let mut head = br#"{"jsonrpc":"2.0","method":""#.to_vec();
    head.extend_from_slice(PublishDiagnostics::METHOD.as_bytes());
    head.extend_from_slice(br#"","params":{"uri":"#);
    if serde_json::to_writer(&mut head, uri).is_err() {
        return;
    }
    head.extend_from_slice(br#","diagnostics":"#);
    let _ = out.write_all(&head);
    let _ = out.write_all(diagnostics);
    if let Some(version) = version {
        let _ = out.write_all(br#","version":"#);
        let _ = out.write_all(itoa::Buffer::new().format(version).as_bytes());
    }
    let _ = out.write_all(b"}}");
}

/// The body of the `publishDiagnostics` notification of `published`.
pub fn notification(published: &Published) -> Vec<u8> {
    let mut out = Vec::with_capacity(4096);
    write_notification(published, &mut out);
    out
}

/// Writes [`notification`] into `out` (errors are the sink's to keep: a
/// closed stream just stops taking bytes).
pub fn write_notification(published: &Published, out: &mut dyn std::io::Write) {
    if let Some(listed) = kept_json(published) {
        return write_joined(&published.uri, &listed, Some(published.version), out);
    }
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

/// The `diagnostics` array from the document's kept pieces, if it keeps
/// them and they can be used (see `kept_diagnostics`).
fn kept_json(published: &Published) -> Option<Vec<u8>> {
    let mut kept = published.kept.as_ref()?.lock().ok()?;
    kept.listed_json(
        &published.uri,
        &published.snapshot,
        published.enc,
        published.filter,
        published.locale,
    )
}

#[derive(Serialize)]
struct Message<P> {
    jsonrpc: &'static str,
    method: &'static str,
    params: P,
}

/// `PublishDiagnosticsParams`, with the diagnostics serialized as they
/// are listed.
#[derive(Serialize)]
struct Params<'a> {
    uri: &'a Uri,
    diagnostics: Diagnostics<'a>,
    version: i32,
}

/// `PublishDiagnosticsParams` of a [`Listing::Items`], borrowed.
#[derive(Serialize)]
struct ListedParams<'a> {
    uri: &'a Uri,
    diagnostics: &'a [Diagnostic],
    #[serde(skip_serializing_if = "Option::is_none")]
    version: Option<i32>,
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
            published.locale,
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
