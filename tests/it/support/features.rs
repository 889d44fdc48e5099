//! Fixtures and renderings for the feature tests.
//!
//! A fixture is a board file written as an unindented raw string (its
//! first line break, right after `r#"`, is dropped). `$0` marks the cursor;
//! two `$0` mark a range, for the features that take one. Every check runs
//! in both position encodings, and a line of a snapshot that differs by
//! encoding stands twice, marked `[utf-8]` and `[utf-16]`. Positions are
//! LSP's, 0-based: `line:character` in the encoding's units.

use std::fmt::Write as _;

use boardls_engine::document::Document;
use boardls_engine::games::GameKind;
use boardls_ide::config::{HintSettings, HoverPicture};
use boardls_ide::encoding::Encoding;
use boardls_ide::features::tokens::{self, CellState};
use boardls_ide::features::{actions, format_edits, hints, hover, proto_diagnostics, symbols};
use boardls_ide::view::{Cancel, ClientCaps, DocView};
use expect_test::Expect;
use tower_lsp_server::ls_types::{
    CodeAction, CodeActionContext, CodeActionKind, CodeActionOrCommand, CodeActionParams,
    Diagnostic, DiagnosticSeverity, DocumentChanges, DocumentSymbolResponse, FoldingRangeKind,
    HoverContents, InlayHintLabel, InlayHintTooltip, MarkupKind, NumberOrString, OneOf,
    PartialResultParams, Position, Range, SemanticTokens, TextDocumentIdentifier, TextEdit, Uri,
    WorkDoneProgressParams,
};

use super::oracle;

pub const ENCODINGS: [Encoding; 2] = [Encoding::Utf8, Encoding::Utf16];

const CURSOR: &str = "$0";

/// A board file of one game, with the markers taken out.
pub struct Fixture {
    text: String,
    /// Byte offsets of the markers in `text`.
    markers: Vec<usize>,
    doc: Document,
    uri: Uri,
}

impl Fixture {
    pub fn new(kind: GameKind, fixture: &str) -> Fixture {
        let fixture = fixture.strip_prefix('\n').unwrap_or(fixture);
        let mut text = String::with_capacity(fixture.len());
        let mut markers = Vec::new();
        let mut rest = fixture;
        while let Some(at) = rest.find(CURSOR) {
            text.push_str(&rest[..at]);
            markers.push(text.len());
            rest = &rest[at + CURSOR.len()..];
        }
        text.push_str(rest);
        assert!(markers.len() <= 2, "at most two `$0` markers: {fixture}");
        Fixture::of(Document::new(kind, &text), text, markers)
    }

    /// A document as it is after some edits, without markers.
    pub fn of_document(doc: Document) -> Fixture {
        let text = doc.rope().to_string();
        Fixture::of(doc, text, Vec::new())
    }

    fn of(doc: Document, text: String, markers: Vec<usize>) -> Fixture {
        let uri = format!("file:///fixture/board.{}", doc.kind().id())
            .parse()
            .expect("a valid URI");
        Fixture {
            doc,
            text,
            markers,
            uri,
        }
    }

    /// The cursor (the first marker).
    pub fn cursor(&self, enc: Encoding) -> Position {
        let at = *self.markers.first().expect("a `$0` cursor in the fixture");
        position_of(&self.text, at, enc)
    }

    /// The marked range: between two markers, empty at one, or the whole
    /// text without any.
    pub fn range(&self, enc: Encoding) -> Range {
        let (start, end) = match self.markers[..] {
            [] => (0, self.text.len()),
            [at] => (at, at),
            [start, end, ..] => (start, end),
        };
        Range::new(
            position_of(&self.text, start, enc),
            position_of(&self.text, end, enc),
        )
    }

    pub fn view(&self, caps: ClientCaps) -> DocView<'_> {
        DocView {
            uri: &self.uri,
            doc: &self.doc,
            version: 7,
            caps,
        }
    }

    /// `render` in each encoding (over `caps` otherwise), in one listing
    /// that shows where the encodings differ.
    pub fn render(&self, caps: ClientCaps, render: impl Fn(&DocView<'_>) -> String) -> String {
        let [utf8, utf16] = ENCODINGS.map(|encoding| {
            let view = self.view(ClientCaps { encoding, ..caps });
            let out = render(&view);
            if out.is_empty() {
                "(none)\n".to_owned()
            } else {
                out
            }
        });
        merge_encodings(&utf8, &utf16)
    }
}

