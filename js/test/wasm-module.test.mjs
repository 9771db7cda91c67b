// The module itself, below the JS API: js/dist/puny.wasm (npm run build)
// against its ABI, js/wasm/ABI.md.  It must instantiate with no imports,
// and its exports must do what the ABI says on a few known names.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

const wasmUrl = new URL('../dist/puny.wasm', import.meta.url);
// The module is built, not committed: without it the test is skipped,
// except in CI (CI=true), where a missing module is a failure.
const missing = !existsSync(wasmUrl);
if (missing && process.env.CI === 'true') throw new Error(`${wasmUrl.pathname} is missing: run npm run build`);
const skip = missing ? 'js/dist/puny.wasm is not built (npm run build)' : false;

const PUNY_OK = 0;
const PUNY_OUTPUT_TOO_SMALL = 9;
const PUNY_IDNA_ERRORS = 64;
const PUNY_INVALID_ARGUMENT = 65;
const NO_LABEL = 0xffffffff;
const V7 = 19;
const RESULT_SIZE = 24;

function instantiate() {
  const module = new WebAssembly.Module(readFileSync(wasmUrl));
  const instance = new WebAssembly.Instance(module, {});
  instance.exports._initialize();
  return { module, x: instance.exports };
}

// Writes a JS string's UTF-16 code units, lone surrogates included.
function putUtf16(x, s) {
  const p = x.pj_alloc(Math.max(2 * s.length, 2));
  assert.notEqual(p, 0);
  const u16 = new Uint16Array(x.memory.buffer, p, s.length);
  for (let i = 0; i < s.length; i++) u16[i] = s.charCodeAt(i);
  return p;
}

function cString(x, p) {
  const u8 = new Uint8Array(x.memory.buffer);
  let end = p;
  while (u8[end] !== 0) end++;
  return String.fromCharCode(...u8.subarray(p, end));
}

function result(x, p) {
  const u32 = new Uint32Array(x.memory.buffer, p, 6);
  return { status: u32[0] | 0, errors: u32[1], written: u32[2], needed: u32[3], position: u32[4], label: u32[5] };
}

function toASCII(x, s, opts) {
  const input = putUtf16(x, s);
  const cap = 4 * s.length + 64;
  const out = x.pj_alloc(cap);
  const res = x.pj_alloc(RESULT_SIZE);
  const status = x.pj_to_ascii16(input, s.length, opts, out, cap, res);
  const r = result(x, res);
  const value = String.fromCharCode(...new Uint8Array(x.memory.buffer, out, r.written));
  for (const p of [input, out, res]) x.pj_free(p);
  return { status, value, ...r };
}

function toUnicode(x, s, opts) {
  const input = putUtf16(x, s);
  const cap = 18 * s.length + 16;
  const out = x.pj_alloc(2 * cap);
  const res = x.pj_alloc(RESULT_SIZE);
  const status = x.pj_to_unicode16(input, s.length, opts, out, cap, res);
  const r = result(x, res);
  const value = String.fromCharCode(...new Uint16Array(x.memory.buffer, out, r.written));
  for (const p of [input, out, res]) x.pj_free(p);
  return { status, value, ...r };
}

test('puny.wasm imports nothing and exports the ABI', { skip }, () => {
  const { module, x } = instantiate();
  assert.deepEqual(WebAssembly.Module.imports(module), []);
  for (const name of ['memory', '_initialize', 'pj_alloc', 'pj_free', 'pj_layout', 'pj_to_ascii16',
    'pj_to_unicode16', 'pj_to_ascii16_batch', 'pj_to_unicode16_batch', 'pj_check16', 'pj_script',
    'pj_script_extensions', 'puny_encode_utf32', 'puny_decode_utf32', 'puny_display',
    'puny_lookalike_index_new', 'puny_lookalike_index_free', 'puny_lookalike_index_add',
    'puny_lookalike_index_add_list', 'puny_lookalike_index_size', 'puny_lookalike_index_domain',
    'puny_lookalike_index_find', 'puny_lookalike_index_find_without_separators', 'puny_display_policy_name',
    'puny_display_reason_name', 'puny_display_reason_message', 'puny_idna_code_name', 'puny_idna_code_message',
    'puny_status_name', 'puny_status_message', 'puny_profile_options', 'puny_version', 'puny_unicode_version',
    'puny_restriction_level', 'puny_level_name', 'puny_skeleton', 'puny_confusable']) {
    assert.ok(name in x, `export ${name}`);
  }
  // IDNA2003 and IDNA2008 are left out of the JS module (size).
  assert.ok(!('puny_idna2008_to_ascii' in x));
  assert.equal(cString(x, x.puny_unicode_version()), '17.0.0');
});

