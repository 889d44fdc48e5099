//! The names the documents quote as code exist. Each inline code span of
//! the manual (README.md, CONTRIBUTING.md, `docs/src/`) and of
//! ARCHITECTURE.md that is a Rust path (`view::DocView`), a snake_case
//! name with an underscore, a CamelCase name or a file path is looked up in
//! the repository: prose rots where the code under it is renamed or moved.
//! Fenced blocks are not read (`doc_examples.rs` runs the console ones);
//! diagnostic codes, settings keys, shell lines, LSP methods and URLs are
//! not checked here.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;
use std::sync::LazyLock;

use pulldown_cmark::{Event, Options, Parser};
use regex::Regex;

use crate::support::sources;

/// Names of other projects' code that the documents quote, each with its
/// owner: they are not looked for in ours.
const NOT_OURS: &[(&str, &str)] = &[
    ("LspService", "tower-lsp-server's router"),
    ("LanguageServer", "tower-lsp-server's trait of handlers"),
    (
        "AnalysisHost",
        "rust-analyzer's, the core the IDE crate is modelled on",
    ),
    (
        "apply_change",
        "rust-analyzer's, the one way its input changes",
    ),
    ("ruff_wasm", "ruff's browser host"),
    ("ruff_server", "ruff's language server"),
    ("salsa", "rust-analyzer's incremental engine"),
    ("DecompressionStream", "the browsers' gzip reader"),
    (
        "ProcessPrng",
        "Windows's random bytes, in bcryptprimitives.dll",
    ),
    ("malloc_trim", "glibc's"),
    ("Packages/User", "Sublime Text's folder of user settings"),
    ("Swatinem/rust-cache", "a GitHub Action"),
    (
        ".helix/languages.toml",
        "a project's own Helix configuration",
    ),
    ("init.lua", "the user's Neovim configuration"),
    (
        "tests/01.in",
        "a judge's file name, in examples of a problem folder",
    ),
    (
        "server-web/boardls_web_bg.wasm",
        "inside the built VS Code extension",
    ),
    (
        "server-web/server-worker.js",
        "inside the built VS Code extension",
    ),
    ("out/browser.js", "inside the built VS Code extension"),
    ("boardls_web.js", "wasm-bindgen's output"),
    ("boardls_web_bg.wasm", "wasm-bindgen's output"),
    ("missed.txt", "cargo-mutants' output"),
    ("caught.txt", "cargo-mutants' output"),
    ("answers2.toml", "a scratch file of a recorded mutants run"),
    ("games2.toml", "a scratch file of a recorded mutants run"),
    ("profile3.toml", "a scratch file of a recorded mutants run"),
];

/// Rust's own names, and the crates that hold them.
const RUST_OWN: &[&str] = &[
    "std",
    "core",
    "alloc",
    "Debug",
    "Default",
    "Display",
    "Clone",
    "Copy",
    "Send",
    "Sync",
    "None",
    "Some",
    "Ok",
    "Err",
    "Option",
    "Result",
    "String",
    "Vec",
    "Box",
    "Arc",
    "Rc",
    "Mutex",
    "Iterator",
    "From",
    "Into",
    "Drop",
    "PartialEq",
    "Eq",
    "Hash",
    "HashMap",
    "BTreeMap",
    "Fn",
    "FnMut",
    "FnOnce",
];

/// The first segments of LSP method names (`textDocument/hover`,
/// `boardls/verdicts`), which are not paths.
const METHOD_ROOTS: &[&str] = &[
    "$",
    "textDocument",
    "workspace",
    "window",
    "client",
    "notebookDocument",
    "telemetry",
    "completionItem",
    "semanticTokens",
    "codeLens",
    "inlayHint",
    "codeAction",
    "documentLink",
    "boardls",
];

/// The first segments of diagnostic codes (`go9/atari`, `answer/*`).
const CODE_ROOTS: &[&str] = &[
    "*", "uttt", "go9", "tomek", "answer", "file", "profile", "project",
];

/// How a file path is known to be one when it has no `/`.
const EXTENSIONS: &[&str] = &[
    "rs", "md", "toml", "sh", "mjs", "js", "ts", "json", "ftl", "el", "lua", "kak", "yaml", "yml",
    "txt", "c", "html", "wasm",
];

