//! Document symbols and folding ranges: one per position, named
//! `Case #k: verdict`.

use tower_lsp_server::ls_types::{
    DocumentSymbol, DocumentSymbolResponse, FoldingRange, FoldingRangeKind, Location,
    SymbolInformation, SymbolKind,
};

use super::encoding::line_end;
use super::locate::{self, Located};
use super::view::{Cancel, DocView};

/// Every position in document order, until `cancel` is raised.
fn all<'a>(view: &DocView<'a>, cancel: &'a Cancel) -> impl Iterator<Item = Located<'a>> {
    let view = *view;
    (0..view.doc.position_count())
        .take_while(|_| !cancel.is_cancelled())
        .filter_map(move |index| locate::position(&view, index))
}

/// One symbol per position; cut short when `cancel` is raised.
pub fn document_symbols(view: &DocView<'_>, cancel: &Cancel) -> DocumentSymbolResponse {
    if view.caps.hierarchical_symbols {
        let symbols = all(view, cancel)
            .map(|located| {
                let range = located.full_range(view);
                let first = located.position.first_line;
                let selection = tower_lsp_server::ls_types::Range::new(
                    range.start,
                    line_end(view.doc.rope(), first, view.enc()),
                );
                #[expect(deprecated, reason = "the field must be written; `tags` replaces it")]
                DocumentSymbol {
                    name: located.label(),
                    detail: None,
                    kind: SymbolKind::OBJECT,
                    tags: None,
                    deprecated: None,
                    range,
                    selection_range: selection,
                    children: None,
                }
            })
            .collect();
        DocumentSymbolResponse::Nested(symbols)
    } else {
        let symbols = all(view, cancel)
            .map(|located| {
                #[expect(deprecated, reason = "the field must be written; `tags` replaces it")]
                SymbolInformation {
                    name: located.label(),
                    kind: SymbolKind::OBJECT,
                    tags: None,
                    deprecated: None,
                    location: Location::new(view.uri.clone(), located.full_range(view)),
                    container_name: None,
                }
            })
            .collect();
        DocumentSymbolResponse::Flat(symbols)
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
            collapsed_text: view.caps.folding_collapsed_text.then(|| located.label()),
        })
        .collect()
}
