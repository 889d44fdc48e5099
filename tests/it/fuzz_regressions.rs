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

use crate::support::oracle;

use boardls::document::Document;
use boardls::games::GameKind;
use boardls::lsp::encoding::Encoding;
use tower_lsp_server::ls_types::Position;

#[test]
fn parser_inputs_replay() {
    let root = format!("{}/tests/fuzz_regressions", env!("CARGO_MANIFEST_DIR"));
    let mut replayed = 0;
    for kind in GameKind::ALL {
        let dir = format!("{root}/parse_{}", kind.id());
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let bytes = std::fs::read(entry.path()).unwrap_or_default();
            let valid = match std::str::from_utf8(&bytes) {
                Ok(text) => text,
                Err(err) => std::str::from_utf8(&bytes[..err.valid_up_to()]).unwrap_or_default(),
            };
            if let Err(problem) = oracle::check_parse(kind, valid) {
                panic!("{}: {problem}", entry.path().display());
            }
            let checked = boardls::syntax::diagnose_bytes(kind, &bytes);
            if let Err(problem) = oracle::check_spans(checked.text, &checked.diagnostics) {
                panic!("{} (check): {problem}", entry.path().display());
            }
            replayed += 1;
        }
    }
    assert!(replayed > 0, "no inputs under {root}");
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
    let dir = format!(
        "{}/tests/fuzz_regressions/setter_inputs",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut replayed = 0;
    for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
        let bytes = std::fs::read(entry.path()).unwrap_or_default();
        if let Err(problem) = oracle::check_setter_inputs(&bytes) {
            panic!("{}: {problem}", entry.path().display());
        }
        replayed += 1;
    }
    assert!(replayed >= 6, "{replayed} inputs under {dir}");
}

/// `tests/fuzz_regressions/cache_edits/*`: the `cache_edits` target's seed
/// corpus and saved crashes (a game, an encoding and a listing, a text and
/// edits; see `oracle::check_cache_edits`), replayed through the same
/// checks: after each edit the publish from the kept pieces is a fresh
/// reading's, and the client's tokens after the delta are a fresh `/full`.
/// The corpus as a whole must go through the caches, not only past them.
#[test]
fn cache_edits_replay() {
    let dir = format!(
        "{}/tests/fuzz_regressions/cache_edits",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut replayed = 0;
    let mut used = oracle::CacheUse::default();
    for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
        let bytes = std::fs::read(entry.path()).unwrap_or_default();
        match oracle::check_cache_edits(&bytes) {
            Ok(session) => {
                used.kept_publishes += session.kept_publishes;
                used.token_deltas += session.token_deltas;
            }
            Err(problem) => panic!("{}: {problem}", entry.path().display()),
        }
        replayed += 1;
    }
    assert!(replayed >= 8, "{replayed} inputs under {dir}");
    assert!(
        used.kept_publishes >= 20 && used.token_deltas >= 20,
        "the corpus hardly used the caches: {used:?}"
    );
}