/// Text files whose words count as names beside the Rust sources: the
/// scripts and configurations (`connect_rerun_filter` in `tests/run.sh`).
const SCRIPT_EXTENSIONS: &[&str] = &[
    "sh", "mjs", "js", "ts", "json", "toml", "lua", "el", "kak", "yml", "yaml",
];

/// One Rust file: the crate it belongs to, its module path in that crate
/// and the names it defines.
struct RustFile {
    krate: String,
    modules: Vec<String>,
    defined: BTreeSet<String>,
    types: BTreeSet<String>,
}

/// What a document's names are looked up in.
struct Code {
    files: Vec<RustFile>,
    /// Every file and folder, relative to the root (`tests/it/main.rs`),
    /// folders with a trailing `/`.
    paths: BTreeSet<String>,
    /// The words of the scripts and configurations.
    script_words: BTreeSet<String>,
    /// Folders a build writes, from `.gitignore` (`target/`, `dist/`).
    outputs: Vec<String>,
    /// The crates the workspace depends on, from `Cargo.lock`
    /// (`tokio_util`): a path into one is another project's.
    dependencies: BTreeSet<String>,
}

impl Code {
    /// `rust` and `scripts` are (path, text) pairs relative to the root.
    fn new(rust: &[(String, String)], scripts: &[(String, String)], others: &[String]) -> Code {
        let mut paths = BTreeSet::new();
        for path in rust
            .iter()
            .map(|(path, _)| path)
            .chain(scripts.iter().map(|(p, _)| p))
        {
            add_path(&mut paths, path);
        }
        for path in others {
            add_path(&mut paths, path);
        }
        let word = Regex::new(r"[A-Za-z_][A-Za-z0-9_]*").unwrap();
        let script_words = scripts
            .iter()
            .flat_map(|(_, text)| word.find_iter(text).map(|m| m.as_str().to_string()))
            .collect();
        Code {
            files: rust
                .iter()
                .map(|(path, text)| read_rust(path, text))
                .collect(),
            paths,
            script_words,
            outputs: Vec::new(),
            dependencies: BTreeSet::new(),
        }
    }

    /// The repository as it is on disk.
    fn of_repository() -> Code {
        let root = sources::root();
        let outputs = build_outputs(&fs::read_to_string(root.join(".gitignore")).unwrap());
        let mut walked = Vec::new();
        walk(root, "", &outputs, &mut walked);
        let mut rust = sources::rust_sources();
        let known: BTreeSet<String> = rust.iter().map(|(path, _)| path.clone()).collect();
        let mut scripts = Vec::new();
        let mut others = Vec::new();
        for path in walked {
            let extension = path.rsplit_once('.').map_or("", |(_, ext)| ext);
            if extension == "rs" && !known.contains(&path) {
                rust.push((path.clone(), fs::read_to_string(root.join(&path)).unwrap()));
            } else if SCRIPT_EXTENSIONS.contains(&extension) && !path.ends_with("-lock.json") {
                if let Ok(text) = fs::read_to_string(root.join(&path)) {
                    scripts.push((path, text));
                }
            } else {
                others.push(path);
            }
        }
        let mut code = Code::new(&rust, &scripts, &others);
        code.outputs = outputs;
        let lock = fs::read_to_string(root.join("Cargo.lock")).unwrap();
        let ours: BTreeSet<&str> = code.files.iter().map(|file| file.krate.as_str()).collect();
        code.dependencies = lock
            .lines()
            .filter_map(|line| line.strip_prefix("name = \""))
            .map(|name| name.trim_end_matches('"').replace('-', "_"))
            .filter(|name| !ours.contains(name.as_str()))
            .collect();
        code
    }

    fn defines(&self, name: &str) -> bool {
        self.dependencies.contains(name)
            || self
                .files
                .iter()
                .any(|file| file.defined.contains(name) || file.modules.iter().any(|m| m == name))
            || self.script_words.contains(name)
    }

