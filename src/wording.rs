//! How messages, hovers and hints name a number of things. A leaf: the
//! parser and the server share it, so "1 stone" reads the same everywhere.

use std::fmt::Display;

/// `n` and the noun in the matching number: `1 stone`, `3 stones`,
/// `1 liberty`, `2 liberties`, `0 boards`. The noun is given in the
/// singular; the plural adds `s`, or turns a final consonant-`y` into
/// `ies`. Only the last word changes: `1 o stone`, `2 o stones`.
pub fn count<N: Display + PartialEq + From<u8>>(n: N, noun: &str) -> String {
    if n == N::from(1) {
        return format!("1 {noun}");
    }
    let (stem, ending) = plural(noun);
    format!("{n} {stem}{ending}")
}

/// Appends [`count`]`(n, noun)` to `out` without allocating (messages of
/// dense go boards are built by the thousand per publish).
pub fn push_count(out: &mut String, n: usize, noun: &str) {
    out.push_str(itoa::Buffer::new().format(n));
    out.push(' ');
    if n == 1 {
        out.push_str(noun);
        return;
    }
    let (stem, ending) = plural(noun);
    out.push_str(stem);
    out.push_str(ending);
}

/// The plural of `noun` as a stem and an ending (the one rule `count` and
/// `push_count` share).
fn plural(noun: &str) -> (&str, &'static str) {
    match noun.strip_suffix('y') {
        Some(stem) if stem.ends_with(|c: char| c.is_ascii_alphabetic() && !"aeiou".contains(c)) => {
            (stem, "ies")
        }
        _ => (noun, "s"),
    }
}

/// `first` to `ninth` (rows and groups of a board), `next` beyond.
pub const fn ordinal(n: usize) -> &'static str {
    match n {
        1 => "first",
        2 => "second",
        3 => "third",
        4 => "fourth",
        5 => "fifth",
        6 => "sixth",
        7 => "seventh",
        8 => "eighth",
        9 => "ninth",
        _ => "next",
    }
}

#[cfg(test)]
mod tests {
    use crate::wording::{count, push_count};

    #[test]
    fn push_count_appends_what_count_says() {
        for noun in ["stone", "o stone", "liberty", "day", "board"] {
            for n in [0usize, 1, 2, 10, 81] {
                let mut out = String::from(">");
                push_count(&mut out, n, noun);
                assert_eq!(out, format!(">{}", count(n, noun)));
            }
        }
    }

    #[test]
    fn regular_and_consonant_y_nouns() {
        assert_eq!(count(1usize, "stone"), "1 stone");
        assert_eq!(count(3usize, "stone"), "3 stones");
        assert_eq!(count(0usize, "o stone"), "0 o stones");
        assert_eq!(count(1u64, "board"), "1 board");
        assert_eq!(count(2u64, "board"), "2 boards");
        assert_eq!(count(1usize, "liberty"), "1 liberty");
        assert_eq!(count(2usize, "liberty"), "2 liberties");
        assert_eq!(count(2usize, "legal move"), "2 legal moves");
        // A vowel before the `y` keeps it.
        assert_eq!(count(2usize, "day"), "2 days");
        assert_eq!(count(u64::MAX, "row"), format!("{} rows", u64::MAX));
    }
}
