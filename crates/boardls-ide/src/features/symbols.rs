//! Document symbols and folding ranges: one per position, named
//! `Case #k: verdict`; the symbols in groups of cases in a big document.

use ls_types::{
    DocumentSymbol, DocumentSymbolResponse, FoldingRange, FoldingRangeKind, Location, Range,
    SymbolInformation, SymbolKind,
};

use super::locate::{self, Located};
use crate::encoding::line_end;
use crate::view::{Cancel, DocView};
use boardls_engine::i18n::Locale;

/// Every position in document order, until `cancel` is raised.
fn all<'a>(view: &DocView<'a>, cancel: &'a Cancel) -> impl Iterator<Item = Located<'a>> {
    let view = *view;
    (0..view.doc.position_count())
        .take_while(|_| !cancel.is_cancelled())
        .filter_map(move |index| locate::position(&view, index))
}

/// Above this many positions, the symbols are groups of [`GROUP_SIZE`]
/// cases, without a symbol per case: an outline of 100,000 entries is no
/// outline, and an editor spends a second taking one in (VS Code's
/// extension host reads the whole answer before anything queued behind
/// it, the diagnostics of the edit included).
pub const GROUP_ABOVE: usize = 10_000;
pub const GROUP_SIZE: usize = 1_000;

/// The group's name, for cases `first..=last` (1-based).
pub(crate) fn group_name(first: usize, last: usize, locale: Locale) -> String {
    boardls_engine::i18n::message!("symbol-cases", first = first, last = last).word(locale)
}

/// One symbol per position, named `Case #k: verdict`; one per group of
/// cases above [`GROUP_ABOVE`] positions. Cut short when `cancel` is
/// raised. The fresh computation: `symbol_cache` answers the same from
/// kept pieces.
pub fn document_symbols(view: &DocView<'_>, cancel: &Cancel) -> DocumentSymbolResponse {
    let grouped = view.doc.position_count() > GROUP_ABOVE;
    if view.caps.hierarchical_symbols {
        let symbols: Vec<DocumentSymbol> = all(view, cancel)
            .map(|located| {
                let range = located.full_range(view);
                let first = located.position.first_line;
                let selection =
                    ls_types::Range::new(range.start, line_end(view.doc.rope(), first, view.enc()));
                symbol(
                    located.label(view.locale()),
                    SymbolKind::OBJECT,
                    range,
                    selection,
                    None,
                )
            })
            .collect();
        if !grouped {
            return DocumentSymbolResponse::Nested(symbols);
        }
        let groups = in_groups(
            &symbols,
            view.locale(),
            |s| s.range,
            |name, range, head| {
                symbol(
                    name,
                    SymbolKind::NAMESPACE,
                    range,
                    head.selection_range,
                    None,
                )
            },
        );
        DocumentSymbolResponse::Nested(groups)
    } else {
        let symbols: Vec<SymbolInformation> = all(view, cancel)
            .map(|located| {
                information(view, located.label(view.locale()), located.full_range(view))
            })
            .collect();
        if !grouped {
            return DocumentSymbolResponse::Flat(symbols);
        }
        let groups = in_groups(
            &symbols,
            view.locale(),
            |s| s.location.range,
            |name, range, _| SymbolInformation {
                kind: SymbolKind::NAMESPACE,
                ..information(view, name, range)
            },
        );
        DocumentSymbolResponse::Flat(groups)
    }
}

/// One symbol per [`GROUP_SIZE`] cases, named for them, its range from the
/// first one's start to the last one's end.
fn in_groups<T>(
    cases: &[T],
    locale: Locale,
    range_of: impl Fn(&T) -> Range,
    group: impl Fn(String, Range, &T) -> T,
) -> Vec<T> {
    cases
        .chunks(GROUP_SIZE)
        .enumerate()
        .filter_map(|(index, chunk)| {
            let (head, tail) = (chunk.first()?, chunk.last()?);
            let first = index * GROUP_SIZE + 1;
            let name = group_name(first, first + chunk.len() - 1, locale);
            let range = Range::new(range_of(head).start, range_of(tail).end);
            Some(group(name, range, head))
        })
        .collect()
}

fn information(view: &DocView<'_>, name: String, range: Range) -> SymbolInformation {
    #[expect(deprecated, reason = "the field must be written; `tags` replaces it")]
    SymbolInformation {
        name,
        kind: SymbolKind::OBJECT,
        tags: None,
        deprecated: None,
        location: Location::new(view.uri.clone(), range),
        container_name: None,
    }
}

fn symbol(
    name: String,
    kind: SymbolKind,
    range: Range,
    selection_range: Range,
    children: Option<Vec<DocumentSymbol>>,
) -> DocumentSymbol {
    #[expect(deprecated, reason = "the field must be written; `tags` replaces it")]
    DocumentSymbol {
        name,
        detail: None,
        kind,
        tags: None,
        deprecated: None,
        range,
        selection_range,
        children,
    }
}

/// One whole-line range per position of more than one line, in document
/// order, at most the client's `rangeLimit` of them (the positions past it
/// are not even looked at); the verdict as the collapsed text for a client
/// that shows it.
pub fn folding_ranges(view: &DocView<'_>, cancel: &Cancel) -> Vec<FoldingRange> {
    let limit = view.caps.folding_limit.map_or(usize::MAX, |l| l as usize);
    all(view, cancel)
        .filter(|located| located.last_line() > located.position.first_line)
        .take(limit)
        .map(|located| FoldingRange {
            start_line: located.position.first_line,
            start_character: None,
            end_line: located.last_line(),
            end_character: None,
            kind: Some(FoldingRangeKind::Region),
            collapsed_text: view
                .caps
                .folding_collapsed_text
                .then(|| located.label(view.locale())),
        })
        .collect()
}
