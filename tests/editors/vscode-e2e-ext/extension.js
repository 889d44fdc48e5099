// Takes the steps of tests/editors/scenario.json through the VS Code API,
// the way @vscode/test-electron suites do, against the installed boardls
// extension, and writes the results to .boardls-e2e-result.json in the
// workspace folder for tests/editors/vscode_e2e.mjs to read.
'use strict';

const fs = require('fs');
const path = require('path');
const vscode = require('vscode');

const TIMEOUT = 15000;
const SEVERITY = { error: 0, warning: 1, information: 2, hint: 3 };
const SEVERITY_NAME = ['error', 'warning', 'information', 'hint'];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls predicate(msLeft) until it returns a truthy value or the time is up. */
async function waitFor(predicate, timeout = TIMEOUT) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await predicate(Math.max(end - Date.now(), 1));
    if (value || Date.now() >= end) {
      return value;
    }
    await sleep(50);
  }
}

/**
 * When VS Code's diagnostics event (`onDidChangeDiagnostics`, which VS
 * Code itself delays by 50 ms) first names `uri` with `shown()` true: the
 * moment issue 23 measured. `undefined` after `timeout` ms.
 */
function diagnosticsEvent(uri, shown, timeout) {
  return new Promise((resolve) => {
    const key = uri.toString();
    const done = (at) => {
      listener.dispose();
      clearTimeout(timer);
      resolve(at);
    };
    const listener = vscode.languages.onDidChangeDiagnostics((event) => {
      if (event.uris.some((u) => u.toString() === key) && shown()) {
        done(Date.now());
      }
    });
    const timer = setTimeout(() => done(undefined), timeout);
  });
}

/** The promise's value, or an error if it takes more than `ms`. */
function within(ms, what, promise) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${Math.round(ms)} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Whether one line of `text` (trailing blanks aside) is exactly `line`. */
function hasLine(text, line) {
  return text.split('\n').some((l) => rtrim(l) === line);
}

function describeHints(hints) {
  return hints.map((h) => `${h.position.line}:${h.position.character} ${hintLabel(h)}`).join('\n') || '(none)';
}

function rtrim(s) {
  return s.replace(/[ \t\r]+$/, '');
}

function readLines(file) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  if (lines[lines.length - 1] === '') {
    lines.pop();
  }
  return lines;
}

function hoverText(hovers) {
  const parts = [];
  for (const hover of hovers || []) {
    for (const c of hover.contents || []) {
      parts.push(typeof c === 'string' ? c : c.value);
    }
  }
  return parts.join('\n');
}

function hintLabel(hint) {
  if (typeof hint.label === 'string') {
    return hint.label;
  }
  return (hint.label || []).map((part) => part.value).join('');
}

class Runner {
  constructor(root, record) {
    this.root = root;
    this.record = record;
    this.doc = undefined;
    this.file = undefined;
    this.api = undefined;
  }

  /**
   * The version of the publish whose diagnostics VS Code shows for `key`
   * (a URI), as the boardls extension records it in the end-to-end suite
   * (BOARDLS_E2E=1): not the document's version when they changed, which
   * stale diagnostics arriving late would also have.
   */
  diagnosedAt(key) {
    const api = this.api || vscode.extensions.getExtension('boardls.boardls').exports;
    return api && api.diagnosticsVersion ? api.diagnosticsVersion(key) : undefined;
  }

  /** The document's inlay hints, or an error after `timeout` ms. */
  async inlayHints(timeout = TIMEOUT) {
    const range = new vscode.Range(0, 0, this.doc.lineCount, 0);
    return (await within(timeout, 'inlay hints',
      vscode.commands.executeCommand('vscode.executeInlayHintProvider', this.doc.uri, range))) || [];
  }

  /**
   * Asks for the inlay hints until test(hints) is true or TIMEOUT ms have
   * passed: whether it was, the last hints received, and what went wrong
   * when none were.
   */
  async pollHints(test) {
    let last;
    let error = '';
    const ok = await waitFor(async (left) => {
      try {
        const hints = await this.inlayHints(left);
        last = hints;
        return test(hints);
      } catch (err) {
        error = String(err);
        return false;
      }
    });
    return { ok, hints: last || [], problem: last === undefined ? `${error}\n` : '' };
  }

  boardlsDiagnostics() {
    return vscode.languages
      .getDiagnostics(this.doc.uri)
      .filter((d) => d.source === 'boardls')
      .sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  }

  describeDiagnostics() {
    const all = vscode.languages.getDiagnostics(this.doc.uri);
    if (all.length === 0) {
      return '(no diagnostics)';
    }
    return all
      .map((d) => `${d.range.start.line}:${d.range.start.character}-${d.range.end.character} ${SEVERITY_NAME[d.severity]} ` +
        `${typeof d.code === 'object' ? d.code.value : d.code ?? ''} [${d.source}]: ${d.message}`)
      .join('\n');
  }

  diagnosticsMatch(step) {
    const list = this.boardlsDiagnostics();
    const count = [0, 0, 0, 0];
    for (const d of list) {
      count[d.severity] += 1;
    }
    if (step.count !== undefined && list.length !== step.count) {
      return false;
    }
    if (step.errors !== undefined && count[0] !== step.errors) {
      return false;
    }
    if (step.warnings !== undefined && count[1] !== step.warnings) {
      return false;
    }
    if (step.information !== undefined && count[2] !== step.information) {
      return false;
    }
    return (step.expect || []).every((want) =>
      list.some((d) =>
        d.range.start.line === want.line &&
        (want.character === undefined || d.range.start.character === want.character) &&
        (want.end_character === undefined || d.range.end.character === want.end_character) &&
        (want.severity === undefined || d.severity === SEVERITY[want.severity])));
  }

