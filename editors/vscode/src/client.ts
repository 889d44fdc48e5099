// What the desktop entry (extension.ts, the native server) and the browser
// entry (browser.ts, the WebAssembly server in a worker) share: the
// documents the server gets, the settings it reads and how they reach it.
// No Node module here: the browser bundle holds this file too.

import * as vscode from 'vscode';
import type { LanguageClientOptions } from 'vscode-languageclient';
import { CellBackgrounds } from './cellBackgrounds';
import { PROJECT_FILE, answerGlob } from './project';

export const LANGUAGES = ['uttt', 'go9', 'tomek'];

/**
 * The settings the server reads (the rest are this client's own).
 * `locale`, the language of the server's messages, overrides the display
 * language that the client sends in `initialize` (vscode.env.language).
 */
export const SERVER_SETTINGS = [
  'locale',
  'diagnostics.information',
  'diagnostics.warnings',
  'inlayHints.enable',
  'inlayHints.verdicts',
  'inlayHints.legalMoves',
  'inlayHints.captures',
  'workspace.scan',
  'workspace.maxFiles',
  'hover.picture',
];

/**
 * The server's settings that the user set (in the user, workspace or
 * folder settings), nested (`{ inlayHints: { enable: false } }`; a key
 * without a dot, `locale`, at the top). A setting left at its default is
 * not sent: the server then takes the project file's (`boardls.toml`),
 * else its own default.
 */
export function userSettings(): Record<string, unknown> {
  const config = vscode.workspace.getConfiguration('boardls');
  const settings: Record<string, unknown> = {};
  for (const key of SERVER_SETTINGS) {
    const where = config.inspect(key);
    const value = where?.workspaceFolderValue ?? where?.workspaceValue ?? where?.globalValue;
    if (value === undefined) {
      continue;
    }
    const [section, name] = key.split('.');
    settings[section] =
      name === undefined ? value : { ...(settings[section] as object | undefined), [name]: value };
  }
  return settings;
}

/**
 * The settings sent as `initializationOptions`: the user's, and that VS
 * Code renders `![](data:image/svg+xml;base64,…)` in hovers (said, rather
 * than left to the server to judge by the client's name). Later changes
 * reach the server as a workspace/didChangeConfiguration that makes it ask
 * (workspace/configuration), answered with the user's settings again.
 */
export function serverSettings(): Record<string, unknown> {
  const settings = userSettings();
  return { ...settings, hover: { ...(settings.hover as object | undefined), markdownImages: true } };
}

/** The globs of the answer files that these answer names give, sorted, once each. */
export function answerGlobs(names: Iterable<string>): string[] {
  return [...new Set([...names].map(answerGlob))].sort();
}

/** What the client needs that differs between the desktop and the browser. */
export interface ClientSetup {
  /** The URI schemes of saved documents: `file` on the desktop, any in the browser (`vscode-vfs`). */
  schemes: string[];
  /** The answer files the server checks against their inputs (globs). */
  answerGlobs: string[];
  /** Board files changed on disk, for the server's workspace scan; none in the browser. */
  fileEvents?: vscode.FileSystemWatcher;
  output: vscode.OutputChannel | undefined;
  cellBackgrounds: CellBackgrounds | undefined;
}

/**
 * The client's options: the board files (saved in one of `schemes`, or
 * untitled), the project file and the answer files go to the server; the
 * settings the user set go as `initializationOptions` and, when asked,
 * as the answer to workspace/configuration.
 */
export function clientOptions(setup: ClientSetup): LanguageClientOptions {
  const { schemes } = setup;
  return {
    documentSelector: [
      ...LANGUAGES.flatMap((language) => [
        ...schemes.map((scheme) => ({ scheme, language })),
        { scheme: 'untitled', language },
      ]),
      // The project file (checked by the server, its settings live) and
      // answer files, which the server checks against their inputs.
      ...schemes.map((scheme) => ({ scheme, pattern: `**/${PROJECT_FILE}` })),
      ...setup.answerGlobs.flatMap((pattern) => schemes.map((scheme) => ({ scheme, pattern }))),
    ],
    initializationOptions: serverSettings(),
    synchronize: {
      configurationSection: 'boardls',
      ...(setup.fileEvents === undefined ? {} : { fileEvents: setup.fileEvents }),
    },
    middleware: {
      ...setup.cellBackgrounds?.middleware(),
      workspace: {
        // Only what the user set: a default sent as a value would hide
        // the project file's setting.
        configuration: async (params, token, next) => {
          const answer = await next(params, token);
          if (!Array.isArray(answer)) {
            return answer;
          }
          return params.items.map((item, i) => (item.section === 'boardls' ? userSettings() : answer[i]));
        },
        // A notification without settings, so that the server asks for
        // them (and gets the user's only, above).
        didChangeConfiguration: (_sections, next) => next(undefined),
      },
    },
    outputChannel: setup.output,
    traceOutputChannel: setup.output,
  };
}
