//! The session's ordered notifications ([`Outbox`]): those that must keep
//! the order in which the session produced them (the diagnostics of edit n
//! before those of edit n + 1, progress `end` after the diagnostics of the
//! work it reports), on their way to the [`Wire`]. They wait in a pending
//! list, merged as they are sent: a publish replaces its document's
//! pending publish (in its place, so that whatever followed the old one
//! still follows its document's diagnostics), a progress `report`
//! replaces its token's pending report, and log lines past a bound are
//! counted instead of kept. So what waits is bounded by the open
//! documents, not by the edit rate, however long the client does not read.
//!
//! Its own thread sends them, one at a time, only while the wire is not
//! busy ([`Wire::wait_not_busy`]): the client's pace decides when a
//! publish is serialized, whatever its size. An open document's publish
//! arrives as a snapshot ([`Published`]) and is written there, off the
//! handler. A light message sent while the outbox is idle is written by
//! its sender.
//!
//! The thresholds: a publish of at most [`LIGHT`] diagnostics is light;
//! past [`LOG_LINES_KEPT`] pending log lines, lines are counted, not kept;
//! a publish of [`STREAM_FROM`] positions with diagnostics or more is
//! streamed to the writer in pieces rather than built whole; from the
//! first publish of [`HEAVY_PUBLISH`] such positions on, the thread runs
//! at background priority. The order of a publish's items is the
//! document's, joined from kept pieces
//! ([`KeptDiagnostics`](boardls_ide::kept::diagnostics::KeptDiagnostics)).

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

use tower_lsp_server::ls_types::notification::{LogMessage, Notification as _, Progress};
use tower_lsp_server::ls_types::{
    LogMessageParams, MessageType, ProgressParams, ProgressParamsValue, ProgressToken, Uri,
    WorkDoneProgress,
};

use super::writer::{PublishTag, Wire};
use crate::priority;
use boardls_ide::kept::publish::{
    Listing, Published, listed_notification, notification, write_notification,
};

/// A notification whose order matters.
pub enum Outgoing {
    Publish {
        uri: Uri,
        version: Option<i32>,
        diagnostics: Listing,
    },
    /// An open document's diagnostics, converted when sent.
    PublishOpen(Box<Published>),
    Log(MessageType, String),
    /// `$/progress`, ordered after the diagnostics of the work it reports.
    Progress {
        token: ProgressToken,
        value: WorkDoneProgress,
    },
    /// A test's answer that must follow what was queued before it (the
    /// `boardls/test/settled` request, feature `test-hooks`).
    #[cfg(feature = "test-hooks")]
    Answer(tower_lsp_server::jsonrpc::Response),
}

impl Outgoing {
    /// The document, for a publish.
    fn published_uri(&self) -> Option<&Uri> {
        match self {
            Outgoing::Publish { uri, .. } => Some(uri),
            Outgoing::PublishOpen(published) => Some(&published.uri),
            Outgoing::Log(..) | Outgoing::Progress { .. } => None,
            #[cfg(feature = "test-hooks")]
            Outgoing::Answer(_) => None,
        }
    }

    /// The token, for a progress `report`.
    fn report_token(&self) -> Option<&ProgressToken> {
        match self {
            Outgoing::Progress {
                token,
                value: WorkDoneProgress::Report(_),
            } => Some(token),
            _ => None,
        }
    }
}

/// The session's ordered notifications. Cheap to clone; every clone feeds
/// the same pending list, and the thread ends with the last clone.
#[derive(Clone)]
pub struct Outbox {
    order: Arc<Order>,
    _handle: Arc<Handle>,
}

/// Closes the outbox once the last [`Outbox`] is dropped.
struct Handle(Arc<Order>);

impl Drop for Handle {
    fn drop(&mut self) {
        self.0.pending().closed = true;
        self.0.sent.notify_all();
    }
}

/// What keeps the outbox's messages in order when a light one is written
/// by its sender rather than by the outbox's thread.
struct Order {
    wire: Wire,
    /// Held while a message is written to the wire, by either side (taken
    /// before [`Order::pending`]).
    writing: Mutex<()>,
    pending: Mutex<Pending>,
    /// Signalled when a message is pending, or the outbox is closed.
    sent: Condvar,
}

