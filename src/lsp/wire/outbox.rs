//! The session's ordered notifications ([`Outbox`]): those that must keep
//! the order in which the session produced them (the diagnostics of edit n
//! before those of edit n + 1, progress `end` after the diagnostics of the
//! work it reports), on their way to the [`Wire`]. A burst of publishes
//! for one document is cut to the newest. Its own thread sends them: an
//! open document's publish arrives as a snapshot ([`Published`]) and is
//! written there, off the handler, only if no newer publish of the
//! document is already queued behind it. A light message sent while the
//! outbox is idle is written by its sender.

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::mpsc;
use tower_lsp_server::ls_types::notification::{
    LogMessage, Notification as _, Progress, PublishDiagnostics,
};
use tower_lsp_server::ls_types::{
    Diagnostic, LogMessageParams, MessageType, ProgressParams, ProgressParamsValue, ProgressToken,
    PublishDiagnosticsParams, Uri, WorkDoneProgress,
};

use super::publish::{Published, notification, write_notification};
use super::writer::Wire;
use crate::lsp::priority;

/// A notification whose order matters.
pub enum Outgoing {
    Publish {
        uri: Uri,
        version: Option<i32>,
        diagnostics: Vec<Diagnostic>,
    },
    /// An open document's diagnostics, converted when sent.
    PublishOpen(Box<Published>),
    Log(MessageType, String),
    /// `$/progress`, ordered after the diagnostics of the work it reports.
    Progress {
        token: ProgressToken,
        value: WorkDoneProgress,
    },
}

/// The session's ordered notifications. Cheap to clone; every clone feeds
/// the same queue.
#[derive(Clone)]
pub struct Outbox {
    queue: mpsc::UnboundedSender<Outgoing>,
    order: Arc<Order>,
}

/// What keeps the outbox's messages in order when a light one is written
/// by its sender rather than by the outbox's thread.
struct Order {
    wire: Wire,
    /// Held while a message is written to the wire, by either side.
    writing: Mutex<()>,
    /// Messages queued for the thread and not yet written.
    waiting: AtomicUsize,
}

impl Outbox {
    /// An outbox whose messages go out on `wire`, in order. A thread of
    /// its own sends them: writing a large publish takes milliseconds of
    /// CPU that neither the handlers nor the runtime should wait for. It
    /// ends when the last handle on the outbox is dropped.
    pub fn new(wire: Wire) -> Outbox {
        let (outbox, queue) = Outbox::unstarted(wire);
        OUTBOX_THREADS.fetch_add(1, Ordering::Relaxed);
        let order = Arc::clone(&outbox.order);
        let spawned = std::thread::Builder::new()
            .name("boardls-outbox".to_owned())
            .spawn(move || {
                let _counted = ThreadCounted;
                send_in_order(&order, queue);
            });
        if let Err(err) = spawned {
            OUTBOX_THREADS.fetch_sub(1, Ordering::Relaxed);
            eprintln!("boardls: cannot start the outbox thread: {err}");
        }
        outbox
    }

    /// An outbox whose queue nobody sends yet: [`send_in_order`] its end.
    fn unstarted(wire: Wire) -> (Outbox, mpsc::UnboundedReceiver<Outgoing>) {
        let (queue, receiver) = mpsc::unbounded_channel();
        let order = Arc::new(Order {
            wire,
            writing: Mutex::new(()),
            waiting: AtomicUsize::new(0),
        });
        (Outbox { queue, order }, receiver)
    }

    /// Queues `message` behind those waiting, or writes a light one at once
    /// when none waits and none is being written: a keystroke's publish on
    /// a quiet document then reaches the wire from the handler, without
    /// waking the outbox's thread (a hop that costs the most when the
    /// cores are busy).
    pub fn send(&self, message: Outgoing) {
        let order = &self.order;
        if is_light(&message)
            && let Ok(_writing) = order.writing.try_lock()
            && order.waiting.load(Ordering::Acquire) == 0
        {
            send(&order.wire, message);
            return;
        }
        order.waiting.fetch_add(1, Ordering::AcqRel);
        if self.queue.send(message).is_err() {
            order.waiting.fetch_sub(1, Ordering::AcqRel);
        }
    }

    pub fn log(&self, kind: MessageType, message: String) {
        self.send(Outgoing::Log(kind, message));
    }