/// One listing of two renderings: a line both agree on once, a line they
/// differ on once for each, marked with its encoding (or each rendering
/// whole, under its encoding's name, when they differ in length).
fn merge_encodings(utf8: &str, utf16: &str) -> String {
    if utf8.lines().count() != utf16.lines().count() {
        return format!("[utf-8]\n{utf8}[utf-16]\n{utf16}");
    }
    let mut out = String::new();
    for (a, b) in utf8.lines().zip(utf16.lines()) {
        if a == b {
            let _ = writeln!(out, "{a}");
        } else {
            let _ = writeln!(out, "[utf-8]  {a}\n[utf-16] {b}");
        }
    }
    out
}

/// The LSP position of a byte offset, counted independently of the server
/// (fixtures break lines with `\n`).
fn position_of(text: &str, offset: usize, enc: Encoding) -> Position {
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |at| at + 1);
    let column = &before[line_start..];
    let character = match enc {
        Encoding::Utf8 => column.len(),
        Encoding::Utf16 => column.encode_utf16().count(),
    };
    Position::new(
        u32::try_from(before.matches('\n').count()).expect("a short fixture"),
        u32::try_from(character).expect("a short line"),
    )
}

/// A file of `tests/fixtures`.
pub fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn pos(p: Position) -> String {
    format!("{}:{}", p.line, p.character)
}

fn range(r: Range) -> String {
    format!("{}-{}", pos(r.start), pos(r.end))
}

/// Replaces each edit's range (resolved against `text` as the protocol's
/// clamping says, by the shared reference model) with its text.
fn apply_edits(text: &str, edits: &[TextEdit], enc: Encoding) -> String {
    let mut resolved: Vec<(usize, usize, &str)> = edits
        .iter()
        .map(|edit| {
            let start = oracle::clamped_offset(text, edit.range.start, enc);
            let end = oracle::clamped_offset(text, edit.range.end, enc);
            assert!(start <= end, "reversed edit {edit:?}");
            (start, end, edit.new_text.as_str())
        })
        .collect();
    resolved.sort_by_key(|&(start, end, _)| (start, end));
    for pair in resolved.windows(2) {
        assert!(pair[0].1 <= pair[1].0, "overlapping edits {edits:?}");
    }
    let mut out = text.to_owned();
    for &(start, end, new) in resolved.iter().rev() {
        out.replace_range(start..end, new);
    }
    out
}

// ---------------------------------------------------------------- hover

/// The hover's words (its picture is checked by `check_hover_picture`).
pub fn check_hover(kind: GameKind, fixture: &str, expect: Expect) {
    check_hover_with(kind, fixture, HoverPicture::None, expect);
}

pub fn check_hover_with(kind: GameKind, fixture: &str, picture: HoverPicture, expect: Expect) {
    let fixture = Fixture::new(kind, fixture);
    let actual = fixture.render(ClientCaps::default(), |view| {
        let Some(found) = hover::hover_with(view, fixture.cursor(view.enc()), picture) else {
            return "no hover\n".to_owned();
        };
        let HoverContents::Markup(markup) = found.contents else {
            panic!("hover not in Markdown: {:?}", found.contents);
        };
        assert_eq!(markup.kind, MarkupKind::Markdown);
        let at = found.range.map_or("no range".to_owned(), range);
        format!("{at}\n{}\n", markup.value.trim_end())
    });
    expect.assert_eq(&actual);
}

// ---------------------------------------------------------------- formatting

