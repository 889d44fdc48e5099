//! The fast readers, the token window and the output, by unit.

use super::*;

/// A reader that hands out at most `step` bytes a read, as a pipe
/// does, and counts its reads; `interrupt_first` answers the first
/// read with `Interrupted`, which a reader may do at any time.
struct Trickle<'a> {
    bytes: &'a [u8],
    step: usize,
    reads: usize,
    interrupt_first: bool,
}

impl<'a> Trickle<'a> {
    fn new(bytes: &'a [u8], step: usize) -> Self {
        Trickle {
            bytes,
            step,
            reads: 0,
            interrupt_first: false,
        }
    }
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.reads += 1;
        if std::mem::take(&mut self.interrupt_first) {
            return Err(io::ErrorKind::Interrupted.into());
        }
        let n = self.step.min(buf.len()).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

/// A go board whose every row differs from the others and holds each
/// of `x`, `o` and `.`: a shifted row or column changes the stones.
const GO_ROWS: [&str; 9] = [
    "xo.xx.oo.",
    ".xo..xoox",
    "o.x.o.x.o",
    "xxo..oxx.",
    "..oxo.x.x",
    "ox.ooxx..",
    "x..x.o.ox",
    ".oxo..xxo",
    "oo.x.xo..",
];

/// The stones of `rows` as the token reader sets them: bit `row * 9 + col`.
fn stones(rows: &[&str]) -> (u128, u128) {
    let (mut black, mut white) = (0u128, 0u128);
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.bytes().enumerate() {
            match cell {
                b'x' => black |= 1 << (r * 9 + c),
                b'o' => white |= 1 << (r * 9 + c),
                _ => {}
            }
        }
    }
    (black, white)
}

/// `rows` each ended by `end`, then `after`.
fn laid_out(rows: &[&str], end: &str, after: &str) -> String {
    rows.iter()
        .map(|row| format!("{row}{end}"))
        .collect::<String>()
        + after
}

#[test]
fn the_fast_go_reader_takes_the_usual_layout_as_the_tokens_read_it() {
    for end in ["\n", "\r\n"] {
        // The fast reader looks 16 bytes past a board's last row
        // start: a second board gives it room.
        let text = laid_out(&GO_ROWS, end, &laid_out(&GO_ROWS, end, ""));
        let mut tokens = Tokens::new(Trickle::new(text.as_bytes(), 7));
        let read = fast_go9_board(&mut tokens).unwrap();
        assert_eq!(read, Some(stones(&GO_ROWS)), "{end:?}");
        assert_eq!(tokens.start, 9 * (9 + end.len()), "{end:?}");
        assert_eq!(tokens.line, 10, "{end:?}");
    }
}

fn as_strs(rows: &[String; 9]) -> [&str; 9] {
    rows.each_ref().map(String::as_str)
}

#[test]
fn the_fast_go_reader_leaves_any_other_layout_to_the_tokens() {
    let board = |rows: &[&str], end: &str| laid_out(rows, end, &laid_out(&GO_ROWS, "\n", ""));
    let mut long_middle = GO_ROWS.map(str::to_owned);
    long_middle[4].push('x');
    let mut long_last = GO_ROWS.map(str::to_owned);
    long_last[8].push('o');
    let mut short_last = GO_ROWS.map(str::to_owned);
    short_last[8].pop();
    let mut bad_cell = GO_ROWS.map(str::to_owned);
    bad_cell[6].replace_range(3..4, "X");
    let mut spaced = GO_ROWS.map(str::to_owned);
    spaced[2].push(' ');
    let layouts = [
        board(&as_strs(&long_middle), "\n"),
        board(&as_strs(&long_last), "\n"),
        board(&as_strs(&short_last), "\n"),
        board(&as_strs(&bad_cell), "\r\n"),
        board(&as_strs(&spaced), "\n"),
        board(&GO_ROWS, "\r"),
        board(&GO_ROWS, " \n"),
        // LF rows after a CRLF first row.
        format!("{}\r\n{}", GO_ROWS[0], board(&GO_ROWS[1..], "\n")),
        // The last board, with fewer bytes after it than the reader looks at.
        laid_out(&GO_ROWS, "\n", ""),
    ];
    for text in layouts {
        let mut tokens = Tokens::new(text.as_bytes());
        assert_eq!(fast_go9_board(&mut tokens).unwrap(), None, "{text:?}");
        assert_eq!((tokens.start, tokens.line), (0, 1), "{text:?}");
    }
}

const TOMEK_ROWS: [&str; 4] = ["XO.T", ".XXO", "O.OX", "XT.."];

fn mark_masks(rows: &[&str]) -> tomek::MarkMasks {
    let mask = |mark: u8| {
        rows.iter().enumerate().fold(0u16, |acc, (r, row)| {
            row.bytes()
                .enumerate()
                .filter(|&(_, cell)| cell == mark)
                .fold(acc, |acc, (c, _)| acc | 1 << (r * 4 + c))
        })
    };
    tomek::MarkMasks {
        x: mask(b'X'),
        o: mask(b'O'),
        t: mask(b'T'),
        empty: mask(b'.'),
    }
}