  async open(step) {
    this.file = step.file;
    const uri = vscode.Uri.file(path.join(this.root, step.file));
    // VS Code's language id where it differs from Neovim's filetype.
    const language = step.language ?? step.filetype;
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
    // A file that boardls.toml maps to a game is opened again as that
    // game by the extension: a new document object.
    const current = () => vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    await waitFor(() => current()?.languageId === language);
    this.doc = current();
    await vscode.window.showTextDocument(this.doc, { preview: false });
    this.record(this.doc.languageId === language, `${step.file}: language is ${language}`,
      `language: ${this.doc.languageId}`);
    const ext = vscode.extensions.getExtension('boardls.boardls');
    const running = await waitFor(() => {
      if (ext === undefined || !ext.isActive) {
        return false;
      }
      this.api = ext.exports;
      return this.api !== undefined && this.api.isServerRunning();
    });
    this.record(Boolean(running), `${step.file}: the boardls extension is active and its server running`,
      ext === undefined ? 'extension boardls.boardls is not installed' : `active: ${ext.isActive}`);
    const where = path.join(this.root, 'bundled-server.txt');
    if (running && !this.originChecked && fs.existsSync(where)) {
      // No boardls on PATH and no boardls.path: the server is the one in
      // the .vsix, where the driver found it installed (the first window's
      // first server; the second window starts in daemon mode).
      this.originChecked = true;
      const bundled = fs.readFileSync(where, 'utf8').trim();
      this.record(this.api.serverOrigin() === 'bundled' && this.api.serverSource() === bundled,
        'the server is the one shipped inside the .vsix',
        `expected ${bundled} (bundled)\ngot ${this.api.serverSource()} (${this.api.serverOrigin()})`);
    }
  }

  /**
   * Waits for boardls's diagnostics of the document's current version (an
   * empty list proves nothing before they came), then compares.
   */
  async diagnostics(step) {
    const key = this.doc.uri.toString();
    const ok = await waitFor(() => this.diagnosedAt(key) === this.doc.version && this.diagnosticsMatch(step));
    const came = this.diagnosedAt(key) === this.doc.version
      ? `diagnostics of version ${this.doc.version} came`
      : `no diagnostics of version ${this.doc.version} came within ${TIMEOUT} ms (last: version ${this.diagnosedAt(key)})`;
    this.record(ok, `${this.file}: diagnostics: ${step.what || ''}`,
      `expected ${JSON.stringify({ count: step.count, errors: step.errors, warnings: step.warnings,
        information: step.information, expect: step.expect })}\n` +
      `${came}; shown:\n${this.describeDiagnostics()}`);
  }

  /** The hover text has a line that is exactly step.has_line. */
  async hover(step) {
    const hovers = await within(TIMEOUT, 'hover', vscode.commands.executeCommand('vscode.executeHoverProvider',
      this.doc.uri, new vscode.Position(step.line, step.character)));
    const text = hoverText(hovers);
    this.record(hasLine(text, step.has_line), `${this.file}: hover at ${step.line}:${step.character} has the line ${step.has_line}`,
      `expected a line: ${step.has_line}\nhover text:\n${text || '(none)'}`);
  }

