//! The shape of the code: every import of `src/` goes down the layer table
//! of ARCHITECTURE.md (read from it, so the document and the check cannot
//! drift), only the modules the table allows name `serde_json`,
//! `tower_lsp_server` or `tokio`, the file-level import graph has no cycle,
//! no file is longer than [`MAX_LINES`], the public surface stays small,
//! and the code map of ARCHITECTURE.md names every file under `src/`.
//! Every test here has `structure` in its name: `cargo test structure`.
//!
//! Each `.rs` file is a node. An edge runs from a file to the file that
//! defines what it names:
//! - `mod x;` runs from the parent to the child's file;
//! - every path in a `use` tree (`use a::{b, c::d}` is `a::b` and `a::c::d`)
//!   and every path written inline (`crate::games::go9::verdict(..)`)
//!   that starts with `crate`, `super`, `self`, or a name a `use` bound to
//!   one of the crate's modules, runs to the longest prefix of the path that
//!   is a module with a file of its own (`crate::games::go9::Board` is
//!   `src/games/go9.rs`; `crate::games::Cell` is `src/games/mod.rs`).
//!
//! `super::` is relative to the module the path is written in, so inside an
//! inline `mod tests { .. }` it is the file itself. A child file that
//! imports what its parent `mod.rs` defines therefore makes a cycle; shared
//! items live in sibling files that both import. (The core also writes the
//! imports of its inline test modules as `crate::…` paths, so that even a
//! reading that ignores inline modules sees no edge back to the parent.)

use crate::support::sources;

use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// No file under `src/` may be longer than this.
const MAX_LINES: usize = 700;

#[test]
fn structure_the_file_import_graph_has_no_cycle() {
    let graph = Graph::of_sources();
    let mut failures = Vec::new();
    for component in graph.cycles() {
        failures.push(graph.describe_cycle(&component));
    }
    assert!(
        failures.is_empty(),
        "import cycles between files of src/:\n\n{}",
        failures.join("\n\n")
    );
}

#[test]
fn structure_no_file_is_too_long() {
    let too_long: Vec<String> = sources::rust_sources()
        .into_iter()
        .filter(|(_, text)| text.lines().count() > MAX_LINES)
        .map(|(path, text)| format!("{path}: {} lines", text.lines().count()))
        .collect();
    assert!(
        too_long.is_empty(),
        "files over {MAX_LINES} lines:\n{}",
        too_long.join("\n")
    );
}

#[test]
fn structure_the_graph_sees_every_kind_of_edge() {
    let files = [
        ("src/lib.rs", "pub mod a;\npub mod b;\n"),
        ("src/a/mod.rs", "mod c;\npub use c::Thing;\n"),
        (
            "src/a/c.rs",
            "use super::super::b::{self, d::{Deep as Renamed}};\n\
             fn f() { b::e::call(); }\n",
        ),
        ("src/b/mod.rs", "pub mod d;\npub mod e;\n"),
        ("src/b/d.rs", "// crate::a::c in a comment is no edge\n"),
        (
            "src/b/e.rs",
            "fn g() { let _ = \"crate::b::d\"; let _: char = 'c'; }\n\
             #[cfg(test)]\nmod tests {\n    use super::*;\n    fn h<'a>() { crate::b::d::Deep::new(); }\n}\n",
        ),
    ];
    let graph = Graph::build(files.iter().map(|&(p, t)| (p.to_owned(), t.to_owned())));
    let edges = |from: &str| -> Vec<&str> {
        graph.edges[from]
            .keys()
            .map(String::as_str)
            .collect::<Vec<_>>()
    };
    assert_eq!(edges("src/lib.rs"), ["src/a/mod.rs", "src/b/mod.rs"]);
    assert_eq!(edges("src/a/mod.rs"), ["src/a/c.rs"]);
    assert_eq!(
        edges("src/a/c.rs"),
        ["src/b/d.rs", "src/b/e.rs", "src/b/mod.rs"]
    );
    assert_eq!(edges("src/b/d.rs"), Vec::<&str>::new());
    // `super::*` inside the inline module is e.rs itself: no edge.
    assert_eq!(edges("src/b/e.rs"), ["src/b/d.rs"]);
    assert!(graph.cycles().is_empty());
    // A child naming its parent's own item closes a cycle.
    let cyclic = Graph::build([
        ("src/lib.rs".to_owned(), "mod p;\n".to_owned()),
        (
            "src/p/mod.rs".to_owned(),
            "mod q;\npub struct S;\n".to_owned(),
        ),
        ("src/p/q.rs".to_owned(), "use super::S;\n".to_owned()),
    ]);
    assert_eq!(
        cyclic.cycles(),
        [BTreeSet::from([
            "src/p/mod.rs".to_owned(),
            "src/p/q.rs".to_owned()
        ])]
    );
}

