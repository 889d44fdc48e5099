//! A raw client, as an editor's transport sees the server: framed JSON-RPC
//! written to the binary's stdin, and the frames that come back, each with
//! the time it was complete (read on a thread of its own, so the time is
//! the server's, not the bench's parsing).

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use boardls_engine::games::GameKind;
use serde_json::json;

pub struct Raw {
    child: Child,
    stdin: ChildStdin,
    frames: mpsc::Receiver<(Instant, Vec<u8>)>,
    /// Responses read while waiting for another one, by id.
    early: HashMap<u64, (Instant, Vec<u8>)>,
    next_id: u64,
    /// The server's `initialize` result.
    pub initialized: serde_json::Value,
}

impl Raw {
    /// A server, initialized with the client capabilities `caps`.
    pub fn spawn(binary: &PathBuf, caps: serde_json::Value) -> Raw {
        Raw::spawn_command(Command::new(binary), caps)
    }

    /// [`Raw::spawn`] of a client whose display language is `locale`
    /// (`initialize`'s `locale`).
    #[allow(dead_code)] // Not every bench speaks another language.
    pub fn spawn_in(binary: &PathBuf, caps: serde_json::Value, locale: &str) -> Raw {
        Raw::spawn_with(Command::new(binary), caps, |params| {
            params["locale"] = json!(locale);
        })
    }

    /// [`Raw::spawn`] of a workspace: `initialize`'s `rootUri` is
    /// `root`.
    #[allow(dead_code)] // Not every bench opens a folder.
    pub fn spawn_at(binary: &PathBuf, caps: serde_json::Value, root: &str) -> Raw {
        Raw::spawn_with(Command::new(binary), caps, |params| {
            params["rootUri"] = json!(root);
        })
    }

    /// [`Raw::spawn`] of `command` (a forwarder, say: `lsp --connect …`).
    pub fn spawn_command(command: Command, caps: serde_json::Value) -> Raw {
        Raw::spawn_with(command, caps, |_| {})
    }

