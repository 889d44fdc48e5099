//! The browser session's open documents and what it answers about them.
//!
//! Board files are kept as the desktop keeps them (a `Document`, its kept
//! tokens, symbols and diagnostics, the judge's outputs). Every other open
//! document is kept as text: it is an answer file when an open board file
//! is its input by the project's naming rules, the project when it is a
//! `boardls.toml`, and nothing otherwise (until its input opens). A
//! document's path is its URI's path, whatever the scheme (`file:`,
//! `vscode-vfs:`), so that pairing works on names alone.

use boardls_engine::i18n::Locale;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::str::FromStr as _;
use std::sync::{Arc, Mutex};

use ls_types::{
    self as lsp, CodeActionOrCommand, CodeActionParams, CodeLens, CodeLensParams,
    DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams,
    DocumentFormattingParams, GotoDefinitionParams, GotoDefinitionResponse, Hover, HoverParams,
    InitializeParams, InitializeResult, InlayHint, InlayHintParams, Location, MessageType,
    PublishDiagnosticsParams, ReferenceParams, SemanticTokensRangeParams,
    SemanticTokensRangeResult, ServerInfo, TextEdit, Uri,
};
use ropey::Rope;
use serde_json::Value;

use super::rpc::{Out, json};
use crate::config::{self, Settings};
use crate::features::answers::{self as answer_features, SideKind};
use crate::features::capabilities::server_capabilities;
use crate::features::proto_diagnostics::to_lsp;
use crate::features::{actions, format_edits, hints, hover, symbols, tokens};
use crate::kept::diagnostics::KeptDiagnostics;
use crate::kept::publish::{Published, notification};
use crate::kept::side::SideDocument;
use crate::kept::symbols::KeptSymbols;
use crate::kept::tokens::KeptTokens;
use crate::view::{Cancel, ClientCaps, DocView, apply_changes, kind_of};
use boardls_engine::answers::{Expected, JudgedCache};
use boardls_engine::document::Document;
use boardls_engine::project::{self, FILE_NAME, Project};

/// What the server runs on, in `serverInfo.version` (`0.1.0+wasm32`: the
/// mark that the WebAssembly build answered) and the `initialize` result.
pub(super) const PLATFORM: &str = if cfg!(target_family = "wasm") {
    "wasm32"
} else {
    "native"
};

/// An open board file.
struct Board {
    doc: Document,
    path: PathBuf,
    version: i32,
    generation: u64,
    tokens: KeptTokens,
    symbols: KeptSymbols,
    diagnostics: Arc<Mutex<KeptDiagnostics>>,
    judged: JudgedCache,
}

/// The caches a board answers whole-document requests from, borrowed
/// beside a view of its document.
struct BoardCaches<'a> {
    tokens: &'a mut KeptTokens,
    symbols: &'a mut KeptSymbols,
}

impl Board {
    /// A view of the document, repaired first if a failed re-read left it
    /// marked, beside the caches that answer from it.
    fn repaired_view<'a>(
        &'a mut self,
        uri: &'a Uri,
        caps: ClientCaps,
    ) -> (DocView<'a>, BoardCaches<'a>) {
        if self.doc.needs_repair() {
            self.doc.repair();
        }
        let view = DocView {
            uri,
            doc: &self.doc,
            version: self.version,
            caps,
        };
        let caches = BoardCaches {
            tokens: &mut self.tokens,
            symbols: &mut self.symbols,
        };
        (view, caches)
    }
}

/// Any other open document, and what it is to boardls now (`None`: not
/// ours, nothing published).
struct Text {
    doc: SideDocument,
    path: PathBuf,
    side: Option<SideKind>,
}

#[derive(Default)]
pub(super) struct Documents {
    caps: ClientCaps,
    settings: Settings,
    initial: Settings,
    /// `initialize`'s `locale`, when the catalog speaks it.
    client_locale: Option<Locale>,
    boards: HashMap<Uri, Board>,
    texts: HashMap<Uri, Text>,
    next_generation: u64,
}

