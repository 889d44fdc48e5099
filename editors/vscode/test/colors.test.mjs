// The cell backgrounds the extension contributes (package.json,
// contributes.colors) keep the text on them readable in VS Code's default
// themes: the editor's foreground over the background, blended over the
// editor's own background as VS Code draws it, has a WCAG contrast ratio
// of at least 4.5:1. And the cell stands out from the rest of the editor.
//
//   node --test test/colors.test.mjs     (npm run test:colors)

import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';

const manifest = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

// editor.background and editor.foreground of VS Code's default themes
// (extensions/theme-defaults/themes/*.json; High Contrast Light takes
// the registry's defaults): each kind of theme, every default theme of it.
const THEMES = {
  dark: [
    { name: 'Default Dark Modern', background: '#1F1F1F', foreground: '#CCCCCC' },
    { name: 'Default Dark+', background: '#1E1E1E', foreground: '#D4D4D4' },
  ],
  light: [
    { name: 'Default Light Modern', background: '#FFFFFF', foreground: '#3B3B3B' },
    { name: 'Default Light+', background: '#FFFFFF', foreground: '#000000' },
  ],
  highContrast: [{ name: 'Default High Contrast', background: '#000000', foreground: '#FFFFFF' }],
  highContrastLight: [{ name: 'Default High Contrast Light', background: '#FFFFFF', foreground: '#292929' }],
};
/** WCAG 2 AA for normal text. */
const READABLE = 4.5;
/** The cell's background against the editor's: enough to be seen at a glance. */
const VISIBLE = 1.3;

/** `#RRGGBB` or `#RRGGBBAA` as [r, g, b] (0-255) and alpha (0-1). */
export function parse(hex) {
  const match = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(hex);
  assert.ok(match, `not a #RRGGBB[AA] colour: ${hex}`);
  const rgb = [0, 2, 4].map((i) => parseInt(match[1].slice(i, i + 2), 16));
  return { rgb, alpha: match[2] === undefined ? 1 : parseInt(match[2], 16) / 255 };
}

/** `top` drawn over the opaque `below`. */
export function blend(top, below) {
  const { rgb, alpha } = parse(top);
  return rgb.map((c, i) => Math.round(alpha * c + (1 - alpha) * parse(below).rgb[i]));
}

/** WCAG 2 relative luminance of [r, g, b]. */
export function luminance(rgb) {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two opaque colours. */
export function contrast(a, b) {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

test('the ratio is WCAG\'s: black on white is 21, a colour on itself 1', () => {
  assert.equal(contrast([0, 0, 0], [255, 255, 255]), 21);
  assert.equal(contrast([0x76, 0x76, 0x76], [0x76, 0x76, 0x76]), 1);
  // #767676 on white is the classic just-passing grey (4.54).
  assert.ok(Math.abs(contrast([0x76, 0x76, 0x76], [255, 255, 255]) - 4.54) < 0.01);
});

const colours = manifest.contributes.colors ?? [];

test('the extension contributes the two cell backgrounds', () => {
  assert.deepEqual(colours.map((c) => c.id).sort(),
    ['boardls.capturePointBackground', 'boardls.legalMoveBackground']);
});

for (const colour of colours) {
  for (const [kind, themes] of Object.entries(THEMES)) {
    for (const theme of themes) {
      test(`${colour.id} in ${theme.name}: text readable, cell visible`, () => {
        const given = colour.defaults[kind];
        assert.ok(given, `no ${kind} default`);
        const cell = blend(given, theme.background);
        const text = contrast(parse(theme.foreground).rgb, cell);
        assert.ok(text >= READABLE,
          `${theme.foreground} on ${given} over ${theme.background}: ${text.toFixed(2)}:1, below ${READABLE}:1`);
        const seen = contrast(cell, parse(theme.background).rgb);
        assert.ok(seen >= VISIBLE,
          `${given} over ${theme.background} stands out by ${seen.toFixed(2)}:1, below ${VISIBLE}:1`);
      });
    }
  }
}
