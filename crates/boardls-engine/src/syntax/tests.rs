//! Tests of parts of the parser that read whole files for their positions.
//! They sit here rather than in the parts' own files: the reader of files
//! (`file.rs`) imports those parts, so a part's test that read a file
//! would import its own importer.

mod position {
    use crate::diagnostics::{Severity, Span};
    use crate::games::{Cell, GameKind};
    use crate::syntax::file::parse_file;
    use crate::syntax::position::{CodeCount, DocPosition, JudgedBoard, ParsedPosition};

    const TOMEK: &str = "1\nXXXT\n....\nOO..\n....\n";

    fn first(kind: GameKind, text: &str) -> ParsedPosition {
        parse_file(kind, text)
            .positions
            .into_iter()
            .next()
            .expect("a position")
    }

    #[test]
    fn the_verdict_is_the_judges_in_every_game() {
        let tomek = first(GameKind::Tomek, TOMEK);
        let at = DocPosition::new(40, &tomek);
        assert_eq!(at.verdict_text().as_deref(), Some("X won"));
        assert_eq!(at.verdict(), tomek.verdict());
        let go = first(GameKind::Go9, &format!("1\n\n{}", ".........\n".repeat(9)));
        assert_eq!(
            DocPosition::fresh(&go).verdict_text().as_deref(),
            Some("Can not kill in one move!!!")
        );
        let broken = first(GameKind::Tomek, "1\nXXX\n");
        assert_eq!(DocPosition::fresh(&broken).verdict(), None);
        assert_eq!(broken.verdict_text(), None);
    }

    #[test]
    fn a_cell_has_a_span_only_on_the_board() {
        let tomek = first(GameKind::Tomek, TOMEK);
        // Rows from line 0 of the position (its first content line).
        assert_eq!(tomek.cell_span(Cell::new(0, 3)), Some(Span::new(0, 3, 4)));
        assert_eq!(tomek.cell_span(Cell::new(2, 1)), Some(Span::new(2, 1, 2)));
        assert_eq!(tomek.cell_span(Cell::new(0, 4)), None);
        assert_eq!(tomek.cell_span(Cell::new(4, 0)), None);
        assert_eq!(
            DocPosition::new(9, &tomek).cell_span(Cell::new(1, 1)),
            tomek.cell_span(Cell::new(1, 1))
        );
    }

    /// A regular board of each game, the relative line of each row, and
    /// the byte width of a row.
    fn regular_boards() -> [(ParsedPosition, Vec<u32>, u32); 3] {
        let band = "... ... ...\n... ... ...\n... ... ...\n";
        let uttt = format!("{band}\n{band}\n{band}6 4\n");
        let go = format!("1\n\n{}", ".x.o.....\n".repeat(9));
        [
            (
                first(GameKind::Uttt, &uttt),
                vec![0, 1, 2, 4, 5, 6, 8, 9, 10],
                11,
            ),
            (first(GameKind::Go9, &go), (0..9).collect(), 9),
            (first(GameKind::Tomek, TOMEK), (0..4).collect(), 4),
        ]
    }

    #[test]
    fn each_byte_of_a_row_is_its_cell_and_each_cell_its_byte() {
        for (parsed, row_lines, width) in regular_boards() {
            let kind = parsed.kind;
            let mut cells = 0;
            for (row, &line) in row_lines.iter().enumerate() {
                assert_eq!(
                    crate::syntax::position::row_span_in(kind, &parsed.row_lines, row),
                    Span::new(line, 0, width),
                    "{kind:?}: row {row}"
                );
                for byte in 0..width + 3 {
                    let expected = match kind {
                        // `ccc ccc ccc`: bytes 3 and 7 are spaces.
                        GameKind::Uttt if byte < 11 && byte % 4 != 3 => Some(byte - byte / 4),
                        GameKind::Uttt => None,
                        _ => (byte < width).then_some(byte),
                    };
                    let found = parsed.cell_at(line, byte);
                    let expected = expected.map(|col| Cell::new(row as u8, col as u8));
                    assert_eq!(found, expected, "{kind:?}: line {line}, byte {byte}");
                    if let Some(cell) = found {
                        cells += 1;
                        assert_eq!(
                            parsed.cell_span(cell),
                            Some(Span::new(line, byte, byte + 1)),
                            "{kind:?}: {cell:?}"
                        );
                    }
                }
            }
            assert_eq!(cells, row_lines.len() * row_lines.len(), "{kind:?}");
            // A line that holds no row holds no cell.
            let after = row_lines.last().map_or(0, |last| last + 1);
            assert_eq!(parsed.cell_at(after, 0), None, "{kind:?}");
            assert_eq!(
                DocPosition::new(7, &parsed).cell_at(0, 0),
                parsed.cell_at(0, 0)
            );
        }
    }

