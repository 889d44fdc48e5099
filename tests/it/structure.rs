//! The shape of the code that cargo cannot check. Cargo keeps the crates in
//! their layers; inside each crate (`crates/*/src/`, and this package's
//! `src/`), the rooms are kept here. A crate's rooms are its top-level
//! modules (`crates/boardls-engine/src/games/` is the engine's room `games`;
//! `src/main.rs` is this package's room `main`). The table under
//! [`HEADING`] in ARCHITECTURE.md gives each room a row: the rooms of its
//! crate it may use, each listed above it, and the guarded crates
//! ([`GUARDED`]) it may name. Checked:
//! - each file imports only rooms of its crate that its row allows, and
//!   through them what theirs allow; every room has a row, every row a room;
//! - a crate's root (`lib.rs`) is in no room: it declares the rooms and
//!   re-exports from them, names no guarded crate, and no room imports it;
//! - a guarded crate is named only where its row allows it, among those the
//!   crate's Cargo.toml lists (the others cargo refuses itself);
//! - no files of one crate import each other in a circle;
//! - no file is longer than [`MAX_LINES`].
//!
//! Every test here has `structure` in its name: `cargo test structure`.
//!
//! Each `.rs` file is a node. An edge runs from a file to the file of its
//! crate that defines what it names: `mod x;` to the child's file; every
//! path of a `use` tree (`use a::{b, c::d}` is `a::b` and `a::c::d`) and
//! every path written inline that starts with `crate`, `super`, `self`, or a
//! name a `use` bound to one of the crate's modules, to the longest prefix
//! of the path that is a module with a file of its own (`crate::games::Cell`
//! is `games/mod.rs`), or to the file of a `#[macro_export]` macro. In
//! `src/main.rs`, `boardls::…` is such a path. Paths into other crates
//! (`boardls_engine::…`) make no edge. `super::` is relative to the module
//! it is written in, so inside an inline `mod tests { .. }` it is the file
//! itself; a child file that imports its parent `mod.rs` makes a circle,
//! but for a unit-test file (`mod tests;`, the parent's own).

use crate::support::sources;

use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// The heading in ARCHITECTURE.md whose first table is the rooms' table.
const HEADING: &str = "## Rooms";

/// The crates only some rooms may name (the column "may name").
const GUARDED: [&str; 4] = ["serde_json", "tower_lsp_server", "ls_types", "tokio"];

/// No file of any crate may be longer than this.
const MAX_LINES: usize = 700;

/// The package whose crate is `src/` (the others are `crates/<name>/src/`).
const PACKAGE: &str = "boardls";

#[test]
fn structure_imports_follow_the_rooms_table() {
    let architecture =
        std::fs::read_to_string("ARCHITECTURE.md").expect("ARCHITECTURE.md is readable");
    let rooms = Rooms::parse(&architecture).unwrap_or_else(|err| panic!("ARCHITECTURE.md: {err}"));
    let files = sources::rust_sources();
    let failures = rooms.violations(&files, &guarded_dependencies(&files));
    assert!(
        failures.is_empty(),
        "the rooms against the table under `{HEADING}` in ARCHITECTURE.md:\n{}",
        failures.join("\n")
    );
}

