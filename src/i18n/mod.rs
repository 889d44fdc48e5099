//! Every sentence a person reads, in English, Russian or Simplified
//! Chinese. A leaf: the engine builds a [`Message`] (a catalog key and its
//! arguments) where it finds something to say, and the front end words it
//! in its [`Locale`] at the edge, so that one parse (the daemon shares
//! them between sessions) serves sessions in different languages.
//!
//! The texts are Fluent files, one folder per language (`src/i18n/en/`,
//! `ru/`, `zh-CN/`), compiled into the binary; [`catalog`] loads them
//! once. `tests/it/catalog.rs` checks that every key the code names exists
//! in every language with the same arguments, and that no sentence is
//! built outside the catalog.

mod catalog;
mod locale;

use std::borrow::Cow;
use std::fmt;

pub use catalog::{word, word_into};
pub use locale::Locale;

/// A sentence to say: its catalog key and arguments. Worded by [`word`]
/// (or its `Display`, which is English: what scripts and logs read).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Message {
    key: &'static str,
    args: Vec<(&'static str, Arg)>,
}

/// One argument of a [`Message`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Arg {
    /// A number: the languages choose their plural forms by it.
    Number(i64),
    /// Text that is the same in every language: cells, codes, names the
    /// user wrote, the judges' verdict lines.
    Verbatim(Cow<'static, str>),
    /// Another catalog sentence, worded in the same language.
    Message(Box<Message>),
}

impl Message {
    /// The sentence `key` (an id of the catalog) with no arguments.
    pub const fn new(key: &'static str) -> Self {
        Message {
            key,
            args: Vec::new(),
        }
    }

    /// The same sentence with one more argument.
    #[must_use]
    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Self {
        self.args.push((name, value.into()));
        self
    }

    /// The catalog key.
    pub fn key(&self) -> &'static str {
        self.key
    }

    /// The arguments, by name.
    pub fn args(&self) -> &[(&'static str, Arg)] {
        &self.args
    }

    /// The sentence in `locale`.
    pub fn word(&self, locale: Locale) -> String {
        word(self, locale)
    }

    /// The English sentence: what machine formats print.
    pub fn english(&self) -> String {
        word(self, Locale::English)
    }
}

/// Text from outside the catalog, said as it is: another program's
/// error (the TOML parser's, the system's). Only the edges that receive
/// such text call it (`tests/it/catalog.rs` lists them).
impl Message {
    pub fn verbatim(text: impl Into<Cow<'static, str>>) -> Self {
        Message::new("verbatim").arg("text", Arg::Verbatim(text.into()))
    }
}

// Transitional: the sites not yet moved to the catalog.
impl From<String> for Message {
    fn from(text: String) -> Self {
        Message::verbatim(text)
    }
}

impl From<&'static str> for Message {
    fn from(text: &'static str) -> Self {
        Message::verbatim(text)
    }
}

impl From<Cow<'static, str>> for Message {
    fn from(text: Cow<'static, str>) -> Self {
        Message::verbatim(text)
    }
}

/// English, the language of logs and machine formats.
impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.english())
    }
}

/// Equal to its English words (what the tests and scripts compare).
impl PartialEq<&str> for Message {
    fn eq(&self, english: &&str) -> bool {
        self.english() == *english
    }
}

/// `message!("key", name = value, ...)`: a [`Message`] of the catalog.
/// Each value becomes an [`Arg`] (numbers, `&'static str`/`String` as
/// verbatim text, a `Message`). `tests/it/catalog.rs` reads these calls:
/// keep the key a literal.
#[macro_export]
macro_rules! message {
    ($key:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::i18n::Message::new($key)$(.arg(stringify!($name), $value))*
    };
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
number_arg!(u8, u16, u32, u64, usize, i32, i64);

impl From<&'static str> for Arg {
    fn from(text: &'static str) -> Arg {
        Arg::Verbatim(Cow::Borrowed(text))
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Verbatim(Cow::Owned(text))
    }
}

impl From<Cow<'static, str>> for Arg {
    fn from(text: Cow<'static, str>) -> Arg {
        Arg::Verbatim(text)
    }
}

impl From<char> for Arg {
    fn from(c: char) -> Arg {
        Arg::Verbatim(Cow::Owned(c.to_string()))
    }
}

impl From<Message> for Arg {
    fn from(message: Message) -> Arg {
        Arg::Message(Box::new(message))
    }
}

/// `n` with its thousands grouped by commas: `2,188`, `100,000` (the
/// grouping of numbers in English prose; the catalog gets the number).
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Locale, grouped};

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(2188), "2,188");
        assert_eq!(grouped(100_000), "100,000");
        assert_eq!(grouped(1_234_567), "1,234,567");
    }

    #[test]
    fn plurals_follow_each_language() {
        let stones = |n: usize, locale| crate::message!("test-stones", n = n).word(locale);
        assert_eq!(stones(1, Locale::English), "1 stone");
        assert_eq!(stones(0, Locale::English), "0 stones");
        assert_eq!(stones(2, Locale::English), "2 stones");
        assert_eq!(stones(1, Locale::Russian), "1 камень");
        assert_eq!(stones(3, Locale::Russian), "3 камня");
        assert_eq!(stones(5, Locale::Russian), "5 камней");
        assert_eq!(stones(21, Locale::Russian), "21 камень");
        assert_eq!(stones(12, Locale::Russian), "12 камней");
        assert_eq!(stones(2, Locale::SimplifiedChinese), "2 颗棋子");
    }
}
