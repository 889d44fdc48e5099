//! What every feature reads: one document as the client sees it, and what
//! the client can do. Of the server it imports only `encoding`; the
//! features import it, and never the session or the handlers.

use boardls_engine::i18n::Locale;
use ls_types::{ClientCapabilities, MarkupKind, TextDocumentContentChangeEvent, Uri};

use super::encoding::{Encoding, position_to_char};
use boardls_engine::document::Document;
use boardls_engine::games::GameKind;

/// The client's capabilities, reduced once at `initialize` to the choices
/// the server makes. One struct for the whole server.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClientCaps {
    /// The language of the session's messages: the `boardls.locale`
    /// setting, else `--locale`, else `initialize`'s `locale`.
    pub locale: Locale,
    /// The unit of `Position::character` both sides use.
    pub encoding: Encoding,
    /// `textDocument.diagnostic`: serve pull diagnostics, do not push.
    pub pull_diagnostics: bool,
    /// `workspace.workspaceEdit.documentChanges`: versioned edits.
    pub document_changes: bool,
    /// `textDocument.documentSymbol.hierarchicalDocumentSymbolSupport`.
    pub hierarchical_symbols: bool,
    /// `textDocument.foldingRange.rangeLimit`: at most this many ranges.
    pub folding_limit: Option<u32>,
    /// `textDocument.foldingRange.foldingRange.collapsedText`: the client
    /// shows a folded range's own text.
    pub folding_collapsed_text: bool,
    /// `window.workDoneProgress`.
    pub progress: bool,
    /// `workspace.didChangeWatchedFiles.dynamicRegistration`.
    pub watch_registration: bool,
    /// `workspace.configuration`: the server may ask for its settings.
    pub configuration: bool,
    /// `workspace.didChangeConfiguration.dynamicRegistration`.
    pub configuration_registration: bool,
    /// `workspace.inlayHint.refreshSupport`.
    pub inlay_refresh: bool,
    /// `workspace.diagnostics.refreshSupport`.
    pub diagnostic_refresh: bool,
    /// The client renders Markdown images in hovers
    /// ([`ClientCaps::renders_markdown_images`], or what the client says in
    /// `initializationOptions`): the hover's picture is an SVG image.
    pub markdown_images: bool,
}

impl ClientCaps {
    pub fn from_client(caps: &ClientCapabilities) -> ClientCaps {
        let text = caps.text_document.as_ref();
        let workspace = caps.workspace.as_ref();
        ClientCaps {
            // Chosen by the `initialize` handler, which also sees the
            // settings and `--locale`.
            locale: Locale::English,
            encoding: Encoding::negotiate(caps),
            pull_diagnostics: text.is_some_and(|t| t.diagnostic.is_some()),
            document_changes: workspace
                .and_then(|w| w.workspace_edit.as_ref())
                .and_then(|e| e.document_changes)
                .unwrap_or(false),
            hierarchical_symbols: text
                .and_then(|t| t.document_symbol.as_ref())
                .and_then(|s| s.hierarchical_document_symbol_support)
                .unwrap_or(false),
            folding_limit: text
                .and_then(|t| t.folding_range.as_ref())
                .and_then(|f| f.range_limit),
            folding_collapsed_text: text
                .and_then(|t| t.folding_range.as_ref())
                .and_then(|f| f.folding_range.as_ref())
                .and_then(|f| f.collapsed_text)
                .unwrap_or(false),
            progress: caps
                .window
                .as_ref()
                .and_then(|w| w.work_done_progress)
                .unwrap_or(false),
            watch_registration: workspace
                .and_then(|w| w.did_change_watched_files.as_ref())
                .and_then(|w| w.dynamic_registration)
                .unwrap_or(false),
            configuration: workspace.and_then(|w| w.configuration).unwrap_or(false),
            configuration_registration: workspace
                .and_then(|w| w.did_change_configuration.as_ref())
                .and_then(|c| c.dynamic_registration)
                .unwrap_or(false),
            inlay_refresh: workspace
                .and_then(|w| w.inlay_hint.as_ref())
                .and_then(|h| h.refresh_support)
                .unwrap_or(false),
            diagnostic_refresh: workspace
                .and_then(|w| w.diagnostics.as_ref())
                .and_then(|d| d.refresh_support)
                .unwrap_or(false),
            markdown_images: false,
        }
    }

