// End-to-end test of the VS Code extension in a real VS Code: code-server
// 4.100.3 (VS Code 1.100) with the platform-specific boardls .vsix (built by
// `cargo xtask dist`, the server inside) and a small test extension
// installed beside it, opened in headless Debian chromium through
// playwright-core so that the extension host starts. No boardls is on the
// PATH code-server runs with, and no setting names one: the extension must
// find the server it ships. The test extension takes the steps of
// scenario.json through the VS Code API and writes its results into the
// workspace; this script prints them, one line per step, and a closing
// `N passed, N failed`. Exit status 1 on any failure, and when it took
// another number of checks than EXPECTED_CHECKS says.
//
//   cargo xtask dist && node tests/editors/vscode_e2e.mjs
//
// Environment (defaults in brackets):
//   BOARDLS            the server binary for the daemon steps [target/release/boardls]
//   BOARDLS_VSIX       the extension [dist/boardls-linux-x64.vsix]
//   BOARDLS_UNIVERSAL_VSIX  the universal extension, only listed [dist/boardls.vsix]
//   BOARDLS_E2E_VSIX   the test extension [tests/editors/vscode-e2e-ext/boardls-e2e.vsix]
//   BOARDLS_E2E_STATE  scratch folder [.tools/vscode-e2e]
//   BOARDLS_SCREENSHOT where to save the screenshot [.tools/vscode-e2e-screenshot.png];
//                      editors/vscode/images/screenshot.png to refresh the README's
//                      (and its light-theme twin, NAME-light.png beside it)
//   CHROMIUM           [/usr/bin/chromium]
//   BOARDLS_E2E_THEME  the colour theme [Default Dark Modern]
//   BOARDLS_E2E_RESULT_TIMEOUT  ms for the first result [300000]
//   BOARDLS_E2E_STEP_TIMEOUT    ms for each further result [60000]
//   BOARDLS_E2E_BIG    1: also type in documents of 1,000-100,000 positions and
//                      print the times (issue 23's measurement; minutes more;
//                      tests/run.sh sets it under CI=true, and without it the
//                      test writes a skip record, tests/skip-record.mjs);
//                      only: that alone (the other steps then fail)
//   BOARDLS_E2E_PROFILE  a folder: CPU profiles of the extension host and the page
//                      while typing at 100,000 .uttt positions
//   BOARDLS_E2E_NO_MERGE_CONFLICT  1: turn off the built-in merge-conflict
//                      extension's decorations and code lenses (it reads the
//                      whole document after each edit), to tell its time from ours

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordSkip } from '../skip-record.mjs';
import {
  dumpLogs, freePort, launchChromium, pathWithoutBoardls, sleep, stopAll, waitForHttp, zipEntries,
} from './vscode_common.mjs';

/**
 * The checks a whole run takes, and those BOARDLS_E2E_BIG=1 adds (one for
 * each of the 7 big documents, and one for the tokens of each of the 4
 * over 50,000 lines). Fewer (a step list renamed in scenario.json, a step
 * left out) fails the run; a check added raises its count here.
 */
