//! `check` streams: diagnostics come out as they are found, in exactly the
//! order of sorting them all, and a count line's verdict comes first even
//! when most of the file has to be read before it is known.

use crate::support::boards;
use crate::support::oracle;

use boardls::check::{OutputFormat, Summary, TextSink, check_bytes, render, sink};
use boardls_engine::document::Document;
use boardls_engine::games::GameKind;
use boardls_engine::syntax::{diagnose, parse_file};
use boards::dense_go9;
use proptest::prelude::*;

/// Texts made of board-shaped fragments, often with a count line.
fn text() -> impl Strategy<Value = String> {
    (
        prop::option::of(0u8..5),
        prop::collection::vec(prop::sample::select(oracle::FRAGMENTS), 0..60),
    )
        .prop_map(|(count, parts)| {
            let mut text = count.map(|c| format!("{c}\n")).unwrap_or_default();
            text.push_str(&parts.concat());
            text
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn boards_read_from_bytes_equal_the_line_reader(kind in (0u8..3).prop_map(oracle::kind_from), text in text()) {
        let document = Document::new(kind, &text);
        prop_assert_eq!(document.parsed_positions(), parse_file(kind, &text).positions);
    }

    #[test]
    fn streamed_diagnostics_equal_all_of_them_sorted(kind in (0u8..3).prop_map(oracle::kind_from), text in text()) {
        let all = parse_file(kind, &text).all_diagnostics();
        prop_assert_eq!(diagnose(kind, &text), all);
    }
}

/// `.uttt` files of positions in the usual layout (markers right, wrong or
/// missing; full boards; empty last-move cells), some with one byte
/// changed, separated by empty, blank or comment lines, or none.
fn uttt_text() -> impl Strategy<Value = String> {
    let position = (
        prop::collection::vec(prop::sample::select(&b"xo.!"[..]), 81),
        (1u8..=9, 1u8..=9),
        prop::option::weighted(0.3, (0usize..113, prop::sample::select(oracle::FRAGMENTS))),
        prop::sample::select(&["\n", "\n\n", "\n\n\n", "\n \n", "\n# c\n", "\n\n#\n", ""][..]),
    );
    (prop::collection::vec(position, 1..12), any::<bool>()).prop_map(|(positions, crlf)| {
        let mut text = String::new();
        for (cells, (row, col), change, end) in positions {
            let mut board = String::new();
            for (r, line) in cells.chunks(9).enumerate() {
                if r == 3 || r == 6 {
                    board.push('\n');
                }
                for (c, &cell) in line.iter().enumerate() {
                    if c == 3 || c == 6 {
                        board.push(' ');
                    }
                    board.push(char::from(cell));
                }
                board.push('\n');
            }
            board.push_str(&format!("{row} {col}"));
            if let Some((at, fragment)) = change {
                board.replace_range(at..at + 1, fragment);
            }
            text.push_str(&board);
            text.push_str(end);
        }
        if crlf {
            text = text.replace('\n', "\r\n");
        }
        text
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Positions read from their bytes (opening a document; `check`,
    /// which skips the quiet ones) are what the line reader reads.
    #[test]
    fn uttt_positions_read_from_bytes_equal_the_line_reader(text in uttt_text()) {
        let kind = GameKind::Uttt;
        let document = Document::new(kind, &text);
        let fresh = parse_file(kind, &text);
        prop_assert_eq!(document.parsed_positions(), fresh.positions.clone());
        prop_assert_eq!(document.diagnostics(), fresh.all_diagnostics());
        prop_assert_eq!(diagnose(kind, &text), fresh.all_diagnostics());
    }
}

#[test]
fn a_wrong_count_comes_first_even_past_what_is_held_back() {
    // About 7 findings a board: well past the 20,000 diagnostics held back
    // before the count line can be judged, so the rest is read again.
    let text = dense_go9(5000, 4999, 0);
    let all = parse_file(GameKind::Go9, &text).all_diagnostics();
    assert!(all.len() > 25_000, "{}", all.len());
    let streamed = diagnose(GameKind::Go9, &text);
    assert_eq!(streamed[0].code, "file/count-mismatch");
    assert_eq!(streamed, all);
}

#[test]
fn past_what_is_held_back_only_the_positions_with_findings_are_read_again() {
    // Quiet boards between those with findings, and positions the line
    // reader takes (comments, `\r\n`, a bad cell): the count goes on
    // past 20,000 findings, and the positions with findings are read
    // again from where the count noted them.
    const BOARDS: [&str; 6] = [
        "XO..\n.X..\n..O.\n....\n",
        "TTTT\nT...\n....\n....\n",
        "XXXT\nOO..\n....\n....\n",
        "# a comment\nTT..\n....\n....\n....\n",
        "TT..\r\n....\r\n..O.\r\n....\r\n",
        "X?..\n....\nT..T\n....\n",
    ];
    for (count, boards) in [(20_000, 20_000), (20_001, 20_000)] {
        let mut text = format!("{count}\n");
        let mut random = boards::Rng(7);
        for i in 0..boards {
            if i > 0 {
                text.push('\n');
            }
            // Mostly the first two: quiet boards and five findings each.
            let pick = match random.below(10) {
                0..=3 => 0,
                4..=6 => 1,
                _ => 2 + random.below(4),
            };
            text.push_str(BOARDS[pick]);
        }
        let all = parse_file(GameKind::Tomek, &text).all_diagnostics();
        assert!(all.len() > 25_000, "{}", all.len());
        assert_eq!(diagnose(GameKind::Tomek, &text), all);
    }
}

#[test]
fn dense_and_quiet_files_read_from_bytes_equal_the_line_reader() {
    let dense = dense_go9(300, 300, 0);
    let mut quiet = String::from("40\n");
    for i in 0..40 {
        quiet.push_str(if i % 2 == 0 {
            "XO..\n.X..\n..O.\n....\n\n"
        } else {
            "XXXT\nOO..\n....\n....\n\n"
        });
    }
    for (kind, text) in [
        (GameKind::Go9, dense.as_str()),
        (GameKind::Tomek, quiet.as_str()),
    ] {
        for text in [
            text.to_owned(),
            text.trim_end().to_owned(),
            text.replace('\n', "\r\n"),
        ] {
            let document = Document::new(kind, &text);
            let fresh = parse_file(kind, &text);
            assert_eq!(document.parsed_positions(), fresh.positions);
            assert_eq!(document.diagnostics(), fresh.all_diagnostics());
            assert_eq!(diagnose(kind, &text), fresh.all_diagnostics());
        }
    }
}

#[test]
fn check_bytes_renders_what_render_renders() {
    for (count, boards) in [(30, 30), (31, 30)] {
        let text = dense_go9(boards, count, 0);
        let mut expected = String::new();
        let all = diagnose(GameKind::Go9, &text);
        render(OutputFormat::Concise, "d.go9", &text, &all, &mut expected);
        let (mut out, mut written) = (Vec::new(), Vec::new());
        let mut summary = Summary::default();
        check_bytes(
            "d.go9",
            GameKind::Go9,
            text.as_bytes(),
            None,
            &mut TextSink::default(),
            &mut summary,
            &mut out,
            &mut written,
        )
        .unwrap();
        written.extend_from_slice(&out);
        assert_eq!(String::from_utf8(written).unwrap(), expected);
        assert_eq!(
            summary.errors + summary.warnings + summary.information,
            all.len()
        );
        assert_eq!(summary.files, 1);
    }
}

/// Records the size of each write.
#[derive(Default)]
struct Writes {
    sizes: Vec<usize>,
    bytes: Vec<u8>,
}

impl std::io::Write for Writes {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.sizes.push(buf.len());
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Every format streams: what a run holds before writing stays small
/// however many findings there are (SARIF and the JSON array too: opened
/// first, closed last), and the pieces add up to the whole rendering.
#[test]
fn every_format_streams_in_bounded_pieces() {
    let text = dense_go9(1500, 1500, 0);
    let all = diagnose(GameKind::Go9, &text);
    assert!(all.len() > 8_000, "{}", all.len());
    for format in OutputFormat::ALL {
        let mut sink = sink(format);
        let (mut out, mut writes) = (Vec::new(), Writes::default());
        let mut summary = Summary::default();
        sink.start(&mut out);
        check_bytes(
            "d.go9",
            GameKind::Go9,
            text.as_bytes(),
            None,
            &mut *sink,
            &mut summary,
            &mut out,
            &mut writes,
        )
        .unwrap();
        sink.summary(&summary, &mut out);
        let held_at_end = out.len();
        writes.bytes.extend_from_slice(&out);
        let mut whole = String::new();
        render(format, "d.go9", &text, &all, &mut whole);
        assert_eq!(
            String::from_utf8(writes.bytes).unwrap(),
            whole,
            "{format:?}"
        );
        let largest = writes.sizes.iter().copied().max().unwrap_or(0);
        assert!(
            writes.sizes.len() > 5,
            "{format:?}: {} writes",
            writes.sizes.len()
        );
        assert!(largest < 80 << 10, "{format:?}: a write of {largest} bytes");
        assert!(
            held_at_end < 80 << 10,
            "{format:?}: {held_at_end} bytes held"
        );
    }
}
