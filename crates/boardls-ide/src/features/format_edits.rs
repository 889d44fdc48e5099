//! `textDocument/formatting`: the formatter's canonical layout
//! (`boardls_engine::format`) as edits of the changed lines, in the negotiated
//! encoding. The client's formatting options (tab size and so on) do not
//! apply: a board file has one canonical layout.

use ls_types::{Position, Range, TextEdit};

use crate::encoding::line_end;
use crate::view::DocView;
use boardls_engine::format;
use boardls_engine::i18n::Message;
use boardls_engine::text::to_u32;

/// The edits that format the document (none when it is formatted), or
/// why it cannot be formatted, for the user. A judge file (`judge`: one a
/// project maps) keeps its own blank lines where the judge ignores them,
/// as `boardls fmt` keeps them.
pub fn formatting(view: &DocView<'_>, judge: bool) -> Result<Vec<TextEdit>, Message> {
    let text = view.doc.rope().to_string();
    let mut formatted = format::format(view.doc.kind(), &text).map_err(|refusal| {
        let path = view.uri.path();
        let name = path.as_str().rsplit('/').next().unwrap_or_default();
        boardls_engine::i18n::message!(
            "show-not-formatted",
            name = name.to_owned(),
            line = refusal.line + 1,
            column = refusal.column + 1,
            message = refusal.message,
            code = refusal.code
        )
    })?;
    if judge {
        formatted = formatted.with_judge_layout(&text);
    }
    let rope = view.doc.rope();
    let lines = to_u32(rope.len_lines());
    let at = |line: u32| {
        if line < lines {
            Position::new(line, 0)
        } else {
            line_end(rope, lines.saturating_sub(1), view.enc())
        }
    };
    Ok(formatted
        .edits(&text)
        .into_iter()
        .map(|edit| TextEdit {
            range: Range::new(at(edit.start), at(edit.end)),
            new_text: edit.text,
        })
        .collect())
}
