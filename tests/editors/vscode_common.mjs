// What the VS Code end-to-end drivers share (vscode_e2e.mjs, the desktop
// extension host; vscode_web_e2e.mjs, the web-worker one): ports, waiting
// for code-server, logs, the files of a .vsix, a PATH without boardls,
// chromium.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';

const env = process.env;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function waitForHttp(url, timeout) {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    try {
      const res = await fetch(url);
      if (res.ok) {
        return true;
      }
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  return false;
}

export function listFiles(dir, pattern) {
  const found = [];
  if (!fs.existsSync(dir)) {
    return found;
  }
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && pattern.test(entry.name)) {
      found.push(path.join(entry.parentPath ?? entry.path, entry.name));
    }
  }
  return found;
}

export function dumpLogs(userData, codeServerLog) {
  console.log('# code-server output (last 40 lines):');
  for (const line of codeServerLog.join('').split('\n').slice(-40)) {
    console.log(`#   ${line}`);
  }
  for (const file of listFiles(path.join(userData, 'logs'), /(exthost|boardls|remoteagent).*\.log$/)) {
    console.log(`# ${path.relative(userData, file)} (last 40 lines):`);
    for (const line of fs.readFileSync(file, 'utf8').split('\n').slice(-40)) {
      console.log(`#   ${line}`);
    }
  }
}

/** The names in a zip file (a .vsix), read with Python's zipfile. */
export function zipEntries(file) {
  const listed = spawnSync('python3', ['-c', 'import sys, zipfile; print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', file],
    { encoding: 'utf8' });
  if (listed.status !== 0) {
    throw new Error(`cannot list ${file}: ${listed.stderr || listed.error}`);
  }
  return listed.stdout.split('\n').filter(Boolean).sort();
}

/** PATH without any folder that holds a `boardls`: the extension must use its own. */
export function pathWithoutBoardls() {
  const kept = [];
  const dropped = [];
  for (const dir of (env.PATH || '').split(path.delimiter)) {
    (dir !== '' && fs.existsSync(path.join(dir, 'boardls')) ? dropped : kept).push(dir);
  }
  return { PATH: kept.join(path.delimiter), dropped };
}

/** Headless chromium with a fresh, empty profile (--user-data-dir), passed the way playwright wants it. */
export function launchChromium(profile, executablePath) {
  return chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Closes the browser, then stops code-server and everything it started (extension host, boardls). */
export async function stopAll(browser, codeServer) {
  if (browser) {
    await browser.close().catch(() => {});
  }
  try {
    process.kill(-codeServer.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
