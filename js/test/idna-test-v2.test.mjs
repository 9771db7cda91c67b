// UTS #46 conformance through JavaScript: every line of IdnaTestV2.txt
// (Unicode 17.0.0), for the three operations the file defines — toUnicode,
// toAsciiN (nontransitional) and toAsciiT (transitional) — with the exact
// output string and the exact set of status codes, as the C++ test
// (tests/conformance/idna_test_v2.cpp) and the Python one
// (python/tests/test_idna_test_v2.py) compare them.  Each operation runs
// through the per-name forms (toASCIIResult / toUnicodeResult, and the plain
// toASCII / toUnicode) and the batch forms (the whole file in one array).
//
// A line holding a lone surrogate goes in as a JS string holding it: strings
// cross into WebAssembly as UTF-16 code units, so it reaches the library as
// the code point it names.
//
// The file is $PUNY_UNICODE_DIR/IdnaTestV2.txt, else
// REPO/../shared/unicode/17.0.0/IdnaTestV2.txt.  When it is missing the tests
// are skipped, except under CI=true, where they fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import * as puny from '../src/index.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const UNICODE_DIR = process.env.PUNY_UNICODE_DIR || path.join(REPO, '..', 'shared', 'unicode', '17.0.0');
const FILE = path.join(UNICODE_DIR, 'IdnaTestV2.txt');
const IN_CI = process.env.CI === 'true';
// IdnaTestV2.txt of Unicode 17.0.0 has this many test lines (as the C++ test asserts).
const LINE_COUNT = 6391;
const REPORT_LIMIT = 40;

const UTS46_CODES = new Set([
  'P4', 'V1', 'V2', 'V3', 'V4', 'V5', 'V6', 'V7', 'V8', 'U1', 'A3', 'A4_1', 'A4_2', 'X4_2',
  'B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'C1', 'C2',
]);

const ESCAPE = /\\u([0-9A-Fa-f]{4})|\\x\{([0-9A-Fa-f]+)\}/g;

/** A column's text: \uXXXX and \x{XXXX} resolved (lone surrogates included); '""' is the empty string. */
export function unescape(column) {
  if (column === '""') return '';
  return column.replace(ESCAPE, (_, u, x) => {
    const cp = parseInt(u ?? x, 16);
    // String.fromCodePoint keeps a surrogate value as a lone code unit.
    return String.fromCodePoint(cp);
  });
}

/** A status column ("[B1, V6]" or "[]") as a sorted array; null for a blank column (it inherits). */
function parseStatus(column, number) {
  if (column === '') return null;
  assert.ok(column.startsWith('[') && column.endsWith(']'), `line ${number}: status ${column}`);
  const names = column.slice(1, -1).split(',').map((s) => s.trim()).filter(Boolean);
  for (const n of names) assert.ok(UTS46_CODES.has(n), `line ${number}: unknown status code ${n}`);
  return [...new Set(names)].sort();
}

/**
 * Every test line, in order, with the header's defaults applied: a blank
 * toUnicode is the source, a blank toAsciiN is toUnicode, a blank toAsciiT is
 * toAsciiN; a blank toUnicodeStatus is [], a blank toAsciiNStatus is
 * toUnicodeStatus, a blank toAsciiTStatus is toAsciiNStatus.  Lines end at LF
 * only (test lines may hold U+0085, U+2028, ...).
 */
export function parseIdnaTestV2(text) {
  const lines = [];
  text.split('\n').forEach((raw, i) => {
    const number = i + 1;
    const data = raw.split('#', 1)[0];
    if (data.replace(/[ \t]/g, '') === '') return;
    const c = data.split(';').map((s) => s.replace(/^[ \t]+|[ \t]+$/g, ''));
    assert.ok(c.length >= 7, `IdnaTestV2.txt line ${number} has ${c.length} columns`);
    const source = unescape(c[0]);
    const toUnicode = c[1] !== '' ? unescape(c[1]) : source;
    const uStatus = parseStatus(c[2], number) ?? [];
    const toAsciiN = c[3] !== '' ? unescape(c[3]) : toUnicode;
    const nStatus = parseStatus(c[4], number) ?? uStatus;
    const toAsciiT = c[5] !== '' ? unescape(c[5]) : toAsciiN;
    const tStatus = parseStatus(c[6], number) ?? nStatus;
    lines.push({ number, source, toUnicode, uStatus, toAsciiN, nStatus, toAsciiT, tStatus });
  });
  return lines;
}

