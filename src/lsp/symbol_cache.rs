//! `documentSymbol` from pieces kept with their positions ([`Kept`]): a
//! position's verdict and the ends of its lines are worked out once, until
//! an edit re-reads that position, and an answer is written from them
//! straight to JSON, with the case numbers and lines of the moment. It
//! equals `symbols::document_symbols` serialized (a test holds them equal).

use tower_lsp_server::ls_types::{SymbolKind, Uri};

use super::encoding::line_end;
use super::kept::Kept;
use super::locate;
use super::symbols::{GROUP_ABOVE, GROUP_SIZE, group_name};
use super::view::{Cancel, DocView};

/// What a position's symbol needs that does not move with its lines.
#[derive(Debug)]
struct Piece {
    /// `: verdict"`, as it follows the case number in the name's JSON.
    name_tail: Box<[u8]>,
    /// The end of its first line, in the negotiated encoding.
    first_end: u32,
    /// Its last line, from its first.
    last_offset: u32,
    last_end: u32,
}

/// The symbol pieces of one open document.
#[derive(Debug, Default)]
pub struct SymbolCache {
    kept: Kept<Piece>,
}

impl SymbolCache {
    /// The `documentSymbol` result as JSON; `None` when cancelled.
    pub fn answer(&mut self, view: &DocView<'_>, cancel: &Cancel) -> Option<Vec<u8>> {
        self.kept
            .update(view.doc, cancel, |index| piece(view, index))?;
        let count = self.kept.len();
        let grouped = count > GROUP_ABOVE;
        let mut out = Vec::with_capacity(count * 240 + 2);
        out.push(b'[');
        let mut writer = Writer {
            out: &mut out,
            view,
        };
        if view.caps.hierarchical_symbols && grouped {
            for (group, start) in (0..count).step_by(GROUP_SIZE).enumerate() {
                let end = (start + GROUP_SIZE).min(count);
                if group > 0 {
                    writer.out.push(b',');
                }
                writer.group(&self.kept, start, end);
            }
        } else {
            for index in 0..count {
                if index > 0 {
                    writer.out.push(b',');
                }
                let container = grouped.then(|| {
                    let first = index / GROUP_SIZE * GROUP_SIZE;
                    group_name(first + 1, (first + GROUP_SIZE).min(count))
                });
                writer.one(&self.kept, index, container.as_deref());
            }
        }
        out.push(b']');
        (!cancel.is_cancelled()).then_some(out)
    }
}

fn piece(view: &DocView<'_>, index: usize) -> Piece {
    let Some(located) = locate::position(view, index) else {
        return Piece {
            name_tail: (*b": \"\"").into(),
            first_end: 0,
            last_offset: 0,
            last_end: 0,
        };
    };
    let rope = view.doc.rope();
    let first = located.position.first_line;
    let last = located.last_line();
    let mut name_tail = b": ".to_vec();
    let quoted = serde_json::to_vec(&located.verdict()).unwrap_or_else(|_| b"\"\"".to_vec());
    name_tail.extend_from_slice(quoted.get(1..).unwrap_or_default());
    Piece {
        name_tail: name_tail.into(),
        first_end: line_end(rope, first, view.enc()).character,
        last_offset: last.saturating_sub(first),
        last_end: line_end(rope, last, view.enc()).character,
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

    fn name(&mut self, name: &str) {
        self.out.extend_from_slice(br#"{"name":"#);
        let _ = serde_json::to_writer(&mut *self.out, name);
    }

    fn kind(&mut self, kind: SymbolKind) {
        let _ = serde_json::to_writer(&mut *self.out, &kind);
    }

    fn uri(&mut self, uri: &Uri) {
        let _ = serde_json::to_writer(&mut *self.out, uri);
    }

    /// The lines of position `index`: first, last.
    fn lines(&self, piece: &Piece, index: usize) -> (u32, u32) {
        let first = self.view.doc.first_line(index).unwrap_or(0);
        (first, first.saturating_add(piece.last_offset))
    }

    /// Position `index`'s symbol: a `DocumentSymbol`, or a
    /// `SymbolInformation` in `container` for a client without hierarchy.
    fn one(&mut self, kept: &Kept<Piece>, index: usize, container: Option<&str>) {
        let Some(piece) = kept.get(index) else {
            return;
        };
        let (first, last) = self.lines(piece, index);
        self.out.extend_from_slice(br#"{"name":"Case #"#);
        self.number(index as u64 + 1);
        self.out.extend_from_slice(&piece.name_tail);
        self.out.extend_from_slice(br#","kind":"#);
        self.kind(SymbolKind::OBJECT);
        if self.view.caps.hierarchical_symbols {
            self.out.extend_from_slice(br#","range":"#);
            self.range((first, 0), (last, piece.last_end));
            self.out.extend_from_slice(br#","selectionRange":"#);
            self.range((first, 0), (first, piece.first_end));
        } else {
            self.out.extend_from_slice(br#","location":{"uri":"#);
            self.uri(self.view.uri);
            self.out.extend_from_slice(br#","range":"#);
            self.range((first, 0), (last, piece.last_end));
            self.out.push(b'}');
            if let Some(container) = container {
                self.out.extend_from_slice(br#","containerName":"#);
                let _ = serde_json::to_writer(&mut *self.out, container);
            }
        }
        self.out.push(b'}');
    }

    /// The group of positions `start..end`, with theirs as children.
    fn group(&mut self, kept: &Kept<Piece>, start: usize, end: usize) {
        let (Some(head), Some(tail)) = (kept.get(start), kept.get(end - 1)) else {
            return;
        };
        let (first, _) = self.lines(head, start);
        let (_, last) = self.lines(tail, end - 1);
        self.name(&group_name(start + 1, end));
        self.out.extend_from_slice(br#","kind":"#);
        self.kind(SymbolKind::NAMESPACE);
        self.out.extend_from_slice(br#","range":"#);
        self.range((first, 0), (last, tail.last_end));
        self.out.extend_from_slice(br#","selectionRange":"#);
        self.range((first, 0), (first, head.first_end));
        self.out.extend_from_slice(br#","children":["#);
        for index in start..end {
            if index > start {
                self.out.push(b',');
            }
            self.one(kept, index, None);
        }
        self.out.extend_from_slice(b"]}");
    }
}
