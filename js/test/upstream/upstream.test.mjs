// The upstream test suites of tr46 6.0.0 and punycode.js 2.3.1, run against
// puny-idna/tr46 and puny-idna/punycode (their CommonJS forms, dist/*.cjs).
//
// The vendored files (test/upstream/**/*.vendored, see SOURCE.md) are copied
// into a temporary directory as the upstream layout wants them:
//   tr46/index.js          module.exports = require('<js>/dist/tr46.cjs')
//   tr46/test/*.js         the four node:test files of jsdom/tr46
//   tr46/test/fixtures/    toascii.json (wpt), IdnaTestV2.txt (Unicode 17.0.0,
//                          copied from $PUNY_UNICODE_DIR or ../shared/unicode/17.0.0),
//                          IdnaTestV2ToASCII.json (generated here by a port of
//                          wpt's url/tools/IdnaTestV2-parser.py)
//   punycode/punycode.js   module.exports = require('<js>/dist/punycode.cjs')
//   punycode/tests/tests.js  (reconstructed; mocha globals from mocha-globals.cjs)
// and run by `node --test` in a child process with reporter.mjs.  The tests
// that fail must be exactly those of expected-failures.json (each with its
// reason; DIFFERENCES.md explains them): a new failure, or a listed one that
// passes, fails this test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { idnaTestV2ToASCII } from './tr46/idna-test-v2-to-ascii.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const JS = path.resolve(HERE, '..', '..');
const REPO = path.resolve(JS, '..');
const UNICODE_DIR = process.env.PUNY_UNICODE_DIR || path.join(REPO, '..', 'shared', 'unicode', '17.0.0');
const IDNA_TEST = path.join(UNICODE_DIR, 'IdnaTestV2.txt');
const IN_CI = process.env.CI === 'true';

function copyVendored(fromDir, toDir) {
  mkdirSync(toDir, { recursive: true });
  for (const f of readdirSync(fromDir)) {
    if (f.endsWith('.js.vendored')) copyFileSync(path.join(fromDir, f), path.join(toDir, f.slice(0, -'.vendored'.length)));
  }
}

// The CommonJS drop-ins are build products (scripts/cjs.mjs); make them when missing or stale.
function ensureCjs() {
  const stale = ['punycode', 'tr46'].some((n) => {
    const out = path.join(JS, 'dist', `${n}.cjs`);
    return !existsSync(out) || statSync(out).mtimeMs < statSync(path.join(JS, 'src', `${n}.mjs`)).mtimeMs;
  });
  if (!stale) return;
  const r = spawnSync(process.execPath, [path.join(JS, 'scripts', 'cjs.mjs'), 'punycode', 'tr46'], { encoding: 'utf8' });
  assert.equal(r.status, 0, `scripts/cjs.mjs failed: ${r.stderr}`);
}

// A child `node --test` inside a test file: without NODE_TEST_CONTEXT, or it
// believes it is nested and runs nothing.
function childEnv() {
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  return env;
}