/// The formatting edits (`range newText`, line ends shown as `⏎`), then
/// the text they make; or the message of a refusal. The text must be the
/// same in both encodings.
pub fn check_formatting(kind: GameKind, fixture: &str, expect: Expect) {
    let fixture = Fixture::new(kind, fixture);
    let actual = fixture.render(
        ClientCaps::default(),
        |view| match format_edits::formatting(view, false) {
            Ok(edits) => {
                let mut out = String::new();
                for edit in &edits {
                    let _ = writeln!(
                        out,
                        "{} {:?}",
                        range(edit.range),
                        edit.new_text.replace('\n', "⏎")
                    );
                }
                let text = apply_edits(&fixture.text, &edits, view.enc());
                let _ = write!(out, "== formatted\n{text}");
                out
            }
            Err(why) => format!("refused: {why}\n"),
        },
    );
    expect.assert_eq(&actual);
}

// ---------------------------------------------------------------- hints

/// Inlay hints over the marked range (the whole file without markers):
/// `line:character label — tooltip`. At most one hint per line, in line
/// order.
pub fn check_hints(kind: GameKind, fixture: &str, expect: Expect) {
    check_hints_with(kind, fixture, &HintSettings::default(), expect);
}

pub fn check_hints_with(kind: GameKind, fixture: &str, settings: &HintSettings, expect: Expect) {
    let fixture = Fixture::new(kind, fixture);
    let actual = fixture.render(ClientCaps::default(), |view| {
        let mut out = String::new();
        let mut previous_line = None;
        for hint in hints::inlay_hints_with(view, fixture.range(view.enc()), settings) {
            assert!(
                previous_line < Some(hint.position.line),
                "a second hint on line {} or hints out of order: {hint:?}",
                hint.position.line
            );
            previous_line = Some(hint.position.line);
            let InlayHintLabel::String(label) = &hint.label else {
                panic!("a hint with label parts: {hint:?}");
            };
            let tooltip = match &hint.tooltip {
                Some(InlayHintTooltip::String(tooltip)) => tooltip.as_str(),
                other => panic!("a hint without a plain tooltip: {other:?}"),
            };
            assert!(hint.text_edits.is_none(), "hints insert nothing: {hint:?}");
            // Never inside a row: every hint stands at the end of its line.
            let (from, to) = oracle::line_ranges(&fixture.text)[hint.position.line as usize];
            let line_end = position_of(&fixture.text, to, view.enc());
            assert_eq!(
                (hint.position, hint.padding_left),
                (line_end, Some(true)),
                "a hint not at the end of line {:?}: {hint:?}",
                &fixture.text[from..to]
            );
            let _ = writeln!(out, "{} {label} — {tooltip}", pos(hint.position));
        }
        out
    });
    expect.assert_eq(&actual);
}

// ---------------------------------------------------------------- tokens

/// The letter a token's state is drawn with under its cell.
fn state_letter(state: CellState) -> char {
    match state {
        CellState::LegalMove => 'L',
        CellState::TargetField => 'F',
        CellState::LastMove => 'M',
        CellState::CapturePoint => 'C',
        CellState::KillableGroup => 'K',
        CellState::Atari => 'A',
        CellState::DeadGroup => 'D',
        CellState::WinningLine => 'W',
        CellState::Joker => 'J',
    }
}

/// The protocol's relative tokens as absolute (line, character, length,
/// state), checked as clients check them: sorted, not overlapping, a
/// known type, no modifiers, and within one line of the text.
fn decode_tokens(
    text: &str,
    tokens: &SemanticTokens,
    enc: Encoding,
) -> Vec<(u32, u32, u32, CellState)> {
    let legend = tokens::legend();
    let lines = oracle::line_ranges(text);
    let mut out: Vec<(u32, u32, u32, CellState)> = Vec::new();
    let (mut line, mut character) = (0u32, 0u32);
    for (i, token) in tokens.data.iter().enumerate() {
        if i > 0 && token.delta_line == 0 {
            assert!(
                token.delta_start > 0,
                "two tokens start at one place: {tokens:?}"
            );
        }
        line += token.delta_line;
        character = if token.delta_line == 0 {
            character + token.delta_start
        } else {
            token.delta_start
        };
        if let Some(&(last_line, last_start, last_len, _)) = out.last() {
            assert!(
                last_line < line || last_start + last_len <= character,
                "overlapping tokens at {line}:{character}: {tokens:?}"
            );
        }
        let (from, to) = lines[line as usize];
        let width: usize = text[from..to]
            .chars()
            .map(|c| {
                if enc == Encoding::Utf8 {
                    c.len_utf8()
                } else {
                    c.len_utf16()
                }
            })
            .sum();
        assert!(token.length > 0, "an empty token at {line}:{character}");
        assert!(
            (character + token.length) as usize <= width,
            "a token past the end of line {line}: {token:?}"
        );
        assert_eq!(token.token_modifiers_bitset, 0, "modifiers: {token:?}");
        let state = CellState::from_index(token.token_type).expect("a type of the legend");
        assert_eq!(
            legend.token_types[token.token_type as usize].as_str(),
            state.name()
        );
        out.push((line, character, token.length, state));
    }
    out
}

