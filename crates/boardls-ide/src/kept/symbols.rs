//! `documentSymbol` from pieces kept with their positions ([`Kept`]): a
//! position's verdict and the ends of its lines are worked out once, until
//! an edit re-reads that position, and an answer is written from them
//! straight to JSON, with the case numbers and lines of the moment. It
//! equals `symbols::document_symbols` serialized (a test holds them equal).
//!
//! A grouped answer (above `GROUP_ABOVE` positions) names no case and
//! needs only the line ends of each group's first and last position: it
//! is written from the document, and nothing is kept, so a big document's
//! outline costs neither a verdict nor memory per position.

use ls_types::SymbolKind;

use super::per_position::Kept;
use crate::encoding::line_end;
use crate::features::locate;
use crate::features::symbols::{GROUP_ABOVE, GROUP_SIZE, group_name};
use crate::view::{Cancel, DocView};
use boardls_engine::i18n::Locale;

/// What a position's symbol needs that does not move with its lines.
#[derive(Debug)]
struct Piece {
    /// `: verdict"`, as it follows the case number in the name's JSON.
    name_tail: Box<[u8]>,
    ends: Ends,
}

/// The symbol pieces of one open document.
#[derive(Debug, Default)]
pub struct KeptSymbols {
    kept: Kept<Piece>,
    /// The language the pieces' verdicts are worded in.
    locale: Locale,
}

impl KeptSymbols {
    /// The `documentSymbol` result as JSON at the end of `out` (the
    /// response it is written in); `None` when cancelled.
    pub fn answer(&mut self, view: &DocView<'_>, cancel: &Cancel, out: &mut Vec<u8>) -> Option<()> {
        let count = view.doc.position_count();
        out.reserve(count.min(GROUP_ABOVE) * 240 + 2);
        out.push(b'[');
        let mut writer = Writer { out, view };
        if count > GROUP_ABOVE {
            self.kept = Kept::default();
            for (group, start) in (0..count).step_by(GROUP_SIZE).enumerate() {
                if cancel.is_cancelled() {
                    return None;
                }
                let end = (start + GROUP_SIZE).min(count);
                if group > 0 {
                    writer.out.push(b',');
                }
                writer.group(&ends(view, start), start, &ends(view, end - 1), end);
            }
        } else {
            if self.locale != view.locale() {
                self.kept = Kept::default();
                self.locale = view.locale();
            }
            self.kept
                .update(view.doc, cancel, |index| piece(view, index))?;
            for index in 0..self.kept.len() {
                if index > 0 {
                    writer.out.push(b',');
                }
                writer.one(&self.kept, index);
            }
        }
        writer.out.push(b']');
        (!cancel.is_cancelled()).then_some(())
    }
}

/// Where a position's lines end: the end of its first line, its last line
/// from its first, and the end of that line (in the negotiated encoding).
#[derive(Debug, Default)]
struct Ends {
    first_end: u32,
    last_offset: u32,
    last_end: u32,
}

fn ends(view: &DocView<'_>, index: usize) -> Ends {
    locate::position(view, index).map_or_else(Ends::default, |located| ends_of(view, &located))
}

fn ends_of(view: &DocView<'_>, located: &locate::Located<'_>) -> Ends {
    let rope = view.doc.rope();
    let first = located.position.first_line;
    let last = located.last_line();
    Ends {
        first_end: line_end(rope, first, view.enc()).character,
        last_offset: last.saturating_sub(first),
        last_end: line_end(rope, last, view.enc()).character,
    }
}

fn piece(view: &DocView<'_>, index: usize) -> Piece {
    let Some(located) = locate::position(view, index) else {
        return Piece {
            name_tail: (*b": \"\"").into(),
            ends: Ends::default(),
        };
    };
    let mut name_tail = b": ".to_vec();
    let verdict = located.verdict_words(view.locale());
    let quoted = serde_json::to_vec(&verdict).unwrap_or_else(|_| b"\"\"".to_vec());
    name_tail.extend_from_slice(quoted.get(1..).unwrap_or_default());
    Piece {
        name_tail: name_tail.into(),
        ends: ends_of(view, &located),
    }
}

struct Writer<'a, 'v> {
    out: &'a mut Vec<u8>,
    view: &'a DocView<'v>,
}

impl Writer<'_, '_> {
    fn number(&mut self, n: u64) {
        self.out
            .extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
    }

    /// `{"start":…,"end":…}`.
    fn range(&mut self, start: (u32, u32), end: (u32, u32)) {
        self.out.extend_from_slice(br#"{"start":{"line":"#);
        self.number(start.0.into());
        self.out.extend_from_slice(br#","character":"#);
        self.number(start.1.into());
        self.out.extend_from_slice(br#"},"end":{"line":"#);
        self.number(end.0.into());
        self.out.extend_from_slice(br#","character":"#);
        self.number(end.1.into());
        self.out.extend_from_slice(b"}}");
    }

    /// The lines of position `index`: first, last.
    fn lines(&self, ends: &Ends, index: usize) -> (u32, u32) {
        let first = self.view.doc.first_line(index).unwrap_or(0);
        (first, first.saturating_add(ends.last_offset))
    }

    /// A symbol: `{"name":…,"kind":…` then its range as a `DocumentSymbol`
    /// (with a selection range) or as a `SymbolInformation`'s location.
    fn symbol(&mut self, kind: SymbolKind, range: ((u32, u32), (u32, u32)), selection_end: u32) {
        self.out.extend_from_slice(br#","kind":"#);
        let _ = serde_json::to_writer(&mut *self.out, &kind);
        let (start, end) = range;
        if self.view.caps.hierarchical_symbols {
            self.out.extend_from_slice(br#","range":"#);
            self.range(start, end);
            self.out.extend_from_slice(br#","selectionRange":"#);
            self.range(start, (start.0, selection_end));
        } else {
            self.out.extend_from_slice(br#","location":{"uri":"#);
            let _ = serde_json::to_writer(&mut *self.out, self.view.uri);
            self.out.extend_from_slice(br#","range":"#);
            self.range(start, end);
            self.out.push(b'}');
        }
        self.out.push(b'}');
    }

    /// Position `index`'s symbol.
    fn one(&mut self, kept: &Kept<Piece>, index: usize) {
        let Some(piece) = kept.get(index) else {
            return;
        };
        let (first, last) = self.lines(&piece.ends, index);
        self.out.extend_from_slice(br#"{"name":"Case #"#);
        self.number(index as u64 + 1);
        self.out.extend_from_slice(&piece.name_tail);
        self.symbol(
            SymbolKind::OBJECT,
            ((first, 0), (last, piece.ends.last_end)),
            piece.ends.first_end,
        );
    }

    /// One symbol for the positions `start..end`, from the ends of the
    /// first and of the last.
    fn group(&mut self, head: &Ends, start: usize, tail: &Ends, end: usize) {
        let (first, _) = self.lines(head, start);
        let (_, last) = self.lines(tail, end - 1);
        self.out.extend_from_slice(br#"{"name":"#);
        let name = group_name(start + 1, end, self.view.locale());
        let _ = serde_json::to_writer(&mut *self.out, &name);
        self.symbol(
            SymbolKind::NAMESPACE,
            ((first, 0), (last, tail.last_end)),
            head.first_end,
        );
    }
}
