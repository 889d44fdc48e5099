//! Answer files and `boardls.toml` in the editor. Opening one keeps it as
//! a side document; every edit of it, or of the input it answers, checks
//! it again and publishes its diagnostics. Code actions carry the judge's
//! answers, hover says the judge's verdict, and definition on `Case #k`
//! goes to the position in the input.

use std::fs;
use std::path::Path;
use std::sync::Arc;

use tower_lsp_server::ls_types::{
    self as lsp, CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, CreateFile,
    DocumentChangeOperation, DocumentChanges, GotoDefinitionResponse, Hover, HoverContents,
    Location, MarkupContent, MarkupKind, OptionalVersionedTextDocumentIdentifier, Position, Range,
    ResourceOp, TextDocumentEdit, TextEdit, Uri, WorkspaceEdit,
};

use crate::answers::{self, Expected};
use crate::diagnostics::{Diagnostic, Span};
use crate::document::Document;
use crate::games::GameKind;
use crate::lsp::answer_doc::{SideDocument, SideKind};
use crate::lsp::proto_diagnostics::{text_edits, to_lsp};
use crate::lsp::session::{Session, State};
use crate::project::{self, FILE_NAME, Project};
use crate::syntax::parse_file;

/// The project of `path`: its nearest `boardls.toml` if it reads without
/// error, else the defaults.
pub fn project_of(path: &Path) -> Project {
    project::find_project_file(path)
        .and_then(|file| project::load(&file).ok())
        .unwrap_or_default()
}

/// What an opened file that is not a board file is to boardls, if anything.
pub fn side_of(path: &Path) -> Option<SideKind> {
    if path.file_name().and_then(|n| n.to_str()) == Some(FILE_NAME) {
        return Some(SideKind::Project);
    }
    let project = project_of(path);
    if let Some((input, kind)) = project.input_of(path) {
        return Some(SideKind::Answer { input, kind });
    }
    (project.root.is_some() && project.is_answer_name(path)).then(|| SideKind::Orphan {
        names: project.answer_names().to_vec(),
    })
}

/// The text of `path` on disk (empty when it cannot be read).
fn disk_text(path: &Path) -> String {
    fs::read(path)
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .unwrap_or_default()
}

/// The judge's output for an answer's input: from its open document's
/// positions, which every edit keeps current, else read from disk.
fn expected(state: &State, input: &Path, kind: GameKind) -> Expected {
    if let Some(uri) = Uri::from_file_path(input)
        && let Some(open) = state.docs.get(&uri)
    {
        return expected_of(&open.doc);
    }
    let parsed = parse_file(kind, &disk_text(input));
    Expected::of(kind, parsed.positions.iter().map(|p| (p.first_line, p)))
}

/// The judge's output for the positions of a document.
fn expected_of(doc: &Document) -> Expected {
    let positions = (0..doc.position_count())
        .filter_map(|i| Some((doc.first_line(i)?, &**doc.shared_position(i)?)));
    Expected::of(doc.kind(), positions)
}

/// The engine's findings in a side document.
fn findings(state: &State, doc: &SideDocument) -> Vec<Diagnostic> {
    let text = doc.rope.to_string();
    match &doc.side {
        SideKind::Project => project::read(&text).err().unwrap_or_default(),
        SideKind::Orphan { names } => vec![answers::no_input(names)],
        SideKind::Answer { input, kind } => {
            let path: Arc<Path> = Arc::from(input.as_path());
            answers::compare(&expected(state, input, *kind), &text, Some(&path))
        }
    }
}

/// A side document's diagnostics as the client is shown them; `None` when
/// `uri` is not an open side document.
pub fn shown(state: &State, uri: &Uri) -> Option<Vec<lsp::Diagnostic>> {
    let doc = state.side_docs.get(uri)?;
    let ranges = doc.ranges(state.caps.encoding);
    let items: Vec<lsp::Diagnostic> = findings(state, doc)
        .iter()
        .map(|d| to_lsp(uri, &ranges, d))
        .collect();
    Some(state.settings.diagnostics.apply(items))
}

/// Publishes a side document's diagnostics (push clients; a pull client
/// asks for them, `textDocument/diagnostic`).
pub fn publish(session: &Session, state: &State, uri: &Uri) {
    if state.caps.pull_diagnostics {
        return;
    }
    let (Some(doc), Some(items)) = (state.side_docs.get(uri), shown(state, uri)) else {
        return;
    };
    session
        .outbox
        .publish(uri.clone(), Some(doc.version), items);
}

/// After an edit of the board file `input`: checks its open answers again.
pub fn input_changed(session: &Session, state: &State, input: &Uri) {
    let Some(path) = input.to_file_path() else {
        return;
    };
    let answers: Vec<Uri> = state
        .side_docs
        .iter()
        .filter(|(_, doc)| matches!(&doc.side, SideKind::Answer { input, .. } if input.as_path() == &*path))
        .map(|(uri, _)| uri.clone())
        .collect();
    // A pull client is asked to pull again: the answers changed with no
    // edit of their own.
    if !answers.is_empty() {
        crate::lsp::workspace::tasks::refresh_pull_with(session, state.caps);
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
    let path = uri.to_file_path()?;
    let open = state.docs.get(uri)?;
    let project = project_of(&path);
    // Only inside a problem folder (a `boardls.toml` above the file), where
    // inputs are expected to have answers; elsewhere a board file is not
    // a judge input.
    if project.root.is_none() || project.answer_of(&path).is_some() {
        return None;
    }
    let text = expected_of(&open.doc).output_text()?;
    let target = project.answer_paths(&path).into_iter().next()?;
    let target = Uri::from_file_path(&target)?;
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

/// Hover on an answer line: the judge's verdict for its case.
pub fn hover(state: &State, uri: &Uri, position: Position) -> Option<Hover> {
    let (expected, case, _) = case_at(state, uri, position.line)?;
    let output = expected.cases.get(case)?.output.as_ref()?;
    let value = match expected.kind {
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
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: None,
    })
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
        Uri::from_file_path(&input)?,
        range,
    )))
}
