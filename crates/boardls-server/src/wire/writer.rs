//! Everything the server sends, on one way out.
//!
//! [`Wire`]: whole frames to the writer task, which writes them in the
//! order they were queued and flushes when the queue is idle. Responses,
//! the framework's own requests to the client (`workspace/configuration`,
//! `client/registerCapability`, …) and the ordered notifications of the
//! session's outbox ([`super::outbox`]) all end up here. Queuing never waits,
//! so a client that stops reading stalls nothing but its own session. Past
//! its [`Limits`] (bytes waiting behind the frame being written) a shared
//! server's session is dropped ([`Wire::dropped`]); a private server stops
//! reading its client instead ([`Wire::caught_up`]). Time alone never
//! drops a client: a suspended editor reads again later.
//!
//! The outbox serializes a publish only while the wire is not busy
//! ([`Wire::wait_not_busy`]), and a publish queued here but not yet taken
//! by the writer is skipped once a newer publish of its document exists
//! ([`PublishTag`]).
//!
//! Notifications are serialized straight from their typed params: the
//! framework's client turns every message into a `serde_json::Value` tree
//! first, and a publish should cost its bytes, not a tree built and freed.

use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

use futures::{Stream, StreamExt};
use serde::Serialize;
use tokio::io::{AsyncWrite, AsyncWriteExt};
use tokio::sync::{Notify, mpsc, watch};
use tower_lsp_server::ls_types::Uri;

use crate::wire::spellings::Spellings;

use super::encode::{ByteCount, frame, header};

/// One message for the writer: a whole frame, or a frame whose body is
/// still being written, chunk by chunk, as the writer takes them.
pub enum Frame {
    Whole(Vec<u8>),
    /// The header and a large body, which is not copied to join them.
    Parts {
        header: Vec<u8>,
        body: Vec<u8>,
    },
    /// The header (with the body's exact length) and the body's chunks.
    /// The channel is bounded: whoever writes the body waits for the
    /// client to read, so a large body is never held whole.
    Streamed {
        header: Vec<u8>,
        chunks: mpsc::Receiver<Vec<u8>>,
    },
}

/// What may wait for one client: responses and notifications queued and
/// not yet taken by the writer.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Bytes queued behind the frame being written (a single frame,
    /// however large, is always taken).
    pub queued: usize,
    /// Messages queued: a client that sends thousands of small requests
    /// and reads none of their answers is past it long before the bytes.
    pub queued_messages: usize,
    /// What happens past either.
    pub past_queued: PastQueued,
}

/// What a server does with a client that leaves more than
/// [`Limits::queued`] bytes, or [`Limits::queued_messages`], unread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PastQueued {
    /// A shared server (daemon, TCP) drops the session: a client that asks
    /// and never reads would hold the memory all sessions share.
    Drop,
    /// A private server has one client, and dropping it helps no one: it
    /// stops reading the client's messages until the writer catches up.
    Wait,
}

impl Default for Limits {
    /// 64 MiB: hundreds of the largest usual answers; 4,096 messages:
    /// thousands of requests in flight. Both far more than a client that
    /// reads ever leaves waiting (publishes are merged in the outbox while
    /// the wire is busy, so only answers pile up).
    fn default() -> Limits {
        Limits {
            queued: 64 << 20,
            queued_messages: 4096,
            past_queued: PastQueued::Drop,
        }
    }
}

/// While more than this many bytes wait for the writer, the wire is busy:
/// the outbox serializes no publish and merges them instead. Small, so
/// that a stale publish rarely waits here, and large enough for a burst
/// of small messages to go out in one write.
pub(crate) const BUSY_FROM: usize = 1 << 20;

/// Which publish a frame holds: its document and the generation the wire
/// gave it when it was sent ([`Wire::publish_tag`]). The writer skips a
/// publish whose document has a newer one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublishTag {
    uri: Uri,
    generation: u64,
}

/// What the wire and its writer share: the bytes waiting, the limits, and
/// why the session is dropped, once it is.
struct Meter {
    queued: AtomicUsize,
    queued_messages: AtomicUsize,
    limits: Limits,
    dropped: watch::Sender<Option<String>>,
    /// Set once the wire is closed or its writer is gone: nobody waits
    /// for bytes to be taken any more.
    closed: AtomicBool,
    /// Signalled (with [`Meter::taken`]) each time the writer takes a
    /// frame, for the outbox's thread that waits for the wire not to be
    /// busy.
    took: Mutex<()>,
    taken: Condvar,
    /// The same, for the session's loop when it waits to read again.
    took_async: Notify,
    /// The newest generation of each document with a publish sent and
    /// not yet taken by the writer.
    newest: Mutex<HashMap<Uri, u64>>,
    generations: AtomicU64,
}

