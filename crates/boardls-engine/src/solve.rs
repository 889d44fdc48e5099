//! `boardls solve`: the three judges, streaming their input to their
//! output (`src/main.rs` gives them stdin and stdout).
//!
//! Input is read as the judges read it, token by token (`cin >> s`), so any
//! whitespace layout works. Format faults stop the run with a one-line
//! message naming the case and line; semantic guarantees the judges make
//! (an occupied last-move cell, an empty cell somewhere) are not enforced
//! here, since the rule is still defined without them.

use std::fmt;
use std::io::{self, Read, Write};

use crate::games::{Cell, CellSet, GameKind, go9, tomek, uttt};
use crate::text::byte_mask;

/// Why a run stopped early.
#[derive(Debug)]
pub enum SolveError {
    /// The input does not have the judge's format.
    Input {
        /// 1-based case number, when the fault is inside a case.
        case: Option<u64>,
        /// 1-based line number.
        line: u64,
        message: String,
    },
    Io(io::Error),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Input {
                case: Some(case),
                line,
                message,
            } => write!(f, "case {case}, line {line}: {message}"),
            SolveError::Input {
                case: None,
                line,
                message,
            } => write!(f, "line {line}: {message}"),
            SolveError::Io(err) => write!(f, "{err}"),
        }
    }
}

impl std::error::Error for SolveError {}

impl From<io::Error> for SolveError {
    fn from(err: io::Error) -> Self {
        SolveError::Io(err)
    }
}

/// Reads the judge's input for `kind` from `input` and writes the judge's
/// output to `output`. Output of the cases before a fault is written.
pub fn solve(kind: GameKind, input: impl Read, output: impl Write) -> Result<(), SolveError> {
    let mut tokens = Tokens::new(input);
    let mut out = Output::new(output);
    let result = match kind {
        GameKind::Uttt => solve_uttt(&mut tokens, &mut out),
        GameKind::Go9 => solve_counted(&mut tokens, &mut out, read_go9_verdict),
        GameKind::Tomek => solve_counted(&mut tokens, &mut out, read_tomek_verdict),
    };
    // Whatever was judged before a fault is still the judge's output.
    let flushed = out.finish();
    result.and(flushed.map_err(SolveError::Io))
}

/// A token: a maximal run of non-whitespace bytes, and its 1-based line.
struct Token<'a> {
    text: &'a [u8],
    line: u64,
}

impl Token<'_> {
    fn shown(&self) -> String {
        const LIMIT: usize = 40;
        let text = String::from_utf8_lossy(&self.text[..self.text.len().min(LIMIT)]);
        if self.text.len() > LIMIT {
            format!("`{text}…`")
        } else {
            format!("`{text}`")
        }
    }

    fn integer(&self) -> Option<u64> {
        if self.text.is_empty() || self.text.len() > 18 {
            return None;
        }
        self.text.iter().try_fold(0u64, |n, &b| {
            b.is_ascii_digit().then(|| n * 10 + u64::from(b - b'0'))
        })
    }
}

/// Whitespace-separated tokens over a reader, through one reused buffer.
struct Tokens<R> {
    reader: R,
    buf: Vec<u8>,
    start: usize,
    end: usize,
    eof: bool,
    line: u64,
}

const CHUNK: usize = 1 << 18;

impl<R: Read> Tokens<R> {
    fn new(reader: R) -> Self {
        Tokens {
            reader,
            buf: vec![0; CHUNK],
            start: 0,
            end: 0,
            eof: false,
            line: 1,
        }
    }

