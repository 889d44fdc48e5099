//! Semantic tokens kept with the positions they colour, so that
//! `semanticTokens/full/delta` costs the positions an edit changed, in
//! time and in bytes, rather than the document.
//!
//! The cache holds, for the result last given to the client, each
//! position's tokens relative to its first line, kept with the position
//! ([`Kept`]): a request first brings it up to the document, colouring
//! afresh only the positions an edit re-read. A delta is then one splice:
//! the old tokens of the replaced positions, plus the first token after
//! them (its line is relative to the token before it), give way to the
//! new ones.
//!
//! Result ids are the document's edit generation: one per version. A
//! `previousResultId` other than the cache's gets the whole array.

use tower_lsp_server::ls_types::{
    SemanticToken, SemanticTokens, SemanticTokensDelta, SemanticTokensEdit,
    SemanticTokensFullDeltaResult,
};

use super::kept::Kept;
use super::locate;
use super::tokens::states;
use super::view::{Cancel, DocView};
use crate::text::to_u32;

/// One token relative to its position: line from the position's first
/// line, start character and length in the negotiated encoding, type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Token {
    line: u32,
    start: u32,
    length: u32,
    kind: u32,
}

/// A position's tokens, packed four to a `u32` each when they fit (a board
/// row of the usual layout always does), else as they are.
#[derive(Debug)]
enum Packed {
    Narrow(Box<[u32]>),
    Wide(Box<[Token]>),
}

impl Packed {
    // 8 bits of line, 12 of start, 8 of length, 4 of type.
    fn pack(tokens: Vec<Token>) -> Packed {
        let fits = |t: &Token| t.line < 256 && t.start < 4096 && t.length < 256 && t.kind < 16;
        if tokens.iter().all(fits) {
            Packed::Narrow(
                tokens
                    .iter()
                    .map(|t| t.line << 24 | t.start << 12 | t.length << 4 | t.kind)
                    .collect(),
            )
        } else {
            Packed::Wide(tokens.into_boxed_slice())
        }
    }

    fn len(&self) -> usize {
        match self {
            Packed::Narrow(tokens) => tokens.len(),
            Packed::Wide(tokens) => tokens.len(),
        }
    }

    fn get(&self, index: usize) -> Option<Token> {
        match self {
            Packed::Narrow(tokens) => tokens.get(index).map(|&p| Token {
                line: p >> 24,
                start: (p >> 12) & 0xfff,
                length: (p >> 4) & 0xff,
                kind: p & 0xf,
            }),
            Packed::Wide(tokens) => tokens.get(index).copied(),
        }
    }

    fn iter(&self) -> impl Iterator<Item = Token> + '_ {
        (0..self.len()).filter_map(|i| self.get(i))
    }
}

/// The semantic tokens of one open document, as last sent.
#[derive(Debug, Default)]
pub struct TokenCache {
    /// The result id the client was last given; `None` before the first.
    result_id: Option<String>,
    kept: Kept<Packed>,
}

/// The tokens of position `index`, relative to its first line, sorted.
fn colour(view: &DocView<'_>, index: usize) -> Vec<Token> {
    let Some(located) = locate::position(view, index) else {
        return Vec::new();
    };
    let first = located.position.first_line;
    let mut tokens: Vec<Token> = states(&located)
        .into_iter()
        .filter_map(|(cell, state)| {
            let at = located.cell_range(view, cell)?;
            (at.start.line == at.end.line && at.end.character > at.start.character).then(|| Token {
                line: at.start.line.saturating_sub(first),
                start: at.start.character,
                length: at.end.character - at.start.character,
                kind: state.index(),
            })
        })
        .collect();
    tokens.sort_by_key(|t| (t.line, t.start));
    tokens.dedup_by_key(|t| (t.line, t.start));
    tokens
}

/// Relative encoding, token after token, from the absolute `(line,
/// start)` of the token before.
struct Encoder {
    line: u32,
    start: u32,
    out: Vec<SemanticToken>,
}

