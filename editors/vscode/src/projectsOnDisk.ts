// The project files on disk, read by the desktop entry (extension.ts):
// the nearest `boardls.toml` of a file, re-read when it changes.

import * as fs from 'fs';
import * as path from 'path';
import { PROJECT_FILE, ProjectFile, parseProjectFile } from './project';

/** The project files read so far, by path, with the time each was read at. */
export class Projects {
  private readonly read = new Map<string, { mtimeMs: number; project: ProjectFile | undefined }>();

  /** The nearest `boardls.toml` at or above `file`'s folder, if any. */
  findFor(file: string): string | undefined {
    let dir = path.dirname(file);
    for (;;) {
      const candidate = path.join(dir, PROJECT_FILE);
      if (isFile(candidate)) {
        return candidate;
      }
      const parent = path.dirname(dir);
      if (parent === dir) {
        return undefined;
      }
      dir = parent;
    }
  }

  /** The project file at `file` (read again when it changed on disk); undefined when unreadable. */
  load(file: string): ProjectFile | undefined {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      this.read.delete(file);
      return undefined;
    }
    const known = this.read.get(file);
    if (known !== undefined && known.mtimeMs === mtimeMs) {
      return known.project;
    }
    let project: ProjectFile | undefined;
    try {
      project = parseProjectFile(fs.readFileSync(file, 'utf8'));
    } catch {
      project = undefined;
    }
    this.read.set(file, { mtimeMs, project });
    return project;
  }

  /** The game the nearest project file maps `file` to (its first matching glob), if any. */
  gameOf(file: string): string | undefined {
    const found = this.findFor(file);
    if (found === undefined) {
      return undefined;
    }
    const project = this.load(found);
    const relative = path.relative(path.dirname(found), file).split(path.sep).join('/');
    return project?.files.find((entry) => entry.match.test(relative))?.game;
  }
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
