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
 * is wrong with it otherwise. Synchronous work behind an async face: see
 * inflateRaw.
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
    bytes = inflateRaw(fromBase64Url(encoded), MAX_TEXT);
  } catch (error) {
    throw error instanceof ShareError ? error : new ShareError('link-damaged-unpack');
  }
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ShareError('link-damaged-utf8');
  }
  return { game, text };
}

// --- inflate ---------------------------------------------------------------
//
// Raw DEFLATE (RFC 1951) decoded synchronously, after zlib's puff.c. The
// browser's DecompressionStream is asynchronous, and while the page loads
// its steps waited behind the .wasm's compilation: a shared link's board
// was read 15 to 130 ms after the .wasm was ready, and the first check
// waited for it (BENCHMARKS.md, "The playground's first verdict").

const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193,
  12289, 16385, 24577,
];
const DISTANCE_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
/** The order in which a dynamic block gives its code length code's lengths. */
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
const MAX_BITS = 15;

class Damaged extends Error {}

/** A canonical Huffman code from its symbols' lengths: counts per length and symbols in code order. */
function huffman(lengths) {
  const count = new Uint16Array(MAX_BITS + 1);
  for (const length of lengths) {
    count[length] += 1;
  }
  let left = 1;
  for (let length = 1; length <= MAX_BITS; length += 1) {
    left = (left << 1) - count[length];
    if (left < 0) {
      throw new Damaged('an over-subscribed code');
    }
  }
  const offset = new Uint16Array(MAX_BITS + 2);
  for (let length = 1; length < MAX_BITS; length += 1) {
    offset[length + 1] = offset[length] + count[length];
  }
  const symbol = new Uint16Array(lengths.length);
  lengths.forEach((length, sym) => {
    if (length !== 0) {
      symbol[offset[length]++] = sym;
    }
  });
  return { count, symbol };
}

/** The bytes that `data` (raw DEFLATE) unpacks to; Damaged if it does not, ShareError past `limit` bytes. */
export function inflateRaw(data, limit) {
  let at = 0;
  let buffer = 0;
  let held = 0;
  let out = new Uint8Array(Math.min(Math.max(data.length * 4, 1024), limit));
  let length = 0;

  const bits = (need) => {
    while (held < need) {
      if (at >= data.length) {
        throw new Damaged('the data ends early');
      }
      buffer |= data[at++] << held;
      held += 8;
    }
    const value = buffer & ((1 << need) - 1);
    buffer >>>= need;
    held -= need;
    return value;
  };
  const room = (more) => {
    if (length + more > limit) {
      throw new ShareError('link-too-large', { limit: limit / (1024 * 1024) });
    }
    if (length + more > out.length) {
      const grown = new Uint8Array(Math.min(Math.max(out.length * 2, length + more), limit));
      grown.set(out.subarray(0, length));
      out = grown;
    }
  };
  const decode = (code) => {
    let value = 0;
    let first = 0;
    let index = 0;
    for (let len = 1; len <= MAX_BITS; len += 1) {
      value |= bits(1);
      const count = code.count[len];
      if (value - count < first) {
        return code.symbol[index + (value - first)];
      }
      index += count;
      first = (first + count) << 1;
      value <<= 1;
    }
    throw new Damaged('a code that is not in the table');
  };
  const codes = (lengthCode, distanceCode) => {
    for (;;) {
      let symbol = decode(lengthCode);
      if (symbol < 256) {
        room(1);
        out[length++] = symbol;
      } else if (symbol === 256) {
        return;
      } else {
        symbol -= 257;
        if (symbol >= 29) {
          throw new Damaged('a length past the table');
        }
        const copied = LENGTH_BASE[symbol] + bits(LENGTH_EXTRA[symbol]);
        const d = decode(distanceCode);
        if (d >= 30) {
          throw new Damaged('a distance past the table');
        }
        const distance = DISTANCE_BASE[d] + bits(DISTANCE_EXTRA[d]);
        if (distance > length) {
          throw new Damaged('a distance before the start');
        }
        room(copied);
        for (let i = 0; i < copied; i += 1) {
          out[length] = out[length - distance];
          length += 1;
        }
      }
    }
  };

  let fixed = null;
  let last = 0;
  while (!last) {
    last = bits(1);
    const type = bits(2);
    if (type === 0) {
      // Stored: from the next byte, a length, its complement, the bytes.
      buffer = 0;
      held = 0;
      if (at + 4 > data.length) {
        throw new Damaged('the data ends early');
      }
      const stored = data[at] | (data[at + 1] << 8);
      if ((data[at + 2] | (data[at + 3] << 8)) !== (~stored & 0xffff)) {
        throw new Damaged('a stored length that its complement denies');
      }
      at += 4;
      if (at + stored > data.length) {
        throw new Damaged('the data ends early');
      }
      room(stored);
      out.set(data.subarray(at, at + stored), length);
      length += stored;
      at += stored;
    } else if (type === 1) {
      if (!fixed) {
        const lengths = new Uint8Array(288);
        lengths.fill(8, 0, 144).fill(9, 144, 256).fill(7, 256, 280).fill(8, 280, 288);
        fixed = [huffman(lengths), huffman(new Uint8Array(30).fill(5))];
      }
      codes(fixed[0], fixed[1]);
    } else if (type === 2) {
      const literals = bits(5) + 257;
      const distances = bits(5) + 1;
      const codeLengths = bits(4) + 4;
      const lengths = new Uint8Array(19);
      for (let i = 0; i < codeLengths; i += 1) {
        lengths[CODE_LENGTH_ORDER[i]] = bits(3);
      }
      const lengthCode = huffman(lengths);
      const all = new Uint8Array(literals + distances);
      for (let index = 0; index < all.length; ) {
        let symbol = decode(lengthCode);
        if (symbol < 16) {
          all[index++] = symbol;
          continue;
        }
        let repeated = 0;
        if (symbol === 16) {
          if (index === 0) {
            throw new Damaged('a repeat with nothing before');
          }
          repeated = all[index - 1];
          symbol = 3 + bits(2);
        } else if (symbol === 17) {
          symbol = 3 + bits(3);
        } else {
          symbol = 11 + bits(7);
        }
        if (index + symbol > all.length) {
          throw new Damaged('too many lengths');
        }
        all.fill(repeated, index, index + symbol);
        index += symbol;
      }
      if (all[256] === 0) {
        throw new Damaged('no end-of-block code');
      }
      codes(huffman(all.subarray(0, literals)), huffman(all.subarray(literals)));
    } else {
      throw new Damaged('a block of type 3');
    }
  }
  return out.slice(0, length);
}
