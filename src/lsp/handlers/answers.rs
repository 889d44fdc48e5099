//! Answer files and `boardls.toml` in the editor. Opening one keeps it as
//! a side document; every edit of it, or of the input it answers, checks
//! it again and publishes its diagnostics. Code actions carry the judge's
//! answers, hover says the judge's verdict, and definition on `Case #k`
//! goes to the position in the input.

use std::path::Path;

use tower_lsp_server::ls_types::{
    self as lsp, CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, CodeLens,
    Command, CreateFile, DocumentChangeOperation, DocumentChanges, GotoDefinitionResponse, Hover,
    HoverContents, Location, MarkupContent, MarkupKind, OptionalVersionedTextDocumentIdentifier,
    Position, Range, ResourceOp, TextDocumentEdit, TextEdit, Uri, WorkspaceEdit,
};

use crate::answers::{self, Expected};
use crate::diagnostics::{Diagnostic, Span};
use crate::document::Document;
use crate::games::GameKind;
use crate::lsp::features::proto_diagnostics::{text_edits, to_lsp};
use crate::lsp::features::{locate, picture};
use crate::lsp::state::answer_doc::{SideDocument, SideKind};
use crate::lsp::state::session::{Session, State};
use crate::lsp::view::DocView;
pub use crate::lsp::workspace::answer_files::project_of;
use crate::lsp::workspace::answer_files::{self, disk_text, expected, expected_of};
use crate::project::{self, FILE_NAME, Project};

/// What an opened file that is not a board file is to boardls, if anything
/// (`project`: the file's project).
pub fn side_of(path: &Path, project: &Project) -> Option<SideKind> {
    if path.file_name().and_then(|n| n.to_str()) == Some(FILE_NAME) {
        return Some(SideKind::Project);
    }
    if let Some((input, kind)) = project.input_of(path) {
        return Some(SideKind::Answer { input, kind });
    }
    (project.root.is_some() && project.is_answer_name(path)).then(|| SideKind::Orphan {
        names: project.answer_names().to_vec(),
    })
}

/// The engine's findings in a side document.
fn findings(state: &State, doc: &SideDocument) -> Vec<Diagnostic> {
    let text = doc.rope.to_string();
    match &doc.side {
        SideKind::Project => project::read(&text).err().unwrap_or_default(),
        SideKind::Orphan { names } => vec![answers::no_input(names)],
        SideKind::Answer { input, kind } => answer_files::findings(state, &text, input, *kind),
    }
}

/// A side document's diagnostics as the settings show them; `None` when
/// `uri` is not a side document.
pub fn side_diagnostics(state: &State, uri: &Uri) -> Option<Vec<lsp::Diagnostic>> {
    let doc = state.side_docs.get(uri)?;
    let ranges = doc.ranges(state.caps.encoding);
    let items: Vec<lsp::Diagnostic> = findings(state, doc)
        .iter()
        .map(|d| to_lsp(uri, &ranges, d))
        .collect();
    Some(state.settings_of(uri).diagnostics.apply(items))
}

/// Publishes a side document's diagnostics (push clients; a pull client
/// asks for them, see [`side_diagnostics`]).
pub fn publish(session: &Session, state: &State, uri: &Uri) {
    if state.caps.pull_diagnostics {
        return;
    }
    let (Some(doc), Some(items)) = (state.side_docs.get(uri), side_diagnostics(state, uri)) else {
        return;
    };
    session
        .outbox
        .publish(uri.clone(), Some(doc.version), items);
}

/// After an edit of the board file `input`: checks its answers again,
/// open and closed.
pub fn input_changed(session: &Session, state: &mut State, input: &Uri) {
    let Some(path) = crate::lsp::uri::to_path(input) else {
        return;
    };
    answer_files::recheck_answers_of(session, state, &path);
    let answers: Vec<Uri> = state
        .side_docs
        .iter()
        .filter(|(_, doc)| matches!(&doc.side, SideKind::Answer { input, .. } if input.as_path() == &*path))
        .map(|(uri, _)| uri.clone())
        .collect();
    if !answers.is_empty() {
        // The answers' diagnostics changed with a file the client does
        // not link them to: a pull client is asked to pull again.
        crate::lsp::workspace::tasks::refresh_pull_with(session, &state.caps);
    }
    for uri in answers {
        publish(session, state, &uri);
    }
}