/// The path a URI names, whatever its scheme.
fn path_of(uri: &Uri) -> PathBuf {
    uri.to_file_path()
        .map(|p| p.into_owned())
        .unwrap_or_default()
}

/// The URI of the file `path` beside the document `uri` (same scheme and
/// folder).
fn sibling(uri: &Uri, path: &Path) -> Option<Uri> {
    let name = path.file_name()?.to_str()?;
    let base = uri.as_str().split(['?', '#']).next()?;
    let folder = &base[..base.rfind('/')? + 1];
    let mut encoded = String::new();
    for byte in name.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                encoded.push(char::from(byte));
            }
            _ => encoded.push_str(&format!("%{byte:02X}")),
        }
    }
    Uri::from_str(&format!("{folder}{encoded}")).ok()
}

impl Documents {
    pub(super) fn initialize(&mut self, params: &InitializeParams) -> InitializeResult {
        let mut caps = ClientCaps::from_client(&params.capabilities);
        // Diagnostics are pushed: there is no workspace to pull reports of.
        caps.pull_diagnostics = false;
        let client_name = params.client_info.as_ref().map(|info| info.name.as_str());
        caps.markdown_images =
            ClientCaps::renders_markdown_images(client_name, &params.capabilities);
        if let Some(options) = &params.initialization_options {
            let payload = config::section(options).unwrap_or(options);
            self.initial = config::patched_from_payload(Settings::default(), payload).0;
        }
        self.settings = self.initial;
        if let Some(images) = self.settings.hover.markdown_images {
            caps.markdown_images = images;
        }
        self.client_locale = params.locale.as_deref().and_then(Locale::from_tag);
        caps.locale = config::session_locale(&self.settings, self.client_locale);
        self.caps = caps;
        let mut capabilities = server_capabilities(&caps);
        // No workspace folders: nothing to scan or watch.
        capabilities.workspace = None;
        capabilities.experimental = Some(serde_json::json!({
            "boardls": {
                "platform": PLATFORM,
                "workspaceScan": false,
                "daemon": false,
                "answerPairing": "open documents",
            }
        }));
        InitializeResult {
            capabilities,
            server_info: Some(ServerInfo {
                name: "boardls".to_owned(),
                version: Some(format!("{}+{PLATFORM}", env!("CARGO_PKG_VERSION"))),
            }),
            ..InitializeResult::default()
        }
    }

    pub(super) fn initialized(&mut self, out: &mut Out) {
        out.log(
            MessageType::INFO,
            format!(
                "boardls {} ready: positions in {}, push diagnostics",
                env!("CARGO_PKG_VERSION"),
                self.caps.encoding.kind().as_str(),
            ),
        );
    }

    fn generation(&mut self) -> u64 {
        self.next_generation += 1;
        self.next_generation
    }

    /// The project of `path`: its nearest open `boardls.toml` if it reads
    /// without error, else the defaults.
    fn project_of(&self, path: &Path) -> Project {
        let nearest = self
            .texts
            .values()
            .filter(|text| text.path.file_name().is_some_and(|n| n == FILE_NAME))
            .filter_map(|text| Some((text.path.parent()?, text)))
            .filter(|(folder, _)| path.starts_with(folder))
            .max_by_key(|(folder, _)| folder.components().count());
        nearest
            .and_then(|(folder, text)| {
                let file = project::read(&text.doc.rope.to_string()).ok()?;
                Some(Project::new(Some(folder.to_path_buf()), file))
            })
            .unwrap_or_default()
    }

    /// The open board file at `path`.
    fn board_at(&self, path: &Path) -> Option<(&Uri, &Board)> {
        self.boards.iter().find(|(_, board)| board.path == path)
    }

