// The playground's editor: Monaco, attached to the session that
// session.js started (the server's worker, the side panel). It takes the
// board over from the plain text shown while it loaded, and talks LSP to
// the server through the session: changes, markers, hover with the
// picture, code actions, formatting, inlay hints, semantic tokens (the
// board's colours, cells.js); and the buttons.
import { BACKGROUNDS, TOKEN_SCOPES, backgroundCells, editorThemes } from './cells.js';
import * as monaco from './monaco.js';
import { ShareError, decodeFragment, encodeBoard } from './share.js';

const session = window.boardlsSession;
// The page's words, language and theme are the session's (session.js's
// bundle holds them; this bundle must not hold a second copy).
const { GAMES, GAME_NAMES, state, t, onLanguageChange, currentTheme, onThemeChange } = session;

const $ = (id) => document.getElementById(id);

self.MonacoEnvironment = {
  getWorker: () => new Worker('editor.worker.js'),
};
for (const game of GAME_NAMES) {
  monaco.languages.register({ id: game, extensions: [`.${game}`] });
}

for (const [name, theme] of Object.entries(editorThemes(Object.keys(TOKEN_SCOPES)))) {
  monaco.editor.defineTheme(name, theme);
}
const themeName = (theme) => (theme === 'dark' ? 'boardls-dark' : 'boardls-light');

$('editor').replaceChildren();
const editor = monaco.editor.create($('editor'), {
  automaticLayout: true,
  fontFamily: 'ui-monospace, "DejaVu Sans Mono", monospace',
  fontSize: 14,
  minimap: { enabled: false },
  renderWhitespace: 'boundary',
  // A dimmed last line number is too faint to read (WCAG 4.5:1).
  renderFinalNewline: 'on',
  lightbulb: { enabled: 'on' },
  hover: { delay: 200 },
  theme: themeName(currentTheme()),
  'semanticHighlighting.enabled': true,
  ariaLabel: t('editor-label'),
});
onThemeChange((theme) => monaco.editor.setTheme(themeName(theme)));
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
  cellBackgrounds.update(new Uint32Array(0), []);
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
    img.alt = t('picture-alt');
    $('picture').replaceChildren(img);
  }
}

/**
 * The position at the cursor, drawn in the picture panel: a tap on a cell
 * (a phone has no hover), or the keyboard, shows its picture. Asked once
 * the cursor rests, and only the latest answer shows.
 */
const CURSOR_REST_MS = 120;
let cursorTimer = null;
let cursorAsked = 0;
editor.onDidChangeCursorPosition(() => {
  clearTimeout(cursorTimer);
  cursorTimer = setTimeout(async () => {
    const asked = ++cursorAsked;
    const position = editor.getPosition();
    if (!position || !model) {
      return;
    }
    const hover = await ask('textDocument/hover', { textDocument: { uri: uri() }, position: toLspPosition(position) });
    if (hover && asked === cursorAsked) {
      showPicture(markdownOf(hover.contents));
    }
  }, CURSOR_REST_MS);
});

async function ask(method, params) {
  try {
    return await session.request(method, params);
  } catch {
    return null;
  }
}

/** Tells Monaco to ask for the inlay hints again (their words change with the language). */
const inlayHintsChanged = new monaco.Emitter();

/**
 * The backgrounds behind the cells of BACKGROUNDS' token types, from the
 * same semantic tokens that colour the board, so that colour and
 * background never disagree. Only the lines on screen and a screen's worth
 * around them get decorations: a big board has a token on nearly every
 * line, and decorations for all of them, made again at each edit, would
 * cost more than the edit (the VS Code extension does the same).
 */
const cellBackgrounds = {
  data: new Uint32Array(0),
  types: [],
  drawn: editor.createDecorationsCollection(),
  update(data, types) {
    this.data = data;
    this.types = types;
    this.draw();
  },
  draw() {
    const visible = editor.getVisibleRanges();
    if (visible.length === 0) {
      this.drawn.clear();
      return;
    }
    const first = visible[0].startLineNumber - 1;
    const last = visible[visible.length - 1].endLineNumber - 1;
    const margin = last - first + 1;
    const cells = backgroundCells(this.data, this.types, Math.max(first - margin, 0), last + margin);
    this.drawn.set(
      cells.map((cell) => ({
        range: new monaco.Range(cell.line + 1, cell.start + 1, cell.line + 1, cell.start + cell.length + 1),
        options: { inlineClassName: BACKGROUNDS[cell.type], stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges },
      })),
    );
  },
};
editor.onDidScrollChange((event) => event.scrollTopChanged && cellBackgrounds.draw());

