//! What the server answers about an answer file and its input, as pure
//! functions of the judge's expected output and the texts: quick fixes,
//! the input's code lenses, hover, definition and references. The desktop
//! (`handlers::answers`) and the browser (`browser`) each find the files
//! their own way (on disk, or among the open documents) and answer with
//! these.

use std::path::{Path, PathBuf};

use ls_types::{
    self as lsp, CodeAction, CodeActionKind, CodeActionOrCommand, CodeLens, Command, CreateFile,
    DocumentChangeOperation, DocumentChanges, GotoDefinitionResponse, Hover, HoverContents,
    Location, MarkupContent, MarkupKind, OptionalVersionedTextDocumentIdentifier, Position, Range,
    ResourceOp, TextDocumentEdit, TextEdit, Uri, WorkspaceEdit,
};

use crate::config::HoverPicture;
use crate::features::proto_diagnostics::{SpanRanges, fix_title, text_edits, to_lsp};
use crate::features::{hover, locate, picture};
use crate::view::DocView;
use boardls_engine::answers::{self, Expected};
use boardls_engine::coverage::GameCoverage;
use boardls_engine::diagnostics::{Diagnostic, Span};
use boardls_engine::document::Document;
use boardls_engine::games::GameKind;
use boardls_engine::i18n::message;
use boardls_engine::i18n::{Locale, Message};
use boardls_engine::project;

/// What an open side file is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SideKind {
    /// An answer file and its input.
    Answer { input: PathBuf, kind: GameKind },
    /// An answer file with no input beside it, in a project.
    Orphan { names: Vec<String> },
    /// A `boardls.toml`.
    Project,
}

/// The engine's findings in a side document whose text is `text`;
/// `expected` gives the judge's output for an answer's input.
pub fn side_findings(
    side: &SideKind,
    text: &str,
    expected: impl FnOnce(&Path, GameKind) -> std::sync::Arc<Expected>,
) -> Vec<Diagnostic> {
    match side {
        SideKind::Project => project::read(text).err().unwrap_or_default(),
        SideKind::Orphan { names } => vec![answers::no_input(names)],
        SideKind::Answer { input, kind } => {
            let path: std::sync::Arc<Path> = std::sync::Arc::from(input.as_path());
            answers::compare(&expected(input, *kind), text, Some(&path))
        }
    }
}

fn overlaps(a: Range, b: Range) -> bool {
    a.start <= b.end && b.start <= a.end
}