/** Printable ASCII as it is, anything else as \u{XXXX} (as the C++ test shows it). */
function show(s) {
  if (s === null || s === undefined) return String(s);
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.codePointAt(i);
    if (c > 0xffff) i++;
    out += c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : `\\u{${c.toString(16)}}`;
  }
  return `${out}"`;
}

/** The set of a result's codes, sorted; a code reported twice would hide a bug, so it fails. */
function codesOf(errors, where) {
  assert.equal(new Set(errors).size, errors.length, `${where}: duplicate codes ${errors}`);
  return [...errors].sort();
}

class Tally {
  constructor(column) {
    this.column = column;
    this.passed = 0;
    this.total = 0;
    this.mismatches = [];
  }

  /** got/want: [output or null, codes (sorted), status]. */
  record(t, got, want) {
    this.total++;
    if (got[0] === want[0] && got[1].join() === want[1].join() && got[2] === want[2]) {
      this.passed++;
    } else if (this.mismatches.length < REPORT_LIMIT) {
      this.mismatches.push(`line ${t.number} ${this.column} of ${show(t.source)}: got ${show(got[0])} `
        + `[${got[1]}] ${got[2]}, want ${show(want[0])} [${want[1]}] ${want[2]}`);
    }
  }

  verify() {
    const summary = `IdnaTestV2 ${this.column}: ${this.passed}/${this.total}`;
    console.log(summary);
    assert.equal(this.total, LINE_COUNT, `${summary}: every line`);
    assert.ok(this.passed === this.total, [summary, ...this.mismatches].join('\n'));
  }
}

// The status a conforming result has: 'success' without codes, 'idna_errors'
// with them (any other status, e.g. out_of_memory, is a mismatch, as the C++
// test's ok_status).
const statusFor = (codes) => (codes.length === 0 ? 'success' : 'idna_errors');

/** The expected [output, codes, status] of each operation; ToASCII has no output with errors. */
const wantUnicode = (t) => [t.toUnicode, t.uStatus, statusFor(t.uStatus)];
const wantAsciiN = (t) => [t.nStatus.length ? null : t.toAsciiN, t.nStatus, statusFor(t.nStatus)];
const wantAsciiT = (t) => [t.tStatus.length ? null : t.toAsciiT, t.tStatus, statusFor(t.tStatus)];

const gotOf = (r, where) => [r.value, codesOf(r.errors, where), r.status];

const NONTRANSITIONAL = undefined; // the default profile 'uts46': every check, as IdnaTestV2 runs
const TRANSITIONAL = { transitionalProcessing: true };
const TRANSITIONAL_PROFILE = { profile: 'transitional' };

function missing(t, what) {
  if (IN_CI) assert.fail(`CI=true and ${what}`);
  t.skip(what);
}

let cached = null;
function lines(t) {
  if (cached !== null) return cached;
  if (!existsSync(FILE)) {
    missing(t, `${FILE} not found (set PUNY_UNICODE_DIR)`);
    return null;
  }
  cached = parseIdnaTestV2(readFileSync(FILE, 'utf8'));
  assert.equal(cached.length, LINE_COUNT, 'IdnaTestV2.txt of Unicode 17.0.0 has 6391 test lines');
  return cached;
}

