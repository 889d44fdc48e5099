//! The playground's own catalog (`web/playground/i18n/*.ftl`): every key
//! in every language, with the same placeables; each Russian text holds
//! Cyrillic and each Chinese text Han outside its placeables (a short
//! allowlist says why where not); only the part of Fluent the page's
//! reader (`web/playground/fluent-lite.js`) reads; and every key the page
//! names is there, and every key there is named. A failure names the key.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::PathBuf;

use fluent_syntax::ast;

use crate::support::sources;

const LANGUAGES: [&str; 3] = ["en", "ru", "zh-CN"];

/// Texts that may lack their language's script, and why: `(language, key, why)`.
const NO_SCRIPT_NEEDED: [(&str, &str, &str); 1] = [(
    "ru",
    "game-tomek",
    "the problem's name, kept in Latin letters as the Russian help keeps it (src/i18n/ru/cli.ftl, help-about)",
)];

/// One message or attribute: its text outside placeables and the variables it names.
#[derive(Debug, Default)]
struct Text {
    words: String,
    variables: BTreeSet<String>,
}

fn folder() -> PathBuf {
    sources::root().join("web/playground")
}

/// A language's catalog: `key` and `key.attribute` → its text; panics,
/// naming the key, on what the page's reader cannot read.
fn catalog(language: &str) -> BTreeMap<String, Text> {
    let path = folder().join("i18n").join(format!("{language}.ftl"));
    let source = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let resource = match fluent_syntax::parser::parse(source.as_str()) {
        Ok(resource) => resource,
        Err((_, errors)) => panic!("{}: {errors:?}", path.display()),
    };
    let mut texts = BTreeMap::new();
    for entry in &resource.body {
        match entry {
            ast::Entry::Message(message) => {
                let id = message.id.name;
                let value = message
                    .value
                    .as_ref()
                    .unwrap_or_else(|| panic!("{language}: `{id}` has no value"));
                let mut entries = vec![(id.to_owned(), value)];
                for attribute in &message.attributes {
                    entries.push((format!("{id}.{}", attribute.id.name), &attribute.value));
                }
                for (key, pattern) in entries {
                    let text = simple_text(language, &key, pattern);
                    assert!(
                        texts.insert(key.clone(), text).is_none(),
                        "{language}: `{key}` is defined twice"
                    );
                }
            }
            ast::Entry::Term(term) => panic!(
                "{language}: `-{}`: the page's reader reads no terms",
                term.id.name
            ),
            ast::Entry::Junk { content } => {
                panic!("{}: cannot read {content:?}", path.display())
            }
            _ => {}
        }
    }
    texts
}

/// A pattern of text and `{ $variable }` placeables on one line: what
/// fluent-lite.js reads. Anything else panics, naming the key.
fn simple_text(language: &str, key: &str, pattern: &ast::Pattern<&str>) -> Text {
    let mut text = Text::default();
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => {
                assert!(
                    !value.contains('\n'),
                    "{language}: `{key}` spans lines; the page reads one line a message"
                );
                text.words.push_str(value);
            }
            ast::PatternElement::Placeable {
                expression: ast::Expression::Inline(ast::InlineExpression::VariableReference { id }),
            } => {
                text.variables.insert(id.name.to_owned());
            }
            ast::PatternElement::Placeable { expression } => panic!(
                "{language}: `{key}` has {expression:?}; the page reads only {{ $variable }} placeables"
            ),
        }
    }
    text
}

