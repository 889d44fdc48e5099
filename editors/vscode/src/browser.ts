// VS Code for the Web (vscode.dev, github.dev, and any workbench whose
// web-worker extension host runs this extension): the boardls server
// built for WebAssembly runs in a Worker of its own (`server-web/`:
// `server-worker.js` and `boardls_web_bg.wasm`, made by `cargo xtask web`
// and packed by `cargo xtask dist`), connected with
// vscode-languageclient/browser over postMessage. The documents and
// settings are the desktop entry's (client.ts).
//
// There is no file system and no process here, so the browser server has
// no workspace scan or file watching, no daemon or TCP server, and reads
// an answer file or `boardls.toml` only while it is open: the output
// channel says so at start, and a message says it once per machine. The
// server's `serverInfo.version` ends in `+wasm32`; the output channel
// names it, which is how a test (and a user) tells this server from the
// native one.

import * as vscode from 'vscode';
import { LanguageClient, State } from 'vscode-languageclient/browser';
import { CellBackgrounds } from './cellBackgrounds';
import { LANGUAGES, answerGlobs, clientOptions } from './client';
import { DEFAULT_ANSWER_NAMES, PROJECT_FILE, ProjectFile, parseProjectFile } from './project';

/** The folder of the extension holding the worker and the wasm server. */
const SERVER_FOLDER = 'server-web';
const WORKER_FILE = 'server-worker.js';
const WASM_FILE = 'boardls_web_bg.wasm';
/** The globalState key that notes the message about the browser's limits was shown. */
const LIMITS_SHOWN = 'boardls.web.limitsShown';
/** The settings of the desktop's native server, which mean nothing here. */
const NATIVE_SETTINGS = ['boardls.path', 'boardls.server.daemon', 'boardls.server.address', 'boardls.server.tokenFile'];
/** A server that crashes this many times within CRASH_WINDOW_MS is not started again. */
const MAX_CRASHES = 5;
const CRASH_WINDOW_MS = 3 * 60 * 1000;

const WEB_LIMITS =
  'boardls runs its WebAssembly server in the browser here. Off in the browser: the workspace scan ' +
  '(only open files are checked), file watching, the shared daemon and TCP server (boardls.server.*, ' +
  'boardls.path), and answer files and boardls.toml that are not open (open an input and its answer ' +
  'file, and the boardls.toml that maps them, to have them checked against each other).';

let client: LanguageClient | undefined;
let worker: Worker | undefined;
let output: vscode.OutputChannel | undefined;
let cellBackgrounds: CellBackgrounds | undefined;
let crashes: number[] = [];
/** The project files found in the workspace, by the URI of their folder (with a trailing `/`). */
let projects = new Map<string, ProjectFile>();

/** The URL the worker is given for a wasm whose bytes were posted to it (INLINE_WASM_PRELUDE). */
const INLINE_WASM_URL = 'boardls-wasm:inline';

/**
 * Put before the worker's script when the wasm comes as bytes: the first
 * message, `{ boardlsWasmBytes }`, is kept from the worker's own listener,
 * and `fetch(INLINE_WASM_URL)` answers those bytes, so that the worker
 * (which loads the wasm from a URL, web/worker/) needs no network.
 */
const INLINE_WASM_PRELUDE = `(() => {
  let bytes;
  self.addEventListener('message', (event) => {
    if (bytes === undefined && event.data && event.data.boardlsWasmBytes) {
      bytes = event.data.boardlsWasmBytes;
      event.stopImmediatePropagation();
    }
  });
  const fetchFromNetwork = self.fetch.bind(self);
  self.fetch = (input, init) => String(input) === ${JSON.stringify(INLINE_WASM_URL)} && bytes !== undefined
    ? Promise.resolve(new Response(bytes, { headers: { 'Content-Type': 'application/wasm' } }))
    : fetchFromNetwork(input, init);
})();
`;

/**
 * The worker running the wasm server. An http(s) extension (vscode.dev
 * serves it from a CDN) is loaded from its URLs. Any other (code-server's
 * `vscode-remote:`, which a worker cannot load) is read through VS Code's
 * file system: the worker's script runs from a blob URL, and the wasm's
 * bytes are posted to it, since the extension host's Content Security
 * Policy lets a worker fetch neither blob: nor data: URLs.
 */
