// The extension's own strings (command titles, setting descriptions,
// colours, token types) are `%key%` placeholders in package.json, which
// VS Code fills from package.nls.json (English) or, in a Russian or
// Chinese VS Code, from package.nls.ru.json and package.nls.zh-cn.json.
// Every placeholder has its English text, and every language has the same
// keys and links to the same settings.
//
//   node --test test/nls.test.mjs     (npm run test:nls)

import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';

const read = (name) => JSON.parse(fs.readFileSync(new URL(`../${name}`, import.meta.url), 'utf8'));
const manifest = read('package.json');
const english = read('package.nls.json');
// VS Code's names for its display languages (`vscode.env.language`).
const TRANSLATIONS = { ru: read('package.nls.ru.json'), 'zh-cn': read('package.nls.zh-cn.json') };

/** Every `%key%` string of the manifest, as VS Code and vsce find them. */
function placeholders(value, found = []) {
  if (typeof value === 'string') {
    const match = /^%([\w.]+)%$/.exec(value);
    if (match) {
      found.push(match[1]);
    }
  } else if (value !== null && typeof value === 'object') {
    for (const child of Object.values(value)) {
      placeholders(child, found);
    }
  }
  return found;
}

/** The `#boardls.x#` setting links of a Markdown description, sorted. */
const links = (text) => [...text.matchAll(/#boardls\.[\w.]+#/g)].map((m) => m[0]).sort();

test('every placeholder of package.json has its English text, and every English text is used', () => {
  const used = placeholders(manifest);
  assert.ok(used.length > 0, 'package.json has no %key% strings');
  assert.deepEqual([...new Set(used)].sort(), Object.keys(english).sort());
});

test('what a person reads in the manifest is a placeholder', () => {
  const { contributes } = manifest;
  const texts = [
    manifest.displayName,
    manifest.description,
    manifest.capabilities.untrustedWorkspaces.description,
    ...contributes.commands.flatMap((c) => [c.title, c.category]),
    ...Object.values(contributes.configuration.properties).flatMap((p) => [
      p.description, p.markdownDescription, ...(p.enumDescriptions ?? []),
    ]),
    ...contributes.colors.map((c) => c.description),
    ...contributes.semanticTokenTypes.map((t) => t.description),
  ].filter((text) => text !== undefined);
  assert.deepEqual(texts.filter((text) => placeholders(text).length === 0), []);
});

for (const [language, translation] of Object.entries(TRANSLATIONS)) {
  test(`package.nls.${language}.json has every key, each translated and linking the same settings`, () => {
    assert.deepEqual(Object.keys(translation).sort(), Object.keys(english).sort());
    for (const [key, text] of Object.entries(english)) {
      const translated = translation[key];
      assert.equal(typeof translated, 'string', key);
      assert.notEqual(translated.trim(), '', key);
      // Only a name is the same in every language (the command category).
      if (text !== 'boardls') {
        assert.notEqual(translated, text, `${key} is not translated`);
      }
      assert.deepEqual(links(translated), links(text), `${key}: the setting links`);
    }
  });
}
