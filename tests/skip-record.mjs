// Skips as records, for the runners in JavaScript (the VS Code tests,
// the playground's): a check that cannot run on this machine says so on
// stderr and appends one record to the file BOARDLS_SKIP_RECORDS names,
// which tests/run.sh checks against tests/allowed-skips.txt
// (tests/skips.sh describes the records). Without the variable (a runner
// started alone) the skip is only printed.
//
//   import { recordSkip } from '../skip-record.mjs';
//   recordSkip('vscode', 'typing in big documents', 'BOARDLS_E2E_BIG is not 1');
//
// A record is one line: SUITE<TAB>TEST<TAB>REASON, a tab or line break
// inside a field written as a space. `SUITE: TEST` is the name an entry
// of tests/allowed-skips.txt gives.

import { appendFileSync } from 'node:fs';

/** A field as a record holds it: one line, no tab. */
const field = (text) => String(text).replace(/[\t\r\n]/g, ' ');

export function recordSkip(suite, test, reason) {
  const [s, t, r] = [suite, test, reason].map(field);
  process.stderr.write(`SKIPPED: ${s}: ${t} (${r})\n`);
  const records = process.env.BOARDLS_SKIP_RECORDS;
  if (records) {
    // Synchronous and in one write: a record is never lost or torn.
    appendFileSync(records, `${s}\t${t}\t${r}\n`);
  }
}