  /**
   * The hover's picture: one `![…](data:image/svg+xml;base64,…)` image whose
   * SVG holds every string of step.svg_has and step.cells cell elements.
   */
  async hover_picture(step) {
    const what = `${this.file}: hover at ${step.line}:${step.character} has a picture: ${step.what || ''}`;
    const hovers = await within(TIMEOUT, 'hover', vscode.commands.executeCommand('vscode.executeHoverProvider',
      this.doc.uri, new vscode.Position(step.line, step.character)));
    const text = hoverText(hovers);
    const images = [...text.matchAll(/!\[[^\]]*\]\(data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)\)/g)];
    if (images.length !== 1) {
      this.record(false, what, `expected one SVG image, found ${images.length}; hover text (${text.length} characters):\n${text.slice(0, 2000) || '(none)'}`);
      return;
    }
    const svg = Buffer.from(images[0][1], 'base64').toString('utf8');
    const cells = (svg.match(/ data-row="/g) || []).length;
    const missing = (step.svg_has || []).filter((want) => !svg.includes(want));
    const ok = svg.startsWith('<svg ') && svg.trimEnd().endsWith('</svg>') && cells === step.cells &&
      missing.length === 0 && text.length < 100000 && !text.includes('```text');
    this.record(ok, what,
      `cells: ${cells} (expected ${step.cells}); hover ${text.length} characters; missing: ${JSON.stringify(missing)}\nSVG:\n${svg.slice(0, 3000)}`);
  }

  /**
   * Formats the document as the user's Format Document does; then the text
   * is step.lines, or with step.unchanged what it was.
   */
  async format(step) {
    const what = `${this.file}: format: ${step.what || ''}`;
    const before = this.doc.getText();
    const edits = (await within(TIMEOUT, 'formatting', vscode.commands.executeCommand(
      'vscode.executeFormatDocumentProvider', this.doc.uri, { tabSize: 4, insertSpaces: true }))) || [];
    if (edits.length > 0) {
      const edit = new vscode.WorkspaceEdit();
      edit.set(this.doc.uri, edits);
      await vscode.workspace.applyEdit(edit);
    }
    const expected = step.unchanged ? before : `${step.lines.join('\n')}\n`;
    let got;
    const ok = await waitFor(() => {
      got = this.doc.getText();
      return got === expected;
    });
    this.record(ok && (!step.unchanged || edits.length === 0), what,
      `${edits.length} edits\nexpected:\n${expected}\ngot:\n${got}`);
  }

  /**
   * A hint on step.line whose whole label is step.equals (waits: after a
   * settings change the hint may take a moment to come back).
   */
  async inlay(step) {
    const { ok, hints, problem } = await this.pollHints((all) =>
      all.some((h) => h.position.line === step.line && hintLabel(h) === step.equals));
    const onLine = hints.filter((h) => h.position.line === step.line);
    this.record(ok, `${this.file}: inlay hint on line ${step.line} is "${step.equals}"`,
      `expected on line ${step.line}: ${step.equals}\n${problem}` +
      `hints on line ${step.line} (${hints.length - onLine.length} more on other lines):\n${describeHints(onLine)}`);
  }

  /**
   * Changes one boardls.inlayHints.* or boardls.diagnostics.* setting as a
   * user would, in the user settings, and passes once the server took it:
   * its inlay hints (or the document's diagnostics) differ from before.
   */
  async setting(step) {
    const what = `${this.file}: setting boardls.${step.key} = ${JSON.stringify(step.value)}`;
    const hints = step.key.startsWith('inlayHints.');
    if (!hints && !step.key.startsWith('diagnostics.')) {
      this.record(false, what, 'the setting step can only see boardls.inlayHints.* and boardls.diagnostics.* take effect');
      return;
    }
    const shown = () => this.describeDiagnostics();
    const before = hints ? describeHints(await this.inlayHints()) : shown();
    await vscode.workspace.getConfiguration('boardls').update(step.key, step.value, vscode.ConfigurationTarget.Global);
    if (hints) {
      const { ok, hints: after, problem } = await this.pollHints((all) => describeHints(all) !== before);
      this.record(ok, what,
        `the inlay hints did not change within ${TIMEOUT} ms\n${problem}before:\n${before}\nafter:\n${describeHints(after)}`);
      return;
    }
    const ok = await waitFor(() => shown() !== before);
    this.record(ok, what, `the diagnostics did not change within ${TIMEOUT} ms\nbefore:\n${before}\nafter:\n${shown()}`);
  }

  /**
   * No inlay hint says step.contains while one says step.still (waits for a
   * settings change to reach the server); no hints at all is a failure.
   */
  async no_inlay(step) {
    const { ok, hints, problem } = await this.pollHints((all) =>
      !all.some((h) => hintLabel(h).includes(step.contains)) && all.some((h) => hintLabel(h).includes(step.still)));
    this.record(ok, `${this.file}: ${step.what || `no inlay hint says "${step.contains}"`}`,
      `expected no hint containing: ${step.contains}, and one containing: ${step.still}\n${problem}hints:\n${describeHints(hints)}`);
  }

  /** The document's semantic tokens as { line, character, length, type } (types by the legend's names). */
  async semanticTokens(timeout = TIMEOUT) {
    const legend = await within(timeout, 'semantic tokens legend',
      vscode.commands.executeCommand('vscode.provideDocumentSemanticTokensLegend', this.doc.uri));
    const tokens = await within(timeout, 'semantic tokens',
      vscode.commands.executeCommand('vscode.provideDocumentSemanticTokens', this.doc.uri));
    if (legend === undefined || tokens === undefined) {
      return undefined;
    }
    const decoded = [];
    let line = 0;
    let character = 0;
    for (let i = 0; i + 5 <= tokens.data.length; i += 5) {
      const [deltaLine, deltaStart, length, type] = tokens.data.slice(i, i + 4);
      line += deltaLine;
      character = deltaLine === 0 ? character + deltaStart : deltaStart;
      decoded.push({ line, character, length, type: legend.tokenTypes[type] });
    }
    return decoded;
  }

  /**
   * The semantic tokens VS Code gets for the cell at step.line,
   * step.character: exactly one, of type step.type (null: none).
   */
  async tokens(step) {
    const want = step.type ?? null;
    let seen = [];
    let error = '';
    const ok = await waitFor(async (left) => {
      try {
        const all = await this.semanticTokens(left);
        if (all === undefined) {
          error = 'no semantic tokens provider answered';
          return false;
        }
        error = '';
        seen = all.filter((t) => t.line === step.line && t.character <= step.character
          && step.character < t.character + t.length);
        return want === null ? seen.length === 0 : seen.length === 1 && seen[0].type === want;
      } catch (err) {
        error = String(err);
        return false;
      }
    });
    this.record(ok, `${this.file}: semantic token at ${step.line}:${step.character} is ${want ?? 'none'}`,
      `${error ? `${error}\n` : ''}tokens there: ${seen.map((t) => t.type).join(', ') || '(none)'}`);
  }

  async action(step) {
    const what = `${this.file}: code action "${step.title || step.title_prefix || step.kind}" at ${step.line}:${step.character}`;
    const pos = new vscode.Position(step.line, step.character);
    const actions = (await within(TIMEOUT, 'code actions', vscode.commands.executeCommand(
      'vscode.executeCodeActionProvider', this.doc.uri, new vscode.Range(pos, pos), step.kind, 10))) || [];
    const chosen = actions.find((a) => {
      if (step.title !== undefined) {
        return a.title === step.title;
      }
      if (step.title_prefix !== undefined) {
        return a.title.startsWith(step.title_prefix);
      }
      return a.kind !== undefined && new vscode.CodeActionKind(step.kind).contains(a.kind);
    });
    if (chosen === undefined) {
      this.record(false, what,
        `offered:\n${actions.map((a) => `${a.title} [${a.kind ? a.kind.value : ''}]`).join('\n') || '(none)'}`);
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

  async symbols(step) {
    const symbols = (await within(TIMEOUT, 'document symbols',
      vscode.commands.executeCommand('vscode.executeDocumentSymbolProvider', this.doc.uri))) || [];
    const names = symbols.map((sym) => sym.name);
    const ok = names.length === step.names.length && step.names.every((want, i) => names[i] === want);
    this.record(ok, `${this.file}: ${step.names.length} document symbols named with their verdicts`,
      `expected:\n${step.names.join('\n')}\nsymbols:\n${names.join('\n') || '(none)'}`);
  }

  async folds(step) {
    const ranges = (await within(TIMEOUT, 'folding ranges',
      vscode.commands.executeCommand('vscode.executeFoldingRangeProvider', this.doc.uri))) || [];
    // Exactly the ranges of the step, no more.
    const got = ranges.map((r) => `${r.start}-${r.end}`).sort();
    const wanted = step.ranges.map(([start, end]) => `${start}-${end}`).sort();
    const ok = got.length === wanted.length && got.every((range, i) => range === wanted[i]);
    this.record(ok, `${this.file}: one folding range per position`,
      `expected: ${wanted.join(', ')}\nfolding ranges: ${got.join(', ') || '(none)'}`);
  }

  async cell(step) {
    let got;
    const ok = await waitFor(() => {
      got = this.doc.lineAt(step.line).text.charAt(step.character);
      return got === step.equals;
    });
    this.record(ok, `${this.file}: cell ${step.line}:${step.character} is ${step.equals}`, `got: ${got}`);
  }

  /** Makes the edit, then checks that the line reads step.line_after. */
  async edit(step) {
    const edit = new vscode.WorkspaceEdit();
    edit.replace(this.doc.uri, new vscode.Range(step.line, step.character, step.line, step.end_character), step.text);
    const applied = await vscode.workspace.applyEdit(edit);
    let line;
    const ok = applied && await waitFor(() => {
      line = this.doc.lineAt(step.line).text;
      return line === step.line_after;
    });
    this.record(ok, `${this.file}: edit: ${step.what || step.text}`,
      applied ? `line ${step.line}: expected ${JSON.stringify(step.line_after)}, got ${JSON.stringify(line)}`
        : 'VS Code refused the edit (applyEdit answered false)');
  }

  async text(step) {
    const expected = step.lines || readLines(path.join(this.root, step.file));
    const current = () => {
      const lines = [];
      for (let i = step.start; i < step.start + expected.length && i < this.doc.lineCount; i++) {
        lines.push(this.doc.lineAt(i).text);
      }
      return lines;
    };
    const ok = await waitFor(() => {
      const lines = current();
      return lines.length === expected.length && lines.every((l, i) => rtrim(l) === rtrim(expected[i]));
    });
    this.record(ok, `${this.file}: text: ${step.what || ''}`,
      `expected from line ${step.start}:\n${expected.join('\n')}\ngot:\n${current().join('\n')}`);
  }

  /**
   * Leaves one file of each kind on screen as they were before the steps
   * edited them, with their colours and hints (.uttt on the left, .go9 and
   * .tomek on the right), for the screenshot.
   */
  async showcase() {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await vscode.commands.executeCommand('workbench.action.closePanel');
    await vscode.commands.executeCommand('vscode.setEditorLayout', {
      orientation: 0,
      groups: [{ size: 0.42 }, { size: 0.58, groups: [{ size: 0.56 }, { size: 0.44 }] }],
    });
    const columns = [vscode.ViewColumn.One, vscode.ViewColumn.Two, vscode.ViewColumn.Three];
    for (const [i, file] of ['samples.uttt', 'ancientgo.go9', 'sample.tomek'].entries()) {
      const uri = vscode.Uri.file(path.join(this.root, file));
      const doc = await vscode.workspace.openTextDocument(uri);
      const original = fs.readFileSync(path.join(this.root, 'original', `${file}.txt`), 'utf8');
      if (doc.getText() !== original) {
        const edit = new vscode.WorkspaceEdit();
        edit.replace(uri, new vscode.Range(0, 0, doc.lineCount, 0), original);
        await vscode.workspace.applyEdit(edit);
      }
      await doc.save();
      const editor = await vscode.window.showTextDocument(doc, { viewColumn: columns[i], preview: false });
      const top = new vscode.Position(0, 0);
      editor.selection = new vscode.Selection(top, top);
      editor.revealRange(new vscode.Range(0, 0, 1, 0), vscode.TextEditorRevealType.AtTop);
    }
    await sleep(2000);
  }
}

/**
 * A xorshift64 from `seed` (the benches' generator): `next(n)` is below `n`.
 * The same files on every run.
 */
function randomBelow(seed) {
  let state = seed;
  return (n) => {
    const mask = (1n << 64n) - 1n;
    state ^= (state << 13n) & mask;
    state ^= state >> 7n;
    state ^= (state << 17n) & mask;
    return Number(state % BigInt(n));
  };
}

/**
 * Typing in a file with many findings: a 1,000-board .go9 file of dense
 * random boards (10-95% of the cells, as benches/common's Boards::Dense),
 * one cell typed at a time; each time, how long until VS Code's
 * diagnostics of the new version are there (onDidChangeDiagnostics). The
 * times are reported, not asserted (the machine is shared); the check is
 * that every version's diagnostics come.
 */
async function denseTyping(root, runner, record) {
  const next = randomBelow(0x9e3779b97f4a7c15n);
  const boards = 1000;
  let text = `${boards}\n`;
  for (let b = 0; b < boards; b += 1) {
    text += b > 0 ? '\n' : '';
    const density = 10 + next(86);
    for (let r = 0; r < 9; r += 1) {
      for (let c = 0; c < 9; c += 1) {
        text += next(100) < density ? 'xo'[next(2)] : '.';
      }
      text += '\n';
    }
  }
  const file = path.join(root, 'dense-1000.go9');
  fs.writeFileSync(file, text);
  const uri = vscode.Uri.file(file);
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc, { preview: false });
  const key = uri.toString();
  const first = await waitFor(() => runner.diagnosedAt(key) === doc.version && vscode.languages.getDiagnostics(uri).length > 0);
  record(first, 'dense-1000.go9: the diagnostics of a 1,000-board dense file come',
    `shown: ${vscode.languages.getDiagnostics(uri).length}`);
  const times = [];
  let missed = '';
  for (let i = 0; i < 20; i += 1) {
    const line = 1 + 10 * next(boards) + next(9);
    const col = next(9);
    const old = doc.lineAt(line).text[col];
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(line, col, line, col + 1), old === '.' ? 'x' : '.');
    // The edit makes the next version; the previous one's diagnostics
    // came before it was made.
    const version = doc.version + 1;
    const start = Date.now();
    const came = new Promise((resolve) => {
      const listener = vscode.languages.onDidChangeDiagnostics((event) => {
        if (!event.uris.some((u) => u.toString() === key)) {
          return;
        }
        // VS Code merges the events of 50 ms into one, so this one may
        // carry the pull of `version` before the extension notes its
        // version on the next tick: look again after that tick.
        const at = Date.now();
        setTimeout(() => {
          if (runner.diagnosedAt(key) >= version) {
            listener.dispose();
            resolve(at);
          }
        }, 0);
      });
    });
    await vscode.workspace.applyEdit(edit);
    const end = await within(TIMEOUT, `diagnostics of version ${version}`, came).catch((err) => {
      missed += `${err}\n`;
      return undefined;
    });
    if (end !== undefined) {
      times.push(end - start);
    }
    await sleep(50);
  }
  times.sort((a, b) => a - b);
  const median = times.length ? times[Math.floor((times.length - 1) / 2)] : NaN;
  const worst = times.length ? times[times.length - 1] : NaN;
  record(times.length === 20,
    `dense-1000.go9: typing a cell updates the diagnostics: median ${median} ms, slowest ${worst} ms over ${times.length} edits (target 100 ms)`,
    missed || `only ${times.length} of 20 edits got diagnostics`);
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  fs.unlinkSync(file);
}