    /// Keeps `buf[start..end]`, moves it to the front and reads more after
    /// it. Returns false at end of input.
    fn refill(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        self.buf.copy_within(self.start..self.end, 0);
        self.end -= self.start;
        self.start = 0;
        if self.buf.len() - self.end < CHUNK / 2 {
            self.buf.resize(self.buf.len() * 2, 0);
        }
        loop {
            match self.reader.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.end += n;
                    return Ok(true);
                }
                Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                Err(err) => return Err(err),
            }
        }
    }

    /// Skips whitespace, counting lines. Returns false at end of input.
    fn skip_whitespace(&mut self) -> io::Result<bool> {
        loop {
            while self.start < self.end {
                match self.buf[self.start] {
                    b'\n' => self.line += 1,
                    b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {}
                    _ => return Ok(true),
                }
                self.start += 1;
            }
            self.start = self.end;
            if !self.refill()? {
                return Ok(false);
            }
        }
    }

    /// The next `len` bytes, reading more if needed; `None` near the end of
    /// the input, where fewer remain.
    fn window(&mut self, len: usize) -> io::Result<Option<&[u8]>> {
        while self.end - self.start < len {
            if !self.refill()? {
                return Ok(None);
            }
        }
        Ok(Some(&self.buf[self.start..self.start + len]))
    }

    fn next(&mut self) -> io::Result<Option<Token<'_>>> {
        if !self.skip_whitespace()? {
            return Ok(None);
        }
        // Find the token's end, reading more while it runs to the buffer's end.
        let mut len = 1;
        loop {
            match self.buf[self.start + len..self.end]
                .iter()
                .position(|&b| b.is_ascii_whitespace() || b == 0x0b)
            {
                Some(n) => {
                    len += n;
                    break;
                }
                None => {
                    len = self.end - self.start;
                    if !self.refill()? {
                        break;
                    }
                }
            }
        }
        let text = &self.buf[self.start..self.start + len];
        self.start += len;
        Ok(Some(Token {
            text,
            line: self.line,
        }))
    }

    /// The next token, or a fault naming what was expected.
    /// `what` is built only on a fault: this runs once per board row.
    fn expect(
        &mut self,
        case: Option<u64>,
        what: impl FnOnce() -> String,
    ) -> Result<Token<'_>, SolveError> {
        if !self.skip_whitespace()? {
            return Err(SolveError::Input {
                case,
                line: self.line,
                message: format!("expected {}, found end of input", what()),
            });
        }
        self.next()?
            .ok_or_else(|| io::ErrorKind::UnexpectedEof.into())
            .map_err(SolveError::Io)
    }
}

/// Buffered output flushed in large blocks.
struct Output<W: Write> {
    writer: W,
    buf: Vec<u8>,
}

impl<W: Write> Output<W> {
    fn new(writer: W) -> Self {
        Output {
            writer,
            buf: Vec::with_capacity(CHUNK + 256),
        }
    }

