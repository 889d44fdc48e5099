//! A solution's processes on Windows: a job object holds it and every
//! process it starts (`cmd /c` and what it runs), and is terminated whole;
//! a crash is an exit code that is an NTSTATUS error (0xC0000005, an
//! access violation).

use std::io;
use std::os::windows::io::AsRawHandle as _;
use std::os::windows::process::CommandExt as _;
use std::process::{Child, Command, ExitStatus};

use windows_sys::Win32::Foundation::{CloseHandle, HANDLE};
use windows_sys::Win32::System::JobObjects::{
    AssignProcessToJobObject, CreateJobObjectW, JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE,
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION, JobObjectExtendedLimitInformation,
    SetInformationJobObject, TerminateJobObject,
};
use windows_sys::Win32::System::Threading::{
    CREATE_NEW_PROCESS_GROUP, CREATE_SUSPENDED, ResumeThread,
};

/// A started solution and the job that holds its processes.
pub(crate) struct Tree {
    pub(crate) child: Child,
    job: Job,
}

/// A job object, closed (and so its processes killed) when dropped.
struct Job(HANDLE);

// SAFETY: a job handle may be used and closed from any thread.
unsafe impl Send for Job {}

impl Drop for Job {
    fn drop(&mut self) {
        // SAFETY: the handle is ours and closed once.
        unsafe { CloseHandle(self.0) };
    }
}

/// Exit code of the processes a timeout ends.
const KILLED: u32 = 1;

/// Starts `command` suspended, puts it in a job of its own (which kills
/// its processes when the job is closed, so none outlives the run), then
/// lets it run: nothing it starts escapes the job. Its own console process
/// group: a Ctrl-C in the console reaches the stress run, not the solution.
pub(crate) fn start(command: &mut Command) -> io::Result<Tree> {
    let job = new_job()?;
    let mut child = command
        .creation_flags(CREATE_NEW_PROCESS_GROUP | CREATE_SUSPENDED)
        .spawn()?;
    // SAFETY: both handles are open; the process is suspended.
    let assigned = unsafe { AssignProcessToJobObject(job.0, child.as_raw_handle() as HANDLE) };
    if assigned == 0 {
        let err = io::Error::last_os_error();
        let _ = child.kill();
        let _ = child.wait();
        return Err(err);
    }
    if let Err(err) = resume(&child) {
        let _ = child.kill();
        let _ = child.wait();
        return Err(err);
    }
    Ok(Tree { child, job })
}

fn new_job() -> io::Result<Job> {
    // SAFETY: an anonymous job with default security.
    let handle = unsafe { CreateJobObjectW(std::ptr::null(), std::ptr::null()) };
    if handle.is_null() {
        return Err(io::Error::last_os_error());
    }
    let job = Job(handle);
    // SAFETY: an all-zero JOBOBJECT_EXTENDED_LIMIT_INFORMATION is valid.
    let mut limits: JOBOBJECT_EXTENDED_LIMIT_INFORMATION = unsafe { std::mem::zeroed() };
    limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
    // SAFETY: the pointer and size describe `limits`, which outlives the call.
    let set = unsafe {
        SetInformationJobObject(
            job.0,
            JobObjectExtendedLimitInformation,
            (&raw const limits).cast(),
            std::mem::size_of::<JOBOBJECT_EXTENDED_LIMIT_INFORMATION>() as u32,
        )
    };
    if set == 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(job)
}

/// Resumes the suspended process's main thread, the only thread it has.
fn resume(child: &Child) -> io::Result<()> {
    let thread = main_thread(child.id())?;
    // SAFETY: `thread` is an open handle with THREAD_SUSPEND_RESUME.
    let resumed = unsafe { ResumeThread(thread) };
    let err = io::Error::last_os_error();
    // SAFETY: the handle is ours and closed once.
    unsafe { CloseHandle(thread) };
    if resumed == u32::MAX {
        return Err(err);
    }
    Ok(())
}

