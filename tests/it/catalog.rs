//! The message catalog (`src/i18n/`): every key the code names is in
//! every language, with the arguments the code passes and no others;
//! every key of the catalog is used; and no sentence is made outside it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use fluent_syntax::ast;

use crate::support::sources;

const LANGUAGES: [&str; 3] = ["en", "ru", "zh-CN"];

/// The files that may say text from outside the catalog as it is
/// (`Message::verbatim`): another program's words, such as the TOML
/// parser's or the system's error.
/// (`src/check/json.rs`: the made-up messages of its streaming test.)
const VERBATIM_EDGES: [&str; 4] = [
    "src/i18n/message.rs",
    "src/project/file.rs",
    "src/walk.rs",
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

/// Every `message!` call under `src/` (the macro's own definition and
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

/// A language's messages: key → the variables its text refers to.
fn catalog(language: &str) -> BTreeMap<String, BTreeSet<String>> {
    let folder = sources::root().join("src/i18n").join(language);
    let mut names: Vec<PathBuf> = std::fs::read_dir(&folder)
        .expect("the language's folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ftl"))
        .collect();
    names.sort();
    let mut messages = BTreeMap::new();
    for path in names {
        let text = std::fs::read_to_string(&path).expect("a catalog file");
        let resource = match fluent_syntax::parser::parse(text.as_str()) {
            Ok(resource) => resource,
            Err((_, errors)) => panic!("{}: {errors:?}", path.display()),
        };
        for entry in &resource.body {
            match entry {
                ast::Entry::Message(message) => {
                    let mut variables = BTreeSet::new();
                    if let Some(pattern) = &message.value {
                        pattern_variables(pattern, &mut variables);
                    }
                    let id = message.id.name.to_owned();
                    assert!(
                        messages.insert(id.clone(), variables).is_none(),
                        "{language}: `{id}` is defined twice"
                    );
                }
                ast::Entry::Junk { content } => {
                    panic!("{}: cannot read {content:?}", path.display())
                }
                _ => {}
            }
        }
    }
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