#[test]
fn structure_the_file_import_graph_has_no_cycle() {
    let graph = Graph::build(&sources::rust_sources());
    let cycles: Vec<String> = graph.cycles().iter().map(|c| graph.describe(c)).collect();
    assert!(
        cycles.is_empty(),
        "import cycles between files of one crate:\n\n{}",
        cycles.join("\n\n")
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

/// Made-up sources: a line `--- path` starts each file.
fn made_up(tree: &str) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = Vec::new();
    for line in tree.lines().map(str::trim_start) {
        match (line.strip_prefix("--- "), files.last_mut()) {
            (Some(path), _) => files.push((path.to_owned(), String::new())),
            (None, Some((_, text))) => *text += &format!("{line}\n"),
            (None, None) => {}
        }
    }
    files
}

#[test]
fn structure_the_graph_sees_every_kind_of_edge() {
    let graph = Graph::build(&made_up(
        r##"--- crates/x/src/lib.rs
        pub mod a;
        pub mod b;
        --- crates/x/src/a/mod.rs
        mod c;
        pub use c::Thing;
        pub use crate::m;
        --- crates/x/src/a/c.rs
        use super::super::b::{self, d::{Deep as Renamed}};
        use boardls_engine::a;
        fn f() { b::e::call(); let _ = r#"crate::a "x" "#; }
        --- crates/x/src/b/mod.rs
        pub mod d;
        pub mod e;
        --- crates/x/src/b/d.rs
        // crate::a::c in a comment is no edge
        #[macro_export]
        macro_rules! m { () => {} }
        --- crates/x/src/b/e.rs
        fn g() { let _ = "crate::b::d"; let _: char = 'c'; /* crate::a */ }
        #[cfg(test)]
        mod tests {
            use super::*;
            fn h<'a>() { crate::b::d::Deep::new(); }
        }
        --- src/lib.rs
        pub mod a;
        pub mod b;
        --- src/a.rs
        use crate::b::d;
        --- src/b.rs
        --- src/main.rs
        fn main() { boardls::a::run(); x::b::d::f(); }"##,
    ));
    let edges =
        |from: &str| -> Vec<&str> { graph.edges[from].keys().map(String::as_str).collect() };
    assert_eq!(
        edges("crates/x/src/lib.rs"),
        ["crates/x/src/a/mod.rs", "crates/x/src/b/mod.rs"]
    );
    assert_eq!(
        edges("crates/x/src/a/mod.rs"),
        ["crates/x/src/a/c.rs", "crates/x/src/b/d.rs"]
    );
    let from_c = [
        "crates/x/src/b/d.rs",
        "crates/x/src/b/e.rs",
        "crates/x/src/b/mod.rs",
    ];
    assert_eq!(edges("crates/x/src/a/c.rs"), from_c);
    assert_eq!(edges("crates/x/src/b/d.rs"), Vec::<&str>::new());
    // `super::*` inside the inline module is e.rs itself: no edge.
    assert_eq!(edges("crates/x/src/b/e.rs"), ["crates/x/src/b/d.rs"]);
    // Each crate's modules are its own.
    assert_eq!(edges("src/a.rs"), ["src/b.rs"]);
    assert_eq!(edges("src/main.rs"), ["src/a.rs"]);
    assert!(graph.cycles().is_empty());
    // A child naming its parent's own item closes a cycle.
    let cyclic = Graph::build(&made_up(
        "--- crates/x/src/lib.rs\nmod p;\n--- crates/x/src/p/mod.rs\nmod q;\npub struct S;\n\
         --- crates/x/src/p/q.rs\nuse super::S;\n",
    ));
    let cycles = cyclic.cycles();
    assert_eq!(
        cycles,
        [[
            "crates/x/src/p/mod.rs",
            "crates/x/src/p/q.rs",
            "crates/x/src/p/mod.rs"
        ]]
    );
    assert_eq!(
        cyclic.describe(&cycles[0]),
        "cycle: crates/x/src/p/mod.rs -> crates/x/src/p/q.rs -> crates/x/src/p/mod.rs\n  \
         crates/x/src/p/mod.rs:1 names crates/x/src/p/q.rs\n  \
         crates/x/src/p/q.rs:1 names crates/x/src/p/mod.rs"
    );
}

/// Rows of ARCHITECTURE.md's table for today's code, for the checker's own
/// tests.
const FIXTURE: &str = "## Rooms\n\nWhat each room may use.\n\n\
    | crate | room | may use | may name |\n\
    |---|---|---|---|\n\
    | `boardls-engine` | `text` | | |\n\
    | `boardls-engine` | `i18n` | | |\n\
    | `boardls-engine` | `diagnostics` | `i18n` | |\n\
    | `boardls-engine` | `games` | | |\n\
    | `boardls-engine` | `syntax` | `text`, `diagnostics`, `games` | |\n\
    | `boardls-engine` | `profile` | `syntax` | |\n\
    | `boardls-engine` | `project` | `profile` | `serde_json` |\n\
    | `boardls` | `check` | | `serde_json` |\n\
    | `boardls` | `stress` | | `tokio` |\n\
    | `boardls` | `fmt` | | |\n\
    | `boardls` | `main` | `check`, `stress`, `fmt` | |\n\n\
    ## Next\n";

/// The fixture's rows on a made-up tree: clean as it is; an upward import,
/// a guarded crate named where its row does not allow it, a room with no
/// row and a row with no room each fail, with the line to blame.
#[test]
fn structure_check_fails_on_upward_imports_and_stray_crates() {
    let rooms = Rooms::parse(FIXTURE).expect("a well-formed table");
    let base = made_up(
        "--- crates/boardls-engine/src/lib.rs
        pub mod diagnostics;
        pub mod games;
        pub use text::Line;
        --- crates/boardls-engine/src/text.rs
        --- crates/boardls-engine/src/i18n/mod.rs
        mod message;
        --- crates/boardls-engine/src/i18n/message.rs
        #[macro_export]
        macro_rules! message { () => {} }
        fn tokio() {}
        --- crates/boardls-engine/src/diagnostics.rs
        use crate::message;
        --- crates/boardls-engine/src/games/mod.rs
        --- crates/boardls-engine/src/syntax.rs
        use crate::{diagnostics, games::Board, text::Line};
        use boardls_fs::walk;
        --- crates/boardls-engine/src/profile.rs
        use crate::syntax;
        --- crates/boardls-engine/src/project.rs
        use crate::profile;
        fn f() -> serde_json::Value { todo!() }
        --- src/lib.rs
        pub mod check;
        --- src/check.rs
        use serde_json::json;
        --- src/fmt.rs
        --- src/stress.rs
        --- src/main.rs
        use boardls::{check, fmt, stress};",
    );
    let dependencies = BTreeMap::from([
        (
            "boardls-engine".to_owned(),
            BTreeSet::from(["serde_json".to_owned()]),
        ),
        (
            PACKAGE.to_owned(),
            BTreeSet::from(["serde_json".to_owned(), "tokio".to_owned()]),
        ),
    ]);
    // The tree with some files changed (one with no text is gone).
    let check = |changes: &str| -> Vec<String> {
        let mut files = base.clone();
        for (path, text) in made_up(changes) {
            files.retain(|(p, _)| *p != path);
            files.extend((!text.is_empty()).then_some((path, text)));
        }
        rooms.violations(&files, &dependencies)
    };
    assert_eq!(check(""), Vec::<String>::new());
    assert_eq!(
        check(
            "--- crates/boardls-engine/src/games/mod.rs
            pub struct Board;
            fn f() { crate::syntax::read(); }
            use crate::Line;"
        ),
        [
            "crates/boardls-engine/src/games/mod.rs:3: room games imports the crate root \
             (crates/boardls-engine/src/lib.rs), which only declares and re-exports",
            "crates/boardls-engine/src/games/mod.rs:2: room games imports room syntax, \
             which its row does not allow",
        ]
    );
    // Through a room it may use, what that one may use.
    assert_eq!(
        check(
            "--- crates/boardls-engine/src/project.rs
            use crate::{games::Board, profile};
            --- crates/boardls-engine/src/diagnostics.rs
            use crate::message;
            use crate::text;"
        ),
        [
            "crates/boardls-engine/src/diagnostics.rs:2: room diagnostics imports room text, \
          which its row does not allow"
        ]
    );
    assert_eq!(
        check(
            "--- crates/boardls-engine/src/profile.rs
            use crate::syntax;
            fn f() -> serde_json::Value {}
            --- src/main.rs
            use boardls::{check, fmt, stress};
            #[tokio::main]"
        ),
        [
            "crates/boardls-engine/src/profile.rs:2: room profile names `serde_json`, which its \
             row does not allow",
            "src/main.rs:2: room main names `tokio`, which its row does not allow",
        ]
    );
    assert_eq!(
        check(
            "--- crates/boardls-engine/src/picture/mod.rs
            use crate::syntax;
            use crate::games::Board;
            fn f() -> serde_json::Value {}
            --- crates/boardls-engine/src/project.rs
            --- src/lib.rs
            pub mod check;
            fn f() { serde_json::x(); }"
        ),
        [
            "the table has a row for room project of boardls-engine, but there is no \
             crates/boardls-engine/src/project.rs nor crates/boardls-engine/src/project/mod.rs",
            "src/lib.rs:2: the crate root names `serde_json`; it only declares the rooms and \
             re-exports from them",
            "crates/boardls-engine/src/picture/mod.rs: room picture of boardls-engine has no row \
             in the table under `## Rooms`; its imports today fit \
             | `boardls-engine` | `picture` | `games`, `syntax` | `serde_json` |",
        ]
    );
    let unlisted = rooms.violations(&base, &BTreeMap::new());
    assert_eq!(unlisted.len(), 3, "{unlisted:?}");
    assert_eq!(
        unlisted[0],
        "the row of room check of boardls lets it name `serde_json`, which its Cargo.toml does \
         not list"
    );
}

#[test]
fn structure_the_rooms_table_is_read_strictly() {
    let table = |rows: &str| {
        let header = "| crate | room | may use | may name |\n|---|---|---|---|";
        Rooms::parse(&format!("# A\n\n{HEADING}\n\n{header}\n{rows}\n"))
            .err()
            .unwrap_or_default()
    };
    assert_eq!(
        table("| `a` | `x` | | |\n| `a` | `y` | `x` | `tokio` |"),
        ""
    );
    assert_eq!(
        table(
            "| `a` | `x` | `y` | |\n| `a` | `y` | | |\n| `b` | `z` | `y` | `regex` |\n| `b` | `z` | | |\n| `b` |"
        ),
        "the row of room x of a may use `y`, which is not a room of a above it\n\
         the row of room z of b may use `y`, which is not a room of b above it\n\
         the row of room z of b may name `regex`, which is not one of serde_json, \
         tower_lsp_server, ls_types, tokio\n\
         the table has two rows for room z of b\n\
         a row of the table has not four cells: | `b` |"
    );
    assert!(Rooms::parse("## Layers\n\n| crate | room | may use | may name |\n").is_err());
    assert!(Rooms::parse("## Rooms\n\n| module | may use |\n|---|---|\n").is_err());
    let rooms = Rooms::parse(FIXTURE).expect("the fixture");
    let allowed = rooms.allowed("boardls-engine", "profile");
    assert_eq!(
        allowed,
        BTreeSet::from(["diagnostics", "games", "i18n", "syntax", "text"])
    );
}

/// The table under [`HEADING`]: (crate, room) → the rooms it may use and
/// the guarded crates it may name.
struct Rooms {
    rows: BTreeMap<(String, String), (Vec<String>, BTreeSet<String>)>,
}

impl Rooms {
    /// Reads the first table under the line [`HEADING`], headed
    /// `| crate | room | may use | may name |`; backticks are left out, and
    /// lists split at commas. A row may use only rooms of its crate listed
    /// above it, so that the rooms of a crate are in an order.
    fn parse(markdown: &str) -> Result<Rooms, String> {
        let cells = |line: &str| -> Vec<String> {
            let line = line.trim().trim_start_matches('|').trim_end_matches('|');
            line.split('|')
                .map(|cell| cell.trim().replace('`', ""))
                .collect()
        };
        let list = |cell: &str| -> Vec<String> {
            let names = cell
                .split(',')
                .map(str::trim)
                .filter(|name| !name.is_empty());
            names.map(str::to_owned).collect()
        };
        let mut lines = markdown
            .lines()
            .map(str::trim)
            .skip_while(|line| *line != HEADING);
        let header =
            lines.find(|line| line.starts_with('|') || line.starts_with("## ") && *line != HEADING);
        if header.map(cells).unwrap_or_default() != ["crate", "room", "may use", "may name"] {
            return Err(format!(
                "no table `| crate | room | may use | may name |` under `{HEADING}`"
            ));
        }
        let (mut rows, mut errors) = (BTreeMap::new(), Vec::new());
        for line in lines.skip(1).take_while(|line| line.starts_with('|')) {
            let [krate, room, uses, names] = &cells(line)[..] else {
                errors.push(format!("a row of the table has not four cells: {line}"));
                continue;
            };
            let (uses, names) = (list(uses), list(names));
            for used in uses
                .iter()
                .filter(|used| !rows.contains_key(&(krate.clone(), (*used).clone())))
            {
                errors.push(format!(
                    "the row of room {room} of {krate} may use `{used}`, which is not a room of \
                     {krate} above it"
                ));
            }
            for name in names
                .iter()
                .filter(|name| !GUARDED.contains(&name.as_str()))
            {
                errors.push(format!(
                    "the row of room {room} of {krate} may name `{name}`, which is not one of {}",
                    GUARDED.join(", ")
                ));
            }
            let row = (uses, names.into_iter().collect());
            if rows.insert((krate.clone(), room.clone()), row).is_some() {
                errors.push(format!("the table has two rows for room {room} of {krate}"));
            }
        }
        match errors.is_empty() {
            true => Ok(Rooms { rows }),
            false => Err(errors.join("\n")),
        }
    }

    /// The rooms a room may use: those its row lists, and theirs.
    fn allowed(&self, krate: &str, room: &str) -> BTreeSet<&str> {
        let mut allowed = BTreeSet::new();
        let mut pending = vec![room];
        while let Some(next) = pending.pop() {
            let row = self.rows.get(&(krate.to_owned(), next.to_owned()));
            for used in row.into_iter().flat_map(|(uses, _)| uses) {
                if allowed.insert(used.as_str()) {
                    pending.push(used);
                }
            }
        }
        allowed
    }

    /// What in `files` (paths from the repository's root, and texts) breaks
    /// the table, given the guarded crates each crate's Cargo.toml lists.
    fn violations(
        &self,
        files: &[(String, String)],
        dependencies: &BTreeMap<String, BTreeSet<String>>,
    ) -> Vec<String> {
        let graph = Graph::build(files);
        let places: Vec<Place> = files.iter().map(|(path, _)| Place::of(path)).collect();
        let mut failures = Vec::new();
        for ((krate, room), (_, names)) in &self.rows {
            if !places
                .iter()
                .any(|place| place.krate == *krate && place.room() == Some(room))
            {
                let folder = Place::folder(krate);
                failures.push(format!(
                    "the table has a row for room {room} of {krate}, but there is no \
                     {folder}{room}.rs nor {folder}{room}/mod.rs"
                ));
            }
            let listed =
                |name: &&String| dependencies.get(krate).is_some_and(|d| d.contains(*name));
            for name in names.iter().filter(|name| !listed(name)) {
                failures.push(format!(
                    "the row of room {room} of {krate} lets it name `{name}`, which its \
                     Cargo.toml does not list"
                ));
            }
        }
        // Rooms with no row: their first file, the rooms and crates they name.
        type Stray<'a> = (&'a str, BTreeSet<String>, BTreeSet<String>);
        let mut strays: BTreeMap<(&str, &str), Stray> = BTreeMap::new();
        for ((path, text), place) in files.iter().zip(&places) {
            let guarded = dependencies.get(&place.krate);
            let mut named = BTreeMap::new();
            for (name, line) in tokens(text) {
                if guarded.is_some_and(|guarded| guarded.contains(&name)) {
                    named.entry(name).or_insert(line);
                }
            }
            let Some(room) = place.room() else {
                failures.extend(named.iter().map(|(name, line)| {
                    format!(
                        "{path}:{line}: the crate root names `{name}`; it only declares the \
                         rooms and re-exports from them"
                    )
                }));
                continue;
            };
            let used = graph.edges[path]
                .iter()
                .map(|(target, line)| (target, Place::of(target), line));
            let Some((_, names)) = self.rows.get(&(place.krate.clone(), room.to_owned())) else {
                let stray =
                    strays
                        .entry((&place.krate, room))
                        .or_insert((path, [].into(), [].into()));
                stray
                    .1
                    .extend(used.filter_map(|(_, target, _)| Some(target.room()?.to_owned())));
                stray.1.remove(room);
                stray.2.extend(named.into_keys());
                continue;
            };
            let allowed = self.allowed(&place.krate, room);
            for (target, target_place, line) in used {
                match target_place.room() {
                    Some(other) if other == room || allowed.contains(other) => {}
                    Some(other) => failures.push(format!(
                        "{path}:{line}: room {room} imports room {other}, which its row does not allow"
                    )),
                    None => failures.push(format!(
                        "{path}:{line}: room {room} imports the crate root ({target}), which only \
                         declares and re-exports"
                    )),
                }
            }
            for (name, line) in named.iter().filter(|(name, _)| !names.contains(*name)) {
                failures.push(format!(
                    "{path}:{line}: room {room} names `{name}`, which its row does not allow"
                ));
            }
        }
        for ((krate, room), (path, uses, names)) in strays {
            let cell = |items: BTreeSet<String>| match items.is_empty() {
                true => " ".to_owned(),
                false => format!(" `{}` ", Vec::from_iter(items).join("`, `")),
            };
            failures.push(format!(
                "{path}: room {room} of {krate} has no row in the table under `{HEADING}`; its \
                 imports today fit | `{krate}` | `{room}` |{}|{}|",
                cell(uses),
                cell(names)
            ));
        }
        failures
    }
}

/// The guarded crates that each crate of `files` lists in its Cargo.toml,
/// as a dependency of any kind, on any target.
fn guarded_dependencies(files: &[(String, String)]) -> BTreeMap<String, BTreeSet<String>> {
    let crates: BTreeSet<String> = files
        .iter()
        .map(|(path, _)| Place::of(path).krate)
        .collect();
    let kinds = ["dependencies", "dev-dependencies", "build-dependencies"];
    let guarded = |krate: &String| -> BTreeSet<String> {
        let path = sources::root()
            .join(Place::folder(krate))
            .join("../Cargo.toml");
        let text = std::fs::read_to_string(&path).expect("a crate's Cargo.toml");
        let manifest: toml_edit::DocumentMut = text.parse().expect("a Cargo.toml");
        let targets = manifest.get("target").and_then(|t| t.as_table_like());
        let tables = targets
            .into_iter()
            .flat_map(|t| t.iter().map(|(_, table)| table));
        std::iter::once(manifest.as_item())
            .chain(tables)
            .flat_map(|table| {
                kinds
                    .iter()
                    .filter_map(|kind| table.get(kind)?.as_table_like())
            })
            .flat_map(|deps| deps.iter().map(|(name, _)| name.replace('-', "_")))
            .filter(|name| GUARDED.contains(&name.as_str()))
            .collect()
    };
    crates
        .into_iter()
        .map(|krate| (krate.clone(), guarded(&krate)))
        .collect()
}

/// Where a file is: its crate, its module in that crate, and whether it is
/// the root of the package's binary (`src/main.rs`).
struct Place {
    krate: String,
    module: Vec<String>,
    binary: bool,
}

impl Place {
    /// `crates/boardls-engine/src/games/go9.rs` is `games::go9` of
    /// `boardls-engine`; `src/check/mod.rs` is `check` of `boardls`.
    fn of(path: &str) -> Place {
        let (krate, inner) = match path.strip_prefix("crates/") {
            Some(rest) => rest.split_once("/src/").unwrap_or((rest, "")),
            None => (PACKAGE, path.strip_prefix("src/").unwrap_or(path)),
        };
        let inner = inner.strip_suffix(".rs").unwrap_or(inner);
        let mut module: Vec<String> = inner.split('/').map(str::to_owned).collect();
        if ["mod", "lib", "main"].contains(&module[module.len() - 1].as_str()) {
            module.pop();
        }
        let (krate, binary) = (krate.to_owned(), inner == "main");
        Place {
            krate,
            module,
            binary,
        }
    }

    /// The folder of a crate's sources, from the repository's root.
    fn folder(krate: &str) -> String {
        match krate {
            PACKAGE => "src/".to_owned(),
            _ => format!("crates/{krate}/src/"),
        }
    }

    /// Its room: its top-level module, `main` for the binary, none for the
    /// crate's root.
    fn room(&self) -> Option<&str> {
        match self.binary {
            true => Some("main"),
            false => self.module.first().map(String::as_str),
        }
    }
}

/// Files and the edges between them, each with the line that makes it.
struct Graph {
    /// file → (file it names → first line doing so)
    edges: BTreeMap<String, BTreeMap<String, usize>>,
}

impl Graph {
    fn build(files: &[(String, String)]) -> Graph {
        let tokens: Vec<Vec<(String, usize)>> =
            files.iter().map(|(_, text)| tokens(text)).collect();
        // Each crate's modules, to their files; a `#[macro_export]` macro is
        // named at its crate's root, and defined in its file.
        let mut modules: BTreeMap<&str, BTreeMap<Vec<String>, String>> = BTreeMap::new();
        let places: Vec<Place> = files.iter().map(|(path, _)| Place::of(path)).collect();
        for (((path, _), place), tokens) in files.iter().zip(&places).zip(&tokens) {
            let crate_modules = modules.entry(&place.krate).or_default();
            if !place.binary {
                crate_modules.insert(place.module.clone(), path.clone());
            }
            for macro_ in tokens
                .windows(5)
                .filter(|w| w[0].0 == "macro_export" && w[2].0 == "macro_rules")
            {
                crate_modules.insert(vec![macro_[4].0.clone()], path.clone());
            }
        }
        let mut edges = BTreeMap::new();
        for (((path, _), place), tokens) in files.iter().zip(&places).zip(&tokens) {
            let modules = &modules[place.krate.as_str()];
            let mut reader = Reader {
                modules,
                file: path,
                place,
                aliases: BTreeMap::new(),
                edges: BTreeMap::new(),
            };
            reader.read(tokens);
            // A unit-test file (`#[cfg(test)] mod tests;`) is its parent's
            // own: it may use what its parent has (`super::*`).
            let mut tests = place.module.clone();
            tests.push("tests".to_owned());
            if let Some(file) = modules.get(&tests) {
                reader.edges.remove(file);
            }
            edges.insert(path.clone(), reader.edges);
        }
        Graph { edges }
    }

    /// One circle per group of files that import each other: the shortest
    /// through the group's first file, that file again at its end.
    fn cycles(&self) -> Vec<Vec<String>> {
        let (mut seen, mut found) = (BTreeSet::<&str>::new(), Vec::new());
        for file in self.edges.keys() {
            if seen.contains(file.as_str()) {
                continue;
            }
            let came_from = self.breadth_first(file);
            let Some(mut at) = came_from.get(file.as_str()).copied() else {
                continue;
            };
            let mut circle = vec![file.clone()];
            while at != file {
                circle.push(at.to_owned());
                at = came_from[at];
            }
            circle.push(file.clone());
            circle.reverse();
            let group = came_from
                .keys()
                .filter(|other| self.breadth_first(other).contains_key(file.as_str()));
            seen.extend(group);
            found.push(circle);
        }
        found
    }

    /// The files reached from `start` (itself only through a circle), each
    /// with the file it was first reached from.
    fn breadth_first<'a>(&'a self, start: &'a str) -> BTreeMap<&'a str, &'a str> {
        let mut came_from = BTreeMap::new();
        let mut queue = VecDeque::from([start]);
        while let Some(file) = queue.pop_front() {
            for next in self.edges.get(file).into_iter().flat_map(BTreeMap::keys) {
                if !came_from.contains_key(next.as_str()) {
                    came_from.insert(next.as_str(), file);
                    queue.push_back(next);
                }
            }
        }
        came_from
    }

    /// A circle, edge by edge with the line that makes each edge.
    fn describe(&self, circle: &[String]) -> String {
        let mut text = format!("cycle: {}", circle.join(" -> "));
        for pair in circle.windows(2) {
            let line = self.edges[&pair[0]][&pair[1]];
            text += &format!("\n  {}:{line} names {}", pair[0], pair[1]);
        }
        text
    }
}