impl Meter {
    /// Uncounts `bytes` the writer took (or skipped), and wakes whoever
    /// waits for the wire.
    fn uncount(&self, bytes: usize) {
        self.queued.fetch_sub(bytes, Ordering::AcqRel);
        self.queued_messages.fetch_sub(1, Ordering::AcqRel);
        self.wake();
    }

    fn wake(&self) {
        drop(self.took.lock().unwrap_or_else(PoisonError::into_inner));
        self.taken.notify_all();
        self.took_async.notify_waiters();
    }

    fn close(&self) {
        self.closed.store(true, Ordering::Release);
        self.wake();
    }

    /// Whether the publish `tag` is older than its document's newest;
    /// forgets the document once its newest is taken.
    fn is_stale(&self, tag: &PublishTag) -> bool {
        let mut newest = self.newest.lock().unwrap_or_else(PoisonError::into_inner);
        match newest.get(&tag.uri) {
            Some(&generation) if generation > tag.generation => true,
            Some(&generation) if generation == tag.generation => {
                newest.remove(&tag.uri);
                false
            }
            _ => false,
        }
    }

    fn drop_session(&self, why: String) {
        self.dropped.send_if_modified(|dropped| {
            let first = dropped.is_none();
            if first {
                *dropped = Some(why);
            }
            first
        });
    }
}

/// The queue of frames to the client. Closed when the session ends, so the
/// writer finishes even if background work still holds a handle.
#[derive(Clone)]
pub struct Wire {
    frames: Arc<Mutex<Option<mpsc::UnboundedSender<Queued>>>>,
    meter: Arc<Meter>,
    /// How the client spells the documents it opened.
    pub spellings: Spellings,
}

/// A frame in the queue, with the publish it holds, if it is one.
struct Queued {
    frame: Frame,
    publish: Option<PublishTag>,
}

/// The writer's end of a [`Wire`] ([`write_frames`]).
pub struct Frames {
    queue: mpsc::UnboundedReceiver<Queued>,
    meter: Arc<Meter>,
}

impl Frames {
    /// The frame to write, uncounted; `None` for a publish that a newer
    /// one of its document has made stale (skipped: a frame not yet
    /// started can be left out, one being written is always finished).
    fn took(&self, queued: Queued) -> Option<Frame> {
        self.meter.uncount(queued.frame.queued_len());
        match &queued.publish {
            Some(tag) if self.meter.is_stale(tag) => None,
            _ => Some(queued.frame),
        }
    }
}

impl Drop for Frames {
    /// The writer is gone (finished, failed or aborted): nothing waits
    /// for it to take bytes any more.
    fn drop(&mut self) {
        self.meter.close();
    }
}

impl Frame {
    /// What the frame holds in the queue (a streamed body waits elsewhere,
    /// two chunks at most).
    fn queued_len(&self) -> usize {
        match self {
            Frame::Whole(bytes) => bytes.len(),
            Frame::Parts { header, body } => header.len() + body.len(),
            Frame::Streamed { header, .. } => header.len(),
        }
    }
}

impl Wire {
    /// A wire and the receiving end for [`write_frames`].
    pub fn new(limits: Limits) -> (Wire, Frames) {
        let (frames, queue) = mpsc::unbounded_channel();
        let meter = Arc::new(Meter {
            queued: AtomicUsize::new(0),
            queued_messages: AtomicUsize::new(0),
            limits,
            dropped: watch::Sender::new(None),
            closed: AtomicBool::new(false),
            took: Mutex::new(()),
            taken: Condvar::new(),
            took_async: Notify::new(),
            newest: Mutex::new(HashMap::new()),
            generations: AtomicU64::new(0),
        });
        let wire = Wire {
            frames: Arc::new(Mutex::new(Some(frames))),
            meter: meter.clone(),
            spellings: Spellings::default(),
        };
        (wire, Frames { queue, meter })
    }

    /// Changes once the client is past the limits: why, for the log. The
    /// session then ends without waiting for its writer.
    pub fn dropped(&self) -> watch::Receiver<Option<String>> {
        self.meter.dropped.subscribe()
    }

    /// Bytes queued and not yet taken by the writer.
    pub fn queued(&self) -> usize {
        self.meter.queued.load(Ordering::Acquire)
    }

