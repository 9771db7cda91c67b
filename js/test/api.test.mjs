// The core API of puny-idna: toASCII/toUnicode and their Result forms, options and
// profiles, bare Punycode, check(), and the module facts.  node --test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as puny from '../src/index.mjs';

// tr46's defaults (every flag false), spelled out so the profile's bits are all overridden.
const TR46_DEFAULTS = {
  checkHyphens: false, checkBidi: false, checkJoiners: false, useSTD3ASCIIRules: false,
  transitionalProcessing: false, verifyDNSLength: false, ignoreInvalidPunycode: false,
};

test('module facts', () => {
  assert.match(puny.version(), /^\d+\.\d+\.\d+$/);
  assert.equal(puny.unicodeVersion(), '17.0.0');
  assert.equal(puny.statusName(0), 'success');
  assert.equal(puny.statusName(64), 'idna_errors');
  assert.equal(puny.statusName(10), 'out_of_memory');
  assert.deepEqual(puny.codeNames((1 << 0) | (1 << 19) | (1 << 22)), ['A3', 'V7', 'X4_2']);
});

test('toASCII and toUnicode', () => {
  assert.equal(puny.toASCII('Bücher.DE'), 'xn--bcher-kva.de');
  assert.equal(puny.toASCII('example.com'), 'example.com');
  assert.equal(puny.toASCII('EXAMPLE.com'), 'example.com');
  assert.equal(puny.toASCII('münchen。de'), 'xn--mnchen-3ya.de');
  assert.equal(puny.toASCII('☕.us'), 'xn--53h.us');
  assert.equal(puny.toASCII('𝓮𝔁𝓪𝓶𝓹𝓵𝓮.com'), 'example.com');
  assert.equal(puny.toASCII('a\u200Cb.example'), null); // C1 under uts46
  assert.equal(puny.toUnicode('xn--bcher-kva.de'), 'bücher.de');
  assert.equal(puny.toUnicode('XN--BCHER-KVA.DE'), 'bücher.de');
  assert.equal(puny.toUnicode('xn--53h.us'), '☕.us');
  // ToUnicode always gives a result: bad labels stay as they were.
  assert.equal(puny.toUnicode('xn--zz.example'), 'xn--zz.example');
  assert.equal(puny.toUnicode('a..b'), 'a..b');
});

test('toASCIIResult / toUnicodeResult', () => {
  assert.deepEqual(puny.toASCIIResult('Bücher.de'),
    { value: 'xn--bcher-kva.de', ok: true, status: 'success', errors: [], label: null, position: 0 });
  const bad = puny.toASCIIResult('ok.a\u200Cb.example');
  assert.equal(bad.value, null);
  assert.equal(bad.ok, false);
  assert.equal(bad.status, 'idna_errors');
  assert.deepEqual(bad.errors, ['C1']);
  assert.equal(bad.label, 1);
  const u = puny.toUnicodeResult('xn--zz.xn--bcher-kva.de');
  assert.equal(u.value, 'xn--zz.bücher.de');
  assert.equal(u.ok, false);
  assert.deepEqual(u.errors, ['P4']);
  assert.equal(u.label, 0);
  const e = puny.toASCIIResult('');
  assert.equal(e.value, null);
  assert.deepEqual(e.errors, ['A4_1', 'A4_2']);
});

