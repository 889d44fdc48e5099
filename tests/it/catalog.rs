//! The message catalog (`crates/boardls-engine/src/i18n/`): every key the code names is in
//! every language, with the arguments the code passes and no others;
//! every key of the catalog is used; no sentence is made outside it; and
//! every Russian and Chinese text is written in its own script.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fluent_syntax::ast;

use crate::support::sources;

/// The catalog's folder, from the crate's root: one folder per language,
/// its `.ftl` files inside. Every path to the catalog is made here.
const CATALOG: &str = "crates/boardls-engine/src/i18n";

fn language_folder(language: &str) -> PathBuf {
    sources::root().join(CATALOG).join(language)
}

const LANGUAGES: [&str; 3] = ["en", "ru", "zh-CN"];

/// Whether a character is of a script.
type Script = fn(char) -> bool;

/// The languages whose every text is written in their own script, and
/// that script's name and characters.
const SCRIPTS: [(&str, &str, Script); 2] =
    [("ru", "Cyrillic", is_cyrillic), ("zh-CN", "Han", is_han)];

const BOTH: &[&str] = &["ru", "zh-CN"];

/// The entries that need neither script, each with its reason: a text
/// made only of placeholders, code, names or marks that every language
/// writes alike. In the languages listed; anywhere else, and for any
/// other key, a text without its script is one left untranslated.
const NEEDS_NO_SCRIPT: &[(&str, &[&str], &str)] = &[
    ("verbatim", BOTH, "another program's words, as they arrive"),
    (
        "syntax-verdict",
        BOTH,
        "the judge's verdict line, never translated",
    ),
    (
        "board-judge-line",
        BOTH,
        "the judge's verdict line, never translated",
    ),
    (
        "coverage-unnamed",
        BOTH,
        "a situation's id, for one the catalog does not name",
    ),
    (
        "stress-exception-ctrl-c",
        BOTH,
        "the key's name, as keyboards print it",
    ),
    ("help-format-sarif", BOTH, "the format's name and version"),
    ("hover-uttt-player", BOTH, "a player's mark (`x`, `o`)"),
    ("hint-player", BOTH, "a player's mark (`X`, `O`)"),
    (
        "picture-winning-line",
        BOTH,
        "a player's mark and a line, each a message of its own",
    ),
    (
        "action-fix-with-code",
        BOTH,
        "a fix's title, a message of its own, and its diagnostic code",
    ),
    (
        "budget-list-comma",
        BOTH,
        "two lists joined by the language's comma",
    ),
    (
        "syntax-char",
        &["ru"],
        "the character itself, in code (Chinese says 字符 before it)",
    ),
];

/// The files that may say text from outside the catalog as it is
/// (`Message::verbatim`): another program's words, such as the TOML
/// parser's or the system's error.
/// (`src/check/json.rs`: the made-up messages of its streaming test.)
const VERBATIM_EDGES: [&str; 4] = [
    "crates/boardls-engine/src/i18n/message.rs",
    "crates/boardls-engine/src/project/file.rs",
    "crates/boardls-fs/src/walk.rs",
    "src/check/json.rs",
];

/// One `message!` call of the code: where, its key, its argument names
/// and the string literals passed as arguments.
#[derive(Debug)]
struct Call {
    at: String,
    key: String,
    args: BTreeSet<String>,
    literals: Vec<String>,
}

/// The `message!(...)` calls of `text` (the macro's definition, whose key
/// is `$key`, is not one).
fn calls(file: &str, text: &str) -> Vec<Call> {
    let mut found = Vec::new();
    let mut rest = text;
    let mut offset = 0;
    while let Some(at) = rest.find("message!(") {
        let start = offset + at + "message!(".len();
        let line = text[..start].matches('\n').count() + 1;
        let (items, end) = top_level_items(&text[start..]);
        offset = start + end;
        rest = &text[offset..];
        let Some((key, args)) = items.split_first() else {
            continue;
        };
        let Some(key) = key
            .trim()
            .strip_prefix('"')
            .and_then(|k| k.strip_suffix('"'))
        else {
            continue;
        };
        let mut names = BTreeSet::new();
        let mut literals = Vec::new();
        for item in args {
            let Some((name, value)) = item.split_once('=') else {
                continue;
            };
            names.insert(name.trim().to_owned());
            let value = value.trim();
            if value.starts_with('"') && value.ends_with('"') && value.len() >= 2 {
                literals.push(value[1..value.len() - 1].to_owned());
            }
        }
        found.push(Call {
            at: format!("{file}:{line}"),
            key: key.to_owned(),
            args: names,
            literals,
        });
    }
    found
}

