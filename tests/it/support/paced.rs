//! A client that reads the server's output only when the test says so: an
//! editor suspended, or one that reads slowly, over a spawned server's
//! stdio or a raw connection to a daemon. It answers the server's own
//! requests as it reads them.

use std::io::{BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

use super::client::{caps, frame, read_frame, terminate};
use super::daemon::boardls;

pub struct Paced {
    output: Box<dyn Write + Send>,
    /// `None` once handed to a reading thread ([`Paced::reader`]).
    input: Option<BufReader<Box<dyn Read + Send>>>,
    child: Option<Child>,
    next_id: i64,
    /// Bytes of messages read so far.
    pub bytes_read: usize,
}

pub const PUBLISH: &str = "textDocument/publishDiagnostics";

impl Paced {
    /// A private server: `boardls --stdio`, with `configure` applied.
    pub fn stdio(configure: impl FnOnce(&mut Command)) -> Paced {
        let mut command = boardls();
        command
            .arg("--stdio")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        configure(&mut command);
        let mut child = command.spawn().expect("spawn boardls");
        let output = child.stdin.take().expect("stdin");
        let input = child.stdout.take().expect("stdout");
        let mut paced = Paced::over(Box::new(output), Box::new(input));
        paced.child = Some(child);
        paced
    }

    /// A session on the daemon listening at `socket`.
    pub fn unix(socket: &Path) -> Paced {
        let stream = std::os::unix::net::UnixStream::connect(socket).expect("connect");
        let input = stream.try_clone().expect("clone the socket");
        Paced::over(Box::new(stream), Box::new(input))
    }

    fn over(output: Box<dyn Write + Send>, input: Box<dyn Read + Send>) -> Paced {
        Paced {
            output,
            input: Some(BufReader::with_capacity(1 << 16, input)),
            child: None,
            next_id: 1,
            bytes_read: 0,
        }
    }

    /// Sends a message; false once the server is gone.
    pub fn send(&mut self, message: &Value) -> bool {
        self.output
            .write_all(&frame(&message.to_string()))
            .and_then(|()| self.output.flush())
            .is_ok()
    }

    pub fn notify(&mut self, method: &str, params: Value) -> bool {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}))
    }

    /// Sends a request without waiting for its answer: its id.
    pub fn ask(&mut self, method: &str, params: Value) -> i64 {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        id
    }

    /// The next message; `None` once the server closed its output.
    pub fn read(&mut self) -> Option<Value> {
        let message = read_frame(self.input.as_mut()?)?;
        self.bytes_read += message.to_string().len();
        if let (Some(_), Some(id)) = (message.get("method"), message.get("id")) {
            let id = id.clone();
            self.send(&json!({"jsonrpc": "2.0", "id": id, "result": null}));
        }
        Some(message)
    }

    /// Reads until a message `pred` matches; all read, that one last.
    /// Panics if the server closes its output first.
    pub fn read_until(&mut self, pred: impl Fn(&Value) -> bool) -> Vec<Value> {
        let mut read = Vec::new();
        loop {
            let message = self
                .read()
                .unwrap_or_else(|| panic!("the server closed its output after {read:?}"));
            let found = pred(&message);
            read.push(message);
            if found {
                return read;
            }
        }
    }

    /// Reads until the answer to `id`; what was read, the answer last.
    pub fn answer(&mut self, id: i64) -> Vec<Value> {
        self.read_until(|m| m["id"] == id && m.get("method").is_none())
    }

    pub fn initialize(&mut self) {
        let id = self.ask(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": caps("utf-16")}),
        );
        self.answer(id);
        self.notify("initialized", json!({}));
    }

    pub fn open(&mut self, uri: &str, language: &str, version: i64, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": language, "version": version,
                "text": text}}),
        );
    }

    /// Sets the cell at `line:column` to `cell` (one character).
    pub fn set_cell(
        &mut self,
        uri: &str,
        version: i64,
        line: u64,
        column: u64,
        cell: char,
    ) -> bool {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": {"start": {"line": line, "character": column},
                    "end": {"line": line, "character": column + 1}}, "text": cell.to_string()}]}),
        )
    }

    pub fn hover(&mut self, uri: &str, line: u64, column: u64) -> i64 {
        self.ask(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri},
                "position": {"line": line, "character": column}}),
        )
    }

    /// From now on a thread reads the server's output, one message at a
    /// time as the receiver takes it (a rendezvous: the client's pace),
    /// with the bytes of each. The server's requests go unanswered.
    pub fn reader(&mut self) -> std::sync::mpsc::Receiver<(Value, usize)> {
        let (send, receive) = std::sync::mpsc::sync_channel(0);
        let mut input = self.input.take().expect("not read by a thread yet");
        std::thread::spawn(move || {
            while let Some(message) = read_frame(&mut input) {
                let bytes = message.to_string().len();
                if send.send((message, bytes)).is_err() {
                    return;
                }
            }
        });
        receive
    }

    /// `shutdown` then `exit`; the process's exit code (a private server).
    pub fn shutdown_and_exit(mut self) -> Option<i32> {
        let id = self.ask("shutdown", Value::Null);
        self.answer(id);
        self.notify("exit", Value::Null);
        self.child.take()?.wait().ok()?.code()
    }

    /// The process's resident memory in kB (a private server).
    pub fn rss_kb(&self) -> u64 {
        self.child.as_ref().map_or(0, |child| rss_kb(child.id()))
    }
}

impl Drop for Paced {
    fn drop(&mut self) {
        if let Some(child) = &mut self.child {
            terminate(child);
        }
    }
}

/// `pid`'s resident memory in kB (0 if it cannot be read).
pub fn rss_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// The cell edited `n`th in a file of `dense_go9` boards: a line of one of
/// its first boards and a column, and the new cell.
pub fn cell(n: usize) -> (u64, u64, char) {
    let board = (n / 81) % 50;
    let line = 1 + board * 10 + (n / 9) % 9;
    let column = n % 9;
    let cell = ['x', 'o', '.'][n % 3];
    (line as u64, column as u64, cell)
}

/// `text` with [`cell`]`(n)` applied.
pub fn with_cell(text: &mut [Vec<u8>], n: usize) {
    let (line, column, cell) = cell(n);
    text[line as usize][column as usize] = cell as u8;
}

/// The versions of the publishes of `uri` among `messages`, in order.
pub fn versions(messages: &[Value], uri: &str) -> Vec<i64> {
    messages
        .iter()
        .filter(|m| m["method"] == PUBLISH && m["params"]["uri"] == uri)
        .filter_map(|m| m["params"]["version"].as_i64())
        .collect()
}
