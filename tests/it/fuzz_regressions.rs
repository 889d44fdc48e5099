//! Inputs worth keeping from the fuzz targets (`fuzz/`), replayed through
//! the same checks (`tests/it/support/oracle.rs`) in the normal test suite.
//!
//! - `tests/fuzz_regressions/parse_<kind>/*`: raw files for the parser
//!   targets (a crash input from `fuzz/artifacts/parse_<kind>/` goes here
//!   as is);
//! - `tests/fuzz_regressions/setter_inputs/*` and `cache_edits/*`: the
//!   byte strings of those targets (seed corpus and crashes), as is;
//! - edit sessions (the `document_edits` target's inputs are `arbitrary`
//!   encodings, unreadable here) are written out below as plain steps.

use std::path::PathBuf;

use crate::support::oracle;

use boardls_engine::document::Document;
use boardls_engine::games::GameKind;
use boardls_ide::encoding::Encoding;
use tower_lsp_server::ls_types::Position;

/// The folder of kept inputs, from the crate's root: one folder per
/// target (`parse_<kind>` for the parser's, one per game kind).
const REGRESSIONS: &str = "tests/fuzz_regressions";

/// How many inputs each folder holds. A folder that goes missing, gains
/// or loses an input fails its replay until this table says so; a folder
/// that is not here fails too (nothing there would be replayed).
const INPUTS: [(&str, usize); 5] = [
    ("parse_uttt", 1),
    ("parse_go9", 1),
    ("parse_tomek", 1),
    ("setter_inputs", 7),
    ("cache_edits", 11),
];

/// The inputs of `target`'s folder, sorted, as many as [`INPUTS`] says.
fn inputs(target: &str) -> Vec<PathBuf> {
    let Some(&(_, expected)) = INPUTS.iter().find(|(name, _)| *name == target) else {
        panic!("{target}: not in INPUTS (tests/it/fuzz_regressions.rs)");
    };
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(REGRESSIONS)
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|err| panic!("{}: {err}", dir.display()))
        .map(|entry| entry.expect("a readable folder entry").path())
        .collect();
    files.sort();
    assert_eq!(
        files.len(),
        expected,
        "{}: {} inputs, INPUTS says {expected}: {files:?}",
        dir.display(),
        files.len()
    );
    files
}

#[test]
fn every_folder_of_inputs_is_replayed() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(REGRESSIONS);
    let mut folders: Vec<String> = std::fs::read_dir(&root)
        .unwrap_or_else(|err| panic!("{}: {err}", root.display()))
        .map(|entry| entry.expect("a readable folder entry").file_name())
        .map(|name| name.to_string_lossy().into_owned())
        .collect();
    folders.sort();
    let mut listed: Vec<String> = INPUTS.iter().map(|(name, _)| (*name).to_owned()).collect();
    listed.sort();
    assert_eq!(
        folders, listed,
        "the folders under {REGRESSIONS} and INPUTS"
    );
    for kind in GameKind::ALL {
        let target = format!("parse_{}", kind.id());
        assert!(listed.contains(&target), "INPUTS lacks {target}");
    }
}

#[test]
fn parser_inputs_replay() {
    for kind in GameKind::ALL {
        for path in inputs(&format!("parse_{}", kind.id())) {
            let bytes =
                std::fs::read(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
            let valid = match std::str::from_utf8(&bytes) {
                Ok(text) => text,
                Err(err) => std::str::from_utf8(&bytes[..err.valid_up_to()]).unwrap_or_default(),
            };
            if let Err(problem) = oracle::check_parse(kind, valid) {
                panic!("{}: {problem}", path.display());
            }
            let checked = boardls_engine::syntax::diagnose_bytes(kind, &bytes);
            if let Err(problem) = oracle::check_spans(checked.text, &checked.diagnostics) {
                panic!("{} (check): {problem}", path.display());
            }
        }
    }
}

/// One range edit: start (line, character), end, inserted text.
type Step<'a> = ((u32, u32), (u32, u32), &'a str);