async function startWorker(extensionUri: vscode.Uri, onCrash: (message: string) => void): Promise<Worker> {
  const folder = vscode.Uri.joinPath(extensionUri, SERVER_FOLDER);
  const script = vscode.Uri.joinPath(folder, WORKER_FILE);
  const wasm = vscode.Uri.joinPath(folder, WASM_FILE);
  let started: Worker;
  let firstMessages: unknown[];
  if (extensionUri.scheme === 'http' || extensionUri.scheme === 'https') {
    started = new Worker(script.toString(true), { name: 'boardls server' });
    firstMessages = [{ boardlsWasmUrl: wasm.toString(true) }];
  } else {
    const [scriptBytes, wasmBytes] = await Promise.all([
      vscode.workspace.fs.readFile(script),
      vscode.workspace.fs.readFile(wasm),
    ]);
    const scriptUrl = URL.createObjectURL(
      new Blob([INLINE_WASM_PRELUDE, scriptBytes], { type: 'text/javascript' }),
    );
    started = new Worker(scriptUrl, { name: 'boardls server' });
    firstMessages = [{ boardlsWasmBytes: wasmBytes }, { boardlsWasmUrl: INLINE_WASM_URL }];
  }
  // Listened to from the start: a wasm that fails to load crashes the
  // worker before the client listens, and initialize would wait forever.
  started.addEventListener('message', (event: MessageEvent) => {
    if (event.data?.method === 'boardls/crashed') {
      onCrash(String(event.data.params?.message ?? '(no message)'));
    }
  });
  started.addEventListener('error', (event: ErrorEvent) => onCrash(event.message || 'the worker failed to load'));
  // The first messages the worker reads (see web/worker/): where the wasm is.
  for (const message of firstMessages) {
    started.postMessage(message);
  }
  return started;
}

/**
 * The project files of the workspace, read through VS Code's file system
 * (on vscode.dev, the repository): found once when the client starts.
 * The server reads one only while it is open; the client needs their
 * `[files]` and `answers.names` before that.
 */
