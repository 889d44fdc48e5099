// The playground's editor: Monaco, attached to the session that
// session.js started (the server's worker, the side panel). It takes the
// board over from the plain text shown while it loaded, and talks LSP to
// the server through the session: changes, markers, hover with the
// picture, code actions, formatting, inlay hints; and the buttons.
import * as monaco from './monaco.js';
import { ShareError, decodeFragment, encodeBoard } from './share.js';

const session = window.boardlsSession;
const { GAMES, GAME_NAMES, state } = session;
const MARK_LEGAL = 'Mark legal moves with !';

const $ = (id) => document.getElementById(id);

self.MonacoEnvironment = {
  getWorker: () => new Worker('editor.worker.js'),
};
for (const game of GAME_NAMES) {
  monaco.languages.register({ id: game, extensions: [`.${game}`] });
}

$('editor').replaceChildren();
const editor = monaco.editor.create($('editor'), {
  automaticLayout: true,
  fontFamily: 'ui-monospace, "DejaVu Sans Mono", monospace',
  fontSize: 14,
  minimap: { enabled: false },
  renderWhitespace: 'boundary',
  lightbulb: { enabled: 'on' },
  hover: { delay: 200 },
});
let model = null;

// --- positions (LSP: 0-based lines and UTF-16 columns; Monaco: 1-based) ---

const toMonacoRange = (range) =>
  new monaco.Range(range.start.line + 1, range.start.character + 1, range.end.line + 1, range.end.character + 1);

const toLspPosition = (position) => ({ line: position.lineNumber - 1, character: position.column - 1 });

const toLspRange = (range) => ({
  start: { line: range.startLineNumber - 1, character: range.startColumn - 1 },
  end: { line: range.endLineNumber - 1, character: range.endColumn - 1 },
});

const uri = () => session.uri();

// --- the board --------------------------------------------------------------

/** A model for the session's current game and text; the server opens it. */
function attachModel() {
  if (model) {
    model.dispose();
  }
  model = monaco.editor.createModel(state.text, state.game, monaco.Uri.parse(uri()));
  editor.setModel(model);
  model.onDidChangeContent((event) => {
    const changes =
      event.changes.length === 1
        ? event.changes.map((change) => ({
            range: toLspRange(change.range),
            rangeLength: change.rangeLength,
            text: change.text,
          }))
        : [{ text: model.getValue() }];
    session.change(model.getVersionId(), changes);
  });
  session.opened();
}

/** Opens `game` with `text`: the server closes the old board. */
function loadGame(game, text) {
  session.open(game, text);
  attachModel();
}

// The session's board until now was the text shown while the editor
// loaded, at version 1: the new model starts at version 1 with that text.
attachModel();
session.attach({
  text: () => model.getValue(),
  version: () => model.getVersionId(),
  reveal(range) {
    const at = toMonacoRange(range);
    editor.setSelection(at);
    editor.revealRangeInCenter(at);
    editor.focus();
  },
});

const SEVERITY = {
  1: monaco.MarkerSeverity.Error,
  2: monaco.MarkerSeverity.Warning,
  3: monaco.MarkerSeverity.Info,
  4: monaco.MarkerSeverity.Hint,
};

function setMarkers(items) {
  monaco.editor.setModelMarkers(
    model,
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
}
session.onDiagnostics(setMarkers);
if (state.lastDiagnostics.version === model.getVersionId()) {
  setMarkers(state.lastDiagnostics.items);
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

/** The edits of a code action's workspace edit that touch this board. */
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
        return part.kind === 'markdown' ? part.value : part.value.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
      }
      return `\`\`\`${part.language}\n${part.value}\n\`\`\``;
    });
}

const PICTURE = /data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+/;

/** The hovered board's picture beside the board too. */
function showPicture(markdown) {
  const found = markdown.map((part) => part.match(PICTURE)).find(Boolean);
  if (found) {
    const img = document.createElement('img');
    img.src = found[0];
    img.alt = 'the board under the pointer';
    $('picture').replaceChildren(img);
  }
}

async function ask(method, params) {
  try {
    return await session.request(method, params);
  } catch {
    return null;
  }
}

