// Share links: the game and the board in the URL's fragment, never sent
// to a server. `#v1.<game>.<base64url of deflate-raw(UTF-8 text)>`.

export const SHARE_VERSION = 'v1';
/** The longest encoded board a link carries, in characters of base64url. */
export const MAX_ENCODED = 8 * 1024;
/** The longest board a link may unpack to (a guard against a crafted link). */
const MAX_TEXT = 1024 * 1024;

/**
 * What is wrong with a board or a link: a key of the page's catalog
 * (web/playground/i18n/) and its arguments, worded by the page in the
 * reader's language; `message` is the key, for logs.
 */
export class ShareError extends Error {
  constructor(key, args = {}) {
    super(key);
    this.key = key;
    this.args = args;
  }
}

async function pipe(bytes, stream) {
  const piped = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

function toBase64Url(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) {
    throw new ShareError('link-damaged-characters');
  }
  let base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  base64 += '='.repeat((4 - (base64.length % 4)) % 4);
  let binary;
  try {
    binary = atob(base64);
  } catch {
    throw new ShareError('link-damaged-base64');
  }
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * The fragment (without `#`) for a board, or a ShareError when the encoded
 * board is over MAX_ENCODED characters.
 */
export async function encodeBoard(game, text) {
  const packed = await pipe(new TextEncoder().encode(text), new CompressionStream('deflate-raw'));
  const encoded = toBase64Url(packed);
  if (encoded.length > MAX_ENCODED) {
    throw new ShareError('share-too-big', { size: (encoded.length / 1024).toFixed(1), limit: MAX_ENCODED / 1024 });
  }
  return `${SHARE_VERSION}.${game}.${encoded}`;
}

/**
 * `{ game, text }` from a fragment (without `#`); a ShareError saying what
 * is wrong with it otherwise.
 */
export async function decodeFragment(fragment, games) {
  const [version, game, encoded, ...rest] = fragment.split('.');
  if (version !== SHARE_VERSION) {
    throw new ShareError('link-other-version', { version: version.slice(0, 16) || '-', supported: SHARE_VERSION });
  }
  if (rest.length > 0 || encoded === undefined) {
    throw new ShareError('link-damaged-shape', { form: `${SHARE_VERSION}.GAME.BOARD` });
  }
  if (!games.includes(game)) {
    throw new ShareError('link-unknown-game', { game: game.slice(0, 16) });
  }
  if (encoded.length > MAX_ENCODED) {
    throw new ShareError('link-over-limit', { limit: MAX_ENCODED / 1024 });
  }
  let bytes;
  try {
    bytes = await pipe(fromBase64Url(encoded), new DecompressionStream('deflate-raw'));
  } catch (error) {
    throw error instanceof ShareError ? error : new ShareError('link-damaged-unpack');
  }
  if (bytes.length > MAX_TEXT) {
    throw new ShareError('link-too-large', { limit: MAX_TEXT / (1024 * 1024) });
  }
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ShareError('link-damaged-utf8');
  }
  return { game, text };
}
