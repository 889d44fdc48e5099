// Light or dark: the system's (`prefers-color-scheme`) until the reader
// presses the toggle, then the reader's, kept. index.html sets the first
// one before the first paint (`<html data-theme>`); this keeps it
// current, and tells the editor.

const KEPT = 'boardls.theme';
const system = matchMedia('(prefers-color-scheme: dark)');
const listeners = [];

function keptChoice() {
  try {
    const kept = localStorage.getItem(KEPT);
    return kept === 'dark' || kept === 'light' ? kept : null;
  } catch {
    return null;
  }
}

export const currentTheme = () => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');

function apply(theme) {
  document.documentElement.dataset.theme = theme;
  const toggle = document.getElementById('theme');
  if (toggle) {
    toggle.setAttribute('aria-pressed', String(theme === 'dark'));
  }
  for (const listener of listeners) {
    listener(theme);
  }
}

/** Called with `light` or `dark` after each change. */
export function onThemeChange(listener) {
  listeners.push(listener);
}

/** The toggle, and the system's changes while the reader has not chosen. */
export function setUpTheme() {
  apply(keptChoice() || (system.matches ? 'dark' : 'light'));
  system.addEventListener('change', () => {
    if (!keptChoice()) {
      apply(system.matches ? 'dark' : 'light');
    }
  });
  document.getElementById('theme').addEventListener('click', () => {
    const theme = currentTheme() === 'dark' ? 'light' : 'dark';
    try {
      localStorage.setItem(KEPT, theme);
    } catch {
      // Storage refused: the choice lasts this page.
    }
    apply(theme);
  });
}
