//! Answer files and project files checked, open or closed, and published
//! when what they depend on changes: an edit of their own text, of their
//! input, or a board file opened or closed (which may pair them anew).

use std::ops::RangeInclusive;
use std::path::Path;
use std::sync::Arc;

use boardls_engine::diagnostics::Diagnostic;
use boardls_engine::games::GameKind;
use ls_types::{self as lsp, Uri};
use ropey::Rope;

use super::pairing::{expected, side_of};
use crate::features::answers::{SideKind, side_findings};
use crate::features::proto_diagnostics::to_lsp;
use crate::kept::answer::{AnswerContext, KeptAnswer};
use crate::kept::publish::Listing;
use crate::kept::side::SideDocument;
use crate::session::{ClosedAnswer, Host, Session, State};
use crate::uri::{path_of, with_path};

/// The engine's findings in the side document `uri`.
pub fn findings<H: Host>(
    session: &Session<H>,
    state: &State<H::Data>,
    uri: &Uri,
    doc: &SideDocument,
) -> Vec<Diagnostic> {
    let Some(side) = &doc.side else {
        return Vec::new();
    };
    if let Some(kept) = &doc.answer {
        return kept.findings();
    }
    let text = doc.rope.to_string();
    side_findings(side, &text, |input, kind| {
        expected(session, state, uri, input, kind)
    })
}

/// A side document's diagnostics as the settings show them; `None` when
/// `uri` is not one of boardls's side documents.
pub fn side_diagnostics<H: Host>(
    session: &Session<H>,
    state: &State<H::Data>,
    uri: &Uri,
) -> Option<Vec<lsp::Diagnostic>> {
    let doc = state.side_docs.get(uri).filter(|doc| doc.side.is_some())?;
    let items: Vec<lsp::Diagnostic> = match &doc.answer {
        Some(kept) => kept.lsp_diagnostics(),
        None => {
            let ranges = doc.ranges(state.caps.encoding);
            findings(session, state, uri, doc)
                .iter()
                .map(|d| to_lsp(uri, &ranges, d, state.caps.locale))
                .collect()
        }
    };
    Some(session.settings_of(state, uri).diagnostics.apply(items))
}

/// Brings the open answer `uri`'s kept findings up to date with its text
/// (changed on the lines `touched`, if any) and its input's judge output:
/// only the lines of the cases and lines that changed are compared again.
/// True when a finding changed (always at the first check). A side
/// document that is no answer keeps none.
pub fn update_open_answer<H: Host>(
    session: &Session<H>,
    state: &mut State<H::Data>,
    uri: &Uri,
    touched: Option<RangeInclusive<usize>>,
) -> bool {
    let Some(SideKind::Answer { input, kind }) =
        state.side_docs.get(uri).and_then(|doc| doc.side.clone())
    else {
        if let Some(doc) = state.side_docs.get_mut(uri) {
            doc.answer = None;
        }
        return false;
    };
    let expected = expected(session, state, uri, &input, kind);
    let input: Arc<Path> = Arc::from(input.as_path());
    let cx = AnswerContext {
        uri,
        input: &input,
        encoding: state.caps.encoding,
        locale: state.caps.locale,
    };
    let Some(doc) = state.side_docs.get_mut(uri) else {
        return false;
    };
    match (&mut doc.answer, touched) {
        (Some(kept), touched) => {
            // The input's changes first: the text's are compared with
            // the input as it is now.
            let judged = kept.input_changed(&expected, &doc.rope, &cx);
            let edited = touched.is_some_and(|lines| {
                kept.text_changed(&expected, &doc.rope, *lines.start(), *lines.end(), &cx)
            });
            judged || edited
        }
        (None, _) => {
            doc.answer = Some(KeptAnswer::new(&expected, &doc.rope, &cx));
            true
        }
    }
}