/// Reads one file's tokens and records the files of its crate it names.
struct Reader<'a> {
    /// The crate's modules, to their files.
    modules: &'a BTreeMap<Vec<String>, String>,
    file: &'a str,
    place: &'a Place,
    /// Names a `use` bound to a path inside the crate, absolute.
    aliases: BTreeMap<String, Vec<String>>,
    edges: BTreeMap<String, usize>,
}

impl Reader<'_> {
    fn read(&mut self, tokens: &[(String, usize)]) {
        let token = |i: usize| tokens.get(i).map_or("", |(t, _)| t.as_str());
        // Inline modules open at a brace depth: (module, depth inside it).
        let mut scopes = vec![(self.place.module.clone(), 0)];
        let (mut depth, mut i) = (0, 0);
        while i < tokens.len() {
            let (module, line) = (scopes[scopes.len() - 1].0.clone(), tokens[i].1);
            match token(i) {
                "{" => depth += 1,
                "}" => {
                    if scopes.len() > 1 && scopes[scopes.len() - 1].1 == depth {
                        scopes.pop();
                    }
                    depth -= 1;
                }
                "mod" if is_ident(token(i + 1)) => {
                    let child = [module, vec![token(i + 1).to_owned()]].concat();
                    match token(i + 2) {
                        ";" => self.edge(&child, line),
                        "{" => {
                            depth += 1;
                            scopes.push((child, depth));
                            i += 2;
                        }
                        _ => {}
                    }
                }
                "use" => {
                    let mut leaves = Vec::new();
                    i = use_tree(tokens, i + 1, Vec::new(), &mut leaves) - 1;
                    for (path, bound) in leaves {
                        if let Some(target) = self.absolute(&module, &path) {
                            self.edge(&target, line);
                            if let Some(name) = bound {
                                self.aliases.insert(name, target);
                            }
                        }
                    }
                }
                first if is_ident(first) && token(i + 1) == "::" => {
                    let mut path = vec![first.to_owned()];
                    let inside = matches!(token(i.wrapping_sub(1)), "::" | "." | "$");
                    while token(i + 1) == "::" && is_ident(token(i + 2)) {
                        path.push(token(i + 2).to_owned());
                        i += 2;
                    }
                    if let Some(target) = self.absolute(&module, &path).filter(|_| !inside) {
                        self.edge(&target, line);
                    }
                }
                _ => {}
            }
            i += 1;
        }
    }

    /// The absolute module path a path written in `module` names, when it
    /// names something in the file's crate (from a binary, in its library).
    fn absolute(&self, module: &[String], path: &[String]) -> Option<Vec<String>> {
        let (first, rest) = path.split_first()?;
        let binary = self.place.binary;
        let base: Vec<String> = match first.as_str() {
            "crate" if binary => return None,
            "crate" => Vec::new(),
            name if binary && *name == self.place.krate.replace('-', "_") => Vec::new(),
            "self" => module.to_vec(),
            "super" => {
                let supers = 1 + rest.iter().take_while(|s| *s == "super").count();
                let base = &module[..module.len().saturating_sub(supers)];
                return Some([base, &rest[supers - 1..]].concat());
            }
            // A name a `use` bound, or (2018 paths) a child module.
            name => match self.aliases.get(name) {
                Some(target) => target.clone(),
                None => {
                    let child = [module, &[name.to_owned()]].concat();
                    self.modules.contains_key(&child).then_some(child)?
                }
            },
        };
        Some([&base[..], rest].concat())
    }

    /// An edge to the file of the longest module prefix of `path`.
    fn edge(&mut self, path: &[String], line: usize) {
        let target = (0..=path.len())
            .rev()
            .find_map(|len| self.modules.get(&path[..len]));
        if let Some(target) = target.filter(|target| *target != self.file) {
            self.edges.entry(target.clone()).or_insert(line);
        }
    }
}