/**
 * boardls.server.address and boardls.server.tokenFile: the extension
 * reconnects to the server the driver started (its address and token file
 * are in daemon-address.txt), presenting the token, serves from it, and goes
 * back to spawning the server when the setting is cleared.
 */
async function daemon(root, runner, record) {
  const file = path.join(root, 'daemon-address.txt');
  if (!fs.existsSync(file)) {
    record(false, 'the driver started a daemon', `no ${file}`);
    return;
  }
  // The address, then the file holding the server's token.
  const [address, tokenFile] = fs.readFileSync(file, 'utf8').trim().split('\n');
  const api = vscode.extensions.getExtension('boardls.boardls').exports;
  const config = () => vscode.workspace.getConfiguration('boardls');
  await config().update('server.tokenFile', tokenFile, vscode.ConfigurationTarget.Global);
  await config().update('server.address', address, vscode.ConfigurationTarget.Global);
  const connected = await waitFor(() => api.isServerRunning() && api.serverSource() === `tcp:${address}`);
  record(connected, `boardls.server.address = ${address} connects to the daemon`,
    `source: ${api.serverSource()}, running: ${api.isServerRunning()}`);
  if (connected) {
    const uri = vscode.Uri.file(path.join(root, 'sample.tomek'));
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { preview: false });
    let text = '';
    const line = '`Case #1: X won`';
    const ok = await waitFor(async (left) => {
      const hovers = await within(left, 'hover', vscode.commands.executeCommand('vscode.executeHoverProvider', uri,
        new vscode.Position(1, 0))).catch((err) => [{ contents: [String(err)] }]);
      text = hoverText(hovers);
      return hasLine(text, line);
    });
    record(ok, `sample.tomek: the daemon answers a hover with the line ${line}`, `hover text:\n${text || '(none)'}`);
  }
  await config().update('server.address', undefined, vscode.ConfigurationTarget.Global);
  await config().update('server.tokenFile', undefined, vscode.ConfigurationTarget.Global);
  const back = await waitFor(() => api.isServerRunning() && !api.serverSource().startsWith('tcp:'));
  record(back, 'clearing boardls.server.address starts the server binary again',
    `source: ${api.serverSource()}, running: ${api.isServerRunning()}`);
  // Two restarts asked for at once (two settings changed in a row do
  // that) leave one server, not two answering side by side.
  await Promise.all([vscode.commands.executeCommand('boardls.restartServer'),
    vscode.commands.executeCommand('boardls.restartServer')]);
  const sample = vscode.Uri.file(path.join(root, 'sample.tomek'));
  let answers = [];
  const single = await waitFor(async (left) => {
    answers = await within(left, 'hover', vscode.commands.executeCommand('vscode.executeHoverProvider', sample,
      new vscode.Position(1, 0))).catch(() => []);
    return api.isServerRunning() && answers.length > 0;
  });
  record(single && answers.length === 1, 'two restarts at once leave one server: one hover answers',
    `${answers.length} hovers: ${answers.map((h) => hoverText([h]).split('\n')[0]).join(' | ')}`);
  // A request in flight while a client stops can fail with a notification
  // from vscode-languageclient; keep it out of the screenshot.
  await vscode.commands.executeCommand('notifications.clearAll');
}