/// Semantic tokens over the marked range (`/range`; `/full` without
/// markers), drawn as the lines that have tokens, each with a letter under
/// every token's first unit: `L`egalMove, target `F`ield, last `M`ove,
/// `C`apturePoint, `K`illableGroup, `A`tari, `D`eadGroup, `W`inningLine,
/// `J`oker.
///
/// Whatever is marked, it also checks that `/range` over each single line
/// gives exactly the tokens `/full` has on that line, and that `/range`
/// over the whole text gives `/full`.
pub fn check_tokens(kind: GameKind, fixture: &str, expect: Expect) {
    let fixture = Fixture::new(kind, fixture);
    let lines: Vec<&str> = oracle::line_ranges(&fixture.text)
        .into_iter()
        .map(|(from, to)| &fixture.text[from..to])
        .collect();
    let actual = fixture.render(ClientCaps::default(), |view| {
        let enc = view.enc();
        let full = decode_tokens(
            &fixture.text,
            &tokens::range(
                view,
                tower_lsp_server::ls_types::Range::new(
                    tower_lsp_server::ls_types::Position::new(0, 0),
                    tower_lsp_server::ls_types::Position::new(u32::MAX, u32::MAX),
                ),
            ),
            enc,
        );
        let everything = Range::new(
            Position::new(0, 0),
            position_of(&fixture.text, fixture.text.len(), enc),
        );
        assert_eq!(
            decode_tokens(&fixture.text, &tokens::range(view, everything), enc),
            full,
            "/range over the whole text differs from /full"
        );
        for line in 0..lines.len() as u32 {
            let one = Range::new(Position::new(line, 0), Position::new(line + 1, 0));
            let on_line: Vec<_> = full.iter().copied().filter(|t| t.0 == line).collect();
            assert_eq!(
                decode_tokens(&fixture.text, &tokens::range(view, one), enc),
                on_line,
                "/range over line {line} differs from /full"
            );
        }
        let shown = if fixture.markers.is_empty() {
            full
        } else {
            decode_tokens(&fixture.text, &tokens::range(view, fixture.range(enc)), enc)
        };
        let mut out = String::new();
        for (line, text) in lines.iter().enumerate() {
            let on_line: Vec<_> = shown.iter().filter(|t| t.0 as usize == line).collect();
            if on_line.is_empty() {
                continue;
            }
            let mut marks = String::new();
            for &&(_, character, _, state) in &on_line {
                while marks.len() < character as usize {
                    marks.push(' ');
                }
                marks.push(state_letter(state));
            }
            let _ = writeln!(out, "{line:<3} {text}\n    {marks}");
        }
        out
    });
    expect.assert_eq(&actual);
}

// ---------------------------------------------------------------- actions

fn action_params(
    view: &DocView<'_>,
    range: Range,
    only: Option<&[CodeActionKind]>,
) -> CodeActionParams {
    CodeActionParams {
        text_document: TextDocumentIdentifier::new(view.uri.clone()),
        range,
        context: CodeActionContext {
            diagnostics: proto_diagnostics::document(view),
            only: only.map(<[CodeActionKind]>::to_vec),
            ..CodeActionContext::default()
        },
        work_done_progress_params: WorkDoneProgressParams::default(),
        partial_result_params: PartialResultParams::default(),
    }
}

