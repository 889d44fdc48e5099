//! Code actions. Each is a `WorkspaceEdit` against the current version
//! (versioned `documentChanges` when the client supports them):
//!
//! - uttt, on the positions in the range: "Mark legal moves with !" (the
//!   board then reads exactly as the judge's output board) and "Clear !
//!   markers";
//! - "Play here" on a legal uttt cell (the chip of the player to move, and
//!   the last-move line rewritten) or on a go9 capture point (x placed,
//!   captured o removed, then any dead x, by `games::go9::play_black`);
//! - quick fixes from the diagnostics' certain fixes, attached to them.

use std::collections::HashMap;

use ls_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, DocumentChanges, OneOf,
    OptionalVersionedTextDocumentIdentifier, Range, TextDocumentEdit, TextEdit, WorkspaceEdit,
};

use super::locate::{self, Located};
use super::proto_diagnostics::{self, text_edits};
use crate::encoding::line_end;
use crate::view::DocView;
use boardls_engine::games::{Cell, go9, uttt};
use boardls_engine::i18n::Message;
use boardls_engine::syntax::JudgedBoard;

/// "Mark legal moves with !".
pub const MARK_LEGAL: Message = boardls_engine::i18n::message!("action-mark-legal");
/// "Clear ! markers".
pub const CLEAR_MARKERS: Message = boardls_engine::i18n::message!("action-clear-markers");

pub fn code_actions(view: &DocView<'_>, params: &CodeActionParams) -> Vec<CodeActionOrCommand> {
    let range = params.range;
    let only = params.context.only.as_deref();
    let allowed = |kind: &CodeActionKind| {
        only.is_none_or(|only| {
            only.iter().any(|o| {
                kind.as_str() == o.as_str()
                    || kind.as_str().starts_with(&format!("{}.", o.as_str()))
            })
        })
    };
    let mut actions = Vec::new();
    if allowed(&CodeActionKind::QUICKFIX) {
        quick_fixes(view, range, &mut actions);
    }
    if allowed(&CodeActionKind::REFACTOR_REWRITE) {
        if let Some(action) = play_here(view, range) {
            actions.push(action);
        }
        uttt_markers(view, range, &mut actions);
    }
    actions
        .into_iter()
        .map(CodeActionOrCommand::CodeAction)
        .collect()
}

fn quick_fixes(view: &DocView<'_>, range: Range, actions: &mut Vec<CodeAction>) {
    // Only the positions on the range's lines: a dense file has thousands
    // of diagnostics, and fixes sit on the few the cursor touches.
    let lines = view
        .doc
        .diagnostics_in_lines(range.start.line, range.end.line.saturating_add(1));
    for d in lines {
        let Some(fix) = &d.fix else {
            continue;
        };
        if d.span.line < range.start.line || d.span.line > range.end.line {
            continue;
        }
        let diagnostic = proto_diagnostics::to_lsp(view.uri, view, &d, view.locale());
        if !touches(diagnostic.range, range) {
            continue;
        }
        actions.push(CodeAction {
            title: proto_diagnostics::fix_title(&d, fix, view.locale()),
            kind: Some(CodeActionKind::QUICKFIX),
            diagnostics: Some(vec![diagnostic]),
            edit: Some(workspace_edit(view, text_edits(view, fix))),
            is_preferred: Some(true),
            ..CodeAction::default()
        });
    }
}

/// Whether two ranges overlap or touch (a cursor at a diagnostic's edge
/// counts, as editors ask with an empty range at the cursor).
fn touches(a: Range, b: Range) -> bool {
    a.start <= b.end && b.start <= a.end
}