    /// Whether the outbox should hold its publishes back: more than
    /// [`BUSY_FROM`] bytes wait for the writer.
    pub fn busy(&self) -> bool {
        self.queued() > BUSY_FROM && !self.meter.closed.load(Ordering::Acquire)
    }

    /// Blocks the calling thread (never the runtime's) while the wire is
    /// [`busy`](Wire::busy): the client's pace decides when the next
    /// publish is serialized.
    pub fn wait_not_busy(&self) {
        let meter = &self.meter;
        let mut took = meter.took.lock().unwrap_or_else(PoisonError::into_inner);
        while self.busy() {
            // The timeout only guards against a wake-up missed by a bug.
            took = meter
                .taken
                .wait_timeout(took, Duration::from_millis(200))
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }

    /// Whether a private server should stop reading its client: more than
    /// its [`Limits`] wait (only with [`PastQueued::Wait`]).
    pub fn over_limit(&self) -> bool {
        let limits = &self.meter.limits;
        limits.past_queued == PastQueued::Wait
            && (self.queued() > limits.queued
                || self.meter.queued_messages.load(Ordering::Acquire) > limits.queued_messages)
            && !self.meter.closed.load(Ordering::Acquire)
    }

    /// Ends once the wire is no longer [`over_limit`](Wire::over_limit).
    pub async fn caught_up(&self) {
        loop {
            let took = self.meter.took_async.notified();
            tokio::pin!(took);
            took.as_mut().enable();
            if !self.over_limit() {
                return;
            }
            took.await;
        }
    }

    /// A new publish of `uri`: every publish of it sent before is stale
    /// from now on. Call it in the order the publishes are sent.
    pub fn publish_tag(&self, uri: &Uri) -> PublishTag {
        let generation = self.meter.generations.fetch_add(1, Ordering::AcqRel) + 1;
        self.meter
            .newest
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(uri.clone(), generation);
        PublishTag {
            uri: uri.clone(),
            generation,
        }
    }

    /// Queues any JSON-RPC message (a response, a request).
    pub fn send<M: Serialize>(&self, message: &M) {
        if let Ok(body) = serde_json::to_vec(message) {
            self.send_body(body);
        }
    }

    /// Queues the notification `method` with `params`.
    pub fn notify<P: Serialize>(&self, method: &str, params: &P) {
        self.notify_tagged(method, params, None);
    }

    /// [`Wire::notify`], for the publish `tag` when it is one.
    pub fn notify_tagged<P: Serialize>(&self, method: &str, params: &P, tag: Option<PublishTag>) {
        #[derive(Serialize)]
        struct Notification<'a, P> {
            jsonrpc: &'static str,
            method: &'a str,
            params: &'a P,
        }
        let message = Notification {
            jsonrpc: "2.0",
            method,
            params,
        };
        if let Ok(body) = serde_json::to_vec(&message) {
            self.send_frame(framed(body), tag);
        }
    }

    /// Queues a message already written as JSON.
    pub fn send_body(&self, body: Vec<u8>) {
        self.send_frame(framed(body), None);
    }

    /// Queues a publish (`tag`, when tagged), already written as JSON.
    pub fn send_publish(&self, tag: Option<PublishTag>, body: Vec<u8>) {
        self.send_frame(framed(body), tag);
    }

    fn send_frame(&self, item: Frame, publish: Option<PublishTag>) {
        let mut frames = self.frames.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(sender) = frames.as_ref() else {
            return;
        };
        let size = item.queued_len();
        let limits = self.meter.limits;
        let before = self.meter.queued.fetch_add(size, Ordering::AcqRel);
        let messages = self.meter.queued_messages.fetch_add(1, Ordering::AcqRel) + 1;
        if limits.past_queued == PastQueued::Drop
            && before > 0
            && (before + size > limits.queued || messages > limits.queued_messages)
        {
            self.meter.uncount(size);
            frames.take();
            drop(frames);
            self.meter.drop_session(format!(
                "its client did not read what it was sent: more than {} bytes or {} messages \
                 waited to be written to it",
                limits.queued, limits.queued_messages
            ));
            return;
        }
        if sender
            .send(Queued {
                frame: item,
                publish,
            })
            .is_err()
        {
            self.meter.uncount(size);
        }
    }

