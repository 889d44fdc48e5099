//! Every file under `examples/` through the same printers as `boardls check`,
//! kept as snapshots in `tests/snapshots/` (`UPDATE_EXPECT=1 cargo test`
//! rewrites them), so any change of a message, range or code shows in review.

use std::fs;
use std::path::{Path, PathBuf};

use boardls::check::{OutputFormat, render};
use boardls_engine::games::GameKind;
use boardls_engine::syntax::{diagnose_bytes, parse_file};
use expect_test::expect_file;

fn example_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            example_files(&path, out);
        } else if GameKind::from_path(&path).is_some() {
            out.push(path);
        }
    }
}

#[test]
fn examples_match_their_snapshots() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    example_files(&root.join("examples"), &mut files);
    assert!(files.len() >= 12, "{files:?}");
    for file in files {
        let relative = file.strip_prefix(root).unwrap();
        let display = relative.to_str().unwrap().replace('\\', "/");
        let kind = GameKind::from_path(&file).unwrap();
        let bytes = fs::read(&file).unwrap();
        let checked = diagnose_bytes(kind, &bytes);
        let mut snapshot = String::new();
        render(
            OutputFormat::Concise,
            &display,
            checked.text,
            &checked.diagnostics,
            &mut snapshot,
        );
        snapshot.push_str("--- json\n");
        render(
            OutputFormat::JsonLines,
            &display,
            checked.text,
            &checked.diagnostics,
            &mut snapshot,
        );
        snapshot.push_str("--- verdicts\n");
        for (i, position) in parse_file(kind, checked.text).positions.iter().enumerate() {
            let verdict = position
                .verdict_text()
                .unwrap_or_else(|| "(unreadable)".to_owned());
            snapshot.push_str(&format!("Case #{}: {verdict}\n", i + 1));
        }
        let snapshot_path = root
            .join("tests/snapshots")
            .join(format!("{}.txt", relative.display()));
        fs::create_dir_all(snapshot_path.parent().unwrap()).unwrap();
        expect_file![snapshot_path].assert_eq(&snapshot);
    }
}

/// The good examples carry no error (information and warnings are facts).
#[test]
fn good_examples_have_no_errors() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    example_files(&root.join("examples"), &mut files);
    for file in files
        .iter()
        .filter(|f| !f.to_str().unwrap().contains("broken"))
    {
        let kind = GameKind::from_path(file).unwrap();
        let bytes = fs::read(file).unwrap();
        let errors: Vec<_> = diagnose_bytes(kind, &bytes)
            .diagnostics
            .into_iter()
            .filter(|d| d.severity == boardls_engine::diagnostics::Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{}: {errors:?}", file.display());
    }
}

/// The verdicts of the official large practice file equal the official
/// answers, read through the parser (not the streaming judge).
#[test]
fn tomek_large_practice_verdicts_match_the_judge() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let input = fs::read_to_string(root.join("examples/tomek/A-large-practice.tomek")).unwrap();
    let expected =
        fs::read_to_string(root.join("tests/fixtures/judge/tomek/A-large-practice.out")).unwrap();
    let parsed = parse_file(GameKind::Tomek, &input);
    assert!(parsed.all_diagnostics().is_empty());
    let actual: String = parsed
        .positions
        .iter()
        .enumerate()
        .map(|(i, p)| format!("Case #{}: {}\n", i + 1, p.verdict_text().unwrap()))
        .collect();
    assert_eq!(actual.trim_end(), expected.trim_end());
}