test('pj_layout gives the sizes of ABI.md', { skip }, () => {
  const { x } = instantiate();
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => x.pj_layout(i)), [1, 24, 24, 16, 36, 32, 32, 4, 0x7ff]);
  assert.equal(x.pj_layout(1000), 0);
});

test('pj_to_ascii16 and pj_to_unicode16 on known names', { skip }, () => {
  const { x } = instantiate();
  const uts46 = x.puny_profile_options(0);
  let r = toASCII(x, 'Bücher.DE', uts46);
  assert.equal(r.status, PUNY_OK);
  assert.equal(r.value, 'xn--bcher-kva.de');
  assert.equal(r.label, NO_LABEL);
  r = toUnicode(x, 'xn--bcher-kva.DE', uts46);
  assert.equal(r.status, PUNY_OK);
  assert.equal(r.value, 'bücher.de');
  // A supplementary character stays a surrogate pair through UTF-16.
  r = toUnicode(x, 'xn--ls8h.la', uts46);
  assert.equal(r.value, '\u{1F4A9}.la');
  assert.equal(toASCII(x, '\u{1F4A9}.la', uts46).value, 'xn--ls8h.la');
  // Unknown option bits are refused.
  assert.equal(toASCII(x, 'a.b', 1 << 20).status, PUNY_INVALID_ARGUMENT);
});

test('a lone surrogate is V7, never a silent U+FFFD', { skip }, () => {
  const { x } = instantiate();
  const uts46 = x.puny_profile_options(0);
  for (const s of ['a\uD800b.com', 'a\uDC00.com', 'x.\uDBFF']) {
    const a = toASCII(x, s, uts46);
    assert.equal(a.status, PUNY_IDNA_ERRORS, s);
    assert.ok(a.errors & (1 << V7), `V7 for ${JSON.stringify(s)}`);
    assert.equal(a.written, 0);
    // ToUnicode keeps the label as it was, the surrogate unchanged.
    const u = toUnicode(x, s, uts46);
    assert.equal(u.status, PUNY_IDNA_ERRORS);
    assert.ok(u.errors & (1 << V7));
    assert.equal(u.value, s.toLowerCase());
  }
  assert.equal(toASCII(x, 'a\uD800b.com', uts46).label, 0);
  assert.equal(toASCII(x, 'x.\uDBFF', uts46).label, 1);
});

test('pj_to_ascii16 reports the room needed', { skip }, () => {
  const { x } = instantiate();
  const s = 'bücher.de';
  const input = putUtf16(x, s);
  const out = x.pj_alloc(4);
  const res = x.pj_alloc(RESULT_SIZE);
  assert.equal(x.pj_to_ascii16(input, s.length, 0, out, 4, res), PUNY_OUTPUT_TOO_SMALL);
  assert.equal(result(x, res).needed >= 'xn--bcher-kva.de'.length, true);
});

// Packs names as the batch ABI takes them: one UTF-16 buffer and n + 1 offsets.
function packBatch(x, names) {
  const joined = names.join('');
  const input = putUtf16(x, joined);
  const offsets = x.pj_alloc(4 * (names.length + 1));
  const o = new Uint32Array(x.memory.buffer, offsets, names.length + 1);
  let at = 0;
  names.forEach((n, i) => {
    o[i] = at;
    at += n.length;
  });
  o[names.length] = at;
  const items = x.pj_alloc(24 * names.length);
  return { input, offsets, items };
}