/// The comma-separated items of an argument list up to its closing
/// parenthesis (nested brackets, strings and chars skipped), and the
/// length read.
fn top_level_items(text: &str) -> (Vec<String>, usize) {
    let mut items = Vec::new();
    let mut current = String::new();
    let mut depth = 0usize;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => {
                current.push(c);
                while let Some((_, c)) = chars.next() {
                    current.push(c);
                    if c == '\\' {
                        if let Some((_, escaped)) = chars.next() {
                            current.push(escaped);
                        }
                    } else if c == '"' {
                        break;
                    }
                }
            }
            '\'' => {
                // A char literal ('x', '\n') or a lifetime ('a).
                current.push(c);
                let literal: String = text[i + 1..].chars().take(4).collect();
                if literal.starts_with('\\') || literal.chars().nth(1) == Some('\'') {
                    for (_, c) in chars.by_ref() {
                        current.push(c);
                        if c == '\'' {
                            break;
                        }
                    }
                }
            }
            '(' | '[' | '{' => {
                depth += 1;
                current.push(c);
            }
            ')' | ']' | '}' if depth == 0 => {
                if !current.trim().is_empty() {
                    items.push(current);
                }
                return (items, i + 1);
            }
            ')' | ']' | '}' => {
                depth -= 1;
                current.push(c);
            }
            ',' if depth == 0 => items.push(std::mem::take(&mut current)),
            _ => current.push(c),
        }
    }
    (items, text.len())
}

/// Every `message!` call of the workspace's crates (the macro's own definition and
/// its documentation left out).
fn code_calls() -> Vec<Call> {
    let mut all = Vec::new();
    for (name, text) in sources::rust_sources() {
        // Comments hold examples of the macro, not calls.
        let code: String = text
            .lines()
            .map(|line| {
                if line.trim_start().starts_with("//") {
                    ""
                } else {
                    line
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        all.extend(
            calls(&name, &code)
                .into_iter()
                .filter(|c| !c.key.is_empty()),
        );
    }
    all
}

/// Calls `each` with every message of a language and the file it is in.
fn for_each_message(language: &str, mut each: impl FnMut(&Path, &ast::Message<&str>)) {
    let folder = language_folder(language);
    let mut names: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap_or_else(|err| panic!("{}: {err}", folder.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ftl"))
        .collect();
    names.sort();
    assert!(!names.is_empty(), "no .ftl file in {}", folder.display());
    for path in names {
        let text = std::fs::read_to_string(&path).expect("a catalog file");
        let resource = match fluent_syntax::parser::parse(text.as_str()) {
            Ok(resource) => resource,
            Err((_, errors)) => panic!("{}: {errors:?}", path.display()),
        };
        for entry in &resource.body {
            match entry {
                ast::Entry::Message(message) => each(&path, message),
                ast::Entry::Junk { content } => {
                    panic!("{}: cannot read {content:?}", path.display())
                }
                _ => {}
            }
        }
    }
}

/// A language's messages: key → the variables its text refers to.
fn catalog(language: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut messages = BTreeMap::new();
    for_each_message(language, |_, message| {
        let mut variables = BTreeSet::new();
        if let Some(pattern) = &message.value {
            pattern_variables(pattern, &mut variables);
        }
        let id = message.id.name.to_owned();
        assert!(
            messages.insert(id.clone(), variables).is_none(),
            "{language}: `{id}` is defined twice"
        );
    });
    messages
}

fn pattern_variables(pattern: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, out);
        }
    }
}

fn expression_variables(expression: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for variant in variants {
                pattern_variables(&variant.value, out);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, out),
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_owned());
        }
        ast::InlineExpression::Placeable { expression } => expression_variables(expression, out),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                inline_variables(argument, out);
            }
        }
        _ => {}
    }
}