/**
 * The server's "Mark legal moves with !" among the code actions of the
 * whole board. Its title is in the reader's language and its kind is that
 * of "Clear ! markers" (refactor.rewrite), so it is told by what it does:
 * it is the rewrite that writes a `!`; or, when every legal move is
 * already marked and only wrong `!` go back to `.`, the one that changes
 * fewer cells than the clearing, which changes every `!`.
 */
function markLegalAction(actions) {
  const rewrites = actions.filter(
    (a) => a.kind === 'refactor.rewrite' && editsOf(a).length > 0 && editsOf(a).every((e) => e.newText === '!' || e.newText === '.'),
  );
  const marking = rewrites.find((a) => editsOf(a).some((e) => e.newText === '!'));
  if (marking) {
    return marking;
  }
  if (rewrites.length === 2) {
    const [a, b] = rewrites.map((r) => editsOf(r).length);
    return a < b ? rewrites[0] : b < a ? rewrites[1] : null;
  }
  return null;
}

// The semantic tokens over the server's own legend, once its `initialize`
// answer is in (the editor may load before it, on a slow start).
session.capabilities().then((capabilities) => {
  const provider = capabilities.semanticTokensProvider;
  if (!provider) {
    return;
  }
  const { legend } = provider;
  for (const game of GAME_NAMES) {
    monaco.languages.registerDocumentSemanticTokensProvider(game, {
      getLegend: () => legend,
      async provideDocumentSemanticTokens(asked) {
        if (asked !== model) {
          return null;
        }
        const tokens = await ask('textDocument/semanticTokens/full', { textDocument: { uri: uri() } });
        if (!tokens || asked !== model) {
          return null;
        }
        const data = Uint32Array.from(tokens.data);
        cellBackgrounds.update(data, legend.tokenTypes);
        return { data, resultId: tokens.resultId };
      },
      releaseDocumentSemanticTokens() {},
    });
  }
});

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
    onDidChangeInlayHints: inlayHintsChanged.event,
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
    session.showMessage(() => t('format-failed', { reason: error.message }), 'error');
    return [];
  }
}

// --- buttons --------------------------------------------------------------

$('format').addEventListener('click', async () => {
  const version = model.getVersionId();
  const edits = await formattingEdits();
  if (model.getVersionId() === version && !applyEdits(edits)) {
    session.showMessage(() => t('already-formatted'));
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
    session.showMessage(() => t('fill-failed', { reason: error.message }), 'error');
    return;
  }
  if (model.getVersionId() !== version) {
    return;
  }
  const action = markLegalAction(actions || []);
  if (!action || !applyEdits(editsOf(action))) {
    session.showMessage(() => t('already-filled'));
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
    session.showMessage(
      () => (error instanceof ShareError ? t(error.key, error.args) : t('share-failed', { reason: error.message })),
      'error',
    );
    $('link-row').hidden = true;
    return;
  }
  const link = `${location.origin}${location.pathname}#${fragment}`;
  history.replaceState(null, '', `${location.pathname}#${fragment}`);
  $('link').value = link;
  $('link-row').hidden = false;
  try {
    await navigator.clipboard.writeText(link);
    session.showMessage(() => t('link-copied'));
  } catch {
    session.showMessage(() => t('link-in-address-bar'));
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
    session.showMessage(() => t('link-board-kept', { problem: session.linkProblem(error) }), 'error');
  }
});

// Another language: the server rewords its diagnostics itself (the
// session tells it); hints, the hover and the editor's label follow here.
onLanguageChange(() => {
  editor.updateOptions({ ariaLabel: t('editor-label') });
  inlayHintsChanged.fire();
  const img = $('picture').querySelector('img');
  if (img) {
    img.alt = t('picture-alt');
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
