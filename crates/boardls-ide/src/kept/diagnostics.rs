//! An open document's listed diagnostics kept as JSON with the positions
//! they belong to, so that a publish after an edit serializes only the
//! positions the edit re-read, and joins the rest as they were.
//!
//! A kept piece is a position's diagnostics, each serialized once as the
//! fresh walk (`proto_diagnostics::each_listed`) would serialize it, with
//! and without its related locations. What it depends on: the position
//! (its `Arc`: a position the edit re-read is a new one), the document's
//! URI and the session's position encoding (fixed for an open document),
//! and the position's first line, which moves whenever lines are inserted
//! or removed above it. So the numbers after each `"line":` key are cut
//! out of the bytes and kept relative to the position's first line; a
//! publish writes them back from the first line of the moment. Columns
//! need no such care: they count within a line of the position (or a line
//! it looked at, whose edit re-reads it).
//!
//! Only what a publish lists is kept (the `Budget` admits at most
//! `maxProblems` errors and warnings and 100 information diagnostics), and
//! only the pieces the last publish used: memory follows the listing, not
//! the document. The walk falls back to the fresh one (returns `None`)
//! where its order could differ: a profile's diagnostics, a position whose
//! diagnostics reach the next one's lines, or a listing too large to keep.

use boardls_engine::i18n::Locale;
use std::collections::HashMap;
use std::sync::Arc;

use ls_types::Uri;

use crate::config::DiagnosticFilter;
use crate::encoding::Encoding;
use crate::features::proto_diagnostics::{Budget, DocRanges, convert, to_lsp};
use boardls_engine::diagnostics::{Diagnostic, Severity, Span};
use boardls_engine::document::DocDiagnostics;
use boardls_engine::syntax::{CodeCount, DocPosition, ParsedPosition};

/// Above this `maxProblems` the listing is not kept: every warning of a
/// dense file is tens of megabytes of JSON, which the fresh walk streams.
pub const KEPT_MAX_PROBLEMS: usize = 10_000;

/// One diagnostic's JSON, its line numbers cut out (see the module).
#[derive(Debug, Default)]
struct Rebased {
    bytes: Vec<u8>,
    /// Where a line number goes in `bytes`, and its distance from the
    /// position's first line.
    lines: Vec<(usize, u32)>,
}

impl Rebased {
    /// `json` (a diagnostic of the position starting at `first_line`)
    /// with its lines made relative; `None` when one lies above it.
    fn new(json: &[u8], first_line: u32) -> Option<Rebased> {
        const KEY: &[u8] = b"\"line\":";
        let mut rebased = Rebased::default();
        let mut rest = json;
        while let Some(at) = rest.windows(KEY.len()).position(|w| w == KEY) {
            rebased.bytes.extend_from_slice(&rest[..at + KEY.len()]);
            rest = &rest[at + KEY.len()..];
            let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
            let line: u32 = std::str::from_utf8(&rest[..digits]).ok()?.parse().ok()?;
            rebased
                .lines
                .push((rebased.bytes.len(), line.checked_sub(first_line)?));
            rest = &rest[digits..];
        }
        rebased.bytes.extend_from_slice(rest);
        Some(rebased)
    }

    /// The JSON again, for a position that starts at `first_line` now.
    fn write(&self, first_line: u32, out: &mut Vec<u8>) {
        let mut from = 0;
        let mut number = itoa::Buffer::new();
        for &(at, relative) in &self.lines {
            out.extend_from_slice(&self.bytes[from..at]);
            out.extend_from_slice(number.format(first_line + relative).as_bytes());
            from = at;
        }
        out.extend_from_slice(&self.bytes[from..]);
    }
}

/// One of a position's diagnostics, as the budget sees it and as JSON.
#[derive(Debug)]
struct Item {
    /// Its own span, the line relative to the position's first line.
    span: Span,
    severity: Severity,
    code: &'static str,
    related: usize,
    full: Rebased,
    /// Without its related locations; `None` when it has none.
    plain: Option<Rebased>,
}

/// A position's diagnostics, in the order the fresh walk lists them.
#[derive(Debug)]
struct Piece {
    items: Vec<Item>,
}

impl Piece {
    fn new(
        uri: &Uri,
        snapshot: &DocDiagnostics,
        enc: Encoding,
        locale: Locale,
        position: DocPosition<'_>,
    ) -> Option<Piece> {
        let mut found = Vec::new();
        position.diagnostics_into(&mut found, true);
        let ranges = DocRanges {
            rope: &snapshot.rope,
            enc,
            position: Some(position),
        };
        let first_line = position.first_line;
        let json = |d: &Diagnostic, related: bool| {
            serde_json::to_vec(&convert(uri, &ranges, d, related, locale))
                .ok()
                .and_then(|bytes| Rebased::new(&bytes, first_line))
        };
        let mut items = Vec::with_capacity(found.len());
        for d in &found {
            items.push(Item {
                span: Span {
                    line: d.span.line.checked_sub(first_line)?,
                    ..d.span
                },
                severity: d.severity,
                code: d.code,
                related: d.related.len(),
                full: json(d, true)?,
                plain: if d.related.is_empty() {
                    None
                } else {
                    Some(json(d, false)?)
                },
            });
        }
        Some(Piece { items })
    }
}

