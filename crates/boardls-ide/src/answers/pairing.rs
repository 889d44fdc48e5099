//! Which file answers which: an answer file's input, an input's answer
//! file, by the project's naming rules, among the open documents and the
//! host's files (both count: an input open but never saved pairs, and so
//! does one on disk that is not open).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use boardls_engine::answers::Expected;
use boardls_engine::games::GameKind;
use boardls_engine::project::FILE_NAME;
use boardls_engine::syntax::parse_file;
use ls_types::Uri;

use crate::features::answers::SideKind;
use crate::session::{Host, OpenDocument, Session, State};
use crate::uri::{child, folder_of, path_of, with_path};

/// What an open document that is not a board file is to boardls.
pub fn side_of<H: Host>(
    session: &Session<H>,
    state: &State<H::Data>,
    uri: &Uri,
) -> Option<SideKind> {
    let path = path_of(uri);
    if path.file_name().is_some_and(|n| n == FILE_NAME) {
        return Some(SideKind::Project);
    }
    let project = session.project_of(state, uri);
    let files = session.host.files();
    let folder = folder_of(uri)?;
    let present = |candidate: &Path| {
        state.open_at(candidate).is_some()
            || candidate
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|name| state.vfs.has(files, &folder, name))
    };
    let listed = |at: &Path| -> Vec<PathBuf> {
        let mut found: Vec<PathBuf> = state
            .docs
            .values()
            .filter(|open| open.path.parent() == Some(at))
            .map(|open| open.path.clone())
            .collect();
        found.extend(
            state
                .vfs
                .listing(files, &folder)
                .iter()
                .map(|name| at.join(name)),
        );
        found.sort();
        found.dedup();
        found
    };
    if let Some((input, kind)) = project.input_among(&path, present, listed) {
        return Some(SideKind::Answer { input, kind });
    }
    (project.root.is_some() && project.is_answer_name(&path)).then(|| SideKind::Orphan {
        names: project.answer_names().to_vec(),
    })
}

/// The answer file of the input `input` (its first name that is open or
/// among the host's files), and its text: the open document's, else the
/// file's.
pub fn answer_of_input<H: Host>(
    session: &Session<H>,
    state: &State<H::Data>,
    input: &Uri,
) -> Option<(Uri, String)> {
    let open = state.docs.get(input)?;
    let answered = |(_, doc): &(&Uri, &crate::kept::side::SideDocument)| matches!(&doc.side, Some(SideKind::Answer { input, .. }) if *input == open.path);
    if let Some((uri, doc)) = state.side_docs.iter().find(answered) {
        return Some((uri.clone(), doc.rope.to_string()));
    }
    let target = answer_target(session, state, input)?;
    let text = state.vfs.text(session.host.files(), &target)?;
    Some((target, text.to_string()))
}

/// The first of the input `input`'s answer names that is a file of the
/// host's (open or not): where its answers are.
fn answer_target<H: Host>(
    session: &Session<H>,
    state: &State<H::Data>,
    input: &Uri,
) -> Option<Uri> {
    let open = state.docs.get(input)?;
    let folder = folder_of(input)?;
    let files = session.host.files();
    session
        .project_of(state, input)
        .answer_paths(&open.path)
        .into_iter()
        .filter_map(|path| Some(path.file_name()?.to_str()?.to_owned()))
        .find(|name| state.vfs.has(files, &folder, name))
        .and_then(|name| child(&folder, &name))
}

/// Whether the input `input` has an answer file, open or among the
/// host's files.
pub fn has_answers<H: Host>(session: &Session<H>, state: &State<H::Data>, input: &Uri) -> bool {
    let Some(open) = state.docs.get(input) else {
        return false;
    };
    let targets = session.project_of(state, input).answer_paths(&open.path);
    let open_answer = state.side_docs.iter().any(|(uri, doc)| {
        doc.side.is_some() && targets.iter().any(|target| *target == path_of(uri))
    });
    open_answer || answer_target(session, state, input).is_some()
}

