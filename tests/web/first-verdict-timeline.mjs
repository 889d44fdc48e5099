// Where the playground's first verdict spends its time: a benchmark, not a
// test (tests/web/playground.mjs asserts the goal). Each run is a fresh
// headless chromium (nothing cached) opening a shared link of a random
// 3-case go9 or tomek board; with --warm, the same browser then opens
// another such link, its HTTP and compiled-wasm caches filled. It prints,
// per run, the page's clock (ms from navigation start) at each step, from
// resource timing and the page's `boardls:` User Timing marks:
//
//   html       index.html received
//   session    session.js received (the page's first script)
//   wasm       the .wasm's download, start-end (streamed into the compiler)
//   compiled   the .wasm compiled (WebAssembly.compileStreaming)
//   started    session.js starts running
//   board      the board to open read (a share link's unpacked)
//   check      the first check on the page's thread: its start (the
//              board read and the .wasm compiled), the server
//              instantiated, `initialize` answered, the board opened and
//              its verdicts answered
//   verdict    the first `Case #` line shown
//   worker     the worker's server initialized (it answers from then on)
//   editor     Monaco holds the board
//
//   node tests/web/first-verdict-timeline.mjs [--runs N] [--warm] [--no-settle]   (after cargo xtask web)
//
// Environment: BOARDLS_CHROMIUM, BOARDLS_WEB_DIST as for playground.mjs.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import { waitForBrowserUp } from './quiet.mjs';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const { chromium } = createRequire(join(repo, 'web/package.json'))('playwright-core');
const dist = resolve(repo, process.env.BOARDLS_WEB_DIST || 'dist/web');
const args = process.argv.slice(2);
const runs = Number(args.includes('--runs') ? args[args.indexOf('--runs') + 1] : 5);
const warm = args.includes('--warm');
const settle = !args.includes('--no-settle');

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.ttf': 'font/ttf' };
const server = createServer((request, response) => {
  const path = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
  const file = normalize(join(dist, path.endsWith('/') ? `${path}index.html` : path));
  if (!file.startsWith(dist + sep) || !existsSync(file) || !statSync(file).isFile()) {
    response.writeHead(404).end();
    return;
  }
  // Cacheable for --warm's second visit, as a static host serves it.
  response.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'cache-control': warm ? 'max-age=3600' : 'no-cache' });
  response.end(readFileSync(file));
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const base = `http://127.0.0.1:${server.address().port}`;

let seed = (Number(process.env.BOARDLS_WEB_SEED) || Date.now()) >>> 0 || 1;
const random = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 2 ** 32;
};
function link(game) {
  const size = game === 'go9' ? 9 : 4;
  const cells = game === 'go9' ? 'xo.' : 'XO.';
  const boards = Array.from({ length: 3 }, () =>
    Array.from({ length: size }, () => Array.from({ length: size }, () => cells[Math.floor(random() * 3)]).join('')).join('\n'),
  );
  const text = `3\n${boards.join('\n\n')}\n`;
  return `${base}/index.html#v1.${game}.${deflateRawSync(Buffer.from(text)).toString('base64url')}`;
}

async function visit(page, url) {
  // As tests/web/playground.mjs measures it: a reader clicks a link in a
  // browser that is already up (--no-settle: straight after its start).
  if (settle) {
    await waitForBrowserUp();
  }
  await page.goto(url);
  await page.waitForFunction(() => window.firstCaseAt !== null && window.boardlsPlayground, null, { timeout: 30_000 });
  await page.waitForFunction(() => window.boardlsSession.state.capabilities !== null, null, { timeout: 30_000 });
  return page.evaluate(() => {
    const at = (name) => {
      const mark = performance.getEntriesByName(`boardls:${name}`)[0];
      return mark ? Math.round(mark.startTime) : null;
    };
    const resource = (file) => {
      const entry = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname.endsWith(file));
      return entry ? [Math.round(entry.startTime), Math.round(entry.responseEnd)] : null;
    };
    return {
      html: Math.round(performance.getEntriesByType('navigation')[0].responseEnd),
      session: resource('session.js'),
      wasm: resource('boardls_web_bg.wasm'),
      compiled: at('wasm-compiled'),
      started: at('session-start'),
      board: at('board-read'),
      check: [at('first-check-start'), at('first-check-instantiated'), at('first-check-initialized'), at('first-check-done')],
      verdict: Math.round(window.firstCaseAt),
      worker: at('worker-initialized'),
      editor: Math.round(window.boardlsPlayground.state.editorReadyAt),
    };
  });
}

const show = (v) => (v === null || v === undefined ? '-' : Array.isArray(v) ? v.map((x) => x ?? '-').join('-') : String(v));
const rows = [];
for (let run = 1; run <= runs; run += 1) {
  const game = random() < 0.5 ? 'go9' : 'tomek';
  const browser = await chromium.launch({
    executablePath: process.env.BOARDLS_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await (await browser.newContext()).newPage();
  await page.addInitScript(() => {
    window.firstCaseAt = null;
    new MutationObserver(() => {
      const panel = document.getElementById('verdicts');
      if (window.firstCaseAt === null && panel && /Case #/.test(panel.textContent)) {
        window.firstCaseAt = performance.now();
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const cold = await visit(page, link(game));
  rows.push({ run, cache: 'cold', game, ...cold });
  if (warm) {
    await page.goto('about:blank');
    rows.push({ run, cache: 'warm', game, ...(await visit(page, link(game))) });
  }
  await browser.close();
}
server.close();

const columns = ['run', 'cache', 'game', 'html', 'session', 'wasm', 'compiled', 'started', 'board', 'check', 'verdict', 'worker', 'editor'];
console.log(columns.join('\t'));
for (const row of rows) {
  console.log(columns.map((c) => show(row[c])).join('\t'));
}
for (const cache of warm ? ['cold', 'warm'] : ['cold']) {
  const times = rows.filter((r) => r.cache === cache).map((r) => r.verdict).sort((a, b) => a - b);
  console.log(`${cache}: first verdict median ${times[Math.floor(times.length / 2)]} ms (${times.join(', ')})`);
}
