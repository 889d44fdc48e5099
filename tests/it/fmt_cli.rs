//! `boardls fmt` as users run it: the built binary, what it writes, what
//! it prints and its exit status.

use crate::support::cli;
use crate::support::client::TempDir;

use std::fs;
use std::path::Path;
use std::process::Output;

use cli::command;

/// `boardls ARGS`, run in `dir`.
fn boardls(dir: &Path, args: &[&str]) -> Output {
    command(args)
        .current_dir(dir)
        .output()
        .expect("boardls runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const MESSY: &str = "2\r\n\r\nxxxT  \r\n....\r\nOO..\r\n....\r\n\r\n\r\n";
const TIDY: &str = "1\r\nXXXT\r\n....\r\nOO..\r\n....\r\n";
const BROKEN: &str = "XXXT\n..q.\nOO..\n....\n";

#[test]
fn check_names_what_would_change_and_writes_nothing() {
    let dir = TempDir::new("check");
    fs::create_dir_all(dir.join("sub")).expect("folder");
    fs::write(dir.join("sub/messy.tomek"), MESSY).expect("write");
    fs::write(dir.join("tidy.tomek"), TIDY).expect("write");
    let output = boardls(&dir, &["fmt", "--check", "."]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), "would reformat ./sub/messy.tomek\n");
    assert_eq!(
        fs::read_to_string(dir.join("sub/messy.tomek")).expect("read"),
        MESSY
    );
    let output = boardls(&dir, &["fmt", "--check", "tidy.tomek"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(text(&output.stdout), "");
}

#[test]
fn files_are_rewritten_in_place_keeping_crlf_and_permissions() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = TempDir::new("write");
    let file = dir.join("messy.tomek");
    fs::write(&file, MESSY).expect("write");
    fs::set_permissions(&file, fs::Permissions::from_mode(0o640)).expect("chmod");
    let output = boardls(&dir, &["fmt", "messy.tomek"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), "reformatted messy.tomek\n");
    assert_eq!(fs::read_to_string(&file).expect("read"), TIDY);
    let mode = fs::metadata(&file).expect("stat").permissions().mode();
    assert_eq!(mode & 0o777, 0o640);
    // No temporary file left behind; a second run changes nothing.
    assert_eq!(fs::read_dir(&dir).expect("list").count(), 1);
    let again = boardls(&dir, &["fmt", "messy.tomek"]);
    assert_eq!(again.status.code(), Some(0));
    assert_eq!(text(&again.stdout), "");
}

#[test]
fn a_link_is_written_through() {
    let dir = TempDir::new("link");
    fs::write(dir.join("real.tomek"), MESSY).expect("write");
    std::os::unix::fs::symlink("real.tomek", dir.join("link.tomek")).expect("link");
    let output = boardls(&dir, &["fmt", "link.tomek"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(
        fs::symlink_metadata(dir.join("link.tomek"))
            .expect("stat")
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        fs::read_to_string(dir.join("real.tomek")).expect("read"),
        TIDY
    );
}

#[test]
fn uncertain_errors_leave_the_file_and_exit_1() {
    let dir = TempDir::new("broken");
    fs::write(dir.join("broken.tomek"), BROKEN).expect("write");
    fs::write(dir.join("messy.tomek"), MESSY).expect("write");
    let output = boardls(&dir, &["fmt", "broken.tomek", "messy.tomek"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(text(&output.stdout), "reformatted messy.tomek\n");
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(
            "boardls fmt: broken.tomek: not formatted: line 2, column 3: expected `X`, `O`, `T` or `.`, found `q` (tomek/bad-cell)"
        ),
        "{stderr}"
    );
    assert_eq!(
        fs::read_to_string(dir.join("broken.tomek")).expect("read"),
        BROKEN
    );
    // Not UTF-8: not formatted either.
    fs::write(dir.join("bytes.go9"), b"\xff\xfe").expect("write");
    let output = boardls(&dir, &["fmt", "--check", "bytes.go9"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("(file/invalid-utf8)"));
}

#[test]
fn unreadable_and_unknown_paths_exit_2() {
    let dir = TempDir::new("paths");
    fs::write(dir.join("messy.tomek"), MESSY).expect("write");
    fs::write(dir.join("notes.txt"), "hello").expect("write");
    let output = boardls(&dir, &["fmt", "missing.go9", "notes.txt", "messy.tomek"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("boardls fmt: missing.go9: "), "{stderr}");
    assert!(
        stderr.contains("boardls fmt: notes.txt: not a board file"),
        "{stderr}"
    );
    // The other files are still done.
    assert_eq!(
        fs::read_to_string(dir.join("messy.tomek")).expect("read"),
        TIDY
    );
    let usage = boardls(&dir, &["fmt"]);
    assert_eq!(usage.status.code(), Some(2));
}