    fn maybe_flush(&mut self) -> io::Result<()> {
        if self.buf.len() >= CHUNK {
            self.writer.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    fn case_line(&mut self, case: u64, verdict: &str) -> io::Result<()> {
        self.buf.extend_from_slice(b"Case #");
        self.buf
            .extend_from_slice(itoa::Buffer::new().format(case).as_bytes());
        self.buf.extend_from_slice(b": ");
        self.buf.extend_from_slice(verdict.as_bytes());
        self.buf.push(b'\n');
        self.maybe_flush()
    }

    fn finish(mut self) -> io::Result<()> {
        self.writer.write_all(&self.buf)?;
        self.writer.flush()
    }
}

fn bad_row(case: u64, token: &Token, row: usize, of: usize, cells: &str) -> SolveError {
    SolveError::Input {
        case: Some(case),
        line: token.line,
        message: if token.text.len() == of {
            let bad = token
                .text
                .iter()
                .find(|&&b| !cells.as_bytes().contains(&b))
                .map_or(String::new(), |&b| {
                    String::from_utf8_lossy(&[b]).into_owned()
                });
            let expected = cells
                .chars()
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(", ");
            format!("row {row} of the board: expected cells {expected}, found `{bad}`")
        } else {
            format!(
                "row {row} of the board has {} characters ({}), expected {of}",
                token.text.len(),
                token.shown()
            )
        },
    }
}

/// go9 and tomek inputs: an optional count `T`, then boards, one verdict line
/// per board. Without a count, boards are read to the end of the input.
fn solve_counted<R: Read, W: Write>(
    tokens: &mut Tokens<R>,
    out: &mut Output<W>,
    read_verdict: fn(&mut Tokens<R>, u64) -> Result<Option<&'static str>, SolveError>,
) -> Result<(), SolveError> {
    let count = match tokens.next()? {
        None => {
            return Err(SolveError::Input {
                case: None,
                line: tokens.line,
                message: "expected the number of cases, found end of input".into(),
            });
        }
        Some(token) => match token.integer() {
            Some(count) => Some(count),
            // A row-like first token: boards without a count line.
            None if token
                .text
                .iter()
                .all(|&b| b.is_ascii_alphabetic() || b == b'.') =>
            {
                let line = token.line;
                let len = token.text.len();
                tokens.start -= len;
                tokens.line = line;
                None
            }
            None => {
                return Err(SolveError::Input {
                    case: None,
                    line: token.line,
                    message: format!("expected the number of cases, found {}", token.shown()),
                });
            }
        },
    };
    let mut case = 1;
    while count.is_none_or(|count| case <= count) {
        match read_verdict(tokens, case)? {
            Some(verdict) => out.case_line(case, verdict)?,
            None if count.is_none() => return Ok(()),
            None => {
                return Err(SolveError::Input {
                    case: Some(case),
                    line: tokens.line,
                    message: format!(
                        "the count line says {} cases, the input ends after {}",
                        count.unwrap_or(0),
                        case - 1
                    ),
                });
            }
        }
        case += 1;
    }
    match tokens.next()? {
        None => Ok(()),
        Some(token) => Err(SolveError::Input {
            case: Some(case),
            line: token.line,
            message: format!(
                "the count line says {} cases, but more input follows: {}",
                case - 1,
                token.shown()
            ),
        }),
    }
}

/// Reads one 9×9 go board; `None` when the input ends before it starts.
fn read_go9_verdict<R: Read>(
    tokens: &mut Tokens<R>,
    case: u64,
) -> Result<Option<&'static str>, SolveError> {
    if !tokens.skip_whitespace()? {
        return Ok(None);
    }
    let (mut black, mut white) = match fast_go9_board(tokens)? {
        Some(stones) => return Ok(Some(go9_verdict(stones))),
        None => (0u128, 0u128),
    };
    for row in 0..9 {
        // The board has begun (the whitespace skip found more input), so
        // every row, the first included, is expected.
        let token = tokens.expect(Some(case), || format!("row {} of the board", row + 1))?;
        let (mut b, mut w) = (0u16, 0u16);
        let text = token.text;
        if text.len() != 9 {
            return Err(bad_row(case, &token, row + 1, 9, ".xo"));
        }
        for (col, &byte) in text.iter().enumerate() {
            match byte {
                b'x' => b |= 1 << col,
                b'o' => w |= 1 << col,
                b'.' => {}
                _ => return Err(bad_row(case, &token, row + 1, 9, ".xo")),
            }
        }
        black |= u128::from(b) << (row * 9);
        white |= u128::from(w) << (row * 9);
    }
    Ok(Some(go9_verdict((black, white))))
}

fn go9_verdict((black, white): (u128, u128)) -> &'static str {
    let board = go9::Board::from_stones(CellSet::from_bits(black), CellSet::from_bits(white));
    go9::verdict(&board).text()
}

/// The length of a row of `cells` cells with its line end (`\n` or `\r\n`),
/// judged from the first row; `None` for any other layout.
fn row_stride(first_row: &[u8], cells: usize) -> Option<usize> {
    match first_row.get(cells..cells + 2)? {
        [b'\n', _] => Some(cells + 1),
        [b'\r', b'\n'] => Some(cells + 2),
        _ => None,
    }
}

fn row_ends_at(row: &[u8], cells: usize, stride: usize) -> bool {
    match stride - cells {
        1 => row.get(cells) == Some(&b'\n'),
        _ => row.get(cells..cells + 2) == Some(b"\r\n"),
    }
}

