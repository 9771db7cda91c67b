// Bad input: lone surrogates (codes, never U+FFFD), a 16 MB string, non-string
// arguments (TypeError), and recovery from a WebAssembly trap.  node --test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as puny from '../src/index.mjs';

const SURROGATES = ['\uD800', '\uDFFF', 'a\uD800b.com', 'a\uDC00.com', '\uDC00\uD800.com', 'ok.\uDBFF', 'x\uD83D'];

test('lone surrogates give V7, are kept by ToUnicode, never become U+FFFD', () => {
  for (const s of SURROGATES) {
    assert.equal(puny.toASCII(s), null, JSON.stringify(s));
    assert.equal(puny.toASCII(s, { profile: 'whatwg' }), null);
    const r = puny.toASCIIResult(s);
    assert.equal(r.ok, false);
    assert.ok(r.errors.includes('V7'), `${JSON.stringify(s)}: ${r.errors}`);
    const u = puny.toUnicodeResult(s);
    assert.ok(u.errors.includes('V7'));
    assert.ok(!u.value.includes('\uFFFD'));
    assert.equal(u.value, s.replace(/\u3002/g, '.'), 'ToUnicode gives the surrogates back unchanged');
    assert.equal(puny.toUnicode(s), u.value);
    const c = puny.check(s);
    assert.ok(c.errors.includes('V7'));
    assert.ok(!JSON.stringify(c).includes('\uFFFD'));
    assert.equal(c.labels.map((l) => l.input).join('.'), s);
  }
  // A well-formed pair is one code point (U+10FFFF: unassigned, V7 too, but as one).
  const pair = puny.check('\uDBFF\uDFFF');
  assert.deepEqual(pair.labels[0].codePoints.map((x) => x.cp), [0x10ffff]);
  assert.deepEqual(puny.check('\uDFFF\uDBFF').labels[0].codePoints.map((x) => x.cp), [0xdfff, 0xdbff]);
  // Batches too.
  assert.deepEqual(puny.toASCIIBatch(SURROGATES), SURROGATES.map(() => null));
  assert.deepEqual(puny.toUnicodeBatch(SURROGATES), SURROGATES.map((s) => puny.toUnicode(s)));
  // Punycode: encode refuses a lone surrogate by name; a valid pair encodes.
  assert.throws(() => puny.encode('\uD800'), (e) => e instanceof RangeError && e.status === 'invalid_code_point');
  assert.throws(() => puny.encode('a\uDC00'), RangeError);
  assert.equal(puny.decode(puny.encode('\uD83D\uDE00')), '\uD83D\uDE00');
});

test('a 16 MB string gives a result with codes', () => {
  const big = 'a'.repeat(16 * 1024 * 1024);
  const r = puny.toASCIIResult(big);
  assert.equal(r.ok, false);
  assert.equal(r.value, null);
  assert.ok(r.errors.includes('A4_1') || r.status === 'out_of_memory', JSON.stringify(r));
  assert.equal(puny.toASCII(big), null);
  const u = puny.toUnicodeResult(big);
  assert.ok(u.status === 'success' || u.status === 'out_of_memory');
  if (u.status === 'success') assert.equal(u.value.length, big.length);
  const wide = 'ü.'.repeat(8 * 1024 * 1024);
  const w = puny.toASCIIResult(wide);
  assert.equal(w.ok, false);
  assert.ok(w.errors.length > 0 || w.status === 'out_of_memory');
  const batch = puny.toASCIIBatchResults(['a.com', big, 'b.com']);
  assert.equal(batch[0].value, 'a.com');
  assert.equal(batch[1].ok, false);
  assert.equal(batch[2].value, 'b.com');
  // encode/decode of 16 MB: an answer or a RangeError/Error naming the status, never a crash.
  try {
    assert.equal(typeof puny.decode(big + '-'), 'string');
  } catch (e) {
    assert.match(e.message, /^puny: decode: /);
  }
  // The module still works.
  assert.equal(puny.toASCII('Bücher.de'), 'xn--bcher-kva.de');
});