    /// Whether a client shows `![](data:image/svg+xml;base64,…)` in a hover
    /// as an image, judged from what it says of itself: VS Code and its
    /// builds (`clientInfo.name` "Visual Studio Code", "code-server",
    /// "VSCodium", "Code - OSS", any case) do when their hover takes
    /// Markdown. Others (Neovim conceals image links and shows only their
    /// alt text) get a text board.
    pub fn renders_markdown_images(client_name: Option<&str>, caps: &ClientCapabilities) -> bool {
        const IMAGE_CLIENTS: [&str; 4] = [
            "visual studio code",
            "code-server",
            "vscodium",
            "code - oss",
        ];
        let Some(name) = client_name else {
            return false;
        };
        let name = name.to_ascii_lowercase();
        let markdown = caps
            .text_document
            .as_ref()
            .and_then(|t| t.hover.as_ref())
            .and_then(|h| h.content_format.as_ref())
            .is_some_and(|formats| formats.contains(&MarkupKind::Markdown));
        markdown && IMAGE_CLIENTS.iter().any(|client| name.contains(client))
    }
}

/// Everything a feature needs to answer for one open document.
#[derive(Clone, Copy)]
pub struct DocView<'a> {
    pub uri: &'a Uri,
    pub doc: &'a Document,
    pub version: i32,
    pub caps: ClientCaps,
}

impl DocView<'_> {
    /// The negotiated position encoding.
    pub fn enc(&self) -> Encoding {
        self.caps.encoding
    }

    /// The language the session reads.
    pub(crate) fn locale(&self) -> Locale {
        self.caps.locale
    }
}

/// Whether the client still wants an answer: long loops over a document's
/// positions check it, so a request the client cancelled (or whose
/// session ended) stops early.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Option<std::sync::Arc<std::sync::atomic::AtomicBool>>);

impl Cancel {
    /// For work that nobody cancels.
    pub const NEVER: Cancel = Cancel(None);

    /// A flag, and the handle that raises it.
    pub fn new() -> Cancel {
        Cancel(Some(std::sync::Arc::default()))
    }

    pub fn cancel(&self) {
        if let Some(flag) = &self.0 {
            flag.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }

    pub fn is_cancelled(&self) -> bool {
        self.0
            .as_ref()
            .is_some_and(|flag| flag.load(std::sync::atomic::Ordering::Relaxed))
    }
}

/// Applies a `didChange`'s changes to `doc` in array order, each against
/// the text the previous one produced (ranges clamped into the text).
pub fn apply_changes(
    doc: &mut Document,
    changes: &[TextDocumentContentChangeEvent],
    enc: Encoding,
) {
    // A panic that cut an earlier edit's re-reading short left the
    // positions stale; the text is right, so read it again first.
    doc.repair();
    // A panic while one change's positions are re-read must not lose
    // the changes after it: the text takes every change first, and the
    // panic goes on to the caller's guard (which logs it and reads the
    // document again) only once all of them are in.
    let mut panic = None;
    for change in changes {
        let applied =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match change.range {
                Some(range) => {
                    let rope = doc.rope();
                    let a = position_to_char(rope, range.start, enc);
                    let b = position_to_char(rope, range.end, enc);
                    doc.edit(a.min(b), a.max(b), &change.text);
                }
                None => doc.replace_all(&change.text),
            }));
        if let Err(payload) = applied {
            panic.get_or_insert(payload);
        }
    }
    if let Some(payload) = panic {
        std::panic::resume_unwind(payload);
    }
}

/// The game of a document: its language id, else its file extension.
pub fn kind_of(language_id: &str, uri: &Uri) -> Option<GameKind> {
    GameKind::from_id(language_id).or_else(|| {
        let path = uri.as_str().split(['?', '#']).next().unwrap_or_default();
        let name = path.rsplit('/').next().unwrap_or_default();
        let (_, extension) = name.rsplit_once('.')?;
        GameKind::from_id(extension)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_from_language_id_then_extension() {
        let uri = |s: &str| s.parse::<Uri>().unwrap_or_else(|_| panic!("uri {s}"));
        let u = uri("file:///tmp/a.go9");
        assert_eq!(kind_of("go9", &u), Some(GameKind::Go9));
        assert_eq!(kind_of("uttt", &u), Some(GameKind::Uttt));
        assert_eq!(kind_of("plaintext", &u), Some(GameKind::Go9));
        let u = uri("untitled:Untitled-1");
        assert_eq!(kind_of("plaintext", &u), None);
        assert_eq!(kind_of("tomek", &u), Some(GameKind::Tomek));
        let u = uri("file:///x/b.tomek?query=1#frag");
        assert_eq!(kind_of("", &u), Some(GameKind::Tomek));
    }
}
