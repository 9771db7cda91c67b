// The TypeScript declarations (index.d.ts, punycode.d.ts, tr46.d.ts): they
// type-check, strict, in a Node-only project (test/types/tsconfig.json: no
// DOM lib, no @types), with test/types/usage.ts using every export as
// documented and failing to compile on misuse (@ts-expect-error); and each
// entry point's declared exports are exactly its runtime exports.  Needs the
// `typescript` devDependency (npm ci); without it the test is skipped,
// except under CI=true, where it fails.  node --test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const PKG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const IN_CI = process.env.CI === 'true';

let ts = null;
try {
  ts = require('typescript');
} catch {
  ts = null;
}
const MISSING = ts === null ? 'typescript is not installed (npm ci installs the devDependency)' : false;

function program() {
  const configFile = path.join(PKG, 'test', 'types', 'tsconfig.json');
  const read = ts.readConfigFile(configFile, ts.sys.readFile);
  assert.equal(read.error, undefined);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(configFile));
  assert.deepEqual(parsed.errors, []);
  return ts.createProgram(parsed.fileNames, parsed.options);
}

function format(diagnostics) {
  return ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => PKG,
    getNewLine: () => '\n',
  });
}

test('the declarations type-check with their usage', { skip: !IN_CI && MISSING }, () => {
  if (MISSING) assert.fail(`CI=true and ${MISSING}`);
  const p = program();
  const diagnostics = ts.getPreEmitDiagnostics(p);
  assert.equal(diagnostics.length, 0, format(diagnostics));
  // The declaration files themselves were checked (skipLibCheck is off).
  const files = p.getSourceFiles().map((f) => path.relative(PKG, f.fileName));
  for (const f of ['index.d.ts', 'punycode.d.ts', 'tr46.d.ts']) assert.ok(files.includes(f), `${f} in ${files}`);
});

test('each entry point declares exactly what it exports', { skip: !IN_CI && MISSING }, async () => {
  if (MISSING) assert.fail(`CI=true and ${MISSING}`);
  const p = program();
  const checker = p.getTypeChecker();
  // Runtime-only helpers for the tests and the drop-ins, not API.
  const internal = new Set(['__internal']);
  for (const [dts, mjs] of [['index.d.ts', 'index.mjs'], ['punycode.d.ts', 'punycode.mjs'], ['tr46.d.ts', 'tr46.mjs']]) {
    const source = p.getSourceFile(path.join(PKG, dts));
    assert.ok(source, dts);
    const declared = checker.getExportsOfModule(checker.getSymbolAtLocation(source))
      // Values only: interfaces and type aliases have no runtime export.
      .filter((s) => {
        const target = (s.flags & ts.SymbolFlags.Alias) !== 0 ? checker.getAliasedSymbol(s) : s;
        return (target.flags & ts.SymbolFlags.Value) !== 0;
      })
      .map((s) => s.getName())
      .sort();
    const runtime = Object.keys(await import(path.join(PKG, 'src', mjs))).filter((k) => !internal.has(k)).sort();
    assert.deepEqual(declared, runtime, dts);
  }
});