/**
 * A setting in the workspace's boardls.toml that the user did not set in
 * VS Code holds: the extension sends only what the user set, so its
 * defaults hide nothing. Deleting the file gives the hints back.
 */
async function projectSettings(root, runner, record) {
  await runSteps(runner, [{ op: 'open', file: 'sample.tomek', filetype: 'tomek' }], record);
  const verdict = (all) => all.some((h) => hintLabel(h) === '# Case #1: X won');
  const before = await runner.pollHints(verdict);
  record(before.ok, 'sample.tomek: inlay hints before boardls.toml', `${before.problem}${describeHints(before.hints)}`);
  const file = path.join(root, 'boardls.toml');
  fs.writeFileSync(file, '[inlayHints]\nenable = false\n');
  const off = await runner.pollHints((all) => all.length === 0);
  record(off.ok, 'boardls.toml says inlayHints.enable = false, no user setting says otherwise: no inlay hints',
    `${off.problem}hints:\n${describeHints(off.hints)}`);
  fs.unlinkSync(file);
  const back = await runner.pollHints(verdict);
  record(back.ok, 'boardls.toml deleted: the inlay hints are back', `${back.problem}hints:\n${describeHints(back.hints)}`);
}

/** Takes the steps in order with the runner. */
async function runSteps(runner, steps, record) {
  for (const step of steps) {
    const handler = runner[step.op];
    if (typeof handler !== 'function') {
      record(false, `unknown step ${step.op}`);
      continue;
    }
    if (step.op !== 'open' && !(runner.api && runner.api.isServerRunning())) {
      // Without a server every check would only wait out its timeout.
      record(false, `${runner.file}: ${step.op} ${step.what || step.title || step.has_line || step.equals || step.contains || ''}`,
        'the boardls server is not running');
      continue;
    }
    try {
      await handler.call(runner, step);
    } catch (err) {
      record(false, `${runner.file}: step ${step.op} raised an error`, String((err && err.stack) || err));
    }
  }
}

/**
 * The daemon steps on the editor's own copy (`copy`) of the file they open.
 * The copy is made by the driver.
 */
function daemonSteps(scenario, copy) {
  return scenario.daemon_steps.map((step) => (step.op === 'open' ? { ...step, file: copy } : step));
}

/** How long the first window waits for the second one's results. */
const PEER_TIMEOUT = 240000;

/**
 * boardls.server.daemon: this window and a second one (opened by the
 * driver when this one asks, with .boardls-e2e-peer-wanted) both start
 * `boardls lsp --connect auto` and take the daemon steps through one
 * boardls daemon; the driver checks that one daemon process served both.
 */
async function sharedDaemon(root, runner, scenario, record) {
  const api = vscode.extensions.getExtension('boardls.boardls').exports;
  const config = () => vscode.workspace.getConfiguration('boardls');
  await config().update('server.daemon', true, vscode.ConfigurationTarget.Global);
  const connected = await waitFor(() => api.isServerRunning() && api.serverSource().startsWith('daemon:'));
  record(connected, 'boardls.server.daemon = true starts `boardls lsp --connect auto`',
    `source: ${api.serverSource()}, running: ${api.isServerRunning()}`);
  if (connected) {
    await runSteps(runner, daemonSteps(scenario, 'shared-1.tomek'), record);
    // Edited by the quick fix: put away unsaved, out of the screenshot.
    await vscode.window.showTextDocument(runner.doc, { preview: false });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    fs.writeFileSync(path.join(root, '.boardls-e2e-peer-wanted'), '');
    const report = path.join(root, '.boardls-e2e-peer.json');
    const read = () => (fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, 'utf8')) : undefined);
    const done = await waitFor(() => read()?.done === true, PEER_TIMEOUT);
    const results = read()?.results || [];
    for (const r of results) {
      record(r.ok, `second window: ${r.what}`, r.detail);
    }
    record(done && results.length > 0, 'the second window took the daemon steps',
      `${results.length} results${done ? '' : `, not done within ${PEER_TIMEOUT} ms`}`);
    await daemonKilled(root, api, record);
  }
  await config().update('server.daemon', undefined, vscode.ConfigurationTarget.Global);
  const back = await waitFor(() => api.isServerRunning() && !api.serverSource().startsWith('daemon:'));
  record(back, 'clearing boardls.server.daemon starts the server binary again',
    `source: ${api.serverSource()}, running: ${api.isServerRunning()}`);
  await vscode.commands.executeCommand('notifications.clearAll');
}