/// The judge's output for the positions of an open document.
pub fn expected_of(open: &OpenDocument) -> Arc<Expected> {
    Expected::of_shared(
        open.doc.kind(),
        open.doc.shared_positions_with_lines(),
        &open.judged,
    )
}

/// The judge's output for the input at `input` (a path beside `answer`):
/// from its open document's positions, else from its file, read through
/// the host.
pub fn expected<H: Host>(
    session: &Session<H>,
    state: &State<H::Data>,
    answer: &Uri,
    input: &Path,
    kind: GameKind,
) -> Arc<Expected> {
    if let Some((_, open)) = state.open_at(input) {
        return expected_of(open);
    }
    let Some(uri) = with_path(answer, input) else {
        return Arc::new(Expected::of(kind, []));
    };
    let text = state
        .vfs
        .text(session.host.files(), &uri)
        .unwrap_or_else(|| Arc::from(""));
    let mut judged = state
        .judged_inputs
        .0
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((read, expected)) = judged.get(&uri)
        && Arc::ptr_eq(read, &text)
        && expected.kind == kind
    {
        return Arc::clone(expected);
    }
    let parsed = parse_file(kind, &text);
    let expected = Arc::new(Expected::of(
        kind,
        parsed.positions.iter().map(|p| (p.first_line, p)),
    ));
    judged.insert(uri, (text, Arc::clone(&expected)));
    expected
}

/// The URI of the input at `input` (beside `answer`): the open
/// document's, else named beside the answer.
pub fn input_uri<X>(state: &State<X>, answer: &Uri, input: &Path) -> Option<Uri> {
    match state.open_at(input) {
        Some((uri, _)) => Some(uri.clone()),
        None => with_path(answer, input),
    }
}

#[cfg(test)]
mod tests {
    use boardls_engine::document::Document;
    use ls_types::{Position, Range, TextDocumentContentChangeEvent};

    use super::*;
    use crate::encoding::Encoding;

    const SMALL: &str = include_str!("../../../../tests/fixtures/judge/tomek/A-small-practice.in");

    /// An edit re-judges only the positions the document read again: the
    /// edited one, and the next, where the re-reading met the old
    /// positions again.
    #[test]
    fn an_edit_inside_one_position_re_judges_only_what_it_re_read() {
        let uri: Uri = "file:///t/A-small-practice.in".parse().expect("a URI");
        let mut open = OpenDocument::new(Document::new(GameKind::Tomek, SMALL), &uri, 1, 1);
        let cases = open.doc.position_count();
        assert_eq!(expected_of(&open).cases.len(), cases);
        assert_eq!(open.judged.judged(), cases);
        expected_of(&open);
        assert_eq!(
            open.judged.judged(),
            cases,
            "nothing changed: nothing judged"
        );
        // One cell of case 3's first row.
        let row = open.doc.first_line(2).unwrap_or_default();
        let change = TextDocumentContentChangeEvent {
            range: Some(Range::new(Position::new(row, 0), Position::new(row, 1))),
            range_length: None,
            text: "T".to_owned(),
        };
        let before: Vec<_> = open
            .doc
            .shared_positions_with_lines()
            .map(|(_, p)| p.clone())
            .collect();
        open.apply(&[change], Encoding::Utf16);
        let re_read = open
            .doc
            .shared_positions_with_lines()
            .zip(&before)
            .filter(|((_, now), old)| !Arc::ptr_eq(now, old))
            .count();
        assert!((1..=2).contains(&re_read), "{re_read} positions re-read");
        let after = expected_of(&open);
        assert_eq!(open.judged.judged(), cases + re_read);
        let text = open.doc.rope().to_string();
        let parsed = parse_file(GameKind::Tomek, &text);
        let fresh = Expected::of(
            GameKind::Tomek,
            parsed.positions.iter().map(|p| (p.first_line, p)),
        );
        assert_eq!(*after, fresh);
    }
}
