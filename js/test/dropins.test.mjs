// puny-idna/punycode and puny-idna/tr46: the APIs of punycode.js 2.3.1 and
// tr46 6.0.0 (ES modules from src/, CommonJS from dist/), their behaviours,
// and each difference of test/upstream/DIFFERENCES.md that no upstream test
// reaches.  The upstream suites themselves run in test/upstream/upstream.test.mjs.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import punycode, * as punycodeNS from '../src/punycode.mjs';
import tr46, * as tr46NS from '../src/tr46.mjs';

const require = createRequire(import.meta.url);
const hasCjs = existsSync(new URL('../dist/punycode.cjs', import.meta.url)) &&
  existsSync(new URL('../dist/tr46.cjs', import.meta.url));

const OVERFLOW = 'Overflow: input needs wider integers to process';
const NOT_BASIC = 'Illegal input >= 0x80 (not a basic code point)';
const INVALID = 'Invalid input';

function throwsRange(fn, message) {
  assert.throws(fn, (e) => e instanceof RangeError && e.message === message);
}

describe('puny-idna/punycode: punycode.js 2.3.1 API', () => {
  test('exports', () => {
    assert.equal(punycode.version, '2.3.1');
    for (const k of ['decode', 'encode', 'toASCII', 'toUnicode']) {
      assert.equal(typeof punycode[k], 'function', k);
      assert.equal(punycodeNS[k], punycode[k]);
    }
    assert.equal(typeof punycode.ucs2.decode, 'function');
    assert.equal(typeof punycode.ucs2.encode, 'function');
    assert.equal(punycodeNS.ucs2decode, punycode.ucs2.decode);
    assert.equal(punycodeNS.ucs2encode, punycode.ucs2.encode);
  });

  test('ucs2 keeps lone surrogates', () => {
    assert.deepEqual(punycode.ucs2.decode('\uD800\uD834\uDF06\uD800'), [0xd800, 0x1d306, 0xd800]);
    assert.deepEqual(punycode.ucs2.decode('\uDC00ab'), [0xdc00, 0x61, 0x62]);
    assert.equal(punycode.ucs2.encode([0xdc00, 0x1d306, 0xdc00]), '\uDC00\uD834\uDF06\uDC00');
    assert.equal(punycode.ucs2.encode([]), '');
  });

  test('encode / decode', () => {
    assert.equal(punycode.encode('b\xFCcher'), 'bcher-kva');
    assert.equal(punycode.decode('bcher-kva'), 'b\xFCcher');
    assert.equal(punycode.decode('ZZZ'), '\u7BA5');
    assert.equal(punycode.decode('Bach-'), 'Bach'); // case kept
    assert.equal(punycode.encode('-> $1.00 <-'), '-> $1.00 <--');
    assert.equal(punycode.decode(''), '');
    assert.equal(punycode.encode(''), '');
    assert.equal(punycode.encode('\u{1F4A9}'), 'ls8h');
  });

  test("punycode.js's exact RangeError messages", () => {
    throwsRange(() => punycode.decode('\x81-'), NOT_BASIC);
    throwsRange(() => punycode.decode('\xE9-abc'), NOT_BASIC);
    throwsRange(() => punycode.decode('\x81'), INVALID);
    throwsRange(() => punycode.decode('ls8h='), INVALID);
    throwsRange(() => punycode.decode('\u3042'), INVALID); // 2.3.1 (2.1.0 said Overflow)
    throwsRange(() => punycode.decode('-'), INVALID);
    throwsRange(() => punycode.decode('a-\xE9'), INVALID);
    throwsRange(() => punycode.decode('99999999999999999999a'), OVERFLOW);
    throwsRange(() => punycode.toUnicode('xn--ls8h=.com'), INVALID);
  });

  test('toASCII / toUnicode: labels, separators, e-mail, no UTS #46', () => {
    assert.equal(punycode.toASCII('ma\xF1ana.com'), 'xn--maana-pta.com');
    assert.equal(punycode.toASCII('ma\xF1ana\u3002com'), 'xn--maana-pta.com');
    assert.equal(punycode.toASCII('ma\xF1ana\uFF0Ecom'), 'xn--maana-pta.com');
    assert.equal(punycode.toASCII('ma\xF1ana\uFF61com'), 'xn--maana-pta.com');
    assert.equal(punycode.toASCII('B\xFCcher.DE'), 'xn--Bcher-kva.DE'); // no mapping, no lowercasing
    assert.equal(punycode.toASCII('example.com.'), 'example.com.');
    assert.equal(punycode.toASCII('\0\x01\x02foo.bar'), '\0\x01\x02foo.bar');
    assert.equal(punycode.toASCII('a\u200Cb'), 'xn--ab-j1t'); // no validation (C1 ignored)
    assert.equal(punycode.toASCII('\u0434\u0436@\u0434\u0436.com'), '\u0434\u0436@xn--d1ae.com');
    assert.equal(punycode.toASCII('a@b@c\xE9'), 'a@b'); // only parts[1], as punycode.js
    assert.equal(punycode.toUnicode('xn--maana-pta.com'), 'ma\xF1ana.com');
    assert.equal(punycode.toUnicode('xn--MAANA-PTA.com'), 'ma\xF1ana.com'); // rest lowercased
    assert.equal(punycode.toUnicode('XN--maana-pta.com'), 'XN--maana-pta.com'); // the prefix test is case-sensitive
    assert.equal(punycode.toUnicode('\u0434\u0436@xn--d1ae.com'), '\u0434\u0436@\u0434\u0436.com');
  });

  test('DIFFERENCES: lone surrogates and non-scalar values are RangeErrors', () => {
    throwsRange(() => punycode.encode('\uD800'), INVALID); // punycode.js: 'ib9b'
    throwsRange(() => punycode.encode('a\uD800b'), INVALID);
    throwsRange(() => punycode.toASCII('\uD800.com'), INVALID);
    throwsRange(() => punycode.decode('ib9b'), INVALID); // punycode.js: '\uD800'
    throwsRange(() => punycode.decode('9999999a'), INVALID); // punycode.js: 'Invalid code point 476385513'
    throwsRange(() => punycode.decode('99999999999'), INVALID); // punycode.js: Overflow
  });

  test('DIFFERENCES: non-strings are TypeErrors; errors carry status', () => {
    for (const v of [5, null, undefined, {}, ['a']]) {
      assert.throws(() => punycode.decode(v), TypeError);
      assert.throws(() => punycode.encode(v), TypeError);
    }
    assert.throws(() => punycode.toASCII(null), TypeError);
    try {
      punycode.decode('\x81-');
      assert.fail('no error');
    } catch (e) {
      assert.equal(e.status, 'non_basic_literal');
      assert.equal(e.position, 0);
    }
  });
});

