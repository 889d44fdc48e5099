// VS Code client for the boardls language server: starts `boardls lsp`
// over stdio for .uttt, .go9 and .tomek documents; or, with
// `boardls.server.daemon`, `boardls lsp --connect auto`, which joins the
// user's shared daemon; or connects over TCP to a running server
// (`boardls lsp --listen HOST:PORT`) named by `boardls.server.address`,
// presenting the token in `boardls.server.tokenFile`.
//
// Files that a `boardls.toml` maps to a game (`[files]`) open as that
// game; the project file and answer files (`01.out` beside `01.in`) go to
// the server too, which checks them. Only the settings the user set are
// sent, so that the project file's settings hold for the rest.
//
// Legal .uttt cells and .go9 capture points get a background
// (cellBackgrounds.ts), read from the server's semantic tokens.
//
// The server binary is, in this order: the `boardls.path` setting (not in
// an untrusted workspace), the binary shipped inside a platform-specific
// .vsix (`server/boardls`; `server\boardls.exe` in the win32 ones),
// `boardls` (`boardls.exe`) on PATH.

import * as fs from 'fs';
import * as net from 'net';
import * as path from 'path';
import * as vscode from 'vscode';
import { CellBackgrounds } from './cellBackgrounds';
import { LANGUAGES, answerGlobs as globsOf, clientOptions as sharedClientOptions } from './client';
import { DEFAULT_ANSWER_NAMES, PROJECT_FILE } from './project';
import { Projects } from './projectsOnDisk';
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  State,
  StreamInfo,
  TransportKind,
} from 'vscode-languageclient/node';

const OPEN_SETTINGS = 'Open settings';
const EXE = process.platform === 'win32' ? 'boardls.exe' : 'boardls';

let client: LanguageClient | undefined;
/**
 * What the client runs: the server binary's path, `daemon:PATH` for the
 * shared daemon, or `tcp:HOST:PORT` for a TCP server.
 */
let serverSource = '';
/** Where the binary was found: `setting`, `bundled`, `PATH`; `tcp` for a TCP connection. */
let serverOrigin: ServerOrigin | '' = '';
let output: vscode.OutputChannel | undefined;
const projects = new Projects();
/** Backgrounds behind legal .uttt cells and .go9 capture points. */
let cellBackgrounds: CellBackgrounds | undefined;
/** The answer files the client's document selector covers (globs). */
let answerGlobs: string[] = [];

export type ServerOrigin = 'setting' | 'bundled' | 'PATH' | 'tcp';

/** A server binary and where it was found. */
export interface ServerBinary {
  command: string;
  origin: Exclude<ServerOrigin, 'tcp'>;
}

/**
 * Where the server binary is: the `boardls.path` setting when it is set
 * (and nothing else then, so that a wrong path is reported rather than
 * silently replaced), else the binary bundled in the extension's
 * `server/` folder, else `boardls` on PATH.
 */
export function resolveServer(configured: string | undefined, extensionPath: string): ServerBinary | undefined {
  const setting = (configured ?? '').trim();
  if (setting !== '') {
    const expanded = expandHome(setting);
    return isExecutable(expanded) ? { command: expanded, origin: 'setting' } : undefined;
  }
  const bundled = path.join(extensionPath, 'server', EXE);
  if (fs.existsSync(bundled) && (isExecutable(bundled) || makeExecutable(bundled))) {
    return { command: bundled, origin: 'bundled' };
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') {
      continue;
    }
    const candidate = path.join(dir, EXE);
    if (isExecutable(candidate)) {
      return { command: candidate, origin: 'PATH' };
    }
  }
  return undefined;
}

/** A setting's path with a leading `~` as the home folder. */
function expandHome(file: string): string {
  return file.startsWith('~') ? path.join(process.env.HOME ?? '', file.slice(1)) : file;
}

function isExecutable(file: string): boolean {
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) {
      return false;
    }
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * A bundled binary that lost its executable bit on the way (an unpacker
 * that drops file modes) gets it back.
 */
function makeExecutable(file: string): boolean {
  try {
    fs.chmodSync(file, 0o755);
  } catch {
    return false;
  }
  return isExecutable(file);
}

/**
 * `boardls.path` as VS Code resolves it, except in an untrusted workspace:
 * there the workspace's own settings could name any program to run, so
 * only the user's (and remote machine's) value counts. VS Code does the
 * same for restricted settings (`capabilities.untrustedWorkspaces`); this
 * keeps it so whatever the VS Code version.
 */
