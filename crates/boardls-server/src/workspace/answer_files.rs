//! Answer files in the workspace: each checked against the judge's output
//! for its input, whether or not it is open. An open answer is checked from
//! its text (`lsp::handlers::answers`); a closed one from disk, by the
//! workspace scan and again whenever it or its input changes, so that a
//! wrong answer shows before anyone opens it. The input is read from its
//! open document when it has one (its positions, which each edit keeps
//! current), else from disk.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use ropey::Rope;
use tower_lsp_server::ls_types as lsp;

use crate::state::answer_doc::ClosedAnswer;
use crate::state::session::{OpenDocument, Session, State};
use boardls_engine::answers::{self, Expected};
use boardls_engine::diagnostics::Diagnostic;
use boardls_engine::games::GameKind;
use boardls_engine::project::Project;
use boardls_engine::syntax::parse_file;
use boardls_fs::project::{self, PairOnDisk as _, Projects};
use boardls_fs::walk::{self, FileRole};
use boardls_ide::features::proto_diagnostics::to_lsp;
use boardls_ide::kept::side::RopeRanges;

/// The project of `path`: its nearest `boardls.toml` if it reads without
/// error, else the defaults.
pub fn project_of(path: &Path) -> Project {
    project::find_project_file(path)
        .and_then(|file| project::load(&file).ok())
        .unwrap_or_default()
}

/// The text of `path` on disk (empty when it cannot be read).
pub fn disk_text(path: &Path) -> String {
    fs::read(path)
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .unwrap_or_default()
}

/// The judge's output for the positions of an open document.
pub fn expected_of(open: &OpenDocument) -> Expected {
    Expected::of_shared(
        open.doc.kind(),
        open.doc.shared_positions_with_lines(),
        &open.judged,
    )
}

/// The judge's output for an answer's input: from its open document's
/// positions, else read from disk.
pub fn expected(state: &State, input: &Path, kind: GameKind) -> Expected {
    if let Some(uri) = boardls_ide::uri::from_path(input)
        && let Some(open) = state.docs.get(&uri)
    {
        return expected_of(open);
    }
    let parsed = parse_file(kind, &disk_text(input));
    Expected::of(kind, parsed.positions.iter().map(|p| (p.first_line, p)))
}

/// The findings of the answer text `text` for `input`.
pub fn findings(state: &State, text: &str, input: &Path, kind: GameKind) -> Vec<Diagnostic> {
    let path: Arc<Path> = Arc::from(input);
    answers::compare(&expected(state, input, kind), text, Some(&path))
}

/// The answer files below `folders` with their inputs (blocking: walks
/// the folders).
pub fn find(folders: &[PathBuf]) -> Vec<(PathBuf, PathBuf, GameKind)> {
    let mut projects = Projects::default();
    let mut found = Vec::new();
    for folder in folders {
        for (path, role) in walk::find_files(folder, true, &mut projects, &mut |_, _| {}) {
            if !matches!(role, FileRole::Answer) {
                continue;
            }
            if let Some((input, kind)) = projects.of(&path).input_of(&path) {
                found.push((path, input, kind));
            }
        }
    }
    found
}

/// Checks the closed answer `path` of `input` from disk and publishes its
/// findings (push clients; a pull client finds them in its workspace
/// report). An open answer is left to its document.
pub fn check_closed(
    session: &Session,
    state: &mut State,
    path: PathBuf,
    input: PathBuf,
    kind: GameKind,
) {
    let Some(uri) = boardls_ide::uri::from_path(&path) else {
        return;
    };
    if state.side_docs.contains_key(&uri) {
        return;
    }
    // Deleted since it was named (a poll or a watcher racing the delete).
    if !path.is_file() {
        return forget(session, state, &path);
    }
    let text = disk_text(&path);
    let rope = Rope::from_str(&text);
    let ranges = RopeRanges {
        rope: &rope,
        enc: state.caps.encoding,
    };
    let diagnostics: Vec<lsp::Diagnostic> = findings(state, &text, &input, kind)
        .iter()
        .map(|d| to_lsp(&uri, &ranges, d, state.caps.locale))
        .collect();
    let result_id = format!("answer-{}", state.generation());
    session.publish_unopened(state, uri.clone(), diagnostics.clone());
    state.closed_answers.insert(
        path,
        ClosedAnswer {
            uri,
            input,
            kind,
            diagnostics,
            result_id,
        },
    );
}

/// A file changed on disk (or was closed in the editor): the answers it
/// touches are checked again. `path` may be an answer (its own findings)
/// or an input (its answers'). True when `path` was an answer.
pub fn file_changed(session: &Session, state: &mut State, path: &Path) -> bool {
    if !state.settings.scan || !state.index.in_folder(path) {
        return false;
    }
    if let Some((input, kind)) = project_of(path).input_of(path) {
        check_closed(session, state, path.to_path_buf(), input, kind);
        return true;
    }
    recheck_answers_of(session, state, path);
    false
}

/// The board file `input` changed (on disk, or its open document): its
/// closed answers are checked again. Without any, it costs a look at them:
/// an edit of an open input calls it at each keystroke.
pub fn recheck_answers_of(session: &Session, state: &mut State, input: &Path) {
    let answers: Vec<(PathBuf, GameKind)> = state
        .closed_answers
        .iter()
        .filter(|(_, answer)| answer.input == input)
        .map(|(path, answer)| (path.clone(), answer.kind))
        .collect();
    for (answer, kind) in answers {
        check_closed(session, state, answer, input.to_path_buf(), kind);
    }
}

/// An answer file was deleted: its findings go.
pub fn forget(session: &Session, state: &mut State, path: &Path) {
    let gone: Vec<PathBuf> = state
        .closed_answers
        .keys()
        .filter(|answer| answer.starts_with(path))
        .cloned()
        .collect();
    for answer in gone {
        if let Some(closed) = state.closed_answers.remove(&answer) {
            session.publish_unopened(state, closed.uri, Vec::new());
        }
    }
}

#[cfg(test)]
mod tests {
    use tower_lsp_server::ls_types::{Position, Range, TextDocumentContentChangeEvent};

    use super::*;
    use boardls_engine::document::Document;
    use boardls_ide::encoding::Encoding;

    const SMALL: &str = include_str!("../../../../tests/fixtures/judge/tomek/A-small-practice.in");

    /// An edit re-judges only the positions the document read again: the
    /// edited one, and the next, where the re-reading met the old
    /// positions again.
    #[test]
    fn an_edit_inside_one_position_re_judges_only_what_it_re_read() {
        let mut open = OpenDocument::new(Document::new(GameKind::Tomek, SMALL), 1, 1);
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
        assert_eq!(after, fresh);
    }
}