/// The crates only some layers may name (a column each in the table).
const GUARDED_CRATES: [&str; 4] = ["serde_json", "tower_lsp_server", "ls_types", "tokio"];

/// At most this many `pub fn` are reachable through `pub mod` from
/// `src/lib.rs`: what the binary, tests, benches and fuzz targets use.
const MAX_PUBLIC_FNS: usize = 146;

#[test]
fn structure_imports_follow_the_layer_table() {
    let architecture = std::fs::read_to_string(sources::root().join("ARCHITECTURE.md"))
        .expect("ARCHITECTURE.md is readable");
    let layers = Layers::parse(&architecture).unwrap_or_else(|err| panic!("{err}"));
    let failures = layers.violations(&sources::rust_sources());
    assert!(
        failures.is_empty(),
        "imports against the layer table of ARCHITECTURE.md:\n{}",
        failures.join("\n")
    );
}

#[test]
fn structure_public_surface_is_small() {
    let files: BTreeMap<String, String> = sources::rust_sources().into_iter().collect();
    let count = public_fns(&files);
    assert!(
        count <= MAX_PUBLIC_FNS,
        "{count} `pub fn` reachable through `pub mod` from src/lib.rs (at most \
         {MAX_PUBLIC_FNS}): make what only the crate uses `pub(crate)`"
    );
}

/// A fake table and tree: the check fails on an upward import that makes no
/// cycle, on a guarded crate named where the table does not allow it, and
/// on a module the table does not list.
#[test]
fn structure_check_fails_on_upward_imports_and_stray_crates() {
    let table = "| module | may use | serde_json | tower_lsp_server | ls_types | tokio |\n\
                 |---|---|---|---|---|---|\n\
                 | `text` | | | | | |\n\
                 | `games` | `text` | | | | |\n\
                 | `syntax` | `games` | | | | |\n\
                 | `lsp::encoding` | `syntax` | yes | yes | | |\n\
                 | `lsp::server` | `lsp::encoding` | yes | yes | | yes |\n";
    let layers = Layers::parse(table).expect("a well-formed table");
    let tree = |extra: &[(&str, &str)]| -> Vec<(String, String)> {
        let mut files = vec![
            (
                "src/lib.rs",
                "pub mod games;\npub mod lsp;\npub mod syntax;\npub mod text;\n",
            ),
            ("src/text.rs", "pub fn lines() {}\n"),
            ("src/games/mod.rs", "use crate::text::lines;\n"),
            ("src/syntax/mod.rs", "use crate::games;\n"),
            ("src/lsp/mod.rs", "pub mod encoding;\npub mod server;\n"),
            (
                "src/lsp/encoding.rs",
                "use crate::syntax;\nuse serde_json::Value;\n",
            ),
            (
                "src/lsp/server.rs",
                "use super::encoding;\n#[tokio::main]\nfn f() {}\n",
            ),
        ];
        for &(path, text) in extra {
            match files.iter_mut().find(|(p, _)| *p == path) {
                Some(file) => file.1 = text,
                None => files.push((path, text)),
            }
        }
        files
            .into_iter()
            .map(|(p, t)| (p.to_owned(), t.to_owned()))
            .collect()
    };
    assert_eq!(layers.violations(&tree(&[])), Vec::<String>::new());
    let upward = layers.violations(&tree(&[(
        "src/games/mod.rs",
        "use crate::text::lines;\nfn f() { crate::lsp::encoding::to_lsp(); }\n",
    )]));
    assert_eq!(upward.len(), 1, "{upward:?}");
    assert!(upward[0].contains("src/games/mod.rs:2") && upward[0].contains("lsp::encoding"));
    let from_syntax = layers.violations(&tree(&[(
        "src/syntax/mod.rs",
        "use crate::games;\nuse crate::lsp::encoding::Encoding;\n",
    )]));
    assert_eq!(from_syntax.len(), 1, "{from_syntax:?}");
    let stray = layers.violations(&tree(&[(
        "src/games/mod.rs",
        "use crate::text::lines;\nfn f() -> serde_json::Value { todo!() }\n",
    )]));
    assert_eq!(stray.len(), 1, "{stray:?}");
    assert!(stray[0].contains("serde_json") && stray[0].contains("src/games/mod.rs:2"));
    let unlisted = layers.violations(&tree(&[
        (
            "src/lib.rs",
            "pub mod games;\npub mod lsp;\npub mod syntax;\npub mod text;\npub mod extra;\n",
        ),
        ("src/extra.rs", "use crate::text;\n"),
    ]));
    assert_eq!(unlisted.len(), 1, "{unlisted:?}");
    assert!(unlisted[0].contains("add a row for it to the layer table in ARCHITECTURE.md"));
    // Downward imports two layers deep are allowed (the table is transitive).
    let deep = layers.violations(&tree(&[("src/syntax/mod.rs", "use crate::text::lines;\n")]));
    assert_eq!(deep, Vec::<String>::new());
}

