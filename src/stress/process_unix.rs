//! A solution's processes on Unix: its own process group, killed whole
//! with `SIGKILL`; a crash is a signal it did not ask for.

use std::io;
use std::os::unix::process::{CommandExt as _, ExitStatusExt as _};
use std::process::{Child, Command, ExitStatus};

/// A started solution and the group of everything it starts.
pub(crate) struct Tree {
    pub(crate) child: Child,
    group: i32,
}

/// Starts `command` in a process group of its own: a timeout kills
/// everything it started, and a Ctrl-C on the terminal reaches the stress
/// run, not the solution.
pub(crate) fn start(command: &mut Command) -> io::Result<Tree> {
    let child = command.process_group(0).spawn()?;
    let group = child.id() as i32;
    Ok(Tree { child, group })
}

impl Tree {
    /// Kills whatever is left of the group (children of a script).
    pub(crate) fn kill(&mut self) {
        // SAFETY: kill(2) with a negative pid signals that process group;
        // the group is the child's own (`process_group(0)`), never ours.
        unsafe {
            libc::kill(-self.group, libc::SIGKILL);
        }
    }
}

/// The signal that killed it: a crash.
pub(crate) fn crash(status: ExitStatus) -> Option<i32> {
    status.signal()
}

/// A crash in words: `killed by signal 11 (SIGSEGV)`.
pub(crate) fn crash_name(signal: i32) -> boardls_engine::i18n::Message {
    let name = match signal {
        libc::SIGABRT => "SIGABRT",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGFPE => "SIGFPE",
        libc::SIGBUS => "SIGBUS",
        libc::SIGILL => "SIGILL",
        libc::SIGKILL => "SIGKILL",
        libc::SIGTERM => "SIGTERM",
        libc::SIGPIPE => "SIGPIPE",
        _ => return boardls_engine::i18n::message!("stress-signal", signal = signal),
    };
    boardls_engine::i18n::message!("stress-signal-named", signal = signal, name = name)
}