test('profiles and named flags', () => {
  // uts46 (the default): transitional off, STD3 on, DNS length on.
  assert.equal(puny.toASCII('faß.de'), 'xn--fa-hia.de');
  assert.equal(puny.toASCII('faß.de', { profile: 'transitional' }), 'fass.de');
  assert.equal(puny.toASCII('faß.de', { transitionalProcessing: true }), 'fass.de');
  assert.equal(puny.toASCII('faß.de', { profile: 'transitional', transitionalProcessing: false }), 'xn--fa-hia.de');
  assert.equal(puny.toASCII('a_b.com'), null); // U1
  assert.equal(puny.toASCII('a_b.com', { useSTD3ASCIIRules: false }), 'a_b.com');
  assert.equal(puny.toASCII('A_B.com', { profile: 'whatwg' }), 'a_b.com');
  assert.equal(puny.toASCII('a b.com', { profile: 'whatwg' }), null); // W1: forbidden domain code point
  assert.equal(puny.toASCII('', { profile: 'whatwg' }), null); // W2
  assert.equal(puny.toASCII('', { verifyDNSLength: false }), '');
  assert.equal(puny.toASCII('-x.com', { checkHyphens: false }), '-x.com');
  assert.equal(puny.toASCII('-x.com'), null);
  // tr46's defaults: every flag false.
  assert.equal(puny.toASCII('a_b..com', TR46_DEFAULTS), 'a_b..com');
  assert.equal(puny.toASCII('a\u200Cb', TR46_DEFAULTS), 'xn--ab-j1t');
  assert.equal(puny.toASCII('a\u200Cb', { ...TR46_DEFAULTS, checkJoiners: true }), null);
  // IgnoreInvalidPunycode: no P4, but the label kept still begins with
  // "xn--" (V4 without CheckHyphens, UTS #46 §4.1 criterion 4), as tr46 has it.
  assert.deepEqual(puny.toASCIIResult('xn--zz', TR46_DEFAULTS).errors, ['P4']);
  assert.deepEqual(puny.toASCIIResult('xn--zz', { ...TR46_DEFAULTS, ignoreInvalidPunycode: true }).errors, ['V4']);
  assert.equal(puny.toUnicode('xn--zz', { ...TR46_DEFAULTS, ignoreInvalidPunycode: true }), 'xn--zz');
  // display: ToUnicode shows only labels that decode and validate.
  assert.equal(puny.toUnicode('xn--bcher-kva.de', { profile: 'display' }), 'bücher.de');
  // optionBits: the profile first, then overrides.
  const uts46 = puny.optionBits();
  assert.equal(puny.optionBits({}), uts46);
  assert.equal(puny.optionBits({ profile: 'uts46' }), uts46);
  assert.equal(puny.optionBits({ checkBidi: false }), uts46 & ~4);
  assert.equal(puny.optionBits(TR46_DEFAULTS), 0);
  assert.equal(puny.optionBits({ ...TR46_DEFAULTS, verifyDNSLength: true }), 1 << 5);
  assert.notEqual(puny.optionBits({ profile: 'whatwg' }), uts46);
});

test('bad options', () => {
  assert.throws(() => puny.toASCII('a', { profile: 'idna2008' }), RangeError);
  assert.throws(() => puny.toASCII('a', { profile: 3 }), TypeError);
  assert.throws(() => puny.toASCII('a', 'uts46'), TypeError);
  assert.throws(() => puny.toUnicode('a', 7), TypeError);
  assert.equal(puny.toASCII('a', null), 'a');
  assert.equal(puny.toASCII('a', undefined), 'a');
});

