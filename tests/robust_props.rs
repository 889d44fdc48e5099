//! Property tests of the robustness properties the fuzz targets check
//! (`fuzz/`), bounded so the suite stays fast: the parser of each kind on
//! arbitrary text keeps every span inside it, and a document under random
//! edits at random (also out-of-range) positions in both encodings holds the
//! same text as a plain string edited with the protocol's clamping, with
//! findings equal to a fresh parse.

#[path = "support/oracle.rs"]
mod oracle;

use boardls::document::Document;
use boardls::games::GameKind;
use boardls::lsp::encoding::Encoding;
use proptest::prelude::*;
use tower_lsp_server::ls_types::Position;

fn kind() -> impl Strategy<Value = GameKind> {
    prop::sample::select(GameKind::ALL.to_vec())
}

fn encoding() -> impl Strategy<Value = Encoding> {
    prop::sample::select(vec![Encoding::Utf8, Encoding::Utf16])
}

/// Text made of board fragments and arbitrary chars.
fn text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        3 => prop::sample::select(oracle::FRAGMENTS).prop_map(str::to_owned),
        1 => any::<char>().prop_map(String::from),
        1 => "[xoXOT.! 0-9\r\n]{0,12}",
    ];
    prop::collection::vec(piece, 0..80).prop_map(|pieces| pieces.concat())
}

/// A line or character number: mostly near the text, sometimes far out.
fn coord() -> impl Strategy<Value = u32> {
    prop_oneof![
        6 => 0..40u32,
        1 => Just(u32::MAX),
        1 => any::<u32>(),
    ]
}

fn position() -> impl Strategy<Value = Position> {
    (coord(), coord()).prop_map(|(line, character)| Position::new(line, character))
}

fn edit() -> impl Strategy<Value = (Position, Position, String)> {
    let insert = prop_oneof![
        4 => prop::sample::select(oracle::FRAGMENTS).prop_map(str::to_owned),
        1 => any::<String>(),
    ];
    (position(), position(), insert)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn parser_spans_stay_inside_the_text(kind in kind(), text in text()) {
        if let Err(problem) = oracle::check_parse(kind, &text) {
            prop_assert!(false, "{}", problem);
        }
    }

    #[test]
    fn parser_survives_any_string(kind in kind(), text in any::<String>()) {
        if let Err(problem) = oracle::check_parse(kind, &text) {
            prop_assert!(false, "{}", problem);
        }
    }

    #[test]
    fn edits_match_a_string_and_a_fresh_parse(
        kind in kind(),
        enc in encoding(),
        own_start in prop::option::weighted(0.2, text()),
        edits in prop::collection::vec(edit(), 1..12),
    ) {
        let mut model = own_start.unwrap_or_else(|| oracle::seed(kind).to_owned());
        let mut doc = Document::new(kind, &model);
        for (start, end, insert) in edits {
            for pos in [start, end] {
                if let Err(problem) = oracle::check_conversion(&doc, &model, pos, enc) {
                    prop_assert!(false, "{}", problem);
                }
            }
            oracle::apply_to_string(&mut model, start, end, &insert, enc);
            oracle::apply_to_document(&mut doc, start, end, &insert, enc);
            if let Err(problem) = oracle::check_document(&doc, &model) {
                prop_assert!(false, "{}", problem);
            }
        }
    }
}