export function configuredPath(): string {
  const config = vscode.workspace.getConfiguration('boardls');
  const value = config.get<string>('path', '');
  if (vscode.workspace.isTrusted) {
    return value;
  }
  const where = config.inspect<string>('path');
  const fromWorkspace = where?.workspaceValue !== undefined || where?.workspaceFolderValue !== undefined;
  if (fromWorkspace) {
    output?.appendLine('boardls: this workspace is not trusted, so its boardls.path setting is ignored.');
    return where?.globalValue ?? '';
  }
  return value;
}

/**
 * `HOST:PORT` (IPv6 hosts in brackets: `[::1]:9257`) as net.connect options;
 * undefined when the text is not such an address.
 */
export function parseAddress(address: string): { host: string; port: number } | undefined {
  const match = /^\s*(?:\[([^\]]+)\]|([^:\s]+)):(\d+)\s*$/.exec(address);
  if (match === null) {
    return undefined;
  }
  const port = Number(match[3]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    return undefined;
  }
  return { host: match[1] ?? match[2], port };
}

/**
 * Server options that connect to the server at `host:port`, one TCP
 * connection per client; the token, when there is one, is the first line
 * sent, before any LSP message.
 */
function connectTo(host: string, port: number, token: string | undefined): ServerOptions {
  return () => new Promise<StreamInfo>((resolve, reject) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.removeListener('error', reject);
      if (token !== undefined) {
        socket.write(`${token}\n`);
      }
      resolve({ reader: socket, writer: socket });
    });
    socket.once('error', reject);
  });
}

/** The token in `boardls.server.tokenFile` (`~` is the home folder). */
export function readToken(file: string): string {
  const expanded = expandHome(file);
  const token = fs.readFileSync(expanded, 'utf8').trim();
  if (token === '' || token.includes('\n')) {
    throw new Error(`${expanded} must hold one line, the token`);
  }
  return token;
}

async function reportMissingBinary(configured: string): Promise<void> {
  const where = configured.trim() !== ''
    ? `The setting boardls.path points to "${configured}", which is not an executable file.`
    : 'This copy of the extension has no server of its own (it is the universal build), ' +
      'and no "boardls" executable was found on PATH.';
  const message =
    `boardls: cannot start the language server. ${where} ` +
    'Install the extension built for your platform, put boardls on PATH, ' +
    'or set boardls.path to the binary.';
  await report(message);
}

/** Logs `message` and shows it with a button that opens `setting`. */
async function report(message: string, setting = 'boardls.path'): Promise<void> {
  output?.appendLine(message);
  const choice = await vscode.window.showErrorMessage(message, OPEN_SETTINGS);
  if (choice === OPEN_SETTINGS) {
    await vscode.commands.executeCommand('workbench.action.openSettings', setting);
  }
}