    /// A server of `command`, initialized with `caps` and the
    /// parameters `more` sets.
    fn spawn_with(
        mut command: Command,
        caps: serde_json::Value,
        more: impl FnOnce(&mut serde_json::Value),
    ) -> Raw {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn boardls");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (send, frames) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::with_capacity(1 << 20, stdout);
            loop {
                let mut length = None;
                loop {
                    let mut header = String::new();
                    if reader.read_line(&mut header).unwrap_or(0) == 0 {
                        return;
                    }
                    let header = header.trim_end();
                    if header.is_empty() {
                        break;
                    }
                    if let Some(v) = header.strip_prefix("Content-Length:") {
                        length = v.trim().parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; length.unwrap_or(0)];
                if reader.read_exact(&mut body).is_err() {
                    return;
                }
                if send.send((Instant::now(), body)).is_err() {
                    return;
                }
            }
        });
        let mut raw = Raw {
            child,
            stdin,
            frames,
            early: HashMap::new(),
            next_id: 0,
            initialized: serde_json::Value::Null,
        };
        let mut params = json!({"processId": null, "rootUri": null, "capabilities": caps,
            "clientInfo": {"name": "Visual Studio Code"}});
        more(&mut params);
        let answer = raw.request("initialize", params);
        let answer: serde_json::Value = serde_json::from_slice(&answer).unwrap_or_default();
        raw.initialized = answer["result"].clone();
        raw.notify("initialized", json!({}));
        raw
    }

    pub fn send(&mut self, message: serde_json::Value) {
        let frame = Raw::frame(&message);
        self.send_frame(&frame);
    }

    /// A message framed, so that a timed send costs only its writing.
    pub fn frame(message: &serde_json::Value) -> Vec<u8> {
        let body = message.to_string();
        format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
    }

    pub fn send_frame(&mut self, frame: &[u8]) {
        self.stdin.write_all(frame).expect("write");
        self.stdin.flush().expect("flush");
    }

    /// `didOpen`, timed from the first byte written.
    pub fn open(&mut self, uri: &str, kind: GameKind, text: &str) -> Instant {
        let frame = Raw::frame(&json!({"jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": uri, "languageId": kind.id(), "version": 0, "text": text}}}));
        let start = Instant::now();
        self.send_frame(&frame);
        start
    }

    pub fn notify(&mut self, method: &str, params: serde_json::Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// A fresh request id.
    pub fn id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// A request framed with a fresh id, for sending later.
    pub fn request_frame(&mut self, method: &str, params: serde_json::Value) -> (u64, Vec<u8>) {
        let id = self.id();
        let frame =
            Raw::frame(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        (id, frame)
    }

    pub fn request(&mut self, method: &str, params: serde_json::Value) -> Vec<u8> {
        let (id, frame) = self.request_frame(method, params);
        self.send_frame(&frame);
        self.response(id).1
    }

    /// The response to request `id`: when it was complete, and its body.
    /// Responses to other requests that come first are kept for later.
    pub fn response(&mut self, id: u64) -> (Instant, Vec<u8>) {
        if let Some(found) = self.early.remove(&id) {
            return found;
        }
        loop {
            let (at, body) = self.frames.recv().expect("response");
            if let Some(other) = response_id(&body) {
                if other == id {
                    return (at, body);
                }
                self.early.insert(other, (at, body));
            }
        }
    }

    /// The next `publishDiagnostics` of at least `version`: when it was
    /// complete, its version and its body.
    pub fn publish(&mut self, version: i64) -> (Instant, i64, Vec<u8>) {
        loop {
            let (at, body) = self.frames.recv().expect("publish");
            if let Some(v) = publish_version(&body)
                && v >= version
            {
                return (at, v, body);
            }
            if let Some(id) = response_id(&body) {
                self.early.insert(id, (at, body));
            }
        }
    }

    /// The next frame the server sent (of any kind): when it was
    /// complete, and its body. A minute without one is a hung bench.
    #[allow(dead_code)] // Not every bench reads frames one by one.
    pub fn next_frame(&mut self) -> (Instant, Vec<u8>) {
        self.frames
            .recv_timeout(Duration::from_secs(60))
            .expect("the server sends a frame within a minute")
    }

    /// Drops the frames sent so far (a response among them is kept).
    #[allow(dead_code)] // Not every bench drops what it was sent.
    pub fn drain(&mut self) {
        while let Ok((at, body)) = self.frames.try_recv() {
            if let Some(id) = response_id(&body) {
                self.early.insert(id, (at, body));
            }
        }
    }

    pub fn peak_memory(&self) -> u64 {
        super::peak_memory(self.child.id())
    }

    /// The server's time on a CPU so far ([`super::cpu_time`]).
    #[allow(dead_code)] // Not every bench counts it.
    pub fn cpu_time(&self) -> Duration {
        super::cpu_time(self.child.id())
    }

    /// The server's minor page faults so far ([`super::minor_faults`]).
    #[allow(dead_code)] // Not every bench counts them.
    pub fn minor_faults(&self) -> u64 {
        super::minor_faults(self.child.id())
    }

    /// Waits (up to `within`) for the server to end by itself: whether it
    /// did.
    pub fn ended_within(&mut self, within: Duration) -> bool {
        let deadline = Instant::now() + within;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        false
    }

    /// The server's resident memory now (`VmRSS`).
    pub fn resident_memory(&self) -> u64 {
        super::memory(self.child.id(), "VmRSS")
    }
}

impl Drop for Raw {
    /// `shutdown` and `exit`, so that a profiler around the server (see
    /// `BOARDLS`) writes its data; killed if it does not end in 60 s.
    fn drop(&mut self) {
        let id = self.id();
        // A server that already ended takes nothing.
        let shutdown = Raw::frame(&json!({"jsonrpc": "2.0", "id": id, "method": "shutdown"}));
        let exit = Raw::frame(&json!({"jsonrpc": "2.0", "method": "exit", "params": null}));
        let _ = self.stdin.write_all(&shutdown);
        let _ = self.stdin.write_all(&exit);
        let _ = self.stdin.flush();
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The id of a response body (`…,"id":N}` at its end, no `method`);
/// `None` for notifications and the server's own requests.
fn response_id(body: &[u8]) -> Option<u64> {
    if body.starts_with(b"{\"jsonrpc\":\"2.0\",\"method\"") {
        return None;
    }
    let tail = &body[body.len().saturating_sub(32)..];
    let at = rfind(tail, b"\"id\":")?;
    let digits: String = tail[at + 5..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .map(|&b| char::from(b))
        .collect();
    if tail.ends_with(b"}") {
        digits.parse().ok()
    } else {
        None
    }
}

/// The version of a `publishDiagnostics` body, read off its end
/// (`…,"version":N}}`); `None` for any other message.
pub fn publish_version(body: &[u8]) -> Option<i64> {
    let head = &body[..body.len().min(80)];
    if !contains(head, b"\"textDocument/publishDiagnostics\"") {
        return None;
    }
    let tail = &body[body.len().saturating_sub(40)..];
    let at = rfind(tail, b"\"version\":")?;
    let digits: String = tail[at + 10..]
        .iter()
        .take_while(|b| b.is_ascii_digit() || **b == b'-')
        .map(|&b| char::from(b))
        .collect();
    digits.parse().ok()
}

/// The document of a `publishDiagnostics` body, read off its start
/// (`…"params":{"uri":"…"`); `None` for any other message.
#[allow(dead_code)] // Not every bench tells documents apart.
pub fn publish_uri(body: &[u8]) -> Option<&str> {
    let head = &body[..body.len().min(80)];
    if !contains(head, b"\"textDocument/publishDiagnostics\"") {
        return None;
    }
    let key = b"\"uri\":\"";
    let start = body.windows(key.len()).position(|w| w == key)? + key.len();
    let length = body[start..].iter().position(|&b| b == b'"')?;
    std::str::from_utf8(&body[start..start + length]).ok()
}

pub fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

fn rfind(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).rposition(|w| w == needle)
}