#[test]
fn structure_public_surface_counts_only_pub_mod_chains() {
    let files: BTreeMap<String, String> = [
        ("src/lib.rs", "pub mod a;\npub(crate) mod b;\nmod c;\n"),
        ("src/a/mod.rs", "pub mod d;\nmod e;\npub fn one() {}\n"),
        (
            "src/a/d.rs",
            "impl X {\n    pub fn two() {}\n    pub(crate) fn no() {}\n}\n",
        ),
        ("src/a/e.rs", "pub fn hidden() {}\n"),
        ("src/b.rs", "pub fn hidden() {}\n"),
        ("src/c.rs", "pub fn hidden() {}\n"),
    ]
    .into_iter()
    .map(|(p, t)| (p.to_owned(), t.to_owned()))
    .collect();
    assert_eq!(public_fns(&files), 2);
}

/// The number of `pub fn` (also `pub const fn`, `pub async fn`) in the files
/// reachable from `src/lib.rs` through `pub mod` declarations.
fn public_fns(files: &BTreeMap<String, String>) -> usize {
    let file_of = |module: &[String]| -> Option<&String> {
        let base = format!("src/{}", module.join("/"));
        [format!("{base}.rs"), format!("{base}/mod.rs")]
            .into_iter()
            .find_map(|path| files.get(&path))
    };
    let mut count = 0;
    let mut pending = vec![(Vec::new(), &files["src/lib.rs"])];
    while let Some((module, text)) = pending.pop() {
        for line in text.lines().map(str::trim_start) {
            let rest = line.strip_prefix("pub ");
            let after = rest.map(|r| {
                r.trim_start_matches("const ")
                    .trim_start_matches("async ")
                    .trim_start_matches("unsafe ")
            });
            if after.is_some_and(|r| r.starts_with("fn ")) {
                count += 1;
            }
        }
        for line in text.lines() {
            if let Some(name) = line
                .strip_prefix("pub mod ")
                .and_then(|r| r.strip_suffix(';'))
            {
                let mut child = module.clone();
                child.push(name.to_owned());
                if let Some(text) = file_of(&child) {
                    pending.push((child, text));
                }
            }
        }
    }
    count
}

/// The layer table of ARCHITECTURE.md: each module, the modules it may use
/// (and, transitively, what those may use), and the guarded crates it may
/// name. A file belongs to the longest module of the table that contains it.
struct Layers {
    rows: BTreeMap<Vec<String>, Row>,
}

struct Row {
    uses: Vec<Vec<String>>,
    crates: BTreeSet<String>,
}

impl Layers {
    /// Reads the first table whose header is
    /// `| module | may use | serde_json | tower_lsp_server | ls_types | tokio |`.
    fn parse(markdown: &str) -> Result<Layers, String> {
        let header = format!("| module | may use | {} |", GUARDED_CRATES.join(" | "));
        let mut lines = markdown.lines().skip_while(|line| line.trim() != header);
        if lines.next().is_none() {
            return Err(format!("ARCHITECTURE.md has no table headed `{header}`"));
        }
        lines.next(); // |---|
        let module_path = |cell: &str| -> Vec<String> {
            cell.trim()
                .trim_matches('`')
                .split("::")
                .map(str::to_owned)
                .collect()
        };
        let mut rows = BTreeMap::new();
        for line in lines.take_while(|line| line.starts_with('|')) {
            let cells: Vec<&str> = line.trim().trim_matches('|').split('|').collect();
            if cells.len() != 2 + GUARDED_CRATES.len() {
                return Err(format!(
                    "a row of the layer table has the wrong cells: {line}"
                ));
            }
            let uses = cells[1]
                .split(',')
                .filter(|cell| !cell.trim().is_empty())
                .map(module_path)
                .collect();
            let crates = GUARDED_CRATES
                .iter()
                .zip(&cells[2..])
                .filter(|(_, cell)| cell.trim() == "yes")
                .map(|(name, _)| (*name).to_owned())
                .collect();
            rows.insert(module_path(cells[0]), Row { uses, crates });
        }
        Ok(Layers { rows })
    }

    /// The row a module belongs to: the longest module of the table that is
    /// it or contains it.
    fn layer_of(&self, module: &[String]) -> Option<&Vec<String>> {
        (1..=module.len())
            .rev()
            .find_map(|len| self.rows.get_key_value(&module[..len]).map(|(k, _)| k))
    }

