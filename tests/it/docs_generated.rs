//! The manual's generated tables (`docs/src/generated/`) are what the code
//! gives today: the generator is `cargo xtask docs`'s own file, included
//! here by path, so both make the same text.

use std::fs;

use crate::support::sources;

#[allow(dead_code)]
#[path = "../../xtask/src/docs.rs"]
mod generator;

#[test]
fn the_generated_tables_equal_the_code() {
    let files = generator::generated(sources::root()).unwrap_or_else(|err| panic!("{err}"));
    assert!(files.len() >= 4, "{files:?}");
    let mut stale = Vec::new();
    for (path, expected) in &files {
        let found = fs::read_to_string(sources::root().join(path)).unwrap_or_default();
        if found != *expected {
            stale.push(path.as_str());
        }
    }
    assert!(
        stale.is_empty(),
        "the manual's generated files differ from the code: {}; run `cargo xtask docs`",
        stale.join(", ")
    );
    // Nothing else lies in the folder: a table the generator no longer
    // makes is not left behind.
    let mut present: Vec<String> = fs::read_dir(sources::root().join(generator::FOLDER))
        .unwrap()
        .map(|entry| {
            format!(
                "{}/{}",
                generator::FOLDER,
                entry.unwrap().file_name().to_string_lossy()
            )
        })
        .collect();
    present.sort();
    let mut made: Vec<String> = files.into_iter().map(|(path, _)| path).collect();
    made.sort();
    assert_eq!(
        present, made,
        "run `cargo xtask docs` and remove what it does not write"
    );
}

/// Each generated table is included by a page of the manual.
#[test]
fn every_generated_table_is_in_the_manual() {
    let pages: String = fs::read_dir(sources::root().join("docs/src"))
        .unwrap()
        .filter_map(|entry| fs::read_to_string(entry.unwrap().path()).ok())
        .collect();
    for (path, _) in generator::generated(sources::root()).unwrap() {
        let name = path.strip_prefix("docs/src/").unwrap();
        assert!(
            pages.contains(&format!("{{{{#include {name}}}}}")),
            "no page of docs/src includes {name}"
        );
    }
}
