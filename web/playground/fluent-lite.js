// The page's words, read from its catalogs (web/playground/i18n/*.ftl):
// the part of Fluent they use, which is messages of one line, their
// `.attribute`s, comments, and `{ $name }` placeables. No selectors nor
// plurals: the page's sentences need none, and
// tests/it/playground_catalog.rs reads the same files with fluent-syntax
// and refuses anything this reader does not read. Imported by the page
// and by tests/web/playground.mjs: no DOM here.

/** The page's languages; the first is the fallback. */
export const LANGUAGES = ['en', 'ru', 'zh-CN'];

/** `key -> { value, attributes }` of a catalog's text. */
export function parseCatalog(text) {
  const messages = new Map();
  let last = null;
  for (const line of text.split(/\r?\n/)) {
    const attribute = /^\s+\.([a-z][\w-]*)\s*=\s*(.*)$/.exec(line);
    if (attribute && last) {
      last.attributes[attribute[1]] = attribute[2].trim();
      continue;
    }
    const message = /^([a-zA-Z][\w-]*)\s*=\s*(.*)$/.exec(line);
    if (message) {
      last = { value: message[2].trim(), attributes: {} };
      messages.set(message[1], last);
    } else if (line.trim() !== '' && !line.startsWith('#')) {
      throw new Error(`a catalog line the page cannot read: ${line}`);
    }
  }
  return messages;
}

/** A message's text with its `{ $name }` placeables filled from `args`. */
export function format(pattern, args = {}) {
  return pattern.replace(/\{\s*\$([a-zA-Z][\w-]*)\s*\}/g, (_, name) => (name in args ? String(args[name]) : `{$${name}}`));
}

/**
 * The page's language: the reader's choice if one was kept, else the
 * first of the browser's languages that the page speaks (any Chinese
 * reads the Simplified catalog), else English.
 */
export function pickLanguage(kept, browserLanguages) {
  if (LANGUAGES.includes(kept)) {
    return kept;
  }
  for (const tag of browserLanguages || []) {
    const lower = String(tag).toLowerCase();
    if (lower === 'en' || lower.startsWith('en-')) {
      return 'en';
    }
    if (lower === 'ru' || lower.startsWith('ru-')) {
      return 'ru';
    }
    if (lower === 'zh' || lower.startsWith('zh-')) {
      return 'zh-CN';
    }
  }
  return LANGUAGES[0];
}
