//! Line splitting shared by the parser, documents and `check`.
//!
//! Lines end at `\n`, `\r\n` or `\r` and nowhere else, exactly as a
//! `ropey::Rope` built with the `cr_lines` feature (and no `unicode_lines`)
//! splits them, and as LSP counts them. A text with `k` line breaks has
//! `k + 1` lines: a final line break is followed by an empty last line.
//!
//! A leaf: it imports nothing from the crate, and everything that reads
//! lines (the parser, documents, `check`, the server) builds on it.

use std::borrow::Cow;

/// Random access to the lines of a text, without their line endings: a
/// `&str` ([`TextLines`]) or a document's rope.
pub trait LineSource {
    fn line_count(&self) -> u32;
    /// Line `index` without its line ending; empty past the end.
    fn line(&self, index: u32) -> Cow<'_, str>;
}

/// A count or offset as a line or column number, which are `u32` (as in
/// LSP); past `u32::MAX` it saturates rather than wrapping.
pub fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// `line` without its line ending (`\r\n`, `\n` or `\r`), if it has one.
pub(crate) fn strip_line_end(line: &str) -> &str {
    line.strip_suffix("\r\n")
        .or_else(|| line.strip_suffix('\n'))
        .or_else(|| line.strip_suffix('\r'))
        .unwrap_or(line)
}

/// The byte offset where each line of `text` starts; never empty.
pub(crate) fn line_starts(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut starts = Vec::with_capacity(bytes.len() / 16 + 1);
    starts.push(0);
    // Without any `\r` (almost every file; std looks with memchr), `\n`
    // alone breaks lines: test eight bytes at a time, since `check` builds
    // this index twice (to parse and to print). Board lines are short, too
    // short for a memchr per line to pay.
    if !text.contains('\r') {
        newline_starts(bytes, &mut starts);
        return starts;
    }
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => starts.push(i + 1),
            b'\r' => {
                // `\r\n` is one break; a lone `\r` is a break of its own.
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                starts.push(i + 1);
            }
            _ => {}
        }
        i += 1;
    }
    starts
}

const LOW_BITS: u64 = 0x7f7f_7f7f_7f7f_7f7f;
const NEWLINES: u64 = 0x0a0a_0a0a_0a0a_0a0a;

/// The high bit of each byte of `word` that is a `\n` (exact: the
/// additions never carry from one byte into the next).
const fn newline_bits(word: u64) -> u64 {
    let word = word ^ NEWLINES;
    !(((word & LOW_BITS) + LOW_BITS) | word | LOW_BITS)
}

/// How many `\n` bytes there are, eight at a time.
fn count_newlines(bytes: &[u8]) -> usize {
    let mut chunks = bytes.chunks_exact(8);
    let mut count = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        count += newline_bits(word).count_ones() as usize;
    }
    count + chunks.remainder().iter().filter(|&&b| b == b'\n').count()
}

/// How many `\r` bytes break a line of their own (a `\r\n` is counted
/// by its `\n`).
fn lone_returns(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .enumerate()
        .filter(|&(i, &b)| b == b'\r' && bytes.get(i + 1) != Some(&b'\n'))
        .count()
}

/// From line `line` starting at byte `start`, forward over whole words
/// while the line reached stays at or before `target`: the line and start
/// reached (a text without `\r`).
fn skip_newlines(bytes: &[u8], mut line: u32, mut start: usize, target: u32) -> (u32, usize) {
    let mut at = start;
    while let Some(chunk) = bytes.get(at..at + 8) {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let mut hits = newline_bits(word);
        let n = hits.count_ones();
        if line + n >= target {
            // Take this word's breaks one by one, up to the target.
            while hits != 0 && line < target {
                start = at + hits.trailing_zeros() as usize / 8 + 1;
                line += 1;
                hits &= hits - 1;
            }
            return (line, start);
        }
        if n > 0 {
            start = at + (63 - hits.leading_zeros() as usize) / 8 + 1;
            line += n;
        }
        at += 8;
    }
    (line, start)
}