    /// Whether the Rust path `segments` leads somewhere: the first is a
    /// crate, a module or a type; each next one a module or a type inside
    /// what came before; the last anything defined there. A type's items
    /// may be anywhere in its crate.
    fn resolves(&self, segments: &[&str]) -> Result<(), String> {
        let (last, inner) = segments.split_last().expect("a path has segments");
        let first = inner.first().copied().unwrap_or(last);
        // (file, how many of its module segments the path has used)
        let mut scope: Vec<(usize, usize)> = match first {
            "crate" | "self" | "super" => self.anywhere(),
            krate if self.files.iter().any(|file| file.krate == krate) => (0..self.files.len())
                .filter(|&f| self.files[f].krate == krate)
                .map(|f| (f, 0))
                .collect(),
            segment => self.inside(&self.anywhere(), segment),
        };
        for segment in inner.iter().skip(1) {
            if scope.is_empty() {
                break;
            }
            scope = self.inside(&scope, segment);
            if scope.is_empty() {
                return Err(format!("no module or type `{segment}` there"));
            }
        }
        if scope.is_empty() {
            return Err(format!("no crate, module or type `{first}`"));
        }
        let names = |f: usize, depth: usize| {
            let file = &self.files[f];
            file.defined.iter().chain(file.modules.get(depth))
        };
        let found = match last.strip_suffix('…') {
            Some(prefix) => scope
                .iter()
                .any(|&(f, d)| names(f, d).any(|n| n.starts_with(prefix))),
            None => scope.iter().any(|&(f, d)| names(f, d).any(|n| n == last)),
        };
        if found {
            Ok(())
        } else {
            Err(format!("nothing named `{last}` there"))
        }
    }

    fn anywhere(&self) -> Vec<(usize, usize)> {
        (0..self.files.len())
            .flat_map(|f| (0..=self.files[f].modules.len()).map(move |d| (f, d)))
            .collect()
    }

    /// The scope one segment further: its module (a file, or a `mod` in
    /// one), or, for a type, every file of the crates that define it.
    fn inside(&self, scope: &[(usize, usize)], segment: &str) -> Vec<(usize, usize)> {
        let mut next = Vec::new();
        let mut type_crates = BTreeSet::new();
        for &(f, d) in scope {
            let file = &self.files[f];
            if file.modules.get(d).is_some_and(|m| m == segment) {
                next.push((f, d + 1));
            } else if file.defined.contains(segment) && !file.types.contains(segment) {
                next.push((f, file.modules.len()));
            }
            if file.types.contains(segment) {
                type_crates.insert(file.krate.as_str());
            }
        }
        for (f, file) in self.files.iter().enumerate() {
            if type_crates.contains(file.krate.as_str()) {
                next.push((f, file.modules.len()));
            }
        }
        next.sort();
        next.dedup();
        next
    }

    /// Whether the path `quoted` (`tests/it/`, `examples/*/broken.*`,
    /// `kind.rs`) exists: from the root when its first segment is a
    /// top-level entry, else as the end of some path (`features/hover.rs`).
    fn has_path(&self, quoted: &str) -> bool {
        let quoted = quoted.strip_prefix("./").unwrap_or(quoted);
        let folder = quoted.ends_with('/');
        let pattern = glob_pattern(quoted.trim_end_matches('/'));
        let first = quoted.split('/').next().unwrap_or_default();
        let top_level = quoted.contains('/')
            && (self.paths.contains(first) || self.paths.contains(&format!("{first}/")));
        let anchor = if top_level { "^" } else { "(^|/)" };
        let whole = Regex::new(&format!(
            "{anchor}{pattern}{}$",
            if folder { "/" } else { "/?" }
        ))
        .unwrap();
        self.paths.iter().any(|path| whole.is_match(path))
    }

    /// Whether `quoted` is somewhere a build writes (`target/`, `dist/`).
    fn is_output(&self, quoted: &str) -> bool {
        self.outputs
            .iter()
            .any(|output| match output.strip_prefix('/') {
                Some(anchored) => format!("{quoted}/").starts_with(anchored),
                None => format!("/{quoted}/").contains(&format!("/{output}")),
            })
    }
}

fn add_path(paths: &mut BTreeSet<String>, path: &str) {
    let mut folder = path;
    while let Some((parent, _)) = folder.rsplit_once('/') {
        paths.insert(format!("{parent}/"));
        folder = parent;
    }
    paths.insert(path.to_string());
}

