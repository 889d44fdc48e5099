//! The fast readers agree with the general ones. Each format has a reader
//! for any layout and one for boards in the usual layout read straight from
//! their bytes (see ARCHITECTURE.md, "Two readers per format"); these
//! property tests compare them on usual and mutated positions.

/// `.uttt`: the reader of the usual layout against the full reader.
mod uttt {
    use crate::syntax::uttt::*;
    use crate::syntax::uttt_board;
    use crate::text::TextLines;

    use proptest::prelude::*;

    /// A position in the usual layout: random cells from one of four
    /// alphabets (markers, full boards, empty last-move cells), a last
    /// move, ended in one of three ways.
    fn usual_position() -> impl Strategy<Value = String> {
        let alphabets: [&'static [u8]; 4] = [b"xo.", b"xo.!", b"xo", b"xo...!"];
        (0..4usize, 0..3usize)
            .prop_flat_map(move |(alphabet, ending)| {
                let cell = proptest::sample::select(alphabets[alphabet]);
                (
                    proptest::collection::vec(cell, 81),
                    1..=9u8,
                    1..=9u8,
                    Just(ending),
                )
            })
            .prop_map(|(cells, row, col, ending)| {
                let mut text = String::new();
                for (row, cells) in cells.chunks(9).enumerate() {
                    if row == 3 || row == 6 {
                        text.push('\n');
                    }
                    for (col, &cell) in cells.iter().enumerate() {
                        if col == 3 || col == 6 {
                            text.push(' ');
                        }
                        text.push(char::from(cell));
                    }
                    text.push('\n');
                }
                text.push_str(&format!("{row} {col}"));
                text.push_str(["\n\n", "\n", ""][ending]);
                text
            })
    }

    /// A position in the usual layout after up to two empty lines, maybe
    /// with a byte changed, added or removed (any layout, any line
    /// ending), and something after it.
    fn mutated_position() -> impl Strategy<Value = String> {
        let bytes = [
            "x", "o", ".", "!", "X", " ", "\t", "\r", "\n", "1", "9", "0", "#", "é", "\r\n",
        ];
        let tails = ["", "\n", "  \n", "x", "# c\n"];
        (
            0..3usize,
            usual_position(),
            proptest::option::weighted(
                0.75,
                (
                    0..111usize,
                    proptest::sample::select(bytes.to_vec()),
                    any::<bool>(),
                ),
            ),
            proptest::sample::select(tails.to_vec()),
        )
            .prop_map(|(blank, position, change, tail)| {
                let mut text = "\n".repeat(blank) + &position;
                if let Some((at, with, replace)) = change {
                    let at = (blank + at).min(text.len() - 1);
                    let at = (0..=at)
                        .rev()
                        .find(|&i| text.is_char_boundary(i))
                        .unwrap_or(0);
                    let end = if replace { at + 1 } else { at };
                    let end = (end..=text.len())
                        .find(|&i| text.is_char_boundary(i))
                        .unwrap_or(text.len());
                    text.replace_range(at..end, with);
                }
                text.push_str(tail);
                text
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(600))]

        /// The short way gives what the full reader gives, whenever it
        /// reads a position at all, and it reads every position in the
        /// usual layout.
        #[test]
        fn the_short_way_reads_what_the_full_reader_reads(text in usual_position()) {
            let lines = TextLines::new(&text);
            if let Some(short) = regular(&lines, 0) {
                prop_assert_eq!(Some(short), full(&lines, 0), "{}", text);
            }
        }
    }

    /// The fast readers are not vacuously equal: they read most of the
    /// generated positions (a fixed sample, so the counts are stable).
    #[test]
    fn the_fast_readers_read_most_generated_positions() {
        use proptest::strategy::ValueTree;
        use proptest::test_runner::TestRunner;
        let mut runner = TestRunner::deterministic();
        let mut sample = |strategy: &dyn Fn() -> BoxedStrategy<String>, n: usize| -> Vec<String> {
            (0..n)
                .map(|_| strategy().new_tree(&mut runner).map(|tree| tree.current()))
                .collect::<Result<_, _>>()
                .unwrap_or_default()
        };
        let usual = sample(&|| usual_position().boxed(), 600);
        let short = usual
            .iter()
            .filter(|text| regular(&TextLines::new(text), 0).is_some())
            .count();
        assert!(short > 500, "{short}");
        let mutated = sample(&|| mutated_position().boxed(), 6000);
        let from_bytes = mutated
            .iter()
            .filter(|text| {
                let at = text.len() - text.trim_start_matches('\n').len();
                uttt_board::read_position(text.as_bytes(), at, at as u32, true).is_some()
            })
            .count();
        assert!(from_bytes > 1000, "{from_bytes}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(6000))]

        /// A position read from the bytes of the text is what the full
        /// reader reads there, on positions in the usual layout and on
        /// mutated ones; it is quiet exactly when the full reader reports
        /// nothing; and it reads every position that the short way reads
        /// with `\n` line breaks and nothing blank after it.
        #[test]
        fn positions_read_from_bytes_are_what_the_full_reader_reads(text in mutated_position()) {
            let lines = TextLines::new(&text);
            // Where `skip_quiet` would try: after the empty lines.
            let at = text.len() - text.trim_start_matches('\n').len();
            let line = at as u32;
            let fast = uttt_board::read_position(text.as_bytes(), at, line, true);
            let full = full(&lines, 0);
            if let Some(position) = &fast {
                prop_assert_eq!(position.as_ref(), full.as_ref(), "{:?}", text);
                let quiet = uttt_board::read_position(text.as_bytes(), at, line, false);
                let has_diagnostics = full.as_ref().is_some_and(|p| !p.stored.is_empty());
                prop_assert_eq!(quiet.is_some_and(|q| q.is_none()), !has_diagnostics);
            }
            let plain = !text.contains('\r') && !text.ends_with("  \n");
            if plain && regular(&lines, 0).is_some() {
                prop_assert!(fast.is_some(), "{:?}", text);
            }
        }
    }
}

/// `.go9` and `.tomek`: boards read from their bytes against the line reader.
mod square {
    use crate::games::GameKind;
    use crate::syntax::file::parse_position;
    use crate::syntax::position::board_size;
    use crate::syntax::quiet::*;
    use crate::text::TextLines;
    use proptest::prelude::*;

    /// A go or Tomek board in the usual layout after up to two empty
    /// lines, maybe with a byte changed, added or removed, and something
    /// after it.
    fn board_text(kind: GameKind) -> impl Strategy<Value = (String, bool, &'static str)> {
        let size = board_size(kind);
        let cells: &'static [u8] = match kind {
            GameKind::Go9 => b"xo.",
            _ => b"XOT.",
        };
        let bytes = [
            "x", "o", ".", "X", "O", "T", " ", "\t", "\r", "\n", "1", "#", "é", "\r\n",
        ];
        let tails = ["", "\n", "\n\n", "  \n", "x", "# c\n", "\nxo\n"];
        (
            0..3usize,
            proptest::collection::vec(proptest::sample::select(cells), size * size),
            proptest::option::weighted(
                0.5,
                (
                    0..size * (size + 1),
                    proptest::sample::select(bytes.to_vec()),
                    any::<bool>(),
                ),
            ),
            proptest::sample::select(tails.to_vec()),
        )
            .prop_map(move |(blank, cells, change, tail)| {
                let mut text = "\n".repeat(blank);
                for row in cells.chunks(size) {
                    text.extend(row.iter().map(|&c| char::from(c)));
                    text.push('\n');
                }
                if let Some((at, with, replace)) = change {
                    // The board's bytes are ASCII: every index is a boundary.
                    let at = blank + at;
                    text.replace_range(at..at + usize::from(replace), with);
                }
                text.push_str(tail);
                (text, change.is_some(), tail)
            })
    }

    /// The board read from its bytes is the position the line reader
    /// reads there, and it starts the next search where the line reader
    /// does; a skipped board is one the line reader finds nothing to say
    /// about; and a board in the usual layout is always taken by the fast
    /// path.
    fn fast_and_line_readers_agree(
        kind: GameKind,
        (text, changed, tail): (String, bool, &str),
    ) -> Result<(), TestCaseError> {
        let text = text.as_str();
        let bytes = text.as_bytes();
        let lines = TextLines::new(text);
        let kept = skip_quiet(kind, bytes, 0, 0, Stops::AtEvery);
        prop_assert_eq!(kept.skipped, 0);
        let full = parse_position(kind, &lines, kept.line);
        if let Some((fast, (next_line, next_at))) = &kept.board {
            prop_assert_eq!(Some(fast), full.as_ref(), "{:?}", text);
            prop_assert_eq!(*next_line, fast.first_line + fast.line_count, "{:?}", text);
            prop_assert_eq!(
                *next_at,
                lines.line_start(*next_line as usize),
                "{:?}",
                text
            );
        }
        let skipping = skip_quiet(kind, bytes, 0, 0, Stops::AtFacts);
        if skipping.skipped > 0 {
            prop_assert!(kept.board.is_some());
            prop_assert!(
                full.as_ref().is_some_and(|p| !p.has_diagnostics()),
                "{:?}",
                text
            );
        } else if let (Some((fast, _)), Some(_)) = (&skipping.board, &kept.board) {
            prop_assert!(fast.has_diagnostics(), "{:?}", text);
        }
        // Unchanged and followed by an empty line or the end: the usual
        // layout, which the fast path must take.
        let usual = !changed
            && !text.trim_start_matches('\n').contains(['\r', ' ', '#'])
            && matches!(tail.bytes().next(), None | Some(b'\n'));
        if usual {
            prop_assert!(kept.board.is_some(), "{:?}", text);
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn go9_boards_read_from_bytes_are_what_the_line_reader_reads(text in board_text(GameKind::Go9)) {
            fast_and_line_readers_agree(GameKind::Go9, text)?;
        }

        #[test]
        fn tomek_boards_read_from_bytes_are_what_the_line_reader_reads(text in board_text(GameKind::Tomek)) {
            fast_and_line_readers_agree(GameKind::Tomek, text)?;
        }
    }
}