async function findProjects(): Promise<Map<string, ProjectFile>> {
  const found = new Map<string, ProjectFile>();
  try {
    for (const uri of await vscode.workspace.findFiles(`**/${PROJECT_FILE}`, undefined, 100)) {
      const project = parseProjectFile(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
      if (project !== undefined) {
        found.set(vscode.Uri.joinPath(uri, '..').toString() + '/', project);
      }
    }
  } catch (err) {
    output?.appendLine(`boardls: the project files could not be read (${String(err)}); default answer names only.`);
  }
  return found;
}

/**
 * A file that the nearest project file maps to a game opens as that
 * game's language, as on the desktop (extension.ts's mapLanguage).
 */
async function mapLanguage(doc: vscode.TextDocument): Promise<void> {
  if (doc.uri.scheme === 'untitled' || LANGUAGES.includes(doc.languageId)) {
    return;
  }
  const uri = doc.uri.toString();
  const nearest = [...projects.keys()]
    .filter((folder) => uri.startsWith(folder))
    .sort((a, b) => b.length - a.length)[0];
  if (nearest === undefined) {
    return;
  }
  const relative = decodeURIComponent(uri.slice(nearest.length));
  const game = projects.get(nearest)?.files.find((entry) => entry.match.test(relative))?.game;
  if (game !== undefined) {
    await vscode.languages.setTextDocumentLanguage(doc, game);
  }
}

async function startClient(context: vscode.ExtensionContext): Promise<void> {
  let crashed: (message: string) => void = () => undefined;
  const crash = new Promise<string>((resolve) => {
    crashed = resolve;
  });
  let started: Worker;
  try {
    started = await startWorker(context.extensionUri, (message) => crashed(message));
  } catch (err) {
    report(`boardls: cannot start the WebAssembly server (${SERVER_FOLDER}/ of the extension): ${String(err)}`);
    return;
  }
  worker = started;
  const options = clientOptions({
    // Saved documents: `vscode-vfs` on vscode.dev and github.dev (a
    // repository), `file` for a local folder there, `vscode-remote` in
    // code-server, `vscode-test-web` in @vscode/test-web. Not `git:` and
    // the like, the old sides of diffs, as on the desktop.
    schemes: ['file', 'vscode-vfs', 'vscode-remote', 'vscode-test-web'],
    answerGlobs: answerGlobs([
      ...DEFAULT_ANSWER_NAMES,
      ...[...projects.values()].flatMap((project) => project.answerNames ?? []),
    ]),
    output,
    cellBackgrounds,
  });
  const languageClient = new LanguageClient('boardls', 'boardls', options, started);
  client = languageClient;
  languageClient.onDidChangeState((event) => {
    if (event.newState === State.Stopped) {
      cellBackgrounds?.clear();
      output?.appendLine('boardls: the language server stopped.');
    }
  });
  // Seen on the worker itself (startWorker); known to the client too, so
  // that it does not report it as unhandled.
  languageClient.onNotification('boardls/crashed', () => undefined);
  void crash.then((message) => serverCrashed(context, languageClient, message));
  try {
    const outcome = await Promise.race([languageClient.start().then(() => 'started'), crash.then(() => 'crashed')]);
    if (outcome === 'crashed') {
      return;
    }
  } catch (err) {
    report(`boardls: the WebAssembly server failed to start: ${String(err)}`);
    return;
  }
  const info = languageClient.initializeResult?.serverInfo;
  output?.appendLine(`${info?.name ?? 'boardls'} ${info?.version ?? '(no version)'} in a web worker`);
  output?.appendLine(WEB_LIMITS);
}

/**
 * A trap in the wasm server (or a worker that did not load): the worker
 * says so and closes. A new one gets the open documents again from a new
 * client, unless it crashed MAX_CRASHES times in CRASH_WINDOW_MS.
 */
function serverCrashed(context: vscode.ExtensionContext, crashedClient: LanguageClient, message: string): void {
  if (client !== crashedClient) {
    return; // an old one, already replaced
  }
  output?.appendLine(`boardls: the WebAssembly server crashed: ${message}`);
  const now = Date.now();
  crashes = [...crashes.filter((at) => now - at < CRASH_WINDOW_MS), now];
  if (crashes.length >= MAX_CRASHES) {
    report(`boardls: the WebAssembly server crashed ${crashes.length} times in a few minutes and is not started again; run "boardls: Restart the language server" to try once more.`);
    void inTurn(stopClient);
    return;
  }
  void restartClient(context);
}

async function stopClient(): Promise<void> {
  const old = client;
  const oldWorker = worker;
  client = undefined;
  worker = undefined;
  if (old !== undefined) {
    try {
      await old.stop(2000);
    } catch {
      // A crashed worker does not answer shutdown; it is ended below anyway.
    }
  }
  oldWorker?.terminate();
}

/** Starts and restarts, one after the other (see the desktop's inTurn). */
let lastTurn: Promise<void> = Promise.resolve();
function inTurn(work: () => Promise<void>): Promise<void> {
  const turn = lastTurn.then(work);
  lastTurn = turn.catch(() => undefined);
  return turn;
}

function restartClient(context: vscode.ExtensionContext): Promise<void> {
  return inTurn(async () => {
    await stopClient();
    await startClient(context);
  });
}

function report(message: string): void {
  output?.appendLine(message);
  void vscode.window.showErrorMessage(message);
}

/** The browser's limits, said once per machine (they are in the output channel every time). */
function sayLimitsOnce(context: vscode.ExtensionContext): void {
  if (context.globalState.get<boolean>(LIMITS_SHOWN)) {
    return;
  }
  void context.globalState.update(LIMITS_SHOWN, true);
  void vscode.window.showInformationMessage(WEB_LIMITS);
}

/** What the extension offers other extensions (and its tests) in the browser. */
export interface BoardlsWebApi {
  /** True while the wasm server is up and initialized. */
  isServerRunning(): boolean;
  /** `wasm:` and the server's version (`wasm:0.1.0+wasm32`): what runs. */
  serverSource(): string;
  /** Always `wasm`: the server shipped in the extension's server-web/. */
  serverOrigin(): string;
}

export async function activate(context: vscode.ExtensionContext): Promise<BoardlsWebApi> {
  output = vscode.window.createOutputChannel('boardls');
  cellBackgrounds = new CellBackgrounds(
    () => client?.initializeResult?.capabilities.semanticTokensProvider?.legend.tokenTypes,
  );
  context.subscriptions.push(output, cellBackgrounds);
  context.subscriptions.push(
    vscode.commands.registerCommand('boardls.restartServer', () => {
      crashes = [];
      return restartClient(context);
    }),
    vscode.commands.registerCommand('boardls.showOutput', () => output?.show()),
    vscode.workspace.onDidChangeConfiguration((event) => {
      const native = NATIVE_SETTINGS.filter((section) => event.affectsConfiguration(section));
      if (native.length > 0) {
        const message = `boardls: ${native.join(', ')} ${native.length === 1 ? 'is' : 'are'} not available in the browser: ` +
          'it has no native boardls to run nor a daemon to reach; the WebAssembly server shipped with the extension keeps running.';
        output?.appendLine(message);
        void vscode.window.showInformationMessage(message);
      }
    }),
    { dispose: () => void stopClient() },
  );
  context.subscriptions.push(vscode.workspace.onDidOpenTextDocument((doc) => void mapLanguage(doc)));
  sayLimitsOnce(context);
  projects = await findProjects();
  // Before the client starts, so that it opens them as their game.
  await Promise.all(vscode.workspace.textDocuments.map(mapLanguage));
  await inTurn(() => startClient(context));
  return {
    isServerRunning: () => client?.isRunning() ?? false,
    serverSource: () => `wasm:${client?.initializeResult?.serverInfo?.version ?? ''}`,
    serverOrigin: () => 'wasm',
  };
}

export async function deactivate(): Promise<void> {
  await stopClient();
}