/// Reads a `use` tree from token `i`, with the path so far in `prefix`:
/// pushes each leaf path and the name it binds (`None` for `*` and `_`).
/// Returns the index after the tree (after the `;` at the top).
fn use_tree(
    tokens: &[(String, usize)],
    mut i: usize,
    mut prefix: Vec<String>,
    leaves: &mut Vec<(Vec<String>, Option<String>)>,
) -> usize {
    let token = |i: usize| tokens.get(i).map_or("", |(t, _)| t.as_str());
    i += usize::from(token(i) == "::"); // a leading `::`
    while is_ident(token(i)) && token(i + 1) == "::" {
        prefix.push(token(i).to_owned());
        i += 2;
    }
    match token(i) {
        "*" => {
            leaves.push((prefix, None));
            i += 1;
        }
        "{" => {
            i += 1;
            while !matches!(token(i), "}" | "") {
                i = use_tree(tokens, i, prefix.clone(), leaves);
                i += usize::from(token(i) == ",");
            }
            i += 1;
        }
        name if is_ident(name) => {
            let mut bound = Some(name.to_owned());
            if token(i + 1) == "as" {
                bound = Some(token(i + 2).to_owned()).filter(|alias| alias != "_");
                i += 2;
            }
            // `a::{self}` is `a`, and binds `a`.
            match name == "self" && !prefix.is_empty() {
                true => bound = bound.filter(|b| b != "self").or(prefix.last().cloned()),
                false => prefix.push(name.to_owned()),
            }
            leaves.push((prefix, bound));
            i += 1;
        }
        _ => {}
    }
    i + usize::from(token(i) == ";")
}