/// The text edits of an action's workspace edit, checked to address this
/// document (and its current version, when versioned).
fn action_edits(view: &DocView<'_>, action: &CodeAction) -> Vec<TextEdit> {
    let Some(edit) = &action.edit else {
        panic!("an action without an edit: {action:?}");
    };
    if view.caps.document_changes {
        assert!(edit.changes.is_none(), "both kinds of edits: {edit:?}");
        let Some(DocumentChanges::Edits(changes)) = &edit.document_changes else {
            panic!("no versioned edits: {edit:?}");
        };
        changes
            .iter()
            .flat_map(|change| {
                assert_eq!(&change.text_document.uri, view.uri);
                assert_eq!(change.text_document.version, Some(view.version));
                change.edits.iter().map(|edit| match edit {
                    OneOf::Left(edit) => edit.clone(),
                    OneOf::Right(annotated) => annotated.text_edit.clone(),
                })
            })
            .collect()
    } else {
        assert!(edit.document_changes.is_none(), "versioned edits: {edit:?}");
        let changes = edit.changes.as_ref().expect("plain edits");
        assert_eq!(changes.len(), 1, "edits of one document: {changes:?}");
        changes
            .get(view.uri)
            .cloned()
            .expect("edits of this document")
    }
}

/// Each action at the marked range: its title, kind and what it fixes,
/// then the fixture's text after its edits.
fn rendered_actions(
    fixture: &Fixture,
    view: &DocView<'_>,
    only: Option<&[CodeActionKind]>,
) -> Vec<(String, String)> {
    let params = action_params(view, fixture.range(view.enc()), only);
    actions::code_actions(view, &params)
        .into_iter()
        .map(|action| {
            let CodeActionOrCommand::CodeAction(action) = action else {
                panic!("a bare command: {action:?}");
            };
            let kind = action.kind.as_ref().map_or("no kind", |k| k.as_str());
            let mut head = format!("{} ({kind})", action.title);
            for diagnostic in action.diagnostics.iter().flatten() {
                let _ = write!(head, " fixes {}", code(diagnostic));
            }
            if action.is_preferred == Some(true) {
                head.push_str(", preferred");
            }
            let text = apply_edits(&fixture.text, &action_edits(view, &action), view.enc());
            (head, text)
        })
        .collect()
}

/// The actions in both encodings and with and without versioned edits:
/// whatever the coordinates, each action must make the same text.
fn all_actions(fixture: &Fixture, only: Option<&[CodeActionKind]>) -> Vec<(String, String)> {
    let mut answers = ENCODINGS.into_iter().flat_map(|encoding| {
        [false, true].map(|document_changes| {
            let caps = ClientCaps {
                encoding,
                document_changes,
                ..ClientCaps::default()
            };
            rendered_actions(fixture, &fixture.view(caps), only)
        })
    });
    let first = answers.next().unwrap_or_default();
    for other in answers {
        assert_eq!(first, other, "the actions differ by encoding or edit kind");
    }
    first
}

pub fn check_actions(kind: GameKind, fixture: &str, expect: Expect) {
    check_actions_of(kind, None, fixture, expect);
}

/// The actions a client asking only for quick fixes gets.
pub fn check_quick_fixes(kind: GameKind, fixture: &str, expect: Expect) {
    check_actions_of(kind, Some(&[CodeActionKind::QUICKFIX]), fixture, expect);
}

fn check_actions_of(
    kind: GameKind,
    only: Option<&[CodeActionKind]>,
    fixture: &str,
    expect: Expect,
) {
    let actions = all_actions(&Fixture::new(kind, fixture), only);
    let mut out = String::new();
    for (head, text) in &actions {
        let _ = write!(out, "== {head}\n{text}");
        if !text.ends_with('\n') {
            out.push('\n');
        }
    }
    if out.is_empty() {
        out.push_str("no actions\n");
    }
    expect.assert_eq(&out);
}

/// The text after the action titled `title` at the marked range, if it is
/// offered.
pub fn apply_action(kind: GameKind, fixture: &str, title: &str) -> Option<String> {
    all_actions(&Fixture::new(kind, fixture), None)
        .into_iter()
        .find(|(head, _)| head.starts_with(&format!("{title} (")))
        .map(|(_, text)| text)
}

// ---------------------------------------------------------------- symbols