function item(x, items, i) {
  const u32 = new Uint32Array(x.memory.buffer, items + 24 * i, 6);
  return { status: u32[0] | 0, errors: u32[1], off: u32[2], len: u32[3], label: u32[4], position: u32[5] };
}

test('pj_to_ascii16_batch: a batch of 3 with one failure, in one call', { skip }, () => {
  const { x } = instantiate();
  const uts46 = x.puny_profile_options(0);
  const names = ['Bücher.DE', 'a\uD800.com', 'example.COM'];
  const { input, offsets, items } = packBatch(x, names);
  const cap = 256;
  const out = x.pj_alloc(cap);
  assert.equal(x.pj_to_ascii16_batch(input, offsets, 3, 0, uts46, out, cap, items), 3);
  const bytes = new Uint8Array(x.memory.buffer, out, cap);
  const text = (it) => String.fromCharCode(...bytes.subarray(it.off, it.off + it.len));
  const [a, b, c] = [0, 1, 2].map((i) => item(x, items, i));
  assert.equal(a.status, PUNY_OK);
  assert.equal(text(a), 'xn--bcher-kva.de');
  assert.equal(b.status, PUNY_IDNA_ERRORS);
  assert.ok(b.errors & (1 << V7));
  assert.equal(b.len, 0);
  assert.equal(b.label, 0);
  assert.equal(c.status, PUNY_OK);
  assert.equal(text(c), 'example.com');
  assert.equal(c.off, a.off + a.len);
});

test('pj_to_ascii16_batch resumes where the output was full', { skip }, () => {
  const { x } = instantiate();
  const names = ['bücher.de', 'münchen.de', 'zürich.ch', 'köln.de'];
  const { input, offsets, items } = packBatch(x, names);
  const expected = ['xn--bcher-kva.de', 'xn--mnchen-3ya.de', 'xn--zrich-kva.ch', 'xn--kln-sna.de'];
  let cap = 8;
  let out = x.pj_alloc(cap);
  const got = [];
  let start = 0;
  let calls = 0;
  while (start < names.length) {
    const next = x.pj_to_ascii16_batch(input, offsets, names.length, start, 0, out, cap, items);
    calls++;
    if (next === start) {
      const need = item(x, items, start);
      assert.equal(need.status, PUNY_OUTPUT_TOO_SMALL);
      assert.ok(need.len > cap);
      x.pj_free(out);
      cap = need.len;
      out = x.pj_alloc(cap);
      continue;
    }
    for (let i = start; i < next; i++) {
      const it = item(x, items, i);
      got.push(String.fromCharCode(...new Uint8Array(x.memory.buffer, out + it.off, it.len)));
    }
    start = next;
  }
  assert.deepEqual(got, expected);
  assert.ok(calls > names.length, 'the small buffer made it resume');
});

test('pj_to_unicode16_batch writes UTF-16 and keeps failed names', { skip }, () => {
  const { x } = instantiate();
  const names = ['xn--bcher-kva.de', 'xn--ab!.com', '', 'xn--ls8h.la'];
  const { input, offsets, items } = packBatch(x, names);
  const cap = 18 * names.join('').length;
  const out = x.pj_alloc(2 * cap);
  assert.equal(x.pj_to_unicode16_batch(input, offsets, names.length, 0, x.puny_profile_options(0), out, cap, items),
    names.length);
  const units = new Uint16Array(x.memory.buffer, out, cap);
  const got = [0, 1, 2, 3].map((i) => {
    const it = item(x, items, i);
    return [it.status, String.fromCharCode(...units.subarray(it.off, it.off + it.len))];
  });
  assert.deepEqual(got[0], [PUNY_OK, 'bücher.de']);
  // UTS #46 §4.3: ToUnicode always has a result; a label that is not
  // Punycode (P4) stays as it was.
  assert.equal(got[1][0], PUNY_IDNA_ERRORS);
  assert.equal(got[1][1], 'xn--ab!.com');
  assert.equal(item(x, items, 1).label, 0);
  assert.equal(got[2][1], '');
  assert.equal(got[3][1], '\u{1F4A9}.la');
});

