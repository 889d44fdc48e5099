// The playground's first script: it reads the board to open (a share link
// or `?game=`'s example), starts the language server's worker, opens the
// board in it and shows the diagnostics and verdicts beside it, all before
// the editor (Monaco, playground.js: most of the page's bytes) is read.
// The editor, once loaded, attaches to this session and takes the text
// over. window.boardlsSession is the API between the two.
import { Connection } from './connection.js';
import { ShareError, decodeFragment } from './share.js';
import utttExample from '../../examples/uttt/sample1.uttt';
import go9Example from '../../examples/go9/sample.go9';
import tomekExample from '../../examples/tomek/sample.tomek';

/** Each game: its file name (the server tells games by extension) and example. */
export const GAMES = {
  uttt: { example: utttExample, file: 'sample1.uttt' },
  go9: { example: go9Example, file: 'sample.go9' },
  tomek: { example: tomekExample, file: 'sample.tomek' },
};
const GAME_NAMES = Object.keys(GAMES);
/** Crashes this close together stop the restarts (a board that always traps). */
const CRASH_WINDOW_MS = 10_000;
const CRASHES_IN_WINDOW = 3;
/** The most hints listed beside the board (the editor shows them all). */
const HINTS_LISTED = 300;
const SEVERITY_NAME = { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' };

const $ = (id) => document.getElementById(id);

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

const state = {
  game: 'uttt',
  /** The board before the editor attaches: its text and version. */
  text: '',
  version: 1,
  /** The editor once attached: `{ text(), version(), reveal(range) }`. */
  editor: null,
  connection: null,
  /** `initialize` answered and the current board is open in the server. */
  ready: null,
  crashes: [],
  /** When the editor last changed the text (performance.now()). */
  changedAt: -Infinity,
  /** Stopped after crashes in a row, until the next edit. */
  stopped: false,
  diagnosticsWaiters: [],
  diagnosticsListeners: [],
  firstDiagnosticsAt: null,
  /** When the editor took the board over (performance.now()). */
  editorReadyAt: null,
  /** Called once the first verdicts and hints show. */
  firstShown: null,
  lastDiagnostics: { version: null, items: [] },
  serverInfo: null,
};

const text = () => (state.editor ? state.editor.text() : state.text);
const version = () => (state.editor ? state.editor.version() : state.version);
const uri = () => `file:///playground/${GAMES[state.game].file}`;

// --- the server -------------------------------------------------------------

function startServer() {
  const early = window.boardlsEarlyWorker;
  window.boardlsEarlyWorker = null;
  let connection;
  try {
    connection = new Connection(early || 'server-worker.js', onNotification, (reason) => onCrash(connection, reason));
  } catch (error) {
    // A page opened from a file (file://) may not start workers.
    showMessage(`The checker could not start (${error.message}): serve the page over http, e.g. python3 -m http.server -d dist/web.`, 'error');
    setStatus('stopped');
    state.ready = Promise.reject(error);
    state.ready.catch(() => {});
    return;
  }
  state.connection = connection;
  state.ready = connection
    .request('initialize', {
      processId: null,
      clientInfo: { name: 'boardls playground' },
      rootUri: null,
      // Monaco shows a `data:` SVG in hover Markdown: the picture, not a
      // text board (the server tells image clients by name otherwise).
      initializationOptions: { boardls: { hover: { markdownImages: true } } },
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
      openDocument(connection);
      setStatus(state.serverInfo ? `${state.serverInfo.name} ${state.serverInfo.version}` : 'ready');
      return connection;
    });
  state.ready.catch(() => {});
}

function openDocument(connection) {
  // Changes up to this version are in the text sent; later ones follow.
  connection.opened = { uri: uri(), version: version() };
  connection.notify('textDocument/didOpen', {
    textDocument: { uri: uri(), languageId: state.game, version: version(), text: text() },
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
      `The checker stopped ${CRASHES_IN_WINDOW} times in a row on this text (${reason}). Your text is kept; the checker starts again at your next edit.`,
      'error',
    );
    setStatus('stopped');
    state.stopped = true;
    return;
  }
  showMessage(`The checker stopped (${reason}). It was restarted with your text, which is kept.`, 'error');
  startServer();
}

/** A request to the server once it holds the current board. */
async function request(method, params) {
  const connection = await state.ready;
  return connection.request(method, params);
}

function onNotification(method, params) {
  if (method === 'textDocument/publishDiagnostics') {
    onDiagnostics(params);
  } else if (method === 'window/showMessage' && params && params.message) {
    showMessage(params.message, params.type === 1 ? 'error' : 'info');
  }
}

function onDiagnostics(params) {
  if (params.uri !== uri()) {
    return;
  }
  const current = version();
  if ((params.version ?? current) !== current) {
    return;
  }
  if (state.firstDiagnosticsAt === null) {
    state.firstDiagnosticsAt = performance.now();
  }
  const items = params.diagnostics || [];
  state.lastDiagnostics = { version: current, items };
  for (const listener of state.diagnosticsListeners) {
    listener(items);
  }
  showProblems(items);
  document.body.dataset.diagnosticsVersion = String(current);
  const waiters = state.diagnosticsWaiters;
  state.diagnosticsWaiters = [];
  for (const waiter of waiters) {
    if (waiter.version <= current) {
      waiter.resolve(performance.now());
    } else {
      state.diagnosticsWaiters.push(waiter);
    }
  }
  refreshVerdicts(current);
}

function showProblems(items) {
  $('problems').replaceChildren(
    ...items.map((d) => {
      const item = document.createElement('li');
      const severity = SEVERITY_NAME[d.severity] || 'error';
      item.className = severity;
      item.dataset.line = String(d.range.start.line + 1);
      item.dataset.column = String(d.range.start.character + 1);
      const code = d.code === undefined ? '' : `[${d.code}]`;
      item.textContent = `${d.range.start.line + 1}:${d.range.start.character + 1}: ${severity}${code}: ${d.message}`;
      item.addEventListener('click', () => state.editor && state.editor.reveal(d.range));
      return item;
    }),
  );
}

/** While typing, verdicts and hints wait this long for the typing to pause. */
const TYPING_PAUSE_MS = 150;

/**
 * The verdicts (then the hints) of the version whose diagnostics show; while
 * the text is being typed, once the typing pauses, so that the server's
 * time goes to the next keystroke's diagnostics first.
 */
async function refreshVerdicts(shown) {
  if (performance.now() - state.changedAt < TYPING_PAUSE_MS) {
    await new Promise((resolve) => setTimeout(resolve, TYPING_PAUSE_MS));
    if (shown !== version()) {
      return;
    }
  }
  let result;
  try {
    result = await request('boardls/verdicts', { textDocument: { uri: uri() } });
  } catch {
    return;
  }
  if (shown !== version()) {
    return;
  }
  const lines = result && Array.isArray(result.lines) ? result.lines : [];
  const box = $('verdicts');
  box.textContent = lines.join('\n');
  box.dataset.version = String(shown);
  refreshHints(shown);
}

/** The inlay hints of the whole board as text lines: `12: legal: 4 5 6`. */
async function refreshHints(shown) {
  const lines = text().split(/\r\n|\r|\n/);
  let hints;
  try {
    hints = await request('textDocument/inlayHint', {
      textDocument: { uri: uri() },
      range: { start: { line: 0, character: 0 }, end: { line: lines.length - 1, character: lines[lines.length - 1].length } },
    });
  } catch {
    return;
  }
  if (shown !== version()) {
    return;
  }
  $('hints').textContent = (hints || [])
    .slice(0, HINTS_LISTED)
    .map((hint) => `${hint.position.line + 1}: ${hintLabel(hint)}`)
    .join('\n');
  const shownFirst = state.firstShown;
  state.firstShown = null;
  if (shownFirst) {
    shownFirst();
  }
}

export const hintLabel = (hint) =>
  typeof hint.label === 'string' ? hint.label : hint.label.map((part) => part.value).join('');

// --- the board --------------------------------------------------------------

/** Closes the board open in the server and opens `game`'s with `text`. */
function open(game, text) {
  const connection = state.connection;
  if (connection && !connection.dead && connection.opened) {
    connection.notify('textDocument/didClose', { textDocument: { uri: uri() } });
    connection.opened = null;
  }
  state.game = game;
  state.text = text;
  $('game').value = game;
  $('fill').disabled = game !== 'uttt';
  for (const id of ['verdicts', 'hints', 'picture', 'problems']) {
    $(id).replaceChildren();
  }
  delete $('verdicts').dataset.version;
  state.lastDiagnostics = { version: null, items: [] };
  state.diagnosticsWaiters = [];
}

/** After the editor's model for the current game is in place: the server opens it. */
function opened() {
  if (state.ready) {
    state.ready
      .then((c) => {
        if (c === state.connection && (!c.opened || c.opened.uri !== uri())) {
          openDocument(c);
        }
      })
      .catch(() => {});
  }
}

/** The editor's changes, in order: LSP content changes up to `changedVersion`. */
function change(changedVersion, contentChanges) {
  if (state.stopped) {
    // A new server opens the text as it is now.
    state.stopped = false;
    state.crashes = [];
    startServer();
    return;
  }
  const changed = uri();
  state.changedAt = performance.now();
  state.ready
    .then((c) => {
      if (c.opened && c.opened.uri === changed && changedVersion > c.opened.version) {
        c.notify('textDocument/didChange', {
          textDocument: { uri: changed, version: changedVersion },
          contentChanges,
        });
      }
    })
    .catch(() => {});
}

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

/** Until the editor is read, the board shows as plain text where it will be. */
function showPlainBoard() {
  const board = document.createElement('pre');
  board.id = 'plain-board';
  board.textContent = state.text;
  $('editor').replaceChildren(board);
}

/** The editor's script, once the first diagnostics show (or after a while). */
function loadEditor() {
  if (document.getElementById('editor-script')) {
    return;
  }
  const script = document.createElement('script');
  script.id = 'editor-script';
  script.src = 'playground.js';
  script.addEventListener('error', () => showMessage('The editor could not be loaded; reload the page.', 'error'));
  document.body.append(script);
}

const session = {
  GAMES,
  GAME_NAMES,
  state,
  uri,
  request,
  open,
  opened,
  change,
  showMessage,
  clearMessage,
  hintLabel,
  /** The editor takes the text over: `{ text(), version(), reveal(lspRange) }`. */
  attach(editor) {
    state.editor = editor;
  },
  onDiagnostics(listener) {
    state.diagnosticsListeners.push(listener);
  },
  /** Resolves with performance.now() when diagnostics for `version` (or later) show. */
  diagnostics(wanted) {
    if (state.lastDiagnostics.version !== null && state.lastDiagnostics.version >= wanted) {
      return Promise.resolve(performance.now());
    }
    return new Promise((resolve) => state.diagnosticsWaiters.push({ version: wanted, resolve }));
  },
};
window.boardlsSession = session;

/** How long the editor waits for the first diagnostics before it loads anyway. */
const EDITOR_WAIT_MS = 1500;

initialBoard().then((first) => {
  open(first.game, first.text);
  showPlainBoard();
  // The editor's script is read once the first verdicts show: reading it
  // holds the page's thread for a while.
  new Promise((resolve) => {
    state.firstShown = resolve;
    setTimeout(resolve, EDITOR_WAIT_MS);
  }).then(() => setTimeout(loadEditor, 0));
  startServer();
});
