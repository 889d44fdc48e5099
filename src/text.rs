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
    fn columns_count_chars_and_utf16_units() {
        let line = "a\u{1F600}é.";
        assert_eq!(char_column(line, 5), 2);
        assert_eq!(utf16_column(line, 5), 3);
        assert_eq!(char_column(line, 100), 4);
        // Inside a multi-byte character: the column of that character.
        assert_eq!(char_column(line, 2), 1);
    }
}