/** Whether `text` has a Han character (U+4E00-U+9FFF). */
function hasHan(text) {
  return /[\u4e00-\u9fff]/.test(text);
}

/** The entries of `words` that begin a word of `text`, in any case. */
function wordsIn(text, words) {
  return words.filter((word) => new RegExp(`(^|[^a-z])${word}`).test(text.toLowerCase()));
}

/**
 * One run in Simplified Chinese (scenario.json's `chinese`), on the copy
 * zh-FILE the driver made. VS Code's display language, which the client
 * sends as initialize's locale, needs a language pack, and none can be
 * downloaded here: the user setting boardls.locale = "zh-CN" chooses the
 * language instead (it wins over the display language in the server).
 * Cleared after, the messages are English again.
 */
async function inChinese(root, runner, scenario, record) {
  const want = scenario.chinese;
  const config = () => vscode.workspace.getConfiguration('boardls');
  await config().update('locale', 'zh-CN', vscode.ConfigurationTarget.Global);
  await runSteps(runner, [{ op: 'open', file: `zh-${want.file}`, filetype: want.filetype }], record);
  const key = runner.doc.uri.toString();
  const at = new vscode.Position(want.line, want.character);
  const diagnostic = () => runner.boardlsDiagnostics().find((d) => d.range.start.isEqual(at));
  const code = (d) => (typeof d.code === 'object' ? d.code.value : d.code);
  // Until the server words them in the new language (the setting reaches
  // it after the document may have been diagnosed).
  await waitFor(() => runner.diagnosedAt(key) === runner.doc.version && hasHan(diagnostic()?.message ?? ''));
  const shown = diagnostic();
  const english = wordsIn(shown?.message ?? '', want.english_words);
  record(shown !== undefined && code(shown) === want.code && hasHan(shown.message) && english.length === 0,
    `zh-CN: ${runner.file}: the diagnostic at ${want.line}:${want.character} is ${want.code}, its message in Chinese`,
    `English words: ${english.join(' ')}\nshown:\n${runner.describeDiagnostics()}`);
  // The last hover that came; without one, why not.
  let text = '';
  let problem = '';
  await waitFor(async (left) => {
    try {
      text = hoverText(await within(left, 'hover', vscode.commands.executeCommand('vscode.executeHoverProvider',
        runner.doc.uri, at)));
    } catch (err) {
      problem = `${err}\n`;
    }
    return hasHan(text);
  });
  record(hasHan(text) && hasLine(text, want.hover_line),
    `zh-CN: ${runner.file}: the hover at ${want.line}:${want.character} is in Chinese, with the line ${want.hover_line}`,
    text ? `hover text:\n${text}` : `${problem}no hover`);
  await config().update('locale', undefined, vscode.ConfigurationTarget.Global);
  const englishAgain = await waitFor(() => diagnostic() !== undefined && !hasHan(diagnostic().message));
  record(englishAgain, `${runner.file}: boardls.locale cleared, the diagnostic is in English again`,
    `shown:\n${runner.describeDiagnostics()}`);
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
}

/** The pid in the lock file of the user's daemon socket, if there is one. */
function daemonPid() {
  const dir = path.join(process.env.XDG_RUNTIME_DIR || '', 'boardls');
  const locks = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.sock.lock')) : [];
  const pid = locks.length === 1 ? Number(fs.readFileSync(path.join(dir, locks[0]), 'utf8').trim()) : NaN;
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * The shared daemon killed with SIGKILL under an unsaved edit: the
 * forwarder exits with an error, the client starts it again, it spawns a
 * new daemon, and the client sends the open document again, so the
 * diagnostics of the unsaved text come back (the file on disk has none).
 */
async function daemonKilled(root, api, record) {
  const file = path.join(root, 'resent.tomek');
  fs.writeFileSync(file, '1\nXXXT\n....\nOO..\n....\n');
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  await vscode.window.showTextDocument(doc, { preview: false });
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(1, 2, 1, 3), 'Z');
  await vscode.workspace.applyEdit(edit);
  const typed = doc.getText();
  const errors = () => vscode.languages.getDiagnostics(doc.uri)
    .filter((d) => d.severity === vscode.DiagnosticSeverity.Error).length;
  const before = await waitFor(() => errors() > 0);
  const killed = daemonPid();
  let sent = false;
  if (before && killed !== undefined) {
    try {
      process.kill(killed, 'SIGKILL');
      sent = true;
    } catch {
      sent = false;
    }
  }
  record(sent, 'the shared daemon is killed (SIGKILL) under an unsaved edit',
    `diagnostics of the edit before: ${before}; daemon pid: ${killed}`);
  if (!sent) {
    return;
  }
  const back = await waitFor(() => {
    const now = daemonPid();
    return now !== undefined && now !== killed && api.isServerRunning() && errors() > 0;
  }, 60000);
  record(back && doc.isDirty && doc.getText() === typed,
    'after the daemon is killed, the client starts a new one and resends the unsaved text: its diagnostics come back',
    `new daemon: ${daemonPid()} (killed ${killed}); running: ${api.isServerRunning()}; errors shown: ${errors()}; ` +
    `unsaved: ${doc.isDirty}; text kept: ${doc.getText() === typed}`);
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  fs.unlinkSync(file);
}