/// Publishes a side document's diagnostics (push clients; a pull client
/// asks for them, see [`side_diagnostics`]).
pub fn publish<H: Host>(session: &Session<H>, state: &State<H::Data>, uri: &Uri) {
    if state.caps.pull_diagnostics {
        return;
    }
    let Some(doc) = state.side_docs.get(uri).filter(|doc| doc.side.is_some()) else {
        return;
    };
    let listing = match &doc.answer {
        Some(kept) => kept.listing(session.settings_of(state, uri).diagnostics),
        None => match side_diagnostics(session, state, uri) {
            Some(items) => Listing::Items(items),
            None => return,
        },
    };
    session
        .host
        .publish(uri.clone(), Some(doc.version), listing);
}

/// Clears what a document showed.
fn clear<H: Host>(session: &Session<H>, state: &State<H::Data>, uri: &Uri) {
    session.publish_unopened(state, uri.clone(), Vec::new());
}

/// After an open, a close, or an edit of a project file: each open side
/// document is paired again, and one whose kind changed, or that answers
/// `changed` (an input opened or closed), is published (cleared when it is
/// no longer boardls's).
pub fn repair_sides<H: Host>(
    session: &Session<H>,
    state: &mut State<H::Data>,
    changed: Option<&Path>,
) {
    let mut uris: Vec<Uri> = state.side_docs.keys().cloned().collect();
    uris.sort_by(|a, b| a.as_str().cmp(b.as_str()));
    let mut answers_changed = false;
    for uri in uris {
        let side = side_of(session, state, &uri);
        let Some(doc) = state.side_docs.get_mut(&uri) else {
            continue;
        };
        let answers = matches!(
            (&side, changed),
            (Some(SideKind::Answer { input, .. }), Some(changed)) if input == changed
        );
        let was = std::mem::replace(&mut doc.side, side);
        let now = doc.side.clone();
        if was != now {
            doc.answer = None;
        }
        match (&was, &now) {
            (Some(_), None) => clear(session, state, &uri),
            (_, Some(_)) if was != now || answers => {
                let changed = update_open_answer(session, state, &uri, None);
                answers_changed |= answers && changed;
                if was != now || changed {
                    publish(session, state, &uri);
                }
            }
            _ => {}
        }
    }
    if answers_changed {
        session.host.refresh_pull(&state.caps);
    }
}

/// After an edit of the board file `input`: its answers are checked
/// again, open and closed, by the cases the edit re-judged, and published
/// when their findings changed.
pub fn input_changed<H: Host>(session: &Session<H>, state: &mut State<H::Data>, input: &Uri) {
    let Some(path) = state.docs.get(input).map(|open| open.path.clone()) else {
        return;
    };
    let mut changed = recheck_answers_of(session, state, &path);
    let mut answers: Vec<Uri> = state
        .side_docs
        .iter()
        .filter(
            |(_, doc)| matches!(&doc.side, Some(SideKind::Answer { input, .. }) if *input == path),
        )
        .map(|(uri, _)| uri.clone())
        .collect();
    answers.sort_by(|a, b| a.as_str().cmp(b.as_str()));
    answers.retain(|uri| update_open_answer(session, state, uri, None));
    changed |= !answers.is_empty();
    if changed {
        // The answers' diagnostics changed with a file the client does
        // not link them to: a pull client is asked to pull again.
        session.host.refresh_pull(&state.caps);
    }
    for uri in answers {
        publish(session, state, &uri);
    }
}

