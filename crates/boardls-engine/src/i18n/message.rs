//! [`Message`]: what the engine says, as a catalog key and its arguments,
//! worded in a [`Locale`] only when someone reads it.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;

use fluent_bundle::{FluentArgs, FluentValue};

use super::catalog::bundle;
use super::locale::Locale;

/// A sentence to say: its catalog key and arguments. Worded by [`Message::word`]
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
    /// A count shown with its thousands grouped as the language groups
    /// them (see [`grouped`]).
    Grouped(u64),
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

    /// The catalog key (for the tests).
    #[cfg(test)]
    pub(crate) fn key(&self) -> &'static str {
        self.key
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

/// `n` as a count whose thousands are grouped in the reader's language.
pub fn grouped(n: usize) -> Arg {
    Arg::Grouped(u64::try_from(n).unwrap_or(u64::MAX))
}

/// `n` with its thousands grouped: `2,188` in English and Chinese, and
/// `2 188` in Russian, where a comma marks decimals (a no-break space, so
/// that a line never breaks inside the number).
pub(crate) fn grouped_in(n: u64, locale: Locale) -> String {
    let separator = match locale {
        Locale::Russian => '\u{a0}',
        Locale::English | Locale::SimplifiedChinese => ',',
    };
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 * 2);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(separator);
        }
        out.push(digit);
    }
    out
}

/// `message` in `locale` (English where that language lacks the key).
fn word(message: &Message, locale: Locale) -> String {
    let mut out = String::new();
    word_into(message, locale, &mut out);
    out
}

/// How many worded sentences each thread keeps per language, and the
/// longest kept (see [`word_into`]).
const RECENT: usize = 4096;
const RECENT_LONGEST: usize = 512;

thread_local! {
    static WORDED: RefCell<[HashMap<Message, Box<str>>; 3]> = RefCell::default();
}

/// Appends `message` in `locale` to `out`. A dense publish words the
/// same few hundred sentences thousands of times, and Fluent's plural
/// rules and numbers cost more than looking a sentence up, so each
/// thread keeps up to a few thousand sentences it worded (all dropped
/// when full).
pub fn word_into(message: &Message, locale: Locale, out: &mut String) {
    let known = WORDED.with_borrow(|worded| {
        let text = worded[locale as usize].get(message);
        text.map(|text| out.push_str(text)).is_some()
    });
    if known {
        return;
    }
    // Worded outside the borrow: an argument may be a sentence too.
    let start = out.len();
    word_fresh(message, locale, out);
    let text = &out[start..];
    if text.len() <= RECENT_LONGEST {
        WORDED.with_borrow_mut(|worded| {
            let worded = &mut worded[locale as usize];
            if worded.len() >= RECENT {
                worded.clear();
            }
            worded.insert(message.clone(), text.into());
        });
    }
}

fn word_fresh(message: &Message, locale: Locale, out: &mut String) {
    let bundle = bundle(locale);
    let Some(pattern) = bundle.get_message(message.key).and_then(|m| m.value()) else {
        if locale == Locale::English {
            out.push_str(message.key);
        } else {
            word_fresh(message, Locale::English, out);
        }
        return;
    };
    let args = (!message.args.is_empty()).then(|| arguments(message, locale));
    let mut errors = Vec::new();
    let _ = bundle.write_pattern(out, pattern, args.as_ref(), &mut errors);
}

fn arguments(message: &Message, locale: Locale) -> FluentArgs<'_> {
    let mut args = FluentArgs::with_capacity(message.args.len());
    for (name, value) in &message.args {
        let value = match value {
            // Integers up to 2^53 are exact as f64, far beyond any count here.
            Arg::Number(n) => FluentValue::from(*n as f64),
            Arg::Verbatim(text) => FluentValue::String(Cow::Borrowed(text.as_ref())),
            Arg::Message(inner) => FluentValue::String(Cow::Owned(word(inner, locale))),
            Arg::Grouped(n) => FluentValue::String(Cow::Owned(grouped_in(*n, locale))),
        };
        args.set(*name, value);
    }
    args
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
