// The playground's first script: it reads the board to open (a share link
// or `?game=`'s example), starts the language server's worker, opens the
// board in it and shows the diagnostics and verdicts beside it, all before
// the editor (Monaco, playground.js: most of the page's bytes) is read.
// The editor, once loaded, attaches to this session and takes the text
// over. window.boardlsSession is the API between the two. The page's
// words, its language and its theme are set here too, before the editor.
import { Connection } from './connection.js';
import { chooseLanguage, currentLanguage, onLanguageChange, t, translatePage } from './l10n.js';
import { ShareError, decodeFragment } from './share.js';
import { currentTheme, onThemeChange, setUpTheme } from './theme.js';
// wasm-bindgen's glue of the server (`cargo xtask web` points esbuild here):
// the first check runs on this thread, see checkOnThisThread.
import initServer, { BrowserServer } from 'boardls-web-pkg';
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
/** The server's request for the judge's output of a board. */
const VERDICTS = 'boardls/verdicts';
/** What the page asks the server for in every session (initializationOptions' `boardls`). */
const SETTINGS = {
  // Monaco shows a `data:` SVG in hover Markdown: the picture, not a
  // text board (the server tells image clients by name otherwise).
  hover: { markdownImages: true },
};

const $ = (id) => document.getElementById(id);

/** The notice shown, kept as words to say again when the language changes. */
let notice = null;

/**
 * Shows a notice: `words` is a function of nothing that says it in the
 * page's language (so that it can say it again in another), or the
 * server's text as it is.
 */
function showMessage(words, kind = 'info') {
  notice = { words: typeof words === 'function' ? words : () => words, kind };
  const box = $('message');
  box.textContent = notice.words();
  box.className = kind;
  box.hidden = false;
}

function clearMessage() {
  notice = null;
  $('message').hidden = true;
  $('message').textContent = '';
}

/** The status line, as a function of nothing, said again when the language changes. */
let status = () => t('status-starting');
function setStatus(words) {
  status = words;
  $('status').textContent = status();
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
  /** The server's capabilities, from its `initialize` answer (its semantic tokens' legend). */
  capabilities: null,
};

const text = () => (state.editor ? state.editor.text() : state.text);
const version = () => (state.editor ? state.editor.version() : state.version);
const uri = () => `file:///playground/${GAMES[state.game].file}`;

// --- the server -------------------------------------------------------------

/**
 * The server's worker, given the .wasm that index.html compiles (a module
 * compiled once serves every worker, a restarted one too), or its URL when
 * the page could not compile it. Nothing is posted before (`started`).
 */
function startWorker() {
  const worker = new Worker('server-worker.js');
  const wasm = 'boardls_web_bg.wasm';
  worker.started = Promise.resolve(window.boardlsWasmModule || null).then((module) =>
    worker.postMessage(module ? { boardlsWasmModule: module } : { boardlsWasmUrl: wasm }),
  );
  return worker;
}

/** Settles once the first worker is started (after the first check): `state.ready` is set. */
let workerStartedNow;
const workerStarted = new Promise((resolve) => {
  workerStartedNow = resolve;
});

function startServer() {
  workerStartedNow();
  let connection;
  try {
    connection = new Connection(startWorker(), onNotification, (reason) => onCrash(connection, reason));
  } catch (error) {
    // A page opened from a file (file://) may not start workers.
    showMessage(() => t('checker-cannot-start', { reason: error.message }), 'error');
    setStatus(() => t('status-stopped'));
    state.ready = Promise.reject(error);
    state.ready.catch(() => {});
    return;
  }
  state.connection = connection;
  state.ready = connection
    .request('initialize', initializeParams())
    .then((result) => {
      performance.mark('boardls:worker-initialized');
      state.serverInfo = result && result.serverInfo ? result.serverInfo : null;
      state.capabilities = (result && result.capabilities) || {};
      connection.notify('initialized', {});
      openDocument(connection);
      const server = state.serverInfo ? `${state.serverInfo.name} ${state.serverInfo.version}` : 'boardls';
      setStatus(() => t('status-ready', { server }));
      return connection;
    });
  state.ready.catch(() => {});
}

/** `initialize`'s params: what the page is, and its language. */
function initializeParams() {
  return {
    processId: null,
    clientInfo: { name: 'boardls playground' },
    // The page's language: the server's messages, hovers and hints in it.
    locale: currentLanguage(),
    rootUri: null,
    initializationOptions: { boardls: SETTINGS },
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
          semanticTokens: {
            requests: { full: true },
            tokenTypes: [],
            tokenModifiers: [],
            formats: ['relative'],
          },
        },
        window: { showMessage: {} },
    },
  };
}