test('encode / decode (RFC 3492 section 7.1 samples and errors)', () => {
  const samples = [
    ['ليهمابتكلموشعربي؟', 'egbpdaj6bu4bxfgehfvwxn'],
    ['他们为什么不说中文', 'ihqwcrb4cv8a8dqg056pqjye'],
    ['Pročprostěnemluvíčesky', 'Proprostnemluvesky-uyb24dma41a'],
    ['למההםפשוטלאמדבריםעברית', '4dbcagdahymbxekheh6e0a7fei0b'],
    ['なぜみんな日本語を話してくれないのか', 'n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa'],
    ['MajiでKoiする5秒前', 'MajiKoi5-783gue6qz075azm5e'],
    ['bücher', 'bcher-kva'],
    ['', ''],
    ['abc', 'abc-'],
    ['😀', 'e28h'],
  ];
  for (const [u, p] of samples) {
    assert.equal(puny.encode(u), p, u);
    assert.equal(puny.decode(p), u, p);
  }
  assert.equal(puny.decode('ZZZ'), '\u7BA5');
  const expectStatus = (fn, status) => assert.throws(fn, (e) => e instanceof RangeError && e.status === status &&
    e.message.includes(status));
  expectStatus(() => puny.decode('ls8h='), 'invalid_digit');
  expectStatus(() => puny.decode('\x81-'), 'non_basic_literal');
  expectStatus(() => puny.decode('abc-ü'), 'invalid_digit');
  expectStatus(() => puny.decode('-abc'), 'empty_literal');
  expectStatus(() => puny.decode('99999999999999999999'), 'overflow');
  expectStatus(() => puny.decode('a-b'), 'truncated_integer');
  expectStatus(() => puny.encode('a\uD800'), 'invalid_code_point');
  assert.throws(() => puny.decode('ls8h='), (e) => e.position === 4);
});

test('check: violations, code points and scripts', () => {
  const r = puny.check('a\u200Cb.example');
  assert.equal(r.status, 'success');
  assert.equal(r.ok, false);
  assert.deepEqual(r.errors, ['C1']);
  assert.equal(r.label, 0);
  assert.equal(r.labels.length, 2);
  const [l0, l1] = r.labels;
  assert.equal(l0.input, 'a\u200Cb');
  assert.equal(l0.unicode, 'a\u200Cb');
  assert.deepEqual(l0.codePoints, [
    { cp: 0x61, hex: 'U+0061', script: 'Latn' },
    { cp: 0x200c, hex: 'U+200C', script: 'Zinh' },
    { cp: 0x62, hex: 'U+0062', script: 'Latn' },
  ]);
  assert.equal(l0.violations.length, 1);
  const v = l0.violations[0];
  assert.equal(v.code, 'C1');
  assert.equal(v.position, 2);
  assert.equal(v.codePoint, 0x200c);
  assert.equal(v.hex, 'U+200C');
  assert.match(v.message, /ZERO WIDTH NON-JOINER/);
  assert.equal(v.message, v.detail);
  assert.deepEqual(l1.errors, []);
  assert.equal(l1.ascii, 'example');

  const ok = puny.check('Bücher.de');
  assert.equal(ok.ok, true);
  assert.equal(ok.ascii, 'xn--bcher-kva.de');
  assert.equal(ok.unicode, 'bücher.de');
  assert.equal(ok.labels[0].input, 'Bücher');
  assert.equal(ok.labels[0].ascii, 'xn--bcher-kva');

  // Bidi and whole-domain codes.
  const bidi = puny.check('a.\u05D0a');
  assert.equal(bidi.ok, false);
  assert.ok(bidi.errors.some((c) => c.startsWith('B')));
  assert.equal(bidi.bidiDomain.bidiClass, 'R');
  const empty = puny.check('');
  assert.ok(empty.domainViolations.some((x) => x.code === 'A4_1' && x.hex === null));

  // A decoded xn-- label.
  const dec = puny.check('xn--bcher-kva.de');
  assert.equal(dec.labels[0].decoded, true);
  assert.equal(dec.labels[0].unicode, 'bücher');

  // The verdict of check() is toASCII's, for the same options.
  for (const s of ['a_b.com', 'faß.de', 'xn--zz', '-a.b', 'ab--c.d', '\u0301a', 'a.\u05D0a']) {
    for (const o of [undefined, { profile: 'whatwg' }, TR46_DEFAULTS]) {
      const want = puny.toASCIIResult(s, o);
      const got = puny.check(s, o);
      assert.deepEqual(got.errors, want.errors, `${s} ${JSON.stringify(o)}`);
      assert.equal(got.ok, want.ok);
      if (want.ok) assert.equal(got.ascii, want.value);
    }
  }
});

