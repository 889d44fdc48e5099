//! Positions on the wire versus positions in the rope.
//!
//! LSP counts a position's `character` in the negotiated encoding (UTF-8
//! bytes or UTF-16 code units) within its line; the rope counts chars, and
//! the engine reports byte columns within a line. Every conversion here
//! clamps instead of panicking: a line past the end means the end of the
//! document, a character past the line's end means the line's end (line
//! ends themselves are never addressable), and a character inside a
//! multi-byte char or a surrogate pair means the start of that char.

use ropey::{Rope, RopeSlice};

use boardls_engine::text::{floor_char_boundary, to_u32, utf16_column};
use ls_types::{ClientCapabilities, Position, PositionEncodingKind, Range};

/// The unit of `Position::character`, negotiated at `initialize`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    /// The protocol's default when the client offers nothing else.
    #[default]
    Utf16,
}

impl Encoding {
    /// UTF-8 when the client lists it (no conversion on ASCII-heavy boards
    /// and none for the engine's byte columns), else the mandatory UTF-16.
    pub(crate) fn negotiate(caps: &ClientCapabilities) -> Encoding {
        let offered = caps
            .general
            .as_ref()
            .and_then(|general| general.position_encodings.as_deref())
            .unwrap_or_default();
        if offered.contains(&PositionEncodingKind::UTF8) {
            Encoding::Utf8
        } else {
            Encoding::Utf16
        }
    }

    pub fn kind(self) -> PositionEncodingKind {
        match self {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
        }
    }
}

/// Length in chars of a line slice without its line end (`\n`, `\r\n`, `\r`).
fn content_chars(line: RopeSlice<'_>) -> usize {
    let mut len = line.len_chars();
    if len > 0 && line.char(len - 1) == '\n' {
        len -= 1;
    }
    if len > 0 && line.char(len - 1) == '\r' {
        len -= 1;
    }
    len
}

/// A line's text without its line end, or `None` past the last line.
pub(crate) fn line_content(rope: &Rope, line: usize) -> Option<RopeSlice<'_>> {
    let slice = rope.get_line(line)?;
    Some(slice.slice(..content_chars(slice)))
}

/// The char index an LSP position designates, clamped into the document.
pub fn position_to_char(rope: &Rope, pos: Position, enc: Encoding) -> usize {
    let line = pos.line as usize;
    let Some(content) = line_content(rope, line) else {
        return rope.len_chars();
    };
    let start = rope.line_to_char(line);
    let character = pos.character as usize;
    let col = match enc {
        Encoding::Utf8 => {
            // `byte_to_char` maps a byte inside a char to that char's start.
            content.byte_to_char(character.min(content.len_bytes()))
        }
        Encoding::Utf16 => {
            // Likewise for a code unit between the halves of a surrogate pair.
            content.utf16_cu_to_char(character.min(content.len_utf16_cu()))
        }
    };
    start + col
}

/// The LSP position of a char index (clamped to the document's end).
pub(crate) fn char_to_position(rope: &Rope, char_idx: usize, enc: Encoding) -> Position {
    let char_idx = char_idx.min(rope.len_chars());
    let line = rope.char_to_line(char_idx);
    let col = char_idx - rope.line_to_char(line);
    let slice = rope.line(line);
    let character = match enc {
        Encoding::Utf8 => slice.char_to_byte(col),
        Encoding::Utf16 => slice.char_to_utf16_cu(col),
    };
    Position::new(to_u32(line), to_u32(character))
}

/// The LSP position of byte column `byte_col` of line `line` (the engine's
/// coordinates), clamped to the line's content and the document.
pub(crate) fn line_byte_to_position(
    rope: &Rope,
    line: u32,
    byte_col: u32,
    enc: Encoding,
) -> Position {
    match line_content(rope, line as usize) {
        Some(content) => content_byte_to_position(content, line, byte_col, enc),
        None => char_to_position(rope, rope.len_chars(), enc),
    }
}

