// The boardls playground: Monaco, talking LSP to the wasm server in a web
// worker, with the judge's verdicts beside the board and share links.
import * as monaco from './monaco.js';
import { Connection } from './connection.js';
import { ShareError, decodeFragment, encodeBoard } from './share.js';
import utttExample from '../../examples/uttt/sample1.uttt';
import go9Example from '../../examples/go9/sample.go9';
import tomekExample from '../../examples/tomek/sample.tomek';

/** Each game: its file extension (the server tells games by it) and example. */
const GAMES = {
  uttt: { example: utttExample, file: 'sample1.uttt' },
  go9: { example: go9Example, file: 'sample.go9' },
  tomek: { example: tomekExample, file: 'sample.tomek' },
};
const GAME_NAMES = Object.keys(GAMES);
const MARK_LEGAL = 'Mark legal moves with !';
/** Crashes this close together stop the restarts (a board that always traps). */
const CRASH_WINDOW_MS = 10_000;
const CRASHES_IN_WINDOW = 3;

const $ = (id) => document.getElementById(id);

self.MonacoEnvironment = {
  getWorker: () => new Worker('editor.worker.js'),
};
for (const game of GAME_NAMES) {
  monaco.languages.register({ id: game, extensions: [`.${game}`] });
}

const state = {
  game: 'uttt',
  model: null,
  connection: null,
  /** `initialize` answered and the current model is open in the server. */
  ready: null,
  crashes: [],
  /** Callbacks waiting for the diagnostics of a version (tests, timing). */
  diagnosticsWaiters: [],
  firstDiagnosticsAt: null,
  lastDiagnostics: { version: null, items: [] },
  serverInfo: null,
};

const editor = monaco.editor.create($('editor'), {
  automaticLayout: true,
  fontFamily: 'ui-monospace, "DejaVu Sans Mono", monospace',
  fontSize: 14,
  minimap: { enabled: false },
  renderWhitespace: 'boundary',
  lightbulb: { enabled: 'on' },
  hover: { delay: 200 },
});

// --- messages -------------------------------------------------------------

function showMessage(text, kind = 'info') {
  const box = $('message');
  box.textContent = text;
  box.className = kind;
  box.hidden = false;
}

function clearMessage() {
  $('message').hidden = true;
  $('message').textContent = '';
}

function setStatus(text) {
  $('status').textContent = text;
}

// --- positions (LSP: 0-based lines and UTF-16 columns; Monaco: 1-based) ---

const toMonacoRange = (range) =>
  new monaco.Range(range.start.line + 1, range.start.character + 1, range.end.line + 1, range.end.character + 1);

const toLspPosition = (position) => ({ line: position.lineNumber - 1, character: position.column - 1 });

const toLspRange = (range) => ({
  start: { line: range.startLineNumber - 1, character: range.startColumn - 1 },
  end: { line: range.endLineNumber - 1, character: range.endColumn - 1 },
});

const uri = () => state.model.uri.toString();

// --- the server -----------------------------------------------------------

function startServer() {
  const early = window.boardlsEarlyWorker;
  window.boardlsEarlyWorker = null;
  const connection = new Connection(early || 'server-worker.js', onNotification, (reason) =>
    onCrash(connection, reason),
  );
  state.connection = connection;
  state.ready = connection
    .request('initialize', {
      processId: null,
      clientInfo: { name: 'boardls playground' },
      rootUri: null,
      capabilities: {
        general: { positionEncodings: ['utf-16'] },
        textDocument: {
          synchronization: { dynamicRegistration: false },
          publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true },
          hover: { contentFormat: ['markdown', 'plaintext'] },
          codeAction: {
            codeActionLiteralSupport: {
              codeActionKind: { valueSet: ['', 'quickfix', 'refactor', 'refactor.rewrite', 'source'] },
            },
          },
          formatting: {},
          inlayHint: {},
        },
        window: { showMessage: {} },
      },
    })
    .then((result) => {
      state.serverInfo = result && result.serverInfo ? result.serverInfo : null;
      connection.notify('initialized', {});
      openModel(connection);
      setStatus(state.serverInfo ? `${state.serverInfo.name} ${state.serverInfo.version}` : 'ready');
      return connection;
    });
  state.ready.catch(() => {});
}