function runSuite(dir, files) {
  const r = spawnSync(process.execPath, [
    '--require', path.join(HERE, 'mocha-globals.cjs'),
    '--test', '--test-reporter', path.join(HERE, 'reporter.mjs'), ...files,
  ], { cwd: dir, env: childEnv(), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const events = r.stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
  // Every upstream test is inside a describe(): the leaves are the non-suite
  // events below nesting 0 (nesting 0 is each file's own pass/fail).
  const leaves = events.filter((e) => e.type !== 'suite' && e.nesting > 0);
  return { status: r.status, stderr: r.stderr, events, leaves };
}

function summarize(suite, leaves, dir) {
  const rel = (f) => (f ? path.relative(dir, f).split(path.sep).join('/') : '?');
  const passed = leaves.filter((e) => e.event === 'pass').length;
  const failed = leaves.filter((e) => e.event === 'fail').map((e) => ({ suite, file: rel(e.file), name: e.name, error: e.error }));
  return { passed, failed };
}

const expected = JSON.parse(readFileSync(path.join(HERE, 'expected-failures.json'), 'utf8'));
const key = (f) => `${f.suite} ${f.file} :: ${f.name}`;

function compare(suite, got) {
  const want = new Map(expected.failures.filter((f) => f.suite === suite).map((f) => [key(f), f]));
  const have = new Map(got.failed.map((f) => [key(f), f]));
  const unexpected = [...have.values()].filter((f) => !want.has(key(f)));
  const fixed = [...want.values()].filter((f) => !have.has(key(f)));
  const show = (l) => l.slice(0, 30).map((f) => `  ${JSON.stringify(key(f))}${f.error ? `: ${f.error.split('\n')[0]}` : ''}`).join('\n');
  assert.ok(unexpected.length === 0 && fixed.length === 0,
    `${suite}: ${got.passed} passed, ${got.failed.length} failed\n` +
    (unexpected.length ? `failures not in expected-failures.json (${unexpected.length}):\n${show(unexpected)}\n` : '') +
    (fixed.length ? `listed failures that now pass (${fixed.length}):\n${show(fixed)}\n` : ''));
}

const work = mkdtempSync(path.join(tmpdir(), 'puny-upstream-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

test('tr46 6.0.0 test suite (jsdom/tr46 test/*.js) against puny-idna/tr46', { skip: !existsSync(IDNA_TEST) && !IN_CI && `${IDNA_TEST} is missing` }, () => {
  assert.ok(existsSync(IDNA_TEST), `${IDNA_TEST} is missing (set PUNY_UNICODE_DIR)`);
  ensureCjs();
  const dir = path.join(work, 'tr46');
  copyVendored(path.join(HERE, 'tr46', 'test'), path.join(dir, 'test'));
  const fx = path.join(dir, 'test', 'fixtures');
  mkdirSync(fx, { recursive: true });
  copyFileSync(path.join(HERE, 'tr46', 'test', 'fixtures', 'toascii.json'), path.join(fx, 'toascii.json'));
  copyFileSync(IDNA_TEST, path.join(fx, 'IdnaTestV2.txt'));
  writeFileSync(path.join(fx, 'IdnaTestV2ToASCII.json'), JSON.stringify(idnaTestV2ToASCII(readFileSync(IDNA_TEST, 'utf8')), null, 2));
  writeFileSync(path.join(dir, 'index.js'), `module.exports = require(${JSON.stringify(path.join(JS, 'dist', 'tr46.cjs'))});\n`);
  const files = ['test/unicode.js', 'test/toascii.js', 'test/std3ASCIIRules.js', 'test/url-host-parsing.js'];
  const r = runSuite(dir, files);
  const got = summarize('tr46', r.leaves, dir);
  console.log(`upstream tr46: ${got.passed} passed, ${got.failed.length} failed (listed: ${expected.failures.filter((f) => f.suite === 'tr46').length})`);
  assert.ok(got.passed > 6000, `too few tests ran (${got.passed}); stderr: ${r.stderr.slice(0, 2000)}`);
  compare('tr46', got);
});

test('punycode.js 2.3.1 test suite (tests/tests.js, reconstructed) against puny-idna/punycode', () => {
  ensureCjs();
  const dir = path.join(work, 'punycode');
  copyVendored(path.join(HERE, 'punycode', 'tests'), path.join(dir, 'tests'));
  writeFileSync(path.join(dir, 'punycode.js'), `module.exports = require(${JSON.stringify(path.join(JS, 'dist', 'punycode.cjs'))});\n`);
  const r = runSuite(dir, ['tests/tests.js']);
  const got = summarize('punycode', r.leaves, dir);
  console.log(`upstream punycode: ${got.passed} passed, ${got.failed.length} failed (listed: ${expected.failures.filter((f) => f.suite === 'punycode').length})`);
  assert.ok(got.passed > 50, `too few tests ran (${got.passed}); stderr: ${r.stderr.slice(0, 2000)}`);
  compare('punycode', got);
});

