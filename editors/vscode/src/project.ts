// What the client needs of `boardls.toml` (the server reads the rest):
// the `[files]` globs, so that a judge file such as `tests/01.in` opens as
// the game it holds, and the answer names, so that its answer files reach
// the server. The file is found as the server finds it: the nearest one in
// the file's folder or above (projectsOnDisk.ts reads them from disk; this
// module needs no Node module, so that the browser entry uses it too).

export const PROJECT_FILE = 'boardls.toml';
export const GAMES = ['uttt', 'go9', 'tomek'];
/** The server's default answer names (src/project/pairing.rs). */
export const DEFAULT_ANSWER_NAMES = ['{stem}.out', '{stem}.ans', '{name}.out', '{name}.ans'];

export interface ProjectFile {
  /** `[files]`: globs relative to the file's folder and their games, in file order. */
  files: Array<{ glob: string; game: string; match: RegExp }>;
  /** `answers.names`, when the file sets it. */
  answerNames?: string[];
}

/** A TOML value as far as this reader goes: a string, an array of strings, or something else. */
type Value = string | string[] | null;

/**
 * The keys of a project file and their values (dotted: `files.*.in`,
 * `answers.names`), read with the part of TOML such a file uses: table
 * headers, bare, quoted and dotted keys, basic and literal strings,
 * one-line arrays of strings, comments. Any other value reads as null.
 * Undefined when a line is none of these: a file this reader cannot read
 * maps nothing.
 */
export function readToml(text: string): Map<string, Value> | undefined {
  const keys = new Map<string, Value>();
  let table: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const scan = new Scanner(raw);
    scan.blanks();
    if (scan.atEnd()) {
      continue;
    }
    if (scan.take('[')) {
      if (scan.take('[')) {
        return undefined; // an array of tables: no key of a project file
      }
      const header = scan.key();
      if (header === undefined || !scan.take(']') || !scan.rest()) {
        return undefined;
      }
      table = header;
      continue;
    }
    const key = scan.key();
    if (key === undefined || !scan.take('=')) {
      return undefined;
    }
    const value = scan.value();
    if (value === undefined || !scan.rest()) {
      return undefined;
    }
    keys.set([...table, ...key].join('\u0000'), value);
  }
  return keys;
}

/** One line of TOML, read left to right. */
class Scanner {
  private at = 0;

  constructor(private readonly line: string) {}

  atEnd(): boolean {
    return this.at >= this.line.length || this.line[this.at] === '#';
  }

  blanks(): void {
    while (this.line[this.at] === ' ' || this.line[this.at] === '\t') {
      this.at += 1;
    }
  }

  /** `c` (after blanks), consumed. */
  take(c: string): boolean {
    this.blanks();
    if (this.line[this.at] !== c) {
      return false;
    }
    this.at += 1;
    return true;
  }

  /** Nothing but blanks and a comment left. */
  rest(): boolean {
    this.blanks();
    return this.atEnd();
  }

  /** A dotted key, as its parts. */
  key(): string[] | undefined {
    const parts: string[] = [];
    do {
      this.blanks();
      const quote = this.line[this.at];
      let part: string | undefined;
      if (quote === '"' || quote === "'") {
        part = this.string();
      } else {
        const bare = /^[A-Za-z0-9_$-]+/.exec(this.line.slice(this.at));
        if (bare !== null) {
          part = bare[0];
          this.at += part.length;
        }
      }
      if (part === undefined) {
        return undefined;
      }
      parts.push(part);
    } while (this.take('.'));
    return parts;
  }

  /** A string, an array of strings, or another value (null). */
  value(): Value | undefined {
    this.blanks();
    const c = this.line[this.at];
    if (c === '"' || c === "'") {
      return this.string();
    }
    if (c === '[') {
      this.at += 1;
      const items: string[] = [];
      for (;;) {
        if (this.take(']')) {
          return items;
        }
        this.blanks();
        const item = this.string();
        if (item === undefined) {
          return undefined;
        }
        items.push(item);
        if (!this.take(',')) {
          return this.take(']') ? items : undefined;
        }
      }
    }
    // true, false, a number: not a value this client reads.
    const other = /^[A-Za-z0-9_+.:-]+/.exec(this.line.slice(this.at));
    if (other === null) {
      return undefined;
    }
    this.at += other[0].length;
    return null;
  }