    /// Whether a module only declares and re-exports modules of the table
    /// (`src/lib.rs`, `src/lsp/mod.rs`): it has no row, but rows below it.
    fn is_facade(&self, module: &[String]) -> bool {
        self.layer_of(module).is_none() && self.rows.keys().any(|row| row.starts_with(module))
    }

    /// Every layer `layer` may use: those its row lists, and theirs.
    fn allowed(&self, layer: &[String]) -> BTreeSet<Vec<String>> {
        let mut allowed = BTreeSet::new();
        let mut pending = vec![layer.to_vec()];
        while let Some(next) = pending.pop() {
            for used in self.rows.get(&next).into_iter().flat_map(|row| &row.uses) {
                if allowed.insert(used.clone()) {
                    pending.push(used.clone());
                }
            }
        }
        allowed
    }

    fn violations(&self, files: &[(String, String)]) -> Vec<String> {
        let mut failures = Vec::new();
        for (row, entry) in &self.rows {
            for used in &entry.uses {
                if !self.rows.contains_key(used) {
                    failures.push(format!(
                        "the layer table lists `{}` under `{}`, but has no row for it",
                        used.join("::"),
                        row.join("::")
                    ));
                }
            }
        }
        let graph = Graph::build(files.iter().cloned());
        for (path, text) in files {
            let module = module_of(path);
            // The binary uses the library from outside, as its users do.
            if path == "src/main.rs" {
                continue;
            }
            let Some(layer) = self.layer_of(&module) else {
                if self.is_facade(&module) {
                    failures.extend(self.facade_violations(path, &module, &graph));
                } else {
                    failures.push(format!(
                        "{path}: module `{}` is not in the layer table; add a row for it to \
                         the layer table in ARCHITECTURE.md (the modules it may use, the \
                         crates it may name)",
                        module.join("::")
                    ));
                }
                continue;
            };
            let allowed = self.allowed(layer);
            for (target, line) in &graph.edges[path] {
                let target_module = module_of(target);
                let ok = match self.layer_of(&target_module) {
                    Some(target_layer) => target_layer == layer || allowed.contains(target_layer),
                    // A facade: allowed when everything it holds that is
                    // named here is allowed; the edge to the real file is
                    // seen through the re-export's own file.
                    None => self.is_facade(&target_module),
                };
                if !ok {
                    failures.push(format!(
                        "{path}:{line}: `{}` uses `{}`, which the layer table does not allow",
                        layer.join("::"),
                        target_module.join("::")
                    ));
                }
            }
            let row = &self.rows[layer];
            for (token, line) in tokens(text) {
                if let Token::Ident(name) = token
                    && GUARDED_CRATES.contains(&name.as_str())
                    && !row.crates.contains(&name)
                {
                    failures.push(format!(
                        "{path}:{line}: `{}` names `{name}`, which the layer table does not allow",
                        layer.join("::")
                    ));
                }
            }
        }
        failures
    }

    /// A facade may import only modules inside it (to declare and re-export).
    fn facade_violations(&self, path: &str, module: &[String], graph: &Graph) -> Vec<String> {
        graph.edges[path]
            .iter()
            .filter(|(target, _)| !module_of(target).starts_with(module))
            .map(|(target, line)| {
                format!(
                    "{path}:{line}: `{}` only declares and re-exports, yet uses {target}",
                    module.join("::")
                )
            })
            .collect()
    }
}

/// Files and the edges between them, each with the line that makes it.
struct Graph {
    /// file → (file it names → first line doing so)
    edges: BTreeMap<String, BTreeMap<String, usize>>,
}

impl Graph {
    fn of_sources() -> Graph {
        Graph::build(sources::rust_sources())
    }

    fn build(files: impl IntoIterator<Item = (String, String)>) -> Graph {
        let files: Vec<(String, String)> = files.into_iter().collect();
        let modules: BTreeMap<Vec<String>, String> = files
            .iter()
            .filter(|(path, _)| path != "src/main.rs")
            .map(|(path, _)| (module_of(path), path.clone()))
            .collect();
        let mut edges = BTreeMap::new();
        for (path, text) in &files {
            let mut reader = FileReader {
                modules: &modules,
                file: path,
                binary: path == "src/main.rs",
                aliases: BTreeMap::new(),
                edges: BTreeMap::new(),
            };
            reader.read(&tokens(text));
            edges.insert(path.clone(), reader.edges);
        }
        Graph { edges }
    }

