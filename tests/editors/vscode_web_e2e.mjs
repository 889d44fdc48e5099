// End-to-end test of the VS Code extension as VS Code for the Web runs it:
// code-server 4.100.3 (VS Code 1.100) in headless Debian chromium through
// playwright-core, with the universal boardls .vsix (no native server; the
// WebAssembly server in server-web/) and a small browser-only test
// extension installed. The user setting
//   "remote.extensionKind": { "boardls.boardls": ["web"] }
// makes code-server run boardls in the web-worker extension host, from its
// `browser` entry, as vscode.dev does (without it, an extension with a
// `main` runs in code-server's Node host). The test extension, in that host
// too, checks that the server that answers is the wasm build (its
// serverInfo.version ends in +wasm32) and takes steps of scenario.json: a
// diagnostic, hovers with the picture, the fill-`!` action, an input and
// its answer file paired while both are open. This script prints its
// results, then reads the extension's output channel in the page for the
// line `boardls VERSION+wasm32 in a web worker`. No boardls is on the PATH
// code-server runs with, and the installed extension has no server/ folder.
// Ends with `N passed, N failed`; exit status 1 on any failure, and when
// it took another number of checks than EXPECTED_CHECKS says.
//
//   cargo xtask web && cargo xtask dist && node tests/editors/vscode_web_e2e.mjs
//
// Environment (defaults in brackets):
//   BOARDLS_UNIVERSAL_VSIX  the extension [dist/boardls.vsix]
//   BOARDLS_WEB_E2E_VSIX    the test extension [tests/editors/vscode-web-e2e-ext/boardls-web-e2e.vsix]
//   BOARDLS_WEB_E2E_STATE   scratch folder [.tools/vscode-web-e2e]
//   BOARDLS_WEB_E2E_HOST    web [web]; desktop: leave out the setting above, so
//                           that boardls runs in the Node host (the wasm checks
//                           must then fail: how this test was seen to fail)
//   CHROMIUM                [/usr/bin/chromium]
//   BOARDLS_E2E_RESULT_TIMEOUT  ms for the first result [300000]
//   BOARDLS_E2E_STEP_TIMEOUT    ms for each further result [60000]

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  dumpLogs, freePort, launchChromium, pathWithoutBoardls, sleep, stopAll, waitForHttp, zipEntries,
} from './vscode_common.mjs';

/**
 * The checks a whole run takes: 7 here, and the test extension's 33 (its
 * host, the wasm server twice, then one a step: 5 of daemon_steps, 15 of
 * steps from samples.uttt, the project file opened, 9 of problem_steps).
 * Fewer (a step list or op renamed in scenario.json, a step left out)
 * fails the run; a check added raises this.
 */
const EXPECTED_CHECKS = 40;

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const env = process.env;
const vsix = path.resolve(env.BOARDLS_UNIVERSAL_VSIX || path.join(repo, 'dist/boardls.vsix'));
const testVsix = path.resolve(env.BOARDLS_WEB_E2E_VSIX || path.join(here, 'vscode-web-e2e-ext/boardls-web-e2e.vsix'));
const state = path.resolve(env.BOARDLS_WEB_E2E_STATE || path.join(repo, '.tools/vscode-web-e2e'));
const host = env.BOARDLS_WEB_E2E_HOST || 'web';
const chromiumPath = env.CHROMIUM || '/usr/bin/chromium';
const codeServer = path.join(here, 'node_modules/.bin/code-server');
const RESULT_TIMEOUT = Number(env.BOARDLS_E2E_RESULT_TIMEOUT || 300000);
const STEP_TIMEOUT = Number(env.BOARDLS_E2E_STEP_TIMEOUT || 60000);
/** What the browser entry writes to its output channel once the wasm server answered initialize. */
const WASM_LINE = /^boardls \S+\+wasm32 in a web worker$/m;
/** The files that make the extension run in the browser. */
const WEB_FILES = ['extension/out/browser.js', 'extension/server-web/server-worker.js', 'extension/server-web/boardls_web_bg.wasm'];