function openParams() {
  return { textDocument: { uri: uri(), languageId: state.game, version: version(), text: text() } };
}

function openDocument(connection) {
  // Changes up to this version are in the text sent; later ones follow.
  connection.opened = { uri: uri(), version: version() };
  connection.notify('textDocument/didOpen', openParams());
}

/** The longest board checked on the page's thread first (a longer one waits for the worker). */
const FIRST_CHECK_MAX_CHARS = 64 * 1024;

/**
 * The first check, on the page's own thread: the .wasm that index.html
 * compiles (window.boardlsWasmModule) in a server of its own for the
 * board the page opens with: its diagnostics, verdicts and hints, then
 * that server is dropped. A worker takes tens of milliseconds to start
 * (BENCHMARKS.md, "The playground's first verdict"): the reader sees the
 * verdicts without waiting for it. The worker, started next, opens the
 * same board and answers everything after (the same answers: the panel
 * does not change, nor is it announced again). A board over
 * FIRST_CHECK_MAX_CHARS, or any failure here, leaves it all to the worker.
 */
async function checkOnThisThread() {
  const compiled = await (window.boardlsWasmModule || null);
  performance.mark('boardls:first-check-start');
  if (!compiled || text().length > FIRST_CHECK_MAX_CHARS) {
    return;
  }
  const shown = version();
  let server;
  try {
    await initServer({ module_or_path: compiled });
    performance.mark('boardls:first-check-instantiated');
    server = new BrowserServer();
    let id = 0;
    const send = (method, params, request = true) => {
      const message = request ? { jsonrpc: '2.0', id: ++id, method, params } : { jsonrpc: '2.0', method, params };
      return server.handle(JSON.stringify(message)).map((out) => JSON.parse(out));
    };
    const answer = (messages) => (messages.find((m) => 'id' in m && !('method' in m)) || {}).result;
    // What this check reads needs no client capability, and each one the
    // server reads is code the browser compiles at its first call.
    send('initialize', { ...initializeParams(), capabilities: {} });
    send('initialized', {}, false);
    performance.mark('boardls:first-check-initialized');
    const published = send('textDocument/didOpen', openParams(), false).find(
      (m) => m.method === 'textDocument/publishDiagnostics',
    );
    const verdicts = answer(send(VERDICTS, { textDocument: { uri: uri() } }));
    performance.mark('boardls:first-check-done');
    if (state.firstDiagnosticsAt !== null || shown !== version()) {
      return; // Not the board on the page any more.
    }
    // The verdicts first; then the problems and the hints.
    showVerdicts(verdicts, shown);
    if (published) {
      onDiagnostics(published.params, { fromWorker: false });
    }
    showHints(answer(send('textDocument/inlayHint', { textDocument: { uri: uri() }, range: wholeText() })), shown);
  } catch {
    // The worker answers.
  } finally {
    if (server) {
      server.free();
    }
  }
}

function onCrash(connection, reason) {
  if (connection !== state.connection) {
    return;
  }
  const now = Date.now();
  state.crashes = state.crashes.filter((at) => now - at < CRASH_WINDOW_MS);
  state.crashes.push(now);
  if (state.crashes.length >= CRASHES_IN_WINDOW) {
    showMessage(() => t('checker-stopped-often', { times: CRASHES_IN_WINDOW, reason }), 'error');
    setStatus(() => t('status-stopped'));
    state.stopped = true;
    return;
  }
  showMessage(() => t('checker-restarted', { reason }), 'error');
  startServer();
}

/** A request to the server once it holds the current board. */
async function request(method, params) {
  await workerStarted;
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

/** A publish of diagnostics; the worker's also refreshes the verdicts (checkOnThisThread shows its own). */
function onDiagnostics(params, { fromWorker = true } = {}) {
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
  if (fromWorker) {
    refreshVerdicts(current);
  }
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
      item.textContent = `${d.range.start.line + 1}:${d.range.start.character + 1}: ${t(`severity-${severity}`)}${code}: ${d.message}`;
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
    result = await request(VERDICTS, { textDocument: { uri: uri() } });
  } catch {
    return;
  }
  if (shown !== version()) {
    return;
  }
  showVerdicts(result, shown);
  refreshHints(shown);
}

/** The verdicts panel: a `boardls/verdicts` answer for version `shown`. */
function showVerdicts(result, shown) {
  const lines = result && Array.isArray(result.lines) ? result.lines : [];
  const box = $('verdicts');
  // A live region: a screen reader says it again at every change, so it
  // changes only when the verdicts do.
  const verdicts = lines.join('\n');
  if (box.textContent !== verdicts) {
    box.textContent = verdicts;
  }
  box.dataset.version = String(shown);
}

