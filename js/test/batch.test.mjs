// Batch forms: equal to the per-name forms, one crossing for a normal batch,
// resumable when the output does not fit.  node --test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as puny from '../src/index.mjs';

const NAMES = [
  'Bücher.DE', 'example.com', 'EXAMPLE.COM', '', '.', 'a..b', 'a.b.', 'faß.de', 'xn--bcher-kva.de',
  'XN--BCHER-KVA.de', 'xn--zz.example', 'a\u200Cb.example', 'a_b.com', 'A B.com', '-x.com', 'ab--c.de',
  '\u0301a.com', 'a.\u05D0a', '\u05D0\u05D1.com', 'münchen。de', '☕.us', '𝓮𝔁𝓪𝓶𝓹𝓵𝓮.com', 'a\uD800b.com',
  '\uDC00', '\uDBFF\uDFFF.com', 'x'.repeat(63) + '.com', 'x'.repeat(64) + '.com', ('a'.repeat(60) + '.').repeat(5),
  'ü'.repeat(100), 'ǅ.com', 'xn--a.com', 'xn--.com', '1.2.3.4', '[::1]', 'user@host', '\u3002', 'ÅSTRÖM.se',
];
const OPTION_SETS = [
  undefined, { profile: 'whatwg' }, { profile: 'transitional' }, { profile: 'display' },
  { checkHyphens: false, checkBidi: false, checkJoiners: false, useSTD3ASCIIRules: false,
    transitionalProcessing: false, verifyDNSLength: false, ignoreInvalidPunycode: false },
];

test('batch results equal the per-name results', () => {
  for (const o of OPTION_SETS) {
    const what = JSON.stringify(o);
    assert.deepEqual(puny.toASCIIBatch(NAMES, o), NAMES.map((s) => puny.toASCII(s, o)), what);
    assert.deepEqual(puny.toUnicodeBatch(NAMES, o), NAMES.map((s) => puny.toUnicode(s, o)), what);
    assert.deepEqual(puny.toASCIIBatchResults(NAMES, o), NAMES.map((s) => puny.toASCIIResult(s, o)), what);
    const u = puny.toUnicodeBatchResults(NAMES, o);
    const w = NAMES.map((s) => puny.toUnicodeResult(s, o));
    // position is meaningful only on a failure; compare the rest.
    assert.deepEqual(u.map(({ position, ...r }) => r), w.map(({ position, ...r }) => r), what);
  }
});

test('empty batch, and one crossing for a normal batch', () => {
  assert.deepEqual(puny.toASCIIBatch([]), []);
  assert.deepEqual(puny.toUnicodeBatchResults([]), []);
  const names = [];
  for (let i = 0; i < 10000; i++) names.push(NAMES[i % NAMES.length] + (i % 7 === 0 ? '' : `.n${i}`));
  for (const fn of [puny.toASCIIBatch, puny.toUnicodeBatch]) {
    const before = puny.__internal.batchCrossings();
    fn(names, { profile: 'whatwg' });
    assert.equal(puny.__internal.batchCrossings() - before, 1, fn.name);
  }
});

test('resumes when the output does not fit', () => {
  // ToASCII output much longer than the input ("ü." → "xn--tda."), so the first
  // guess of the output size is short; and one name larger than that guess alone.
  const o = { verifyDNSLength: false };
  const names = [];
  for (let i = 0; i < 200; i++) names.push('ü.'.repeat(i * 40) + 'x');
  names.push('ü.'.repeat(200000) + 'y');
  names.push('z');
  const before = puny.__internal.batchCrossings();
  const got = puny.toASCIIBatch(names, o);
  assert.ok(puny.__internal.batchCrossings() - before > 1);
  assert.deepEqual(got, names.map((s) => puny.toASCII(s, o)));
  assert.equal(got[names.length - 1], 'z');
  assert.equal(got[names.length - 2], 'xn--tda.'.repeat(200000) + 'y');
  // ToUnicode: xn-- labels decode to fewer units; still equal.
  const back = puny.toUnicodeBatch(got.filter((x) => x !== null), o);
  assert.deepEqual(back, names.map((s) => puny.toUnicode(s, o)));
});

test('a large batch equals the per-name forms', () => {
  const names = [];
  for (let i = 0; i < 30000; i++) {
    const base = NAMES[(i * 7) % NAMES.length];
    names.push(i % 3 === 0 ? base.toUpperCase() : `${base}${i % 5 === 0 ? '' : '.x' + i.toString(36)}`);
  }
  const o = { profile: 'whatwg' };
  assert.deepEqual(puny.toASCIIBatch(names, o), names.map((s) => puny.toASCII(s, o)));
  assert.deepEqual(puny.toUnicodeBatch(names, o), names.map((s) => puny.toUnicode(s, o)));
});

test('batch arguments', () => {
  assert.throws(() => puny.toASCIIBatch('a.com'), TypeError);
  assert.throws(() => puny.toASCIIBatch(null), TypeError);
  assert.throws(() => puny.toUnicodeBatch(new Set(['a'])), TypeError);
  assert.throws(() => puny.toASCIIBatch(['a', 1]), /element 1 must be a string/);
  assert.throws(() => puny.toUnicodeBatchResults(['a', null]), TypeError);
  assert.throws(() => puny.toASCIIBatchResults(['a', undefined]), TypeError);
  assert.throws(() => puny.toASCIIBatch(['a'], 'whatwg'), TypeError);
  assert.throws(() => puny.toASCIIBatch(['a'], { profile: 'nope' }), RangeError);
});