    /// The strongly connected components with more than one file (Tarjan).
    fn cycles(&self) -> Vec<BTreeSet<String>> {
        struct Tarjan<'a> {
            graph: &'a Graph,
            index: BTreeMap<&'a str, usize>,
            low: BTreeMap<&'a str, usize>,
            stack: Vec<&'a str>,
            on_stack: BTreeSet<&'a str>,
            found: Vec<BTreeSet<String>>,
        }
        impl<'a> Tarjan<'a> {
            fn visit(&mut self, file: &'a str) {
                let n = self.index.len();
                self.index.insert(file, n);
                self.low.insert(file, n);
                self.stack.push(file);
                self.on_stack.insert(file);
                for next in self
                    .graph
                    .edges
                    .get(file)
                    .into_iter()
                    .flat_map(|e| e.keys())
                {
                    let next = next.as_str();
                    if !self.index.contains_key(next) {
                        self.visit(next);
                        let low = self.low[file].min(self.low[next]);
                        self.low.insert(file, low);
                    } else if self.on_stack.contains(next) {
                        let low = self.low[file].min(self.index[next]);
                        self.low.insert(file, low);
                    }
                }
                if self.low[file] == self.index[file] {
                    let mut component = BTreeSet::new();
                    while let Some(top) = self.stack.pop() {
                        self.on_stack.remove(top);
                        component.insert(top.to_owned());
                        if top == file {
                            break;
                        }
                    }
                    if component.len() > 1 {
                        self.found.push(component);
                    }
                }
            }
        }
        let mut tarjan = Tarjan {
            graph: self,
            index: BTreeMap::new(),
            low: BTreeMap::new(),
            stack: Vec::new(),
            on_stack: BTreeSet::new(),
            found: Vec::new(),
        };
        for file in self.edges.keys() {
            if !tarjan.index.contains_key(file.as_str()) {
                tarjan.visit(file);
            }
        }
        tarjan.found
    }

    /// One shortest cycle through the component's first file, edge by edge
    /// with the line that makes each edge, and the component's other files.
    fn describe_cycle(&self, component: &BTreeSet<String>) -> String {
        let Some(start) = component.first() else {
            return String::new();
        };
        // Breadth-first from `start` inside the component, back to `start`.
        let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
        let mut queue = VecDeque::from([start.as_str()]);
        let mut closing = None;
        while let Some(file) = queue.pop_front() {
            for next in self.edges[file].keys().filter(|n| component.contains(*n)) {
                if next == start {
                    closing = Some(file);
                    break;
                }
                if !came_from.contains_key(next.as_str()) {
                    came_from.insert(next, file);
                    queue.push_back(next);
                }
            }
            if closing.is_some() {
                break;
            }
        }
        // Back from the file that closes the cycle to `start`.
        let mut back = Vec::new();
        let mut at = closing.unwrap_or(start);
        while at != start {
            back.push(at);
            at = came_from[at];
        }
        let path: Vec<&str> = std::iter::once(start.as_str())
            .chain(back.into_iter().rev())
            .chain([start.as_str()])
            .collect();
        let mut text = format!("cycle: {}", path.join(" -> "));
        for pair in path.windows(2) {
            let line = self.edges[pair[0]][pair[1]];
            text.push_str(&format!("\n  {}:{line} names {}", pair[0], pair[1]));
        }
        if component.len() + 1 > path.len() {
            let all: Vec<&str> = component.iter().map(String::as_str).collect();
            text.push_str(&format!(
                "\n  (all files of this cycle: {})",
                all.join(", ")
            ));
        }
        text
    }
}

/// `src/games/go9.rs` → `[games, go9]`; `src/syntax/mod.rs` → `[syntax]`;
/// `src/lib.rs` → `[]`.
fn module_of(path: &str) -> Vec<String> {
    let inner = path.strip_prefix("src/").unwrap_or(path);
    let inner = inner.strip_suffix(".rs").unwrap_or(inner);
    let mut segments: Vec<String> = inner.split('/').map(str::to_owned).collect();
    if matches!(
        segments.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        segments.pop();
    }
    segments
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Token {
    Ident(String),
    /// `::`
    PathSep,
    Punct(char),
}

/// The identifiers and punctuation of Rust source, with the line of each;
/// comments, string and character literals and lifetimes left out.
pub(crate) fn tokens(text: &str) -> Vec<(Token, usize)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => {
                line += 1;
                i += 1;
            }
            '/' if at(i + 1) == '/' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if at(i + 1) == '*' => {
                let mut depth = 0;
                while i < chars.len() {
                    if chars[i] == '/' && at(i + 1) == '*' {
                        depth += 1;
                        i += 2;
                    } else if chars[i] == '*' && at(i + 1) == '/' {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        line += usize::from(chars[i] == '\n');
                        i += 1;
                    }
                }
            }
            '"' => i = skip_string(&chars, i, &mut line),
            'r' | 'b' | 'c' if starts_raw_or_byte_literal(&chars, i) => {
                let mut j = i + 1;
                if c != 'r' && at(j) == 'r' {
                    j += 1;
                }
                if at(j) == '\'' {
                    i = skip_char(&chars, j);
                } else {
                    let mut hashes = 0;
                    while at(j) == '#' {
                        hashes += 1;
                        j += 1;
                    }
                    let raw = c == 'r' || at(i + 1) == 'r';
                    i = if raw {
                        skip_raw_string(&chars, j, hashes, &mut line)
                    } else {
                        skip_string(&chars, j, &mut line)
                    };
                }
            }
            '\'' => {
                // A char literal ('a', '\n') or a lifetime ('a, 'static).
                if at(i + 1) == '\\' || at(i + 2) == '\'' {
                    i = skip_char(&chars, i);
                } else {
                    i += 1;
                    while is_ident_char(at(i)) {
                        i += 1;
                    }
                }
            }
            ':' if at(i + 1) == ':' => {
                out.push((Token::PathSep, line));
                i += 2;
            }
            c if is_ident_char(c) => {
                let start = i;
                // A raw identifier `r#name` is the name.
                let start = if c == 'r' && at(i + 1) == '#' && is_ident_char(at(i + 2)) {
                    i += 2;
                    start + 2
                } else {
                    start
                };
                while is_ident_char(at(i)) {
                    i += 1;
                }
                out.push((Token::Ident(chars[start..i].iter().collect()), line));
            }
            c if c.is_whitespace() => i += 1,
            c => {
                out.push((Token::Punct(c), line));
                i += 1;
            }
        }
    }
    out
}