/// The usual layout of a go board (nine rows of nine cells, each ended by a
/// line end), read sixteen bytes at a time. `None` leaves the board to the
/// token reader, which also reports any fault. It costs a handful of
/// instructions a byte, a fraction of the token path's.
fn fast_go9_board<R: Read>(tokens: &mut Tokens<R>) -> io::Result<Option<(u128, u128)>> {
    const WINDOW: usize = 16;
    let Some(bytes) = tokens.window(8 * 11 + WINDOW)? else {
        return Ok(None);
    };
    let Some(stride) = row_stride(bytes, 9) else {
        return Ok(None);
    };
    let (mut black, mut white) = (0u128, 0u128);
    for row in 0..9 {
        let Some(window) = bytes
            .get(row * stride..row * stride + WINDOW)
            .and_then(|w| <&[u8; WINDOW]>::try_from(w).ok())
        else {
            return Ok(None);
        };
        let x = byte_mask(window, b'x') & 0x1ff;
        let o = byte_mask(window, b'o') & 0x1ff;
        let dot = byte_mask(window, b'.') & 0x1ff;
        if x | o | dot != 0x1ff || !row_ends_at(window, 9, stride) {
            return Ok(None);
        }
        black |= u128::from(x) << (row * 9);
        white |= u128::from(o) << (row * 9);
    }
    tokens.start += 9 * stride;
    tokens.line += 9;
    Ok(Some((black, white)))
}

/// The usual layout of a Tomek board (four rows of four cells, each ended
/// by a line end), classified 32 bytes at a time without a branch per cell
/// (random cells made a per-byte `match` mispredict); `None` leaves the
/// board to the token reader.
fn fast_tomek_board<R: Read>(tokens: &mut Tokens<R>) -> io::Result<Option<tomek::MarkMasks>> {
    let Some(bytes) = tokens.window(32)? else {
        return Ok(None);
    };
    let Some(stride) = row_stride(bytes, 4) else {
        return Ok(None);
    };
    let (Ok(low), Ok(high)) = (
        <&[u8; 16]>::try_from(&bytes[..16]),
        <&[u8; 16]>::try_from(&bytes[16..32]),
    ) else {
        return Ok(None);
    };
    let mask = |byte| u32::from(byte_mask(low, byte)) | u32::from(byte_mask(high, byte)) << 16;
    // Gathers the four cells of each row into bits row * 4 + col.
    let cells = |bits: u32| {
        (0..4).fold(0u16, |acc, row| {
            acc | (((bits >> (row * stride)) & 0xf) as u16) << (row * 4)
        })
    };
    let masks = tomek::MarkMasks {
        x: cells(mask(b'X')),
        o: cells(mask(b'O')),
        t: cells(mask(b'T')),
        empty: cells(mask(b'.')),
    };
    let line_ends = (0..4).fold(0u32, |acc, row| acc | 1 << (row * stride + stride - 1));
    if masks.x | masks.o | masks.t | masks.empty != 0xffff || mask(b'\n') & line_ends != line_ends {
        return Ok(None);
    }
    if stride == 6 && mask(b'\r') & (line_ends >> 1) != line_ends >> 1 {
        return Ok(None);
    }
    tokens.start += 4 * stride;
    tokens.line += 4;
    Ok(Some(masks))
}

/// Reads one 4×4 Tomek board; `None` when the input ends before it starts.
fn read_tomek_verdict<R: Read>(
    tokens: &mut Tokens<R>,
    case: u64,
) -> Result<Option<&'static str>, SolveError> {
    if !tokens.skip_whitespace()? {
        return Ok(None);
    }
    if let Some(masks) = fast_tomek_board(tokens)? {
        return Ok(Some(masks.verdict().text()));
    }
    let mut board = tomek::Board::default();
    for (row, cells) in board.cells.iter_mut().enumerate() {
        // The board has begun (the whitespace skip found more input), so
        // every row, the first included, is expected.
        let token = tokens.expect(Some(case), || format!("row {} of the board", row + 1))?;
        if token.text.len() != 4 {
            return Err(bad_row(case, &token, row + 1, 4, "XOT."));
        }
        for (cell, &byte) in cells.iter_mut().zip(token.text) {
            *cell = tomek::Mark::from_byte(byte)
                .ok_or_else(|| bad_row(case, &token, row + 1, 4, "XOT."))?;
        }
    }
    Ok(Some(tomek::verdict(&board).text()))
}

