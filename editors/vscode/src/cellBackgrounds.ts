// Backgrounds behind the cells that a colour alone cannot show: legal
// `.uttt` cells and `.go9` capture points are `.` characters, and a
// coloured dot is next to invisible. The cells are the server's semantic
// tokens of those types, read as they pass through the language client
// (middleware): the same answer that colours them, so background and colour
// never disagree, and no request of its own. The colours are the
// extension's (`contributes.colors`), so that themes can change them; the
// text on them is drawn in the editor's foreground colour, which the
// defaults keep readable (test/colors.test.mjs). Only the cells on and
// around the lines an editor shows get decorations (BENCHMARKS.md: real
// VS Code).
//
// A document of more than 50,000 lines (or 20 MB, VS Code's own limit for
// a large file) gets tokens for the lines on screen only: the editor turns
// each whole-document answer into its own structures again on every edit,
// on its UI thread, and a board file has a token on nearly every line
// (BENCHMARKS.md: 10,000 dense go boards, 100,000 lines, took 169 ms from
// an edit to its diagnostics with whole-document tokens, 69 ms without).
// Its whole-document requests are refused as cancelled (the editor then
// keeps what it has and asks for the visible range); a refusal answered
// with no tokens would clear the range's colours.
// `editor.largeFileOptimizations: false` turns this off, as it turns off
// VS Code's own limits for large files.

import * as vscode from 'vscode';
import type { Middleware } from 'vscode-languageclient/node';

/** Semantic token type -> the colour of its background. */
export const BACKGROUNDS: Record<string, string> = {
  legalMove: 'boardls.legalMoveBackground',
  capturePoint: 'boardls.capturePointBackground',
};

/** A semantic token of the cells' types, as ranges. */
export type CellRanges = Map<string, vscode.Range[]>;

/** Above these a document gets tokens for the lines on screen only. */
export const WHOLE_TOKENS_MAX_LINES = 50_000;
/** VS Code's own limit for a large file (`TextModel`). */
export const WHOLE_TOKENS_MAX_BYTES = 20 * 1024 * 1024;

/**
 * Whether a document of `lines` lines and `length` characters gets tokens
 * for the visible range only (see the top).
 */
export function visibleTokensOnly(lines: number, length: number, largeFileOptimizations: boolean): boolean {
  return largeFileOptimizations && (lines > WHOLE_TOKENS_MAX_LINES || length > WHOLE_TOKENS_MAX_BYTES);
}

/** Lines of a document, first and last included. */
export interface LineWindow {
  first: number;
  last: number;
}

/**
 * The ranges of the tokens of `types` on the lines of `window` in encoded
 * semantic token data (LSP's relative form: line delta, start delta,
 * length, type, modifiers). Only the window's tokens become ranges: a big
 * document has a token per cell, and ranges and decorations for all of
 * them, made again on each edit, cost far more than the edit.
 */
export function decodeCells(
  data: Uint32Array,
  legend: readonly string[],
  types: readonly string[],
  window: LineWindow,
): CellRanges {
  const cells: CellRanges = new Map(types.map((type) => [type, []]));
  let line = 0;
  let start = 0;
  for (let i = 0; i + 4 < data.length; i += 5) {
    if (data[i] !== 0) {
      line += data[i];
      start = 0;
      if (line > window.last) {
        break;
      }
    }
    start += data[i + 1];
    if (line >= window.first) {
      cells.get(legend[data[i + 3]])?.push(new vscode.Range(line, start, line, start + data[i + 2]));
    }
  }
  return cells;
}

/**
 * `previous` with the edits of a delta answer made (each edit deletes and
 * inserts numbers at an offset into the previous data), copied in slices.
 */
export function applyEdits(previous: Uint32Array, edits: readonly vscode.SemanticTokensEdit[]): Uint32Array {
  const parts: ArrayLike<number>[] = [];
  let from = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    const at = Math.min(Math.max(edit.start, from), previous.length);
    parts.push(previous.subarray(from, at), edit.data ?? []);
    from = Math.min(at + edit.deleteCount, previous.length);
  }
  parts.push(previous.subarray(from));
  const data = new Uint32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let to = 0;
  for (const part of parts) {
    data.set(part, to);
    to += part.length;
  }
  return data;
}

/** The lines of `ranges` (an editor's visible ranges), first to last. */
export function linesOf(ranges: readonly vscode.Range[]): LineWindow {
  if (ranges.length === 0) {
    return { first: 0, last: -1 };
  }
  return {
    first: Math.min(...ranges.map((r) => r.start.line)),
    last: Math.max(...ranges.map((r) => r.end.line)),
  };
}

/**
 * `lines` and as many again above and below, so that scrolling by less
 * than a screen keeps the backgrounds drawn.
 */
export function withMargin(lines: LineWindow): LineWindow {
  const margin = Math.max(lines.last - lines.first + 1, 0);
  return { first: Math.max(lines.first - margin, 0), last: lines.last + margin };
}

