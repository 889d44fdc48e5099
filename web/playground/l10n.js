// The page in the reader's language: the catalogs beside the page
// (i18n/*.ftl, bundled as text), the language picked from the reader's
// choice or the browser's languages, and the page's words set from them.
// The server speaks the same language: session.js sends it in
// `initialize`, and as the `boardls.locale` setting when it changes.
import { LANGUAGES, format, parseCatalog, pickLanguage } from './fluent-lite.js';
import en from './i18n/en.ftl';
import ru from './i18n/ru.ftl';
import zhCN from './i18n/zh-CN.ftl';

const TEXTS = { en, ru, 'zh-CN': zhCN };
/** Where the reader's choice is kept (a share link never carries it). */
const KEPT = 'boardls.language';

const parsed = new Map();
const catalogOf = (language) => {
  if (!parsed.has(language)) {
    parsed.set(language, parseCatalog(TEXTS[language]));
  }
  return parsed.get(language);
};

function keptChoice() {
  try {
    return localStorage.getItem(KEPT);
  } catch {
    return null;
  }
}

let language = pickLanguage(keptChoice(), navigator.languages || [navigator.language]);
const listeners = [];

export { LANGUAGES };
export const currentLanguage = () => language;

/** A message of the page's catalog, in the page's language (English if it lacks one). */
export function t(key, args) {
  const message = catalogOf(language).get(key) || catalogOf('en').get(key);
  return message ? format(message.value, args) : key;
}

/** Sets every `data-l10n-id` element's words and attributes, `<html lang>` and the picker. */
export function translatePage() {
  const catalog = catalogOf(language);
  for (const element of document.querySelectorAll('[data-l10n-id]')) {
    const message = catalog.get(element.dataset.l10nId);
    if (!message) {
      continue;
    }
    element.textContent = format(message.value);
    for (const [name, value] of Object.entries(message.attributes)) {
      element.setAttribute(name, format(value));
    }
  }
  document.documentElement.lang = language;
  const picker = document.getElementById('language');
  if (picker) {
    picker.value = language;
  }
}

/** The reader chose `chosen`: kept, and the page and its listeners follow. */
export function chooseLanguage(chosen) {
  if (!LANGUAGES.includes(chosen) || chosen === language) {
    return;
  }
  language = chosen;
  try {
    localStorage.setItem(KEPT, chosen);
  } catch {
    // Private windows may refuse storage: the choice lasts this page.
  }
  translatePage();
  for (const listener of listeners) {
    listener(language);
  }
}

/** Called with the new language after each change. */
export function onLanguageChange(listener) {
  listeners.push(listener);
}