    /// What the text at `path` is to boardls, by the open documents.
    fn side_of(&self, path: &Path) -> Option<SideKind> {
        if path.file_name().is_some_and(|n| n == FILE_NAME) {
            return Some(SideKind::Project);
        }
        let project = self.project_of(path);
        let open_in = |folder: &Path| {
            let mut paths: Vec<PathBuf> = (self.boards.values())
                .filter(|board| board.path.parent() == Some(folder))
                .map(|board| board.path.clone())
                .collect();
            paths.sort();
            paths
        };
        let open = |candidate: &Path| self.board_at(candidate).is_some();
        if let Some((input, kind)) = project.input_among(path, open, open_in) {
            return Some(SideKind::Answer { input, kind });
        }
        (project.root.is_some() && project.is_answer_name(path)).then(|| SideKind::Orphan {
            names: project.answer_names().to_vec(),
        })
    }

    fn view<'a>(&'a mut self, uri: &'a Uri) -> Option<DocView<'a>> {
        let caps = self.caps;
        Some(self.boards.get_mut(uri)?.repaired_view(uri, caps).0)
    }

    fn expected_of(board: &Board) -> Expected {
        Expected::of_shared(
            board.doc.kind(),
            board.doc.shared_positions_with_lines(),
            &board.judged,
        )
    }

    /// The judge's output for an answer's input (open: the pairing found it).
    fn expected(&self, input: &Path, kind: boardls_engine::games::GameKind) -> Expected {
        match self.board_at(input) {
            Some((_, board)) => Self::expected_of(board),
            None => Expected {
                kind,
                cases: Vec::new(),
            },
        }
    }

    pub(super) fn did_open(&mut self, params: DidOpenTextDocumentParams, out: &mut Out) {
        let item = params.text_document;
        let path = path_of(&item.uri);
        let project = self.project_of(&path);
        let kind = kind_of(&item.language_id, &item.uri).or_else(|| project.mapped_game(&path));
        let Some(kind) = kind else {
            let doc = SideDocument {
                rope: Rope::from_str(&item.text),
                version: item.version,
                side: SideKind::Project,
            };
            let side = None;
            self.texts.insert(item.uri, Text { doc, path, side });
            return self.recheck_texts(None, out);
        };
        let mut doc = Document::new(kind, &item.text);
        doc.set_validation(project.validation_of(&path, None));
        let generation = self.generation();
        let board = Board {
            doc,
            path: path.clone(),
            version: item.version,
            generation,
            tokens: KeptTokens::default(),
            symbols: KeptSymbols::default(),
            diagnostics: Arc::default(),
            judged: JudgedCache::default(),
        };
        self.boards.insert(item.uri.clone(), board);
        self.publish_board(&item.uri, out);
        self.recheck_texts(Some(&path), out);
    }

    pub(super) fn did_change(&mut self, params: DidChangeTextDocumentParams, out: &mut Out) {
        let uri = params.text_document.uri;
        let enc = self.caps.encoding;
        let generation = self.generation();
        if let Some(text) = self.texts.get_mut(&uri) {
            text.doc.version = params.text_document.version;
            text.doc.apply(&params.content_changes, enc);
            let (path, project) = (text.path.clone(), text.side == Some(SideKind::Project));
            self.publish_text(&uri, out);
            // A project file's edit may change what every other text is.
            if project {
                self.recheck_texts(Some(&path), out);
            }
            return;
        }
        let Some(board) = self.boards.get_mut(&uri) else {
            let message = format!("boardls: didChange for {} which is not open", uri.as_str());
            return out.log(MessageType::WARNING, message);
        };
        board.version = params.text_document.version;
        board.generation = generation;
        apply_changes(&mut board.doc, &params.content_changes, enc);
        let path = board.path.clone();
        self.publish_board(&uri, out);
        self.recheck_texts(Some(&path), out);
    }

    pub(super) fn did_close(&mut self, params: DidCloseTextDocumentParams, out: &mut Out) {
        let uri = params.text_document.uri;
        if let Some(text) = self.texts.remove(&uri) {
            if text.side.is_some() {
                self.publish_cleared(uri, out);
            }
            return self.recheck_texts(None, out);
        }
        let Some(board) = self.boards.remove(&uri) else {
            return;
        };
        self.recheck_texts(Some(&board.path), out);
        self.publish_cleared(uri, out);
    }