/// Pushes the offset after each `\n` of `bytes`.
fn newline_starts(bytes: &[u8], starts: &mut Vec<usize>) {
    let mut chunks = bytes.chunks_exact(8);
    let mut base = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let mut hits = newline_bits(word);
        while hits != 0 {
            starts.push(base + hits.trailing_zeros() as usize / 8 + 1);
            hits &= hits - 1;
        }
        base += 8;
    }
    for (i, &byte) in chunks.remainder().iter().enumerate() {
        if byte == b'\n' {
            starts.push(base + i + 1);
        }
    }
}

/// Bit `i` set where byte `i` of the window equals `byte`: one vector
/// compare and a move-mask (SSE2 is part of every x86_64).
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) fn byte_mask(window: &[u8; 16], byte: u8) -> u16 {
    use std::arch::x86_64::{_mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8};
    // SAFETY: SSE2 is in the x86_64 baseline, and the unaligned load reads
    // exactly the 16 bytes of `window`.
    unsafe {
        let bytes = _mm_loadu_si128(window.as_ptr().cast());
        _mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(byte as i8))) as u16
    }
}

#[cfg(not(target_arch = "x86_64"))]
#[inline]
pub(crate) fn byte_mask(window: &[u8; 16], byte: u8) -> u16 {
    let mut mask = 0u16;
    for (i, &b) in window.iter().enumerate() {
        mask |= u16::from(b == byte) << i;
    }
    mask
}

/// The lines of a `&str`, without their line endings, indexed once.
pub struct TextLines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> TextLines<'a> {
    pub fn new(text: &'a str) -> Self {
        TextLines {
            text,
            starts: line_starts(text),
        }
    }

    pub fn text(&self) -> &'a str {
        self.text
    }

    pub fn len(&self) -> usize {
        self.starts.len()
    }

    pub fn is_empty(&self) -> bool {
        // There is always at least one (possibly empty) line.
        false
    }

    /// Byte offset of the start of line `index` (the text's length past the end).
    pub fn line_start(&self, index: usize) -> usize {
        self.starts.get(index).copied().unwrap_or(self.text.len())
    }

    /// Line `index` without its line ending; empty past the end.
    pub fn get(&self, index: usize) -> &'a str {
        let Some(&start) = self.starts.get(index) else {
            return "";
        };
        let end = self.line_start(index + 1);
        self.text
            .get(start..end)
            .map(strip_line_end)
            .unwrap_or_default()
    }
}

impl LineSource for TextLines<'_> {
    fn line_count(&self) -> u32 {
        to_u32(self.starts.len())
    }

    fn line(&self, index: u32) -> Cow<'_, str> {
        Cow::Borrowed(self.get(index as usize))
    }
}

/// The lines of a `&str` for reading it from top to bottom, without an
/// index: a cursor remembers the last line asked for, and the next request
/// walks from there (or from the top, when that is nearer). Reading goes
/// forward a line or two at a time, so each line costs a scan of its own
/// bytes, and a file of millions of lines is read without the 8 bytes per
/// line that an index of its line starts would take.
pub struct CursorLines<'a> {
    text: &'a str,
    line_count: u32,
    /// Whether any `\r` breaks lines; without, long jumps count `\n`s
    /// eight bytes at a time.
    has_cr: bool,
    /// The line the cursor is on, the byte where that line starts and the
    /// byte where its content ends.
    cursor: std::cell::Cell<(u32, usize, usize)>,
}