const EXPECTED_CHECKS = { steps: 192, big: 11 };

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const env = process.env;
const server = path.resolve(env.BOARDLS || path.join(repo, 'target/release/boardls'));
const vsix = path.resolve(env.BOARDLS_VSIX || path.join(repo, 'dist/boardls-linux-x64.vsix'));
const universalVsix = path.resolve(env.BOARDLS_UNIVERSAL_VSIX || path.join(repo, 'dist/boardls.vsix'));
// A .vsix holds these and nothing else: the manifest and its strings in
// English, Russian and Simplified Chinese, the bundled clients
// (desktop and browser), the WebAssembly server and its worker, grammars,
// language configuration, README, CHANGELOG, LICENSE, the README's picture,
// the Marketplace icon, and in a platform build the native server.
const VSIX_FILES = [
  '[Content_Types].xml', 'extension.vsixmanifest', 'extension/package.json', 'extension/package.nls.json',
  'extension/package.nls.ru.json', 'extension/package.nls.zh-cn.json', 'extension/out/main.js',
  'extension/out/browser.js', 'extension/server-web/server-worker.js', 'extension/server-web/boardls_web_bg.wasm',
  'extension/syntaxes/uttt.tmLanguage.json', 'extension/syntaxes/go9.tmLanguage.json',
  'extension/syntaxes/tomek.tmLanguage.json', 'extension/language-configuration.json', 'extension/readme.md',
  'extension/changelog.md', 'extension/LICENSE.txt', 'extension/images/screenshot.png',
  'extension/images/icon.png',
];
const testVsix = path.resolve(env.BOARDLS_E2E_VSIX || path.join(here, 'vscode-e2e-ext/boardls-e2e.vsix'));
const state = path.resolve(env.BOARDLS_E2E_STATE || path.join(repo, '.tools/vscode-e2e'));
const screenshot = path.resolve(env.BOARDLS_SCREENSHOT || path.join(state, '..', 'vscode-e2e-screenshot.png'));
// The same in the default light theme, beside it (screenshot-light.png).
const lightScreenshot = screenshot.replace(/(\.png)?$/, '-light.png');
const LIGHT_THEME = 'Default Light Modern';
const chromiumPath = env.CHROMIUM || '/usr/bin/chromium';
const codeServer = path.join(here, 'node_modules/.bin/code-server');
// The test extension's first result must come within RESULT_TIMEOUT ms of
// the workbench opening, and each further one within STEP_TIMEOUT ms of the
// one before (its own checks give up after 15 s).
const RESULT_TIMEOUT = Number(env.BOARDLS_E2E_RESULT_TIMEOUT || 300000);
const STEP_TIMEOUT = Number(env.BOARDLS_E2E_STEP_TIMEOUT || 60000);

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

/** Whether the .vsix holds exactly `expected` (any order). */
function checkVsix(file, expected, what) {
  const entries = zipEntries(file);
  const want = [...expected].sort();
  const same = entries.length === want.length && entries.every((e, i) => e === want[i]);
  record(same, `${what}: ${path.basename(file)} holds ${want.length} files`,
    `expected:\n${want.join('\n')}\nfound (${entries.length}):\n${entries.join('\n')}`);
}

/**
 * The two windows' `boardls lsp --connect auto` reached one daemon: one
 * socket and lock in the runtime folder, one `boardls daemon` process (the
 * lock's pid), whose log shows at least two sessions. Then it is stopped.
 */