for (const game of GAME_NAMES) {
  monaco.languages.registerHoverProvider(game, {
    async provideHover(asked, position) {
      const version = asked.getVersionId();
      if (asked !== model) {
        return null;
      }
      const hover = await ask('textDocument/hover', { textDocument: { uri: uri() }, position: toLspPosition(position) });
      if (!hover || asked !== model || asked.getVersionId() !== version) {
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
    async provideCodeActions(asked, range, context) {
      if (asked !== model) {
        return { actions: [], dispose() {} };
      }
      const diagnostics = state.lastDiagnostics.items.filter((d) =>
        context.markers.some(
          (marker) =>
            marker.message === d.message &&
            marker.startLineNumber === d.range.start.line + 1 &&
            marker.startColumn === d.range.start.character + 1,
        ),
      );
      const versionId = asked.getVersionId();
      const actions = await ask('textDocument/codeAction', {
        textDocument: { uri: uri() },
        range: toLspRange(range),
        context: { diagnostics, triggerKind: context.trigger === 1 ? 1 : 2 },
      });
      return {
        actions: (actions || [])
          .filter((action) => editsOf(action).length > 0)
          .map((action) => ({
            title: action.title,
            kind: action.kind,
            isPreferred: action.isPreferred,
            edit: {
              edits: editsOf(action).map((edit) => ({
                resource: asked.uri,
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
    async provideDocumentFormattingEdits(asked, options) {
      if (asked !== model) {
        return [];
      }
      const edits = await formattingEdits(options);
      return edits.map((edit) => ({ range: toMonacoRange(edit.range), text: edit.newText }));
    },
  });

  monaco.languages.registerInlayHintsProvider(game, {
    async provideInlayHints(asked, range) {
      if (asked !== model) {
        return { hints: [], dispose() {} };
      }
      const hints = await ask('textDocument/inlayHint', { textDocument: { uri: uri() }, range: toLspRange(range) });
      return {
        hints: (hints || []).map((hint) => ({
          label: session.hintLabel(hint),
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
    const edits = await session.request('textDocument/formatting', {
      textDocument: { uri: uri() },
      options: { tabSize: options.tabSize, insertSpaces: options.insertSpaces },
    });
    return edits || [];
  } catch (error) {
    session.showMessage(`Format failed: ${error.message}`, 'error');
    return [];
  }
}

// --- buttons --------------------------------------------------------------

$('format').addEventListener('click', async () => {
  const version = model.getVersionId();
  const edits = await formattingEdits();
  if (model.getVersionId() === version && !applyEdits(edits)) {
    session.showMessage('The board is already formatted.');
  }
});

$('fill').addEventListener('click', async () => {
  const version = model.getVersionId();
  let actions;
  try {
    actions = await session.request('textDocument/codeAction', {
      textDocument: { uri: uri() },
      range: toLspRange(model.getFullModelRange()),
      context: { diagnostics: [], triggerKind: 1 },
    });
  } catch (error) {
    session.showMessage(`Fill ! failed: ${error.message}`, 'error');
    return;
  }
  if (model.getVersionId() !== version) {
    return;
  }
  const action = (actions || []).find((a) => a.title === MARK_LEGAL);
  if (!action || !applyEdits(editsOf(action))) {
    session.showMessage('Every legal move is already marked with !, or the board has none.');
  }
});

$('example').addEventListener('click', () => {
  editor.pushUndoStop();
  editor.executeEdits('example', [{ range: model.getFullModelRange(), text: GAMES[state.game].example }]);
  editor.pushUndoStop();
});

$('game').addEventListener('change', () => {
  const game = $('game').value;
  history.replaceState(null, '', `?game=${game}`);
  session.clearMessage();
  $('link-row').hidden = true;
  loadGame(game, GAMES[game].example);
});

$('share').addEventListener('click', async () => {
  let fragment;
  try {
    fragment = await encodeBoard(state.game, model.getValue());
  } catch (error) {
    session.showMessage(error instanceof ShareError ? error.message : `Share failed: ${error.message}`, 'error');
    $('link-row').hidden = true;
    return;
  }
  const link = `${location.origin}${location.pathname}#${fragment}`;
  history.replaceState(null, '', `${location.pathname}#${fragment}`);
  $('link').value = link;
  $('link-row').hidden = false;
  try {
    await navigator.clipboard.writeText(link);
    session.showMessage('Link copied. It holds the whole board in the URL; nothing was uploaded.');
  } catch {
    session.showMessage('The link is in the address bar and below; nothing was uploaded.');
  }
});

window.addEventListener('hashchange', async () => {
  const fragment = location.hash.replace(/^#/, '');
  if (fragment === '') {
    return;
  }
  try {
    const { game, text } = await decodeFragment(fragment, GAME_NAMES);
    session.clearMessage();
    loadGame(game, text);
  } catch (error) {
    session.showMessage(`${error.message} The board in the editor is kept.`, 'error');
  }
});

/** For tests and the console: the editor, the session's state and the model. */
window.boardlsPlayground = {
  monaco,
  editor,
  state,
  get model() {
    return model;
  },
  diagnostics: session.diagnostics,
};
state.editorReadyAt = performance.now();