impl<'a> CursorLines<'a> {
    pub fn new(text: &'a str) -> Self {
        let bytes = text.as_bytes();
        let has_cr = text.contains('\r');
        // Counted, not indexed: with `\r`s too, the index this type does
        // without would be built only to take its length.
        let breaks = count_newlines(bytes) + if has_cr { lone_returns(bytes) } else { 0 };
        CursorLines {
            text,
            line_count: to_u32(breaks + 1),
            has_cr,
            cursor: std::cell::Cell::new((0, 0, content_end(bytes, 0))),
        }
    }

    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The byte where line `index` starts (the text's length past the end).
    pub fn line_start(&self, index: u32) -> usize {
        self.seek(index).1
    }

    /// Puts the cursor on line `index`, which the caller knows to start
    /// at byte `start` (a reader that went ahead by itself, counting line
    /// breaks); the next request then walks from there. Ignored when
    /// `start` is no line's start or `index` is past the end.
    pub fn place(&self, index: u32, start: usize) {
        let bytes = self.text.as_bytes();
        let at_line_start = start == 0
            || matches!(bytes.get(start - 1), Some(b'\n'))
            || (matches!(bytes.get(start - 1), Some(b'\r')) && bytes.get(start) != Some(&b'\n'));
        if index < self.line_count && start <= bytes.len() && at_line_start {
            self.cursor.set((index, start, content_end(bytes, start)));
        }
    }

    /// Moves the cursor to line `index` (< the line count): its start and
    /// the end of its content.
    fn seek(&self, index: u32) -> (u32, usize, usize) {
        let bytes = self.text.as_bytes();
        if index >= self.line_count {
            return (index, bytes.len(), bytes.len());
        }
        let (mut line, mut start, mut end) = self.cursor.get();
        if line == index {
            return (line, start, end);
        }
        if index < line && index < line - index {
            (line, start, end) = (0, 0, content_end(bytes, 0));
        }
        if !self.has_cr && index > line + 8 {
            // A long jump forward (a renderer's first look at a line far
            // down): whole words at a time.
            (line, start) = skip_newlines(bytes, line, start, index);
            end = content_end(bytes, start);
        }
        while line < index {
            // Past the line's break (`\r\n` is one).
            start = end
                + if bytes.get(end..end + 2) == Some(b"\r\n") {
                    2
                } else {
                    1
                };
            end = content_end(bytes, start);
            line += 1;
        }
        while line > index {
            start = previous_line_start(bytes, start);
            end = content_end(bytes, start);
            line -= 1;
        }
        self.cursor.set((line, start, end));
        (line, start, end)
    }

    /// Line `index` without its line ending; empty past the end.
    pub fn get(&self, index: u32) -> &'a str {
        if index >= self.line_count {
            return "";
        }
        let (_, start, end) = self.seek(index);
        self.text.get(start..end).unwrap_or_default()
    }
}

/// Where the content of the line starting at `start` ends (its break, or
/// the end of the text).
fn content_end(bytes: &[u8], start: usize) -> usize {
    let rest = &bytes[start.min(bytes.len())..];
    start.min(bytes.len())
        + rest
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .unwrap_or(rest.len())
}

/// The start of the line before the one starting at `start` (> 0).
fn previous_line_start(bytes: &[u8], start: usize) -> usize {
    // Step over the previous line's break (`\n`, `\r\n` or `\r`).
    let mut end = start.saturating_sub(1);
    if end > 0 && bytes[end] == b'\n' && bytes[end - 1] == b'\r' {
        end -= 1;
    }
    bytes[..end]
        .iter()
        .rposition(|&b| b == b'\n' || b == b'\r')
        .map_or(0, |at| at + 1)
}

impl LineSource for CursorLines<'_> {
    fn line_count(&self) -> u32 {
        self.line_count
    }

    fn line(&self, index: u32) -> Cow<'_, str> {
        Cow::Borrowed(self.get(index))
    }
}