    /// After an open, an edit or a close: each text's kind is found again,
    /// and a text whose kind changed, or that answers `changed`, is
    /// published (cleared when it is no longer ours).
    fn recheck_texts(&mut self, changed: Option<&Path>, out: &mut Out) {
        let mut uris: Vec<Uri> = self.texts.keys().cloned().collect();
        uris.sort_by(|a, b| a.as_str().cmp(b.as_str()));
        for uri in uris {
            let Some(path) = self.texts.get(&uri).map(|text| text.path.clone()) else {
                continue;
            };
            let side = self.side_of(&path);
            let Some(text) = self.texts.get_mut(&uri) else {
                continue;
            };
            let answers_changed = matches!(
                (&side, changed),
                (Some(SideKind::Answer { input, .. }), Some(changed)) if input == changed
            );
            let was = std::mem::replace(&mut text.side, side.clone());
            if let Some(side) = side {
                text.doc.side = side;
            }
            match (&was, &text.side) {
                (Some(_), None) => self.publish_cleared(uri, out),
                (_, Some(_)) if was != text.side || answers_changed || changed == Some(&path) => {
                    self.publish_text(&uri, out)
                }
                _ => {}
            }
        }
    }

    fn publish_board(&mut self, uri: &Uri, out: &mut Out) {
        let filter = self.settings.diagnostics;
        let caps = self.caps;
        let Some(board) = self.boards.get_mut(uri) else {
            return;
        };
        let kept = Some(Arc::clone(&board.diagnostics));
        let (view, _) = board.repaired_view(uri, caps);
        let published = Published::of_view(&view, filter, kept);
        out.push(String::from_utf8_lossy(&notification(&published)).into_owned());
    }

    /// The diagnostics of an open text that is ours, as the settings show
    /// them.
    fn text_diagnostics(&self, uri: &Uri) -> Option<(Vec<lsp::Diagnostic>, i32)> {
        let text = self.texts.get(uri)?;
        let side = text.side.as_ref()?;
        let content = text.doc.rope.to_string();
        let findings = answer_features::side_findings(side, &content, |input, kind| {
            self.expected(input, kind)
        });
        let ranges = text.doc.ranges(self.caps.encoding);
        let items = findings
            .iter()
            .map(|d| to_lsp(uri, &ranges, d, self.caps.locale))
            .collect();
        Some((self.settings.diagnostics.apply(items), text.doc.version))
    }

    fn publish_text(&mut self, uri: &Uri, out: &mut Out) {
        if let Some((diagnostics, version)) = self.text_diagnostics(uri) {
            let params = PublishDiagnosticsParams::new(uri.clone(), diagnostics, Some(version));
            out.notify("textDocument/publishDiagnostics", &params);
        }
    }

    fn publish_cleared(&mut self, uri: Uri, out: &mut Out) {
        let params = PublishDiagnosticsParams::new(uri, Vec::new(), None);
        out.notify("textDocument/publishDiagnostics", &params);
    }

    /// `workspace/didChangeConfiguration`: the `boardls` section over the
    /// settings of `initializationOptions` (a payload without one is
    /// ignored: there is no one to ask).
    pub(super) fn configuration_changed(&mut self, payload: &Value, out: &mut Out) {
        let Some(section) = config::section(payload) else {
            return;
        };
        let mut base = Settings::default();
        base.hover.markdown_images = self.initial.hover.markdown_images;
        base.locale = self.initial.locale;
        let (settings, problems) = config::patched_from_payload(base, section);
        for problem in problems {
            out.log(
                MessageType::WARNING,
                format!("boardls: ignored setting {problem}"),
            );
        }
        let old = std::mem::replace(&mut self.settings, settings);
        let locale = config::session_locale(&settings, self.client_locale);
        let relocalized = locale != self.caps.locale;
        self.caps.locale = locale;
        if settings.diagnostics != old.diagnostics || relocalized {
            let mut uris: Vec<Uri> = self.boards.keys().cloned().collect();
            uris.sort_by(|a, b| a.as_str().cmp(b.as_str()));
            for uri in &uris {
                self.publish_board(uri, out);
            }
            self.recheck_texts(None, out);
        }
    }

