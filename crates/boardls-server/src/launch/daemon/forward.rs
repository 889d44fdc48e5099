//! `boardls lsp --connect auto|PATH|tcp://HOST:PORT`: what an editor
//! launches to reach a daemon (gopls `-remote=auto`). It joins its stdio to
//! the daemon's socket, byte for byte, and ends as a private server would.
//!
//! - `auto` is the per-user default socket, `PATH` any socket. Before
//!   dialling, the socket's directory and the socket are checked as the
//!   daemon checks them (the user's own, no link, no group or other bits),
//!   and after, the peer's credentials (the same user). When no daemon
//!   answers, one is spawned (`boardls daemon --socket PATH`, in a new
//!   session with `setsid`, stdin and stdout on /dev/null, stderr appended
//!   to `PATH.log`) and the connection retried for a while; forwarders
//!   started at once race safely (the daemon's lock lets one serve; the
//!   others exit and everyone connects to the one). On Windows the
//!   socket is a named pipe (`\\.\pipe\boardls-USER-…`, see
//!   `transport_windows`), the daemon is detached with `DETACHED_PROCESS`
//!   and its log is in `%LOCALAPPDATA%\boardls`.
//! - `tcp://HOST:PORT` connects to `boardls lsp --listen`, presenting the
//!   token from `--token-file` first.
//! - If the daemon goes away mid-session, the forwarder says so on stderr
//!   and exits with status 1; the next start spawns a new daemon.
//! - If `auto` cannot reach or start a daemon (its folder cannot be made
//!   or used, the log cannot be written, nothing answers), it says why and
//!   the caller serves the editor itself ([`Forwarded::Unreachable`]).

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{ExitCode, ExitStatus, Stdio};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use tokio::io::AsyncWriteExt as _;
use tokio::net::TcpStream;

use super::pump::{Editor, Outcome, lost, pump};
use super::token::Token;
use super::transport::{self, Dialled, Endpoint};

/// How long a forwarder waits for a daemon to answer.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// A daemon spawned that has not answered by then is spawned again (the
/// one spawned may have lost a race with a daemon that was exiting).
const RESPAWN_AFTER: Duration = Duration::from_secs(2);
/// A daemon's log starts anew past this size.
const MAX_LOG: u64 = 1 << 20;
/// How often a connection closed before the daemon answered anything is
/// made again.
const UNANSWERED_RETRIES: u32 = 3;

/// Where `--connect` goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// The per-user default socket.
    Auto,
    Socket(PathBuf),
    /// `HOST:PORT`.
    Tcp(String),
}

impl Target {
    pub fn parse(text: &str) -> Target {
        if text == "auto" {
            Target::Auto
        } else if let Some(address) = text.strip_prefix("tcp://") {
            Target::Tcp(address.trim_end_matches('/').to_owned())
        } else {
            Target::Socket(PathBuf::from(text.strip_prefix("unix://").unwrap_or(text)))
        }
    }
}

/// How forwarding ended.
pub enum Forwarded {
    /// The session is over, with this status.
    Ended(ExitCode),
    /// `auto` could not reach or start the daemon, before reading anything
    /// from the editor: why. The caller serves the editor itself.
    Unreachable(String),
}

/// Forwards the editor's session until it ends; the status follows LSP as
/// a private server's does.
pub fn run(target: Target, token_file: Option<PathBuf>) -> Forwarded {
    if token_file.is_some() && !matches!(target, Target::Tcp(_)) {
        eprintln!("boardls lsp: --token-file goes with --connect tcp://HOST:PORT only");
        return Forwarded::Ended(ExitCode::from(2));
    }
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("boardls lsp: cannot start the runtime: {err}");
            return Forwarded::Ended(ExitCode::FAILURE);
        }
    };
    let status = runtime.block_on(async move {
        let mut editor = Editor::default();
        let mut attempts = 0;
        loop {
            let connected = match &target {
                Target::Tcp(address) => tcp(address, token_file.as_deref()).await,
                Target::Auto => daemon(None).await,
                Target::Socket(path) => daemon(Some(path)).await,
            };
            let (input, output, what) = match connected {
                Ok(connected) => connected,
                // Nothing was read from the editor yet: it can be served here.
                Err(message) if target == Target::Auto && attempts == 0 => {
                    return Forwarded::Unreachable(message);
                }
                Err(message) => {
                    eprintln!("boardls lsp: {message}");
                    return Forwarded::Ended(ExitCode::FAILURE);
                }
            };
            match pump(&mut editor, input, output, &what).await {
                Outcome::Ended(status) => return Forwarded::Ended(status),
                // A daemon that was exiting (idle) as it was reached: the
                // session never started there; start it on another.
                Outcome::Unanswered if attempts < UNANSWERED_RETRIES => attempts += 1,
                Outcome::Unanswered => return Forwarded::Ended(lost(&what)),
            }
        }
    });
    // tokio's stdin reads on a blocking thread that may sit in `read`
    // forever; do not wait for it.
    runtime.shutdown_background();
    status
}

/// A connection's halves, and what it reaches, for messages.
type Halves = (
    Box<dyn tokio::io::AsyncRead + Unpin + Send>,
    Box<dyn tokio::io::AsyncWrite + Unpin + Send>,
    String,
);