fn uttt_markers(view: &DocView<'_>, range: Range, actions: &mut Vec<CodeAction>) {
    let mut mark = Vec::new();
    let mut clear = Vec::new();
    for located in locate::in_range(view, range) {
        let Some(JudgedBoard::Uttt { board, findings }) = located.position.game() else {
            continue;
        };
        let judged = uttt::judge_output_board(board, findings);
        for row in 0..9 {
            for col in 0..9 {
                let cell = Cell::new(row, col);
                let chip = board.chip(cell);
                let wanted = judged.chip(cell);
                if wanted != chip {
                    push_cell_edit(view, located, cell, wanted.to_byte(), &mut mark);
                }
                if chip == uttt::Chip::Marked {
                    push_cell_edit(view, located, cell, b'.', &mut clear);
                }
            }
        }
    }
    if !mark.is_empty() {
        actions.push(rewrite(view, &MARK_LEGAL, mark));
    }
    if !clear.is_empty() {
        actions.push(rewrite(view, &CLEAR_MARKERS, clear));
    }
}

fn push_cell_edit(
    view: &DocView<'_>,
    located: Located<'_>,
    cell: Cell,
    byte: u8,
    edits: &mut Vec<TextEdit>,
) {
    if let Some(range) = located.cell_range(view, cell) {
        edits.push(TextEdit::new(range, char::from(byte).to_string()));
    }
}

/// The title the spec gives the move action ("Play here"); hover says
/// what the move does.
pub const PLAY_HERE: Message = boardls_engine::i18n::message!("action-play-here");

/// "Play here" at the start of the range.
fn play_here(view: &DocView<'_>, range: Range) -> Option<CodeAction> {
    let (located, cell) = locate::at(view, range.start)?;
    let cell = cell?;
    match located.position.game()? {
        JudgedBoard::Uttt { board, findings } => {
            let player = findings.to_move?;
            if !findings.legal.contains(cell) || !board.chip(cell).is_free() {
                return None;
            }
            let mut edits = Vec::new();
            push_cell_edit(view, located, cell, player.chip().to_byte(), &mut edits);
            let line = located.position.last_move_line()?;
            let rope = view.doc.rope();
            edits.push(TextEdit::new(
                Range::new(
                    ls_types::Position::new(line, 0),
                    line_end(rope, line, view.enc()),
                ),
                format!("{} {}", cell.row + 1, cell.col + 1),
            ));
            Some(rewrite(view, &PLAY_HERE, edits))
        }
        JudgedBoard::Go9 { board } => {
            if !go9::analyse(board).killable().any(|(_, at)| at == cell) {
                return None;
            }
            let outcome = go9::play_black(board, cell)?;
            let mut edits = Vec::new();
            for row in 0..9 {
                for col in 0..9 {
                    let c = Cell::new(row, col);
                    let after = outcome.board.point(c);
                    if after != board.point(c) {
                        push_cell_edit(view, located, c, after.to_byte(), &mut edits);
                    }
                }
            }
            Some(rewrite(view, &PLAY_HERE, edits))
        }
        JudgedBoard::Tomek { .. } => None,
    }
}

fn rewrite(view: &DocView<'_>, title: &Message, edits: Vec<TextEdit>) -> CodeAction {
    CodeAction {
        title: title.word(view.locale()),
        kind: Some(CodeActionKind::REFACTOR_REWRITE),
        edit: Some(workspace_edit(view, edits)),
        ..CodeAction::default()
    }
}

/// Edits of the current version of the document.
pub(crate) fn workspace_edit(view: &DocView<'_>, edits: Vec<TextEdit>) -> WorkspaceEdit {
    if view.caps.document_changes {
        WorkspaceEdit {
            document_changes: Some(DocumentChanges::Edits(vec![TextDocumentEdit {
                text_document: OptionalVersionedTextDocumentIdentifier {
                    uri: view.uri.clone(),
                    version: Some(view.version),
                },
                edits: edits.into_iter().map(OneOf::Left).collect(),
            }])),
            ..WorkspaceEdit::default()
        }
    } else {
        WorkspaceEdit {
            changes: Some(HashMap::from([(view.uri.clone(), edits)])),
            ..WorkspaceEdit::default()
        }
    }
}