fn is_ident_char(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// `r"`, `r#"`, `b"`, `br"`, `b'`, `c"`, ... starting at `i` (and not in
/// the middle of an identifier).
fn starts_raw_or_byte_literal(chars: &[char], i: usize) -> bool {
    if i > 0 && is_ident_char(chars[i - 1]) {
        return false;
    }
    let rest: String = chars[i..chars.len().min(i + 3)].iter().collect();
    [
        "r\"", "r#\"", "r##", "b\"", "b'", "br\"", "br#", "c\"", "cr\"", "cr#",
    ]
    .iter()
    .any(|prefix| rest.starts_with(prefix))
}

/// Skips a `"…"` string starting at the quote `i`; returns the index after it.
fn skip_string(chars: &[char], i: usize, line: &mut usize) -> usize {
    let mut j = i + 1;
    while j < chars.len() {
        match chars[j] {
            '\\' => {
                *line += usize::from(chars.get(j + 1) == Some(&'\n'));
                j += 2;
            }
            '"' => return j + 1,
            c => {
                *line += usize::from(c == '\n');
                j += 1;
            }
        }
    }
    j
}

/// Skips a raw string whose opening quote is at `i`, closed by `"` and
/// `hashes` `#`s.
fn skip_raw_string(chars: &[char], i: usize, hashes: usize, line: &mut usize) -> usize {
    let mut j = i + 1;
    while j < chars.len() {
        if chars[j] == '"' && (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) {
            return j + 1 + hashes;
        }
        *line += usize::from(chars[j] == '\n');
        j += 1;
    }
    j
}

/// Skips a char literal whose opening quote is at `i`.
fn skip_char(chars: &[char], i: usize) -> usize {
    let mut j = i + 1;
    while j < chars.len() {
        match chars[j] {
            '\\' => j += 2,
            '\'' => return j + 1,
            _ => j += 1,
        }
    }
    j
}

/// Reads one file's tokens and records the files it names.
struct FileReader<'a> {
    modules: &'a BTreeMap<Vec<String>, String>,
    file: &'a str,
    /// `src/main.rs`: its crate is the binary, which names the library
    /// `boardls`.
    binary: bool,
    /// Names a `use` bound to a path inside the library, absolute.
    aliases: BTreeMap<String, Vec<String>>,
    edges: BTreeMap<String, usize>,
}