export class CellBackgrounds implements vscode.Disposable {
  private readonly decorations = new Map<string, vscode.TextEditorDecorationType>();
  /** Each document's latest token data (of the visible range only, for a large document). */
  private readonly documents = new Map<string, Uint32Array>();
  /**
   * Whether each document gets tokens of the visible range only, decided
   * when first asked, as VS Code decides its own large-file limits when it
   * opens a document: a document that crossed the limit while typed keeps
   * its mode.
   */
  private readonly visibleOnly = new Map<string, boolean>();
  /** The lines each editor has backgrounds drawn for. */
  private readonly drawn = new WeakMap<vscode.TextEditor, LineWindow>();
  private readonly subscriptions: vscode.Disposable[] = [];

  /** @param legend the server's token types, once it is initialized */
  constructor(private readonly legend: () => readonly string[] | undefined) {
    for (const [type, colour] of Object.entries(BACKGROUNDS)) {
      this.decorations.set(type, vscode.window.createTextEditorDecorationType({
        backgroundColor: new vscode.ThemeColor(colour),
        color: new vscode.ThemeColor('editor.foreground'),
        // Not widened by text typed beside a cell: the next tokens say what is.
        rangeBehavior: vscode.DecorationRangeBehavior.ClosedClosed,
      }));
    }
    this.subscriptions.push(
      vscode.window.onDidChangeVisibleTextEditors((editors) => editors.forEach((e) => this.show(e))),
      vscode.window.onDidChangeTextEditorVisibleRanges((event) => this.scrolled(event.textEditor)),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        this.documents.delete(doc.uri.toString());
        this.visibleOnly.delete(doc.uri.toString());
      }),
    );
  }

  /** The client middleware that reads the tokens on their way to the editor. */
  middleware(): Middleware {
    return {
      provideDocumentSemanticTokens: async (document, token, next) => {
        this.refuseIfLarge(document);
        const tokens = await next(document, token);
        if (tokens) {
          this.update(document, tokens.data);
        }
        return tokens;
      },
      provideDocumentSemanticTokensEdits: async (document, previousResultId, token, next) => {
        this.refuseIfLarge(document);
        const answer = await next(document, previousResultId, token);
        if (answer instanceof vscode.SemanticTokens) {
          this.update(document, answer.data);
        } else if (answer) {
          const previous = this.documents.get(document.uri.toString());
          if (previous !== undefined) {
            this.update(document, applyEdits(previous, answer.edits));
          }
        }
        return answer;
      },
      provideDocumentRangeSemanticTokens: async (document, range, token, next) => {
        const tokens = await next(document, range, token);
        // A document with whole-document tokens keeps them: a delta
        // applies to the whole data, not to a range's.
        if (tokens && this.isLarge(document)) {
          this.update(document, tokens.data);
        }
        return tokens;
      },
    };
  }

  /** See `visibleOnly`. */
  private isLarge(document: vscode.TextDocument): boolean {
    const key = document.uri.toString();
    let large = this.visibleOnly.get(key);
    if (large === undefined) {
      const optimizations = vscode.workspace
        .getConfiguration('editor', document)
        .get<boolean>('largeFileOptimizations', true);
      // Its length without a copy of its text.
      const length = document.offsetAt(document.lineAt(document.lineCount - 1).range.end);
      large = visibleTokensOnly(document.lineCount, length, optimizations);
      this.visibleOnly.set(key, large);
    }
    return large;
  }

  /** Refuses a whole-document token request for a large document (see the top). */
  private refuseIfLarge(document: vscode.TextDocument): void {
    if (this.isLarge(document)) {
      throw new vscode.CancellationError();
    }
  }

  /** Forgets every document's cells and clears the backgrounds (the server stopped). */
  clear(): void {
    this.documents.clear();
    for (const editor of vscode.window.visibleTextEditors) {
      this.show(editor);
    }
  }

  private update(document: vscode.TextDocument, data: Uint32Array): void {
    this.documents.set(document.uri.toString(), data);
    for (const editor of vscode.window.visibleTextEditors) {
      if (editor.document === document) {
        this.show(editor);
      }
    }
  }

  /** Draws again only once the editor shows lines it has no backgrounds for. */
  private scrolled(editor: vscode.TextEditor): void {
    const drawn = this.drawn.get(editor);
    const lines = linesOf(editor.visibleRanges);
    if (drawn === undefined || lines.first < drawn.first || lines.last > drawn.last) {
      this.show(editor);
    }
  }

  /** Draws the backgrounds of the cells on and around the lines the editor shows. */
  private show(editor: vscode.TextEditor): void {
    const data = this.documents.get(editor.document.uri.toString());
    const legend = this.legend();
    const window = withMargin(linesOf(editor.visibleRanges));
    const cells = data !== undefined && legend !== undefined
      ? decodeCells(data, legend, Object.keys(BACKGROUNDS), window)
      : undefined;
    this.drawn.set(editor, window);
    for (const [type, decoration] of this.decorations) {
      editor.setDecorations(decoration, cells?.get(type) ?? []);
    }
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
    this.decorations.forEach((d) => d.dispose());
  }
}
