// Share links: the game and the board in the URL's fragment, never sent
// to a server. `#v1.<game>.<base64url of deflate-raw(UTF-8 text)>`.

export const SHARE_VERSION = 'v1';
/** The longest encoded board a link carries, in characters of base64url. */
export const MAX_ENCODED = 8 * 1024;
/** The longest board a link may unpack to (a guard against a crafted link). */
const MAX_TEXT = 1024 * 1024;

export class ShareError extends Error {}

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
    throw new ShareError('the board in the link has characters that base64url does not use');
  }
  let base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  base64 += '='.repeat((4 - (base64.length % 4)) % 4);
  let binary;
  try {
    binary = atob(base64);
  } catch {
    throw new ShareError('the board in the link is not valid base64url');
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
    const kb = (encoded.length / 1024).toFixed(1);
    throw new ShareError(
      `This board is too big for a link: ${kb} KB encoded, and a link carries at most ${MAX_ENCODED / 1024} KB. Share the file itself instead.`,
    );
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
    throw new ShareError(
      `This link's format (${version.slice(0, 16) || 'none'}) is not one this playground reads (it reads ${SHARE_VERSION}).`,
    );
  }
  if (rest.length > 0 || encoded === undefined) {
    throw new ShareError('This link is damaged: it does not have the form v1.GAME.BOARD.');
  }
  if (!games.includes(game)) {
    throw new ShareError(`This link names a game the playground does not know: ${game.slice(0, 16)}.`);
  }
  if (encoded.length > MAX_ENCODED) {
    throw new ShareError(`This link's board is over ${MAX_ENCODED / 1024} KB encoded, more than a link may carry.`);
  }
  let bytes;
  try {
    bytes = await pipe(fromBase64Url(encoded), new DecompressionStream('deflate-raw'));
  } catch (error) {
    if (error instanceof ShareError) {
      throw new ShareError(`This link is damaged: ${error.message}.`);
    }
    throw new ShareError('This link is damaged: its board does not unpack.');
  }
  if (bytes.length > MAX_TEXT) {
    throw new ShareError('This link unpacks to a board over 1 MB, more than the playground opens.');
  }
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ShareError('This link is damaged: its board is not UTF-8 text.');
  }
  return { game, text };
}
