//! Requests about an open document: hover, inlay hints, semantic tokens of
//! a range, code actions, code lenses, definition, references, formatting
//! (those that read the whole document are in [`whole`](super::whole)).
//! Each reads the document as every earlier message left it; a document
//! that is not open gets the empty answer.

use ls_types::{
    CodeActionParams, CodeActionResponse, CodeLens, CodeLensParams, DocumentFormattingParams,
    GotoDefinitionParams, GotoDefinitionResponse, Hover, HoverParams, InlayHint, InlayHintParams,
    Location, MessageType, ReferenceParams, SemanticTokensRangeParams, SemanticTokensRangeResult,
    TextEdit, Uri,
};

use crate::answers::requests as answers;
use crate::features::answers::input_lenses;
use crate::features::{actions, format_edits, hints, hover, tokens};
use crate::session::{Host, Session};
use crate::view::DocView;

/// `body` on the document's view, or the empty answer when it is not open.
fn with_view<H: Host, T: Default>(
    session: &Session<H>,
    uri: &Uri,
    body: impl FnOnce(&DocView<'_>) -> T,
) -> T {
    let mut state = session.lock();
    state.view(uri).map(|view| body(&view)).unwrap_or_default()
}

pub fn hover<H: Host>(session: &Session<H>, params: HoverParams) -> Option<Hover> {
    let at = params.text_document_position_params;
    let uri = &at.text_document.uri;
    let picture = {
        let state = session.lock();
        if state.side_docs.contains_key(uri) {
            return answers::hover(session, &state, uri, at.position);
        }
        session.settings_of(&state, uri).hover.picture
    };
    with_view(session, uri, |view| {
        hover::hover_with(view, at.position, picture)
    })
}

/// Code lenses of an open input: the file's coverage of the judge's
/// situations at its top, and each case's answer when it has an answer
/// file. Judge inputs hold at most 1,000 cases; a larger file gets none,
/// so a big document's typing never waits for them.
pub fn code_lens<H: Host>(session: &Session<H>, params: CodeLensParams) -> Option<Vec<CodeLens>> {
    let state = session.lock();
    let uri = &params.text_document.uri;
    let open = state.docs.get(uri)?;
    Some(input_lenses(&open.doc, state.caps.locale, || {
        answers::case_lenses(session, &state, uri)
    }))
}

/// References from an input's position: its answer's line.
pub fn references<H: Host>(session: &Session<H>, params: ReferenceParams) -> Option<Vec<Location>> {
    let at = params.text_document_position;
    answers::references(session, &session.lock(), &at.text_document.uri, at.position)
}

pub fn inlay_hint<H: Host>(
    session: &Session<H>,
    params: InlayHintParams,
) -> Option<Vec<InlayHint>> {
    let wanted = {
        let state = session.lock();
        session.settings_of(&state, &params.text_document.uri).hints
    };
    if !wanted.enable {
        return Some(Vec::new());
    }
    with_view(session, &params.text_document.uri, |view| {
        Some(hints::inlay_hints_with(view, params.range, &wanted))
    })
}

pub fn semantic_tokens_range<H: Host>(
    session: &Session<H>,
    params: SemanticTokensRangeParams,
) -> Option<SemanticTokensRangeResult> {
    with_view(session, &params.text_document.uri, |view| {
        Some(tokens::range(view, params.range).into())
    })
}

pub fn code_action<H: Host>(
    session: &Session<H>,
    params: CodeActionParams,
) -> Option<CodeActionResponse> {
    let uri = &params.text_document.uri;
    {
        let state = session.lock();
        if state.side_docs.contains_key(uri) {
            return answers::code_actions(session, &state, uri, params.range);
        }
    }
    let mut found = with_view(session, uri, |view| {
        Some(actions::code_actions(view, &params))
    })?;
    found.extend(answers::write_answers_action(session, &session.lock(), uri));
    Some(found)
}

/// Definition on an answer file's `Case #k`: the position in the input.
pub fn definition<H: Host>(
    session: &Session<H>,
    params: GotoDefinitionParams,
) -> Option<GotoDefinitionResponse> {
    let at = params.text_document_position_params;
    answers::definition(session, &session.lock(), &at.text_document.uri, at.position)
}

/// The formatting edits; a document the formatter leaves as it is (an
/// error it cannot fix with certainty) gets none, and the user a message
/// saying which error.
pub fn formatting<H: Host>(
    session: &Session<H>,
    params: DocumentFormattingParams,
) -> Option<Vec<TextEdit>> {
    let uri = &params.text_document.uri;
    let (answer, locale) = {
        let mut state = session.lock();
        let path = state.docs.get(uri)?.path.clone();
        // A file mapped by boardls.toml is a judge's: its layout is its own.
        let judge = session.project_of(&state, uri).mapped_game(&path).is_some();
        let locale = state.caps.locale;
        (format_edits::formatting(&state.view(uri)?, judge), locale)
    };
    match answer {
        Ok(edits) => Some(edits),
        Err(why) => {
            session.log(MessageType::WARNING, why.english());
            session.host.show(MessageType::WARNING, why.word(locale));
            Some(Vec::new())
        }
    }
}

/// `boardls/verdicts`: the judge's output of an open board file.
pub fn verdicts<H: Host>(session: &Session<H>, uri: &Uri) -> Option<serde_json::Value> {
    answers::verdicts(&session.lock(), uri)
}