/// [`line_byte_to_position`] on the line's content, already looked up.
fn content_byte_to_position(
    content: RopeSlice<'_>,
    line: u32,
    byte_col: u32,
    enc: Encoding,
) -> Position {
    let byte_col = (byte_col as usize).min(content.len_bytes());
    // ASCII lines (the usual board) need no conversion in either encoding.
    if content.len_bytes() == content.len_chars() {
        return Position::new(line, to_u32(byte_col));
    }
    let col = content.byte_to_char(byte_col);
    let character = match enc {
        // Snap a column inside a char back to its start.
        Encoding::Utf8 => content.char_to_byte(col),
        Encoding::Utf16 => content.char_to_utf16_cu(col),
    };
    Position::new(line, to_u32(character))
}

/// The LSP range of an engine span: one line, byte columns `[start, end)`.
/// The line is looked up once for both ends: the rope's line look-ups were
/// most of converting a publish (figures: BENCHMARKS.md, "Figures behind
/// the code").
pub(crate) fn span_to_range(
    rope: &Rope,
    line: u32,
    start_byte: u32,
    end_byte: u32,
    enc: Encoding,
) -> Range {
    let Some(content) = line_content(rope, line as usize) else {
        let end = char_to_position(rope, rope.len_chars(), enc);
        return Range::new(end, end);
    };
    Range::new(
        content_byte_to_position(content, line, start_byte, enc),
        content_byte_to_position(content, line, end_byte.max(start_byte), enc),
    )
}

/// [`span_to_range`] on a line of a plain string (a file read from disk,
/// never opened): the same clamping and snapping, without a rope. `text`
/// is the line's content without its line end.
pub fn str_span_to_range(
    text: &str,
    line: u32,
    start_byte: u32,
    end_byte: u32,
    enc: Encoding,
) -> Range {
    let column = |byte: u32| match enc {
        Encoding::Utf8 => to_u32(floor_char_boundary(text, byte as usize)),
        Encoding::Utf16 => utf16_column(text, byte),
    };
    Range::new(
        Position::new(line, column(start_byte)),
        Position::new(line, column(end_byte.max(start_byte))),
    )
}

/// An LSP position as the engine's (line, byte column), clamped the same way.
pub fn position_to_line_byte(rope: &Rope, pos: Position, enc: Encoding) -> (u32, u32) {
    let char_idx = position_to_char(rope, pos, enc);
    let line = rope.char_to_line(char_idx);
    let col = char_idx - rope.line_to_char(line);
    (to_u32(line), to_u32(rope.line(line).char_to_byte(col)))
}

