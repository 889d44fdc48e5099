//! Everything the server sends, on one way out.
//!
//! [`Wire`]: whole frames to the writer task, which writes them in the
//! order they were queued and flushes when the queue is idle. Responses,
//! the framework's own requests to the client (`workspace/configuration`,
//! `client/registerCapability`, …) and the ordered notifications of the
//! session's outbox ([`super::outbox`]) all end up here. Queuing never waits,
//! so a client that stops reading stalls nothing but its own session; past
//! its [`Limits`] (what waits behind the frame being written, or time
//! without the client taking a byte) the session is dropped
//! ([`Wire::dropped`]).
//!
//! Notifications are serialized straight from their typed params: the
//! framework's client turns every message into a `serde_json::Value` tree
//! first, and building and freeing that tree was most of each publish.

use std::future::Future;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use futures::{Stream, StreamExt};
use serde::Serialize;
use tokio::io::{AsyncWrite, AsyncWriteExt};
use tokio::sync::{mpsc, watch};

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

/// What may wait for one client before its session is dropped: a client
/// that reads nothing holds the server's memory for as long as it is
/// served, and its answers pile up.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Bytes queued behind the frame being written (a single frame,
    /// however large, is always taken).
    pub queued: usize,
    /// Time without the client taking a byte while something waits for it.
    pub stall: Duration,
}

impl Default for Limits {
    /// 64 MiB (hundreds of the largest usual answers, and far more than a
    /// client that reads ever leaves waiting); 30 s (a live editor reads
    /// its server's output within moments, even while busy).
    fn default() -> Limits {
        Limits {
            queued: 64 << 20,
            stall: Duration::from_secs(30),
        }
    }
}

/// What the wire and its writer share: the bytes waiting, the limits, and
/// why the session is dropped, once it is.
struct Meter {
    queued: AtomicUsize,
    limits: Limits,
    dropped: watch::Sender<Option<String>>,
}

impl Meter {
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
    frames: Arc<Mutex<Option<mpsc::UnboundedSender<Frame>>>>,
    meter: Arc<Meter>,
}

/// The writer's end of a [`Wire`] ([`write_frames`]).
pub struct Frames {
    queue: mpsc::UnboundedReceiver<Frame>,
    meter: Arc<Meter>,
}