/// `*` as any characters but `/`, `**` as any, `<name>` as one segment.
fn glob_pattern(quoted: &str) -> String {
    let placeholder = Regex::new(r"<[^>/]+>").unwrap();
    let quoted = placeholder.replace_all(quoted, "\u{1}");
    regex::escape(&quoted)
        .replace(r"\*\*", ".*")
        .replace(r"\*", "[^/]*")
        .replace('\u{1}', "[^/]+")
}

/// The folders `.gitignore` names (`/target`, `/dist/`, `node_modules/`):
/// a leading `/` anchors one at the root.
fn build_outputs(gitignore: &str) -> Vec<String> {
    gitignore
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#') && !line.contains('*'))
        .map(|line| format!("{}/", line.trim_end_matches('/')))
        .collect()
}

fn walk(root: &Path, relative: &str, outputs: &[String], found: &mut Vec<String>) {
    let mut entries: Vec<_> = fs::read_dir(root.join(relative))
        .unwrap()
        .map(|entry| entry.unwrap())
        .collect();
    entries.sort_by_key(|entry| entry.file_name());
    for entry in entries {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = if relative.is_empty() {
            name.clone()
        } else {
            format!("{relative}/{name}")
        };
        let skipped = name == ".git"
            || outputs.iter().any(|output| match output.strip_prefix('/') {
                Some(anchored) => format!("{path}/") == *anchored,
                None => format!("{name}/") == *output,
            });
        if skipped {
            continue;
        }
        if entry.file_type().unwrap().is_dir() {
            found.push(format!("{path}/"));
            walk(root, &path, outputs, found);
        } else {
            found.push(path);
        }
    }
}

/// A Rust file's crate and module path, from where it lies:
/// `crates/boardls-ide/src/view/mod.rs` is `boardls_ide`'s `view`.
fn read_rust(path: &str, text: &str) -> RustFile {
    let (krate, inside) = if let Some(rest) = path.strip_prefix("crates/") {
        let (name, rest) = rest.split_once('/').unwrap_or((rest, ""));
        (
            name.replace('-', "_"),
            rest.strip_prefix("src/").unwrap_or(rest),
        )
    } else if let Some(rest) = path.strip_prefix("src/") {
        ("boardls".to_string(), rest)
    } else if let Some(rest) = path.strip_prefix("tests/") {
        let (name, rest) = rest.split_once('/').unwrap_or(("tests", rest));
        (name.to_string(), rest)
    } else {
        let (name, rest) = path.split_once('/').unwrap_or(("", path));
        (name.to_string(), rest.strip_prefix("src/").unwrap_or(rest))
    };
    let mut modules: Vec<String> = inside
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    if modules
        .last()
        .is_some_and(|m| ["mod", "lib", "main"].contains(&m.as_str()))
    {
        modules.pop();
    }
    let (defined, types) = definitions(&tokens(text));
    RustFile {
        krate,
        modules,
        defined,
        types,
    }
}

#[derive(Debug, PartialEq)]
enum Token {
    Ident(String),
    Punct(char),
}

