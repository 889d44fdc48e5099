// The board's colours, as VS Code shows them with the extension: each
// semantic token type of the server (src/lsp/features/tokens.rs) takes the
// colour that the theme gives the TextMate scopes the extension maps it to
// (editors/vscode/package.json, `semanticTokenScopes`), else its super
// type's (`semanticTokenTypes`), as VS Code falls back; here the themes
// are Monaco's own `vs` and `vs-dark`. Legal `.uttt` cells and `.go9`
// capture points are `.`, which a colour alone hardly shows: they get the
// extension's backgrounds (`contributes.colors`), with the text on them
// in the editor's foreground, as the extension draws them (style.css).
import { vs, vs_dark } from 'monaco-editor/editor/standalone/common/themes.js';
import { BACKGROUNDS, READABLE, SUPER_TYPES, TOKEN_SCOPES } from './cell-scopes.js';

export { BACKGROUNDS, TOKEN_SCOPES };

/** A theme's colour for a scope: its most specific rule by dotted prefix, as Monaco matches. */
function scopeColour(rules, scope) {
  const parts = scope.split('.');
  for (let n = parts.length; n > 0; n -= 1) {
    const prefix = parts.slice(0, n).join('.');
    const rule = rules.find((r) => r.token === prefix && r.foreground);
    if (rule) {
      return rule.foreground;
    }
  }
  return null;
}

/** Monaco token rules that colour each token type of `legend` in `theme` (vs or vs-dark). */
function tokenRules(theme, legend) {
  const rules = [];
  for (const type of legend) {
    const candidates = [...(TOKEN_SCOPES[type] || []), SUPER_TYPES[type]].filter(Boolean);
    const colour = candidates.map((scope) => scopeColour(theme.rules, scope)).find(Boolean);
    if (colour) {
      rules.push({ token: type, foreground: (READABLE[theme.base] || {})[colour.toUpperCase()] || colour });
    }
  }
  return rules;
}

/**
 * The playground's two editor themes: Monaco's `vs` and `vs-dark` with
 * the cells' colours, and the few colours of theirs that are too faint
 * for text (WCAG's 4.5:1, axe-core in tests/web/): inlay hints.
 */
export function editorThemes(legend) {
  return {
    'boardls-light': {
      base: 'vs',
      inherit: true,
      rules: tokenRules(vs, legend),
      colors: { 'editorInlayHint.foreground': '#595959', 'editorInlayHint.background': '#f3f3f3' },
    },
    'boardls-dark': {
      base: 'vs-dark',
      inherit: true,
      rules: tokenRules(vs_dark, legend),
      colors: { 'editorInlayHint.foreground': '#b3b3b3', 'editorInlayHint.background': '#2a2a2a' },
    },
  };
}

/**
 * The cells of the token types in BACKGROUNDS from semantic token data
 * (LSP's relative form: line delta, start delta, length, type, modifiers),
 * on the lines `first..last` (0-based): `{ type, line, start, length }`.
 */
export function backgroundCells(data, legend, first, last) {
  const cells = [];
  let line = 0;
  let start = 0;
  for (let i = 0; i + 4 < data.length; i += 5) {
    if (data[i] !== 0) {
      line += data[i];
      start = 0;
      if (line > last) {
        break;
      }
    }
    start += data[i + 1];
    const type = legend[data[i + 3]];
    if (line >= first && BACKGROUNDS[type]) {
      cells.push({ type, line, start, length: data[i + 2] });
    }
  }
  return cells;
}