/** The whole text as an LSP range. */
function wholeText() {
  const lines = text().split(/\r\n|\r|\n/);
  return { start: { line: 0, character: 0 }, end: { line: lines.length - 1, character: lines[lines.length - 1].length } };
}

/** The inlay hints of the whole board as text lines: `12: legal: 4 5 6`. */
async function refreshHints(shown) {
  let hints;
  try {
    hints = await request('textDocument/inlayHint', { textDocument: { uri: uri() }, range: wholeText() });
  } catch {
    return;
  }
  if (shown !== version()) {
    return;
  }
  showHints(hints, shown);
}

/** The hints panel; the first time, the editor may load. */
function showHints(hints, shown) {
  const listed = (hints || [])
    .slice(0, HINTS_LISTED)
    .map((hint) => `${hint.position.line + 1}: ${hintLabel(hint)}`)
    .join('\n');
  if ($('hints').textContent !== listed) {
    $('hints').textContent = listed;
  }
  $('hints').dataset.version = String(shown);
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
  for (const id of ['verdicts', 'hints', 'problems']) {
    $(id).replaceChildren();
  }
  clearPicture();
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
    showMessage(() => t('link-example-instead', { problem: linkProblem(error) }), 'error');
    return { game, text: GAMES[game].example };
  }
}

/**
 * What is wrong with a link that could not be opened, in the page's
 * language. (A ShareError of the editor's bundle is another class than
 * this bundle's: told by its key.)
 */
export const linkProblem = (error) =>
  error instanceof ShareError || (error && typeof error.key === 'string') ? t(error.key, error.args) : t('link-unreadable');

/** The picture panel with no picture: what to do to get one. */
function clearPicture() {
  const empty = document.createElement('p');
  empty.id = 'picture-empty';
  empty.dataset.l10nId = 'picture-empty';
  empty.textContent = t('picture-empty');
  $('picture').replaceChildren(empty);
}

/** Until the editor is read, the board shows as plain text where it will be. */
function showPlainBoard() {
  const board = document.createElement('pre');
  board.id = 'plain-board';
  board.textContent = state.text;
  $('editor').replaceChildren(board);
}

/**
 * The editor's script and stylesheet, once the first diagnostics show (or
 * after a while); the script once the stylesheet is in, so that Monaco
 * measures its own layout.
 */
function loadEditor() {
  if (document.getElementById('editor-script')) {
    return;
  }
  const script = document.createElement('script');
  script.id = 'editor-script';
  script.src = 'playground.js';
  const failed = () => showMessage(() => t('editor-not-loaded'), 'error');
  script.addEventListener('error', failed);
  const style = document.createElement('link');
  style.rel = 'stylesheet';
  style.href = 'playground.css';
  style.addEventListener('load', () => document.body.append(script));
  style.addEventListener('error', failed);
  document.head.append(style);
}

/** The reader chose another language: the server's messages follow, and what the page says. */
onLanguageChange((language) => {
  const connection = state.connection;
  if (connection && !connection.dead) {
    connection.notify('workspace/didChangeConfiguration', { settings: { boardls: { ...SETTINGS, locale: language } } });
  }
  if (notice) {
    $('message').textContent = notice.words();
  }
  $('status').textContent = status();
  showProblems(state.lastDiagnostics.items);
});

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
  t,
  linkProblem,
  clearPicture,
  onLanguageChange,
  currentTheme,
  onThemeChange,
  /** Resolves with the server's capabilities (`initialize`'s answer). */
  capabilities: () => workerStarted.then(() => state.ready).then(() => state.capabilities),
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

performance.mark('boardls:session-start');
translatePage();
setStatus(status);
setUpTheme();
$('language').addEventListener('change', () => chooseLanguage($('language').value));

initialBoard().then((first) => {
  performance.mark('boardls:board-read');
  open(first.game, first.text);
  showPlainBoard();
  // The editor's script is read once the first verdicts show: reading it
  // holds the page's thread for a while.
  new Promise((resolve) => {
    state.firstShown = resolve;
    setTimeout(resolve, EDITOR_WAIT_MS);
  }).then(() => setTimeout(loadEditor, 0));
  // The worker starts after the first check: on two cores its start
  // (a thread, a JavaScript engine, its script) slowed the .wasm's
  // compilation and the check (BENCHMARKS.md). It is ready long before
  // the editor, which is what sends it work.
  checkOnThisThread().finally(startServer);
});