/// Quick fixes of a side document's `findings` that touch `range`: the
/// judge's answers, the renumbering.
pub fn side_code_actions(
    uri: &Uri,
    ranges: &impl SpanRanges,
    findings: &[Diagnostic],
    range: Range,
    locale: Locale,
) -> Vec<CodeActionOrCommand> {
    let mut actions = Vec::new();
    for d in findings {
        let Some(fix) = &d.fix else { continue };
        let diagnostic = to_lsp(uri, ranges, d, locale);
        if !overlaps(diagnostic.range, range) {
            continue;
        }
        let edits = text_edits(ranges, fix);
        actions.push(CodeActionOrCommand::CodeAction(CodeAction {
            title: fix_title(d, fix, locale),
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
    actions
}

/// "Write the judge's answers": a new file `target` holding `text`.
pub fn write_answers_action(text: String, target: Uri, locale: Locale) -> CodeActionOrCommand {
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
    CodeActionOrCommand::CodeAction(CodeAction {
        title: boardls_engine::i18n::message!("action-write-answers").word(locale),
        kind: Some(CodeActionKind::QUICKFIX),
        edit: Some(WorkspaceEdit {
            document_changes: Some(DocumentChanges::Operations(operations)),
            ..WorkspaceEdit::default()
        }),
        ..CodeAction::default()
    })
}

/// Code lenses of an open input: the file's coverage of the judge's
/// situations at its top, then `cases` (each case's answer, when it has an
/// answer file). Judge inputs hold at most 1,000 cases; a larger file gets
/// none, so a big document's typing never waits for them.
pub fn input_lenses(
    doc: &Document,
    locale: Locale,
    cases: impl FnOnce() -> Vec<CodeLens>,
) -> Vec<CodeLens> {
    if doc.position_count() > hover::MAX_COVERAGE_POSITIONS {
        return Vec::new();
    }
    let coverage = GameCoverage::of_file(doc.kind(), doc.positions_with_lines());
    let top = Position::new(0, 0);
    let mut lenses = vec![CodeLens {
        range: Range::new(top, top),
        command: Some(Command::new(
            coverage.summary_line(locale),
            String::new(),
            None,
        )),
        data: None,
    }];
    lenses.extend(cases());
    lenses
}

/// One code lens per position of an input whose answer file reads
/// `text`: the answer's line for the case, checked (`answer ✓ Case #3: O
/// won`), or what is wrong with it (`answer ✗ Case #3: the judge says …`).
pub fn case_lenses(expected: &Expected, text: &str, locale: Locale) -> Vec<CodeLens> {
    let mut wrong: Vec<Option<Message>> = vec![None; expected.cases.len()];
    for finding in answers::compare(expected, text, None) {
        let case = expected.case_of_line(finding.span.line);
        if let Some(slot) = case.and_then(|case| wrong.get_mut(case)) {
            slot.get_or_insert(finding.message);
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
                (Some(message), _) => message!("lens-answer-wrong", message = message),
                (None, Some(line)) if expected.kind != GameKind::Uttt => {
                    message!("lens-answer-right", line = line.trim_end().to_owned())
                }
                (None, Some(_)) => message!("lens-answer-right-case", case = case + 1),
                (None, None) => message!("lens-answer-missing", case = case + 1),
            }
            .word(locale);
            let at = Position::new(expected_case.input_span.line, 0);
            CodeLens {
                range: Range::new(at, at),
                command: Some(Command::new(title, String::new(), None)),
                data: None,
            }
        })
        .collect()
}

/// The line of case `case` in its answer file `answer_uri` (text `text`).
pub fn case_reference(expected: &Expected, case: usize, answer_uri: Uri, text: &str) -> Location {
    let line = expected.line_of_case(case);
    let width = text
        .lines()
        .nth(line as usize)
        .map_or(0, |l| l.trim_end().chars().count());
    Location::new(
        answer_uri,
        Range::new(
            Position::new(line, 0),
            Position::new(line, boardls_engine::text::to_u32(width)),
        ),
    )
}

/// Hover on an answer line of case `case`: the judge's verdict, then
/// `drawing` (the picture of its position in the input, [`case_picture`]).
pub fn case_hover(
    expected: &Expected,
    case: usize,
    drawing: Option<String>,
    locale: Locale,
) -> Option<Hover> {
    let output = expected.cases.get(case)?.output.as_ref()?;
    let mut value = match expected.kind {
        GameKind::Uttt => format!(
            "{}\n\n```text\n{}\n```",
            message!("hover-answer-board", case = case + 1).word(locale),
            output.join("\n")
        ),
        GameKind::Go9 | GameKind::Tomek => message!(
            "hover-answer-line",
            case = case + 1,
            line = output.first().cloned().unwrap_or_default()
        )
        .word(locale),
    };
    if let Some(drawing) = drawing {
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

/// The picture of case `case` of the input `view`, as a hover in the
/// input draws it.
pub fn case_picture(view: &DocView<'_>, case: usize, setting: HoverPicture) -> Option<String> {
    let located = locate::position(view, case)?;
    picture::markdown(&located, None, setting, &view.caps)
}

/// Definition on an answer line of case `case`: its position in `input`.
pub fn case_definition(
    expected: &Expected,
    case: usize,
    input: Uri,
) -> Option<GotoDefinitionResponse> {
    let span: Span = expected.cases.get(case)?.input_span;
    let range = Range::new(
        Position::new(span.line, span.start),
        Position::new(span.line, span.end),
    );
    Some(GotoDefinitionResponse::Scalar(Location::new(input, range)))
}