    /// Queues a frame whose body `write` writes, never held whole: written
    /// twice, once to count its bytes (the header comes first), then into
    /// chunks that wait for the writer (call it from a thread that may
    /// block, never from the runtime). `write` must write the same bytes
    /// both times. Nothing is sent when the counting pass gives up (`None`:
    /// cancelled); the second pass cannot give up, and a body that comes
    /// out short (a panic in it) is padded to its length with spaces, so
    /// the frames after it stay framed.
    /// The writer skips it, as any publish, once it is stale (`tag`); the
    /// body's chunks then find nobody to take them, and `write` stops.
    pub fn send_streamed(
        &self,
        tag: Option<PublishTag>,
        mut write: impl FnMut(&mut dyn Write) -> Option<()>,
    ) -> Option<()> {
        let mut count = ByteCount(0);
        write(&mut count)?;
        let (send, chunks) = mpsc::channel(2);
        self.send_frame(
            Frame::Streamed {
                header: header(count.0),
                chunks,
            },
            tag,
        );
        let mut sink = ChunkSink {
            chunk: Vec::with_capacity(CHUNK),
            send,
            left: count.0,
        };
        let _ = write(&mut sink);
        Some(())
    }

    /// Nothing is sent after this; the writer drains what was queued.
    pub fn close(&self) {
        self.frames
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        self.meter.close();
    }
}

/// `body` behind its header. A big answer (a whole document's tokens) is
/// not copied behind its header: the copy would double its memory for a
/// moment.
fn framed(body: Vec<u8>) -> Frame {
    const JOIN_BELOW: usize = 64 * 1024;
    if body.len() < JOIN_BELOW {
        Frame::Whole(frame(&body))
    } else {
        Frame::Parts {
            header: header(body.len()),
            body,
        }
    }
}

/// The size of a streamed body's chunks.
const CHUNK: usize = 1 << 18;

/// Where a streamed body is written ([`Wire::send_streamed`]): each full
/// chunk goes to the writer, waiting while two are already queued.
struct ChunkSink {
    chunk: Vec<u8>,
    send: mpsc::Sender<Vec<u8>>,
    /// Bytes of the promised length not written yet.
    left: usize,
}

impl ChunkSink {
    fn send_chunk(&mut self, chunk: Vec<u8>) -> std::io::Result<()> {
        // The writer is gone (the session ended): nothing to wait for.
        self.send
            .blocking_send(chunk)
            .map_err(|_| std::io::ErrorKind::BrokenPipe.into())
    }
}