test('script and scriptExtensions', () => {
  assert.equal(puny.script(0x61), 'Latn');
  assert.equal(puny.script(0x430), 'Cyrl');
  assert.equal(puny.script(0x30), 'Zyyy');
  assert.ok(puny.scriptExtensions(0x60c).includes('Arab'));
  assert.throws(() => puny.script('a'), TypeError);
});

test('the CommonJS entry point gives the same API (dist/index.cjs, from scripts/cjs.mjs)', async (t) => {
  const { existsSync } = await import('node:fs');
  const { createRequire } = await import('node:module');
  const path = new URL('../dist/index.cjs', import.meta.url);
  if (!existsSync(path)) {
    if (process.env.CI === 'true') assert.fail('dist/index.cjs is missing: run node scripts/cjs.mjs');
    t.skip('dist/index.cjs not built');
    return;
  }
  const cjs = createRequire(import.meta.url)('../dist/index.cjs');
  assert.deepEqual(Object.keys(cjs).sort(), Object.keys(puny).sort());
  assert.equal(cjs.toASCII('Bücher.DE'), 'xn--bcher-kva.de');
  assert.deepEqual(cjs.toUnicodeBatch(['xn--bcher-kva.de']), ['bücher.de']);
  assert.throws(() => cjs.toASCII(1), TypeError);
});

test('display and the look-alike index', () => {
  assert.deepEqual(puny.displayPolicies(),
    ['chromium', 'firefox', 'uts39-highly-restrictive', 'uts39-moderately-restrictive', 'ascii']);
  const ix = new puny.LookalikeIndex('google.com\npaypal.com\n###END_TOP_BUCKET###\nexample.org\n');
  try {
    assert.equal(ix.size, 3);
    assert.deepEqual(ix.find('login.раураl.com'), { id: 1, domain: 'paypal.com', topBucket: true });
    assert.equal(ix.find('paypal.com'), null, 'a protected domain does not match itself');
    assert.equal(ix.find('bücher.de'), null);
    assert.deepEqual(ix.findWithoutSeparators('pay-pal.com')?.domain, 'paypal.com');
    assert.deepEqual(ix.add('bücher.de'), { ok: true, status: 'success', errors: [] });
    assert.equal(ix.add('a..b').ok, false);
    assert.equal(ix.add('a\uD800.de').ok, false);
    assert.equal(ix.find('a\uD800.de'), null);
    assert.equal(ix.size, 4);
    assert.equal(ix.domain(3), 'bücher.de');
    assert.equal(ix.domain(99), null);

    const ok = puny.display('bücher.de', { protect: ix });
    assert.equal(ok.display, 'bücher.de');
    assert.equal(ok.shownAsIs, true);
    assert.equal(ok.labels[0].shownUnicode, true);
    const spoof = puny.display('раураl.com', { protect: ix });
    assert.equal(spoof.display, 'xn--l-7sba6dbr.com');
    assert.equal(spoof.shownAsIs, false);
    assert.ok(spoof.reasons.includes('lookalike_of_protected'));
    assert.deepEqual(spoof.lookalike, { id: 1, domain: 'paypal.com' });
    assert.equal(puny.display('bücher.de', { policy: 'ascii' }).display, 'xn--bcher-kva.de');
    assert.deepEqual(puny.display('bücher.de', { policy: 'ascii' }).reasons, ['ascii_policy']);
    assert.match(puny.displayReasonMessage('ascii_policy'), /./);
    const bad = puny.display('a\uD800.com');
    assert.equal(bad.display, null);
    assert.ok(bad.errors.includes('V7'));
    assert.throws(() => puny.display('x.com', { policy: 'opera' }), RangeError);
    assert.throws(() => puny.display('x.com', { protect: {} }), TypeError);
    assert.throws(() => puny.display(1), TypeError);
    assert.throws(() => ix.find(1), TypeError);
  } finally {
    ix.dispose();
  }
  assert.throws(() => ix.size, /disposed/);
});
