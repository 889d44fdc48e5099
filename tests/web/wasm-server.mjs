// The browser's language server as the playground ships it, in Node, for
// the Rust suite's parity tests (tests/it/browser_server.rs): the .wasm of
// dist/web (after wasm-opt) with wasm-bindgen's glue, one session, driven
// over stdio: each line in is one JSON-RPC message; each line out is the
// JSON array of the messages the server sent back for it, in order.
//
//   node tests/web/wasm-server.mjs GLUE.js SERVER.wasm
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const [glue, wasm] = process.argv.slice(2);
if (!glue || !wasm) {
  console.error('usage: node tests/web/wasm-server.mjs GLUE.js SERVER.wasm');
  process.exit(2);
}
const { default: init, BrowserServer } = await import(pathToFileURL(glue).href);
await init({ module_or_path: readFileSync(wasm) });
const server = new BrowserServer();
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  let out;
  try {
    out = server.handle(line);
  } catch (error) {
    // A trap (a Rust panic) ends the instance, as it ends the worker.
    process.stdout.write(JSON.stringify({ trapped: String(error) }) + '\n');
    process.exit(1);
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}
