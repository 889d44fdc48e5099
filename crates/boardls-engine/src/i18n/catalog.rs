//! The Fluent catalog: each language's files, compiled in and loaded
//! once.

use std::sync::OnceLock;

use fluent_bundle::FluentResource;
use fluent_bundle::concurrent::FluentBundle;

use super::locale::Locale;

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

/// The catalog's files: per language, its Fluent sources.
fn sources(locale: Locale) -> [&'static str; 8] {
    match locale {
        Locale::English => files_of!("en"),
        Locale::Russian => files_of!("ru"),
        Locale::SimplifiedChinese => files_of!("zh-CN"),
    }
}

/// The texts of `locale`, loaded on first use: a run in one language
/// never parses the others' files.
pub(super) fn bundle(locale: Locale) -> &'static FluentBundle<FluentResource> {
    static BUNDLES: [OnceLock<FluentBundle<FluentResource>>; 3] =
        [const { OnceLock::new() }; Locale::ALL.len()];
    BUNDLES[locale as usize].get_or_init(|| load(locale))
}

fn load(locale: Locale) -> FluentBundle<FluentResource> {
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
