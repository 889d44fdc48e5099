// The VS Code extension's styling of the server's semantic token types
// (editors/vscode/package.json), for the playground's editor (cells.js).
// tests/web/playground.mjs checks these tables against the manifest.

/** The extension's `semanticTokenScopes`: token type -> scopes, first match wins. */
export const TOKEN_SCOPES = {
  legalMove: ['keyword.control'],
  targetField: ['constant.numeric'],
  lastMove: ['support.type'],
  capturePoint: ['invalid'],
  killableGroup: ['keyword.control'],
  atari: ['entity.name.function'],
  deadGroup: ['comment'],
  winningLine: ['constant.numeric'],
  joker: ['keyword.control'],
};

/** The extension's `semanticTokenTypes`: token type -> its super type. */
export const SUPER_TYPES = {
  legalMove: 'keyword',
  targetField: 'number',
  lastMove: 'type',
  capturePoint: 'regexp',
  killableGroup: 'keyword',
  atari: 'function',
  deadGroup: 'comment',
  winningLine: 'number',
  joker: 'keyword',
};

/** Token types drawn on a background, and the class that draws it (style.css). */
export const BACKGROUNDS = {
  legalMove: 'cell-legal-move',
  capturePoint: 'cell-capture-point',
};

/**
 * Where a Monaco theme's colour for a scope reads below WCAG AA (4.5:1) on
 * that theme's editor background, the colour VS Code's default theme of
 * the same kind gives the scope: vs-dark's comment green #608B4E is 4.2:1
 * on #1E1E1E; Dark+'s #6A9955 is 5.1:1 (dead go groups).
 */
export const READABLE = {
  'vs-dark': { '608B4E': '6A9955' },
};
