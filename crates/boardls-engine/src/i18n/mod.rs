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
mod message;

pub use crate::message;
pub use locale::Locale;
pub use message::{Arg, Message};
pub use message::{Wording, grouped, word_into};

#[cfg(test)]
mod tests {
    use super::Locale;
    use super::message::grouped_in;

    #[test]
    fn thousands_are_grouped_as_each_language_groups_them() {
        let english = |n| grouped_in(n, Locale::English);
        assert_eq!(english(0), "0");
        assert_eq!(english(999), "999");
        assert_eq!(english(2188), "2,188");
        assert_eq!(english(100_000), "100,000");
        assert_eq!(english(1_234_567), "1,234,567");
        assert_eq!(grouped_in(1069, Locale::SimplifiedChinese), "1,069");
        // A comma would read as a decimal point in Russian.
        assert_eq!(grouped_in(1069, Locale::Russian), "1\u{a0}069");
        assert_eq!(
            grouped_in(1_234_567, Locale::Russian),
            "1\u{a0}234\u{a0}567"
        );
        assert_eq!(grouped_in(999, Locale::Russian), "999");
    }

    #[test]
    fn a_grouped_count_is_grouped_when_worded() {
        // A diagnostic code, as the budget note gets it (i18n is a leaf:
        // the codes' module is not for it to name).
        let code: String = "go9/killable".into();
        let more = crate::i18n::message!(
            "budget-more-errors",
            n = 1069_usize,
            shown = super::grouped(1069),
            code = code
        );
        assert_eq!(more.english(), "1,069 more go9/killable errors");
        assert_eq!(
            more.word(Locale::Russian),
            "ещё 1\u{a0}069 ошибок go9/killable"
        );
    }

    #[test]
    fn plurals_follow_each_language() {
        let stones = |n: usize, locale| crate::i18n::message!("test-stones", n = n).word(locale);
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

    #[test]
    fn a_wording_says_what_word_says_each_time_it_is_asked() {
        // A diagnostic code (see a_grouped_count_is_grouped_when_worded).
        let code: String = "go9/killable".into();
        let sentences = [
            crate::i18n::message!("test-stones", n = 3_usize),
            crate::i18n::message!("test-stones", n = 1_usize),
            crate::i18n::message!("answer-expected-case-line", case = 2_usize, text = 'x'),
            crate::i18n::message!(
                "budget-more-errors",
                n = 1069_usize,
                shown = super::grouped(1069),
                code = code
            ),
        ];
        for locale in Locale::ALL {
            let mut wording = super::Wording::new(locale);
            // Twice: the second time from what the wording kept.
            for _ in 0..2 {
                for sentence in &sentences {
                    let mut text = String::new();
                    wording.word_into(sentence, &mut text);
                    let mut bytes = Vec::new();
                    wording.word_into_bytes(sentence, &mut bytes);
                    assert_eq!(text, sentence.word(locale), "{locale:?}");
                    assert_eq!(bytes, text.as_bytes());
                }
            }
        }
    }
}