    pub(super) fn hover(&mut self, params: HoverParams) -> Option<Hover> {
        let at = params.text_document_position_params;
        let uri = &at.text_document.uri;
        if self.texts.contains_key(uri) {
            let (expected, case, input) = self.case_at(uri, at.position.line)?;
            let (input_uri, board) = self.board_at(&input)?;
            let view = DocView {
                uri: input_uri,
                doc: &board.doc,
                version: board.version,
                caps: self.caps,
            };
            let drawing = answer_features::case_picture(&view, case, self.settings.hover.picture);
            return answer_features::case_hover(&expected, case, drawing, self.caps.locale);
        }
        let picture = self.settings.hover.picture;
        hover::hover_with(&self.view(uri)?, at.position, picture)
    }

    /// The case of an answer line, its input's expected output and path.
    fn case_at(&self, uri: &Uri, line: u32) -> Option<(Expected, usize, PathBuf)> {
        let Some(SideKind::Answer { input, kind }) = &self.texts.get(uri)?.side else {
            return None;
        };
        let expected = self.expected(input, *kind);
        let case = expected.case_of_line(line)?;
        Some((expected, case, input.clone()))
    }

    pub(super) fn inlay_hints(&mut self, params: InlayHintParams) -> Option<Vec<InlayHint>> {
        let wanted = self.settings.hints;
        if !wanted.enable {
            return Some(Vec::new());
        }
        let view = self.view(&params.text_document.uri)?;
        Some(hints::inlay_hints_with(&view, params.range, &wanted))
    }

    pub(super) fn tokens_range(
        &mut self,
        params: &SemanticTokensRangeParams,
    ) -> Option<SemanticTokensRangeResult> {
        let view = self.view(&params.text_document.uri)?;
        Some(tokens::range(&view, params.range).into())
    }

    pub(super) fn code_actions(
        &mut self,
        params: &CodeActionParams,
    ) -> Option<Vec<CodeActionOrCommand>> {
        let uri = &params.text_document.uri;
        if let Some(text) = self.texts.get(uri) {
            let side = text.side.as_ref()?;
            let content = text.doc.rope.to_string();
            let findings = answer_features::side_findings(side, &content, |input, kind| {
                self.expected(input, kind)
            });
            let ranges = text.doc.ranges(self.caps.encoding);
            return Some(answer_features::side_code_actions(
                uri,
                &ranges,
                &findings,
                params.range,
                self.caps.locale,
            ));
        }
        let mut found = actions::code_actions(&self.view(uri)?, params);
        found.extend(self.write_answers_action(uri));
        Some(found)
    }

    /// "Write the judge's answers" on an input of a project with no open
    /// answer file.
    fn write_answers_action(&self, uri: &Uri) -> Option<CodeActionOrCommand> {
        let board = self.boards.get(uri)?;
        let project = self.project_of(&board.path);
        let targets = project.answer_paths(&board.path);
        let answered = targets.iter().any(|target| {
            let side = self.texts.values().find(|text| &text.path == target);
            side.is_some_and(|text| text.side.is_some())
        });
        if project.root.is_none() || answered {
            return None;
        }
        let text = Self::expected_of(board).output_text()?;
        let target = sibling(uri, targets.first()?)?;
        Some(answer_features::write_answers_action(
            text,
            target,
            self.caps.locale,
        ))
    }

    /// The open answer file of the input `uri`, and its text.
    fn answer_of_input(&self, uri: &Uri) -> Option<(Uri, String)> {
        let path = &self.boards.get(uri)?.path;
        self.texts
            .iter()
            .find_map(|(answer, text)| match &text.side {
                Some(SideKind::Answer { input, .. }) if input == path => {
                    Some((answer.clone(), text.doc.rope.to_string()))
                }
                _ => None,
            })
    }

    pub(super) fn code_lenses(&self, params: &CodeLensParams) -> Option<Vec<CodeLens>> {
        let uri = &params.text_document.uri;
        let board = self.boards.get(uri)?;
        Some(answer_features::input_lenses(
            &board.doc,
            self.caps.locale,
            || match self.answer_of_input(uri) {
                Some((_, text)) => {
                    answer_features::case_lenses(&Self::expected_of(board), &text, self.caps.locale)
                }
                None => Vec::new(),
            },
        ))
    }

