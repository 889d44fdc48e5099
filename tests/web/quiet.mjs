// The machine's cores, for the timed checks: a measurement starts when
// they are quiet (tests/web/playground.mjs, first-verdict-timeline.mjs).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The cores' busy share over `windowMs`, from /proc/stat (null where it cannot be read). */
export async function busyShare(windowMs = 1000) {
  const read = () => {
    try {
      const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
      return { idle: fields[3] + (fields[4] || 0), total: fields.reduce((sum, field) => sum + field, 0) };
    } catch {
      return null;
    }
  };
  const before = read();
  await new Promise((done) => setTimeout(done, windowMs));
  const after = read();
  if (!before || !after || after.total === before.total) {
    return null;
  }
  return 1 - (after.idle - before.idle) / (after.total - before.total);
}

/**
 * Waits (at most `waitMs`) until the cores are at most `busy` busy over
 * `window` ms; says how busy they were, and which processes kept them
 * so when the wait ran out.
 */
export async function waitForQuietCores({ window = 1000, busy = 0.1, waitMs = 60_000 } = {}) {
  const start = Date.now();
  let share = null;
  while (Date.now() - start < waitMs) {
    share = await busyShare(window);
    if (share === null || share <= busy) {
      return share === null ? 'no /proc/stat' : `cores ${(share * 100).toFixed(0)}% busy after ${((Date.now() - start) / 1000).toFixed(1)} s`;
    }
  }
  let busiest = '';
  try {
    busiest = execFileSync('ps', ['-eo', 'pcpu,etime,args', '--sort=-pcpu'], { encoding: 'utf8' }).split('\n').slice(0, 6).join('\n');
  } catch {
    // ps is only for the report.
  }
  console.log(`the cores stayed busy for ${waitMs / 1000} s (${(share * 100).toFixed(0)}%):\n${busiest}`);
  return `cores still ${(share * 100).toFixed(0)}% busy after ${waitMs / 1000} s`;
}

/**
 * Waits (at most 3 s) until a fresh browser's own start-up work is done:
 * the cores at most 15% busy over 250 ms. A reader clicks a shared link
 * in a browser that is already up; both first-verdict measurements wait
 * for this before each navigation.
 */
export function waitForBrowserUp() {
  return waitForQuietCores({ window: 250, busy: 0.15, waitMs: 3000 });
}