/// The identifiers (`r#name` as `name`), `::` and other punctuation of Rust
/// source, with the line of each; comments, string and character literals
/// and lifetimes left out.
fn tokens(text: &str) -> Vec<(String, usize)> {
    let chars: Vec<char> = text.chars().collect();
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    let (mut out, mut line, mut i) = (Vec::new(), 1, 0);
    while i < chars.len() {
        let start = i;
        match (chars[i], at(i + 1)) {
            ('/', '/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            ('/', '*') => {
                let mut depth = 0;
                while i < chars.len() {
                    match (chars[i], at(i + 1)) {
                        ('/', '*') => (depth, i) = (depth + 1, i + 2),
                        ('*', '/') => (depth, i) = (depth - 1, i + 2),
                        _ => i += 1,
                    }
                    if depth == 0 {
                        break;
                    }
                }
            }
            _ if literal_end(&chars, i).is_some() => i = literal_end(&chars, i).unwrap_or(i),
            (':', ':') => {
                out.push(("::".to_owned(), line));
                i += 2;
            }
            // A lifetime, or an identifier.
            (c, next) if c == '\'' || is_ident_char(c) => {
                i += if c == 'r' && next == '#' { 2 } else { 1 };
                while is_ident_char(at(i)) {
                    i += 1;
                }
                let name: String = chars[start..i].iter().collect();
                if c != '\'' {
                    out.push((name.trim_start_matches("r#").to_owned(), line));
                }
            }
            (c, _) => {
                if !c.is_whitespace() {
                    out.push((c.to_string(), line));
                }
                i += 1;
            }
        }
        line += chars[start..i].iter().filter(|&&c| c == '\n').count();
    }
    out
}

fn is_ident_char(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

fn is_ident(token: &str) -> bool {
    token.chars().next().is_some_and(is_ident_char)
}

/// The end of the string or character literal that starts at `i`, if one
/// does: `"…"`, `r#"…"#`, `b"…"`, `br"…"`, `c"…"`, `'a'`, `b'\n'` (not a
/// lifetime: `'a`).
fn literal_end(chars: &[char], i: usize) -> Option<usize> {
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    if i > 0 && is_ident_char(chars[i - 1]) {
        return None;
    }
    let mut j = i + usize::from(matches!(at(i), 'b' | 'c'));
    let raw = at(j) == 'r';
    j += usize::from(raw);
    let hashes = (j..).take_while(|&k| at(k) == '#').count();
    j += hashes;
    let quote = at(j);
    let is_char = quote == '\'' && !raw && (at(j + 1) == '\\' || at(j + 2) == '\'');
    if quote != '"' && !is_char {
        return None;
    }
    j += 1;
    while j < chars.len() {
        match chars[j] {
            '\\' if !raw => j += 2,
            c if c == quote && (1..=hashes).all(|k| at(j + k) == '#') => {
                return Some(j + 1 + hashes);
            }
            _ => j += 1,
        }
    }
    Some(j)
}