/// The identifiers and punctuation of Rust source, without comments,
/// strings, characters or lifetimes, so that a name only mentioned there
/// is not taken for a definition.
fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 1;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 1;
                    if depth == 0 {
                        i += 1;
                        break;
                    }
                }
                i += 1;
            }
        } else if c == '"' {
            i = string_end(&chars, i + 1, 0, false);
        } else if let Some((open, hashes, raw)) = string_start(&chars, i) {
            i = string_end(&chars, open, hashes, raw);
        } else if c == '\'' {
            i = if next == Some('\\') {
                (i + 2..chars.len())
                    .find(|&j| chars[j] == '\'')
                    .map_or(chars.len(), |j| j + 1)
            } else if chars.get(i + 2) == Some(&'\'') {
                i + 3
            } else {
                (i + 1..chars.len())
                    .find(|&j| !is_ident_char(chars[j]))
                    .unwrap_or(chars.len())
            };
        } else if c.is_alphabetic() || c == '_' {
            let end = (i..chars.len())
                .find(|&j| !is_ident_char(chars[j]))
                .unwrap_or(chars.len());
            let word: String = chars[i..end].iter().collect();
            out.push(Token::Ident(word));
            i = end;
        } else if c.is_ascii_digit() {
            i = (i..chars.len())
                .find(|&j| !is_ident_char(chars[j]))
                .unwrap_or(chars.len());
        } else {
            if !c.is_whitespace() {
                out.push(Token::Punct(c));
            }
            i += 1;
        }
    }
    out
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Where a raw or byte string starting at `i` opens (`r#"`, `b"`, `br"`,
/// `c"`): the index after its quote, its number of `#` and whether it is
/// raw.
fn string_start(chars: &[char], i: usize) -> Option<(usize, usize, bool)> {
    if !matches!(chars[i], 'r' | 'b' | 'c') || (i > 0 && is_ident_char(chars[i - 1])) {
        return None;
    }
    let prefix = chars[i..]
        .iter()
        .take_while(|&&c| matches!(c, 'r' | 'b' | 'c'))
        .count();
    let raw = chars[i..i + prefix].contains(&'r');
    let hashes = chars[i + prefix..]
        .iter()
        .take_while(|&&c| c == '#')
        .count();
    let quote = i + prefix + hashes;
    (prefix <= 2 && chars.get(quote) == Some(&'"') && (raw || hashes == 0)).then_some((
        quote + 1,
        hashes,
        raw,
    ))
}

/// The index past a string whose text starts at `i`; `hashes` is a raw
/// string's number of `#` (in a raw string `\` escapes nothing).
fn string_end(chars: &[char], mut i: usize, hashes: usize, raw: bool) -> usize {
    while i < chars.len() {
        if chars[i] == '\\' && !raw {
            i += 2;
        } else if chars[i] == '"' && chars[i + 1..].iter().take(hashes).all(|&c| c == '#') {
            return i + 1 + hashes;
        } else {
            i += 1;
        }
    }
    i
}

/// The names a file defines (items, variants, fields, macros, `use … as`
/// names), and which of them are types.
fn definitions(tokens: &[Token]) -> (BTreeSet<String>, BTreeSet<String>) {
    let ident = |i: usize| match tokens.get(i) {
        Some(Token::Ident(name)) => Some(name.as_str()),
        _ => None,
    };
    let punct = |i: usize, c: char| tokens.get(i) == Some(&Token::Punct(c));
    let mut defined = BTreeSet::new();
    let mut types = BTreeSet::new();
    for i in 0..tokens.len() {
        let (Some(keyword), Some(name)) = (ident(i), ident(i + 1)) else {
            continue;
        };
        match keyword {
            "fn" | "const" | "static" | "mod" => {
                defined.insert(name.to_string());
            }
            "struct" | "enum" | "union" | "trait" | "type" => {
                defined.insert(name.to_string());
                types.insert(name.to_string());
                if keyword != "trait" && keyword != "type" {
                    defined.extend(members(tokens, i + 2, keyword == "enum"));
                }
            }
            "as" if [';', ',', '}'].iter().any(|&c| punct(i + 2, c)) => {
                defined.insert(name.to_string());
            }
            _ => {}
        }
    }
    for i in 0..tokens.len() {
        if ident(i) == Some("macro_rules")
            && punct(i + 1, '!')
            && let Some(name) = ident(i + 2)
        {
            defined.insert(name.to_string());
        }
    }
    (defined, types)
}

/// The fields (and, of an enum, the variants) of the body that follows a
/// type's name at `start`.
fn members(tokens: &[Token], start: usize, is_enum: bool) -> Vec<String> {
    let mut angle = 0;
    let mut open = None;
    for (i, token) in tokens.iter().enumerate().skip(start) {
        match token {
            Token::Punct('<') => angle += 1,
            Token::Punct('>') if !matches!(tokens.get(i - 1), Some(Token::Punct('-'))) => {
                angle -= 1;
            }
            Token::Punct('{') if angle == 0 => {
                open = Some(i);
                break;
            }
            Token::Punct('(' | ';') if angle == 0 => return Vec::new(),
            _ => {}
        }
    }
    let Some(open) = open else { return Vec::new() };
    let mut found = Vec::new();
    let mut depth = 0;
    let mut variant_next = true;
    let mut i = open;
    while i < tokens.len() {
        match &tokens[i] {
            Token::Punct('{' | '(' | '[') => depth += 1,
            Token::Punct('}' | ')' | ']') => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            Token::Punct(',') if depth == 1 => variant_next = true,
            Token::Ident(name) => {
                let colon = tokens.get(i + 1) == Some(&Token::Punct(':'))
                    && tokens.get(i + 2) != Some(&Token::Punct(':'));
                if (is_enum && depth == 1 && variant_next) || colon {
                    found.push(name.clone());
                }
                if depth == 1 {
                    variant_next = false;
                }
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// Each inline code span of `markdown`, with its line.
fn code_spans(markdown: &str) -> Vec<(usize, String)> {
    Parser::new_ext(markdown, Options::ENABLE_TABLES)
        .into_offset_iter()
        .filter_map(|(event, range)| match event {
            Event::Code(code) => {
                let line = markdown[..range.start].matches('\n').count() + 1;
                Some((line, code.trim().to_string()))
            }
            _ => None,
        })
        .collect()
}

/// A Rust path at the start of a span (`view::DocView`,
/// `Document::edit()`, `message::Message::new(…)`, `games::` as a test
/// filter), and the module alone of `games::`.
static RUST_PATH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^([A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*…?)+)(::)?(\(|!|<| |$)").unwrap()
});
static MODULE_FILTER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^([A-Za-z_][A-Za-z0-9_]*)::$").unwrap());
static SNAKE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[a-z][a-z0-9]*(_[a-z0-9]+)+$").unwrap());
static CAMEL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[A-Z][a-z0-9]+([A-Z][a-z0-9]*)*$").unwrap());
static PATH_CHARS: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[A-Za-z0-9_.*/<>+-]+$").unwrap());

/// What is wrong with the code span `quoted`, if it names something of
/// ours that does not exist.
fn missing(quoted: &str, code: &Code) -> Option<String> {
    if NOT_OURS.iter().any(|(name, _)| *name == quoted) || quoted.contains("://") {
        return None;
    }
    if let Some(found) = RUST_PATH.captures(quoted) {
        let segments: Vec<&str> = found[1].split("::").collect();
        if RUST_OWN.contains(&segments[0]) {
            return None;
        }
        let theirs = code.dependencies.contains(segments[0]);
        return code.resolves(&segments).err().filter(|_| !theirs);
    }
    if let Some(found) = MODULE_FILTER.captures(quoted) {
        return (!code.defines(&found[1])).then(|| "defined nowhere".to_string());
    }
    if quoted.contains(char::is_whitespace) {
        // A shell line: only a script it starts with is checked.
        let first = quoted.split_whitespace().next().unwrap_or_default();
        return (first.contains('/') && is_path(first))
            .then(|| missing(first, code))
            .flatten();
    }
    if SNAKE.is_match(quoted) || CAMEL.is_match(quoted) {
        return (!RUST_OWN.contains(&quoted) && !code.defines(quoted))
            .then(|| "defined nowhere".to_string());
    }
    if is_path(quoted) && !code.is_output(quoted) && !code.has_path(quoted) {
        return Some("no such file or folder".to_string());
    }
    None
}

/// Whether `quoted` is a file path rather than a diagnostic code, an LSP
/// method, a system path, a placeholder or a bare extension.
fn is_path(quoted: &str) -> bool {
    if !PATH_CHARS.is_match(quoted) || !quoted.contains(|c: char| c.is_ascii_alphabetic()) {
        return false;
    }
    let first = quoted.split('/').next().unwrap_or_default();
    let extension = quoted.rsplit_once('.');
    match quoted.split_once('/') {
        None => extension.is_some_and(|(stem, ext)| !stem.is_empty() && EXTENSIONS.contains(&ext)),
        // One folder (`invalid/`, `en/`): too often the reader's own.
        Some((_, "")) => false,
        Some(_) if first.is_empty() || first.starts_with('<') => false,
        Some(_) if METHOD_ROOTS.contains(&first) && !quoted.contains('.') => false,
        Some(_) if CODE_ROOTS.contains(&first) && !quoted.contains('.') => {
            quoted.matches('/').count() > 1
        }
        Some(_) => true,
    }
}

/// Every name of `markdown` that is missing, as `DOCUMENT:LINE: …`.
fn problems(document: &str, markdown: &str, code: &Code) -> Vec<String> {
    code_spans(markdown)
        .into_iter()
        .filter_map(|(line, quoted)| {
            missing(&quoted, code).map(|why| format!("{document}:{line}: `{quoted}`: {why}"))
        })
        .collect()
}

fn check(documents: &[String]) {
    let code = Code::of_repository();
    let mut found = Vec::new();
    let mut spans = 0;
    for document in documents {
        let markdown = fs::read_to_string(sources::root().join(document)).unwrap();
        spans += code_spans(&markdown).len();
        found.extend(problems(document, &markdown, &code));
    }
    assert!(spans > 50, "only {spans} code spans read");
    assert!(found.is_empty(), "names of nothing:\n{}", found.join("\n"));
}

fn manual_pages(dir: &str, out: &mut Vec<String>) {
    let mut entries: Vec<_> = fs::read_dir(sources::root().join(dir))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    entries.sort();
    for name in entries {
        let path = format!("{dir}/{name}");
        if sources::root().join(&path).is_dir() {
            manual_pages(&path, out);
        } else if name.ends_with(".md") {
            out.push(path);
        }
    }
}

#[test]
fn the_manual_names_what_exists() {
    let mut documents = vec!["README.md".to_string(), "CONTRIBUTING.md".to_string()];
    manual_pages("docs/src", &mut documents);
    check(&documents);
}

#[test]
fn architecture_names_what_exists() {
    check(&["ARCHITECTURE.md".to_string()]);
}

#[test]
fn the_check_finds_stale_names_and_missing_paths() {
    let rust = [
        (
            "crates/boardls-ide/src/view/mod.rs",
            "//! Not `Gone`.\npub struct DocView { pub kept_tokens: u8 }\nimpl DocView { pub fn edit(&self) {} }\nconst S: &str = \"fn stale_name\";\n",
        ),
        ("crates/boardls-ide/src/lib.rs", "pub mod view;\n"),
        ("src/main.rs", "enum Mode { Check, Fmt }\nmod tests { fn read_requests() {} }\n"),
    ]
    .map(|(path, text)| (path.to_string(), text.to_string()));
    let scripts = [(
        "tests/run.sh".to_string(),
        "connect_rerun_filter=x\n".to_string(),
    )];
    let mut code = Code::new(&rust, &scripts, &["docs/src/cli.md".to_string()]);
    code.dependencies.insert("tokio_util".to_string());
    let markdown = "\
`boardls_ide::view::DocView`, `view::DocView::edit`, `DocView::edit`, `kept_tokens`,
`Mode`, `Fmt`, `tests::read_requests`, `connect_rerun_filter`, `docs/src/cli.md`,
`crates/boardls-ide/src/view/`, `view/mod.rs`, `docs/*/cli.md`, `view::`, `uttt/bad-cell`,
`textDocument/hover`, `boardls.hints.enable`, `cargo test --release`, `https://x.y/z`,
`tokio_util::codec::FramedRead`, `tokio_util`.

```sh
stale_name src/nowhere.rs
```

`stale_name`, `Gone`, `boardls_engine::view::DocView`, `view::Undone`, `lsp::`,
`src/lsp/uri.rs`, `tests/run.sh extra`, `lsp/view/mod.rs`, `docs/src/cli.md/`.
";
    let found = problems("T.md", markdown, &code);
    let expected = [
        "T.md:11: `stale_name`: defined nowhere",
        "T.md:11: `Gone`: defined nowhere",
        "T.md:11: `boardls_engine::view::DocView`: no crate, module or type `boardls_engine`",
        "T.md:11: `view::Undone`: nothing named `Undone` there",
        "T.md:11: `lsp::`: defined nowhere",
        "T.md:12: `src/lsp/uri.rs`: no such file or folder",
        "T.md:12: `lsp/view/mod.rs`: no such file or folder",
        "T.md:12: `docs/src/cli.md/`: no such file or folder",
    ];
    assert_eq!(found, expected);
}