impl Frames {
    fn took(&self, frame: Frame) -> Frame {
        self.meter
            .queued
            .fetch_sub(frame.queued_len(), Ordering::Relaxed);
        frame
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
            limits,
            dropped: watch::Sender::new(None),
        });
        let wire = Wire {
            frames: Arc::new(Mutex::new(Some(frames))),
            meter: meter.clone(),
        };
        (wire, Frames { queue, meter })
    }

    /// Changes once the client is past the limits: why, for the log. The
    /// session then ends without waiting for its writer.
    pub fn dropped(&self) -> watch::Receiver<Option<String>> {
        self.meter.dropped.subscribe()
    }

    /// Queues any JSON-RPC message (a response, a request).
    pub fn send<M: Serialize>(&self, message: &M) {
        if let Ok(body) = serde_json::to_vec(message) {
            self.send_body(body);
        }
    }

    /// Queues the notification `method` with `params`.
    pub fn notify<P: Serialize>(&self, method: &str, params: &P) {
        #[derive(Serialize)]
        struct Notification<'a, P> {
            jsonrpc: &'static str,
            method: &'a str,
            params: &'a P,
        }
        self.send(&Notification {
            jsonrpc: "2.0",
            method,
            params,
        });
    }

    /// Queues a message already written as JSON.
    pub fn send_body(&self, body: Vec<u8>) {
        // A big answer (a whole document's tokens) is not copied behind
        // its header: the copy would double its memory for a moment.
        const JOIN_BELOW: usize = 64 * 1024;
        self.send_frame(if body.len() < JOIN_BELOW {
            Frame::Whole(frame(&body))
        } else {
            Frame::Parts {
                header: header(body.len()),
                body,
            }
        });
    }

    fn send_frame(&self, item: Frame) {
        let mut frames = self.frames.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(sender) = frames.as_ref() else {
            return;
        };
        let size = item.queued_len();
        let limit = self.meter.limits.queued;
        let before = self.meter.queued.fetch_add(size, Ordering::Relaxed);
        if before > 0 && before + size > limit {
            self.meter.queued.fetch_sub(size, Ordering::Relaxed);
            frames.take();
            drop(frames);
            self.meter.drop_session(format!(
                "its client did not read what it was sent: more than {} bytes waited to be \
                 written to it",
                limit
            ));
            return;
        }
        let _ = sender.send(item);
    }

    /// Queues a frame whose body `write` writes, never held whole: written
    /// twice, once to count its bytes (the header comes first), then into
    /// chunks that wait for the writer (call it from a thread that may
    /// block, never from the runtime). `write` must write the same bytes
    /// both times. Nothing is sent when the counting pass gives up (`None`:
    /// cancelled); the second pass cannot give up, and a body that comes
    /// out short (a panic in it) is padded to its length with spaces, so
    /// the frames after it stay framed.
    pub fn send_streamed(&self, mut write: impl FnMut(&mut dyn Write) -> Option<()>) -> Option<()> {
        let mut count = ByteCount(0);
        write(&mut count)?;
        let (send, chunks) = mpsc::channel(2);
        self.send_frame(Frame::Streamed {
            header: header(count.0),
            chunks,
        });
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

/// Writes queued frames to the client, flushing whenever the queue is idle.
/// A client that takes no byte for the stall time drops its session.
pub async fn write_frames<O>(mut output: O, mut frames: Frames)
where
    O: AsyncWrite + Unpin,
{
    let stall = frames.meter.limits.stall;
    let written = async {
        while let Some(first) = frames.queue.recv().await {
            let first = frames.took(first);
            write_frame(&mut output, first, stall).await?;
            while let Ok(more) = frames.queue.try_recv() {
                let more = frames.took(more);
                write_frame(&mut output, more, stall).await?;
            }
            within(stall, output.flush()).await?;
        }
        Ok::<(), std::io::Error>(())
    };
    if let Err(err) = written.await
        && err.kind() == std::io::ErrorKind::TimedOut
    {
        frames.meter.drop_session(format!(
            "its client read nothing for {} s while the server had something to send it",
            stall.as_secs_f64()
        ));
    }
}

/// `io` unless it takes longer than `stall`: then a `TimedOut` error.
async fn within<T>(
    stall: Duration,
    io: impl Future<Output = std::io::Result<T>>,
) -> std::io::Result<T> {
    tokio::time::timeout(stall, io)
        .await
        .unwrap_or_else(|_| Err(std::io::ErrorKind::TimedOut.into()))
}

/// Writes all of `bytes`, each write within `stall`.
async fn write_all<O>(output: &mut O, mut bytes: &[u8], stall: Duration) -> std::io::Result<()>
where
    O: AsyncWrite + Unpin,
{
    while !bytes.is_empty() {
        match within(stall, output.write(bytes)).await? {
            0 => return Err(std::io::ErrorKind::WriteZero.into()),
            n => bytes = &bytes[n..],
        }
    }
    Ok(())
}

async fn write_frame<O>(output: &mut O, frame: Frame, stall: Duration) -> std::io::Result<()>
where
    O: AsyncWrite + Unpin,
{
    match frame {
        Frame::Whole(bytes) => write_all(output, &bytes, stall).await,
        Frame::Parts { header, body } => {
            write_all(output, &header, stall).await?;
            write_all(output, &body, stall).await
        }
        Frame::Streamed { header, mut chunks } => {
            write_all(output, &header, stall).await?;
            while let Some(chunk) = chunks.recv().await {
                write_all(output, &chunk, stall).await?;
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

#[cfg(test)]
impl Frames {
    /// The next frame queued, if any, without waiting.
    pub(super) fn try_take(&mut self) -> Option<Frame> {
        self.queue.try_recv().ok()
    }
}