impl FileReader<'_> {
    fn read(&mut self, tokens: &[(Token, usize)]) {
        let file_module = module_of(self.file);
        // Inline modules open at a brace depth: (module, depth inside it).
        let mut scopes: Vec<(Vec<String>, usize)> = vec![(file_module, 0)];
        let mut depth = 0;
        let mut i = 0;
        while i < tokens.len() {
            let module = scopes.last().map(|(m, _)| m.clone()).unwrap_or_default();
            let (token, line) = &tokens[i];
            match token {
                Token::Punct('{') => depth += 1,
                Token::Punct('}') => {
                    if scopes.len() > 1 && scopes.last().is_some_and(|&(_, d)| d == depth) {
                        scopes.pop();
                    }
                    depth -= 1;
                }
                Token::Ident(word) if word == "mod" => {
                    if let Some((Token::Ident(name), _)) = tokens.get(i + 1) {
                        let mut child = module.clone();
                        child.push(name.clone());
                        match tokens.get(i + 2) {
                            Some((Token::Punct(';'), _)) => self.edge(&child, *line),
                            Some((Token::Punct('{'), _)) => {
                                depth += 1;
                                scopes.push((child, depth));
                                i += 3;
                                continue;
                            }
                            _ => {}
                        }
                    }
                }
                Token::Ident(word) if word == "use" => {
                    let mut leaves = Vec::new();
                    let end = use_tree(tokens, i + 1, Vec::new(), &mut leaves);
                    for (path, bound) in leaves {
                        if let Some(target) = self.absolute(&module, &path) {
                            self.edge(&target, *line);
                            if let Some(name) = bound {
                                self.aliases.insert(name, target);
                            }
                        }
                    }
                    i = end;
                    continue;
                }
                Token::Ident(first)
                    if tokens.get(i + 1).map(|(t, _)| t) == Some(&Token::PathSep) =>
                {
                    let after_path_sep = i > 0 && tokens[i - 1].0 == Token::PathSep;
                    let after_dot = i > 0 && tokens[i - 1].0 == Token::Punct('.');
                    if !after_path_sep && !after_dot {
                        let mut path = vec![first.clone()];
                        let mut j = i + 1;
                        while let (Some((Token::PathSep, _)), Some((Token::Ident(next), _))) =
                            (tokens.get(j), tokens.get(j + 1))
                        {
                            path.push(next.clone());
                            j += 2;
                        }
                        if let Some(target) = self.absolute(&module, &path) {
                            self.edge(&target, *line);
                        }
                        i = j;
                        continue;
                    }
                }
                _ => {}
            }
            i += 1;
        }
    }

    /// The absolute module path a path written in `module` names, when it
    /// names something in the library.
    fn absolute(&self, module: &[String], path: &[String]) -> Option<Vec<String>> {
        let (first, rest) = path.split_first()?;
        let mut base: Vec<String> = match first.as_str() {
            "crate" if self.binary => return None,
            "crate" => Vec::new(),
            "boardls" if self.binary => Vec::new(),
            "self" => module.to_vec(),
            "super" => {
                let mut base = module.to_vec();
                base.pop();
                let mut rest = rest;
                while rest.first().map(String::as_str) == Some("super") {
                    base.pop();
                    rest = &rest[1..];
                }
                base.extend(rest.iter().cloned());
                return Some(base);
            }
            // A name a `use` bound, or (2018 paths) a child module.
            name => match self.aliases.get(name) {
                Some(target) => target.clone(),
                None => {
                    let mut child = module.to_vec();
                    child.push(name.to_owned());
                    if !self.modules.contains_key(&child) {
                        return None;
                    }
                    child
                }
            },
        };
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// An edge to the file of the longest module prefix of `path`.
    fn edge(&mut self, path: &[String], line: usize) {
        let target = (0..=path.len())
            .rev()
            .find_map(|len| self.modules.get(&path[..len]));
        if let Some(target) = target
            && target != self.file
        {
            self.edges.entry(target.clone()).or_insert(line);
        }
    }
}

/// Reads a `use` tree from token `i`, with the path so far in `prefix`:
/// pushes each leaf path and the name it binds (`None` for `*` and `_`).
/// Returns the index after the tree (after the `;` at the top).
fn use_tree(
    tokens: &[(Token, usize)],
    mut i: usize,
    mut prefix: Vec<String>,
    leaves: &mut Vec<(Vec<String>, Option<String>)>,
) -> usize {
    let token = |i: usize| tokens.get(i).map(|(t, _)| t);
    if token(i) == Some(&Token::PathSep) {
        i += 1; // a leading `::`
    }
    loop {
        match token(i) {
            Some(Token::Ident(name)) if name != "as" => {
                prefix.push(name.clone());
                i += 1;
                if token(i) == Some(&Token::PathSep) {
                    i += 1;
                    continue;
                }
                let mut bound = prefix.last().cloned();
                if let Some(Token::Ident(as_)) = token(i)
                    && as_ == "as"
                {
                    bound = match token(i + 1) {
                        Some(Token::Ident(alias)) if alias != "_" => Some(alias.clone()),
                        _ => None,
                    };
                    i += 2;
                }
                // `a::{self}` binds `a`; its path is `a`.
                if prefix.last().map(String::as_str) == Some("self") && prefix.len() > 1 {
                    prefix.pop();
                    if bound.as_deref() == Some("self") {
                        bound = prefix.last().cloned();
                    }
                }
                leaves.push((prefix, bound));
                break;
            }
            Some(Token::Punct('*')) => {
                leaves.push((prefix, None));
                i += 1;
                break;
            }
            Some(Token::Punct('{')) => {
                i += 1;
                while !matches!(token(i), Some(Token::Punct('}')) | None) {
                    i = use_tree(tokens, i, prefix.clone(), leaves);
                    if token(i) == Some(&Token::Punct(',')) {
                        i += 1;
                    }
                }
                i += 1;
                break;
            }
            _ => break,
        }
    }
    if token(i) == Some(&Token::Punct(';')) {
        i += 1;
    }
    i
}