fn session(kind: GameKind, enc: Encoding, initial: &str, steps: &[Step<'_>]) {
    let mut model = initial.to_owned();
    let mut doc = Document::new(kind, &model);
    for (n, &((l1, c1), (l2, c2), text)) in steps.iter().enumerate() {
        let (start, end) = (Position::new(l1, c1), Position::new(l2, c2));
        for pos in [start, end] {
            if let Err(problem) = oracle::check_conversion(&doc, &model, pos, enc) {
                panic!("before step {n}: {problem}");
            }
        }
        oracle::apply_to_string(&mut model, start, end, text, enc);
        oracle::apply_to_document(&mut doc, start, end, text, enc);
        if let Err(problem) = oracle::check_document(&doc, &model) {
            panic!("after step {n}: {problem}");
        }
    }
}

#[test]
fn line_breaks_joined_and_split_by_edits() {
    for enc in [Encoding::Utf8, Encoding::Utf16] {
        for kind in GameKind::ALL {
            // A `\r` typed before a `\n`, then split again; a `\r\n` cut in
            // half by deleting only its `\r` (not addressable: the line's
            // end is before it).
            session(
                kind,
                enc,
                oracle::seed(kind),
                &[
                    ((1, 4), (1, 4), "\r"),
                    ((1, 4), (1, 5), ""),
                    ((0, 99), (1, 0), "\r"),
                    ((1, 0), (1, 0), "\n"),
                    ((2, 0), (4, 0), "\r\r\n\n"),
                ],
            );
        }
    }
}

#[test]
fn positions_inside_chars_and_past_everything() {
    let text = "# 😀é\r\nXXXT\n....\nOO..\n....\n";
    for enc in [Encoding::Utf8, Encoding::Utf16] {
        session(
            GameKind::Tomek,
            enc,
            text,
            &[
                // Between the halves of a surrogate pair / inside UTF-8 bytes.
                ((0, 3), (0, 4), "x"),
                ((0, 5), (0, 3), ""),
                // Reversed and far out of range.
                ((u32::MAX, 0), (0, u32::MAX), "\n"),
                ((9, 9), (9, 9), "XXXX\n"),
                ((1, u32::MAX), (2, 0), ""),
            ],
        );
    }
}

/// `tests/fuzz_regressions/setter_inputs/*`: the `setter_inputs` target's
/// seed corpus and saved crashes (input, answer and boardls.toml split at
/// zero bytes), replayed through the same checks: for every game the
/// answer compared, the judge profiles run, the project file read; every
/// span inside its text.
#[test]
fn setter_inputs_replay() {
    for path in inputs("setter_inputs") {
        let bytes = std::fs::read(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
        if let Err(problem) = oracle::check_setter_inputs(&bytes) {
            panic!("{}: {problem}", path.display());
        }
    }
}

/// `tests/fuzz_regressions/cache_edits/*`: the `cache_edits` target's seed
/// corpus and saved crashes (a game, an encoding and a listing, a text and
/// edits; see `oracle::check_cache_edits`), replayed through the same
/// checks: after each edit the publish from the kept pieces is a fresh
/// reading's, and the client's tokens after the delta are a fresh `/full`.
/// The corpus as a whole must go through the caches, not only past them.
#[test]
fn cache_edits_replay() {
    let mut used = oracle::CacheUse::default();
    for path in inputs("cache_edits") {
        let bytes = std::fs::read(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
        match oracle::check_cache_edits(&bytes) {
            Ok(session) => {
                used.kept_publishes += session.kept_publishes;
                used.token_deltas += session.token_deltas;
            }
            Err(problem) => panic!("{}: {problem}", path.display()),
        }
    }
    assert!(
        used.kept_publishes >= 20 && used.token_deltas >= 20,
        "the corpus hardly used the caches: {used:?}"
    );
}
