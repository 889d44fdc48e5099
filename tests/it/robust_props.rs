//! Property tests of the robustness properties the fuzz targets check
//! (`fuzz/`), bounded so the suite stays fast: the parser of each kind on
//! arbitrary text keeps every span inside it, and a document under random
//! edits at random (also out-of-range) positions in both encodings holds the
//! same text as a plain string edited with the protocol's clamping, with
//! findings equal to a fresh parse; and on any text, semantic tokens and
//! inlay hints keep the shape clients need.

use crate::support::oracle;

use boardls_engine::document::Document;
use boardls_engine::games::GameKind;
use boardls_ide::encoding::Encoding;
use boardls_ide::features::{hints, tokens};
use boardls_ide::view::{ClientCaps, DocView};
use proptest::prelude::*;
use tower_lsp_server::ls_types::{Position, Range};

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

/// The width of each line's content in `enc`'s units.
fn line_widths(text: &str, enc: Encoding) -> Vec<(u32, &str)> {
    oracle::line_ranges(text)
        .into_iter()
        .map(|(from, to)| {
            let line = &text[from..to];
            let width = match enc {
                Encoding::Utf8 => line.len(),
                Encoding::Utf16 => line.encode_utf16().count(),
            };
            (u32::try_from(width).unwrap_or(u32::MAX), line)
        })
        .collect()
}

/// Semantic tokens over `range`: sorted, apart, each on one cell character
/// of its line; and inlay hints only at the ends of lines, one a line.
fn check_shapes(kind: GameKind, text: &str, enc: Encoding, range: Range) -> Result<(), String> {
    let doc = Document::new(kind, text);
    let uri = "file:///props/board"
        .parse()
        .map_err(|_| "uri".to_owned())?;
    let view = DocView {
        uri: &uri,
        doc: &doc,
        version: 1,
        caps: ClientCaps {
            encoding: enc,
            ..ClientCaps::default()
        },
    };
    let lines = line_widths(text, enc);
    let (mut line, mut start, mut last_end) = (0u32, 0u32, None::<(u32, u32)>);
    for token in tokens::range(&view, range).data {
        line += token.delta_line;
        start = if token.delta_line == 0 {
            start + token.delta_start
        } else {
            token.delta_start
        };
        if let Some(end) = last_end
            && (line, start) < end
        {
            return Err(format!(
                "a token at {line}:{start} before the previous one's end {end:?}"
            ));
        }
        let (width, content) = lines
            .get(line as usize)
            .ok_or(format!("a token on line {line}, past the text"))?;
        // Cells are ASCII: the unit at `start` is the byte at `start` only
        // if no wider char stands before it; compare by chars.
        let before: String = match enc {
            Encoding::Utf8 => content
                .get(..start as usize)
                .ok_or(format!("{line}:{start} inside a char"))?
                .to_owned(),
            Encoding::Utf16 => String::from_utf16(
                &content
                    .encode_utf16()
                    .take(start as usize)
                    .collect::<Vec<_>>(),
            )
            .map_err(|e| e.to_string())?,
        };
        let cell = content[before.len()..].chars().next();
        if token.length != 1
            || start + 1 > *width
            || !matches!(cell, Some('.' | 'x' | 'o' | '!' | 'X' | 'O' | 'T'))
        {
            return Err(format!(
                "token {token:?} at {line}:{start} on {cell:?} of {content:?}"
            ));
        }
        last_end = Some((line, start + token.length));
    }
    let mut previous_line = None;
    for hint in hints::inlay_hints_with(&view, range, &boardls_ide::config::HintSettings::default())
    {
        let at = hint.position;
        let width = lines.get(at.line as usize).map(|(w, _)| *w);
        if width != Some(at.character) {
            return Err(format!("a hint inside line {}: {hint:?}", at.line));
        }
        if previous_line >= Some(at.line) {
            return Err(format!("a second hint on line {}: {hint:?}", at.line));
        }
        previous_line = Some(at.line);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn tokens_and_hints_keep_their_shape(
        kind in kind(),
        enc in encoding(),
        own in prop::option::weighted(0.7, text()),
        start in position(),
        end in position(),
    ) {
        let text = own.unwrap_or_else(|| oracle::seed(kind).to_owned());
        let everything = Range::new(Position::new(0, 0), Position::new(u32::MAX, 0));
        for range in [everything, Range::new(start, end)] {
            if let Err(problem) = check_shapes(kind, &text, enc, range) {
                prop_assert!(false, "{}", problem);
            }
        }
    }

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