/// An open document's kept pieces, by position (its pointer; the entry
/// holds the `Arc`, so the pointer is not reused while kept).
#[derive(Debug, Default)]
pub struct KeptDiagnostics {
    pieces: HashMap<usize, (Arc<ParsedPosition>, Piece)>,
    /// The encoding and the language the pieces were made in.
    made_for: Option<(Encoding, Locale)>,
}

impl KeptDiagnostics {
    /// The `diagnostics` array of a publish (or pull report) of `snapshot`,
    /// `[` to `]`, byte for byte what the fresh walk serializes; the
    /// pieces of the positions listed are kept, made where missing, and
    /// the others dropped. `None` where the fresh walk must write it.
    pub fn listed_json(
        &mut self,
        uri: &Uri,
        snapshot: &DocDiagnostics,
        enc: Encoding,
        filter: DiagnosticFilter,
        locale: Locale,
    ) -> Option<Vec<u8>> {
        if snapshot.has_profile() || filter.max_problems > KEPT_MAX_PROBLEMS {
            return None;
        }
        if self.made_for != Some((enc, locale)) {
            self.pieces.clear();
            self.made_for = Some((enc, locale));
        }
        let mut out = b"[".to_vec();
        // A comma before every item but the first.
        let separate = |out: &mut Vec<u8>| {
            if out.len() > 1 {
                out.push(b',');
            }
        };
        let mut budget = Budget::new(filter, snapshot.error_count());
        budget.to_come = snapshot.at_most();
        let file_ranges = DocRanges {
            rope: &snapshot.rope,
            enc,
            position: None,
        };
        for d in &snapshot.file_diagnostics {
            if filter.keeps(d.severity)
                && let Some(related) = budget.admit(d)
            {
                separate(&mut out);
                serde_json::to_writer(
                    &mut out,
                    &convert(uri, &file_ranges, d, related == d.related.len(), locale),
                )
                .ok()?;
            }
        }
        // As the fresh walk's `InOrder`: a position's diagnostics wait
        // until the next position starts below them (a missing row is
        // expected where the next one starts), sorted with any still
        // waiting. Each: where it lies, the piece (by key) and its index.
        let mut pending: Vec<(Span, Severity, usize, usize)> = Vec::new();
        let mut used: HashMap<usize, (Arc<ParsedPosition>, Piece, u32)> = HashMap::new();
        let release = |pending: &mut Vec<(Span, Severity, usize, usize)>,
                       used: &HashMap<usize, (Arc<ParsedPosition>, Piece, u32)>,
                       budget: &mut Budget,
                       out: &mut Vec<u8>,
                       below: u32| {
            let ready = pending
                .iter()
                .take_while(|(span, ..)| span.line < below)
                .count();
            for (_, _, key, index) in pending.drain(..ready) {
                let Some((_, piece, first_line)) = used.get(&key) else {
                    continue;
                };
                let item = &piece.items[index];
                if filter.keeps(item.severity)
                    && let Some(related) = budget.admit_kept(item.severity, item.code, item.related)
                {
                    separate(out);
                    let json = match &item.plain {
                        Some(plain) if related < item.related => plain,
                        _ => &item.full,
                    };
                    json.write(*first_line, out);
                }
            }
        };
        let mut met = Vec::new();
        for (first_line, position) in snapshot.noisy() {
            release(&mut pending, &used, &mut budget, &mut out, *first_line);
            CodeCount::count_into(&mut met, position.tally(), true);
            if budget.skips(position.tally()) {
                if budget.full() {
                    // The rest, counted at once, as the fresh walk does.
                    let mut rest = snapshot.totals().to_vec();
                    CodeCount::count_into(&mut rest, &met, false);
                    rest.retain(|c| c.count > 0);
                    budget.skips(&rest);
                    break;
                }
                continue;
            }
            let key = Arc::as_ptr(position) as usize;
            let piece = match self.pieces.remove(&key) {
                Some((_, piece)) => piece,
                None => Piece::new(
                    uri,
                    snapshot,
                    enc,
                    locale,
                    DocPosition::new(*first_line, position),
                )?,
            };
            let waiting = !pending.is_empty();
            pending.extend(
                piece.items.iter().enumerate().map(|(index, item)| {
                    (item.span.shifted(*first_line), item.severity, key, index)
                }),
            );
            if waiting {
                pending.sort_by_key(|&(span, severity, ..)| (span, severity));
            }
            used.insert(key, (Arc::clone(position), piece, *first_line));
        }
        release(&mut pending, &used, &mut budget, &mut out, u32::MAX);
        self.pieces = used
            .into_iter()
            .map(|(key, (position, piece, _))| (key, (position, piece)))
            .collect();
        if let Some(more) = budget.summary() {
            separate(&mut out);
            serde_json::to_writer(&mut out, &to_lsp(uri, &file_ranges, &more, locale)).ok()?;
        }
        out.push(b']');
        Some(out)
    }
}
