// The JS shortcuts against the module: the URL Standard's ASCII shortcut
// (whatwgAscii: toASCII and toASCIIBatch with asciiInputLowercaseOnly answer
// an ASCII name without crossing into WebAssembly) must give exactly what
// the library gives (toASCIIResult always crosses); and the portable string
// decoding (browsers) must give what Node's Buffer decoding gives.
// Random strings from a fixed seed.  node --test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as puny from '../src/index.mjs';

// xorshift32, fixed seed: the same strings on every run.
function rng(seed) {
  let x = seed >>> 0;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

// Pieces that reach every branch: letters of both cases, digits, '-', '.',
// every forbidden domain code point, the other ASCII punctuation, xn--
// prefixes, and (for the not-ASCII side) a few non-ASCII units.
const PIECES = [
  'a', 'Z', 'q', 'M', '0', '9', '-', '.', '..', 'xn--', 'XN--', 'xn--zca', 'ab--c', '_', '~', '!', '$', '&',
  "'", '(', ')', '*', '+', ',', ';', '=', '`', '{', '}', '"', ' ', '\t', '\0', '\x1f', '\x7f', '#', '%', '/',
  ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|', 'ß', '\u00AD', '\u200C', '\u3002', '\uD800', 'ü',
];

function randomNames(count, seed) {
  const next = rng(seed);
  const out = [''];
  for (let i = 0; i < count; i++) {
    let s = '';
    const n = next() % 12;
    for (let k = 0; k < n; k++) s += PIECES[next() % PIECES.length];
    out.push(s);
  }
  return out;
}

const WITH_SHORTCUT = [
  { profile: 'whatwg' },
  { profile: 'whatwg', forbidDomainCodePoints: false },
  { profile: 'whatwg', rejectEmpty: false },
  { asciiInputLowercaseOnly: true },
  { asciiInputLowercaseOnly: true, forbidDomainCodePoints: true, useSTD3ASCIIRules: false },
];

test('the ASCII shortcut gives what the module gives', () => {
  const names = randomNames(20000, 0x5eed2026);
  let ascii = 0;
  for (const o of WITH_SHORTCUT) {
    const what = JSON.stringify(o);
    const batch = puny.toASCIIBatch(names, o);
    for (let i = 0; i < names.length; i++) {
      const s = names[i];
      const viaModule = puny.toASCIIResult(s, o).value;
      assert.equal(puny.toASCII(s, o), viaModule, `${what} ${JSON.stringify(s)}`);
      assert.equal(batch[i], viaModule, `batch ${what} ${JSON.stringify(s)}`);
      if (o === WITH_SHORTCUT[0] && puny.__internal.whatwgAscii(s, puny.optionBits(o)) !== false) ascii++;
    }
  }
  // Both sides of the shortcut are reached.
  assert.ok(ascii > 2000 && ascii < 19000, `${ascii} ASCII names`);
  // Examples (URL Standard, beStrict = false).
  assert.equal(puny.toASCII('EXAMPLE.com', { profile: 'whatwg' }), 'example.com');
  assert.equal(puny.toASCII('xn--a', { profile: 'whatwg' }), 'xn--a');
  assert.equal(puny.toASCII('a b', { profile: 'whatwg' }), null);
  assert.equal(puny.toASCII('', { profile: 'whatwg' }), null);
  assert.equal(puny.toASCII('a_b', { profile: 'whatwg' }), 'a_b');
});

test('portable decoding equals Node Buffer decoding', () => {
  const names = randomNames(3000, 0xdec0de);
  names.push('x'.repeat(300), 'ü'.repeat(9000), '\uDC00\uD800'.repeat(5000), 'A'.repeat(70000));
  const opts = [undefined, { profile: 'whatwg' }, { profile: 'display' }];
  const run = () => opts.map((o) => [
    names.map((s) => puny.toASCII(s, o)), names.map((s) => puny.toUnicode(s, o)),
    puny.toASCIIBatch(names, o), puny.toUnicodeBatch(names, o), puny.encode('bücher'), puny.decode('bcher-kva'),
  ]);
  const withBuffer = puny.__internal.useNodeBuffer(true);
  const a = run();
  assert.equal(puny.__internal.useNodeBuffer(false), false);
  try {
    const b = run();
    assert.deepEqual(b, a);
  } finally {
    puny.__internal.useNodeBuffer(withBuffer);
  }
  assert.equal(withBuffer, typeof Buffer === 'function');
});

// UTS #46 ToASCII with every check (the default profile) of a name made of
// letters, digits, '-' and '.' only, with no 'x' (so no label can start
// with "xn--"): the name lowercased, or null when a label is empty, longer
// than 63, begins or ends with '-', or has "--" in its 3rd and 4th
// positions (V2), or the name passes 253 (A4_1; the empty root label after
// a trailing dot counts as empty, as IdnaTestV2 has it).  The module's ASCII
// fast path (WebAssembly SIMD128 for 8 to 64 units) must agree on every one.
function ldhReference(s) {
  if (s.length === 0 || s.length > 253) return null;
  for (const label of s.split('.')) {
    if (label.length === 0 || label.length > 63) return null;
    if (label.startsWith('-') || label.endsWith('-')) return null;
    if (label.length >= 4 && label[2] === '-' && label[3] === '-') return null;
  }
  return s.toLowerCase();
}

test('the module\'s ASCII fast path agrees with UTS #46 on random LDH names of every length', () => {
  const next = rng(0xa5c11);
  const alphabet = 'abcdefghijklmnopqrstuvwyzABCDEFGHIJKLMNOPQRSTUVWYZ0123456789';
  const names = [];
  for (let i = 0; i < 30000; i++) {
    const n = next() % 80;
    let s = '';
    for (let k = 0; k < n; k++) {
      const r = next() % 100;
      s += r < 6 ? '.' : r < 12 ? '-' : alphabet[next() % alphabet.length];
    }
    names.push(s);
  }
  names.push('a'.repeat(63), 'a'.repeat(64), `${'a'.repeat(63)}.b`, `b.${'a'.repeat(64)}`, 'A'.repeat(8), 'A'.repeat(7));
  const batch = puny.toASCIIBatch(names);
  let taken = 0;
  for (let i = 0; i < names.length; i++) {
    const s = names[i];
    const want = ldhReference(s);
    if (want !== null) taken++;
    assert.equal(puny.toASCII(s), want, JSON.stringify(s));
    assert.equal(batch[i], want, `batch ${JSON.stringify(s)}`);
    assert.equal(puny.toUnicode(s), s.toLowerCase(), `toUnicode ${JSON.stringify(s)}`);
  }
  assert.ok(taken > 3000 && taken < 27000, `${taken} valid names`);
});