/** The second window of sharedDaemon(): the daemon steps, its results in `report`. */
async function peer(root, { report, scenario }) {
  const results = [];
  const write = (done) => {
    fs.writeFileSync(`${report}.tmp`, JSON.stringify({ done, results }, null, 1));
    fs.renameSync(`${report}.tmp`, report);
  };
  const record = (ok, what, detail) => {
    results.push({ ok: Boolean(ok), what, detail: ok ? undefined : detail });
    write(false);
  };
  try {
    const steps = daemonSteps(JSON.parse(fs.readFileSync(scenario, 'utf8')), 'shared-2.tomek');
    const runner = new Runner(root, record);
    await runSteps(runner, steps, record);
    record(runner.api !== undefined && runner.api.serverSource().startsWith('daemon:'),
      'the server is `boardls lsp --connect auto`', `source: ${runner.api && runner.api.serverSource()}`);
  } catch (err) {
    record(false, 'the second window raised an error', String((err && err.stack) || err));
  }
  write(true);
}

async function run(root, record) {
  const scenario = JSON.parse(fs.readFileSync(path.join(root, 'scenario.json'), 'utf8'));
  const runner = new Runner(root, record);
  const ext = vscode.extensions.getExtension('boardls.boardls');
  record(ext !== undefined, 'the boardls extension is installed');
  if (process.env.BOARDLS_E2E_BIG === 'only') {
    await bigDocuments(root, runner, record);
    return;
  }
  await runSteps(runner, scenario.steps, record);
  await runSteps(runner, scenario.problem_steps, record);
  try {
    await projectSettings(root, runner, record);
  } catch (err) {
    record(false, 'the project file\'s settings raised an error', String((err && err.stack) || err));
  }
  try {
    await denseTyping(root, runner, record);
  } catch (err) {
    record(false, 'typing in a dense file raised an error', String((err && err.stack) || err));
  }
  await daemon(root, runner, record);
  await sharedDaemon(root, runner, scenario, record);
  try {
    await inChinese(root, runner, scenario, record);
  } catch (err) {
    record(false, 'the run in Chinese raised an error', String((err && err.stack) || err));
  }
  try {
    await runner.showcase();
  } catch (err) {
    record(false, 'showing the board for the screenshot', String((err && err.stack) || err));
  }
  // Last: a window that took in documents of 100,000 positions is slow
  // for whatever comes after them.
  if (process.env.BOARDLS_E2E_BIG === '1') {
    try {
      await bigDocuments(root, runner, record);
    } catch (err) {
      record(false, 'typing in big documents raised an error', String((err && err.stack) || err));
    }
  }
}

exports.activate = async function activate() {
  const folder = (vscode.workspace.workspaceFolders || [])[0];
  if (folder !== undefined && fs.existsSync(path.join(folder.uri.fsPath, 'peer.json'))) {
    const root = folder.uri.fsPath;
    await peer(root, JSON.parse(fs.readFileSync(path.join(root, 'peer.json'), 'utf8')));
    return;
  }
  if (folder === undefined || !fs.existsSync(path.join(folder.uri.fsPath, 'scenario.json'))) {
    return;
  }
  const root = folder.uri.fsPath;
  const results = [];
  // Written after every result, so the driver shows each step as it ends
  // and sees a stalled step as one.
  const out = path.join(root, '.boardls-e2e-result.json');
  const write = (done) => {
    fs.writeFileSync(`${out}.tmp`, JSON.stringify({ vscode: vscode.version, done, results }, null, 1));
    fs.renameSync(`${out}.tmp`, out);
  };
  const record = (ok, what, detail) => {
    results.push({ ok: Boolean(ok), what, detail: ok ? undefined : detail });
    write(false);
  };
  try {
    await run(root, record);
  } catch (err) {
    record(false, 'the test extension raised an error', String((err && err.stack) || err));
  }
  write(true);
  // After its first screenshot the driver asks for another colour theme
  // (the file names it), as a user picks one: in the user settings.
  const themeWanted = path.join(root, '.boardls-e2e-theme');
  const timer = setInterval(() => {
    if (fs.existsSync(themeWanted)) {
      clearInterval(timer);
      const theme = fs.readFileSync(themeWanted, 'utf8').trim();
      void vscode.workspace.getConfiguration('workbench').update('colorTheme', theme, vscode.ConfigurationTarget.Global);
    }
  }, 200);
};

exports.deactivate = function deactivate() {};

/**
 * With BOARDLS_E2E_PROFILE=DIR: a CPU profile of the extension host (this
 * process, through the inspector) and of the page (the driver's, asked for
 * through files in the workspace) from here until `stop`, written to
 * DIR/NAME-exthost.cpuprofile and DIR/NAME-page.cpuprofile.
 */
async function startProfiles(root, name) {
  const dir = process.env.BOARDLS_E2E_PROFILE;
  if (!dir) {
    return undefined;
  }
  const session = new (require('inspector').Session)();
  session.connect();
  const post = (method, params = {}) => new Promise((resolve, reject) => {
    session.post(method, params, (err, answer) => (err ? reject(err) : resolve(answer)));
  });
  await post('Profiler.enable');
  await post('Profiler.start');
  const ask = (what) => fs.writeFileSync(path.join(root, `.boardls-e2e-profile-${what}`), path.join(dir, `${name}-page.cpuprofile`));
  const answered = (what) => waitFor(() => !fs.existsSync(path.join(root, `.boardls-e2e-profile-${what}`)), 10000);
  ask('start');
  await answered('start');
  return {
    async stop() {
      const { profile } = await post('Profiler.stop');
      fs.writeFileSync(path.join(dir, `${name}-exthost.cpuprofile`), JSON.stringify(profile));
      session.disconnect();
      ask('stop');
      await answered('stop');
    },
  };
}

/**
 * Typing in big documents (with BOARDLS_E2E_BIG=1: it adds minutes), as
 * issue 23 measured it in the real VS Code:
 * 10 one-cell edits 150 ms apart in each document, and for each the time
 * from the edit to VS Code's diagnostics event that shows its version
 * (the extension notes the version of each pull it shows; the event
 * comes 50 ms after, by VS Code's own delay). The check
 * is that every edit's diagnostics come; the medians, and the goal (the
 * median within 2× of the 1,000-position document of the game, + 20 ms),
 * go to the log and to big-documents.md (BENCHMARKS.md keeps a table).
 * BOARDLS_E2E_BIG=only skips every other step; BOARDLS_E2E_PROFILE
 * profiles the typing at 100,000 `.uttt` positions (startProfiles).
 */