impl Encoder {
    fn push(&mut self, first_line: u32, t: Token) {
        let line = first_line + t.line;
        let delta_line = line.saturating_sub(self.line);
        let delta_start = if delta_line == 0 {
            t.start.saturating_sub(self.start)
        } else {
            t.start
        };
        self.out.push(SemanticToken {
            delta_line,
            delta_start,
            length: t.length,
            token_type: t.kind,
            token_modifiers_bitset: 0,
        });
        (self.line, self.start) = (line, t.start);
    }
}

impl TokenCache {
    /// `semanticTokens/full`: every token, and a new result id.
    /// `None` when cancelled, the cache as it was.
    pub fn full(
        &mut self,
        view: &DocView<'_>,
        result_id: u64,
        cancel: &Cancel,
    ) -> Option<SemanticTokens> {
        self.update(view, cancel)?;
        let mut encoder = Encoder {
            line: 0,
            start: 0,
            out: Vec::new(),
        };
        for (index, tokens) in self.kept.values().enumerate() {
            let first_line = view.doc.first_line(index).unwrap_or(0);
            for t in tokens.iter() {
                encoder.push(first_line, t);
            }
        }
        let result_id = result_id.to_string();
        self.result_id = Some(result_id.clone());
        Some(SemanticTokens {
            result_id: Some(result_id),
            data: encoder.out,
        })
    }

    /// `semanticTokens/full/delta`: a splice of the tokens `previous`
    /// names, or every token when that is not the result last sent.
    /// `None` when cancelled, the cache as it was.
    pub fn delta(
        &mut self,
        view: &DocView<'_>,
        previous: &str,
        result_id: u64,
        cancel: &Cancel,
    ) -> Option<SemanticTokensFullDeltaResult> {
        if self.result_id.as_deref() != Some(previous) {
            return self.full(view, result_id, cancel).map(Into::into);
        }
        let splice = self.update(view, cancel)?;
        let result_id = result_id.to_string();
        self.result_id = Some(result_id.clone());
        let edits = splice
            .map(|(start, deleted, data)| SemanticTokensEdit {
                start: to_u32(start * 5),
                delete_count: to_u32(deleted * 5),
                data: Some(data),
            })
            .into_iter()
            .collect();
        Some(
            SemanticTokensDelta {
                result_id: Some(result_id),
                edits,
            }
            .into(),
        )
    }

    /// Brings the entries up to the document. Returns the splice that
    /// turns the old token array into the new one (first token replaced,
    /// how many, the new tokens), or `Some(None)` when nothing changed;
    /// `None` when cancelled, the entries as they were.
    fn update(
        &mut self,
        view: &DocView<'_>,
        cancel: &Cancel,
    ) -> Option<Option<(usize, usize, Vec<SemanticToken>)>> {
        let doc = view.doc;
        let Some(splice) = self
            .kept
            .update(doc, cancel, |index| Packed::pack(colour(view, index)))?
        else {
            return Some(None);
        };
        let front = splice.front;
        // The token before the splice, absolute.
        let before = (0..front).rev().find_map(|index| {
            let tokens = self.kept.get(index)?;
            let last = tokens.get(tokens.len().checked_sub(1)?)?;
            Some((doc.first_line(index)? + last.line, last.start))
        });
        let start: usize = self.kept.values().take(front).map(Packed::len).sum();
        let mut deleted: usize = splice.removed.iter().map(Packed::len).sum();
        let (line, start_char) = before.unwrap_or((0, 0));
        let mut encoder = Encoder {
            line,
            start: start_char,
            out: Vec::new(),
        };
        for index in front..front + splice.added {
            let first_line = doc.first_line(index).unwrap_or(0);
            for t in self.kept.get(index).into_iter().flat_map(Packed::iter) {
                encoder.push(first_line, t);
            }
        }
        // The first token after the splice is relative to the one before it.
        let after = (front + splice.added..self.kept.len())
            .find_map(|index| Some((doc.first_line(index)?, self.kept.get(index)?.get(0)?)));
        if let Some((first_line, t)) = after {
            encoder.push(first_line, t);
            deleted += 1;
        }
        Some(Some((start, deleted, encoder.out)))
    }
}
