//! Lines as the three readers see them (blank, comment or content), and
//! how a message names what it found in one.

use crate::i18n::Message;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LineKind {
    /// Only spaces and tabs.
    Blank,
    /// First non-blank character `#`: skipped as if absent.
    Comment,
    Content,
}

pub(super) const fn is_blank_char(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// Whether the line holds only spaces and tabs ([`LineKind::Blank`]).
pub(super) fn is_blank(line: &str) -> bool {
    line.bytes().all(|b| b == b' ' || b == b'\t')
}

/// Whether the line is a comment ([`LineKind::Comment`]): judges read it
/// as input, so a judge profile forbids it.
pub fn is_comment(line: &str) -> bool {
    classify(line) == LineKind::Comment
}

pub(super) fn classify(line: &str) -> LineKind {
    match line.bytes().find(|&b| b != b' ' && b != b'\t') {
        None => LineKind::Blank,
        Some(b'#') => LineKind::Comment,
        Some(_) => LineKind::Content,
    }
}

/// The line without trailing spaces and tabs, which are ignored.
pub(super) fn trim_trailing_blanks(line: &str) -> &str {
    line.trim_end_matches(is_blank_char)
}

/// How a character found in the wrong place is named in a message.
pub(super) fn describe(c: char) -> Message {
    match c {
        ' ' => crate::i18n::message!("syntax-a-space"),
        '\t' => crate::i18n::message!("syntax-a-tab"),
        c if c.is_control() => {
            crate::i18n::message!("syntax-char", char = c.escape_default().to_string())
        }
        c => crate::i18n::message!("syntax-char", char = c),
    }
}

/// User text for a message (which quotes it), shortened when long (a
/// line may be megabytes).
pub(super) fn shortened(text: &str) -> String {
    const LIMIT: usize = 16;
    match text.char_indices().nth(LIMIT) {
        Some((cut, _)) => [&text[..cut], "…"].concat(),
        None => text.to_owned(),
    }
}