function sharedDaemonProcess(runDir) {
  const dir = path.join(runDir, 'boardls');
  const locks = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.sock.lock')) : [];
  const lock = locks.length === 1 ? path.join(dir, locks[0]) : undefined;
  const pid = lock === undefined ? undefined : Number(fs.readFileSync(lock, 'utf8').trim());
  const daemons = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args[1] === 'daemon' && args.some((arg) => arg.startsWith(dir))) {
        daemons.push(Number(entry));
      }
    } catch {
      // gone meanwhile
    }
  }
  const log = lock === undefined ? '' : fs.readFileSync(lock.replace(/\.lock$/, '.log'), 'utf8');
  const sessions = (log.match(/session #\d+ started/g) || []).length;
  record(daemons.length === 1 && daemons[0] === pid && sessions >= 2,
    `the two windows were sessions of one boardls daemon process (pid ${pid})`,
    `sockets' locks in ${dir}: ${JSON.stringify(locks)}; daemon processes: ${JSON.stringify(daemons)}; ` +
    `sessions in its log: ${sessions}\n${log}`);
  for (const daemon of daemons) {
    try {
      process.kill(daemon, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

/** `rgb(…)`/`rgba(…)` as [r, g, b, a]. */
function rgba(css) {
  const [r, g, b, a = 1] = (css.match(/[\d.]+/g) || []).map(Number);
  return [r, g, b, a];
}

/** WCAG 2 contrast ratio of two opaque [r, g, b] colours. */
function contrast(one, two) {
  const luminance = (rgb) => {
    const [r, g, b] = rgb.slice(0, 3).map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(one), luminance(two)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

/** The cell states whose cells the extension draws on a background. */
const BACKGROUND_STATES = { legalMove: 'boardls-legalMoveBackground', capturePoint: 'boardls-capturePointBackground' };

/**
 * Each line of scenario.json's `rendered` as VS Code draws it in the
 * editor of its file: the text (with the hint after it, its padding read
 * as one space) is exactly the expected one, the listed characters and
 * only they are on the background of their state, whose colour is the
 * extension's, and the text on it is readable (WCAG 4.5:1 over the
 * editor's background).
 */
async function checkRendered(page, rendered, theme) {
  for (const want of rendered) {
    const seen = await page.evaluate(({ file, line, variables }) => {
      const group = [...document.querySelectorAll('.editor-group-container')]
        .find((g) => g.querySelector('.tab.active')?.getAttribute('aria-label')?.startsWith(file));
      const editor = group?.querySelector('.monaco-editor');
      if (!editor) {
        return { error: `no editor of ${file} on screen` };
      }
      const number = [...editor.querySelectorAll('.margin-view-overlays .line-numbers')]
        .find((n) => n.textContent.trim() === String(line + 1));
      const top = number?.parentElement?.style.top;
      const view = [...editor.querySelectorAll('.view-lines .view-line')].find((v) => v.style.top === top);
      if (!number || !view) {
        return { error: `line ${line + 1} of ${file} is not on screen` };
      }
      const probe = document.createElement('span');
      editor.appendChild(probe);
      const colours = {};
      for (const [state, variable] of Object.entries(variables)) {
        probe.style.backgroundColor = `var(--vscode-${variable})`;
        colours[state] = getComputedStyle(probe).backgroundColor;
      }
      probe.remove();
      // Backgrounds are overlays behind the line (VS Code draws a
      // decoration's backgroundColor there, not on the text).
      const overlay = [...editor.querySelectorAll('.view-overlays > div')].find((d) => d.style.top === top);
      const backgrounds = [];
      for (const element of overlay?.querySelectorAll('*') ?? []) {
        const background = getComputedStyle(element).backgroundColor;
        if (Object.values(colours).includes(background)) {
          const box = element.getBoundingClientRect();
          backgrounds.push({ background, left: box.left, right: box.right });
        }
      }
      const chars = [];
      for (const span of view.querySelectorAll('span')) {
        if (span.children.length > 0) {
          continue;
        }
        const style = getComputedStyle(span);
        const padding = span.textContent.trim() === '' && !/[ \u00a0]/.test(span.textContent);
        for (const node of span.childNodes) {
          for (let k = 0; node.nodeType === Node.TEXT_NODE && k < node.data.length; k += 1) {
            const range = document.createRange();
            range.setStart(node, k);
            range.setEnd(node, k + 1);
            const box = range.getBoundingClientRect();
            const centre = (box.left + box.right) / 2;
            const under = backgrounds.find((b) => b.left <= centre && centre <= b.right);
            chars.push({ ch: node.data[k], background: under?.background ?? 'none', color: style.color, padding });
          }
        }
      }
      const editorBackground = getComputedStyle(editor.querySelector('.monaco-editor-background') ?? editor).backgroundColor;
      return { chars, colours, editorBackground, raw: view.textContent };
    }, { file: want.file, line: want.line, variables: BACKGROUND_STATES });
    const what = `${want.file} line ${want.line} as VS Code draws it (${theme}): ${want.text}`;
    if (seen.error) {
      record(false, what, seen.error);
      continue;
    }
    // Spaces are no-break spaces in the DOM; the hint's padding is a
    // narrow space of its own.
    const text = seen.chars.map((c) => (c.ch === '\u00a0' || c.padding ? ' ' : c.ch)).join('');
    const problems = [];
    if (text !== want.text) {
      problems.push(`drawn: ${JSON.stringify(text)} (raw ${JSON.stringify(seen.raw)})`);
    }
    const below = rgba(seen.editorBackground);
    const sourceLength = want.text.indexOf(' # ');
    for (const [state] of Object.entries(BACKGROUND_STATES)) {
      const expected = want[state] ?? [];
      const colour = seen.colours[state];
      const on = seen.chars.slice(0, sourceLength).flatMap((c, i) => (c.background === colour ? [i] : []));
      if (JSON.stringify(on) !== JSON.stringify(expected)) {
        problems.push(`on the ${state} background (${colour}): characters ${JSON.stringify(on)}, expected ${JSON.stringify(expected)}`);
      }
      for (const i of on) {
        const [r, g, b, a] = rgba(seen.chars[i].background);
        const cell = [r, g, b].map((c, k) => a * c + (1 - a) * below[k]);
        const ratio = contrast(rgba(seen.chars[i].color), cell);
        if (ratio < 4.5) {
          problems.push(`character ${i}: ${seen.chars[i].color} on ${seen.chars[i].background} over ${seen.editorBackground}: contrast ${ratio.toFixed(2)}:1, below 4.5:1`);
        }
      }
    }
    record(problems.length === 0, what, problems.join('\n'));
  }
}

async function main() {
  for (const [what, file] of [['the server binary', server], ['the extension', vsix],
    ['the universal extension', universalVsix], ['the test extension', testVsix],
    ['code-server', codeServer], ['chromium', chromiumPath]]) {
    if (!fs.existsSync(file)) {
      record(false, `${what} exists`, `missing: ${file}`);
      return;
    }
  }
  checkVsix(vsix, [...VSIX_FILES, 'extension/server/boardls'], 'the platform extension has the server inside');
  checkVsix(universalVsix, VSIX_FILES, 'the universal extension has no native server');

  // A fresh profile every run: nothing left from an earlier one counts.
  fs.rmSync(state, { recursive: true, force: true });
  const userData = path.join(state, 'user-data');
  const extensions = path.join(state, 'extensions');
  const workspace = path.join(state, 'workspace');
  const browserProfile = path.join(state, 'chromium');
  // The second window's folder, for the shared daemon's steps.
  const workspace2 = path.join(state, 'workspace2');
  // The runtime folder of code-server and all it starts: the shared daemon's
  // socket goes there (boardls/ below it), away from the user's.
  const runDir = path.join(state, 'run');
  for (const dir of [userData, extensions, workspace, workspace2, browserProfile, runDir, path.join(userData, 'User')]) {
    fs.mkdirSync(dir, { recursive: true });
  }
  fs.chmodSync(runDir, 0o700);
  fs.cpSync(path.join(here, 'fixtures'), workspace, { recursive: true });
  fs.copyFileSync(path.join(here, 'fixtures', 'broken.tomek'), path.join(workspace, 'shared-1.tomek'));
  fs.copyFileSync(path.join(here, 'fixtures', 'broken.tomek'), path.join(workspace2, 'shared-2.tomek'));
  fs.writeFileSync(path.join(workspace2, 'peer.json'), JSON.stringify({
    report: path.join(workspace, '.boardls-e2e-peer.json'),
    scenario: path.join(workspace, 'scenario.json'),
  }));
  // The copy the run in Chinese opens.
  const { chinese } = JSON.parse(fs.readFileSync(path.join(here, 'scenario.json'), 'utf8'));
  fs.copyFileSync(path.join(here, 'fixtures', chinese.file), path.join(workspace, `zh-${chinese.file}`));
  // Untouched copies for the test extension to restore before the screenshot.
  fs.mkdirSync(path.join(workspace, 'original'));
  for (const file of ['samples.uttt', 'ancientgo.go9', 'sample.tomek']) {
    fs.copyFileSync(path.join(here, 'fixtures', file), path.join(workspace, 'original', `${file}.txt`));
  }
  fs.copyFileSync(path.join(here, 'scenario.json'), path.join(workspace, 'scenario.json'));
  // No boardls.path anywhere: the extension finds the server it ships.
  fs.writeFileSync(path.join(userData, 'User', 'settings.json'), JSON.stringify({
    'boardls.trace.server': 'off',
    'security.workspace.trust.enabled': false,
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.welcomePage.walkthroughs.openOnInstall': false,
    'workbench.colorTheme': env.BOARDLS_E2E_THEME || 'Default Dark Modern',
    'telemetry.telemetryLevel': 'off',
    'extensions.autoUpdate': false,
    'extensions.autoCheckUpdates': false,
    'update.mode': 'none',
    'git.enabled': false,
    'chat.commandCenter.enabled': false,
    'editor.inlayHints.enabled': 'on',
    'editor.minimap.enabled': false,
    'editor.fontSize': 15,
    // No grey boxes around the words like the one under the cursor.
    'editor.occurrencesHighlight': 'off',
    ...(env.BOARDLS_E2E_NO_MERGE_CONFLICT ? {
      'merge-conflict.decorators.enabled': false,
      'merge-conflict.codeLens.enabled': false,
    } : {}),
    'files.exclude': {
      'scenario.json': true, '.boardls-e2e-*': true, 'daemon-address.txt': true, 'peer.json': true,
      'bundled-server.txt': true, original: true,
    },
  }, null, 1));
  // A daemon for the test extension to connect to with boardls.server.address.
  const daemonLog = [];
  const daemon = spawn(server, ['lsp', '--listen', '127.0.0.1:0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  daemon.stderr.on('data', (d) => daemonLog.push(String(d)));
  let daemonPort;
  let tokenFile;
  for (let end = Date.now() + 15000; (daemonPort === undefined || tokenFile === undefined) && Date.now() < end;) {
    daemonPort = /listening on 127\.0\.0\.1:(\d+)/.exec(daemonLog.join(''))?.[1];
    tokenFile = /token file (\S+)/.exec(daemonLog.join(''))?.[1];
    await sleep(50);
  }
  record(daemonPort !== undefined && tokenFile !== undefined,
    'the daemon listens (boardls lsp --listen 127.0.0.1:0) and names its token file', daemonLog.join(''));
  if (daemonPort !== undefined && tokenFile !== undefined) {
    fs.writeFileSync(path.join(workspace, 'daemon-address.txt'), `127.0.0.1:${daemonPort}\n${tokenFile}\n`);
  }
  try {
    await withDaemon({ userData, extensions, workspace, workspace2, browserProfile, runDir }, daemonLog);
  } finally {
    daemon.kill('SIGTERM');
  }
}

/**
 * The page's CPU profile, when the test extension asks for it
 * (BOARDLS_E2E_PROFILE): it writes .boardls-e2e-profile-start, then
 * -stop, naming the file to write; each is removed once done. Returns the
 * CDP session while profiling.
 */
async function profilePage(page, workspace, profiler) {
  const start = path.join(workspace, '.boardls-e2e-profile-start');
  const stop = path.join(workspace, '.boardls-e2e-profile-stop');
  if (profiler === undefined && fs.existsSync(start)) {
    const session = await page.context().newCDPSession(page);
    await session.send('Profiler.enable');
    await session.send('Profiler.start');
    fs.unlinkSync(start);
    return session;
  }
  if (profiler !== undefined && fs.existsSync(stop)) {
    const { profile } = await profiler.send('Profiler.stop');
    fs.writeFileSync(fs.readFileSync(stop, 'utf8'), JSON.stringify(profile));
    await profiler.detach();
    fs.unlinkSync(stop);
    return undefined;
  }
  return profiler;
}

/** The rest of main(): install, start code-server and chromium, read the results. */
async function withDaemon({ userData, extensions, workspace, workspace2, browserProfile, runDir }, daemonLog) {
  const common = ['--user-data-dir', userData, '--extensions-dir', extensions, '--config', path.join(state, 'config.yaml')];

  const install = spawnSync(codeServer, [...common, '--install-extension', vsix, '--install-extension', testVsix], {
    encoding: 'utf8', timeout: 120000,
  });
  const installed = (fs.existsSync(extensions) && fs.readdirSync(extensions)) || [];
  const boardlsDir = installed.find((d) => d.startsWith('boardls.boardls-') && !d.startsWith('boardls.boardls-e2e-'));
  record(install.status === 0 && boardlsDir !== undefined && installed.some((d) => d.startsWith('boardls.boardls-e2e-')),
    `code-server installs ${path.basename(vsix)} and the test extension`,
    `${install.stdout}\n${install.stderr}\n${String(install.error || '')}`);
  if (failed > 0) {
    return;
  }
  const bundled = path.join(extensions, boardlsDir, 'server', 'boardls');
  let mode = 0;
  try {
    mode = fs.statSync(bundled).mode;
  } catch {
    // missing: reported below
  }
  record((mode & 0o111) === 0o111, 'the installed extension\'s server/boardls is executable',
    `${bundled}: mode ${mode.toString(8)}`);
  fs.writeFileSync(path.join(workspace, 'bundled-server.txt'), `${bundled}\n`);

  const port = await freePort();
  const codeServerLog = [];
  const { PATH, dropped } = pathWithoutBoardls();
  if (dropped.length > 0) {
    console.log(`# left out of code-server's PATH, for holding a boardls: ${dropped.join(' ')}`);
  }
  const cs = spawn(codeServer, [...common, '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', '--disable-getting-started-override',
    workspace], { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, PATH, XDG_RUNTIME_DIR: runDir, BOARDLS_E2E: '1' } });
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
    // What the page said went wrong, shown if the suite stalls.
    const pageTrouble = [];
    page.on('crash', () => pageTrouble.push(`${new Date().toISOString()} the page crashed`));
    page.on('pageerror', (err) => pageTrouble.push(`${new Date().toISOString()} ${String(err).slice(0, 300)}`));
    await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}`);
    await page.waitForSelector('.monaco-workbench', { timeout: 60000 });
    record(true, 'the workbench opens in chromium');

    // Prints the extension's results as they come, until it says it is done.
    const resultFile = path.join(workspace, '.boardls-e2e-result.json');
    const peerWanted = path.join(workspace, '.boardls-e2e-peer-wanted');
    const peerReport = path.join(workspace, '.boardls-e2e-peer.json');
    let peerPage;
    let peerSize = 0;
    let reported = 0;
    let done = false;
    let end = Date.now() + RESULT_TIMEOUT;
    let profiler;
    while (!done && Date.now() < end && cs.exitCode === null) {
      await sleep(250);
      profiler = await profilePage(page, workspace, profiler);
      // The second window of the shared daemon's steps, when the first asks.
      if (peerPage === undefined && fs.existsSync(peerWanted)) {
        peerPage = await browser.newPage();
        await peerPage.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace2)}`);
        end = Date.now() + RESULT_TIMEOUT;
      }
      // The second window's results count as progress too.
      const size = fs.existsSync(peerReport) ? fs.statSync(peerReport).size : 0;
      if (size !== peerSize) {
        peerSize = size;
        end = Date.now() + STEP_TIMEOUT;
      }
      if (!fs.existsSync(resultFile)) {
        continue;
      }
      const report = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
      if (reported === 0 && report.results.length > 0) {
        console.log(`# VS Code ${report.vscode} (code-server), server ${server}`);
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
        ? `none within ${RESULT_TIMEOUT} ms`
        : `nothing after result ${reported} for ${STEP_TIMEOUT} ms${cs.exitCode === null ? '' : ' (code-server exited)'}`);
      dumpLogs(userData, codeServerLog);
      const steps = path.join(workspace, '.boardls-e2e-steps.log');
      for (const line of [
        ...(fs.existsSync(steps) ? fs.readFileSync(steps, 'utf8').trimEnd().split('\n').slice(-12) : []),
        ...pageTrouble.slice(-12),
      ]) {
        console.log(`#   ${line}`);
      }
      return;
    }
    const big = path.join(workspace, 'big-documents.md');
    if (fs.existsSync(big)) {
      console.log('# typing in big documents (BOARDLS_E2E_BIG=1):');
      for (const line of fs.readFileSync(big, 'utf8').trimEnd().split('\n')) {
        console.log(`#   ${line}`);
      }
    }
    const sessions = daemonLog.join('');
    record(/session from 127\.0\.0\.1:\d+ started/.test(sessions) && /session from 127\.0\.0\.1:\d+ ended/.test(sessions),
      'the extension had a daemon session and ended it when the setting was cleared', sessions);
    sharedDaemonProcess(runDir);
    if (peerPage !== undefined) {
      await peerPage.close().catch(() => {});
    }
    // The test extension left three files side by side: their lines as
    // drawn, then the screenshot; again in the default light theme.
    const { rendered } = JSON.parse(fs.readFileSync(path.join(here, 'scenario.json'), 'utf8'));
    await sleep(2000);
    await checkRendered(page, rendered, 'dark theme');
    fs.mkdirSync(path.dirname(screenshot), { recursive: true });
    await page.screenshot({ path: screenshot });
    console.log(`# screenshot: ${path.relative(repo, screenshot)}`);
    // The test extension sets it, as a user would.
    fs.writeFileSync(path.join(workspace, '.boardls-e2e-theme'), `${LIGHT_THEME}\n`);
    let light = false;
    try {
      await page.waitForSelector('.monaco-workbench.vs:not(.vs-dark)', { timeout: 30000 });
      light = true;
    } catch {
      light = false;
    }
    record(light, `the workbench turns to ${LIGHT_THEME} when the settings say so`);
    if (light) {
      await sleep(2000);
      await checkRendered(page, rendered, 'light theme');
      await page.screenshot({ path: lightScreenshot });
      console.log(`# screenshot: ${path.relative(repo, lightScreenshot)}`);
    }

    // A wrong boardls.path: the extension restarts its client and says so,
    // with a button to open the setting.
    fs.mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
    fs.writeFileSync(path.join(workspace, '.vscode', 'settings.json'),
      JSON.stringify({ 'boardls.path': path.join(state, 'no-such-boardls') }));
    const toast = page.locator('.notifications-toasts').filter({ hasText: 'cannot start the language server' });
    let shown = false;
    try {
      await toast.first().waitFor({ timeout: 30000 });
      shown = await toast.first().getByRole('button', { name: 'Open settings' }).count() > 0;
    } catch {
      shown = false;
    }
    record(shown, 'a missing server binary is reported with an "Open settings" action',
      await page.locator('.notifications-toasts').innerText().catch(() => '(no notification)'));

    if (failed > 0) {
      dumpLogs(userData, codeServerLog);
    }
  } finally {
    await stopAll(browser, cs);
  }
}

if (env.BOARDLS_E2E_BIG !== '1' && env.BOARDLS_E2E_BIG !== 'only') {
  recordSkip('vscode', 'typing in documents of 1,000 to 100,000 positions', 'BOARDLS_E2E_BIG is not 1');
}
try {
  await main();
} catch (err) {
  record(false, 'the test driver raised an error', String((err && err.stack) || err));
}
const expected = EXPECTED_CHECKS.steps + (env.BOARDLS_E2E_BIG === '1' ? EXPECTED_CHECKS.big : 0);
if (passed + failed !== expected) {
  record(false, `the run took ${passed + failed} checks, EXPECTED_CHECKS says ${expected}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
