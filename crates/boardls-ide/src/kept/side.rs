//! An open document that is not a board file: plain text the server does
//! not parse as boards. An answer file or a `boardls.toml` is checked (an
//! answer against the judge's output for its input, open or read through
//! the host); any other is kept as text, since a board file opened later
//! may make it an answer file.

use ls_types::TextDocumentContentChangeEvent;
use ropey::Rope;

use super::answer::KeptAnswer;
use crate::encoding::{Encoding, position_to_char};
use crate::features::answers::SideKind;
use crate::features::proto_diagnostics::RopeRanges;

/// An open file that is not a board file.
pub struct SideDocument {
    pub rope: Rope,
    pub version: i32,
    /// What it is to boardls now; `None`: nothing (nothing published).
    pub side: Option<SideKind>,
    /// An answer file's findings, kept line by line.
    pub answer: Option<KeptAnswer>,
}

impl SideDocument {
    /// Applies a `didChange`'s changes in order (ranges clamped), and
    /// says which lines they touched, numbered in the new text: when the
    /// line count is unchanged, only those.
    pub fn apply(
        &mut self,
        changes: &[TextDocumentContentChangeEvent],
        enc: Encoding,
    ) -> std::ops::RangeInclusive<usize> {
        let (mut first, mut last) = (usize::MAX, 0);
        for change in changes {
            match change.range {
                Some(range) => {
                    let a = position_to_char(&self.rope, range.start, enc);
                    let b = position_to_char(&self.rope, range.end, enc);
                    let (a, b) = (a.min(b), a.max(b));
                    self.rope.remove(a..b);
                    self.rope.insert(a, &change.text);
                    let line = self.rope.char_to_line(a);
                    let end = self.rope.char_to_line(a + change.text.chars().count());
                    first = first.min(line);
                    last = last.max(end);
                }
                None => {
                    self.rope = Rope::from_str(&change.text);
                    (first, last) = (0, usize::MAX);
                }
            }
        }
        first.min(last)..=last
    }

    pub fn ranges(&self, enc: Encoding) -> RopeRanges<'_> {
        RopeRanges {
            rope: &self.rope,
            enc,
        }
    }
}