/// Codeforces 907B reads one position; several in a row are judged in
/// turn, their boards separated by a blank line.
fn solve_uttt<R: Read, W: Write>(
    tokens: &mut Tokens<R>,
    out: &mut Output<W>,
) -> Result<(), SolveError> {
    let mut case = 1;
    loop {
        // The cells as sets (bit `row * 9 + col`): x, o and `!`.
        let mut sets = [0u128; 3];
        for row in 0..9 {
            // This row's: bit `col`.
            let mut row_sets = [0u16; 3];
            for group in 0..3 {
                let what = || format!("group {} of row {} of the board", group + 1, row + 1);
                let token = if row == 0 && group == 0 {
                    match tokens.next()? {
                        Some(token) => token,
                        None if case == 1 => {
                            return Err(SolveError::Input {
                                case: Some(1),
                                line: tokens.line,
                                message: format!("expected {}, found end of input", what()),
                            });
                        }
                        None => return Ok(()),
                    }
                } else {
                    tokens.expect(Some(case), what)?
                };
                let fault = |message: String| SolveError::Input {
                    case: Some(case),
                    line: token.line,
                    message,
                };
                if token.text.len() != 3 {
                    return Err(fault(format!(
                        "{} has {} characters ({}), expected 3",
                        what(),
                        token.text.len(),
                        token.shown()
                    )));
                }
                for (i, &byte) in token.text.iter().enumerate() {
                    let chip = uttt::Chip::from_byte(byte).ok_or_else(|| {
                        fault(format!(
                            "{}: expected `x`, `o` or `.`, found `{}`",
                            what(),
                            String::from_utf8_lossy(&[byte])
                        ))
                    })?;
                    let bit = 1u16 << (group * 3 + i as u8);
                    match chip {
                        uttt::Chip::X => row_sets[0] |= bit,
                        uttt::Chip::O => row_sets[1] |= bit,
                        uttt::Chip::Marked => row_sets[2] |= bit,
                        uttt::Chip::Empty => {}
                    }
                }
            }
            for (set, row_set) in sets.iter_mut().zip(row_sets) {
                *set |= u128::from(row_set) << (row * 9);
            }
        }
        let mut last_move = [0u8; 2];
        for (i, value) in last_move.iter_mut().enumerate() {
            let what = if i == 0 {
                "the last move's row x (1..9)"
            } else {
                "the last move's column y (1..9)"
            };
            let token = tokens.expect(Some(case), || what.to_string())?;
            *value = match token.integer() {
                Some(n @ 1..=9) => n as u8,
                _ => {
                    return Err(SolveError::Input {
                        case: Some(case),
                        line: token.line,
                        message: format!("expected {what}, found {}", token.shown()),
                    });
                }
            };
        }
        let board = uttt::Board::from_sets(
            CellSet::from_bits(sets[0]),
            CellSet::from_bits(sets[1]),
            CellSet::from_bits(sets[2]),
        );
        let findings = uttt::judge(&board, Cell::new(last_move[0] - 1, last_move[1] - 1));
        if case > 1 {
            out.buf.push(b'\n');
        }
        uttt::write_board(&uttt::judge_output_board(&board, &findings), &mut out.buf);
        out.maybe_flush()?;
        case += 1;
    }
}

#[cfg(test)]
mod tests {
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
        assert!(tokens.buf.len() >= long.len() && tokens.buf.len() <= 4 * CHUNK);
        drop(tokens);
        // 64 KiB a read: about 6 for the token, not one per few bytes.
        assert!(reader.reads <= 12, "{} reads", reader.reads);
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
}
