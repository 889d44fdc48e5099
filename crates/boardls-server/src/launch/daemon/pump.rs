//! The forwarder's copying: the editor's stdin to the daemon and the
//! daemon's answers to stdout, byte for byte, watching both (`observe`)
//! to end as a private server would.
//!
//! Until the daemon has sent its first byte, what the editor sent is kept:
//! a daemon that closes the connection before answering anything (one that
//! was exiting, idle, as it was reached) never started the session, so the
//! forwarder can start it on another daemon by sending it all again.

use std::cell::{Cell, RefCell};
use std::process::ExitCode;
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncReadExt as _, AsyncWrite, AsyncWriteExt as _, Stdin};

use super::observe::{Downstream, Upstream, Watch};

/// How long to wait for the daemon to close the connection after `exit`
/// or the end of the editor's input.
const EXIT_GRACE: Duration = Duration::from_secs(2);

/// The editor's side, kept across connections.
pub struct Editor {
    stdin: Stdin,
    upstream: Upstream,
    watch: Watch,
    /// What was sent while the daemon had answered nothing.
    unanswered: Vec<u8>,
    /// The editor's input ended (or it sent `exit`): read no more.
    done: bool,
}

impl Default for Editor {
    fn default() -> Editor {
        Editor {
            stdin: tokio::io::stdin(),
            upstream: Upstream::default(),
            watch: Watch::default(),
            unanswered: Vec::new(),
            done: false,
        }
    }
}

/// How a connection ended.
pub enum Outcome {
    /// The session is over, with this status.
    Ended(ExitCode),
    /// The daemon closed the connection before it answered anything.
    Unanswered,
}

/// How the editor's side ended.
enum Up {
    Done,
    DaemonGone,
}

/// How the daemon's side ended.
enum Down {
    Closed,
    EditorGone,
}

/// Carries bytes both ways until the daemon closes the connection.
pub async fn pump(
    editor: &mut Editor,
    mut from_daemon: Box<dyn AsyncRead + Unpin + Send>,
    mut to_daemon: Box<dyn AsyncWrite + Unpin + Send>,
    what: &str,
) -> Outcome {
    let Editor {
        stdin,
        upstream,
        watch,
        unanswered,
        done,
    } = editor;
    let watch = RefCell::new(std::mem::take(watch));
    let answered = Cell::new(false);
    let unanswered = RefCell::new(unanswered);
    let up = async {
        let replay = unanswered.borrow().clone();
        if !replay.is_empty()
            && (to_daemon.write_all(&replay).await.is_err() || to_daemon.flush().await.is_err())
        {
            return Up::DaemonGone;
        }
        let mut buffer = vec![0u8; 64 * 1024];
        loop {
            let n = if *done {
                0
            } else {
                stdin.read(&mut buffer).await.unwrap_or(0)
            };
            if n == 0 {
                *done = true;
                let _ = to_daemon.shutdown().await;
                return Up::Done;
            }
            upstream.feed(&buffer[..n], &mut watch.borrow_mut());
            if !answered.get() {
                unanswered.borrow_mut().extend_from_slice(&buffer[..n]);
            }
            if to_daemon.write_all(&buffer[..n]).await.is_err() || to_daemon.flush().await.is_err()
            {
                return Up::DaemonGone;
            }
            if watch.borrow().exit {
                *done = true;
                return Up::Done;
            }
        }
    };
    let down = async {
        let mut stdout = tokio::io::stdout();
        let mut downstream = Downstream::default();
        let mut buffer = vec![0u8; 64 * 1024];
        loop {
            let n = match from_daemon.read(&mut buffer).await {
                Ok(0) | Err(_) => return Down::Closed,
                Ok(n) => n,
            };
            if !answered.replace(true) {
                unanswered.borrow_mut().clear();
            }
            downstream.feed(&buffer[..n], &mut watch.borrow_mut());
            if stdout.write_all(&buffer[..n]).await.is_err() || stdout.flush().await.is_err() {
                return Down::EditorGone;
            }
        }
    };
    tokio::pin!(up, down);
    let mut ended: Option<Up> = None;
    let mut grace = std::pin::pin!(tokio::time::sleep(Duration::MAX));
    let down_end = loop {
        tokio::select! {
            end = &mut down => break Some(end),
            end = &mut up, if ended.is_none() => {
                if matches!(end, Up::Done) {
                    grace.as_mut().reset(tokio::time::Instant::now() + EXIT_GRACE);
                }
                ended = Some(end);
            }
            () = &mut grace => break None,
        }
    };
    let watch = watch.take();
    if let Some(refusal) = &watch.refused {
        eprintln!("boardls lsp: {what} refused the connection: {refusal}");
        return Outcome::Ended(ExitCode::FAILURE);
    }
    let status = if watch.shutdown_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    };
    let exit = watch.exit;
    editor.watch = watch;
    match (down_end, ended) {
        (Some(Down::Closed), _) if !answered.get() && !exit => Outcome::Unanswered,
        (Some(Down::Closed), Some(Up::Done)) | (None, _) | (Some(Down::EditorGone), _) => {
            Outcome::Ended(status)
        }
        (Some(Down::Closed), _) => Outcome::Ended(lost(what)),
    }
}

/// Says the session was lost with its daemon; status 1.
pub fn lost(what: &str) -> ExitCode {
    eprintln!(
        "boardls lsp: {what} closed the connection in the middle of the session (the daemon \
         stopped or was killed); this session is over. Start the language server again: the \
         next `boardls lsp --connect` starts a new daemon."
    );
    ExitCode::FAILURE
}