/// The position just past the last char of `line`'s content.
pub fn line_end(rope: &Rope, line: u32, enc: Encoding) -> Position {
    line_byte_to_position(rope, line, u32::MAX, enc)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: u32, character: u32) -> Position {
        Position::new(line, character)
    }

    /// Every (line, character) in a grid well past the text, both encodings:
    /// no panic, and the result round-trips to a valid position.
    fn assert_total(text: &str) {
        let rope = Rope::from_str(text);
        for enc in [Encoding::Utf8, Encoding::Utf16] {
            for line in 0..(rope.len_lines() as u32 + 3) {
                for character in 0..40 {
                    let c = position_to_char(&rope, pos(line, character), enc);
                    assert!(c <= rope.len_chars());
                    let back = char_to_position(&rope, c, enc);
                    assert_eq!(position_to_char(&rope, back, enc), c, "{text:?} {enc:?}");
                    let (l, b) = position_to_line_byte(&rope, pos(line, character), enc);
                    let p = line_byte_to_position(&rope, l, b, enc);
                    assert_eq!(position_to_char(&rope, p, enc), c);
                }
            }
        }
    }

    #[test]
    fn conversions_are_total_on_awkward_text() {
        for text in [
            "",
            "\n",
            "abc",
            "abc\n",
            "x.. ...\r\n# é 😀 comment\r\n... ...",
            "# 😀😀\n.x.\r\r\n\u{2028}ü",
            "\r\n\r\n",
        ] {
            assert_total(text);
        }
    }

    #[test]
    fn utf16_counts_surrogate_pairs_and_snaps_inside_them() {
        let rope = Rope::from_str("# 😀x\n");
        // '😀' is two UTF-16 units: 'x' is at 4 (UTF-16) and at 6 (UTF-8).
        assert_eq!(position_to_char(&rope, pos(0, 4), Encoding::Utf16), 3);
        assert_eq!(position_to_char(&rope, pos(0, 6), Encoding::Utf8), 3);
        // Between the halves, or inside the UTF-8 bytes: the emoji itself.
        assert_eq!(position_to_char(&rope, pos(0, 3), Encoding::Utf16), 2);
        assert_eq!(position_to_char(&rope, pos(0, 4), Encoding::Utf8), 2);
        assert_eq!(char_to_position(&rope, 3, Encoding::Utf16), pos(0, 4));
        assert_eq!(char_to_position(&rope, 3, Encoding::Utf8), pos(0, 6));
    }

    #[test]
    fn out_of_range_positions_clamp() {
        let rope = Rope::from_str("ab\r\ncd");
        // Past the line's end: the end of its content, not inside "\r\n".
        assert_eq!(position_to_char(&rope, pos(0, 99), Encoding::Utf16), 2);
        // No final newline: the last line ends at the document's end.
        assert_eq!(position_to_char(&rope, pos(1, 99), Encoding::Utf8), 6);
        // line == len_lines and beyond: the document's end.
        assert_eq!(position_to_char(&rope, pos(2, 0), Encoding::Utf8), 6);
        assert_eq!(
            position_to_char(&rope, pos(u32::MAX, 7), Encoding::Utf16),
            6
        );
        let rope = Rope::from_str("ab\n");
        // A final newline leaves an empty last line: {line: 1, character: 0}.
        assert_eq!(position_to_char(&rope, pos(1, 0), Encoding::Utf16), 3);
        assert_eq!(char_to_position(&rope, 3, Encoding::Utf16), pos(1, 0));
    }

    #[test]
    fn engine_byte_columns_map_to_both_encodings() {
        // "é" is 2 bytes / 1 unit, "😀" 4 bytes / 2 units.
        let rope = Rope::from_str("ok\r\n# é😀 x\r\n");
        let r = span_to_range(&rope, 1, 9, 10, Encoding::Utf16);
        assert_eq!(r, Range::new(pos(1, 6), pos(1, 7)));
        let r = span_to_range(&rope, 1, 9, 10, Encoding::Utf8);
        assert_eq!(r, Range::new(pos(1, 9), pos(1, 10)));
        // A column inside "😀" snaps to its start; past the end, to the end.
        assert_eq!(
            line_byte_to_position(&rope, 1, 6, Encoding::Utf16),
            pos(1, 3)
        );
        assert_eq!(
            line_byte_to_position(&rope, 1, 6, Encoding::Utf8),
            pos(1, 4)
        );
        assert_eq!(line_end(&rope, 1, Encoding::Utf16), pos(1, 7));
        assert_eq!(line_end(&rope, 0, Encoding::Utf8), pos(0, 2));
        // A line past the end: the document's end.
        assert_eq!(
            line_byte_to_position(&rope, 9, 0, Encoding::Utf8),
            pos(2, 0)
        );
    }

    #[test]
    fn plain_lines_convert_like_the_rope() {
        let text = "ok\r\n# é😀 x\r\n";
        let rope = Rope::from_str(text);
        let lines: Vec<&str> = text.split("\r\n").collect();
        for enc in [Encoding::Utf8, Encoding::Utf16] {
            for (line, content) in lines.iter().enumerate() {
                for start in 0..12 {
                    for end in start..14 {
                        let line = line as u32;
                        assert_eq!(
                            str_span_to_range(content, line, start, end, enc),
                            span_to_range(&rope, line, start, end, enc),
                            "{enc:?} line {line} [{start}, {end})"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn negotiation_prefers_utf8_only_when_offered() {
        let mut caps = ClientCapabilities::default();
        assert_eq!(Encoding::negotiate(&caps), Encoding::Utf16);
        caps.general = Some(ls_types::GeneralClientCapabilities {
            position_encodings: Some(vec![
                PositionEncodingKind::UTF16,
                PositionEncodingKind::UTF8,
            ]),
            ..Default::default()
        });
        assert_eq!(Encoding::negotiate(&caps), Encoding::Utf8);
        caps.general = Some(ls_types::GeneralClientCapabilities {
            position_encodings: Some(vec![PositionEncodingKind::UTF32]),
            ..Default::default()
        });
        assert_eq!(Encoding::negotiate(&caps), Encoding::Utf16);
    }
}
