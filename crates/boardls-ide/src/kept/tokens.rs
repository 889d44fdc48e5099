//! Semantic tokens kept with the positions they colour, so that
//! `semanticTokens/full/delta` costs the positions an edit changed, in
//! time and in bytes, rather than the document.
//!
//! The cache holds, for the result last given to the client, how many
//! tokens each position had, kept with the position ([`Kept`]): a request
//! first brings it up to the document, colouring afresh only the positions
//! an edit re-read. A delta is then one splice: the old tokens of the
//! replaced positions, plus the first token after them (its line is
//! relative to the token before it), give way to the new ones. The counts
//! say where the splice lies in the client's array; the tokens around it
//! belong to positions the edit did not touch, so colouring them again
//! gives what was sent. Keeping counts rather than tokens keeps the cache
//! a few bytes a position (the memory bound of an open document).
//!
//! Result ids are the document's edit generation: one per version. A
//! `previousResultId` other than the cache's gets the whole array.

use std::io::Write;

use ls_types::{
    SemanticToken, SemanticTokens, SemanticTokensDelta, SemanticTokensEdit,
    SemanticTokensFullDeltaResult,
};

use super::per_position::Kept;
use crate::features::locate;
use crate::features::tokens::states;
use crate::view::{Cancel, DocView};
use boardls_engine::text::to_u32;

/// One token relative to its position: line from the position's first
/// line, start character and length in the negotiated encoding, type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Token {
    line: u32,
    start: u32,
    length: u32,
    kind: u32,
}

/// The semantic tokens of one open document, as last sent.
#[derive(Debug, Default)]
pub struct KeptTokens {
    /// The result id the client was last given; `None` before the first.
    result_id: Option<String>,
    /// How many tokens each position had in that result.
    kept: Kept<u32>,
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

/// Where encoded tokens go: the typed array of an answer, or its JSON.
trait Sink {
    fn put(&mut self, token: SemanticToken);
}

impl Sink for Vec<SemanticToken> {
    fn put(&mut self, token: SemanticToken) {
        self.push(token);
    }
}

/// The numbers of a `data` array written straight to JSON (a whole
/// document's tokens as `SemanticToken`s would cost more than their JSON).
/// A failed write (the client gone) is the writer's to keep.
struct Json<'a, W: Write + ?Sized> {
    out: &'a mut W,
    first: bool,
}

impl<W: Write + ?Sized> Sink for Json<'_, W> {
    fn put(&mut self, token: SemanticToken) {
        let mut number = itoa::Buffer::new();
        for value in [
            token.delta_line,
            token.delta_start,
            token.length,
            token.token_type,
            token.token_modifiers_bitset,
        ] {
            if !std::mem::take(&mut self.first) {
                let _ = self.out.write_all(b",");
            }
            let _ = self.out.write_all(number.format(value).as_bytes());
        }
    }
}

/// Relative encoding, token after token, from the absolute `(line,
/// start)` of the token before.
struct Encoder<S> {
    line: u32,
    start: u32,
    out: S,
}

impl<S: Sink> Encoder<S> {
    fn push(&mut self, first_line: u32, t: Token) {
        let line = first_line + t.line;
        let delta_line = line.saturating_sub(self.line);
        let delta_start = if delta_line == 0 {
            t.start.saturating_sub(self.start)
        } else {
            t.start
        };
        self.out.put(SemanticToken {
            delta_line,
            delta_start,
            length: t.length,
            token_type: t.kind,
            token_modifiers_bitset: 0,
        });
        (self.line, self.start) = (line, t.start);
    }
}

impl KeptTokens {
    /// `semanticTokens/full`: every token, and a new result id.
    /// `None` when cancelled, the cache as it was.
    pub fn full(
        &mut self,
        view: &DocView<'_>,
        result_id: u64,
        cancel: &Cancel,
    ) -> Option<SemanticTokens> {
        let data = self.encode_all(view, cancel, Vec::new())?;
        Some(SemanticTokens {
            result_id: Some(self.new_result_id(result_id)),
            data,
        })
    }