test('pj_check16: explain() as JSON, lone surrogates kept', { skip }, () => {
  const { x } = instantiate();
  const uts46 = x.puny_profile_options(0);
  const check = (s, opts = uts46) => {
    const input = putUtf16(x, s);
    const p = x.pj_check16(input, s.length, opts);
    assert.notEqual(p, 0);
    const json = cString(x, p);
    x.pj_free(p);
    x.pj_free(input);
    assert.match(json, /^[\x20-\x7e]*$/, 'pure ASCII');
    return JSON.parse(json);
  };
  let e = check('Bücher.DE');
  assert.equal(e.status, 'success');
  assert.equal(e.ok, true);
  assert.equal(e.ascii, 'xn--bcher-kva.de');
  assert.equal(e.unicode, 'bücher.de');
  assert.deepEqual(e.errors, []);
  assert.equal(e.label, null);
  assert.deepEqual(e.labels.map((l) => [l.input, l.unicode, l.ascii]),
    [['Bücher', 'bücher', 'xn--bcher-kva'], ['DE', 'de', 'de']]);

  e = check('a\u200Cb.example');
  assert.equal(e.ok, false);
  assert.deepEqual(e.errors, ['C1']);
  assert.equal(e.label, 0);
  const v = e.labels[0].violations[0];
  assert.equal(v.code, 'C1');
  assert.equal(v.position, 2);
  assert.equal(v.codePoint, 0x200c);
  assert.ok(v.detail.length > 0);

  e = check('a\uD800.com');
  assert.ok(e.errors.includes('V7'));
  assert.equal(e.labels[0].input, 'a\uD800');
  assert.equal(e.labels[0].violations.find((w) => w.code === 'V7').codePoint, 0xd800);

  assert.deepEqual(check('a.b', 1 << 20), { status: 'invalid_argument' });
});

test('pj_script and pj_script_extensions', { skip }, () => {
  const { x } = instantiate();
  assert.equal(cString(x, x.pj_script(0x61)), 'Latn');
  assert.equal(cString(x, x.pj_script(0x430)), 'Cyrl');
  assert.equal(cString(x, x.pj_script(0x30)), 'Zyyy');
  assert.equal(cString(x, x.pj_script(0x110000)), 'Zzzz');
  assert.equal(cString(x, x.pj_script_extensions(0x61)), 'Latn');
  assert.ok(cString(x, x.pj_script_extensions(0x660)).split(' ').includes('Arab'));
});

test('Punycode over code points (puny_encode_utf32 / puny_decode_utf32)', { skip }, () => {
  const { x } = instantiate();
  const cps = [...'bücher'].map((c) => c.codePointAt(0));
  const input = x.pj_alloc(4 * cps.length);
  new Uint32Array(x.memory.buffer, input, cps.length).set(cps);
  const out = x.pj_alloc(64);
  const res = x.pj_alloc(RESULT_SIZE);
  assert.equal(x.puny_encode_utf32(input, cps.length, out, 64, res), PUNY_OK);
  const r = result(x, res);
  assert.equal(String.fromCharCode(...new Uint8Array(x.memory.buffer, out, r.written)), 'bcher-kva');
  const back = x.pj_alloc(4 * 64);
  assert.equal(x.puny_decode_utf32(out, r.written, back, 64, res), PUNY_OK);
  assert.deepEqual([...new Uint32Array(x.memory.buffer, back, result(x, res).written)], cps);
});

test('a 16 MB string ends in a status, not a crash', { skip }, () => {
  const { x } = instantiate();
  const s = 'a'.repeat(16 << 20);
  const r = toASCII(x, s, x.puny_profile_options(0));
  assert.notEqual(r.status, PUNY_OK);
  assert.equal(r.written, 0);
});
