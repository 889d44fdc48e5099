//! Answer files and `boardls.toml` in the editor. Opening one keeps it as
//! a side document; every edit of it, or of the input it answers, checks
//! it again and publishes its diagnostics. Code actions carry the judge's
//! answers, hover says the judge's verdict, and definition on `Case #k`
//! goes to the position in the input.

use std::path::Path;

use tower_lsp_server::ls_types::{
    self as lsp, CodeActionOrCommand, CodeActionParams, CodeLens, GotoDefinitionResponse, Hover,
    Location, Position, Uri,
};

use crate::state::session::{Session, State};
pub use crate::workspace::answer_files::project_of;
use crate::workspace::answer_files::{self, disk_text, expected, expected_of};
use boardls_engine::answers::Expected;
use boardls_engine::diagnostics::Diagnostic;
use boardls_engine::document::Document;
use boardls_engine::games::GameKind;
use boardls_engine::project::{FILE_NAME, Project};
use boardls_fs::project::PairOnDisk as _;
use boardls_ide::encoding::position_to_line_byte;
use boardls_ide::features::answers as features;
use boardls_ide::features::answers::SideKind;
use boardls_ide::features::hover;
use boardls_ide::features::proto_diagnostics::to_lsp;
use boardls_ide::kept::side::SideDocument;
use boardls_ide::view::DocView;

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
    features::side_findings(&doc.side, &text, |input, kind| expected(state, input, kind))
}

/// A side document's diagnostics as the settings show them; `None` when
/// `uri` is not a side document.
pub fn side_diagnostics(state: &State, uri: &Uri) -> Option<Vec<lsp::Diagnostic>> {
    let doc = state.side_docs.get(uri)?;
    let ranges = doc.ranges(state.caps.encoding);
    let items: Vec<lsp::Diagnostic> = findings(state, doc)
        .iter()
        .map(|d| to_lsp(uri, &ranges, d, state.caps.locale))
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
    let Some(path) = boardls_ide::uri::to_path(input) else {
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
        crate::workspace::tasks::refresh_pull_with(session, &state.caps);
    }
    for uri in answers {
        publish(session, state, &uri);
    }
}

/// Quick fixes of a side document: the judge's answers, the renumbering.
pub fn code_actions(
    state: &State,
    uri: &Uri,
    params: &CodeActionParams,
) -> Option<Vec<CodeActionOrCommand>> {
    let doc = state.side_docs.get(uri)?;
    let ranges = doc.ranges(state.caps.encoding);
    let found = findings(state, doc);
    Some(features::side_code_actions(
        uri,
        &ranges,
        &found,
        params.range,
        state.caps.locale,
    ))
}

/// "Write the judge's answers" on a board file with no answer file: a new
/// file, as `solve` prints it.
pub fn write_answers_action(state: &State, uri: &Uri) -> Option<CodeActionOrCommand> {
    let path = boardls_ide::uri::to_path(uri)?;
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
    let target = boardls_ide::uri::from_path(&target)?;
    Some(features::write_answers_action(
        text,
        target,
        state.caps.locale,
    ))
}

/// The answer file of the open board file `uri`, and its text: the open
/// answer document's, else the file's on disk.
fn answer_of_input(state: &State, uri: &Uri) -> Option<(Uri, String)> {
    let path = boardls_ide::uri::to_path(uri)?;
    let open = state.side_docs.iter().find(
        |(_, doc)| matches!(&doc.side, SideKind::Answer { input, .. } if input.as_path() == &*path),
    );
    if let Some((answer_uri, doc)) = open {
        return Some((answer_uri.clone(), doc.rope.to_string()));
    }
    let answer = project_of(&path).answer_of(&path)?;
    Some((boardls_ide::uri::from_path(&answer)?, disk_text(&answer)))
}

/// One code lens per position of an open input with an answer file
/// (`features::answers::case_lenses`).
pub fn case_lenses(state: &State, uri: &Uri) -> Vec<CodeLens> {
    let (Some(open), Some((_, text))) = (state.docs.get(uri), answer_of_input(state, uri)) else {
        return Vec::new();
    };
    features::case_lenses(&expected_of(open), &text, state.caps.locale)
}

/// References from a position of an open input: its case's line in the
/// answer file.
pub fn references(state: &State, uri: &Uri, position: Position) -> Option<Vec<Location>> {
    let open = state.docs.get(uri)?;
    let case = open.doc.position_at_line(position.line)?;
    let (answer_uri, text) = answer_of_input(state, uri)?;
    let expected = expected_of(open);
    Some(vec![features::case_reference(
        &expected, case, answer_uri, &text,
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
/// Outside English, the diagnostics under the cursor follow, each after
/// its code, as in a board file's hover; on a line of no case (a stray
/// line), they alone.
pub fn hover(state: &State, uri: &Uri, position: Position) -> Option<Hover> {
    let doc = state.side_docs.get(uri)?;
    let locale = state.caps.locale;
    let mut coded = String::new();
    let (line, byte) = position_to_line_byte(&doc.rope, position, state.caps.encoding);
    hover::write_coded(&findings(state, doc), line, byte, locale, &mut coded);
    let verdict = case_at(state, uri, position.line).and_then(|(expected, case, input)| {
        let drawing = input_picture(state, &input, expected.kind, case);
        features::case_hover(&expected, case, drawing, locale)
    });
    match verdict {
        Some(mut hover) => {
            if let lsp::HoverContents::Markup(content) = &mut hover.contents {
                content.value.push_str(&coded);
            }
            Some(hover)
        }
        None => (!coded.is_empty()).then(|| hover::markdown(coded.trim_start().to_owned(), None)),
    }
}

/// The picture of case `case` of `input`: from its open document, else
/// read from disk.
fn input_picture(state: &State, input: &Path, kind: GameKind, case: usize) -> Option<String> {
    let input_uri = boardls_ide::uri::from_path(input)?;
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
    let picture_setting = state.settings_of(&input_uri).hover.picture;
    features::case_picture(&view, case, picture_setting)
}

/// Definition on an answer line: the case's position in the input.
pub fn definition(state: &State, uri: &Uri, position: Position) -> Option<GotoDefinitionResponse> {
    let (expected, case, input) = case_at(state, uri, position.line)?;
    features::case_definition(&expected, case, boardls_ide::uri::from_path(&input)?)
}
