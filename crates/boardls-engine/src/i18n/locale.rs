//! The languages boardls speaks, and how a client's or an environment's
//! language tag picks one.

/// A language of the catalog.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Locale {
    #[default]
    English,
    Russian,
    /// Simplified Chinese. Traditional Chinese tags (`zh-TW`, `zh-Hant`)
    /// fall back to English: the catalog has no Traditional text.
    SimplifiedChinese,
}

impl Locale {
    pub const ALL: [Locale; 3] = [Locale::English, Locale::Russian, Locale::SimplifiedChinese];

    /// The tag the catalog's folder and `--locale` use.
    pub const fn tag(self) -> &'static str {
        match self {
            Locale::English => "en",
            Locale::Russian => "ru",
            Locale::SimplifiedChinese => "zh-CN",
        }
    }

    /// The language a tag names, read leniently: BCP 47 (`zh-Hans-CN`),
    /// POSIX (`ru_RU.UTF-8`, `zh_CN.GB18030@euro`), any case, `_` or `-`.
    /// `None` for a tag the catalog has no language for (`de`, `zh-TW`,
    /// `C`, ``): the caller goes on to its next source, then English.
    pub fn from_tag(tag: &str) -> Option<Locale> {
        // POSIX adds `.codeset` and `@modifier` after the language.
        let tag = tag.split(['.', '@']).next().unwrap_or_default();
        let mut parts = tag
            .split(['-', '_'])
            .map(str::trim)
            .map(str::to_ascii_lowercase);
        let language = parts.next()?;
        match language.as_str() {
            "en" => Some(Locale::English),
            "ru" => Some(Locale::Russian),
            "zh" => {
                let rest: Vec<String> = parts.collect();
                let traditional = rest
                    .iter()
                    .any(|part| matches!(part.as_str(), "hant" | "tw" | "hk" | "mo"))
                    && !rest.iter().any(|part| part == "hans");
                (!traditional).then_some(Locale::SimplifiedChinese)
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Locale;

    #[test]
    fn tags_are_read_leniently() {
        for tag in [
            "zh_CN.UTF-8",
            "zh-Hans",
            "zh-cn",
            "zh",
            "ZH-hans-CN",
            "zh_SG",
        ] {
            assert_eq!(
                Locale::from_tag(tag),
                Some(Locale::SimplifiedChinese),
                "{tag}"
            );
        }
        for tag in ["zh-TW", "zh_TW.UTF-8", "zh-Hant", "zh-Hant-HK", "zh_HK"] {
            assert_eq!(Locale::from_tag(tag), None, "{tag}");
        }
        for tag in ["ru", "ru-RU", "ru_RU.UTF-8", "RU_ru@euro"] {
            assert_eq!(Locale::from_tag(tag), Some(Locale::Russian), "{tag}");
        }
        for tag in ["en", "en-US", "en_GB.UTF-8"] {
            assert_eq!(Locale::from_tag(tag), Some(Locale::English), "{tag}");
        }
        for tag in ["de", "de_DE.UTF-8", "C", "POSIX", "", "-", "C.UTF-8"] {
            assert_eq!(Locale::from_tag(tag), None, "{tag}");
        }
    }

    #[test]
    fn every_locale_reads_its_own_tag() {
        for locale in Locale::ALL {
            assert_eq!(Locale::from_tag(locale.tag()), Some(locale));
        }
    }
}