/// Checks the closed answer `answer` of `input` (read through the host)
/// and publishes its findings when they changed (push clients; a pull
/// client finds them in its workspace report). While its text is the
/// same, only the lines of the cases its input's edit re-judged are
/// compared again. An open answer is left to its document. True when its
/// findings changed.
pub fn check_closed<H: Host>(
    session: &Session<H>,
    state: &mut State<H::Data>,
    answer: &Uri,
    input: &Path,
    kind: GameKind,
) -> bool {
    if state.side_docs.contains_key(answer) {
        return false;
    }
    let Some(text) = state.vfs.text(session.host.files(), answer) else {
        // Gone since it was named (a poll or a watcher racing the delete).
        forget(session, state, answer);
        return true;
    };
    let Some(input_uri) = with_path(answer, input) else {
        return false;
    };
    let expected = expected(session, state, answer, input, kind);
    let path: Arc<Path> = Arc::from(input);
    let cx = AnswerContext {
        uri: answer,
        input: &path,
        encoding: state.caps.encoding,
        locale: state.caps.locale,
    };
    let kept = state
        .closed_answers
        .remove(answer)
        .filter(|closed| Arc::ptr_eq(&closed.text, &text) && closed.kind == kind);
    let (closed, changed) = match kept {
        Some(mut closed) => {
            let changed = closed.kept.input_changed(&expected, &closed.rope, &cx);
            closed.input = input_uri;
            (closed, changed)
        }
        None => {
            let rope = Rope::from_str(&text);
            let kept = KeptAnswer::new(&expected, &rope, &cx);
            let closed = ClosedAnswer {
                input: input_uri,
                kind,
                text,
                rope,
                kept,
                result_id: String::new(),
            };
            (closed, true)
        }
    };
    let mut closed = closed;
    if changed {
        closed.result_id = format!("answer-{}", state.generation());
        session.publish_unopened_answer(state, answer.clone(), &closed.kept);
    }
    state.closed_answers.insert(answer.clone(), closed);
    changed
}

/// A file changed on disk (or was closed in the editor): the answers it
/// touches are checked again. `uri` may be an answer (its own findings)
/// or an input (its answers'). True when `uri` was an answer of the
/// workspace.
pub fn file_changed<H: Host>(session: &Session<H>, state: &mut State<H::Data>, uri: &Uri) -> bool {
    if !state.settings.scan || !state.in_folders(uri) {
        return false;
    }
    let path = path_of(uri);
    let project = session.project_of(state, uri);
    let files = session.host.files();
    let folder = crate::uri::folder_of(uri);
    let present = |candidate: &Path| {
        let name = candidate.file_name().and_then(|n| n.to_str());
        match (&folder, name) {
            (Some(folder), Some(name)) => state.vfs.has(files, folder, name),
            _ => false,
        }
    };
    let listed = |at: &Path| -> Vec<std::path::PathBuf> {
        let Some(folder) = &folder else {
            return Vec::new();
        };
        state
            .vfs
            .listing(files, folder)
            .iter()
            .map(|name| at.join(name))
            .collect()
    };
    if let Some((input, kind)) = project.input_among(&path, present, listed) {
        // Changed on disk: read again, checked whole.
        state.closed_answers.remove(uri);
        check_closed(session, state, uri, &input, kind);
        return true;
    }
    recheck_answers_of(session, state, &path);
    false
}

/// The board file at `input` changed (on disk, or its open document): its
/// closed answers are checked again. Without any, it costs a look at them.
/// True when one's findings changed.
pub fn recheck_answers_of<H: Host>(
    session: &Session<H>,
    state: &mut State<H::Data>,
    input: &Path,
) -> bool {
    let mut answers: Vec<(Uri, GameKind)> = state
        .closed_answers
        .iter()
        .filter(|(_, answer)| path_of(&answer.input) == input)
        .map(|(uri, answer)| (uri.clone(), answer.kind))
        .collect();
    answers.sort_by(|a, b| a.0.as_str().cmp(b.0.as_str()));
    let mut changed = false;
    for (answer, kind) in answers {
        changed |= check_closed(session, state, &answer, input, kind);
    }
    changed
}

/// An answer file (or a folder) was deleted: its findings go.
pub fn forget<H: Host>(session: &Session<H>, state: &mut State<H::Data>, uri: &Uri) {
    let gone_path = path_of(uri);
    let mut gone: Vec<Uri> = state
        .closed_answers
        .keys()
        .filter(|answer| path_of(answer).starts_with(&gone_path))
        .cloned()
        .collect();
    gone.sort_by(|a, b| a.as_str().cmp(b.as_str()));
    for answer in gone {
        if state.closed_answers.remove(&answer).is_some() {
            clear(session, state, &answer);
        }
    }
}