    #[test]
    fn a_row_read_irregularly_has_no_cells() {
        // The second row has a tab for the space between its fields.
        let band = "... ... ...\n...\t... ...\n... ... ...\n";
        let parsed = first(GameKind::Uttt, &format!("{band}\n{band}\n{band}6 4\n"));
        assert_eq!(parsed.cell_at(0, 0), Some(Cell::new(0, 0)));
        assert_eq!(parsed.cell_at(1, 0), None);
        assert_eq!(parsed.regular_row_width(1), None);
        assert_eq!(parsed.regular_row_width(0), Some(11));
    }

    #[test]
    fn the_last_lines_of_a_position_are_its_own() {
        let (uttt, _, _) = regular_boards().into_iter().next().expect("uttt");
        // Eleven lines of board and the last move's line.
        assert_eq!(uttt.last_line(), uttt.first_line + 11);
        let at = DocPosition::new(20, &uttt);
        assert_eq!(at.last_line(), 31);
        assert_eq!(at.last_move_line(), Some(31));
        let tomek = first(GameKind::Tomek, TOMEK);
        assert_eq!(DocPosition::new(5, &tomek).last_line(), 8);
        assert_eq!(DocPosition::new(5, &tomek).last_move_line(), None);
    }

    #[test]
    fn a_row_line_has_the_boards_width_and_others_none() {
        let tomek = first(GameKind::Tomek, TOMEK);
        assert_eq!(tomek.regular_row_width(0), Some(4));
        assert_eq!(tomek.regular_row_width(3), Some(4));
        assert_eq!(tomek.regular_row_width(4), None);
        let at = DocPosition::new(10, &tomek);
        assert_eq!(at.regular_row_width(13), Some(4));
        assert_eq!(at.regular_row_width(14), None);
        assert_eq!(at.regular_row_width(9), None);
    }

    #[test]
    fn diagnostics_are_there_exactly_when_it_says_so() {
        let clean = first(GameKind::Tomek, TOMEK);
        assert!(clean.diagnostics_plain().is_empty());
        assert!(!DocPosition::fresh(&clean).has_diagnostics());
        let faulty = first(GameKind::Tomek, "1\nXXXT\n..?.\nOO..\n....\n");
        assert!(!faulty.diagnostics_plain().is_empty());
        assert!(DocPosition::fresh(&faulty).has_diagnostics());
    }

    #[test]
    fn a_tally_counts_each_code_apart() {
        // Two cells of another character and a missing row: two codes.
        let parsed = first(GameKind::Tomek, "1\nXX?T\n..?.\nOO..\n");
        let mut expected: Vec<CodeCount> = Vec::new();
        for d in parsed.diagnostics_plain() {
            match expected.iter_mut().find(|c| c.code == d.code) {
                Some(c) => c.count += 1,
                None => expected.push(CodeCount {
                    code: d.code,
                    severity: d.severity,
                    count: 1,
                }),
            }
        }
        assert!(expected.len() >= 2, "{expected:?}");
        assert_eq!(parsed.tally(), &expected[..]);
    }