async fn tcp(address: &str, token_file: Option<&Path>) -> Result<Halves, String> {
    let token = match token_file {
        Some(file) => {
            let (token, warning) = Token::read(file)?;
            if let Some(warning) = warning {
                eprintln!("boardls lsp: warning: {warning}");
            }
            Some(token)
        }
        None => None,
    };
    let stream = TcpStream::connect(address)
        .await
        .map_err(|err| format!("cannot connect to tcp://{address}: {err}"))?;
    let _ = stream.set_nodelay(true);
    let (input, mut output) = stream.into_split();
    if let Some(token) = token {
        output
            .write_all(&token.line())
            .await
            .map_err(|err| format!("cannot send the token to tcp://{address}: {err}"))?;
    }
    Ok((
        Box::new(input),
        Box::new(output),
        format!("tcp://{address}"),
    ))
}

/// Connects to the daemon on `given` (the per-user default when `None`),
/// spawning it when none answers.
async fn daemon(given: Option<&Path>) -> Result<Halves, String> {
    let endpoint = Endpoint::resolve(given)?;
    let log = endpoint.log();
    let deadline = Instant::now() + CONNECT_TIMEOUT;
    let mut spawned: Option<(Instant, Arc<OnceLock<ExitStatus>>)> = None;
    let mut pause = Duration::from_millis(10);
    loop {
        let starting = match endpoint.dial().await? {
            Dialled::Connected((input, output)) => {
                let what = format!("the daemon on {}", endpoint.shown());
                return Ok((input, output, what));
            }
            Dialled::Absent { starting } => starting,
        };
        if Instant::now() >= deadline {
            return Err(format!(
                "no daemon answered on {} within {} s; its log is {}",
                endpoint.shown(),
                CONNECT_TIMEOUT.as_secs(),
                log.display()
            ));
        }
        // The daemon it started failed, and none other is starting: its
        // error is said now, not after the timeout (a daemon that lost the
        // race to another exits too, but the other holds the lock).
        if !starting
            && let Some((_, exited)) = &spawned
            && let Some(status) = exited.get()
            && !status.success()
        {
            return Err(format!(
                "the daemon it started on {} stopped ({status}): {}",
                endpoint.shown(),
                last_line(&log).unwrap_or_else(|| format!("see its log {}", log.display()))
            ));
        }
        if !starting
            && spawned
                .as_ref()
                .is_none_or(|(at, _)| at.elapsed() >= RESPAWN_AFTER)
        {
            spawned = Some((Instant::now(), spawn_daemon(&endpoint, &log)?));
        }
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_millis(200));
    }
}

/// The last line of the daemon's log, where it says why it stopped.
fn last_line(log: &Path) -> Option<String> {
    let text = std::fs::read_to_string(log).ok()?;
    let line = text.lines().rev().find(|line| !line.trim().is_empty())?;
    Some(line.trim().to_owned())
}

/// Starts `boardls daemon --socket PATH`, detached (`transport::detach`):
/// no terminal, stdio away from the editor's pipes. Its exit status, once
/// it exits.
fn spawn_daemon(endpoint: &Endpoint, log: &Path) -> Result<Arc<OnceLock<ExitStatus>>, String> {
    endpoint.make_dir()?;
    let shown = log.display();
    let mut log = transport::private_log(log, MAX_LOG)?;
    // A log that cannot be written (a full disk) is said now, not found
    // empty later.
    writeln!(
        log,
        "boardls lsp (pid {}): starting a daemon on {}",
        std::process::id(),
        endpoint.shown()
    )
    .map_err(|err| format!("cannot write the daemon's log {shown}: {err}"))?;
    let exe = std::env::current_exe()
        .map_err(|err| format!("cannot find the boardls executable to start a daemon: {err}"))?;
    let mut command = std::process::Command::new(exe);
    command
        .arg("daemon")
        .arg("--socket")
        .arg(endpoint.arg())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::from(log));
    transport::detach(&mut command);
    let mut child = command
        .spawn()
        .map_err(|err| format!("cannot start a daemon: {err}"))?;
    // Reaped when it exits (a daemon that lost the race exits at once);
    // never waited for otherwise.
    let exited = Arc::new(OnceLock::new());
    let status = Arc::clone(&exited);
    std::thread::spawn(move || {
        if let Ok(code) = child.wait() {
            let _ = status.set(code);
        }
    });
    Ok(exited)
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use crate::launch::daemon::forward::Target;

    #[test]
    fn targets() {
        assert_eq!(Target::parse("auto"), Target::Auto);
        assert_eq!(
            Target::parse("tcp://127.0.0.1:9257"),
            Target::Tcp("127.0.0.1:9257".to_owned())
        );
        assert_eq!(
            Target::parse("/run/user/1000/boardls/x.sock"),
            Target::Socket(PathBuf::from("/run/user/1000/boardls/x.sock"))
        );
        assert_eq!(
            Target::parse("unix:///tmp/d/x.sock"),
            Target::Socket(PathBuf::from("/tmp/d/x.sock"))
        );
    }
}