#[test]
fn the_fast_tomek_reader_takes_the_usual_layout_as_the_tokens_read_it() {
    for end in ["\n", "\r\n"] {
        let text = laid_out(&TOMEK_ROWS, end, &laid_out(&TOMEK_ROWS, end, ""));
        let mut tokens = Tokens::new(Trickle::new(text.as_bytes(), 3));
        let read = fast_tomek_board(&mut tokens).unwrap();
        assert_eq!(read, Some(mark_masks(&TOMEK_ROWS)), "{end:?}");
        assert_eq!(tokens.start, 4 * (4 + end.len()), "{end:?}");
        assert_eq!(tokens.line, 5, "{end:?}");
    }
}

#[test]
fn the_fast_tomek_reader_leaves_any_other_layout_to_the_tokens() {
    let next = laid_out(&TOMEK_ROWS, "\n", "");
    let layouts = [
        format!("XO.T\nXO.TX\nO.OX\nXT..\n{next}"),
        format!("XO.T\nXO.\nO.OX.\nXT..\n{next}"),
        format!("XO.T\nXO.T\nO.OX\nXT.x\n{next}"),
        format!("XO.T\r\nXO.T\r\nO.OX \nXT..\r\n{next}"),
        format!("XO.T\r\nXO.T\nO.OX\r\nXT..\r\n{next}"),
        format!("XO.T\rXO.T\rO.OX\rXT..\r{next}"),
        laid_out(&TOMEK_ROWS, "\n", ""),
    ];
    for text in layouts {
        let mut tokens = Tokens::new(text.as_bytes());
        assert_eq!(fast_tomek_board(&mut tokens).unwrap(), None, "{text:?}");
        assert_eq!((tokens.start, tokens.line), (0, 1), "{text:?}");
    }
}

#[test]
fn a_window_gathers_its_bytes_across_reads_and_ends_with_the_input() {
    let text: Vec<u8> = (0..200u8).collect();
    let mut tokens = Tokens::new(Trickle::new(&text, 1));
    assert_eq!(tokens.window(150).unwrap(), Some(&text[..150]));
    tokens.start += 100;
    assert_eq!(tokens.window(100).unwrap(), Some(&text[100..]));
    assert_eq!(tokens.window(101).unwrap(), None);
}

#[test]
fn the_buffer_keeps_its_size_for_short_tokens_and_doubles_for_a_long_one() {
    let short = b"3\nXXXT\n....\nOO..\n....\n";
    let mut tokens = Tokens::new(Trickle::new(short, 1));
    while tokens.next().unwrap().is_some() {}
    assert_eq!(
        tokens.buf.len(),
        CHUNK,
        "after short tokens read a byte at a time"
    );

    let long = vec![b'x'; CHUNK * 3 / 2];
    let mut reader = Trickle::new(&long, 1 << 16);
    let mut tokens = Tokens::new(&mut reader);
    let token = tokens.next().unwrap().expect("a token");
    assert_eq!((token.text.len(), token.line), (long.len(), 1));
    // Grown once, when less than half a chunk was left (at 192 KiB of
    // 256): growing at exactly half (128 KiB) would end at 4 chunks.
    assert_eq!(tokens.buf.len(), 2 * CHUNK);
    drop(tokens);
    // 64 KiB a read: about 6 for the token, not one per few bytes.
    assert!(reader.reads <= 12, "{} reads", reader.reads);

    // Reads that never leave exactly half a chunk free: the buffer
    // still grows, and the token comes whole.
    let mut tokens = Tokens::new(Trickle::new(&long, 100_000));
    let token = tokens.next().unwrap().expect("a token");
    assert_eq!(token.text.len(), long.len());
    assert_eq!(tokens.buf.len(), 2 * CHUNK);
}

#[test]
fn an_interrupted_read_is_retried_and_a_failed_one_ends_the_run() {
    let input = b"1\nXXXT\n....\nOO..\n....\n";
    let mut reader = Trickle::new(input, 5);
    reader.interrupt_first = true;
    let mut out = Vec::new();
    solve(GameKind::Tomek, reader, &mut out).unwrap();
    assert_eq!(out, b"Case #1: X won\n");

    struct Broken;
    impl Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::other("the disk is gone"))
        }
    }
    let failed = solve(GameKind::Go9, Broken, io::sink()).unwrap_err();
    assert!(
        matches!(&failed, SolveError::Io(err) if err.to_string() == "the disk is gone"),
        "{failed:?}"
    );
}

/// A writer that keeps the size of each write.
#[derive(Default)]
struct Writes(Vec<usize>);

impl Write for Writes {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.push(buf.len());
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn the_output_goes_out_in_large_blocks_as_the_cases_are_judged() {
    let boards = 40_000;
    let input = format!(
        "{boards}\n{}",
        laid_out(&TOMEK_ROWS, "\n", "\n").repeat(boards)
    );
    let mut writes = Writes::default();
    solve(GameKind::Tomek, input.as_bytes(), &mut writes).unwrap();
    let total: usize = writes.0.iter().sum();
    assert!(total > 2 * CHUNK, "{total} bytes of output");
    let (last, blocks) = writes.0.split_last().expect("some output");
    assert!(blocks.len() >= 2, "{:?}", writes.0);
    assert!(blocks.iter().all(|&len| len >= CHUNK), "{:?}", writes.0);
    assert!(*last < CHUNK + 256, "{:?}", writes.0);
}