fn overlaps(a: Range, b: Range) -> bool {
    a.start <= b.end && b.start <= a.end
}

/// Quick fixes of a side document: the judge's answers, the renumbering.
pub fn code_actions(
    state: &State,
    uri: &Uri,
    params: &CodeActionParams,
) -> Option<Vec<CodeActionOrCommand>> {
    let doc = state.side_docs.get(uri)?;
    let ranges = doc.ranges(state.caps.encoding);
    let mut actions = Vec::new();
    for d in findings(state, doc) {
        let Some(fix) = &d.fix else { continue };
        let diagnostic = to_lsp(uri, &ranges, &d);
        if !overlaps(diagnostic.range, params.range) {
            continue;
        }
        let edits = text_edits(&ranges, fix);
        actions.push(CodeActionOrCommand::CodeAction(CodeAction {
            title: fix.title.clone(),
            kind: Some(CodeActionKind::QUICKFIX),
            diagnostics: Some(vec![diagnostic]),
            edit: Some(WorkspaceEdit {
                changes: Some([(uri.clone(), edits)].into_iter().collect()),
                ..WorkspaceEdit::default()
            }),
            is_preferred: Some(true),
            ..CodeAction::default()
        }));
    }
    Some(actions)
}

/// "Write the judge's answers" on a board file with no answer file: a new
/// file, as `solve` prints it.
pub fn write_answers_action(state: &State, uri: &Uri) -> Option<CodeActionOrCommand> {
    let path = crate::lsp::uri::to_path(uri)?;
    let open = state.docs.get(uri)?;
    let project = project_of(&path);
    // Only inside a problem folder (a `boardls.toml` above the file), where
    // inputs are expected to have answers; elsewhere a board file is not
    // a judge input.
    if project.root.is_none() || project.answer_of(&path).is_some() {
        return None;
    }
    let text = expected_of(open).output_text()?;
    let target = project.answer_paths(&path).into_iter().next()?;
    let target = crate::lsp::uri::from_path(&target)?;
    let start = Position::new(0, 0);
    let operations = vec![
        DocumentChangeOperation::Op(ResourceOp::Create(CreateFile {
            uri: target.clone(),
            options: None,
            annotation_id: None,
        })),
        DocumentChangeOperation::Edit(TextDocumentEdit {
            text_document: OptionalVersionedTextDocumentIdentifier {
                uri: target,
                version: None,
            },
            edits: vec![lsp::OneOf::Left(TextEdit::new(
                Range::new(start, start),
                text,
            ))],
        }),
    ];
    Some(CodeActionOrCommand::CodeAction(CodeAction {
        title: "Write the judge's answers".to_owned(),
        kind: Some(CodeActionKind::QUICKFIX),
        edit: Some(WorkspaceEdit {
            document_changes: Some(DocumentChanges::Operations(operations)),
            ..WorkspaceEdit::default()
        }),
        ..CodeAction::default()
    }))
}

/// The answer file of the open board file `uri`, and its text: the open
/// answer document's, else the file's on disk.
fn answer_of_input(state: &State, uri: &Uri) -> Option<(Uri, String)> {
    let path = crate::lsp::uri::to_path(uri)?;
    let open = state.side_docs.iter().find(
        |(_, doc)| matches!(&doc.side, SideKind::Answer { input, .. } if input.as_path() == &*path),
    );
    if let Some((answer_uri, doc)) = open {
        return Some((answer_uri.clone(), doc.rope.to_string()));
    }
    let answer = project_of(&path).answer_of(&path)?;
    Some((crate::lsp::uri::from_path(&answer)?, disk_text(&answer)))
}

