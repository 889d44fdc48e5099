//! Running the solution on one input: alone with what it starts (a
//! process group on Unix, a job object on Windows: `process_*.rs`), the
//! input piped in, the output read whole, a time limit after which all of
//! it is killed (a shell script's children too).

use std::io::{Read as _, Write as _};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[cfg(unix)]
use super::process_unix as process;
#[cfg(windows)]
use super::process_windows as process;

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ran {
    /// Exit status 0, with what it wrote.
    Finished(Vec<u8>),
    /// A non-zero exit status.
    ExitStatus(i32),
    /// A crash: killed by a signal it did not ask for (Unix), ended by an
    /// exception (Windows: its NTSTATUS code).
    Crash(i32),
    /// Still running at the time limit.
    TimedOut,
}

/// Runs `command` (program, then arguments) on `input`. `Err` when it
/// cannot be started at all.
pub(crate) fn run(command: &[String], input: &[u8], limit: Duration) -> std::io::Result<Ran> {
    let Some((program, args)) = command.split_first() else {
        return Err(std::io::Error::other("no command given"));
    };
    let mut tree = process::start(
        Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null()),
    )?;
    let child = &mut tree.child;
    let mut stdin = child.stdin.take();
    let input = input.to_vec();
    // A solution that stops reading early closes the pipe: not an error.
    let writer = std::thread::spawn(move || {
        if let Some(stdin) = stdin.as_mut() {
            let _ = stdin.write_all(&input);
        }
    });
    let mut stdout = child.stdout.take();
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        if let Some(stdout) = stdout.as_mut() {
            let _ = stdout.read_to_end(&mut out);
        }
        out
    });
    let deadline = Instant::now() + limit;
    let status = loop {
        match child.try_wait()? {
            Some(status) => break Some(status),
            None if Instant::now() >= deadline => break None,
            None => std::thread::sleep(Duration::from_millis(1)),
        }
    };
    // Whatever is left of it (children of a script) goes too.
    tree.kill();
    if status.is_none() {
        let _ = tree.child.wait();
    }
    let _ = writer.join();
    let out = reader.join().unwrap_or_default();
    Ok(match status {
        None => Ran::TimedOut,
        Some(status) => match (status.code(), process::crash(status)) {
            (_, Some(crash)) => Ran::Crash(crash),
            (Some(0), None) => Ran::Finished(out),
            (Some(code), None) => Ran::ExitStatus(code),
            (None, None) => Ran::ExitStatus(-1),
        },
    })
}

/// A crash in words: `killed by signal 11 (SIGSEGV)`, or on Windows
/// `exception 0xC0000005 (access violation)`.
pub(crate) fn crash_name(crash: i32) -> boardls_engine::i18n::Message {
    process::crash_name(crash)
}
