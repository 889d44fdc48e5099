//! Running the built `boardls` as a user would, from the crate's root, with
//! the colour and language variables of the environment the tests run in
//! removed.

#![allow(dead_code)]

use std::process::{Command, Output};

/// The command, ready for more arguments or variables.
pub fn command(args: &[&str]) -> Command {
    as_the_tests_run(Command::new(env!("CARGO_BIN_EXE_boardls")), args)
}

/// `program ARGS` from the crate's root, its colour left to its own
/// choice (no `NO_COLOR` nor `CLICOLOR_FORCE` from the environment), and
/// its language English (`LANG=C`, no `LC_ALL` nor `LC_MESSAGES`): a
/// tester's Russian or Chinese terminal must not change what the tests
/// expect. A test of another language sets it again.
pub fn as_the_tests_run(mut program: Command, args: &[&str]) -> Command {
    program
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C");
    program
}

pub fn boardls(args: &[&str]) -> Output {
    command(args).output().expect("run boardls")
}

/// Runs `command` with `input` on its stdin; what it printed and its status.
pub fn fed(mut command: Command, input: impl AsRef<[u8]>) -> Output {
    use std::io::Write as _;
    use std::process::Stdio;
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start the command");
    // A command that exits without reading closes the pipe: not our fault.
    let _ = child
        .stdin
        .take()
        .expect("a piped stdin")
        .write_all(input.as_ref());
    child.wait_with_output().expect("wait for the command")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

/// Examples of every kind, broken and good, with errors, warnings,
/// information, related spans, empty spans and fixes among them.
pub const EXAMPLES: [&str; 5] = [
    "examples/go9/broken.go9",
    "examples/go9/captures.go9",
    "examples/tomek/broken.tomek",
    "examples/uttt/broken.uttt",
    "examples/uttt/sample1.uttt",
];

/// `check --output-format FORMAT` on [`EXAMPLES`], no colour.
pub fn check_examples(format: &str) -> Output {
    let mut args = vec!["check", "--output-format", format, "--color", "never"];
    args.extend(EXAMPLES);
    boardls(&args)
}
