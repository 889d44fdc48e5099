// The boardls language server in a web worker: the wasm build of the
// server (crates/boardls-web, package boardls-web, made by wasm-bindgen) behind
// postMessage. Both ways the messages are JSON-RPC message objects, as
// vscode-languageclient/browser's BrowserMessageReader/Writer send and
// expect them, so the playground and VS Code for the Web share this file.
//
// The .wasm sits beside this script (`boardls_web_bg.wasm`), unless the
// owner posts `{ boardlsWasmUrl: "..." }` before anything else, or
// `{ boardlsWasmModule }`, a WebAssembly.Module it compiled itself (the
// playground compiles while this script loads). A trap in
// the server (a Rust panic is `RuntimeError: unreachable`) leaves the wasm
// instance unusable: the worker posts `boardls/crashed` and closes, and
// its owner starts a new one and opens its documents again.
//
// `boardls-web-pkg` is wasm-bindgen's `boardls_web.js`: `cargo xtask web`
// points esbuild's alias at it and bundles this file into one classic
// script (IIFE).
import init, { BrowserServer } from 'boardls-web-pkg';

const WASM_FILE = 'boardls_web_bg.wasm';

/** Messages that arrived while the wasm module was loading, in order. */
const waiting = [];
/** The server once loaded; `null` before, and after a crash. */
let server = null;
let starting = null;
let crashed = false;

function crash(error) {
  if (crashed) {
    return;
  }
  crashed = true;
  server = null;
  const message = error && error.message ? `${error.name || 'Error'}: ${error.message}` : String(error);
  self.postMessage({ jsonrpc: '2.0', method: 'boardls/crashed', params: { message } });
  self.close();
}

/** Starts the server from the .wasm's URL or a compiled WebAssembly.Module. */
function start(wasm) {
  starting = init({ module_or_path: wasm })
    .then(() => {
      server = new BrowserServer();
      while (waiting.length > 0 && !crashed) {
        deliver(waiting.shift());
      }
    })
    .catch(crash);
}

/** One message into the server, and every message it answers out. */
function deliver(message) {
  let out;
  try {
    out = server.handle(typeof message === 'string' ? message : JSON.stringify(message));
  } catch (error) {
    crash(error);
    return;
  }
  for (const text of out) {
    let reply;
    try {
      reply = JSON.parse(text);
    } catch (error) {
      crash(new Error(`the server wrote a message that is not JSON: ${error.message}`));
      return;
    }
    self.postMessage(reply);
  }
}

self.addEventListener('message', (event) => {
  const message = event.data;
  if (crashed) {
    return;
  }
  if (starting === null) {
    if (message && message.boardlsWasmModule instanceof WebAssembly.Module) {
      start(message.boardlsWasmModule);
      return;
    }
    if (message && typeof message.boardlsWasmUrl === 'string') {
      start(new URL(message.boardlsWasmUrl, self.location.href));
      return;
    }
    start(new URL(WASM_FILE, self.location.href));
  }
  if (server === null) {
    waiting.push(message);
  } else {
    deliver(message);
  }
});
