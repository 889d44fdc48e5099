//! Every example of boardls's own commands in README.md and the manual
//! runs, and prints what the document shows: ```` ```console ```` fences
//! of `$ boardls …` lines, read by trycmd, run from the repository's root
//! (examples/, tests/fixtures/). `? N` after a command is its exit status,
//! `...` a run of lines left out, `[..]` a part of a line.
//! `TRYCMD=overwrite` rewrites the outputs. Install and editor steps sit in
//! ```` ```sh ```` fences, which are not run.

use std::fs;
use std::path::PathBuf;

use crate::support::cli::{self, fed, stdout};
use crate::support::sources;

#[test]
fn the_documents_examples_print_what_they_show() {
    let cases = trycmd::TestCases::new();
    cases
        .register_bin(
            "boardls",
            std::path::Path::new(env!("CARGO_BIN_EXE_boardls")),
        )
        .env("NO_COLOR", "1")
        // English whatever the tester's terminal speaks: LC_ALL comes
        // first, and `C` is English.
        .env("LC_ALL", "C")
        .case("README.md");
    for path in documents().into_iter().skip(1) {
        cases.case(path.strip_prefix(sources::root()).unwrap());
    }
    cases.run();
}

/// README.md, then every page of the manual.
fn documents() -> Vec<PathBuf> {
    let mut documents = vec![sources::root().join("README.md")];
    for dir in ["docs/src", "docs/src/editors"] {
        let mut pages: Vec<PathBuf> = fs::read_dir(sources::root().join(dir))
            .unwrap()
            .map(|page| page.unwrap().path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
            .collect();
        pages.sort();
        documents.extend(pages);
    }
    documents
}

/// The fences of a Markdown text: (line number of the opening, info string,
/// the lines inside).
fn fences(text: &str) -> Vec<(usize, &str, Vec<&str>)> {
    let mut found = Vec::new();
    let mut open: Option<(usize, &str, Vec<&str>)> = None;
    for (number, line) in text.lines().enumerate() {
        match (line.strip_prefix("```"), open.take()) {
            (Some(_), Some(fence)) => found.push(fence),
            (Some(info), None) => open = Some((number + 1, info.trim(), Vec::new())),
            (None, Some((at, info, mut lines))) => {
                lines.push(line);
                open = Some((at, info, lines));
            }
            (None, None) => {}
        }
    }
    found
}

/// The examples are where the tests run them: a `$ ` line outside a
/// ```` ```console ```` fence would be run by no one, and a fence without
/// a language would be run by trycmd as if it were one.
#[test]
fn every_command_line_is_in_a_console_fence() {
    for path in documents() {
        let text = fs::read_to_string(&path).unwrap();
        for (line, info, lines) in fences(&text) {
            let place = format!("{}:{line}", path.display());
            assert!(!info.is_empty(), "{place}: a fence without a language");
            if info != "console" {
                assert!(
                    !lines.iter().any(|l| l.starts_with("$ ")),
                    "{place}: a `$ ` command outside a console fence"
                );
            }
        }
    }
}

/// `solve` reads its input on stdin, which a console fence cannot give: a
/// ```` ```sh ```` fence of one `boardls solve GAME < FILE` line, then a
/// ```` ```text ```` fence of what it prints, is run here.
#[test]
fn the_solve_examples_print_what_they_show() {
    let mut seen = 0;
    for path in documents() {
        let text = fs::read_to_string(&path).unwrap();
        let fences = fences(&text);
        for pair in fences.windows(2) {
            let [(line, "sh", command), (_, "text", shown)] = pair else {
                continue;
            };
            let [command] = command.as_slice() else {
                continue;
            };
            let Some(rest) = command.strip_prefix("boardls solve ") else {
                continue;
            };
            let (game, input) = rest.split_once(" < ").expect("boardls solve GAME < FILE");
            let input = fs::read_to_string(sources::root().join(input.trim())).unwrap();
            let output = fed(cli::command(&["solve", game.trim()]), &input);
            let mut expected = shown.join("\n");
            expected.push('\n');
            assert_eq!(
                stdout(&output),
                expected,
                "{}:{line}: `{command}` prints something else",
                path.display()
            );
            seen += 1;
        }
    }
    assert!(seen >= 1, "no solve example found");
}