test('parser: column defaults and escapes', () => {
  const text = [
    '# header', '',
    'fass.de; ; ; ; ; ;  # fass.de',
    'faß.de; ; ; xn--fa-hia.de; ; fass.de;  # faß.de',
    'a\\u200Cb; ; [C1]; xn--ab-j1t; ; ab; [] # ab',
    '\\uD800.de; ; [V7]; ; [A3, V7]; ""; # x',
    'x\\x{1F4A9}; ; ; ; ; ;',
  ].join('\n');
  const got = parseIdnaTestV2(text);
  assert.deepEqual(got.map((g) => g.number), [3, 4, 5, 6, 7]);
  assert.deepEqual(got[0], {
    number: 3, source: 'fass.de', toUnicode: 'fass.de', uStatus: [], toAsciiN: 'fass.de', nStatus: [],
    toAsciiT: 'fass.de', tStatus: [],
  });
  assert.deepEqual([got[1].toUnicode, got[1].toAsciiN, got[1].toAsciiT], ['faß.de', 'xn--fa-hia.de', 'fass.de']);
  assert.deepEqual([got[2].source, got[2].uStatus, got[2].nStatus, got[2].tStatus], ['a\u200Cb', ['C1'], ['C1'], []]);
  assert.equal(got[3].source, '\uD800.de');
  assert.deepEqual([got[3].nStatus, got[3].tStatus, got[3].toAsciiT], [['A3', 'V7'], ['A3', 'V7'], '']);
  assert.equal(got[4].source, 'x\u{1F4A9}');
});

test('toUnicode, one name at a time', (t) => {
  const all = lines(t);
  if (all === null) return;
  const tally = new Tally('toUnicode');
  const plain = new Tally('toUnicode (string form)');
  for (const l of all) {
    const r = puny.toUnicodeResult(l.source);
    tally.record(l, gotOf(r, `line ${l.number}`), wantUnicode(l));
    // toUnicode always returns its string, errors or not.
    plain.record(l, [puny.toUnicode(l.source), [], ''], [l.toUnicode, [], '']);
  }
  tally.verify();
  plain.verify();
});

test('toAsciiN (nontransitional), one name at a time', (t) => {
  const all = lines(t);
  if (all === null) return;
  const tally = new Tally('toAsciiN');
  const plain = new Tally('toAsciiN (string form)');
  for (const l of all) {
    const r = puny.toASCIIResult(l.source, NONTRANSITIONAL);
    const want = wantAsciiN(l);
    tally.record(l, gotOf(r, `line ${l.number}`), want);
    // toASCII: the string, or null on any error (as tr46.toASCII).
    plain.record(l, [puny.toASCII(l.source), [], ''], [want[0], [], '']);
  }
  tally.verify();
  plain.verify();
});

test('toAsciiT (transitional), one name at a time; the transitional profile gives the same', (t) => {
  const all = lines(t);
  if (all === null) return;
  const tally = new Tally('toAsciiT');
  const profile = new Tally('toAsciiT profile=transitional');
  const plain = new Tally('toAsciiT (string form)');
  for (const l of all) {
    const want = wantAsciiT(l);
    tally.record(l, gotOf(puny.toASCIIResult(l.source, TRANSITIONAL), `line ${l.number}`), want);
    profile.record(l, gotOf(puny.toASCIIResult(l.source, TRANSITIONAL_PROFILE), `line ${l.number}`), want);
    plain.record(l, [puny.toASCII(l.source, TRANSITIONAL), [], ''], [want[0], [], '']);
  }
  tally.verify();
  profile.verify();
  plain.verify();
});

test('batch forms over the whole file: toUnicode, toAsciiN, toAsciiT', (t) => {
  const all = lines(t);
  if (all === null) return;
  const sources = all.map((l) => l.source);
  const runs = [
    ['toUnicode batch', puny.toUnicodeBatchResults(sources), puny.toUnicodeBatch(sources), wantUnicode],
    ['toAsciiN batch', puny.toASCIIBatchResults(sources, NONTRANSITIONAL), puny.toASCIIBatch(sources), wantAsciiN],
    ['toAsciiT batch', puny.toASCIIBatchResults(sources, TRANSITIONAL), puny.toASCIIBatch(sources, TRANSITIONAL),
      wantAsciiT],
  ];
  for (const [what, results, strings, want] of runs) {
    assert.equal(results.length, all.length, what);
    assert.equal(strings.length, all.length, what);
    const tally = new Tally(what);
    const plain = new Tally(`${what} (string form)`);
    all.forEach((l, i) => {
      const w = want(l);
      tally.record(l, gotOf(results[i], `line ${l.number}`), w);
      plain.record(l, [strings[i], [], ''], [w[0], [], '']);
    });
    tally.verify();
    plain.verify();
  }
});
