//! [`Message`]: what the engine says, as a catalog key and its arguments,
//! worded in a [`Locale`] only when someone reads it.

use std::borrow::Cow;
use std::cell::RefCell;
use std::fmt;
use std::hash::{Hash, Hasher};

use fluent_bundle::{FluentArgs, FluentValue};
use rustc_hash::FxHashMap;

use super::catalog::bundle;
use super::locale::Locale;

/// A sentence to say: its catalog key and arguments. Worded by [`Message::word`]
/// (or its `Display`, which is English: what scripts and logs read), or
/// by a [`Wording`] that keeps what it worded.
#[derive(Clone, Debug)]
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
    /// One character, the same in every language (a cell found, its
    /// replacement): made into text only when worded.
    Char(char),
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

/// The same key and arguments. Keys are literals, so the same key is
/// most often the same pointer, which spares comparing its text.
impl PartialEq for Message {
    fn eq(&self, other: &Message) -> bool {
        (std::ptr::eq(self.key, other.key) || self.key == other.key) && self.args == other.args
    }
}

impl Eq for Message {}

/// The key and the arguments' values; their names, fixed by the key, are
/// left to the comparison.
impl Hash for Message {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key.hash(state);
        for (_, value) in &self.args {
            value.hash(state);
        }
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
        Arg::Char(c)
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

/// How many worded sentences a [`Wording`] keeps, and the longest kept.
const KEPT: usize = 4096;
const KEPT_LONGEST: usize = 512;

/// Sentences of one language worded once and kept: a dense file or
/// publish words the same few hundred sentences thousands of times, and
/// Fluent's plural rules and numbers cost more than looking a sentence up.
/// Up to a few thousand are kept (all dropped when full). `check` keeps one
/// per output; [`word_into`] one per thread and language.
pub struct Wording {
    locale: Locale,
    kept: FxHashMap<Message, Box<str>>,
}

/// English: the machine formats' language.
impl Default for Wording {
    fn default() -> Self {
        Wording::new(Locale::English)
    }
}

impl Wording {
    pub fn new(locale: Locale) -> Self {
        Wording {
            locale,
            kept: FxHashMap::default(),
        }
    }

    pub fn locale(&self) -> Locale {
        self.locale
    }

    /// Hands `message`, worded, to `use_text`, and returns what it returns.
    pub fn with<R>(&mut self, message: &Message, use_text: impl FnOnce(&str) -> R) -> R {
        if let Some(text) = self.kept.get(message) {
            return use_text(text);
        }
        let mut text = String::new();
        word_fresh(message, self.locale, &mut text);
        let result = use_text(&text);
        if text.len() <= KEPT_LONGEST {
            if self.kept.len() >= KEPT {
                self.kept.clear();
            }
            self.kept.insert(message.clone(), text.into_boxed_str());
        }
        result
    }

    /// Appends `message`, worded, to `out`.
    pub fn word_into(&mut self, message: &Message, out: &mut String) {
        self.with(message, |text| out.push_str(text));
    }

    /// Appends `message`, worded, to the bytes `out`.
    pub fn word_into_bytes(&mut self, message: &Message, out: &mut Vec<u8>) {
        self.with(message, |text| out.extend_from_slice(text.as_bytes()));
    }
}

thread_local! {
    static WORDED: RefCell<[Wording; 3]> = RefCell::new(Locale::ALL.map(Wording::new));
}

/// Appends `message` in `locale` to `out`, through the thread's
/// [`Wording`] of that language.
pub fn word_into(message: &Message, locale: Locale, out: &mut String) {
    WORDED.with_borrow_mut(|worded| worded[locale as usize].word_into(message, out));
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
            Arg::Char(c) => FluentValue::String(Cow::Owned(c.to_string())),
            // Worded afresh, not through a `Wording`: this may run inside
            // one (the thread's, borrowed).
            Arg::Message(inner) => {
                let mut text = String::new();
                word_fresh(inner, locale, &mut text);
                FluentValue::String(Cow::Owned(text))
            }
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
