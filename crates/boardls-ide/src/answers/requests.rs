//! Requests about answer files and their inputs: code actions carry the
//! judge's answers, hover says the judge's verdict, definition on
//! `Case #k` goes to the position in the input, references from an
//! input's position to its line in the answer file, code lenses show each
//! case's answer, and `boardls/verdicts` gives the judge's whole output.

use boardls_engine::answers::Expected;
use boardls_engine::document::Document;
use boardls_engine::i18n::message;
use ls_types::{
    self as lsp, CodeActionOrCommand, CodeLens, GotoDefinitionResponse, Hover, Location, Position,
    Uri,
};

use super::checks::findings;
use super::pairing::{answer_of_input, expected, expected_of, has_answers, input_uri};
use crate::encoding::position_to_line_byte;
use crate::features::answers::{self as features, SideKind};
use crate::features::hover;
use crate::session::{Host, Session, State};
use crate::uri::{child, folder_of};
use crate::view::DocView;

/// Quick fixes of a side document: the judge's answers, the renumbering.
pub fn code_actions<H: Host>(
    session: &Session<H>,
    state: &State<H::Data>,
    uri: &Uri,
    range: lsp::Range,
) -> Option<Vec<CodeActionOrCommand>> {
    let doc = state.side_docs.get(uri).filter(|doc| doc.side.is_some())?;
    let ranges = doc.ranges(state.caps.encoding);
    let found = findings(session, state, uri, doc);
    Some(features::side_code_actions(
        uri,
        &ranges,
        &found,
        range,
        state.caps.locale,
    ))
}

/// "Write the judge's answers" on a board file with no answer file: a new
/// file, as `solve` prints it.
pub fn write_answers_action<H: Host>(
    session: &Session<H>,
    state: &State<H::Data>,
    uri: &Uri,
) -> Option<CodeActionOrCommand> {
    let open = state.docs.get(uri)?;
    let project = session.project_of(state, uri);
    // Only inside a problem folder (a `boardls.toml` above the file), where
    // inputs are expected to have answers; elsewhere a board file is not
    // a judge input.
    if project.root.is_none() || has_answers(session, state, uri) {
        return None;
    }
    let text = expected_of(open).output_text()?;
    let target = project.answer_paths(&open.path).into_iter().next()?;
    let target = child(&folder_of(uri)?, target.file_name()?.to_str()?)?;
    Some(features::write_answers_action(
        text,
        target,
        state.caps.locale,
    ))
}

/// One code lens per position of an open input with an answer file
/// (`features::answers::case_lenses`).
pub fn case_lenses<H: Host>(
    session: &Session<H>,
    state: &State<H::Data>,
    uri: &Uri,
) -> Vec<CodeLens> {
    let (Some(open), Some((_, text))) = (state.docs.get(uri), answer_of_input(session, state, uri))
    else {
        return Vec::new();
    };
    features::case_lenses(&expected_of(open), &text, state.caps.locale)
}

/// References from a position of an open input: its case's line in the
/// answer file.
pub fn references<H: Host>(
    session: &Session<H>,
    state: &State<H::Data>,
    uri: &Uri,
    position: Position,
) -> Option<Vec<Location>> {
    let open = state.docs.get(uri)?;
    let case = open.doc.position_at_line(position.line)?;
    let (answer_uri, text) = answer_of_input(session, state, uri)?;
    let expected = expected_of(open);
    Some(vec![features::case_reference(
        &expected, case, answer_uri, &text,
    )])
}

/// The case of an answer line, its answer's expected output and its
/// input's URI.
fn case_at<H: Host>(
    session: &Session<H>,
    state: &State<H::Data>,
    uri: &Uri,
    line: u32,
) -> Option<(std::sync::Arc<Expected>, usize, Uri)> {
    let doc = state.side_docs.get(uri)?;
    let Some(SideKind::Answer { input, kind }) = &doc.side else {
        return None;
    };
    let expected = expected(session, state, uri, input, *kind);
    let case = expected.case_of_line(line)?;
    Some((expected, case, input_uri(state, uri, input)?))
}

/// Hover on an answer line: the judge's verdict for its case, then the
/// picture of its position in the input (as a hover in the input draws it).
/// Outside English, the diagnostics under the cursor follow, each after
/// its code, as in a board file's hover; on a line of no case (a stray
/// line), they alone.
pub fn hover<H: Host>(
    session: &Session<H>,
    state: &State<H::Data>,
    uri: &Uri,
    position: Position,
) -> Option<Hover> {
    let doc = state.side_docs.get(uri)?;
    let locale = state.caps.locale;
    let mut coded = String::new();
    let (line, byte) = position_to_line_byte(&doc.rope, position, state.caps.encoding);
    hover::write_coded(
        &findings(session, state, uri, doc),
        line,
        byte,
        locale,
        &mut coded,
    );
    let verdict =
        case_at(session, state, uri, position.line).and_then(|(expected, case, input)| {
            let drawing = input_picture(session, state, &input, &expected, case);
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

/// The picture of case `case` of the input `input`: from its open
/// document, else read through the host.
fn input_picture<H: Host>(
    session: &Session<H>,
    state: &State<H::Data>,
    input: &Uri,
    expected: &Expected,
    case: usize,
) -> Option<String> {
    let read;
    let doc = match state.docs.get(input) {
        Some(open) => &open.doc,
        None => {
            let text = state
                .vfs
                .text(session.host.files(), input)
                .unwrap_or_default();
            read = Document::new(expected.kind, &text);
            &read
        }
    };
    let view = DocView {
        uri: input,
        doc,
        version: 0,
        caps: state.caps,
    };
    let picture_setting = session.settings_of(state, input).hover.picture;
    features::case_picture(&view, case, picture_setting)
}

/// Definition on an answer line: the case's position in the input.
pub fn definition<H: Host>(
    session: &Session<H>,
    state: &State<H::Data>,
    uri: &Uri,
    position: Position,
) -> Option<GotoDefinitionResponse> {
    let (expected, case, input) = case_at(session, state, uri, position.line)?;
    features::case_definition(&expected, case, input)
}

/// `boardls/verdicts`: the judge's output for an open board file, a case
/// it cannot judge named as such; `null` for any other document.
pub fn verdicts<X>(state: &State<X>, uri: &Uri) -> Option<serde_json::Value> {
    let open = state.docs.get(uri)?;
    let unjudged = message!("answer-unjudged").word(state.caps.locale);
    let lines = expected_of(open).verdict_lines(&unjudged);
    Some(serde_json::json!({ "lines": lines }))
}