/// One code lens per position of an open input with an answer file: the
/// answer's line for the case, checked (`answer ✓ Case #3: O won`), or
/// what is wrong with it (`answer ✗ Case #3: the judge says …`).
pub fn case_lenses(state: &State, uri: &Uri) -> Vec<CodeLens> {
    let (Some(open), Some((_, text))) = (state.docs.get(uri), answer_of_input(state, uri)) else {
        return Vec::new();
    };
    let expected = expected_of(open);
    let mut wrong: Vec<Option<String>> = vec![None; expected.cases.len()];
    for finding in answers::compare(&expected, &text, None) {
        let case = expected.case_of_line(finding.span.line);
        if let Some(slot) = case.and_then(|case| wrong.get_mut(case)) {
            slot.get_or_insert(finding.message.into_owned());
        }
    }
    let lines: Vec<&str> = text.lines().collect();
    expected
        .cases
        .iter()
        .zip(wrong)
        .enumerate()
        .map(|(case, (expected_case, wrong))| {
            let answer_line = expected.line_of_case(case) as usize;
            let title = match (wrong, lines.get(answer_line)) {
                (Some(message), _) => format!("answer ✗ {message}"),
                (None, Some(line)) if expected.kind != GameKind::Uttt => {
                    format!("answer ✓ {}", line.trim_end())
                }
                (None, Some(_)) => format!("answer ✓ Case #{}", case + 1),
                (None, None) => format!("answer ✗ Case #{}: missing", case + 1),
            };
            let at = Position::new(expected_case.input_span.line, 0);
            CodeLens {
                range: Range::new(at, at),
                command: Some(Command::new(title, String::new(), None)),
                data: None,
            }
        })
        .collect()
}

/// References from a position of an open input: its case's line in the
/// answer file.
pub fn references(state: &State, uri: &Uri, position: Position) -> Option<Vec<Location>> {
    let open = state.docs.get(uri)?;
    let case = open.doc.position_at_line(position.line)?;
    let (answer_uri, text) = answer_of_input(state, uri)?;
    let expected = expected_of(open);
    let line = expected.line_of_case(case);
    let width = text
        .lines()
        .nth(line as usize)
        .map_or(0, |l| l.trim_end().chars().count());
    Some(vec![Location::new(
        answer_uri,
        Range::new(
            Position::new(line, 0),
            Position::new(line, crate::text::to_u32(width)),
        ),
    )])
}

/// The case of an answer line and its answer's expected output.
fn case_at(state: &State, uri: &Uri, line: u32) -> Option<(Expected, usize, std::path::PathBuf)> {
    let doc = state.side_docs.get(uri)?;
    let SideKind::Answer { input, kind } = &doc.side else {
        return None;
    };
    let expected = expected(state, input, *kind);
    let case = expected.case_of_line(line)?;
    Some((expected, case, input.clone()))
}

/// Hover on an answer line: the judge's verdict for its case, then the
/// picture of its position in the input (as a hover in the input draws it).
pub fn hover(state: &State, uri: &Uri, position: Position) -> Option<Hover> {
    let (expected, case, input) = case_at(state, uri, position.line)?;
    let output = expected.cases.get(case)?.output.as_ref()?;
    let mut value = match expected.kind {
        GameKind::Uttt => format!(
            "**Case #{}**: the judge's board\n\n```text\n{}\n```",
            case + 1,
            output.join("\n")
        ),
        GameKind::Go9 | GameKind::Tomek => format!(
            "**Case #{}**: the judge says `{}`",
            case + 1,
            output.first().map_or("", String::as_str)
        ),
    };
    if let Some(drawing) = input_picture(state, &input, expected.kind, case) {
        value.push_str("\n\n");
        value.push_str(&drawing);
    }
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: None,
    })
}

/// The picture of case `case` of `input`: from its open document, else
/// read from disk.
fn input_picture(state: &State, input: &Path, kind: GameKind, case: usize) -> Option<String> {
    let input_uri = crate::lsp::uri::from_path(input)?;
    let read;
    let doc = match state.docs.get(&input_uri) {
        Some(open) => &open.doc,
        None => {
            read = Document::new(kind, &disk_text(input));
            &read
        }
    };
    let view = DocView {
        uri: &input_uri,
        doc,
        version: 0,
        caps: state.caps,
    };
    let located = locate::position(&view, case)?;
    let picture_setting = state.settings_of(&input_uri).hover.picture;
    picture::markdown(&located, None, picture_setting, &state.caps)
}

/// Definition on an answer line: the case's position in the input.
pub fn definition(state: &State, uri: &Uri, position: Position) -> Option<GotoDefinitionResponse> {
    let (expected, case, input) = case_at(state, uri, position.line)?;
    let span: Span = expected.cases.get(case)?.input_span;
    let range = Range::new(
        Position::new(span.line, span.start),
        Position::new(span.line, span.end),
    );
    Some(GotoDefinitionResponse::Scalar(Location::new(
        crate::lsp::uri::from_path(&input)?,
        range,
    )))
}