    pub(super) fn definition(
        &self,
        params: &GotoDefinitionParams,
    ) -> Option<GotoDefinitionResponse> {
        let at = &params.text_document_position_params;
        let (expected, case, input) = self.case_at(&at.text_document.uri, at.position.line)?;
        let (input_uri, _) = self.board_at(&input)?;
        answer_features::case_definition(&expected, case, input_uri.clone())
    }

    pub(super) fn references(&self, params: &ReferenceParams) -> Option<Vec<Location>> {
        let at = &params.text_document_position;
        let board = self.boards.get(&at.text_document.uri)?;
        let case = board.doc.position_at_line(at.position.line)?;
        let (answer_uri, text) = self.answer_of_input(&at.text_document.uri)?;
        let expected = Self::expected_of(board);
        Some(vec![answer_features::case_reference(
            &expected, case, answer_uri, &text,
        )])
    }

    /// The formatting edits; a document the formatter leaves as it is gets
    /// none, and the user a message saying which error.
    pub(super) fn formatting(
        &mut self,
        params: &DocumentFormattingParams,
        out: &mut Out,
    ) -> Option<Vec<TextEdit>> {
        let uri = &params.text_document.uri;
        let path = &self.boards.get(uri)?.path;
        let judge = self.project_of(path).mapped_game(path).is_some();
        match format_edits::formatting(&self.view(uri)?, judge) {
            Ok(edits) => Some(edits),
            Err(why) => {
                out.log(MessageType::WARNING, why.english());
                out.show(MessageType::WARNING, why.word(self.caps.locale));
                Some(Vec::new())
            }
        }
    }

    /// `semanticTokens/full` (`previous`: `None`) or `/full/delta`, as JSON.
    pub(super) fn tokens_full(&mut self, uri: &Uri, previous: Option<&str>) -> String {
        let caps = self.caps;
        let Some(board) = self.boards.get_mut(uri) else {
            return "null".to_owned();
        };
        let generation = board.generation;
        let (view, BoardCaches { tokens, .. }) = board.repaired_view(uri, caps);
        if let Some(previous) = previous.filter(|previous| tokens.is_last_result(previous)) {
            let delta = tokens.delta(&view, previous, generation, &Cancel::NEVER);
            return json(&delta);
        }
        let mut written = Vec::new();
        match tokens.full_json(&view, generation, &Cancel::NEVER, &mut written) {
            Some(()) => String::from_utf8_lossy(&written).into_owned(),
            None => "null".to_owned(),
        }
    }

    /// `documentSymbol`, as JSON.
    pub(super) fn symbols(&mut self, uri: &Uri) -> String {
        let caps = self.caps;
        let Some(board) = self.boards.get_mut(uri) else {
            return "null".to_owned();
        };
        let (view, BoardCaches { symbols, .. }) = board.repaired_view(uri, caps);
        let mut written = Vec::new();
        match symbols.answer(&view, &Cancel::NEVER, &mut written) {
            Some(()) => String::from_utf8_lossy(&written).into_owned(),
            None => "null".to_owned(),
        }
    }

    /// `foldingRange`, as JSON.
    pub(super) fn folding(&mut self, uri: &Uri) -> String {
        match self.view(uri) {
            Some(view) => json(&symbols::folding_ranges(&view, &Cancel::NEVER)),
            None => "null".to_owned(),
        }
    }

    /// `boardls/verdicts`: the judge's output for an open board file, a
    /// case it cannot judge named as such; `null` for any other document.
    pub(super) fn verdicts(&self, uri: &Uri) -> Option<Value> {
        let board = self.boards.get(uri)?;
        let unjudged = boardls_engine::i18n::message!("answer-unjudged").word(self.caps.locale);
        let lines = Self::expected_of(board).verdict_lines(&unjudged);
        Some(serde_json::json!({ "lines": lines }))
    }
}