async function bigDocuments(root, runner, record) {
  const next = randomBelow(0x2545f4914f6cdd1dn);
  const cell = (density) => (next(100) < density ? 'xo'[next(2)] : '.');
  const games = {
    // One `.uttt` position: 11 lines of cells in three bands, then the last move.
    uttt: (count) => {
      const parts = [];
      for (let p = 0; p < count; p += 1) {
        const rows = [];
        for (let r = 0; r < 9; r += 1) {
          const fields = [0, 1, 2].map(() => '...'.replace(/\./g, () => cell(8)));
          rows.push(fields.join(' '));
          if (r === 2 || r === 5) rows.push('');
        }
        rows.push(`${1 + next(9)} ${1 + next(9)}`);
        parts.push(rows.join('\n'));
      }
      return { text: `${parts.join('\n\n')}\n`, lines: 13, first: 0, rows: [0, 1, 2, 4, 5, 6, 8, 9, 10], width: 11 };
    },
    go9: (count) => {
      const parts = [];
      for (let p = 0; p < count; p += 1) {
        const density = 10 + next(86);
        const rows = [];
        for (let r = 0; r < 9; r += 1) {
          rows.push(Array.from({ length: 9 }, () => cell(density)).join(''));
        }
        parts.push(rows.join('\n'));
      }
      return { text: `${count}\n${parts.join('\n\n')}\n`, lines: 10, first: 1, rows: [0, 1, 2, 3, 4, 5, 6, 7, 8], width: 9 };
    },
    tomek: (count) => {
      const parts = [];
      for (let p = 0; p < count; p += 1) {
        const rows = [];
        for (let r = 0; r < 4; r += 1) {
          rows.push(Array.from({ length: 4 }, () => 'XO.T'[next(4)]).join(''));
        }
        parts.push(rows.join('\n'));
      }
      return { text: `${count}\n${parts.join('\n\n')}\n`, lines: 5, first: 1, rows: [0, 1, 2, 3], width: 4 };
    },
  };
  // Each step, timed, for the driver to show when the suite stalls.
  const stepLog = path.join(root, '.boardls-e2e-steps.log');
  const step = (what) => fs.appendFileSync(stepLog, `${new Date().toISOString()} ${what}\n`);
  const documents = [['uttt', 1000], ['uttt', 10000], ['uttt', 100000], ['go9', 1000], ['go9', 10000],
    ['tomek', 1000], ['tomek', 100000]];
  const medians = {};
  const rows = [];
  for (const [game, count] of documents) {
    const made = games[game](count);
    const name = `big-${count}.${game}`;
    const file = path.join(root, name);
    fs.writeFileSync(file, made.text);
    const uri = vscode.Uri.file(file);
    const key = uri.toString();
    step(`${name}: written`);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { preview: false });
    step(`${name}: shown`);
    const opened = await waitFor(() => runner.diagnosedAt(key) === doc.version, 120000);
    const times = [];
    const profiled = game === 'uttt' && count === 100000 ? await startProfiles(root, name) : undefined;
    for (let i = 0; opened && i < 10; i += 1) {
      const position = next(count);
      const line = made.first + made.lines * position + made.rows[next(made.rows.length)];
      let col = next(made.width);
      if (doc.lineAt(line).text[col] === ' ') col += 1;
      const old = doc.lineAt(line).text[col];
      const edit = new vscode.WorkspaceEdit();
      const replacement = game === 'tomek' ? (old === '.' ? 'X' : '.') : (old === '.' ? 'x' : '.');
      edit.replace(uri, new vscode.Range(line, col, line, col + 1), replacement);
      const version = doc.version + 1;
      const start = Date.now();
      const shown = diagnosticsEvent(uri, () => runner.diagnosedAt(key) >= version, TIMEOUT);
      await vscode.workspace.applyEdit(edit);
      const at = await shown;
      if (at !== undefined) {
        times.push(at - start);
      }
      await sleep(150);
    }
    await profiled?.stop();
    step(`${name}: typed (${times.length} edits diagnosed)`);
    // Over 50,000 lines the extension refuses whole-document tokens and
    // the editor asks for the lines on screen.
    if (opened && doc.lineCount > 50000) {
      const screen = vscode.window.activeTextEditor?.visibleRanges[0] ?? new vscode.Range(0, 0, 40, 0);
      const whole = await vscode.commands.executeCommand('vscode.provideDocumentSemanticTokens', uri)
        .then((tokens) => tokens?.data.length ?? 0, () => 0);
      const shown = await vscode.commands.executeCommand('vscode.provideDocumentRangeSemanticTokens', uri, screen)
        .then((tokens) => tokens?.data.length ?? 0, () => 0);
      record(whole === 0 && shown > 0, `${name}: the lines on screen have tokens (${shown / 5}), the whole document none`,
        `whole document: ${whole / 5} tokens, lines ${screen.start.line}-${screen.end.line}: ${shown / 5}`);
    }
    times.sort((a, b) => a - b);
    const median = times.length ? times[Math.floor((times.length - 1) / 2)] : NaN;
    const worst = times.length ? times[times.length - 1] : NaN;
    medians[`${game}/${count}`] = median;
    rows.push(`| \`.${game}\` | ${count.toLocaleString('en-US')} | ${doc.lineCount.toLocaleString('en-US')} | ${median} ms (${worst}) |`);
    record(opened && times.length === 10, `${name}: each of 10 edits gets its diagnostics: median ${median} ms, slowest ${worst} ms`,
      opened ? `only ${times.length} of 10 edits got diagnostics` : 'the diagnostics of the opened file never came');
    // Its own editor saved and closed: a dirty one left open would make a
    // later "close all" ask whether to save it. (Reverting instead, which
    // reads the file back into the editor, left the page unresponsive for
    // minutes at 1.3 million lines.)
    await doc.save();
    await vscode.window.showTextDocument(doc, { preview: false });
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    step(`${name}: closed`);
    fs.unlinkSync(file);
  }
  // The goal is reported, not asserted: on a shared machine a median of
  // ten edits moves by more than the goal's margin.
  const goals = ['uttt/100000', 'go9/10000', 'tomek/100000'].map((big) => {
    const small = medians[`${big.split('/')[0]}/1000`];
    const goal = 2 * small + 20;
    return `${big} ${medians[big]} ms against ${small} ms at 1,000: goal ${goal} ms ${medians[big] <= goal ? 'met' : 'missed'}`;
  });
  fs.writeFileSync(path.join(root, 'big-documents.md'),
    `| document | positions | lines | edit → diagnostics, median (max) |\n|---|---|---|---|\n${rows.join('\n')}\n\n${goals.join('\n')}\n`);
}
