// Backgrounds behind the cells that a colour alone cannot show: legal
// `.uttt` cells and `.go9` capture points are `.` characters, and a
// coloured dot is next to invisible. The cells are the server's semantic
// tokens of those types, read as they pass through the language client
// (middleware): the same answer that colours them, so background and colour
// never disagree, and no request of its own. The colours are the
// extension's (`contributes.colors`), so that themes can change them; the
// text on them is drawn in the editor's foreground colour, which the
// defaults keep readable (test/colors.test.mjs).

import * as vscode from 'vscode';
import type { Middleware } from 'vscode-languageclient/node';

/** Semantic token type -> the colour of its background. */
export const BACKGROUNDS: Record<string, string> = {
  legalMove: 'boardls.legalMoveBackground',
  capturePoint: 'boardls.capturePointBackground',
};

/** A semantic token of the cells' types, as ranges. */
export type CellRanges = Map<string, vscode.Range[]>;

/**
 * The ranges of the tokens of `types` in encoded semantic token data
 * (LSP's relative form: line delta, start delta, length, type, modifiers).
 */
export function decodeCells(data: Uint32Array, legend: readonly string[], types: readonly string[]): CellRanges {
  const cells: CellRanges = new Map(types.map((type) => [type, []]));
  let line = 0;
  let start = 0;
  for (let i = 0; i + 4 < data.length; i += 5) {
    if (data[i] !== 0) {
      line += data[i];
      start = 0;
    }
    start += data[i + 1];
    const ranges = cells.get(legend[data[i + 3]]);
    ranges?.push(new vscode.Range(line, start, line, start + data[i + 2]));
  }
  return cells;
}

/**
 * `previous` with the edits of a delta answer made (each edit deletes and
 * inserts numbers at an offset into the previous data).
 */
export function applyEdits(previous: Uint32Array, edits: readonly vscode.SemanticTokensEdit[]): Uint32Array {
  const data = Array.from(previous);
  // From the end, so that each edit's offset still counts in `previous`.
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    data.splice(edit.start, edit.deleteCount, ...(edit.data ?? []));
  }
  return Uint32Array.from(data);
}

export class CellBackgrounds implements vscode.Disposable {
  private readonly decorations = new Map<string, vscode.TextEditorDecorationType>();
  /** Each document's latest token data and the ranges of its cells. */
  private readonly documents = new Map<string, { data: Uint32Array; cells: CellRanges }>();
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
      vscode.workspace.onDidCloseTextDocument((doc) => this.documents.delete(doc.uri.toString())),
    );
  }

  /** The client middleware that reads the tokens on their way to the editor. */
  middleware(): Middleware {
    return {
      provideDocumentSemanticTokens: async (document, token, next) => {
        const tokens = await next(document, token);
        if (tokens) {
          this.update(document, tokens.data);
        }
        return tokens;
      },
      provideDocumentSemanticTokensEdits: async (document, previousResultId, token, next) => {
        const answer = await next(document, previousResultId, token);
        if (answer instanceof vscode.SemanticTokens) {
          this.update(document, answer.data);
        } else if (answer) {
          const previous = this.documents.get(document.uri.toString());
          if (previous !== undefined) {
            this.update(document, applyEdits(previous.data, answer.edits));
          }
        }
        return answer;
      },
    };
  }

  /** Forgets every document's cells and clears the backgrounds (the server stopped). */
  clear(): void {
    this.documents.clear();
    for (const editor of vscode.window.visibleTextEditors) {
      this.show(editor);
    }
  }

  private update(document: vscode.TextDocument, data: Uint32Array): void {
    const legend = this.legend();
    if (legend === undefined) {
      return;
    }
    const cells = decodeCells(data, legend, Object.keys(BACKGROUNDS));
    this.documents.set(document.uri.toString(), { data, cells });
    for (const editor of vscode.window.visibleTextEditors) {
      if (editor.document === document) {
        this.show(editor);
      }
    }
  }

  private show(editor: vscode.TextEditor): void {
    const cells = this.documents.get(editor.document.uri.toString())?.cells;
    for (const [type, decoration] of this.decorations) {
      editor.setDecorations(decoration, cells?.get(type) ?? []);
    }
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
    this.decorations.forEach((d) => d.dispose());
  }
}