    pub fn publish(&self, uri: Uri, version: Option<i32>, diagnostics: Vec<Diagnostic>) {
        self.send(Outgoing::Publish {
            uri,
            version,
            diagnostics,
        });
    }
}

/// Outbox threads running in the process, for `boardls/status`.
static OUTBOX_THREADS: AtomicUsize = AtomicUsize::new(0);

/// The outbox threads running now: one per session, until the session and
/// whatever work it left have dropped their outbox.
pub(crate) fn outbox_threads() -> usize {
    OUTBOX_THREADS.load(Ordering::Relaxed)
}

/// Uncounts its outbox thread as it ends, however it ends.
struct ThreadCounted;

impl Drop for ThreadCounted {
    fn drop(&mut self) {
        OUTBOX_THREADS.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A publish of this many positions with diagnostics or more is streamed
/// to the writer rather than built whole: with a large `maxProblems` a
/// dense file's publish is many times its text, and built whole (and
/// copied into a frame) it set the server's peak memory (figures:
/// BENCHMARKS.md, "Figures behind the code").
const STREAM_FROM: usize = 20_000;

/// A publish of this many positions with diagnostics or more takes
/// milliseconds to write: from the first such publish on, the outbox
/// thread runs at background priority, so that a session flooding a dense
/// file with edits yields the cores to sessions that type; and the session
/// takes such a document's snapshot only when it has read the client's
/// messages (`Session::publish_open`).
pub(crate) const HEAVY_PUBLISH: usize = 1_000;

/// Sends queued messages in order. Of a burst of publishes for one document
/// (fast typing) only the newest goes out, which is the only one that
/// matters: whatever queued while a publish was being written forms the
/// next burst, so the newest version is always sent, at most one publish
/// behind.
fn send_in_order(order: &Order, mut queue: mpsc::UnboundedReceiver<Outgoing>) {
    while let Some(first) = queue.blocking_recv() {
        let writing = order.writing.lock().unwrap_or_else(PoisonError::into_inner);
        let mut batch = vec![first];
        while let Ok(more) = queue.try_recv() {
            batch.push(more);
        }
        let taken = batch.len();
        for message in newest_publishes(batch) {
            send(&order.wire, message);
        }
        order.waiting.fetch_sub(taken, Ordering::AcqRel);
        drop(writing);
    }
}

/// A publish of at most this many diagnostics, or positions with
/// diagnostics, is written by whoever sends it when the outbox is idle.
const LIGHT: usize = 16;

/// Whether `message` is quick enough to write on the runtime's thread.
fn is_light(message: &Outgoing) -> bool {
    match message {
        Outgoing::Publish { diagnostics, .. } => diagnostics.len() <= LIGHT,
        Outgoing::PublishOpen(published) => published.snapshot.noisy_count() <= LIGHT,
        Outgoing::Log(..) | Outgoing::Progress { .. } => true,
    }
}

fn send(wire: &Wire, message: Outgoing) {
    match message {
        Outgoing::Publish {
            uri,
            version,
            diagnostics,
        } => wire.notify(
            PublishDiagnostics::METHOD,
            &PublishDiagnosticsParams {
                uri,
                diagnostics,
                version,
            },
        ),
        Outgoing::PublishOpen(published) => {
            if published.snapshot.noisy_count() >= HEAVY_PUBLISH {
                priority::lower_this_thread();
            }
            // A bug in writing one publish must not end the session's
            // notifications: it is logged, and the next edit publishes.
            match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                if published.snapshot.noisy_count() < STREAM_FROM {
                    wire.send_body(notification(&published));
                } else {
                    wire.send_streamed(|out| {
                        write_notification(&published, out);
                        Some(())
                    });
                }
            })) {
                Ok(()) => {}
                Err(_) => wire.notify(
                    LogMessage::METHOD,
                    &LogMessageParams {
                        typ: MessageType::ERROR,
                        message: format!(
                            "boardls: internal error while publishing the diagnostics of {}",
                            published.uri.as_str()
                        ),
                    },
                ),
            }
        }
        Outgoing::Log(typ, message) => {
            wire.notify(LogMessage::METHOD, &LogMessageParams { typ, message });
        }
        Outgoing::Progress { token, value } => wire.notify(
            Progress::METHOD,
            &ProgressParams {
                token,
                value: ProgressParamsValue::WorkDone(value),
            },
        ),
    }
}

