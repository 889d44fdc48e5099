//! `didOpen`, `didChange`, `didClose`: the open documents' text.
//!
//! The host hands these over one at a time, in the order the client sent
//! them, and each is applied completely before the next message is read:
//! edits are in order by construction, not by timing.

use boardls_engine::document::Document;
use ls_types::{
    DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams, MessageType,
};
use ropey::Rope;

use crate::answers::checks::{self, input_changed, repair_sides};
use crate::answers::pairing::side_of;
use crate::features::answers::SideKind;
use crate::kept::side::SideDocument;
use crate::session::{Host, OpenDocument, Session};
use crate::uri::path_of;
use crate::view::kind_of;

pub fn did_open<H: Host>(session: &Session<H>, params: DidOpenTextDocumentParams) {
    let item = params.text_document;
    let mut state = session.lock();
    // What the user may have changed beside it since it was last read
    // (watched or not): its folder's kept files are read again.
    read_around(session, &state, &item.uri);
    session.read_nested(&mut state, &item.uri);
    let project = session.project_of(&state, &item.uri);
    let path = path_of(&item.uri);
    let kind = kind_of(&item.language_id, &item.uri).or_else(|| project.mapped_game(&path));
    let Some(kind) = kind else {
        // Any other document is kept as text: an answer file or a project
        // file is checked; anything else costs its text, and may become
        // an answer file when its input opens.
        let side = side_of(session, &state, &item.uri);
        let ours = side.is_some();
        state.side_docs.insert(
            item.uri.clone(),
            SideDocument {
                rope: Rope::from_str(&item.text),
                version: item.version,
                side,
                answer: None,
            },
        );
        if ours {
            checks::update_open_answer(session, &mut state, &item.uri, None);
            checks::publish(session, &state, &item.uri);
        }
        return;
    };
    let mut doc = Document::new(kind, &item.text);
    doc.set_validation(project.validation_of(&path, None));
    let generation = state.generation();
    state.docs.insert(
        item.uri.clone(),
        OpenDocument::new(doc, &item.uri, item.version, generation),
    );
    session.publish_open(&mut state, &item.uri);
    checks::recheck_answers_of(session, &mut state, &path);
    repair_sides(session, &mut state, Some(&path));
}

/// The files kept of `uri`'s folder are read again, but on a keystroke:
/// an open or a close is when a file nobody reported (above the watched
/// folders, or with the scan off) is seen again.
fn read_around<H: Host>(
    session: &Session<H>,
    state: &crate::session::State<H::Data>,
    uri: &ls_types::Uri,
) {
    if let Some(folder) = crate::uri::folder_of(uri) {
        state.vfs.opened_in(session.host.files(), &folder);
    }
}

pub fn did_change<H: Host>(session: &Session<H>, params: DidChangeTextDocumentParams) {
    let uri = params.text_document.uri;
    let mut state = session.lock();
    let encoding = state.caps.encoding;
    let generation = state.generation();
    if let Some(side) = state.side_docs.get_mut(&uri) {
        side.version = params.text_document.version;
        let touched = side.apply(&params.content_changes, encoding);
        let project = (side.side == Some(SideKind::Project)).then(|| side.rope.to_string());
        // Its own version changed: published whether or not its findings did.
        checks::update_open_answer(session, &mut state, &uri, Some(touched));
        checks::publish(session, &state, &uri);
        drop(state);
        if let Some(text) = project {
            session.project_changed(&uri, Some(&text));
            // A project file's edit may change what every other text is.
            repair_sides(session, &mut session.lock(), None);
        }
        return;
    }
    let Some(open) = state.docs.get_mut(&uri) else {
        drop(state);
        session.log(
            MessageType::WARNING,
            format!("boardls: didChange for {} which is not open", uri.as_str()),
        );
        return;
    };
    // The version and result id first: a panic while the positions are
    // re-read leaves the text edited and the document marked for repair,
    // so whatever answers next answers for this version's text.
    open.version = params.text_document.version;
    open.generation = generation;
    open.apply(&params.content_changes, encoding);
    session.publish_open(&mut state, &uri);
    match state.docs.get_mut(&uri) {
        // A heavy document's publish waits for the turn's end: its
        // answers' check follows it there (publish_waiting below).
        Some(open) if open.publish_waiting => open.answers_waiting = true,
        _ => input_changed(session, &mut state, &uri),
    }
}

/// The host's call for a publish put off to the session's turn without
/// client input ([`Host::publish_later`]): the document's diagnostics,
/// then its answers' when they wait too.
///
/// [`Host::publish_later`]: crate::session::Host::publish_later
pub fn publish_waiting<H: Host>(session: &Session<H>, uri: &ls_types::Uri) {
    session.publish_waiting(uri);
    let mut state = session.lock();
    let answers = state
        .docs
        .get_mut(uri)
        .is_some_and(|open| std::mem::take(&mut open.answers_waiting));
    if answers {
        input_changed(session, &mut state, uri);
    }
}

pub fn did_close<H: Host>(session: &Session<H>, params: DidCloseTextDocumentParams) {
    let uri = params.text_document.uri;
    let mut state = session.lock();
    read_around(session, &state, &uri);
    if let Some(doc) = state.side_docs.remove(&uri) {
        match doc.side {
            Some(SideKind::Project) => {
                drop(state);
                // Its text on disk holds again.
                session.project_changed(&uri, None);
                let mut state = session.lock();
                session.publish_unopened(&state, uri, Vec::new());
                repair_sides(session, &mut state, None);
            }
            // A workspace answer file is checked from its file again;
            // anything else is cleared.
            Some(_) if !checks::file_changed(session, &mut state, &uri) => {
                session.publish_unopened(&state, uri, Vec::new());
            }
            Some(_) | None => {}
        }
        return;
    }
    let Some(open) = state.docs.remove(&uri) else {
        return;
    };
    // Its answers now answer for the input's file, or have none.
    checks::recheck_answers_of(session, &mut state, &open.path);
    repair_sides(session, &mut state, Some(&open.path));
    // The host may publish it from its file again; else it is cleared.
    if !H::board_closed(session, &mut state, &uri) {
        session.publish_unopened(&state, uri, Vec::new());
    }
}
