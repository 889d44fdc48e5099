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
pub fn strip_line_end(line: &str) -> &str {
    line.strip_suffix("\r\n")
        .or_else(|| line.strip_suffix('\n'))
        .or_else(|| line.strip_suffix('\r'))
        .unwrap_or(line)
}

/// The byte offset where each line of `text` starts; never empty.
pub fn line_starts(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut starts = Vec::with_capacity(bytes.len() / 16 + 1);
    starts.push(0);
    // Without any `\r` (almost every file; std looks with memchr), `\n`
    // alone breaks lines: test eight bytes at a time. (Profile of `check`
    // on a 1 MB .go9 file: the byte loop below took 15 instructions a
    // byte, 17% of the run, the index being built once to parse and once
    // to print. Board lines are ~10 bytes, too short for a memchr per line
    // to pay.)
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

/// Pushes the offset after each `\n` of `bytes`.
fn newline_starts(bytes: &[u8], starts: &mut Vec<usize>) {
    const LOW_BITS: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const NEWLINES: u64 = 0x0a0a_0a0a_0a0a_0a0a;
    let mut chunks = bytes.chunks_exact(8);
    let mut base = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8])) ^ NEWLINES;
        // The high bit of each byte that is zero, i.e. was a `\n` (exact:
        // the additions never carry from one byte into the next).
        let mut hits = !(((word & LOW_BITS) + LOW_BITS) | word | LOW_BITS);
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
/// bytes; a 91 MB file is read without the 8 bytes per line that an index
/// of its 10 million line starts would take.
pub struct CursorLines<'a> {
    text: &'a str,
    line_count: u32,
    /// The line the cursor is on, and the byte where that line starts.
    cursor: std::cell::Cell<(u32, usize)>,
}

impl<'a> CursorLines<'a> {
    pub fn new(text: &'a str) -> Self {
        let bytes = text.as_bytes();
        let breaks = if text.contains('\r') {
            line_starts(text).len() - 1
        } else {
            bytes.iter().filter(|&&b| b == b'\n').count()
        };
        CursorLines {
            text,
            line_count: to_u32(breaks + 1),
            cursor: std::cell::Cell::new((0, 0)),
        }
    }

    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The byte where line `index` starts (the text's length past the end).
    pub fn line_start(&self, index: u32) -> usize {
        if index >= self.line_count {
            return self.text.len();
        }
        let (mut line, mut start) = self.cursor.get();
        if index < line && index < line - index {
            (line, start) = (0, 0);
        }
        let bytes = self.text.as_bytes();
        while line < index {
            start = next_line_start(bytes, start);
            line += 1;
        }
        while line > index {
            start = previous_line_start(bytes, start);
            line -= 1;
        }
        self.cursor.set((line, start));
        start
    }

    /// Line `index` without its line ending; empty past the end.
    pub fn get(&self, index: u32) -> &'a str {
        if index >= self.line_count {
            return "";
        }
        let start = self.line_start(index);
        let rest = &self.text.as_bytes()[start..];
        let end = rest
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .unwrap_or(rest.len());
        self.text.get(start..start + end).unwrap_or_default()
    }
}

/// The start of the line after the one starting at `start` (the text's
/// length when there is none).
fn next_line_start(bytes: &[u8], start: usize) -> usize {
    let rest = &bytes[start.min(bytes.len())..];
    match rest.iter().position(|&b| b == b'\n' || b == b'\r') {
        Some(at) if rest[at] == b'\r' && rest.get(at + 1) == Some(&b'\n') => start + at + 2,
        Some(at) => start + at + 1,
        None => bytes.len(),
    }
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

/// The prefix of `line` up to byte `byte` (clamped to a char boundary at or
/// before it).
fn prefix(line: &str, byte: u32) -> &str {
    let mut end = (byte as usize).min(line.len());
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    &line[..end]
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
        for text in [
            "",
            "a",
            "a\n",
            "a\r\nb\n\nc",
            "a\rb\r",
            "a\n\rb\r\n\r\n",
            "\r\n\r\n",
            "é\r\u{1F600}\n.x\n",
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