/// The batch in order, with every publish dropped that a later publish
/// of the same document in the batch replaces.
fn newest_publishes(batch: Vec<Outgoing>) -> Vec<Outgoing> {
    let mut seen = HashSet::new();
    let mut keep: Vec<Outgoing> = Vec::with_capacity(batch.len());
    for message in batch.into_iter().rev() {
        let uri = match &message {
            Outgoing::Publish { uri, .. } => Some(uri),
            Outgoing::PublishOpen(published) => Some(&published.uri),
            _ => None,
        };
        if let Some(uri) = uri
            && !seen.insert(uri.clone())
        {
            continue;
        }
        keep.push(message);
    }
    keep.reverse();
    keep
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lsp::wire::writer::{Frame, Frames, Limits};

    fn publish(uri: &str, version: i32) -> Outgoing {
        publish_of(uri, version, 0)
    }

    fn describe(message: &Outgoing) -> String {
        match message {
            Outgoing::Publish { uri, version, .. } => {
                format!("{} v{}", uri.as_str(), version.unwrap_or(-1))
            }
            Outgoing::PublishOpen(published) => {
                format!("{} v{}", published.uri.as_str(), published.version)
            }
            Outgoing::Log(_, text) => text.clone(),
            Outgoing::Progress { .. } => "progress".to_owned(),
        }
    }

    fn publish_of(uri: &str, version: i32, diagnostics: usize) -> Outgoing {
        Outgoing::Publish {
            uri: uri.parse().unwrap_or_else(|_| panic!("uri {uri}")),
            version: Some(version),
            diagnostics: vec![Diagnostic::default(); diagnostics],
        }
    }

    /// The versions of the publishes the wire holds, in order.
    fn versions_written(frames: &mut Frames) -> Vec<i64> {
        let mut versions = Vec::new();
        while let Some(frame) = frames.try_take() {
            let bytes = match frame {
                Frame::Whole(bytes) => bytes,
                Frame::Parts { header, body } => [header, body].concat(),
                Frame::Streamed { .. } => unreachable!("no publish here is streamed"),
            };
            let text = String::from_utf8_lossy(&bytes);
            let body = text.split("\r\n\r\n").nth(1).unwrap_or_default();
            let json: serde_json::Value = serde_json::from_str(body).unwrap_or_default();
            versions.push(json["params"]["version"].as_i64().unwrap_or(-1));
        }
        versions
    }

    #[test]
    fn a_light_message_is_written_at_once_only_when_none_waits() {
        let (wire, mut frames) = Wire::new(Limits::default());
        let (outbox, queue) = Outbox::unstarted(wire);
        // Idle: written by the sender, before any thread runs.
        outbox.send(publish_of("file:///a.go9", 1, 0));
        assert_eq!(versions_written(&mut frames), [1]);
        // A heavy one waits for the thread, and so does every message
        // after it, however light.
        outbox.send(publish_of("file:///a.go9", 2, LIGHT + 1));
        outbox.send(publish_of("file:///b.go9", 3, 0));
        assert_eq!(versions_written(&mut frames), Vec::<i64>::new());
        let order = Arc::clone(&outbox.order);
        drop(outbox);
        send_in_order(&order, queue);
        assert_eq!(versions_written(&mut frames), [2, 3]);
        assert_eq!(order.waiting.load(Ordering::Acquire), 0);
    }

    #[test]
    fn a_light_message_waits_while_the_thread_writes() {
        let (wire, mut frames) = Wire::new(Limits::default());
        let (outbox, _queue) = Outbox::unstarted(wire);
        let writing = outbox
            .order
            .writing
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        outbox.send(publish_of("file:///a.go9", 1, 0));
        assert_eq!(versions_written(&mut frames), Vec::<i64>::new());
        assert_eq!(outbox.order.waiting.load(Ordering::Acquire), 1);
        drop(writing);
    }

    #[test]
    fn only_the_newest_publish_of_each_document_is_kept_in_order() {
        let batch = vec![
            publish("file:///a.go9", 1),
            publish("file:///b.go9", 1),
            Outgoing::Log(MessageType::INFO, "log".to_owned()),
            publish("file:///a.go9", 2),
        ];
        let kept: Vec<String> = newest_publishes(batch).iter().map(describe).collect();
        assert_eq!(kept, ["file:///b.go9 v1", "log", "file:///a.go9 v2"]);
    }
}