#[test]
fn every_key_is_in_every_language() {
    let english = catalog("en");
    assert!(english.len() > 10, "the English catalog is nearly empty");
    for language in &LANGUAGES[1..] {
        let other = catalog(language);
        let missing: Vec<_> = english.keys().filter(|k| !other.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{language} lacks {missing:?}");
        let extra: Vec<_> = other.keys().filter(|k| !english.contains_key(*k)).collect();
        assert!(
            extra.is_empty(),
            "{language} has keys English lacks: {extra:?}"
        );
    }
}

/// Each call passes what every language's text of its key uses (a
/// language may leave one out: Chinese needs no number to choose a
/// plural), and nothing that none of them uses.
#[test]
fn every_call_names_a_key_with_its_arguments() {
    let catalogs: Vec<_> = LANGUAGES.iter().map(|l| (*l, catalog(l))).collect();
    let calls = code_calls();
    assert!(
        calls.len() > 10,
        "found only {} message! calls",
        calls.len()
    );
    let mut problems = Vec::new();
    for call in &calls {
        let mut used = BTreeSet::new();
        for (language, messages) in &catalogs {
            match messages.get(&call.key) {
                None => problems.push(format!(
                    "{}: no key `{}` in the {language} catalog",
                    call.at, call.key
                )),
                Some(variables) => {
                    let lacking: Vec<_> = variables.difference(&call.args).collect();
                    if !lacking.is_empty() {
                        problems.push(format!(
                            "{}: `{}` in {language} uses {lacking:?}, which the code does not pass",
                            call.at, call.key
                        ));
                    }
                    used.extend(variables.iter().cloned());
                }
            }
        }
        let useless: Vec<_> = call.args.difference(&used).collect();
        if !useless.is_empty() {
            problems.push(format!(
                "{}: `{}` is given {useless:?}, which no language uses",
                call.at, call.key
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let used: BTreeSet<&str> = calls.iter().map(|c| c.key.as_str()).collect();
    let unused: Vec<_> = catalogs[0]
        .1
        .keys()
        .filter(|k| !used.contains(k.as_str()) && k.as_str() != "verbatim")
        .collect();
    assert!(unused.is_empty(), "keys no code names: {unused:?}");
}

/// A sentence is a catalog message: no English words handed over as
/// verbatim text (what is between backticks is the file's own text), and
/// `Message::verbatim` only where another program's words arrive.
#[test]
fn no_sentence_is_made_outside_the_catalog() {
    let mut problems = Vec::new();
    for call in code_calls() {
        for literal in &call.literals {
            // Between backticks: the file's own text; between braces: a template's
            // placeholders (the progress bar's).
            let outside_code: String = literal
                .split('`')
                .step_by(2)
                .flat_map(|part| part.split(['{', '}']).step_by(2))
                .collect::<Vec<_>>()
                .join(" ");
            let word = outside_code
                .split(|c: char| !c.is_ascii_alphabetic())
                .find(|w| w.len() >= 2);
            if let Some(word) = word {
                problems.push(format!(
                    "{}: `{}` gets the English word {word:?} as verbatim text",
                    call.at, call.key
                ));
            }
        }
    }
    for (name, text) in sources::rust_sources() {
        if text.contains("Message::verbatim(") && !VERBATIM_EDGES.contains(&name.as_str()) {
            problems.push(format!(
                "{name}: Message::verbatim outside {VERBATIM_EDGES:?}"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn is_cyrillic(c: char) -> bool {
    matches!(c, '\u{0400}'..='\u{052F}')
}

/// CJK Unified Ideographs, their extensions and compatibility forms.
fn is_han(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}' | '\u{20000}'..='\u{3134F}')
}

/// What a reader sees of a pattern that its translator wrote: its text,
/// each placeable (a variable, a number, another message) as a space, a
/// string literal as its text, and every variant of a selector in turn;
/// then the code spans (between backticks) left out.
fn prose(pattern: &ast::Pattern<&str>) -> String {
    fn text(pattern: &ast::Pattern<&str>, out: &mut String) {
        for element in &pattern.elements {
            match element {
                ast::PatternElement::TextElement { value } => out.push_str(value),
                ast::PatternElement::Placeable { expression } => expression_text(expression, out),
            }
        }
    }
    fn expression_text(expression: &ast::Expression<&str>, out: &mut String) {
        match expression {
            ast::Expression::Select { variants, .. } => {
                for variant in variants {
                    out.push(' ');
                    text(&variant.value, out);
                    out.push(' ');
                }
            }
            ast::Expression::Inline(ast::InlineExpression::StringLiteral { value }) => {
                out.push_str(value)
            }
            ast::Expression::Inline(ast::InlineExpression::Placeable { expression }) => {
                expression_text(expression, out)
            }
            ast::Expression::Inline(_) => out.push(' '),
        }
    }
    let mut all = String::new();
    text(pattern, &mut all);
    all.split('`').step_by(2).collect::<Vec<_>>().join(" ")
}

/// Each variant of the selectors in `pattern`, nested ones too: its key
/// and its prose.
fn variants(pattern: &ast::Pattern<&str>, out: &mut Vec<(String, String)>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable {
            expression: ast::Expression::Select { variants: list, .. },
        } = element
        {
            for variant in list {
                let key = match &variant.key {
                    ast::VariantKey::Identifier { name } => name.to_string(),
                    ast::VariantKey::NumberLiteral { value } => value.to_string(),
                };
                out.push((key, prose(&variant.value)));
                variants(&variant.value, out);
            }
        }
    }
}

/// The problems of one text of `key` in a language written in `script`:
/// none in its script, or a variant in Latin letters and none of it.
fn untranslated(key: &str, pattern: &ast::Pattern<&str>, script: Script) -> Vec<(String, String)> {
    let mut problems = Vec::new();
    let whole = prose(pattern);
    if !whole.chars().any(script) {
        problems.push((key.to_owned(), whole));
    }
    let mut each = Vec::new();
    variants(pattern, &mut each);
    for (variant, text) in each {
        if text.chars().any(|c| c.is_ascii_alphabetic()) && !text.chars().any(script) {
            problems.push((format!("{key} [{variant}]"), text));
        }
    }
    problems
}

/// Every Russian text holds Cyrillic and every Chinese text Han, outside
/// placeholders and code spans, but for the entries of [`NEEDS_NO_SCRIPT`]:
/// an entry left in English fails, named by its key. An allowlist entry
/// that its text no longer needs fails too.
#[test]
fn every_translation_is_written_in_its_script() {
    let mut problems = Vec::new();
    for (language, script_name, script) in SCRIPTS {
        let allowed: BTreeMap<&str, &str> = NEEDS_NO_SCRIPT
            .iter()
            .filter(|(_, languages, _)| languages.contains(&language))
            .map(|(key, _, why)| (*key, *why))
            .collect();
        let mut checked = 0;
        let mut allowed_seen = BTreeSet::new();
        for_each_message(language, |path, message| {
            let key = message.id.name;
            let file = path.strip_prefix(sources::root()).unwrap_or(path).display();
            let mut texts: Vec<(String, &ast::Pattern<&str>)> = Vec::new();
            if let Some(value) = &message.value {
                texts.push((key.to_owned(), value));
            }
            for attribute in &message.attributes {
                texts.push((format!("{key}.{}", attribute.id.name), &attribute.value));
            }
            for (name, pattern) in texts {
                checked += 1;
                let found = untranslated(&name, pattern, script);
                if allowed.contains_key(name.as_str()) {
                    allowed_seen.insert(name.clone());
                    if found.is_empty() {
                        problems.push(format!(
                            "{language}: `{name}` ({file}) holds {script_name} now: \
                             take it out of NEEDS_NO_SCRIPT"
                        ));
                    }
                    continue;
                }
                for (name, text) in found {
                    problems.push(format!(
                        "{language}: `{name}` ({file}) has no {script_name} outside \
                         placeholders and code: {:?}",
                        text.trim()
                    ));
                }
            }
        });
        assert!(
            checked > 10,
            "{language}: only {checked} texts in the catalog"
        );
        for key in allowed.keys() {
            if !allowed_seen.contains(*key) {
                problems.push(format!(
                    "{language}: NEEDS_NO_SCRIPT names `{key}`, which the catalog does not have"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The check above on texts of its own: it sees through placeholders,
/// selectors and code spans, and names a variant left in English.
#[test]
fn the_script_check_reads_placeholders_selectors_and_code() {
    let text = "\
ok = найдено { $n ->
    [one] { $n } ошибка
   *[many] { $n } ошибок
}
english-around-code = `{ $char }` or `x`
only-code = `{ $char }`
english-variant = { $n ->
    [one] одна ошибка
   *[other] { $n } errors
}
english = expected { $expected }
";
    let resource = fluent_syntax::parser::parse(text).expect("the test's catalog");
    let found: Vec<String> = resource
        .body
        .iter()
        .filter_map(|entry| match entry {
            ast::Entry::Message(message) => Some(message),
            _ => None,
        })
        .flat_map(|message| {
            let value = message.value.as_ref().expect("a value");
            untranslated(message.id.name, value, is_cyrillic)
        })
        .map(|(name, _)| name)
        .collect();
    assert_eq!(
        found,
        [
            "english-around-code",
            "only-code",
            "english-variant [other]",
            "english"
        ]
    );
    assert!(is_han('字') && !is_han('x') && is_cyrillic('ё') && !is_cyrillic('e'));
}

#[test]
fn the_scanner_reads_keys_arguments_and_literals() {
    let found = calls(
        "x.rs",
        r#"let m = crate::message!("go9-killable", n = f(a, b), group = "x (y", c = ')');"#,
    );
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].key, "go9-killable");
    assert_eq!(
        found[0].args,
        BTreeSet::from(["n".to_owned(), "group".to_owned(), "c".to_owned()])
    );
    assert_eq!(found[0].literals, ["x (y"]);
}