async function startClient(context: vscode.ExtensionContext): Promise<void> {
  const config = vscode.workspace.getConfiguration('boardls');
  const address = config.get<string>('server.address', '').trim();
  let serverOptions: ServerOptions;
  /** What to say when the client does not start. */
  let failure: (err: unknown) => string;
  let setting: string;
  if (address !== '') {
    const target = parseAddress(address);
    setting = 'boardls.server.address';
    if (target === undefined) {
      void report(
        `boardls: the setting boardls.server.address is "${address}", which is not HOST:PORT (such as 127.0.0.1:9257).`,
        setting,
      );
      return;
    }
    const tokenFile = config.get<string>('server.tokenFile', '').trim();
    let token: string | undefined;
    if (tokenFile !== '') {
      try {
        token = readToken(tokenFile);
      } catch (err) {
        void report(
          `boardls: cannot read the token file ${tokenFile} (boardls.server.tokenFile): ${String(err)}`,
          'boardls.server.tokenFile',
        );
        return;
      }
    }
    serverOptions = connectTo(target.host, target.port, token);
    failure = (err) =>
      `boardls: cannot connect to the language server at ${address} (${String(err)}); start it with \`boardls lsp --listen ${address} --token-file FILE\` (and set boardls.server.tokenFile to FILE) or clear boardls.server.address.`;
    serverSource = `tcp:${address}`;
    serverOrigin = 'tcp';
  } else {
    const configured = configuredPath();
    const found = resolveServer(configured, context.extensionPath);
    if (found === undefined) {
      // Not awaited: activation must not wait for the user to answer.
      void reportMissingBinary(configured);
      return;
    }
    const { command } = found;
    // With `server.daemon`, `boardls lsp --connect auto` joins the user's
    // shared daemon, starting it when absent; otherwise a private server.
    const daemon = config.get<boolean>('server.daemon', false);
    const args = daemon ? ['lsp', '--connect', 'auto'] : ['lsp'];
    serverOptions = {
      run: { command, args, transport: TransportKind.stdio },
      debug: { command, args, transport: TransportKind.stdio },
    };
    serverOrigin = found.origin;
    const what = daemon ? `${command} lsp --connect auto` : command;
    failure = (err) => `boardls: the language server (${what}) failed to start: ${String(err)}`;
    if (daemon) {
      serverSource = `daemon:${command}`;
      setting = 'boardls.server.daemon';
    } else {
      serverSource = command;
      setting = 'boardls.path';
      output?.appendLine(`boardls: starting ${command} lsp (found: ${found.origin})`);
    }
  }

  answerGlobs = await findAnswerGlobs();
  const clientOptions: LanguageClientOptions = sharedClientOptions({
    schemes: ['file'],
    answerGlobs,
    fileEvents: vscode.workspace.createFileSystemWatcher('**/*.{uttt,go9,tomek}'),
    output,
    cellBackgrounds,
  });
  if (process.env.BOARDLS_E2E === '1') {
    clientOptions.middleware = {
      ...clientOptions.middleware,
      // Pushed: set synchronously by `next`, so nothing reads the version
      // in between.
      handleDiagnostics: (uri, diagnostics, next) => {
        shownVersions.set(uri.toString(), queuedVersions.get(uri.toString()) ?? null);
        next(uri, diagnostics);
      },
      // Pulled (VS Code's client pulls): the report answers for the
      // version the document had when it was asked for; the client shows
      // it once this returns, so the version is noted just after.
      provideDiagnostics: async (document, previousResultId, token, next) => {
        const asked = document instanceof vscode.Uri ? undefined : document.version;
        const report = await next(document, previousResultId, token);
        if (asked !== undefined && report) {
          const key = (document as vscode.TextDocument).uri.toString();
          setTimeout(() => shownVersions.set(key, asked), 0);
        }
        return report;
      },
    };
  }

  client = new LanguageClient('boardls', 'boardls', serverOptions, clientOptions);
  if (process.env.BOARDLS_E2E === '1') {
    recordPublishVersions(client);
  }
  client.onDidChangeState((event) => {
    if (event.newState === State.Stopped) {
      cellBackgrounds?.clear();
      output?.appendLine('boardls: the language server stopped.');
    }
  });
  try {
    await client.start();
  } catch (err) {
    void report(failure(err), setting);
  }
  context.subscriptions.push({ dispose: () => void client?.stop() });
}

/**
 * The end-to-end suite only (BOARDLS_E2E=1): the document version of the
 * publish or pull report whose diagnostics VS Code shows, by URI, so that
 * a test tells the diagnostics of the current version from stale ones
 * (the middleware is given pushed diagnostics without their version).
 */
const shownVersions = new Map<string, number | null>();
/** The version of the newest publish of each URI the client has queued. */
const queuedVersions = new Map<string, number | null>();

/**
 * Notes each publish's version as the client queues it. Of the publishes
 * of one URI the client shows only the newest queued (a newer one cancels
 * the conversion of the older), so when the middleware is called, the
 * newest queued version is that of the diagnostics it is given.
 */
function recordPublishVersions(languageClient: LanguageClient): void {
  type Publish = { uri: string; version?: number };
  const target = languageClient as unknown as { handleDiagnostics(params: Publish): void };
  const handle = target.handleDiagnostics.bind(languageClient);
  target.handleDiagnostics = (params: Publish) => {
    queuedVersions.set(vscode.Uri.parse(params.uri).toString(), params.version ?? null);
    handle(params);
  };
}

/**
 * The answer files the server checks, as globs: the default names and the
 * `answers.names` of every project file in the workspace.
 */
async function findAnswerGlobs(): Promise<string[]> {
  const names = new Set(DEFAULT_ANSWER_NAMES);
  for (const uri of await vscode.workspace.findFiles(`**/${PROJECT_FILE}`, undefined, 1000)) {
    for (const name of projects.load(uri.fsPath)?.answerNames ?? []) {
      names.add(name);
    }
  }
  return globsOf(names);
}

/**
 * A file that the nearest `boardls.toml` maps to a game (`"tests/*.in" =
 * "tomek"`) opens as that game's language, and so gets every feature of
 * the extension and the server. Files it does not map are left alone.
 */