impl Order {
    fn pending(&self) -> MutexGuard<'_, Pending> {
        self.pending.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Log lines kept pending; past them, lines are counted, and one line says
/// how many were left out.
const LOG_LINES_KEPT: usize = 100;

/// One place in the pending list.
enum Slot {
    Message(Outgoing, Option<PublishTag>),
    /// The log lines left out, counted in [`Pending::logs_left_out`].
    LogsLeftOut,
    /// A message taken out of the middle (a merged progress report).
    Empty,
}

/// The messages waiting for the outbox's thread, in order, merged as they
/// come ([`Pending::push`]).
#[derive(Default)]
struct Pending {
    slots: VecDeque<Slot>,
    /// The sequence number of `slots[0]`; a slot's number never changes.
    first: u64,
    /// Where each document's pending publish is.
    publishes: HashMap<Uri, u64>,
    /// Where each token's pending progress report is.
    reports: HashMap<ProgressToken, u64>,
    logs: usize,
    logs_left_out: usize,
    /// Where the line that counts the left-out log lines is, if pending.
    left_out_slot: Option<u64>,
    closed: bool,
}

impl Pending {
    fn slot(&mut self, number: u64) -> Option<&mut Slot> {
        let index = usize::try_from(number.checked_sub(self.first)?).ok()?;
        self.slots.get_mut(index)
    }

    fn append(&mut self, slot: Slot) -> u64 {
        let number = self.first + self.slots.len() as u64;
        self.slots.push_back(slot);
        number
    }

    /// Whether nothing waits for the thread.
    fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Adds `message` (with its publish's tag), merged with what waits.
    fn push(&mut self, message: Outgoing, tag: Option<PublishTag>) {
        if let Some(uri) = message.published_uri() {
            if let Some(&number) = self.publishes.get(uri)
                && let Some(slot) = self.slot(number)
            {
                // The newest takes the old one's place: whatever was sent
                // after the old publish (a progress `end`) stays after
                // its document's diagnostics.
                *slot = Slot::Message(message, tag);
                return;
            }
            let uri = uri.clone();
            let number = self.append(Slot::Message(message, tag));
            self.publishes.insert(uri, number);
            return;
        }
        if let Some(token) = message.report_token() {
            // A report says where the work is now: only the last one
            // matters. It goes at the end, after what the earlier one
            // followed (a `begin` and an `end` are never merged).
            let token = token.clone();
            if let Some(number) = self.reports.remove(&token)
                && let Some(slot) = self.slot(number)
            {
                *slot = Slot::Empty;
            }
            let number = self.append(Slot::Message(message, tag));
            self.reports.insert(token, number);
            return;
        }
        if let Outgoing::Log(..) = message {
            if self.logs >= LOG_LINES_KEPT {
                self.logs_left_out += 1;
                if self.left_out_slot.is_none() {
                    self.left_out_slot = Some(self.append(Slot::LogsLeftOut));
                }
                return;
            }
            self.logs += 1;
        }
        self.append(Slot::Message(message, tag));
    }

    /// The next message to write, if any, and unindexed.
    fn pop(&mut self) -> Option<(Outgoing, Option<PublishTag>)> {
        loop {
            let number = self.first;
            let slot = self.slots.pop_front()?;
            self.first += 1;
            match slot {
                Slot::Empty => continue,
                Slot::LogsLeftOut => {
                    self.left_out_slot = None;
                    let count = std::mem::take(&mut self.logs_left_out);
                    let line = format!(
                        "boardls: {count} log messages were left out while the client was \
                         not reading"
                    );
                    return Some((Outgoing::Log(MessageType::WARNING, line), None));
                }
                Slot::Message(message, tag) => {
                    if let Some(uri) = message.published_uri()
                        && self.publishes.get(uri) == Some(&number)
                    {
                        self.publishes.remove(uri);
                    }
                    if let Some(token) = message.report_token()
                        && self.reports.get(token) == Some(&number)
                    {
                        self.reports.remove(token);
                    }
                    if let Outgoing::Log(..) = message {
                        self.logs -= 1;
                    }
                    return Some((message, tag));
                }
            }
        }
    }
}

impl Outbox {
    /// An outbox whose messages go out on `wire`, in order. A thread of
    /// its own sends them: writing a large publish takes milliseconds of
    /// CPU that neither the handlers nor the runtime should wait for, and
    /// it waits for the client to read. It ends when the last handle on
    /// the outbox is dropped.
    pub fn new(wire: Wire) -> Outbox {
        let outbox = Outbox::unstarted(wire);
        OUTBOX_THREADS.fetch_add(1, Ordering::Relaxed);
        let order = Arc::clone(&outbox.order);
        let spawned = std::thread::Builder::new()
            .name("boardls-outbox".to_owned())
            .spawn(move || {
                let _counted = ThreadCounted;
                send_in_order(&order);
            });
        if let Err(err) = spawned {
            OUTBOX_THREADS.fetch_sub(1, Ordering::Relaxed);
            eprintln!("boardls: cannot start the outbox thread: {err}");
        }
        outbox
    }