describe('puny-idna/tr46: tr46 6.0.0 API', () => {
  test('exports', () => {
    assert.equal(typeof tr46.toASCII, 'function');
    assert.equal(typeof tr46.toUnicode, 'function');
    assert.equal(tr46NS.toASCII, tr46.toASCII);
    assert.equal(tr46NS.toUnicode, tr46.toUnicode);
  });

  test('toASCII: string or null; every option false by default', () => {
    assert.equal(tr46.toASCII('B\xFCcher.DE'), 'xn--bcher-kva.de');
    assert.equal(tr46.toASCII('fa\xDF.de'), 'xn--fa-hia.de');
    assert.equal(tr46.toASCII('fa\xDF.de', { transitionalProcessing: true }), 'fass.de');
    assert.equal(tr46.toASCII('a_b.com'), 'a_b.com'); // useSTD3ASCIIRules false
    assert.equal(tr46.toASCII('a_b.com', { useSTD3ASCIIRules: true }), null);
    assert.equal(tr46.toASCII('-a-.com'), '-a-.com'); // checkHyphens false
    assert.equal(tr46.toASCII('-a-.com', { checkHyphens: true }), null);
    assert.equal(tr46.toASCII('a\u200Cb'), 'xn--ab-j1t'); // checkJoiners false
    assert.equal(tr46.toASCII('a\u200Cb', { checkJoiners: true }), null);
    assert.equal(tr46.toASCII('\u064Aa'), 'xn--a-yoc'); // checkBidi false
    assert.equal(tr46.toASCII('\u064Aa', { checkBidi: true }), null);
    assert.equal(tr46.toASCII('a..b'), 'a..b'); // verifyDNSLength false
    assert.equal(tr46.toASCII('a..b', { verifyDNSLength: true }), null);
    assert.equal(tr46.toASCII(''), '');
    assert.equal(tr46.toASCII('', { verifyDNSLength: true }), null);
    assert.equal(tr46.toASCII('xn--a'), null);
    assert.equal(tr46.toASCII('xn--ls8h='), null); // P4
    assert.equal(tr46.toASCII('xn--zca', { ignoreInvalidPunycode: true }), 'xn--zca');
    assert.equal(tr46.toASCII('A.COM'), 'a.com'); // no URL-Standard shortcuts, no W1
    assert.equal(tr46.toASCII('a%b.com'), 'a%b.com');
    assert.equal(tr46.toASCII('a\uD800'), null); // lone surrogate: disallowed
  });

  test('toUnicode: {domain, error}; empty labels and DNS length are no error', () => {
    assert.deepEqual(tr46.toUnicode('xn--bcher-kva.de'), { domain: 'b\xFCcher.de', error: false });
    assert.deepEqual(tr46.toUnicode('a..b'), { domain: 'a..b', error: false });
    assert.deepEqual(tr46.toUnicode(''), { domain: '', error: false });
    assert.deepEqual(tr46.toUnicode('a'.repeat(70)), { domain: 'a'.repeat(70), error: false });
    assert.deepEqual(tr46.toUnicode('a\uD800'), { domain: 'a\uD800', error: true });
    assert.equal(tr46.toUnicode('xn--a').error, true);
    assert.equal(tr46.toUnicode('a\u200Cb').error, false);
    assert.equal(tr46.toUnicode('a\u200Cb', { checkJoiners: true }).error, true);
    assert.equal(tr46.toUnicode('A_B').domain, 'a_b');
    assert.equal(tr46.toUnicode('A_B', { useSTD3ASCIIRules: true }).error, true);
  });

  test('whatwg-url calls (beStrict false)', () => {
    const o = { checkHyphens: false, checkBidi: true, checkJoiners: true, useSTD3ASCIIRules: false,
      transitionalProcessing: false, verifyDNSLength: false, ignoreInvalidPunycode: false };
    assert.equal(tr46.toASCII('EXAMPLE.com', o), 'example.com');
    assert.equal(tr46.toASCII('\u0627.\u0628', o), 'xn--mgb.xn--ngb');
    assert.equal(tr46.toASCII('\u0661.\u0627', o), null); // B1 in the label 1 (Unicode 17)
    assert.equal(tr46.toASCII('xn--1ug.example', o), null);
  });

  // A label kept by IgnoreInvalidPunycode still begins with "xn--", which
  // UTS #46 validity criterion 4 (V4) rejects when CheckHyphens is off
  // (DIFFERENCES.md tr46 item 5: a library bug, fixed; tr46 6.0.0 agrees).
  test('IgnoreInvalidPunycode keeps an invalid xn-- label, and V4 rejects it', () => {
    assert.equal(tr46.toASCII('xn--ls8h=', { ignoreInvalidPunycode: true }), null);
    assert.equal(tr46.toUnicode('xn--ls8h=', { ignoreInvalidPunycode: true }).error, true);
    assert.equal(tr46.toUnicode('xn--ls8h=', { ignoreInvalidPunycode: true }).domain, 'xn--ls8h=');
  });

  test('DIFFERENCES: any non-string domain is a TypeError (tr46 iterates arrays)', () => {
    for (const v of [5, null, undefined, {}, ['a', 'b'], new String('a')]) {
      assert.throws(() => tr46.toASCII(v), TypeError);
      assert.throws(() => tr46.toUnicode(v), TypeError);
    }
    assert.throws(() => tr46.toASCII('a', null), TypeError); // as tr46's destructuring
    // DIFFERENCES.md tr46 item 6: lone surrogates stay code points (V7), even
    // when mapping removes what separated them (tr46: 'xn--2n7c', U+10000).
    assert.equal(tr46.toASCII('\uD800\u00AD\uDC00'), null);
    assert.deepEqual(tr46.toUnicode('\uD800\u00AD\uDC00'), { domain: '\uD800\uDC00', error: true });
    assert.equal(tr46.toASCII('\uD800\u200C\uDC00', { transitionalProcessing: true }), null);
    assert.equal(tr46.toASCII('a_b', { useSTD3ASCIIRules: 1 }), null); // truthiness, as tr46
  });
});

describe('CommonJS forms (dist/punycode.cjs, dist/tr46.cjs)', { skip: !hasCjs && 'run "npm run build" first' }, () => {
  test('same API and results as the ES modules', () => {
    const p = require('../dist/punycode.cjs');
    const t = require('../dist/tr46.cjs');
    assert.equal(p.version, '2.3.1');
    assert.equal(p.default, p);
    assert.equal(p.toASCII('ma\xF1ana.com'), 'xn--maana-pta.com');
    assert.deepEqual(p.ucs2.decode('\uD834\uDF06'), [0x1d306]);
    assert.throws(() => p.decode('\x81-'), (e) => e instanceof RangeError && e.message === NOT_BASIC);
    assert.equal(t.toASCII('B\xFCcher.de'), 'xn--bcher-kva.de');
    assert.deepEqual(t.toUnicode('xn--zca'), { domain: '\xDF', error: false });
    assert.equal(t.default, t);
  });
});
