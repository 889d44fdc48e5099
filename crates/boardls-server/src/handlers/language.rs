//! Requests about an open document: hover, inlay hints, semantic tokens of
//! a range, code actions, code lenses, formatting (those that read the
//! whole document are in `read_requests`). Each reads the document as
//! every earlier message left it; a document that is not open gets the
//! empty answer.

use tower_lsp_server::ls_types::{
    CodeActionParams, CodeActionResponse, CodeLens, CodeLensParams, DocumentFormattingParams,
    GotoDefinitionParams, GotoDefinitionResponse, Hover, HoverParams, InlayHint, InlayHintParams,
    Location, MessageType, ReferenceParams, SemanticTokensRangeParams, SemanticTokensRangeResult,
    TextEdit, Uri,
};

use crate::handlers::answers;
use crate::state::session::Session;
use boardls_ide::features::answers as features;
use boardls_ide::features::{actions, format_edits, hints, hover, tokens};
use boardls_ide::view::DocView;

/// `body` on the document's view, or the empty answer when it is not open.
fn with_view<T: Default>(session: &Session, uri: &Uri, body: impl FnOnce(&DocView<'_>) -> T) -> T {
    let mut state = session.lock();
    state.view(uri).map(|view| body(&view)).unwrap_or_default()
}

pub fn hover(session: &Session, params: HoverParams) -> Option<Hover> {
    let at = params.text_document_position_params;
    {
        let state = session.lock();
        if state.side_docs.contains_key(&at.text_document.uri) {
            return answers::hover(&state, &at.text_document.uri, at.position);
        }
    }
    let picture = session
        .lock()
        .settings_of(&at.text_document.uri)
        .hover
        .picture;
    with_view(session, &at.text_document.uri, |view| {
        hover::hover_with(view, at.position, picture)
    })
}

/// Code lenses of an open input: the file's coverage of the judge's
/// situations at its top, and each case's answer when it has an answer
/// file. Judge inputs hold at most 1,000 cases; a larger file gets none,
/// so a big document's typing never waits for them.
pub fn code_lens(session: &Session, params: CodeLensParams) -> Option<Vec<CodeLens>> {
    let state = session.lock();
    let uri = &params.text_document.uri;
    let open = state.docs.get(uri)?;
    Some(features::input_lenses(&open.doc, state.caps.locale, || {
        answers::case_lenses(&state, uri)
    }))
}

/// References from an input's position: its answer's line.
pub fn references(session: &Session, params: ReferenceParams) -> Option<Vec<Location>> {
    let at = params.text_document_position;
    answers::references(&session.lock(), &at.text_document.uri, at.position)
}

pub fn inlay_hint(session: &Session, params: InlayHintParams) -> Option<Vec<InlayHint>> {
    let wanted = session.lock().settings_of(&params.text_document.uri).hints;
    if !wanted.enable {
        return Some(Vec::new());
    }
    with_view(session, &params.text_document.uri, |view| {
        Some(hints::inlay_hints_with(view, params.range, &wanted))
    })
}

pub fn semantic_tokens_range(
    session: &Session,
    params: SemanticTokensRangeParams,
) -> Option<SemanticTokensRangeResult> {
    with_view(session, &params.text_document.uri, |view| {
        Some(tokens::range(view, params.range).into())
    })
}

pub fn code_action(session: &Session, params: CodeActionParams) -> Option<CodeActionResponse> {
    let uri = &params.text_document.uri;
    {
        let state = session.lock();
        if state.side_docs.contains_key(uri) {
            return answers::code_actions(&state, uri, &params);
        }
    }
    let mut found = with_view(session, uri, |view| {
        Some(actions::code_actions(view, &params))
    })?;
    found.extend(answers::write_answers_action(&session.lock(), uri));
    Some(found)
}

/// Definition on an answer file's `Case #k`: the position in the input.
pub fn definition(
    session: &Session,
    params: GotoDefinitionParams,
) -> Option<GotoDefinitionResponse> {
    let at = params.text_document_position_params;
    answers::definition(&session.lock(), &at.text_document.uri, at.position)
}

/// The formatting edits; a document the formatter leaves as it is (an
/// error it cannot fix with certainty) gets none, and the user a message
/// saying which error.
pub fn formatting(session: &Session, params: DocumentFormattingParams) -> Option<Vec<TextEdit>> {
    let uri = &params.text_document.uri;
    let judge = boardls_ide::uri::to_path(uri)
        .is_some_and(|path| answers::project_of(&path).mapped_game(&path).is_some());
    let answer = with_view(session, uri, |view| {
        Some(format_edits::formatting(view, judge))
    })?;
    match answer {
        Ok(edits) => Some(edits),
        Err(why) => {
            session.log(MessageType::WARNING, why.english());
            let shown = why.word(session.caps().locale);
            let client = session.client.clone();
            session.spawn(async move { client.show_message(MessageType::WARNING, shown).await });
            Some(Vec::new())
        }
    }
}