let passed = 0;
let failed = 0;
function record(ok, what, detail) {
  if (ok) {
    passed += 1;
    console.log(`ok ${passed + failed} - ${what}`);
  } else {
    failed += 1;
    console.log(`not ok ${passed + failed} - ${what}`);
    for (const line of String(detail || '').split('\n').filter(Boolean)) {
      console.log(`    ${line}`);
    }
  }
}

async function main() {
  for (const [what, file] of [['the universal extension', vsix], ['the test extension', testVsix],
    ['code-server', codeServer], ['chromium', chromiumPath]]) {
    if (!fs.existsSync(file)) {
      record(false, `${what} exists`, `missing: ${file}`);
      return;
    }
  }
  const entries = zipEntries(vsix);
  const missing = WEB_FILES.filter((file) => !entries.includes(file));
  const native = entries.filter((file) => file.startsWith('extension/server/'));
  record(missing.length === 0 && native.length === 0,
    `${path.basename(vsix)} has the browser entry and the wasm server, and no native server`,
    `missing: ${missing.join(' ') || '-'}; native: ${native.join(' ') || '-'}`);
  const manifest = JSON.parse(spawnSync('python3', ['-c',
    'import sys, zipfile; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read("extension/package.json").decode())', vsix],
  { encoding: 'utf8' }).stdout || '{}');
  record(manifest.browser === './out/browser.js', 'its package.json names the browser entry (./out/browser.js)',
    `browser: ${JSON.stringify(manifest.browser)}`);

  fs.rmSync(state, { recursive: true, force: true });
  const userData = path.join(state, 'user-data');
  const extensions = path.join(state, 'extensions');
  const workspace = path.join(state, 'workspace');
  const browserProfile = path.join(state, 'chromium');
  for (const dir of [userData, extensions, workspace, browserProfile, path.join(userData, 'User')]) {
    fs.mkdirSync(dir, { recursive: true });
  }
  fs.cpSync(path.join(here, 'fixtures'), workspace, { recursive: true });
  fs.copyFileSync(path.join(here, 'scenario.json'), path.join(workspace, 'scenario.json'));
  fs.writeFileSync(path.join(userData, 'User', 'settings.json'), JSON.stringify({
    // code-server runs an extension that has a `main` in its Node host;
    // this makes it take the `browser` entry in the web worker instead.
    ...(host === 'web' ? { 'remote.extensionKind': { 'boardls.boardls': ['web'] } } : {}),
    'security.workspace.trust.enabled': false,
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.welcomePage.walkthroughs.openOnInstall': false,
    'telemetry.telemetryLevel': 'off',
    'extensions.autoUpdate': false,
    'extensions.autoCheckUpdates': false,
    'update.mode': 'none',
    'git.enabled': false,
    'chat.commandCenter.enabled': false,
    'files.exclude': { 'scenario.json': true, '.boardls-web-e2e-*': true },
  }, null, 1));
  console.log(`# extension host for boardls: ${host === 'web' ? 'the web worker (remote.extensionKind: web)' : 'code-server\'s default (BOARDLS_WEB_E2E_HOST=desktop)'}`);

  const common = ['--user-data-dir', userData, '--extensions-dir', extensions, '--config', path.join(state, 'config.yaml')];
  const install = spawnSync(codeServer, [...common, '--install-extension', vsix, '--install-extension', testVsix], {
    encoding: 'utf8', timeout: 120000,
  });
  const installed = (fs.existsSync(extensions) && fs.readdirSync(extensions)) || [];
  const boardlsDir = installed.find((d) => d.startsWith('boardls.boardls-') && !d.startsWith('boardls.boardls-web-e2e-'));
  record(install.status === 0 && boardlsDir !== undefined && installed.some((d) => d.startsWith('boardls.boardls-web-e2e-')),
    `code-server installs ${path.basename(vsix)} and the test extension`,
    `${install.stdout}\n${install.stderr}\n${String(install.error || '')}`);
  if (failed > 0) {
    return;
  }
  const serverFolder = path.join(extensions, boardlsDir, 'server');
  record(!fs.existsSync(serverFolder), 'the installed extension has no native server (no server/ folder)', serverFolder);

  const port = await freePort();
  const codeServerLog = [];
  const { PATH, dropped } = pathWithoutBoardls();
  if (dropped.length > 0) {
    console.log(`# left out of code-server's PATH, for holding a boardls: ${dropped.join(' ')}`);
  }
  const started = Date.now();
  const cs = spawn(codeServer, [...common, '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', '--disable-getting-started-override',
    workspace], { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, PATH } });
  cs.stdout.on('data', (d) => codeServerLog.push(String(d)));
  cs.stderr.on('data', (d) => codeServerLog.push(String(d)));
  let browser;
  try {
    const up = await waitForHttp(`http://127.0.0.1:${port}/healthz`, 60000);
    record(up, `code-server serves on 127.0.0.1:${port}`, codeServerLog.join(''));
    if (!up) {
      return;
    }
    browser = await launchChromium(browserProfile, chromiumPath);
    const page = browser.pages()[0] ?? await browser.newPage();
    const pageTrouble = [];
    page.on('pageerror', (err) => pageTrouble.push(String(err).slice(0, 300)));
    // The web-worker extension host logs to the page's console.
    page.on('console', (message) => {
      if (/boardls/i.test(message.text())) {
        pageTrouble.push(`console.${message.type()}: ${message.text().slice(0, 300)}`);
      }
    });
    await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}`);
    await page.waitForSelector('.monaco-workbench', { timeout: 60000 });
    record(true, 'the workbench opens in chromium');

    const resultFile = path.join(workspace, '.boardls-web-e2e-result.json');
    let reported = 0;
    let done = false;
    let firstResult;
    let end = Date.now() + RESULT_TIMEOUT;
    while (!done && Date.now() < end && cs.exitCode === null) {
      await sleep(250);
      let report;
      try {
        report = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
      } catch {
        continue; // not there yet, or being written
      }
      if (reported === 0 && report.results.length > 0) {
        firstResult = Date.now();
        console.log(`# VS Code ${report.vscode} (code-server)`);
      }
      for (const r of report.results.slice(reported)) {
        record(r.ok, r.what, r.detail);
      }
      if (report.results.length > reported) {
        reported = report.results.length;
        end = Date.now() + STEP_TIMEOUT;
      }
      done = report.done;
    }
    if (!done) {
      record(false, 'the test extension reports all its results', reported === 0
        ? `none within ${RESULT_TIMEOUT} ms` : `nothing after result ${reported} for ${STEP_TIMEOUT} ms`);
    }
    if (firstResult !== undefined) {
      console.log(`# from code-server's start to the first result: ${firstResult - started} ms; to the last: ${Date.now() - started} ms`);
    }

    // The output channel, as a user reads it: the command opens it.
    await page.keyboard.press('F1');
    await page.keyboard.type('boardls: Show the server\'s output');
    await sleep(500);
    await page.keyboard.press('Enter');
    let outputText = '';
    const shown = await (async () => {
      for (const stop = Date.now() + 20000; Date.now() < stop; await sleep(250)) {
        outputText = await page.locator('.part.panel .monaco-editor .view-lines').first().innerText().catch(() => '');
        outputText = outputText.replace(/\u00a0/g, ' ');
        if (WASM_LINE.test(outputText)) {
          return true;
        }
      }
      return false;
    })();
    record(shown, 'the boardls output channel says the wasm server answered: boardls VERSION+wasm32 in a web worker',
      `output channel text:\n${outputText || '(nothing shown)'}`);

    if (failed > 0) {
      dumpLogs(userData, codeServerLog);
      for (const line of pageTrouble.slice(-20)) {
        console.log(`#   ${line}`);
      }
    }
  } finally {
    await stopAll(browser, cs);
  }
}

try {
  await main();
} catch (err) {
  record(false, 'the test driver raised an error', String((err && err.stack) || err));
}
if (passed + failed !== EXPECTED_CHECKS) {
  record(false, `the run took ${passed + failed} checks, EXPECTED_CHECKS says ${EXPECTED_CHECKS}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
