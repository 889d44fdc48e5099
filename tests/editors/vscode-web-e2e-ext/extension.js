// Takes steps of tests/editors/scenario.json through the VS Code API
// against the boardls extension running in the web-worker extension host,
// and writes the results to .boardls-web-e2e-result.json in the workspace
// folder for tests/editors/vscode_web_e2e.mjs to read. A web worker has no
// Node modules: files are read and written through vscode.workspace.fs.
'use strict';

const vscode = require('vscode');

const TIMEOUT = 15000;
const SEVERITY = { error: 0, warning: 1, information: 2, hint: 3 };
const SEVERITY_NAME = ['error', 'warning', 'information', 'hint'];
/** What the server's version ends in when it is the WebAssembly build (the contract's marker). */
const WASM_MARKER = '+wasm32';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls predicate() until it returns a truthy value or the time is up. */
async function waitFor(predicate, timeout = TIMEOUT) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await predicate();
    if (value || Date.now() >= end) {
      return value;
    }
    await sleep(50);
  }
}

/** The promise's value, or an error if it takes more than `ms`. */
function within(ms, what, promise) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const rtrim = (s) => s.replace(/[ \t\r]+$/, '');

function hoverText(hovers) {
  return (hovers || []).flatMap((hover) => (hover.contents || []).map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
}

class Runner {
  constructor(root, record) {
    this.root = root;
    this.record = record;
  }

  uri(file) {
    return vscode.Uri.joinPath(this.root, ...file.split('/'));
  }

  async readLines(file) {
    const lines = new TextDecoder().decode(await vscode.workspace.fs.readFile(this.uri(file))).split('\n');
    if (lines[lines.length - 1] === '') {
      lines.pop();
    }
    return lines;
  }

  async open(step) {
    this.file = step.file;
    const uri = this.uri(step.file);
    const language = step.language ?? step.filetype;
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
    // A file that boardls.toml maps to a game is opened again as that game.
    const current = () => vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    await waitFor(() => current()?.languageId === language);
    this.doc = current();
    await vscode.window.showTextDocument(this.doc, { preview: false });
    this.record(this.doc.languageId === language, `${step.file}: language is ${language} (${uri.scheme}: URI)`,
      `language: ${this.doc.languageId}`);
  }

  /**
   * Opens a file beside the others, as a user of the browser opens a
   * project's boardls.toml for the server to read it (it reads no file
   * that is not open).
   */
  async open_beside(step) {
    const doc = await vscode.workspace.openTextDocument(this.uri(step.file));
    await vscode.window.showTextDocument(doc, { preview: false, viewColumn: vscode.ViewColumn.Beside });
    this.record(true, `${step.file}: opened, for the server to read it`);
  }

  describeDiagnostics() {
    return vscode.languages.getDiagnostics(this.doc.uri)
      .map((d) => `${d.range.start.line}:${d.range.start.character}-${d.range.end.character} ${SEVERITY_NAME[d.severity]} ${d.message}`)
      .join('\n') || '(none)';
  }

  diagnosticsMatch(step) {
    const list = vscode.languages.getDiagnostics(this.doc.uri);
    const count = (severity) => list.filter((d) => d.severity === SEVERITY[severity]).length;
    if (step.count !== undefined && list.length !== step.count) {
      return false;
    }
    for (const severity of ['errors', 'warnings', 'information']) {
      const name = severity === 'errors' ? 'error' : severity === 'warnings' ? 'warning' : 'information';
      if (step[severity] !== undefined && count(name) !== step[severity]) {
        return false;
      }
    }
    return (step.expect || []).every((want) =>
      list.some((d) =>
        d.range.start.line === want.line &&
        (want.character === undefined || d.range.start.character === want.character) &&
        (want.end_character === undefined || d.range.end.character === want.end_character) &&
        (want.severity === undefined || d.severity === SEVERITY[want.severity])));
  }

  async diagnostics(step) {
    const ok = await waitFor(() => this.diagnosticsMatch(step));
    this.record(ok, `${this.file}: diagnostics: ${step.what || ''}`,
      `expected ${JSON.stringify({ count: step.count, errors: step.errors, warnings: step.warnings, expect: step.expect })}\n` +
      `shown:\n${this.describeDiagnostics()}`);
  }

  async hovers(step) {
    return within(TIMEOUT, 'hover', vscode.commands.executeCommand('vscode.executeHoverProvider',
      this.doc.uri, new vscode.Position(step.line, step.character)));
  }

  async hover(step) {
    let text = '';
    const ok = await waitFor(async () => {
      text = hoverText(await this.hovers(step));
      return text.split('\n').some((l) => rtrim(l) === step.has_line);
    });
    this.record(ok, `${this.file}: hover at ${step.line}:${step.character} has the line ${step.has_line}`,
      `hover text:\n${text || '(none)'}`);
  }

  /** One `data:image/svg+xml;base64,` image whose SVG holds every string of step.svg_has. */
  async hover_picture(step) {
    const text = hoverText(await this.hovers(step));
    const images = [...text.matchAll(/!\[[^\]]*\]\(data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)\)/g)];
    const svg = images.length === 1 ? atob(images[0][1]) : '';
    const cells = (svg.match(/ data-row="/g) || []).length;
    const missing = (step.svg_has || []).filter((want) => !svg.includes(want));
    this.record(images.length === 1 && cells === step.cells && missing.length === 0,
      `${this.file}: hover at ${step.line}:${step.character} has a picture: ${step.what || ''}`,
      `images: ${images.length}; cells: ${cells} (expected ${step.cells}); missing: ${JSON.stringify(missing)}\n${text.slice(0, 1500)}`);
  }

  async action(step) {
    const what = `${this.file}: code action "${step.title || step.kind}" at ${step.line}:${step.character} applies`;
    const pos = new vscode.Position(step.line, step.character);
    let actions = [];
    const chosen = await waitFor(async () => {
      actions = (await within(TIMEOUT, 'code actions', vscode.commands.executeCommand(
        'vscode.executeCodeActionProvider', this.doc.uri, new vscode.Range(pos, pos), step.kind, 10))) || [];
      return actions.find((a) => (step.title !== undefined
        ? a.title === step.title
        : a.kind !== undefined && new vscode.CodeActionKind(step.kind).contains(a.kind)));
    });
    if (!chosen) {
      this.record(false, what, `offered:\n${actions.map((a) => a.title).join('\n') || '(none)'}`);
      return;
    }
    let applied = false;
    if (chosen.edit !== undefined) {
      applied = await vscode.workspace.applyEdit(chosen.edit);
    }
    const command = typeof chosen.command === 'string' ? chosen : chosen.command;
    if (command !== undefined && command.command !== undefined) {
      await vscode.commands.executeCommand(command.command, ...(command.arguments || []));
      applied = true;
    }
    this.record(applied, what, 'the action has no edit or command, or its edit was refused');
  }

  /** A step of an op neither this test nor the desktop one knows. */
  async unknown({ name, step }) {
    this.record(false, `${name}: an op this test knows: ${step.op}`, JSON.stringify(step));
  }

  async text(step) {
    const expected = step.lines || await this.readLines(step.file);
    const current = () => {
      const lines = [];
      for (let i = step.start; i < step.start + expected.length && i < this.doc.lineCount; i++) {
        lines.push(rtrim(this.doc.lineAt(i).text));
      }
      return lines;
    };
    const ok = await waitFor(() => current().join('\n') === expected.map(rtrim).join('\n'));
    this.record(ok, `${this.file}: text: ${step.what || ''}`,
      `expected from line ${step.start}:\n${expected.join('\n')}\ngot:\n${current().join('\n')}`);
  }
}

/** The ops this runner takes. */
const OPS = ['open', 'diagnostics', 'hover', 'hover_picture', 'action', 'text'];
/**
 * The ops it leaves to the desktop test (tests/editors/vscode_e2e.mjs). An
 * op in neither list (a renamed one) is a failure, not a step left out.
 */
const DESKTOP_OPS = ['format', 'inlay', 'no_inlay', 'tokens', 'edit', 'symbols', 'folds', 'cell', 'setting'];

/** The steps of `list` this runner takes; a step of an op it does not know is a failing one. */
function ours(list, name) {
  if (!Array.isArray(list)) {
    throw new Error(`scenario.json has no step list ${name}`);
  }
  return list.flatMap((step) => {
    if (OPS.includes(step.op)) {
      return [step];
    }
    return DESKTOP_OPS.includes(step.op) ? [] : [{ op: 'unknown', name, step }];
  });
}

/** The steps of `list` from the one that opens `file` to the next open. */
function stepsOf(list, name, file) {
  const all = Array.isArray(list) ? list : [];
  const start = all.findIndex((s) => s.op === 'open' && s.file === file);
  if (start < 0) {
    throw new Error(`scenario.json: no step of ${name} opens ${file}`);
  }
  const next = all.findIndex((s, i) => i > start && s.op === 'open');
  return ours(all.slice(start, next < 0 ? undefined : next), name);
}

/**
 * The boardls extension runs here, beside this one, and its server is the
 * WebAssembly build: `serverSource()` is `wasm:` and serverInfo.version,
 * which must end in +wasm32.
 */
async function wasmServer(record) {
  const ext = vscode.extensions.getExtension('boardls.boardls');
  let api;
  const running = await waitFor(() => {
    if (ext === undefined || !ext.isActive) {
      return false;
    }
    api = ext.exports;
    return api !== undefined && api.isServerRunning();
  }, 60000);
  record(Boolean(running), 'the boardls extension is active in the web-worker extension host and its server running',
    ext === undefined ? 'boardls.boardls is not installed (or runs in another extension host)'
      : `active here: ${ext.isActive}; exports: ${JSON.stringify(Object.keys(ext.exports || {}))}`);
  const source = running ? api.serverSource() : '';
  record(source.startsWith('wasm:') && source.endsWith(WASM_MARKER),
    `the server that answered is the WebAssembly build (version ending in ${WASM_MARKER})`,
    `serverSource(): ${JSON.stringify(source)}; serverOrigin(): ${running ? api.serverOrigin() : ''}`);
  return Boolean(running);
}

async function run(root, record) {
  const host = typeof process === 'undefined' && typeof WorkerGlobalScope !== 'undefined';
  record(host, 'the test extension runs in a web worker (no Node process object)',
    `typeof process: ${typeof process}; typeof WorkerGlobalScope: ${typeof WorkerGlobalScope}`);
  if (!await wasmServer(record)) {
    return; // not in this host: every step would only time out
  }
  const scenario = JSON.parse(new TextDecoder().decode(
    await vscode.workspace.fs.readFile(vscode.Uri.joinPath(root, 'scenario.json'))));
  const runner = new Runner(root, record);
  const steps = [
    ...stepsOf(scenario.daemon_steps, 'daemon_steps', 'broken.tomek'),
    ...stepsOf(scenario.steps, 'steps', 'samples.uttt'),
    { op: 'open_beside', file: 'problem/boardls.toml' },
    ...ours(scenario.problem_steps, 'problem_steps'),
  ];
  for (const step of steps) {
    try {
      await runner[step.op](step);
    } catch (err) {
      record(false, `${runner.file}: ${step.op} ${step.what || ''}`, String((err && err.stack) || err));
    }
  }
}

async function activate() {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (folder === undefined) {
    return;
  }
  const root = folder.uri;
  try {
    await vscode.workspace.fs.stat(vscode.Uri.joinPath(root, 'scenario.json'));
  } catch {
    return;
  }
  const results = [];
  const out = vscode.Uri.joinPath(root, '.boardls-web-e2e-result.json');
  const write = (done) => vscode.workspace.fs.writeFile(out,
    new TextEncoder().encode(JSON.stringify({ vscode: vscode.version, done, results }, null, 1)));
  let writing = Promise.resolve();
  const record = (ok, what, detail) => {
    results.push({ ok: Boolean(ok), what, detail: ok ? '' : String(detail || '') });
    writing = writing.then(() => write(false));
  };
  try {
    await run(root, record);
  } catch (err) {
    record(false, 'the test extension raised an error', String((err && err.stack) || err));
  }
  await writing;
  await write(true);
}

module.exports = { activate, deactivate() {} };