#[test]
fn every_key_is_in_every_language_with_the_same_placeables() {
    let english = catalog("en");
    assert!(english.len() > 30, "the English catalog is nearly empty");
    let mut problems = Vec::new();
    for language in &LANGUAGES[1..] {
        let other = catalog(language);
        for (key, text) in &english {
            match other.get(key) {
                None => problems.push(format!("{language} lacks `{key}`")),
                Some(translated) if translated.variables != text.variables => {
                    problems.push(format!(
                        "{language}: `{key}` has placeables {:?}, English {:?}",
                        translated.variables, text.variables
                    ))
                }
                Some(_) => {}
            }
        }
        for key in other.keys().filter(|k| !english.contains_key(*k)) {
            problems.push(format!("{language} has `{key}`, which English lacks"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn is_cyrillic(c: char) -> bool {
    matches!(c, '\u{0400}'..='\u{04FF}')
}

fn is_han(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}')
}

#[test]
fn russian_holds_cyrillic_and_chinese_han() {
    let script = [("ru", is_cyrillic as fn(char) -> bool), ("zh-CN", is_han)];
    let mut problems = Vec::new();
    for (language, holds) in script {
        for (key, text) in catalog(language) {
            let excused = NO_SCRIPT_NEEDED
                .iter()
                .any(|(l, k, _)| *l == language && *k == key);
            let has_script = text.words.chars().any(holds);
            if !has_script && !excused {
                problems.push(format!(
                    "{language}: `{key}` has no {language} words: {:?}",
                    text.words
                ));
            }
            if has_script && excused {
                problems.push(format!(
                    "{language}: `{key}` is in NO_SCRIPT_NEEDED but has {language} words now: drop it from the list"
                ));
            }
        }
    }
    for (language, key, _) in NO_SCRIPT_NEEDED {
        if !catalog(language).contains_key(key) {
            problems.push(format!(
                "NO_SCRIPT_NEEDED names `{key}`, which {language} lacks"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The page's own text: `index.html` and its scripts.
fn page_sources() -> Vec<(String, String)> {
    let mut files: Vec<PathBuf> = fs::read_dir(folder())
        .expect("web/playground")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "js" || e == "html"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read_to_string(&p).expect("a page file"))
        })
        .collect()
}

/// The keys the page names: `data-l10n-id="key"` in the HTML and
/// `t('key'` or `ShareError('key'` in the scripts; and the prefixes of
/// keys it builds (`t(\`severity-${…}\`)`).
fn named_keys() -> (BTreeSet<String>, BTreeSet<String>) {
    let mut keys = BTreeSet::new();
    let mut prefixes = BTreeSet::new();
    // `t(` itself, not the end of another name (`request(`, `split(`).
    let starts_a_name = |text: &str, at: usize| {
        !text[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
    };
    for (_, text) in page_sources() {
        for opening in [
            "data-l10n-id=\"",
            "dataset.l10nId = '",
            "t('",
            "ShareError('",
        ] {
            for (at, _) in text.match_indices(opening) {
                if opening == "t('" && !starts_a_name(&text, at) {
                    continue;
                }
                let rest = &text[at + opening.len()..];
                let end = rest.find(['\'', '"']).expect("a closing quote");
                keys.insert(rest[..end].to_owned());
            }
        }
        for (at, _) in text.match_indices("t(`") {
            if !starts_a_name(&text, at) {
                continue;
            }
            let rest = &text[at + 3..];
            let end = rest.find("${").expect("a key built from a prefix");
            prefixes.insert(rest[..end].to_owned());
        }
    }
    (keys, prefixes)
}

#[test]
fn every_key_the_page_names_is_there_and_every_key_there_is_named() {
    let english = catalog("en");
    let messages: BTreeSet<&str> = english
        .keys()
        .map(|k| k.split('.').next().unwrap())
        .collect();
    let (keys, prefixes) = named_keys();
    assert!(
        keys.len() > 30,
        "found only {} keys in the page's sources",
        keys.len()
    );
    let mut problems = Vec::new();
    for key in &keys {
        if !messages.contains(key.as_str()) {
            problems.push(format!("the page names `{key}`, which the catalog lacks"));
        }
    }
    for key in &messages {
        let built = prefixes.iter().any(|p| key.starts_with(p.as_str()));
        if !keys.contains(*key) && !built {
            problems.push(format!(
                "`{key}` is in the catalog, but the page never names it"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