    /// An outbox whose pending list nobody sends yet: [`send_in_order`]
    /// its order.
    fn unstarted(wire: Wire) -> Outbox {
        let order = Arc::new(Order {
            wire,
            writing: Mutex::new(()),
            pending: Mutex::new(Pending::default()),
            sent: Condvar::new(),
        });
        Outbox {
            _handle: Arc::new(Handle(Arc::clone(&order))),
            order,
        }
    }

    /// Adds `message` to the pending list, merged with what waits there,
    /// or writes a light one at once when none waits, none is being
    /// written and the wire is not busy: a keystroke's publish on a quiet
    /// document then reaches the wire from the handler, without waking the
    /// outbox's thread (a hop that costs the most when the cores are
    /// busy).
    pub fn send(&self, message: Outgoing) {
        let order = &self.order;
        if is_light(&message)
            && !order.wire.busy()
            && let Ok(_writing) = order.writing.try_lock()
        {
            let mut pending = order.pending();
            if pending.is_empty() {
                // Tagged under the pending list's lock, as every publish,
                // so that a document's tags follow the order of its sends.
                let tag = message
                    .published_uri()
                    .map(|uri| order.wire.publish_tag(uri));
                drop(pending);
                send(&order.wire, message, tag);
                return;
            }
            pending.push_tagged(&order.wire, message);
        } else {
            order.pending().push_tagged(&order.wire, message);
        }
        order.sent.notify_one();
    }

    pub fn log(&self, kind: MessageType, message: String) {
        self.send(Outgoing::Log(kind, message));
    }