/// Byte `at` of `text`, clamped to its length, then moved back to a char
/// boundary (`str::floor_char_boundary`, which is newer than the minimum
/// Rust this crate supports).
pub fn floor_char_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// Byte `at` of `text`, clamped to its length, then moved on to a char
/// boundary.
pub fn ceil_char_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// The prefix of `line` up to byte `byte` (clamped to a char boundary at or
/// before it).
fn prefix(line: &str, byte: u32) -> &str {
    &line[..floor_char_boundary(line, byte as usize)]
}

/// How many characters of `line` come before byte `byte`.
pub fn char_column(line: &str, byte: u32) -> u32 {
    to_u32(prefix(line, byte).chars().count())
}

/// How many UTF-16 code units of `line` come before byte `byte`.
pub fn utf16_column(line: &str, byte: u32) -> u32 {
    to_u32(prefix(line, byte).chars().map(char::len_utf16).sum())
}

#[cfg(test)]
mod tests {
    use crate::text::*;

    fn lines(text: &str) -> Vec<&str> {
        let lines = TextLines::new(text);
        (0..lines.len()).map(|i| lines.get(i)).collect()
    }

    #[test]
    fn newline_starts_match_a_byte_loop() {
        // Every placement of line breaks in texts up to 19 bytes (chunks
        // of eight plus remainders), with multi-byte chars around them.
        for len in 0..20usize {
            for seed in 0..64u64 {
                let text: String = (0..len)
                    .map(|i| match (seed >> (i % 6)) & 3 {
                        0 => '\n',
                        1 => 'é',
                        _ => char::from(b'a' + (i % 26) as u8),
                    })
                    .collect();
                let expected: Vec<usize> = std::iter::once(0)
                    .chain(
                        text.bytes()
                            .enumerate()
                            .filter(|&(_, b)| b == b'\n')
                            .map(|(i, _)| i + 1),
                    )
                    .collect();
                assert_eq!(line_starts(&text), expected, "{text:?}");
            }
        }
    }

    #[test]
    fn splits_like_ropey_with_cr_lines() {
        for text in [
            "",
            "a",
            "a\n",
            "a\r\nb",
            "a\rb\r",
            "a\n\rb",
            "\r\n\r\n",
            "a\u{b}b\u{c}c\u{85}d\u{2028}e",
            "é\r\u{1F600}\n",
        ] {
            let rope = ropey::Rope::from_str(text);
            let expected: Vec<String> = rope
                .lines()
                .map(|line| strip_line_end(&line.to_string()).to_owned())
                .collect();
            assert_eq!(lines(text), expected, "{text:?}");
        }
    }

    #[test]
    fn cursor_lines_match_the_index_in_any_order() {
        // Lines of 0 to 12 bytes: long jumps cross words in every way.
        let long: String = (0..300)
            .map(|i| format!("{}\n", ".".repeat(i * 7 % 13)))
            .collect();
        for text in [
            "",
            "a",
            "a\n",
            "a\r\nb\n\nc",
            "a\rb\r",
            "a\n\rb\r\n\r\n",
            "\r\n\r\n",
            "é\r\u{1F600}\n.x\n",
            &long,
        ] {
            let expected = lines(text);
            let cursor = CursorLines::new(text);
            assert_eq!(cursor.line_count() as usize, expected.len(), "{text:?}");
            let n = expected.len() as u32 + 2;
            // Forwards, backwards, and jumping about.
            let order = (0..n)
                .chain((0..n).rev())
                .chain((0..n).map(|i| (i * 7) % n));
            for i in order {
                let want = expected.get(i as usize).copied().unwrap_or("");
                assert_eq!(cursor.get(i), want, "{text:?} line {i}");
            }
        }
    }

    #[test]
    fn columns_count_chars_and_utf16_units() {
        let line = "a\u{1F600}é.";
        assert_eq!(char_column(line, 5), 2);
        assert_eq!(utf16_column(line, 5), 3);
        assert_eq!(char_column(line, 100), 4);
        // Inside a multi-byte character: the column of that character.
        assert_eq!(char_column(line, 2), 1);
    }
}