    /// [`KeptTokens::full`] written as JSON into `out`, as serde writes
    /// `SemanticTokens`. `None` when cancelled, the cache as it was (and
    /// `out` holding part of the answer).
    pub fn full_json<W: Write + ?Sized>(
        &mut self,
        view: &DocView<'_>,
        result_id: u64,
        cancel: &Cancel,
        out: &mut W,
    ) -> Option<()> {
        out.write_all(br#"{"resultId":""#).ok()?;
        out.write_all(itoa::Buffer::new().format(result_id).as_bytes())
            .ok()?;
        out.write_all(br#"","data":["#).ok()?;
        self.encode_all(
            view,
            cancel,
            Json {
                out: &mut *out,
                first: true,
            },
        )?;
        out.write_all(b"]}").ok()?;
        self.new_result_id(result_id);
        Some(())
    }

    /// Whether `previous` names the result last given: a delta from it is
    /// a splice, from any other the whole array.
    pub fn is_last_result(&self, previous: &str) -> bool {
        self.result_id.as_deref() == Some(previous)
    }

    fn new_result_id(&mut self, result_id: u64) -> String {
        let result_id = result_id.to_string();
        self.result_id = Some(result_id.clone());
        result_id
    }

    /// Every token of the document into `out`, and the counts brought up
    /// to it.
    fn encode_all<S: Sink>(&mut self, view: &DocView<'_>, cancel: &Cancel, out: S) -> Option<S> {
        let mut encoder = Encoder {
            line: 0,
            start: 0,
            out,
        };
        let mut counts = Vec::with_capacity(view.doc.position_count());
        for index in 0..view.doc.position_count() {
            if cancel.is_cancelled() {
                return None;
            }
            let first_line = view.doc.first_line(index).unwrap_or(0);
            let tokens = colour(view, index);
            counts.push(to_u32(tokens.len()));
            for t in tokens {
                encoder.push(first_line, t);
            }
        }
        self.kept.update(view.doc, cancel, |index| {
            counts.get(index).copied().unwrap_or_default()
        })?;
        Some(encoder.out)
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
        if !self.is_last_result(previous) {
            return self.full(view, result_id, cancel).map(Into::into);
        }
        let splice = self.update(view, cancel)?;
        let result_id = self.new_result_id(result_id);
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

    /// Brings the counts up to the document. Returns the splice that
    /// turns the old token array into the new one (first token replaced,
    /// how many, the new tokens), or `Some(None)` when nothing changed;
    /// `None` when cancelled, the counts as they were.
    fn update(
        &mut self,
        view: &DocView<'_>,
        cancel: &Cancel,
    ) -> Option<Option<(usize, usize, Vec<SemanticToken>)>> {
        let doc = view.doc;
        let mut coloured = Vec::new();
        let Some(splice) = self.kept.update(doc, cancel, |index| {
            let tokens = colour(view, index);
            let count = to_u32(tokens.len());
            coloured.push((index, tokens));
            count
        })?
        else {
            return Some(None);
        };
        let front = splice.front;
        let count = |index: usize| self.kept.get(index).map_or(0, |&n| n as usize);
        // The token before the splice, absolute: the last of the nearest
        // position before it that has any (unchanged, so as it was sent).
        let before = (0..front)
            .rev()
            .find(|&index| count(index) > 0)
            .and_then(|index| {
                let last = *colour(view, index).last()?;
                Some((doc.first_line(index)? + last.line, last.start))
            });
        let start: usize = (0..front).map(count).sum();
        let mut deleted: usize = splice.removed.iter().map(|&n| n as usize).sum();
        let (line, start_char) = before.unwrap_or((0, 0));
        let mut encoder = Encoder {
            line,
            start: start_char,
            out: Vec::new(),
        };
        for (index, tokens) in coloured {
            let first_line = doc.first_line(index).unwrap_or(0);
            for t in tokens {
                encoder.push(first_line, t);
            }
        }
        // The first token after the splice is relative to the one before it.
        let after = (front + splice.added..self.kept.len())
            .find(|&index| count(index) > 0)
            .and_then(|index| Some((doc.first_line(index)?, *colour(view, index).first()?)));
        if let Some((first_line, t)) = after {
            encoder.push(first_line, t);
            deleted += 1;
        }
        Some(Some((start, deleted, encoder.out)))
    }
}