    pub fn publish(&self, uri: Uri, version: Option<i32>, diagnostics: Listing) {
        self.send(Outgoing::Publish {
            uri,
            version,
            diagnostics,
        });
    }
}

impl Pending {
    /// [`Pending::push`], a publish first made the newest of its document
    /// on `wire` (any of its publishes already serialized is then skipped).
    fn push_tagged(&mut self, wire: &Wire, message: Outgoing) {
        let tag = message.published_uri().map(|uri| wire.publish_tag(uri));
        self.push(message, tag);
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
pub(crate) use boardls_ide::session::HEAVY_PUBLISH;

/// Sends pending messages in order, one at a time, each once the wire is
/// not busy; returns once the outbox is closed and nothing is pending.
/// While it waits, new publishes replace the pending ones of their
/// documents, so the newest version is always sent next.
fn send_in_order(order: &Order) {
    loop {
        {
            let mut pending = order.pending();
            while pending.is_empty() {
                if pending.closed {
                    return;
                }
                pending = order
                    .sent
                    .wait(pending)
                    .unwrap_or_else(PoisonError::into_inner);
            }
        }
        order.wire.wait_not_busy();
        let _writing = order.writing.lock().unwrap_or_else(PoisonError::into_inner);
        let next = order.pending().pop();
        if let Some((message, tag)) = next {
            send(&order.wire, message, tag);
        }
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
        #[cfg(feature = "test-hooks")]
        Outgoing::Answer(_) => true,
    }
}

fn send(wire: &Wire, message: Outgoing, tag: Option<PublishTag>) {
    match message {
        Outgoing::Publish {
            uri,
            version,
            diagnostics,
        } => wire.send_publish(
            tag,
            listed_notification(&wire.spellings.spell(&uri), version, &diagnostics),
        ),
        Outgoing::PublishOpen(mut published) => {
            published.uri = wire.spellings.spell(&published.uri);
            if published.snapshot.noisy_count() >= HEAVY_PUBLISH {
                priority::lower_this_thread();
            }
            // A bug in writing one publish must not end the session's
            // notifications: it is logged, and the next edit publishes.
            match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                if published.snapshot.noisy_count() < STREAM_FROM {
                    wire.send_publish(tag.clone(), notification(&published));
                } else {
                    wire.send_streamed(tag.clone(), |out| {
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
        #[cfg(feature = "test-hooks")]
        Outgoing::Answer(response) => wire.send(&response),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::writer::{Frame, Frames, Limits};
    use tower_lsp_server::ls_types::Diagnostic;

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
            #[cfg(feature = "test-hooks")]
            Outgoing::Answer(_) => "answer".to_owned(),
        }
    }

    fn publish_of(uri: &str, version: i32, diagnostics: usize) -> Outgoing {
        Outgoing::Publish {
            uri: uri.parse().unwrap_or_else(|_| panic!("uri {uri}")),
            version: Some(version),
            diagnostics: vec![Diagnostic::default(); diagnostics].into(),
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

    fn log(text: &str) -> Outgoing {
        Outgoing::Log(MessageType::INFO, text.to_owned())
    }

    fn progress(value: WorkDoneProgress) -> Outgoing {
        Outgoing::Progress {
            token: ProgressToken::String("scan".to_owned()),
            value,
        }
    }

    fn report(percentage: u32) -> Outgoing {
        progress(WorkDoneProgress::Report(
            tower_lsp_server::ls_types::WorkDoneProgressReport {
                percentage: Some(percentage),
                ..Default::default()
            },
        ))
    }

    /// What the thread would send, in order.
    fn drained(pending: &mut Pending) -> Vec<String> {
        std::iter::from_fn(|| pending.pop())
            .map(|(message, _)| match &message {
                Outgoing::Progress {
                    value: WorkDoneProgress::Report(report),
                    ..
                } => format!("report {}", report.percentage.unwrap_or_default()),
                Outgoing::Progress {
                    value: WorkDoneProgress::End(_),
                    ..
                } => "end".to_owned(),
                _ => describe(&message),
            })
            .collect()
    }

    #[test]
    fn a_light_message_is_written_at_once_only_when_none_waits() {
        let (wire, mut frames) = Wire::new(Limits::default());
        let outbox = Outbox::unstarted(wire);
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
        send_in_order(&order);
        assert_eq!(versions_written(&mut frames), [2, 3]);
        assert!(order.pending().is_empty());
    }

    #[test]
    fn a_light_message_waits_while_the_thread_writes() {
        let (wire, mut frames) = Wire::new(Limits::default());
        let outbox = Outbox::unstarted(wire);
        let writing = outbox
            .order
            .writing
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        outbox.send(publish_of("file:///a.go9", 1, 0));
        assert_eq!(versions_written(&mut frames), Vec::<i64>::new());
        assert!(!outbox.order.pending().is_empty());
        drop(writing);
    }

    #[test]
    fn a_publish_replaces_its_documents_pending_one_in_its_place() {
        let (wire, _frames) = Wire::new(Limits::default());
        let mut pending = Pending::default();
        for message in [
            publish("file:///a.go9", 1),
            publish("file:///b.go9", 1),
            log("log"),
            publish("file:///a.go9", 2),
            progress(WorkDoneProgress::End(Default::default())),
            publish("file:///a.go9", 3),
        ] {
            pending.push_tagged(&wire, message);
        }
        // The newest of a stays before the `end` its first publish
        // preceded.
        assert_eq!(
            drained(&mut pending),
            ["file:///a.go9 v3", "file:///b.go9 v1", "log", "end"]
        );
        // Once taken, a document's next publish is queued anew.
        pending.push_tagged(&wire, publish("file:///a.go9", 4));
        assert_eq!(drained(&mut pending), ["file:///a.go9 v4"]);
    }

    #[test]
    fn a_progress_report_replaces_its_tokens_pending_one() {
        let mut pending = Pending::default();
        pending.push(progress(WorkDoneProgress::Begin(Default::default())), None);
        pending.push(report(10), None);
        pending.push(publish("file:///a.go9", 1), None);
        pending.push(report(20), None);
        pending.push(report(30), None);
        pending.push(progress(WorkDoneProgress::End(Default::default())), None);
        assert_eq!(
            drained(&mut pending),
            ["progress", "file:///a.go9 v1", "report 30", "end"]
        );
    }

    #[test]
    fn log_lines_past_the_bound_are_counted_in_one_line() {
        let mut pending = Pending::default();
        for n in 0..LOG_LINES_KEPT + 50 {
            pending.push(log(&format!("line {n}")), None);
        }
        let sent = drained(&mut pending);
        assert_eq!(sent.len(), LOG_LINES_KEPT + 1);
        assert_eq!(
            sent[LOG_LINES_KEPT - 1],
            format!("line {}", LOG_LINES_KEPT - 1)
        );
        assert!(sent[LOG_LINES_KEPT].contains("50 log messages were left out"));
        // The count starts again once its line is taken.
        pending.push(log("after"), None);
        assert_eq!(drained(&mut pending), ["after"]);
    }

    #[test]
    fn a_publish_serialized_before_a_newer_one_is_skipped_by_the_writer() {
        let (wire, mut frames) = Wire::new(Limits::default());
        let outbox = Outbox::unstarted(wire.clone());
        // On the wire, not yet taken: a, then b.
        outbox.send(publish_of("file:///a.go9", 1, 0));
        outbox.send(publish_of("file:///b.go9", 1, 0));
        // Busy writing: the newer publish of a waits in the pending list,
        // and already makes the one on the wire stale.
        let writing = outbox
            .order
            .writing
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        outbox.send(publish_of("file:///a.go9", 2, 0));
        drop(writing);
        assert_eq!(versions_written(&mut frames), [1]);
        let order = Arc::clone(&outbox.order);
        drop(outbox);
        send_in_order(&order);
        assert_eq!(versions_written(&mut frames), [2]);
    }
}
