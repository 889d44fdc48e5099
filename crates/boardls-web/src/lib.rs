//! boardls's language server as WebAssembly: the IDE core hosted in a
//! browser ([`host::BrowserSession`]), for JavaScript through wasm-bindgen
//! as `BrowserServer`. This file is transport only: a message's text in,
//! the texts of the messages it causes out. It uses the core
//! (`boardls_ide`) only: no file system, thread or clock, no other
//! boardls crate.
//!
//! ```js
//! import init, { BrowserServer } from './boardls_web.js';
//! await init({ module_or_path: wasmUrl });
//! const server = new BrowserServer();
//! const out = server.handle(jsonText); // string[]: every message to send back
//! ```
//!
//! One message in, the messages it causes out, in order; nothing runs in
//! between, so a web worker calls `handle` for each message it receives
//! and posts what it returns. A Rust panic is a trap in JavaScript
//! (`RuntimeError: unreachable`): the worker's owner starts a new one.

pub mod host;

use wasm_bindgen::prelude::wasm_bindgen;

/// One session of the language server.
#[wasm_bindgen]
pub struct BrowserServer(host::BrowserSession);

#[wasm_bindgen]
impl BrowserServer {
    #[wasm_bindgen(constructor)]
    #[allow(clippy::new_without_default)] // JavaScript calls the constructor.
    pub fn new() -> BrowserServer {
        BrowserServer(host::BrowserSession::new())
    }

    /// Handles one JSON-RPC message (request, notification, or a response
    /// to one of the server's requests) and returns the messages to send
    /// back, in order: the response, and the notifications it caused.
    pub fn handle(&mut self, message: &str) -> Vec<String> {
        self.0.handle(message)
    }
}