function openModel(connection) {
  // Changes up to this version are in the text sent; later ones follow.
  connection.opened = { uri: uri(), version: state.model.getVersionId() };
  connection.notify('textDocument/didOpen', {
    textDocument: {
      uri: uri(),
      languageId: state.game,
      version: state.model.getVersionId(),
      text: state.model.getValue(),
    },
  });
}

function onCrash(connection, reason) {
  if (connection !== state.connection) {
    return;
  }
  const now = Date.now();
  state.crashes = state.crashes.filter((at) => now - at < CRASH_WINDOW_MS);
  state.crashes.push(now);
  if (state.crashes.length >= CRASHES_IN_WINDOW) {
    showMessage(
      `The checker stopped ${CRASHES_IN_WINDOW} times in a row (${reason}); it is not restarted again. Your text is still in the editor; reload the page to try again.`,
      'error',
    );
    setStatus('stopped');
    return;
  }
  showMessage(`The checker stopped (${reason}). It was restarted with your text, which is kept.`, 'error');
  startServer();
}

/** The server, once it is initialized and holds the current document. */
async function server() {
  return state.ready;
}

function onNotification(method, params) {
  switch (method) {
    case 'textDocument/publishDiagnostics':
      onDiagnostics(params);
      break;
    case 'window/showMessage':
      if (params && params.message) {
        showMessage(params.message, params.type === 1 ? 'error' : 'info');
      }
      break;
    default:
      break;
  }
}