    #[test]
    fn counts_are_added_and_taken_away_by_code_and_severity() {
        let count = |code, severity, count| CodeCount {
            code,
            severity,
            count,
        };
        let mut totals = vec![count("a", Severity::Error, 2)];
        CodeCount::count_into(
            &mut totals,
            &[
                count("a", Severity::Error, 3),
                count("a", Severity::Warning, 1),
                count("b", Severity::Error, 4),
            ],
            true,
        );
        assert_eq!(
            totals,
            [
                count("a", Severity::Error, 5),
                count("a", Severity::Warning, 1),
                count("b", Severity::Error, 4)
            ]
        );
        CodeCount::count_into(
            &mut totals,
            &[
                count("a", Severity::Error, 1),
                count("b", Severity::Error, 9),
                count("c", Severity::Error, 1),
            ],
            false,
        );
        assert_eq!(
            totals,
            [
                count("a", Severity::Error, 4),
                count("a", Severity::Warning, 1),
                count("b", Severity::Error, 0)
            ]
        );
    }

    /// A large document keeps one position per board: their size is most
    /// of its memory (figures: BENCHMARKS.md, "A smaller position").
    #[test]
    fn a_position_stays_small() {
        assert_eq!(std::mem::size_of::<JudgedBoard>(), 24);
        assert_eq!(std::mem::align_of::<ParsedPosition>(), 8);
        assert!(std::mem::size_of::<ParsedPosition>() <= 136);
    }
}

mod quiet {
    use crate::games::GameKind;
    use crate::syntax::file::parse_file;
    use crate::syntax::quiet::{Stops, skip_quiet};

    /// The line and byte each line starts at.
    fn line_starts(text: &str) -> Vec<usize> {
        std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect()
    }

    /// `quiet` boards, each `count` times with an empty line after, then
    /// `loud`: every quiet one is skipped, and it stops at `loud`'s first
    /// line with it read, and the search after it where the line reader
    /// ends it.
    fn skips_to_the_loud_one(kind: GameKind, quiet: &str, count: usize, loud: &str) {
        let text = format!("{}{loud}\n{quiet}", format!("{quiet}\n").repeat(count));
        let parsed = parse_file(kind, &text);
        assert!(
            parsed.positions[..count]
                .iter()
                .all(|p| !p.has_diagnostics())
        );
        let loud_read = &parsed.positions[count];
        assert!(loud_read.has_diagnostics());
        let starts = line_starts(&text);

        let stop = skip_quiet(kind, text.as_bytes(), 0, 0, Stops::AtFacts);
        assert_eq!(stop.skipped, count, "{kind:?}");
        assert_eq!(stop.line, loud_read.first_line);
        assert_eq!(stop.at, starts[loud_read.first_line as usize]);
        let (board, (next_line, next_at)) = stop
            .board
            .unwrap_or_else(|| panic!("the loud board of {kind:?}, read"));
        assert_eq!(&board, loud_read);
        // The empty line after it is looked at: the next search starts
        // after the board's own lines.
        let after = loud_read.first_line + loud_read.line_count;
        assert_eq!((next_line, next_at), (after, starts[after as usize]));

        // Every board stopped at: the first, with where the second starts.
        let every = skip_quiet(kind, text.as_bytes(), 0, 0, Stops::AtEvery);
        assert_eq!((every.skipped, every.line, every.at), (0, 0, 0));
        let (first, (line, at)) = every.board.expect("the first board, read");
        assert_eq!(&first, &parsed.positions[0]);
        let second = parsed.positions[1].first_line;
        assert!(line <= second && line >= first.line_count, "{line}");
        assert_eq!(at, starts[line as usize]);
    }

    #[test]
    fn quiet_boards_of_each_game_are_skipped_to_the_first_with_facts() {
        let empty_go = ".........\n".repeat(9);
        let mut atari = empty_go.clone();
        atari.replace_range(0..2, "xo");
        atari.replace_range(10..11, "o");
        skips_to_the_loud_one(GameKind::Go9, &empty_go, 3, &atari);
        skips_to_the_loud_one(
            GameKind::Tomek,
            "XOXO\nXOXO\nOXOX\nOXOX\n",
            4,
            "TT..\n....\n....\n....\n",
        );
        let uttt = |last: &str, marked: &str| {
            format!(
                "... ... ...\n... ... ...\n... ... ...\n\n... ... ...\n... ... ...\n... {marked} ...\n\n... ... ...\n... ... ...\n... ... ...\n{last}\n"
            )
        };
        skips_to_the_loud_one(GameKind::Uttt, &uttt("6 4", "x.."), 2, &uttt("6 4", "x!."));
    }
}
