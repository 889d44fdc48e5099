//! `didOpen`, `didChange`, `didClose`: the open documents' text.
//!
//! The dispatcher hands these over one at a time, in the order the client
//! sent them, and each is applied completely before the next message is
//! read: edits are in order by construction, not by timing.

use tower_lsp_server::ls_types::{
    DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams, MessageType,
};

use crate::handlers::answers;
use crate::state::session::{OpenDocument, Session};
use crate::workspace::reconfigure as workspace_settings;
use crate::workspace::{answer_files, tasks};
use boardls_engine::document::Document;
use boardls_ide::features::answers::SideKind;
use boardls_ide::kept::side::SideDocument;
use boardls_ide::view::kind_of;

pub fn did_open(session: &Session, params: DidOpenTextDocumentParams) {
    let item = params.text_document;
    let path = boardls_ide::uri::to_path(&item.uri);
    let project = path.as_deref().map(answers::project_of);
    let mapped = || project.as_ref()?.mapped_game(path.as_deref()?);
    if let Some(path) = path.as_deref() {
        workspace_settings::read_nested(&mut session.lock(), path);
    }
    let Some(kind) = kind_of(&item.language_id, &item.uri).or_else(mapped) else {
        // An answer file or a project file is checked; anything else is
        // not ours, and costs nothing (not even a line in the log).
        let side = path.as_deref().zip(project.as_ref());
        if let Some(side) = side.and_then(|(path, project)| answers::side_of(path, project)) {
            let mut state = session.lock();
            state.side_docs.insert(
                item.uri.clone(),
                SideDocument {
                    rope: ropey::Rope::from_str(&item.text),
                    version: item.version,
                    side,
                },
            );
            answers::publish(session, &state, &item.uri);
        }
        return;
    };
    let mut doc = Document::new(kind, &item.text);
    if let (Some(project), Some(path)) = (&project, path.as_deref()) {
        doc.set_validation(project.validation_of(path, None));
    }
    let mut state = session.lock();
    let generation = state.generation();
    state.docs.insert(
        item.uri.clone(),
        OpenDocument::new(doc, item.version, generation),
    );
    session.publish_open(&mut state, &item.uri);
    answers::input_changed(session, &mut state, &item.uri);
}

pub fn did_change(session: &Session, params: DidChangeTextDocumentParams) {
    let uri = params.text_document.uri;
    let mut state = session.lock();
    let encoding = state.caps.encoding;
    let generation = state.generation();
    if let Some(side) = state.side_docs.get_mut(&uri) {
        side.version = params.text_document.version;
        side.apply(&params.content_changes, encoding);
        let project = (side.side == SideKind::Project).then(|| side.rope.to_string());
        answers::publish(session, &state, &uri);
        drop(state);
        if let (Some(text), Some(path)) = (project, boardls_ide::uri::to_path(&uri)) {
            workspace_settings::project_changed(session, &path, Some(&text));
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
    answers::input_changed(session, &mut state, &uri);
}

pub fn did_close(session: &Session, params: DidCloseTextDocumentParams) {
    let uri = params.text_document.uri;
    let mut state = session.lock();
    if state.side_docs.remove(&uri).is_some() {
        // A workspace answer file is checked from disk again; anything
        // else is cleared.
        let checked = boardls_ide::uri::to_path(&uri)
            .is_some_and(|path| answer_files::file_changed(session, &mut state, &path));
        if !checked {
            session.publish_unopened(&state, uri, Vec::new());
        }
        return;
    }
    if state.docs.remove(&uri).is_none() {
        return;
    }
    // Its open answers now answer for the input on disk.
    answers::input_changed(session, &mut state, &uri);
    // A workspace file is published from disk again.
    if tasks::reread_closed(session, &mut state, &uri) {
        return;
    }
    // Not kept once closed: clear what the editor shows.
    session.publish_unopened(&state, uri, Vec::new());
}