async function mapLanguage(doc: vscode.TextDocument): Promise<void> {
  if (doc.uri.scheme !== 'file' || LANGUAGES.includes(doc.languageId)) {
    return;
  }
  const game = projects.gameOf(doc.uri.fsPath);
  if (game !== undefined) {
    await vscode.languages.setTextDocumentLanguage(doc, game);
  }
}

/**
 * A project file was created, changed or deleted: open files it now maps
 * take their game's language, and the client restarts when the answer
 * names it sends to the server changed.
 */
async function projectChanged(context: vscode.ExtensionContext): Promise<void> {
  await Promise.all(vscode.workspace.textDocuments.map(mapLanguage));
  const globs = await findAnswerGlobs();
  if (client !== undefined && globs.join('\n') !== answerGlobs.join('\n')) {
    await restartClient(context);
  }
}

async function restartClient(context: vscode.ExtensionContext): Promise<void> {
  return inTurn(async () => {
    const old = client;
    client = undefined;
    if (old !== undefined) {
      try {
        await old.stop();
      } catch {
        // A server that already died cannot be stopped; start afresh anyway.
      }
    }
    await startClient(context);
  });
}

/**
 * The client's starts and restarts, one after the other. Two settings
 * changed in a row fire two restarts: run side by side, the second would
 * start a client while the first still stops the old one, and the first
 * would then start another over it, leaving two servers on one document.
 */
let lastTurn: Promise<void> = Promise.resolve();
function inTurn(work: () => Promise<void>): Promise<void> {
  const turn = lastTurn.then(work);
  lastTurn = turn.catch(() => undefined);
  return turn;
}

/** What the extension offers other extensions (and its tests). */
export interface BoardlsApi {
  /** True while the language server (process or daemon connection) is up and initialized. */
  isServerRunning(): boolean;
  /** The server binary's path, `daemon:PATH` for the shared daemon, or `tcp:HOST:PORT`. */
  serverSource(): string;
  /** Where the binary was found (`setting`, `bundled`, `PATH`), or `tcp`. */
  serverOrigin(): string;
  /**
   * The end-to-end suite only (BOARDLS_E2E=1, else always undefined): the
   * version of the publish whose diagnostics of `uri` are shown.
   */
  diagnosticsVersion(uri: string): number | null | undefined;
}

export async function activate(context: vscode.ExtensionContext): Promise<BoardlsApi> {
  output = vscode.window.createOutputChannel('boardls');
  cellBackgrounds = new CellBackgrounds(
    () => client?.initializeResult?.capabilities.semanticTokensProvider?.legend.tokenTypes,
  );
  context.subscriptions.push(output, cellBackgrounds);
  context.subscriptions.push(
    vscode.commands.registerCommand('boardls.restartServer', () => restartClient(context)),
    vscode.commands.registerCommand('boardls.showOutput', () => output?.show()),
    vscode.workspace.onDidChangeConfiguration((event) => {
      // A new binary or daemon address needs a new connection; other
      // settings reach the running server through
      // workspace/didChangeConfiguration.
      if (['boardls.path', 'boardls.server.address', 'boardls.server.tokenFile', 'boardls.server.daemon']
        .some((section) => event.affectsConfiguration(section))) {
        void restartClient(context);
      }
    }),
    // Trusted now: a workspace's boardls.path counts from here on.
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      if (client === undefined || configuredPath().trim() !== '') {
        void restartClient(context);
      }
    }),
  );
  const projectFiles = vscode.workspace.createFileSystemWatcher(`**/${PROJECT_FILE}`);
  const onProjectFile = () => void projectChanged(context);
  context.subscriptions.push(
    projectFiles,
    projectFiles.onDidCreate(onProjectFile),
    projectFiles.onDidChange(onProjectFile),
    projectFiles.onDidDelete(onProjectFile),
    vscode.workspace.onDidOpenTextDocument((doc) => void mapLanguage(doc)),
  );
  // Before the client starts, so that it opens them as their game.
  await Promise.all(vscode.workspace.textDocuments.map(mapLanguage));
  await inTurn(() => startClient(context));
  return {
    isServerRunning: () => client?.isRunning() ?? false,
    serverSource: () => serverSource,
    serverOrigin: () => serverOrigin,
    diagnosticsVersion: (uri: string) => shownVersions.get(uri),
  };
}

export async function deactivate(): Promise<void> {
  if (client !== undefined) {
    await client.stop();
    client = undefined;
  }
}