test('check() of a long string', () => {
  const r = puny.check('ü'.repeat(1 << 20));
  assert.equal(r.status, 'success');
  assert.equal(r.ok, false);
  assert.equal(r.explained, true);
  assert.deepEqual(r.errors, ['A4_1', 'A4_2']);
  assert.equal(r.labels.length, 1);
  // Past 1,048,576 units: the codes alone, no explanation (and no trap).
  for (const big of ['a'.repeat(16 * 1024 * 1024), 'ü.\uD800'.repeat(1 << 19)]) {
    const c = puny.check(big);
    assert.equal(c.explained, false);
    assert.equal(c.ok, false);
    assert.ok(c.status === 'out_of_memory' || c.errors.length > 0, JSON.stringify(c.errors));
    assert.deepEqual(c.labels, []);
  }
  const c = puny.check('ü.\uD800'.repeat(1 << 19));
  assert.ok(c.errors.includes('V7') && c.unicodeErrors.includes('V7'));
  assert.equal(c.label, 1);
  assert.equal(puny.check('a.b').explained, true);
});

const NOT_STRINGS = [undefined, null, 0, 42, NaN, 1n, true, Symbol('x'), {}, [], ['a.com'], new String('a.com'),
  () => 'a.com', new Uint16Array(3)];

test('non-string arguments throw TypeError', () => {
  const fns = [puny.toASCII, puny.toUnicode, puny.toASCIIResult, puny.toUnicodeResult, puny.encode, puny.decode,
    puny.check];
  for (const fn of fns) {
    for (const v of NOT_STRINGS) {
      assert.throws(() => fn(v), TypeError, `${fn.name}(${typeof v})`);
    }
    assert.throws(() => fn(), TypeError, `${fn.name}()`);
  }
  const batches = [puny.toASCIIBatch, puny.toUnicodeBatch, puny.toASCIIBatchResults, puny.toUnicodeBatchResults];
  for (const fn of batches) {
    for (const v of NOT_STRINGS) {
      if (Array.isArray(v) && v.every((x) => typeof x === 'string')) continue;
      assert.throws(() => fn(v), TypeError, `${fn.name}(${typeof v})`);
      assert.throws(() => fn([v]), TypeError, `${fn.name}([${typeof v}])`);
    }
  }
  for (const o of [1, 'uts46', true, Symbol('o')]) {
    assert.throws(() => puny.toASCII('a', o), TypeError);
    assert.throws(() => puny.check('a', o), TypeError);
  }
});

test('a trap discards the instance and a fresh one serves the next call', () => {
  const before = puny.__internal.exports();
  const ix = new puny.LookalikeIndex('paypal.com\n');
  assert.throws(
    // An out-of-bounds pointer: a real trap inside the module.
    () => puny.__internal.run((ex) => ex.pj_to_ascii16(0xfffffff0, 100, 0, 0, 0, 0)),
    (e) => e instanceof Error && !(e instanceof WebAssembly.RuntimeError) &&
      /^puny: WebAssembly trapped: /.test(e.message) && e.cause instanceof WebAssembly.RuntimeError,
  );
  const after = puny.__internal.exports();
  assert.notEqual(after, before, 'a new instance');
  assert.equal(puny.toASCII('Bücher.de'), 'xn--bcher-kva.de');
  assert.equal(puny.toUnicode('xn--bcher-kva.de'), 'bücher.de');
  assert.deepEqual(puny.toASCIIBatch(['Bücher.de', 'a..b']), ['xn--bcher-kva.de', null]);
  assert.equal(puny.check('a.b').ok, true);
  assert.equal(puny.encode('bücher'), 'bcher-kva');
  // A look-alike index made before the trap is rebuilt in the new instance.
  assert.equal(ix.size, 1);
  assert.equal(ix.find('раураl.com')?.domain, 'paypal.com');
  ix.dispose();
});
