//! The Fluent catalog: each language's files, compiled in and loaded
//! once, and the wording of a [`Message`] in a [`Locale`].

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use super::{Arg, Locale, Message};

/// The catalog's files of one language, by area, in the order loaded.
macro_rules! files_of {
    ($folder:literal) => {
        [
            include_str!(concat!($folder, "/common.ftl")),
            include_str!(concat!($folder, "/diagnostics.ftl")),
            include_str!(concat!($folder, "/profile.ftl")),
            include_str!(concat!($folder, "/answers.ftl")),
            include_str!(concat!($folder, "/project.ftl")),
            include_str!(concat!($folder, "/server.ftl")),
            include_str!(concat!($folder, "/picture.ftl")),
            include_str!(concat!($folder, "/cli.ftl")),
        ]
    };
}

/// The catalog's files: per language, its Fluent sources. Public to the
/// crate for the catalog's own checks.
pub(crate) fn sources(locale: Locale) -> [&'static str; 8] {
    match locale {
        Locale::English => files_of!("en"),
        Locale::Russian => files_of!("ru"),
        Locale::SimplifiedChinese => files_of!("zh-CN"),
    }
}

struct Catalog {
    bundles: [FluentBundle<FluentResource>; 3],
}

fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| Catalog {
        bundles: Locale::ALL.map(bundle),
    })
}

fn bundle(locale: Locale) -> FluentBundle<FluentResource> {
    let language = locale.tag().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![language]);
    // Isolation marks around arguments would change the English bytes
    // that scripts compare, and show as boxes in some terminals.
    bundle.set_use_isolating(false);
    for source in sources(locale) {
        // The sources are compiled in and checked by the tests; a broken
        // entry is skipped (and worded in English), never a crash.
        let resource =
            FluentResource::try_new(source.to_owned()).unwrap_or_else(|(partial, _)| partial);
        let _ = bundle.add_resource(resource);
    }
    bundle
}

/// `message` in `locale` (English where that language lacks the key).
pub fn word(message: &Message, locale: Locale) -> String {
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
    let bundle = &catalog().bundles[locale as usize];
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
        };
        args.set(*name, value);
    }
    args
}
