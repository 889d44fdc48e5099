// VS Code client for the boardls language server: starts `boardls lsp`
// over stdio for .uttt, .go9 and .tomek documents.

import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  State,
  TransportKind,
} from 'vscode-languageclient/node';

const LANGUAGES = ['uttt', 'go9', 'tomek'];
const OPEN_SETTINGS = 'Open settings';

let client: LanguageClient | undefined;
let output: vscode.OutputChannel | undefined;

/** Where the server binary is: the `boardls.path` setting, else `boardls` on PATH. */
export function resolveServerPath(configured: string | undefined): string | undefined {
  const setting = (configured ?? '').trim();
  if (setting !== '') {
    const expanded = setting.startsWith('~')
      ? path.join(process.env.HOME ?? '', setting.slice(1))
      : setting;
    return isExecutable(expanded) ? expanded : undefined;
  }
  const exe = process.platform === 'win32' ? 'boardls.exe' : 'boardls';
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') {
      continue;
    }
    const candidate = path.join(dir, exe);
    if (isExecutable(candidate)) {
      return candidate;
    }
  }
  return undefined;
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

/** The server's own settings: everything under `boardls` except what only the client uses. */
function serverSettings(): Record<string, unknown> {
  const config = vscode.workspace.getConfiguration('boardls');
  return {
    inlayHints: { enable: config.get<boolean>('inlayHints.enable', true) },
    diagnostics: { information: config.get<boolean>('diagnostics.information', true) },
  };
}

async function reportMissingBinary(configured: string): Promise<void> {
  const where = configured.trim() !== ''
    ? `The setting boardls.path points to "${configured}", which is not an executable file.`
    : 'No "boardls" executable was found on PATH.';
  const message =
    `boardls: cannot start the language server. ${where} ` +
    'Install it (for example `cargo install --path .` in the boardls repository) ' +
    'or set boardls.path to the binary.';
  output?.appendLine(message);
  await offerSettings(message);
}

async function offerSettings(message: string): Promise<void> {
  const choice = await vscode.window.showErrorMessage(message, OPEN_SETTINGS);
  if (choice === OPEN_SETTINGS) {
    await vscode.commands.executeCommand('workbench.action.openSettings', 'boardls.path');
  }
}

async function startClient(context: vscode.ExtensionContext): Promise<void> {
  const configured = vscode.workspace.getConfiguration('boardls').get<string>('path', '');
  const command = resolveServerPath(configured);
  if (command === undefined) {
    // Not awaited: activation must not wait for the user to answer.
    void reportMissingBinary(configured);
    return;
  }

  const serverOptions: ServerOptions = {
    run: { command, args: ['lsp'], transport: TransportKind.stdio },
    debug: { command, args: ['lsp'], transport: TransportKind.stdio },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: LANGUAGES.flatMap((language) => [
      { scheme: 'file', language },
      { scheme: 'untitled', language },
    ]),
    initializationOptions: serverSettings(),
    synchronize: {
      configurationSection: 'boardls',
      fileEvents: vscode.workspace.createFileSystemWatcher('**/*.{uttt,go9,tomek}'),
    },
    outputChannel: output,
    traceOutputChannel: output,
    // The two display settings also act on the client side, so they hold
    // whatever the server does with them.
    middleware: {
      provideInlayHints: (document, range, token, next) =>
        vscode.workspace.getConfiguration('boardls', document).get<boolean>('inlayHints.enable', true)
          ? next(document, range, token)
          : [],
      handleDiagnostics: (uri, diagnostics, next) => {
        const information = vscode.workspace.getConfiguration('boardls', uri).get<boolean>('diagnostics.information', true);
        next(uri, information
          ? diagnostics
          : diagnostics.filter((d) => d.severity === vscode.DiagnosticSeverity.Error
            || d.severity === vscode.DiagnosticSeverity.Warning));
      },
    },
  };

  client = new LanguageClient('boardls', 'boardls', serverOptions, clientOptions);
  client.onDidChangeState((event) => {
    if (event.newState === State.Stopped) {
      output?.appendLine('boardls: the language server stopped.');
    }
  });
  try {
    await client.start();
  } catch (err) {
    const message = `boardls: the language server (${command}) failed to start: ${String(err)}`;
    output?.appendLine(message);
    void offerSettings(message);
  }
  context.subscriptions.push({ dispose: () => void client?.stop() });
}

async function restartClient(context: vscode.ExtensionContext): Promise<void> {
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
}

/** What the extension offers other extensions (and its tests). */
export interface BoardlsApi {
  /** True while the language server process is up and initialized. */
  isServerRunning(): boolean;
}

export async function activate(context: vscode.ExtensionContext): Promise<BoardlsApi> {
  output = vscode.window.createOutputChannel('boardls');
  context.subscriptions.push(output);
  context.subscriptions.push(
    vscode.commands.registerCommand('boardls.restartServer', () => restartClient(context)),
    vscode.commands.registerCommand('boardls.showOutput', () => output?.show()),
    vscode.workspace.onDidChangeConfiguration((event) => {
      // A new binary needs a new process; other settings reach the running
      // server through workspace/didChangeConfiguration.
      if (event.affectsConfiguration('boardls.path')) {
        void restartClient(context);
      }
    }),
  );
  await startClient(context);
  return { isServerRunning: () => client?.isRunning() ?? false };
}

export async function deactivate(): Promise<void> {
  if (client !== undefined) {
    await client.stop();
    client = undefined;
  }
}