/// The code map of ARCHITECTURE.md names every file under `src/`, and
/// nothing it names under `src/` is missing. Its rule, stated above the
/// table: a row's first path is a file or a folder (`src/…`); the paths
/// after it in the first column, and, on a folder's row, the `*.rs` names
/// in its description, are relative to that folder; a folder's row covers
/// its `mod.rs`.
#[test]
fn structure_code_map_names_every_module() {
    let architecture = std::fs::read_to_string(sources::root().join("ARCHITECTURE.md"))
        .expect("ARCHITECTURE.md is readable");
    let files: BTreeSet<String> = sources::rust_sources()
        .into_iter()
        .map(|(path, _)| path)
        .collect();
    let map = CodeMap::parse(&architecture).expect("the code map");
    let problems = map.problems(&files);
    assert!(
        problems.is_empty(),
        "the code map of ARCHITECTURE.md and src/ differ:\n{}",
        problems.join("\n")
    );
}

#[test]
fn structure_code_map_check_sees_a_missing_and_a_stray_module() {
    let map = CodeMap::parse(
        "## Code map\n\n| path | what it is |\n|---|---|\n\
         | `src/a.rs`, `b.rs` | two files |\n\
         | `src/c/` | a folder: `d.rs` (one), `gone.rs` |\n\n## Next\n",
    )
    .expect("a code map");
    let files: BTreeSet<String> = [
        "src/a.rs",
        "src/b.rs",
        "src/c/mod.rs",
        "src/c/d.rs",
        "src/e.rs",
    ]
    .into_iter()
    .map(str::to_owned)
    .collect();
    assert_eq!(
        map.problems(&files),
        [
            "`src/c/gone.rs` is named but does not exist",
            "`src/e.rs` is not named",
        ]
    );
}

/// What the code map of ARCHITECTURE.md names under `src/`.
struct CodeMap {
    /// Files named, and folders named by a row of their own.
    named: BTreeSet<String>,
    folders: BTreeSet<String>,
}

impl CodeMap {
    fn parse(markdown: &str) -> Result<CodeMap, String> {
        let section = format!("\n{markdown}");
        let section = section
            .split("\n## Code map")
            .nth(1)
            .ok_or("ARCHITECTURE.md has no `## Code map` section")?;
        let section = section.split("\n## ").next().unwrap_or(section);
        let mut named = BTreeSet::new();
        let mut folders = BTreeSet::new();
        for row in section.lines().filter(|line| line.starts_with("| `")) {
            let mut cells = row.trim_matches('|').splitn(2, " | ");
            let first = cells.next().unwrap_or_default();
            let description = cells.next().unwrap_or_default();
            let paths = backticked(first);
            let Some(base) = paths.first().filter(|path| path.starts_with("src/")) else {
                continue;
            };
            let folder = match base.strip_suffix('/') {
                Some(_) => base.clone(),
                None => match base.rfind('/') {
                    Some(slash) => base[..=slash].to_owned(),
                    None => String::new(),
                },
            };
            if base.ends_with('/') {
                folders.insert(base.clone());
                named.insert(format!("{folder}mod.rs"));
                for name in backticked(description) {
                    if name.ends_with(".rs") && !name.contains(' ') {
                        named.insert(format!("{folder}{name}"));
                    }
                }
            } else {
                named.insert(base.clone());
            }
            for path in &paths[1..] {
                named.insert(format!("{folder}{path}"));
            }
        }
        Ok(CodeMap { named, folders })
    }

    /// Each file named that is missing, then each file not named.
    fn problems(&self, files: &BTreeSet<String>) -> Vec<String> {
        let mut problems: Vec<String> = self
            .named
            .iter()
            .filter(|path| !files.contains(*path) && !self.is_implied_mod(path, files))
            .map(|path| format!("`{path}` is named but does not exist"))
            .collect();
        problems.extend(
            files
                .iter()
                .filter(|file| !self.named.contains(*file))
                .map(|file| format!("`{file}` is not named")),
        );
        problems
    }

    /// A folder's row names its `mod.rs`, which a folder module may have as
    /// `folder.rs` beside it instead (`src/document.rs` and `src/document/`).
    fn is_implied_mod(&self, path: &str, files: &BTreeSet<String>) -> bool {
        path.strip_suffix("/mod.rs").is_some_and(|folder| {
            self.folders.contains(&format!("{folder}/")) && files.contains(&format!("{folder}.rs"))
        })
    }
}

/// The texts between backticks, in order.
fn backticked(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}
