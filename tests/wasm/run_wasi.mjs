// Runs a wasm32-wasi program under Node's WASI (node:wasi, preview1) and,
// given an expected-output file, compares the program's stdout with it byte
// for byte:
//   node --no-warnings tests/wasm/run_wasi.mjs PROGRAM.wasm [EXPECTED.txt]
// Exits 0 when the program exits 0 and its output matches; otherwise 1, with
// the differing lines on stderr.  The program's stdout is shown either way,
// and its stderr passes through.  Needs Node 20 (node:wasi without a flag,
// with its `version` option).  --no-warnings silences only node:wasi's
// ExperimentalWarning.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { WASI } from 'node:wasi';

const [program, expectedPath] = process.argv.slice(2);
if (!program || process.argv.length > 4) {
  console.error('usage: node run_wasi.mjs PROGRAM.wasm [EXPECTED.txt]');
  process.exit(2);
}

// node:wasi takes file descriptors for the program's stdio, not streams:
// stdout goes to a file, read back once the program has ended.
const dir = mkdtempSync(join(tmpdir(), 'run-wasi-'));
const outPath = join(dir, 'stdout');
const outFd = openSync(outPath, 'w');
let exitCode;
let trap;
try {
  const wasi = new WASI({
    version: 'preview1',
    args: [basename(program)],
    env: {},
    // No preopened directories: the program gets no file system access.
    preopens: {},
    stdin: 0,
    stdout: outFd,
    stderr: 2,
    returnOnExit: true,
  });
  const module = await WebAssembly.compile(readFileSync(program));
  const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
  try {
    exitCode = wasi.start(instance);
  } catch (err) {
    // A trap (unreachable, out-of-bounds access, stack overflow under
    // --stack-first) is a WebAssembly.RuntimeError, not an exit status.
    trap = err;
  }
} finally {
  closeSync(outFd);
}
const actual = readFileSync(outPath);
rmSync(dir, { recursive: true, force: true });
process.stdout.write(actual);

let failed = false;
if (trap !== undefined) {
  console.error(`${program}: trapped after ${actual.length} bytes of output: ${trap.message}`);
  failed = true;
} else if (exitCode !== 0) {
  console.error(`${program}: exit status ${exitCode}`);
  failed = true;
}

if (expectedPath !== undefined) {
  const expected = readFileSync(expectedPath);
  if (!actual.equals(expected)) {
    failed = true;
    const exp = expected.toString('utf8').split('\n');
    const act = actual.toString('utf8').split('\n');
    let shown = 0;
    console.error(`${program}: stdout differs from ${expectedPath} (- expected, + actual):`);
    for (let i = 0; i < Math.max(exp.length, act.length) && shown < 20; ++i) {
      if (exp[i] === act[i]) continue;
      if (exp[i] !== undefined) console.error(`${i + 1}: - ${JSON.stringify(exp[i])}`);
      if (act[i] !== undefined) console.error(`${i + 1}: + ${JSON.stringify(act[i])}`);
      ++shown;
    }
    if (shown === 0) console.error('(the lines are equal as text: the bytes differ, e.g. in their encoding)');
    console.error(`${expected.length} bytes expected, ${actual.length} bytes written`);
  } else {
    console.error(`${program}: stdout matches ${expectedPath} (${actual.length} bytes)`);
  }
}
// exitCode rather than exit(): the output written above is flushed first.
process.exitCode = failed ? 1 : 0;