/// A handle to the only thread of the suspended process `pid`.
fn main_thread(pid: u32) -> io::Result<HANDLE> {
    use windows_sys::Win32::Foundation::INVALID_HANDLE_VALUE;
    use windows_sys::Win32::System::Diagnostics::ToolHelp::{
        CreateToolhelp32Snapshot, TH32CS_SNAPTHREAD, THREADENTRY32, Thread32First, Thread32Next,
    };
    use windows_sys::Win32::System::Threading::{OpenThread, THREAD_SUSPEND_RESUME};
    // SAFETY: a snapshot of the system's threads, closed below.
    let snapshot = unsafe { CreateToolhelp32Snapshot(TH32CS_SNAPTHREAD, 0) };
    if snapshot == INVALID_HANDLE_VALUE {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: an all-zero THREADENTRY32 with its size set is valid.
    let mut entry: THREADENTRY32 = unsafe { std::mem::zeroed() };
    entry.dwSize = std::mem::size_of::<THREADENTRY32>() as u32;
    let mut found = None;
    // SAFETY: `entry` is valid and sized; the snapshot is open.
    let mut more = unsafe { Thread32First(snapshot, &raw mut entry) } != 0;
    while more {
        if entry.th32OwnerProcessID == pid {
            found = Some(entry.th32ThreadID);
            break;
        }
        // SAFETY: as above.
        more = unsafe { Thread32Next(snapshot, &raw mut entry) } != 0;
    }
    // SAFETY: the handle is ours and closed once.
    unsafe { CloseHandle(snapshot) };
    let Some(thread_id) = found else {
        return Err(io::Error::other("the started solution has no thread"));
    };
    // SAFETY: opening a thread by id; a null handle is an error.
    let thread = unsafe { OpenThread(THREAD_SUSPEND_RESUME, 0, thread_id) };
    if thread.is_null() {
        return Err(io::Error::last_os_error());
    }
    Ok(thread)
}

impl Tree {
    /// Ends every process of the job (children of a `cmd /c` too).
    pub(crate) fn kill(&mut self) {
        // SAFETY: the job handle is open for as long as `self` lives.
        unsafe { TerminateJobObject(self.job.0, KILLED) };
    }
}

/// The exception that ended it: an exit code that is an NTSTATUS error of
/// the system (0xC…, as an access violation's 0xC0000005) or a breakpoint
/// (0x80000003), which is how Windows ends a process that crashed. An
/// `exit(-1)` (0xFFFFFFFF) is an exit status, not a crash.
pub(crate) fn crash(status: ExitStatus) -> Option<i32> {
    let code = status.code()?;
    let bits = code as u32;
    (bits >> 28 == 0xC || bits == STATUS_BREAKPOINT).then_some(code)
}

/// What `__debugbreak` and some runtimes' `abort` end with.
const STATUS_BREAKPOINT: u32 = 0x8000_0003;

/// A crash in words: `exception 0xC0000005 (access violation)`.
pub(crate) fn crash_name(code: i32) -> boardls_engine::i18n::Message {
    let code = code as u32;
    let hex = format!("0x{code:08X}");
    let name = match code {
        0xC000_0005 => boardls_engine::i18n::message!("stress-exception-access-violation"),
        0xC000_001D => boardls_engine::i18n::message!("stress-exception-illegal-instruction"),
        0xC000_0094 => boardls_engine::i18n::message!("stress-exception-integer-division-by-zero"),
        0xC000_0095 => boardls_engine::i18n::message!("stress-exception-integer-overflow"),
        0xC000_00FD => boardls_engine::i18n::message!("stress-exception-stack-overflow"),
        0xC000_0409 => boardls_engine::i18n::message!("stress-exception-stack-buffer-overrun"),
        0xC000_008E => boardls_engine::i18n::message!("stress-exception-float-division-by-zero"),
        0xC000_0017 => boardls_engine::i18n::message!("stress-exception-out-of-memory"),
        0xC000_013A => boardls_engine::i18n::message!("stress-exception-ctrl-c"),
        STATUS_BREAKPOINT => boardls_engine::i18n::message!("stress-exception-breakpoint"),
        _ => return boardls_engine::i18n::message!("stress-exception", code = hex),
    };
    boardls_engine::i18n::message!("stress-exception-named", code = hex, name = name)
}