  /** A basic ("…", with escapes) or literal ('…') one-line string. */
  private string(): string | undefined {
    const quote = this.line[this.at];
    if (quote !== '"' && quote !== "'") {
      return undefined;
    }
    this.at += 1;
    let text = '';
    while (this.at < this.line.length) {
      const c = this.line[this.at];
      this.at += 1;
      if (c === quote) {
        return text;
      }
      if (c === '\\' && quote === '"') {
        const escaped = this.line[this.at];
        this.at += 1;
        const simple: Record<string, string> = { '"': '"', '\\': '\\', n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };
        if (escaped in simple) {
          text += simple[escaped];
        } else if (escaped === 'u' || escaped === 'U') {
          const digits = escaped === 'u' ? 4 : 8;
          const hex = this.line.slice(this.at, this.at + digits);
          if (!/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== digits) {
            return undefined;
          }
          text += String.fromCodePoint(parseInt(hex, 16));
          this.at += digits;
        } else {
          return undefined;
        }
        continue;
      }
      text += c;
    }
    return undefined;
  }
}

/**
 * A `[files]` glob as a regular expression over a path relative to the
 * project file's folder, as the server reads it (src/project/globs.rs): a
 * glob without `/` matches a file name at any depth, `*` and `?` never
 * cross a `/`, `**` does; `{a,b}` and `[…]` as in globset.
 */
export function globToRegExp(glob: string): RegExp | undefined {
  let pattern = glob.startsWith('./') ? glob.slice(2) : glob;
  if (!pattern.includes('/')) {
    pattern = `**/${pattern}`;
  }
  let out = '';
  let braces = 0;
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      const start = i === 0 || pattern[i - 1] === '/';
      const end = i + 2 === pattern.length || pattern[i + 2] === '/';
      if (start && end) {
        if (i + 2 === pattern.length) {
          out += '.*';
        } else {
          out += '(?:[^/]*/)*';
          i += 1; // the `/` after `**`
        }
        i += 1;
        continue;
      }
      out += '[^/]*';
      i += 1;
    } else if (c === '*') {
      out += '[^/]*';
    } else if (c === '?') {
      out += '[^/]';
    } else if (c === '{') {
      braces += 1;
      out += '(?:';
    } else if (c === '}' && braces > 0) {
      braces -= 1;
      out += ')';
    } else if (c === ',' && braces > 0) {
      out += '|';
    } else if (c === '[') {
      const close = pattern.indexOf(']', i + 2);
      if (close < 0) {
        return undefined;
      }
      let set = pattern.slice(i + 1, close);
      if (set.startsWith('!')) {
        set = `^${set.slice(1)}`;
      }
      out += `[${set.replace(/\\/g, '\\\\')}]`;
      i = close;
    } else {
      out += c.replace(/[.+^$()|\\]/g, '\\$&');
    }
  }
  if (braces > 0) {
    return undefined;
  }
  try {
    return new RegExp(`^${out}$`);
  } catch {
    return undefined;
  }
}

/** What a project file's text says; undefined when this client cannot read it. */
export function parseProjectFile(text: string): ProjectFile | undefined {
  const keys = readToml(text);
  if (keys === undefined) {
    return undefined;
  }
  const project: ProjectFile = { files: [] };
  for (const [key, value] of keys) {
    const [table, ...rest] = key.split('\u0000');
    if (table === 'files' && rest.length === 1 && typeof value === 'string' && GAMES.includes(value)) {
      const match = globToRegExp(rest[0]);
      if (match !== undefined) {
        project.files.push({ glob: rest[0], game: value, match });
      }
    } else if (key === `answers\u0000names` && Array.isArray(value)) {
      project.answerNames = value.filter(isAnswerName);
    }
  }
  return project;
}

/** A valid answer name: one `{stem}` or `{name}`, no folder. */
function isAnswerName(name: string): boolean {
  const placeholders = name.split('{stem}').length + name.split('{name}').length - 2;
  return placeholders === 1 && !name.includes('/') && !name.includes('\\');
}

/**
 * The glob of the files an answer name can give (`{stem}_000.out` →
 * `**` `/*_000.out`), for the client's document selector.
 */
export function answerGlob(name: string): string {
  return `**/${name.replace('{stem}', '*').replace('{name}', '*')}`;
}
