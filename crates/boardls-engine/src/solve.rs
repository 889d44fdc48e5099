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
mod tests;