/// One line per position: its range, name and selection range. The flat
/// form (for clients without hierarchy) must name the same ranges.
pub fn check_symbols(kind: GameKind, fixture: &str, expect: Expect) {
    let fixture = Fixture::new(kind, fixture);
    let actual = fixture.render(ClientCaps::default(), |view| {
        let nested = ClientCaps {
            hierarchical_symbols: true,
            ..view.caps
        };
        let DocumentSymbolResponse::Nested(nested) =
            symbols::document_symbols(&fixture.view(nested), &Cancel::NEVER)
        else {
            panic!("flat symbols for a client with hierarchy");
        };
        let DocumentSymbolResponse::Flat(flat) = symbols::document_symbols(view, &Cancel::NEVER)
        else {
            panic!("nested symbols for a client without hierarchy");
        };
        let flat: Vec<_> = flat
            .into_iter()
            .map(|s| {
                assert_eq!(&s.location.uri, view.uri);
                (s.name, s.kind, s.location.range)
            })
            .collect();
        let from_nested: Vec<_> = nested
            .iter()
            .map(|s| (s.name.clone(), s.kind, s.range))
            .collect();
        assert_eq!(flat, from_nested, "flat and nested symbols differ");
        let mut out = String::new();
        for symbol in nested {
            assert!(symbol.children.is_none());
            let _ = writeln!(
                out,
                "{} {} (selection {})",
                range(symbol.range),
                symbol.name,
                range(symbol.selection_range)
            );
        }
        out
    });
    expect.assert_eq(&actual);
}

/// One line per range: `first..last collapsed text` (whole lines).
pub fn check_folding(kind: GameKind, fixture: &str, expect: Expect) {
    let fixture = Fixture::new(kind, fixture);
    let caps = ClientCaps {
        folding_collapsed_text: true,
        ..ClientCaps::default()
    };
    let actual = fixture.render(caps, |view| {
        let mut out = String::new();
        for fold in symbols::folding_ranges(view, &Cancel::NEVER) {
            assert_eq!(fold.kind, Some(FoldingRangeKind::Region));
            assert_eq!((fold.start_character, fold.end_character), (None, None));
            let text = fold.collapsed_text.unwrap_or_default();
            let _ = writeln!(out, "{}..{} {text}", fold.start_line, fold.end_line);
        }
        out
    });
    expect.assert_eq(&actual);
}

// ---------------------------------------------------------------- diagnostics

fn code(d: &Diagnostic) -> &str {
    match &d.code {
        Some(NumberOrString::String(code)) => code,
        other => panic!("a diagnostic without a code: {other:?}"),
    }
}

fn severity(d: &Diagnostic) -> &'static str {
    match d.severity {
        Some(DiagnosticSeverity::ERROR) => "error",
        Some(DiagnosticSeverity::WARNING) => "warning",
        Some(DiagnosticSeverity::INFORMATION) => "info",
        Some(DiagnosticSeverity::HINT) => "hint",
        other => panic!("a diagnostic without a severity: {other:?}"),
    }
}

/// `range severity code message`, then indented its related locations
/// and the title of a certain fix it carries.
pub fn render_diagnostics(view: &DocView<'_>) -> String {
    let mut out = String::new();
    for d in proto_diagnostics::document(view) {
        assert_eq!(d.source.as_deref(), Some(proto_diagnostics::SOURCE));
        let _ = writeln!(
            out,
            "{} {} {} {}",
            range(d.range),
            severity(&d),
            code(&d),
            d.message
        );
        for related in d.related_information.iter().flatten() {
            assert_eq!(&related.location.uri, view.uri);
            let _ = writeln!(
                out,
                "  related {} {}",
                range(related.location.range),
                related.message
            );
        }
        if let Some(fix) = &d.data {
            let _ = writeln!(
                out,
                "  fix: {}",
                fix["fix"]["title"].as_str().unwrap_or("?")
            );
        }
    }
    out
}

pub fn check_diagnostics(kind: GameKind, fixture: &str, expect: Expect) {
    let fixture = Fixture::new(kind, fixture);
    expect.assert_eq(&fixture.render(ClientCaps::default(), render_diagnostics));
}