const SEVERITY = {
  1: monaco.MarkerSeverity.Error,
  2: monaco.MarkerSeverity.Warning,
  3: monaco.MarkerSeverity.Info,
  4: monaco.MarkerSeverity.Hint,
};
const SEVERITY_NAME = { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' };

function onDiagnostics(params) {
  if (!state.model || params.uri !== uri()) {
    return;
  }
  const version = params.version ?? state.model.getVersionId();
  if (version !== state.model.getVersionId()) {
    return;
  }
  if (state.firstDiagnosticsAt === null) {
    state.firstDiagnosticsAt = performance.now();
  }
  const items = params.diagnostics || [];
  state.lastDiagnostics = { version, items };
  monaco.editor.setModelMarkers(
    state.model,
    'boardls',
    items.map((d) => {
      const range = toMonacoRange(d.range);
      return {
        severity: SEVERITY[d.severity] ?? monaco.MarkerSeverity.Error,
        message: d.message,
        code: d.code === undefined ? undefined : String(d.code),
        source: d.source || 'boardls',
        startLineNumber: range.startLineNumber,
        startColumn: range.startColumn,
        endLineNumber: range.endLineNumber,
        endColumn: range.endColumn,
      };
    }),
  );
  showProblems(items);
  document.body.dataset.diagnosticsVersion = String(version);
  const waiters = state.diagnosticsWaiters;
  state.diagnosticsWaiters = [];
  for (const waiter of waiters) {
    if (waiter.version <= version) {
      waiter.resolve(performance.now());
    } else {
      state.diagnosticsWaiters.push(waiter);
    }
  }
  refreshVerdicts(version);
}

function showProblems(items) {
  const list = $('problems');
  list.replaceChildren(
    ...items.map((d) => {
      const item = document.createElement('li');
      const severity = SEVERITY_NAME[d.severity] || 'error';
      item.className = severity;
      item.dataset.line = String(d.range.start.line + 1);
      item.dataset.column = String(d.range.start.character + 1);
      const code = d.code === undefined ? '' : `[${d.code}]`;
      item.textContent = `${d.range.start.line + 1}:${d.range.start.character + 1}: ${severity}${code}: ${d.message}`;
      item.addEventListener('click', () => {
        const range = toMonacoRange(d.range);
        editor.setSelection(range);
        editor.revealRangeInCenter(range);
        editor.focus();
      });
      return item;
    }),
  );
}

async function refreshVerdicts(version) {
  let result;
  try {
    const connection = await server();
    result = await connection.request('boardls/verdicts', { textDocument: { uri: uri() } });
  } catch {
    return;
  }
  if (!state.model || version !== state.model.getVersionId()) {
    return;
  }
  const lines = result && Array.isArray(result.lines) ? result.lines : [];
  const box = $('verdicts');
  box.textContent = lines.join('\n');
  box.dataset.version = String(version);
  refreshHints(version);
}

/** The most hints listed beside the board (the editor shows them all). */
const HINTS_LISTED = 300;

/** The inlay hints of the whole board as text lines: `12: legal: 4 5 6`. */
async function refreshHints(version) {
  let hints;
  try {
    const connection = await server();
    hints = await connection.request('textDocument/inlayHint', {
      textDocument: { uri: uri() },
      range: wholeDocument(),
    });
  } catch {
    return;
  }
  if (!state.model || version !== state.model.getVersionId()) {
    return;
  }
  const lines = (hints || [])
    .slice(0, HINTS_LISTED)
    .map((hint) => `${hint.position.line + 1}: ${hintLabel(hint)}`);
  $('hints').textContent = lines.join('\n');
}

const hintLabel = (hint) =>
  typeof hint.label === 'string' ? hint.label : hint.label.map((part) => part.value).join('');

// --- the document ---------------------------------------------------------

function loadGame(game, text) {
  const connection = state.connection;
  if (state.model) {
    if (connection && !connection.dead) {
      connection.notify('textDocument/didClose', { textDocument: { uri: uri() } });
    }
    state.model.dispose();
  }
  state.game = game;
  $('game').value = game;
  $('fill').disabled = game !== 'uttt';
  $('verdicts').textContent = '';
  $('hints').textContent = '';
  $('problems').replaceChildren();
  $('picture').replaceChildren();
  delete $('verdicts').dataset.version;
  state.lastDiagnostics = { version: null, items: [] };
  state.diagnosticsWaiters = [];
  state.model = monaco.editor.createModel(text, game, monaco.Uri.parse(`file:///playground/${GAMES[game].file}`));
  editor.setModel(state.model);
  state.model.onDidChangeContent((event) => {
    const changes =
      event.changes.length === 1
        ? event.changes.map((change) => ({
            range: toLspRange(change.range),
            rangeLength: change.rangeLength,
            text: change.text,
          }))
        : [{ text: state.model.getValue() }];
    const version = state.model.getVersionId();
    const changed = uri();
    server()
      .then((c) => {
        if (c.opened && c.opened.uri === changed && version > c.opened.version) {
          c.notify('textDocument/didChange', { textDocument: { uri: changed, version }, contentChanges: changes });
        }
      })
      .catch(() => {});
  });
  if (state.ready) {
    state.ready.then((c) => c === state.connection && openModel(c)).catch(() => {});
  }
}

/** Applies LSP text edits to the model as one undoable step. */
function applyEdits(edits) {
  if (!edits || edits.length === 0) {
    return false;
  }
  editor.pushUndoStop();
  editor.executeEdits(
    'boardls',
    edits.map((edit) => ({ range: toMonacoRange(edit.range), text: edit.newText, forceMoveMarkers: true })),
  );
  editor.pushUndoStop();
  return true;
}

/** The edits of a code action's workspace edit that touch this document. */
function editsOf(action) {
  const edit = action && action.edit;
  if (!edit) {
    return [];
  }
  if (edit.changes && edit.changes[uri()]) {
    return edit.changes[uri()];
  }
  if (Array.isArray(edit.documentChanges)) {
    return edit.documentChanges.filter((c) => c.textDocument && c.textDocument.uri === uri()).flatMap((c) => c.edits);
  }
  return [];
}

function wholeDocument() {
  return toLspRange(state.model.getFullModelRange());
}

// --- editor features through the server -----------------------------------

function markdownOf(contents) {
  const parts = Array.isArray(contents) ? contents : [contents];
  return parts
    .filter((part) => part !== null && part !== undefined)
    .map((part) => {
      if (typeof part === 'string') {
        return part;
      }
      if (part.kind !== undefined) {
        return part.kind === 'markdown' ? part.value : escapeMarkdown(part.value);
      }
      return `\`\`\`${part.language}\n${part.value}\n\`\`\``;
    });
}

function escapeMarkdown(text) {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}

const PICTURE = /data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+/;

function showPicture(markdown) {
  const found = markdown.map((part) => part.match(PICTURE)).find(Boolean);
  if (!found) {
    return;
  }
  const img = document.createElement('img');
  img.src = found[0];
  img.alt = 'the board under the pointer';
  $('picture').replaceChildren(img);
}

for (const game of GAME_NAMES) {
  monaco.languages.registerHoverProvider(game, {
    async provideHover(model, position) {
      if (model !== state.model) {
        return null;
      }
      const version = model.getVersionId();
      let hover;
      try {
        const connection = await server();
        hover = await connection.request('textDocument/hover', {
          textDocument: { uri: uri() },
          position: toLspPosition(position),
        });
      } catch {
        return null;
      }
      if (!hover || model.getVersionId() !== version) {
        return null;
      }
      const markdown = markdownOf(hover.contents);
      showPicture(markdown);
      return {
        range: hover.range ? toMonacoRange(hover.range) : undefined,
        contents: markdown.map((value) => ({ value, supportHtml: true })),
      };
    },
  });

  monaco.languages.registerCodeActionProvider(game, {
    async provideCodeActions(model, range, context) {
      if (model !== state.model) {
        return { actions: [], dispose() {} };
      }
      const lspRange = toLspRange(range);
      const diagnostics = state.lastDiagnostics.items.filter((d) =>
        context.markers.some(
          (marker) =>
            marker.message === d.message &&
            marker.startLineNumber === d.range.start.line + 1 &&
            marker.startColumn === d.range.start.character + 1,
        ),
      );
      let actions;
      try {
        const connection = await server();
        actions = await connection.request('textDocument/codeAction', {
          textDocument: { uri: uri() },
          range: lspRange,
          context: { diagnostics, triggerKind: context.trigger === 1 ? 1 : 2 },
        });
      } catch {
        actions = null;
      }
      const resource = model.uri;
      const versionId = model.getVersionId();
      return {
        actions: (actions || [])
          .filter((action) => editsOf(action).length > 0)
          .map((action) => ({
            title: action.title,
            kind: action.kind,
            isPreferred: action.isPreferred,
            edit: {
              edits: editsOf(action).map((edit) => ({
                resource,
                versionId,
                textEdit: { range: toMonacoRange(edit.range), text: edit.newText },
              })),
            },
          })),
        dispose() {},
      };
    },
  });

  monaco.languages.registerDocumentFormattingEditProvider(game, {
    async provideDocumentFormattingEdits(model, options) {
      if (model !== state.model) {
        return [];
      }
      const edits = await formattingEdits(options);
      return edits.map((edit) => ({ range: toMonacoRange(edit.range), text: edit.newText }));
    },
  });

  monaco.languages.registerInlayHintsProvider(game, {
    async provideInlayHints(model, range) {
      if (model !== state.model) {
        return { hints: [], dispose() {} };
      }
      let hints;
      try {
        const connection = await server();
        hints = await connection.request('textDocument/inlayHint', {
          textDocument: { uri: uri() },
          range: toLspRange(range),
        });
      } catch {
        hints = null;
      }
      return {
        hints: (hints || []).map((hint) => ({
          label: hintLabel(hint),
          position: { lineNumber: hint.position.line + 1, column: hint.position.character + 1 },
          paddingLeft: hint.paddingLeft,
          paddingRight: hint.paddingRight,
        })),
        dispose() {},
      };
    },
  });
}

async function formattingEdits(options = { tabSize: 4, insertSpaces: true }) {
  try {
    const connection = await server();
    const edits = await connection.request('textDocument/formatting', {
      textDocument: { uri: uri() },
      options: { tabSize: options.tabSize, insertSpaces: options.insertSpaces },
    });
    return edits || [];
  } catch (error) {
    showMessage(`Format failed: ${error.message}`, 'error');
    return [];
  }
}

// --- buttons --------------------------------------------------------------

$('format').addEventListener('click', async () => {
  const version = state.model.getVersionId();
  const edits = await formattingEdits();
  if (state.model.getVersionId() === version && !applyEdits(edits)) {
    showMessage('The board is already formatted.');
  }
});

$('fill').addEventListener('click', async () => {
  const version = state.model.getVersionId();
  let actions;
  try {
    const connection = await server();
    actions = await connection.request('textDocument/codeAction', {
      textDocument: { uri: uri() },
      range: wholeDocument(),
      context: { diagnostics: [], triggerKind: 1 },
    });
  } catch (error) {
    showMessage(`Fill ! failed: ${error.message}`, 'error');
    return;
  }
  const action = (actions || []).find((a) => a.title === MARK_LEGAL);
  if (state.model.getVersionId() !== version) {
    return;
  }
  if (!action || !applyEdits(editsOf(action))) {
    showMessage('Every legal move is already marked with !, or the board has none.');
  }
});

$('example').addEventListener('click', () => {
  const text = GAMES[state.game].example;
  editor.pushUndoStop();
  editor.executeEdits('example', [{ range: state.model.getFullModelRange(), text }]);
  editor.pushUndoStop();
});

$('game').addEventListener('change', () => {
  const game = $('game').value;
  history.replaceState(null, '', `?game=${game}`);
  clearMessage();
  $('link-row').hidden = true;
  loadGame(game, GAMES[game].example);
});

$('share').addEventListener('click', async () => {
  let fragment;
  try {
    fragment = await encodeBoard(state.game, state.model.getValue());
  } catch (error) {
    showMessage(error instanceof ShareError ? error.message : `Share failed: ${error.message}`, 'error');
    $('link-row').hidden = true;
    return;
  }
  const link = `${location.origin}${location.pathname}#${fragment}`;
  history.replaceState(null, '', `${location.pathname}#${fragment}`);
  $('link').value = link;
  $('link-row').hidden = false;
  try {
    await navigator.clipboard.writeText(link);
    showMessage('Link copied. It holds the whole board in the URL; nothing was uploaded.');
  } catch {
    showMessage('The link is in the address bar and below; nothing was uploaded.');
  }
});

// --- start ----------------------------------------------------------------

/** The game and board the page opens with: a share link's, else `?game=`'s example. */
async function initialBoard() {
  const asked = new URLSearchParams(location.search).get('game');
  const game = GAME_NAMES.includes(asked) ? asked : 'uttt';
  const fragment = location.hash.replace(/^#/, '');
  if (fragment === '') {
    return { game, text: GAMES[game].example };
  }
  try {
    return await decodeFragment(fragment, GAME_NAMES);
  } catch (error) {
    showMessage(
      `${error instanceof ShareError ? error.message : 'This link could not be read.'} The example board is shown instead.`,
      'error',
    );
    return { game, text: GAMES[game].example };
  }
}

window.addEventListener('hashchange', async () => {
  const fragment = location.hash.replace(/^#/, '');
  if (fragment === '') {
    return;
  }
  try {
    const { game, text } = await decodeFragment(fragment, GAME_NAMES);
    clearMessage();
    loadGame(game, text);
  } catch (error) {
    showMessage(`${error.message} The board in the editor is kept.`, 'error');
  }
});

/** For tests and the console: the editor and the page's state. */
window.boardlsPlayground = {
  monaco,
  editor,
  state,
  /** Resolves with performance.now() when diagnostics for `version` (or later) arrive. */
  diagnostics(version) {
    if (state.lastDiagnostics.version !== null && state.lastDiagnostics.version >= version) {
      return Promise.resolve(performance.now());
    }
    return new Promise((resolve) => state.diagnosticsWaiters.push({ version, resolve }));
  },
};

initialBoard().then((first) => {
  loadGame(first.game, first.text);
  startServer();
});