impl Write for ChunkSink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        // Never more than the header promised: the excess would be read
        // as the start of the next message.
        let taken = bytes.len().min(self.left);
        self.chunk.extend_from_slice(&bytes[..taken]);
        self.left -= taken;
        if self.chunk.len() >= CHUNK {
            let full = std::mem::replace(&mut self.chunk, Vec::with_capacity(CHUNK));
            self.send_chunk(full)?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Drop for ChunkSink {
    /// Sends the last chunk, padded to the promised length.
    fn drop(&mut self) {
        let mut last = std::mem::take(&mut self.chunk);
        last.resize(last.len() + self.left, b' ');
        if !last.is_empty() {
            let _ = self.send_chunk(last);
        }
    }
}

/// Writes queued frames to the client, flushing whenever the queue is idle,
/// for as long as the client takes them, however slowly. A failed write
/// (the client is gone) drops the session.
pub async fn write_frames<O>(mut output: O, mut frames: Frames)
where
    O: AsyncWrite + Unpin,
{
    let written = async {
        while let Some(first) = frames.queue.recv().await {
            if let Some(first) = frames.took(first) {
                write_frame(&mut output, first).await?;
            }
            while let Ok(more) = frames.queue.try_recv() {
                if let Some(more) = frames.took(more) {
                    write_frame(&mut output, more).await?;
                }
            }
            output.flush().await?;
        }
        Ok::<(), std::io::Error>(())
    };
    if let Err(err) = written.await {
        frames
            .meter
            .drop_session(format!("writing to its client failed: {err}"));
    }
}

async fn write_frame<O>(output: &mut O, frame: Frame) -> std::io::Result<()>
where
    O: AsyncWrite + Unpin,
{
    match frame {
        Frame::Whole(bytes) => output.write_all(&bytes).await,
        Frame::Parts { header, body } => {
            output.write_all(&header).await?;
            output.write_all(&body).await
        }
        Frame::Streamed { header, mut chunks } => {
            output.write_all(&header).await?;
            while let Some(chunk) = chunks.recv().await {
                output.write_all(&chunk).await?;
            }
            Ok(())
        }
    }
}

/// Sends the framework's requests and notifications to the client (it
/// yields them as a stream of messages) until the stream ends.
pub async fn forward<S, M>(mut messages: S, wire: Wire)
where
    S: Stream<Item = M> + Unpin,
    M: Serialize,
{
    while let Some(message) = messages.next().await {
        wire.send(&message);
    }
}

/// The IDE core's whole-document answers go out on the wire, a big one
/// streamed ([`Wire::send_streamed`]).
impl boardls_ide::handlers::whole::Answers for Wire {
    fn send_body(&self, body: Vec<u8>) {
        Wire::send_body(self, body);
    }

    fn send_streamed(
        &self,
        write: &mut dyn FnMut(&mut dyn std::io::Write) -> Option<()>,
    ) -> Option<()> {
        Wire::send_streamed(self, None, write)
    }
}

#[cfg(test)]
impl Frames {
    /// The next frame queued, if any, without waiting.
    pub(super) fn try_take(&mut self) -> Option<Frame> {
        loop {
            let queued = self.queue.try_recv().ok()?;
            if let Some(frame) = self.took(queued) {
                return Some(frame);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uri(text: &str) -> Uri {
        text.parse().unwrap_or_else(|_| panic!("uri {text}"))
    }

    fn body_of(frame: Frame) -> String {
        let bytes = match frame {
            Frame::Whole(bytes) => bytes,
            Frame::Parts { header, body } => [header, body].concat(),
            Frame::Streamed { .. } => unreachable!("nothing here is streamed"),
        };
        let text = String::from_utf8_lossy(&bytes).into_owned();
        text.split("\r\n\r\n").nth(1).unwrap_or_default().to_owned()
    }

    #[test]
    fn a_queued_publish_is_skipped_once_its_document_has_a_newer_one() {
        let (wire, mut frames) = Wire::new(Limits::default());
        let (a, b) = (uri("file:///a.go9"), uri("file:///b.go9"));
        let a1 = wire.publish_tag(&a);
        wire.send_publish(Some(a1), b"a1".to_vec());
        let b1 = wire.publish_tag(&b);
        wire.send_publish(Some(b1), b"b1".to_vec());
        wire.send_body(b"answer".to_vec());
        // Newer, and still to be sent: the queued one is stale already.
        let a2 = wire.publish_tag(&a);
        let taken: Vec<String> = std::iter::from_fn(|| frames.try_take())
            .map(body_of)
            .collect();
        assert_eq!(taken, ["b1", "answer"]);
        assert_eq!(wire.queued(), 0, "the skipped frame is uncounted");
        wire.send_publish(Some(a2), b"a2".to_vec());
        let taken: Vec<String> = std::iter::from_fn(|| frames.try_take())
            .map(body_of)
            .collect();
        assert_eq!(taken, ["a2"]);
    }

    #[test]
    fn the_wire_is_busy_until_the_writer_takes_its_bytes() {
        let (wire, mut frames) = Wire::new(Limits::default());
        wire.send_body(vec![b' '; BUSY_FROM / 2]);
        assert!(!wire.busy());
        wire.send_body(vec![b' '; BUSY_FROM / 2 + 1]);
        assert!(wire.busy());
        let waiter = {
            let wire = wire.clone();
            std::thread::spawn(move || wire.wait_not_busy())
        };
        assert!(frames.try_take().is_some());
        waiter.join().expect("the wait ends once bytes are taken");
        assert!(!wire.busy());
    }

    #[test]
    fn a_private_wire_holds_past_its_limit_and_a_shared_one_drops() {
        let limits = |past_queued| Limits {
            queued: 150,
            queued_messages: 4,
            past_queued,
        };
        let (private, mut frames) = Wire::new(limits(PastQueued::Wait));
        private.send_body(vec![b' '; 80]);
        private.send_body(vec![b' '; 80]);
        assert!(private.over_limit());
        assert!(private.dropped().borrow().is_none());
        assert!(frames.try_take().is_some());
        assert!(!private.over_limit());

        let (shared, _frames) = Wire::new(limits(PastQueued::Drop));
        shared.send_body(vec![b' '; 80]);
        shared.send_body(vec![b' '; 80]);
        assert!(!shared.over_limit());
        assert!(shared.dropped().borrow().is_some());

        // Many small messages: past the count before the bytes.
        for past_queued in [PastQueued::Wait, PastQueued::Drop] {
            let (wire, _frames) = Wire::new(limits(past_queued));
            for _ in 0..5 {
                wire.send_body(b"{}".to_vec());
            }
            let past = wire.over_limit() || wire.dropped().borrow().is_some();
            assert!(past, "{past_queued:?}");
        }
    }
}
