//! Running the solution on one input: its own process group, the input
//! piped in, the output read whole, a time limit after which the whole
//! group is killed (a shell script's children too).

use std::io::{Read as _, Write as _};
use std::os::unix::process::{CommandExt as _, ExitStatusExt as _};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ran {
    /// Exit status 0, with what it wrote.
    Finished(Vec<u8>),
    /// A non-zero exit status.
    ExitStatus(i32),
    /// Killed by a signal it did not ask for: a crash.
    Signal(i32),
    /// Still running at the time limit.
    TimedOut,
}

/// Runs `command` (program, then arguments) on `input`. `Err` when it
/// cannot be started at all.
pub(crate) fn run(command: &[String], input: &[u8], limit: Duration) -> std::io::Result<Ran> {
    let Some((program, args)) = command.split_first() else {
        return Err(std::io::Error::other("no command given"));
    };
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        // Its own group: a timeout kills everything it started, and a
        // Ctrl-C on the terminal reaches the stress run, not the solution.
        .process_group(0)
        .spawn()?;
    let group = child.id() as i32;
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
    // Whatever is left of the group (children of a script) goes too.
    kill_group(group);
    if status.is_none() {
        let _ = child.wait();
    }
    let _ = writer.join();
    let out = reader.join().unwrap_or_default();
    Ok(match status {
        None => Ran::TimedOut,
        Some(status) => match (status.code(), status.signal()) {
            (Some(0), _) => Ran::Finished(out),
            (Some(code), _) => Ran::ExitStatus(code),
            (None, Some(signal)) => Ran::Signal(signal),
            (None, None) => Ran::ExitStatus(-1),
        },
    })
}

fn kill_group(group: i32) {
    // SAFETY: kill(2) with a negative pid signals that process group; the
    // group is the child's own (`process_group(0)`), never ours.
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
}

/// A signal's name: `SIGSEGV`.
pub(crate) fn signal_name(signal: i32) -> String {
    let name = match signal {
        libc::SIGABRT => "SIGABRT",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGFPE => "SIGFPE",
        libc::SIGBUS => "SIGBUS",
        libc::SIGILL => "SIGILL",
        libc::SIGKILL => "SIGKILL",
        libc::SIGTERM => "SIGTERM",
        libc::SIGPIPE => "SIGPIPE",
        _ => return format!("signal {signal}"),
    };
    format!("signal {signal} ({name})")
}
