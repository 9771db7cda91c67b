// puny-idna core: the WebAssembly instance, its memory views, and the JS API.
//
// This file imports nothing and touches no host API (no fs, no fetch): the
// entry points (index.mjs for ES modules, dist/index.cjs for CommonJS) compile
// puny.wasm and hand the WebAssembly.Module to init() / initAsync().  Every
// export is declared inline (`export function`, `export class`, `export const`)
// so that the build can derive the CommonJS form by stripping `export `.
//
// The ABI is js/wasm/ABI.md (version 1).  Strings cross as UTF-16 code units
// (charCodeAt), never through TextEncoder: a lone surrogate reaches the library
// as the code point it names (UTS #46 V7) and is never replaced by U+FFFD.

const ABI_VERSION = 1;
const NO_LABEL = 0xffffffff;
const RESULT_SIZE = 24; // puny_result and pj_item

// puny_status values used here (include/puny/puny.h).
const ST_OK = 0;
const ST_OUTPUT_TOO_SMALL = 9;
const ST_OUT_OF_MEMORY = 10;
const ST_IDNA_ERRORS = 64;

const STATUS_CODES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 64, 65];
const PROFILES = new Map([['uts46', 0], ['whatwg', 1], ['transitional', 2], ['display', 3]]);

// Option names (tr46's, then the URL Standard's and puny's own) → PUNY_OPT_ bits.
const OPTION_BITS = new Map([
  ['useSTD3ASCIIRules', 1 << 0],
  ['checkHyphens', 1 << 1],
  ['checkBidi', 1 << 2],
  ['checkJoiners', 1 << 3],
  ['transitionalProcessing', 1 << 4],
  ['verifyDNSLength', 1 << 5],
  ['ignoreInvalidPunycode', 1 << 6],
  ['forbidDomainCodePoints', 1 << 7],
  ['rejectEmpty', 1 << 8],
  ['asciiInputLowercaseOnly', 1 << 9],
  ['displayFallback', 1 << 10],
]);

const OPT_FORBID_DOMAIN_CODE_POINTS = 1 << 7;
const OPT_REJECT_EMPTY = 1 << 8;
const OPT_ASCII_INPUT_LOWERCASE_ONLY = 1 << 9;

// Node's Buffer, when the host has it: a Buffer over the module's memory
// decodes bytes and UTF-16 units natively (latin1Slice, ucs2Slice; both keep
// every unit as it is, lone surrogates included), faster than
// String.fromCharCode.apply over a subarray.  Browsers take the loops.
const NodeBuffer = typeof globalThis.Buffer === 'function' &&
  typeof globalThis.Buffer.prototype.latin1Slice === 'function' &&
  typeof globalThis.Buffer.prototype.ucs2Slice === 'function' ? globalThis.Buffer : null;
let useNodeBuffer = NodeBuffer !== null;

// ---------------------------------------------------------------------------
// The instance and its views.

let wasmModule = null; // the compiled module, kept to re-instantiate after a trap
let ex = null; // the instance's exports; null before init or while re-creating
let mem = null;
let u8 = null;
let u16 = null;
let u32 = null;
let i32 = null;
let nb = null; // a Buffer over the memory, or null (see NodeBuffer)
let pendingInstance = null; // a Promise while an async re-instantiation runs
let batchCrossings = 0; // calls of the batch exports, for tests

// Scratch buffers, reused across calls (pointers into the linear memory).
let resPtr = 0;
let inPtr = 0;
let inCap = 0; // bytes
let outPtr = 0;
let outCap = 0; // bytes

// Tables read from the module once per instance.
let idnaCodeNames = [];
let statusNames = new Map();
let statusMessages = new Map();
let profileBits = [0, 0, 0, 0];
let knownOptionMask = 0x7ff;
let versionString = '';
let unicodeVersionString = '';

function refreshViews() {
  const b = mem.buffer;
  u8 = new Uint8Array(b);
  u16 = new Uint16Array(b);
  u32 = new Uint32Array(b);
  i32 = new Int32Array(b);
  nb = useNodeBuffer ? NodeBuffer.from(b) : null;
}

function views() {
  if (u8.buffer !== mem.buffer) refreshViews();
}

function cString(ptr) {
  if (ptr === 0) return null;
  views();
  let end = ptr;
  while (u8[end] !== 0) end++;
  return asciiString(ptr, end - ptr);
}

// Decodes long ASCII output at once (latin1 is a byte-per-char decoding; the
// output is ASCII, where it equals windows-1252).  Never used for UTF-16.
const latin1 = typeof TextDecoder === 'function' ? new TextDecoder('latin1') : null;

// Bytes [ptr, ptr + n) as a string, one char per byte (ASCII output).
function asciiString(ptr, n) {
  if (nb !== null) return nb.latin1Slice(ptr, ptr + n);
  if (n <= 256) return String.fromCharCode.apply(null, u8.subarray(ptr, ptr + n));
  if (latin1 !== null) return latin1.decode(u8.subarray(ptr, ptr + n));
  let s = '';
  for (let i = 0; i < n; i += 8192) {
    s += String.fromCharCode.apply(null, u8.subarray(ptr + i, ptr + Math.min(n, i + 8192)));
  }
  return s;
}

// UTF-16 units [ptr, ptr + 2n) as a string (ptr even).
function utf16String(ptr, n) {
  if (nb !== null) return nb.ucs2Slice(ptr, ptr + 2 * n);
  const p = ptr >>> 1;
  if (n <= 8192) return String.fromCharCode.apply(null, u16.subarray(p, p + n));
  let s = '';
  for (let i = 0; i < n; i += 8192) {
    s += String.fromCharCode.apply(null, u16.subarray(p + i, p + Math.min(n, i + 8192)));
  }
  return s;
}

function setup(instance) {
  generation++;
  ex = instance.exports;
  mem = ex.memory;
  refreshViews();
  ex._initialize();
  for (let i = 0; i <= 7; i++) {
    const want = [ABI_VERSION, 24, 24, 16, 36, 32, 32, 4][i];
    const got = ex.pj_layout(i);
    if (got !== want) {
      ex = null;
      throw new Error(`puny: puny.wasm does not match this JavaScript (pj_layout(${i}) is ${got}, expected ${want})`);
    }
  }
  knownOptionMask = ex.pj_layout(8) >>> 0;
  resPtr = ex.pj_alloc(RESULT_SIZE);
  inPtr = inCap = outPtr = outCap = 0;
  if (resPtr === 0) throw new Error('puny: out of WebAssembly memory at start');
  idnaCodeNames = [];
  for (let c = 0; c < 32; c++) {
    const p = ex.puny_idna_code_name(c);
    if (p === 0) break;
    idnaCodeNames.push(cString(p));
  }
  statusNames = new Map();
  statusMessages = new Map();
  for (const s of STATUS_CODES) {
    statusNames.set(s, cString(ex.puny_status_name(s)));
    statusMessages.set(s, cString(ex.puny_status_message(s)));
  }
  for (let p = 0; p < 4; p++) profileBits[p] = ex.puny_profile_options(p) >>> 0;
  versionString = cString(ex.puny_version());
  unicodeVersionString = cString(ex.puny_unicode_version());
}

/** Instantiates `module` (a WebAssembly.Module of puny.wasm) synchronously. */
export function init(module) {
  if (!(module instanceof WebAssembly.Module)) throw new TypeError('puny: init() takes a WebAssembly.Module');
  wasmModule = module;
  setup(new WebAssembly.Instance(module, {}));
}

/** Instantiates `module` asynchronously (browsers refuse to do it synchronously for large modules). */
export async function initAsync(module) {
  if (!(module instanceof WebAssembly.Module)) throw new TypeError('puny: initAsync() takes a WebAssembly.Module');
  wasmModule = module;
  setup(await WebAssembly.instantiate(module, {}));
}

// A trapped instance is never used again: drop it and start a fresh one (fresh
// memory).  Synchronous where the host allows it; otherwise asynchronously, and
// calls made meanwhile throw.
function discardInstance() {
  ex = null;
  try {
    setup(new WebAssembly.Instance(wasmModule, {}));
  } catch {
    ex = null;
    pendingInstance = WebAssembly.instantiate(wasmModule, {}).then(
      (inst) => { pendingInstance = null; setup(inst); },
      () => { pendingInstance = null; },
    );
  }
}

function ready() {
  if (ex !== null) return ex;
  if (pendingInstance !== null) throw new Error('puny: the WebAssembly instance is being re-created after a trap; try again');
  throw new Error('puny: the WebAssembly module is not initialized');
}

// A trap becomes Error("puny: WebAssembly trapped: ..."), and the instance is replaced.
function trapped(e) {
  if (e instanceof WebAssembly.RuntimeError) {
    discardInstance();
    return new Error(`puny: WebAssembly trapped: ${e.message}`, { cause: e });
  }
  return e;
}

// Runs fn() (after making sure there is an instance) and turns a trap into an Error.
function guarded(fn) {
  ready();
  try {
    return fn();
  } catch (e) {
    throw trapped(e);
  }
}

// Makes the input (output) scratch hold `bytes`; false when memory is short.
function ensureIn(bytes) {
  if (bytes <= inCap && inPtr !== 0) return true;
  [inPtr, inCap] = regrow(inPtr, inCap, bytes, 256);
  return inPtr !== 0;
}

function ensureOut(bytes) {
  if (bytes <= outCap && outPtr !== 0) return true;
  [outPtr, outCap] = regrow(outPtr, outCap, bytes, 512);
  return outPtr !== 0;
}

// A scratch buffer replaced by one of at least `bytes`: the capacity doubled
// from `cap` (or `minimum`) until it fits, or exactly `bytes` when that much
// cannot be had.  [pointer, capacity], or [0, 0] when memory is short.
function regrow(ptr, cap, bytes, minimum) {
  let want = Math.max(minimum, cap);
  while (want < bytes) want *= 2;
  if (ptr !== 0) ex.pj_free(ptr);
  let p = ex.pj_alloc(want);
  if (p === 0) {
    p = ex.pj_alloc(bytes);
    if (p === 0) return [0, 0];
    want = bytes;
  }
  views();
  return [p, want];
}

// Writes the UTF-16 units of s at byte address p (even).
function writeUtf16(s, p) {
  const base = p >>> 1;
  const n = s.length;
  for (let i = 0; i < n; i++) u16[base + i] = s.charCodeAt(i);
}

// ---------------------------------------------------------------------------
// Argument checks and options.

function checkString(s, what) {
  if (typeof s !== 'string') {
    throw new TypeError(`puny: ${what} must be a string, not ${describe(s)}`);
  }
}

function describe(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/**
 * The PUNY_OPT_ bits for an options object: the profile's bits (default
 * 'uts46'), then each named flag that is given (true or false) overrides.
 */
export function optionBits(opts) {
  if (opts === undefined || opts === null) {
    ready();
    return profileBits[0];
  }
  if (typeof opts !== 'object') throw new TypeError(`puny: options must be an object, not ${describe(opts)}`);
  ready();
  let bits;
  const profile = opts.profile;
  if (profile === undefined) bits = profileBits[0];
  else {
    if (typeof profile !== 'string') throw new TypeError('puny: options.profile must be a string');
    const p = PROFILES.get(profile);
    if (p === undefined) {
      throw new RangeError(`puny: unknown profile "${profile}" (uts46, whatwg, transitional or display)`);
    }
    bits = profileBits[p];
  }
  // Only the keys present are looked at (a literal {profile: 'whatwg'} costs one).
  for (const k in opts) {
    const b = OPTION_BITS.get(k);
    if (b === undefined) continue;
    const v = opts[k];
    if (v === undefined) continue;
    bits = v ? bits | b : bits & ~b;
  }
  return bits >>> 0;
}

function errorNames(bits) {
  const out = [];
  for (let c = 0; bits !== 0 && c < 32; c++, bits >>>= 1) {
    if (bits & 1) out.push(idnaCodeNames[c] ?? `code${c}`);
  }
  return out;
}

/** The IdnaTestV2 names of the codes in a puny_result.errors bit set. */
export function codeNames(bits) {
  ready();
  return errorNames(bits >>> 0);
}

/** puny_status_name(status): "success", "invalid_digit", "idna_errors", ... */
export function statusName(status) {
  ready();
  return statusNames.get(status) ?? 'unknown';
}

/** puny_status_message(status). */
export function statusMessage(status) {
  ready();
  return statusMessages.get(status) ?? 'unknown status';
}

/** The library's version ("0.1.0"). */
export function version() {
  ready();
  return versionString;
}

/** The Unicode version of the library's tables ("17.0.0"). */
export function unicodeVersion() {
  ready();
  return unicodeVersionString;
}

// ---------------------------------------------------------------------------
// ToASCII and ToUnicode, one name per crossing.

// The URL Standard's shortcut for an all-ASCII input (options
// asciiInputLowercaseOnly, set by the whatwg profile), done in JS because it
// needs no table: the library's to_ascii (src/idna/to_ascii.cpp,
// lowercase_only) lowercases such an input and, when asked, records W1 for a
// forbidden domain code point and W2 for an empty result, nothing else.  So
// for an ASCII name the answer is here without crossing into WebAssembly:
// the lowercased name, or null on W1/W2 (false: not ASCII, ask the module).
// test/fast-path.test.mjs holds it equal to the module on random input.
function whatwgAscii(s, bits) {
  const n = s.length;
  if (n === 0) return (bits & OPT_REJECT_EMPTY) !== 0 ? null : '';
  let upper = false;
  if ((bits & OPT_FORBID_DOMAIN_CODE_POINTS) !== 0) {
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) return false;
      if (FORBIDDEN_ASCII[c] !== 0) return null;
      upper ||= c >= 0x41 && c <= 0x5a;
    }
  } else {
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) return false;
      upper ||= c >= 0x41 && c <= 0x5a;
    }
  }
  // On an ASCII string toLowerCase changes A-Z only (no locale applies).
  return upper ? s.toLowerCase() : s;
}

// The URL Standard's forbidden domain code points within ASCII: U+0000-U+001F,
// space, # % / : < > ? @ [ \ ] ^ | and U+007F.
const FORBIDDEN_ASCII = (() => {
  const t = new Uint8Array(128);
  for (let c = 0; c < 0x21; c++) t[c] = 1;
  for (const ch of '#%/:<>?@[\\]^|') t[ch.charCodeAt(0)] = 1;
  t[0x7f] = 1;
  return t;
})();

// Runs ToASCII; leaves puny_result at resPtr and returns the status, or
// ST_OUT_OF_MEMORY when the input could not be copied in.
function runToASCII(s, bits) {
  const n = s.length;
  if (!ensureIn(2 * n)) return ST_OUT_OF_MEMORY;
  writeUtf16(s, inPtr);
  if (outPtr === 0 && !ensureOut(512)) return ST_OUT_OF_MEMORY;
  let st = ex.pj_to_ascii16(inPtr, n, bits, outPtr, outCap, resPtr);
  if (st === ST_OUTPUT_TOO_SMALL) {
    views();
    const needed = u32[(resPtr >>> 2) + 3];
    if (!ensureOut(needed)) return ST_OUT_OF_MEMORY;
    st = ex.pj_to_ascii16(inPtr, n, bits, outPtr, outCap, resPtr);
  }
  views();
  return st;
}

function runToUnicode(s, bits) {
  const n = s.length;
  if (!ensureIn(2 * n)) return ST_OUT_OF_MEMORY;
  writeUtf16(s, inPtr);
  const want = 2 * n + 64;
  if ((outPtr === 0 || outCap < want) && !ensureOut(Math.min(want, 2 * 1024 * 1024))) return ST_OUT_OF_MEMORY;
  let st = ex.pj_to_unicode16(inPtr, n, bits, outPtr, outCap >>> 1, resPtr);
  if (st === ST_OUTPUT_TOO_SMALL) {
    views();
    const needed = u32[(resPtr >>> 2) + 3];
    if (!ensureOut(2 * needed)) return ST_OUT_OF_MEMORY;
    st = ex.pj_to_unicode16(inPtr, n, bits, outPtr, outCap >>> 1, resPtr);
  }
  views();
  return st;
}

function resultObject(st, value) {
  const r = resPtr >>> 2;
  const fromModule = st !== ST_OUT_OF_MEMORY || i32[r] === ST_OUT_OF_MEMORY;
  const errors = fromModule ? u32[r + 1] : 0;
  const label = fromModule ? u32[r + 5] : NO_LABEL;
  return {
    value,
    ok: st === ST_OK,
    status: statusNames.get(st) ?? 'unknown',
    errors: errorNames(errors),
    label: label === NO_LABEL ? null : label,
    position: fromModule ? u32[r + 4] : 0,
  };
}

/**
 * UTS #46 ToASCII.  Returns the ASCII name, or null when the name breaks a
 * rule (or is too large for the module's memory), as tr46.toASCII does.
 */
export function toASCII(s, opts) {
  if (typeof s !== 'string') checkString(s, 'toASCII: the domain name');
  const bits = optionBits(opts);
  if ((bits & OPT_ASCII_INPUT_LOWERCASE_ONLY) !== 0) {
    const r = whatwgAscii(s, bits);
    if (r !== false) return r;
  }
  try {
    const st = runToASCII(s, bits);
    if (st !== ST_OK) return null;
    return asciiString(outPtr, u32[(resPtr >>> 2) + 2]);
  } catch (e) {
    throw trapped(e);
  }
}

/** ToASCII with the reasons: {value, ok, status, errors, label, position}. */
export function toASCIIResult(s, opts) {
  checkString(s, 'toASCIIResult: the domain name');
  const bits = optionBits(opts);
  return guarded(() => {
    const st = runToASCII(s, bits);
    const value = st === ST_OK ? asciiString(outPtr, u32[(resPtr >>> 2) + 2]) : null;
    return resultObject(st, value);
  });
}

/**
 * UTS #46 ToUnicode: always a string (labels that fail are kept as they
 * were).  Throws only when the input is too large for the module's memory.
 */
export function toUnicode(s, opts) {
  if (typeof s !== 'string') checkString(s, 'toUnicode: the domain name');
  const bits = optionBits(opts);
  let st;
  try {
    st = runToUnicode(s, bits);
    if (st === ST_OK || st === ST_IDNA_ERRORS) return utf16String(outPtr, u32[(resPtr >>> 2) + 2]);
  } catch (e) {
    throw trapped(e);
  }
  throw statusError('toUnicode', st);
}

/** ToUnicode with the reasons: {value, ok, status, errors, label, position}. */
export function toUnicodeResult(s, opts) {
  checkString(s, 'toUnicodeResult: the domain name');
  const bits = optionBits(opts);
  return guarded(() => {
    const st = runToUnicode(s, bits);
    const value = st === ST_OK || st === ST_IDNA_ERRORS ? utf16String(outPtr, u32[(resPtr >>> 2) + 2]) : null;
    return resultObject(st, value);
  });
}

function statusError(fn, st, position) {
  const name = statusNames.get(st) ?? 'unknown';
  const msg = statusMessages.get(st) ?? 'unknown status';
  const at = position === undefined ? '' : ` at position ${position}`;
  const E = st === ST_OUT_OF_MEMORY ? Error : RangeError;
  const e = new E(`puny: ${fn}: ${name}: ${msg}${at}`);
  e.status = name;
  if (position !== undefined) e.position = position;
  return e;
}

// ---------------------------------------------------------------------------
// Bare Punycode (RFC 3492).

/**
 * Punycode encoding of a string's code points (no "xn--", no case mapping).
 * Throws a RangeError naming the status (e.g. "invalid_code_point" for a lone
 * surrogate).
 */
export function encode(s) {
  checkString(s, 'encode: the input');
  return guarded(() => {
    // Code points: pairs combined, lone surrogates kept as their value.
    const n = s.length;
    if (!ensureIn(4 * n)) throw statusError('encode', ST_OUT_OF_MEMORY);
    let k = inPtr >>> 2;
    for (let i = 0; i < n; i++) {
      let c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
        }
      }
      u32[k++] = c;
    }
    const count = k - (inPtr >>> 2);
    if (!ensureOut(Math.max(64, 2 * count + 16))) throw statusError('encode', ST_OUT_OF_MEMORY);
    let st = ex.puny_encode_utf32(inPtr, count, outPtr, outCap, resPtr);
    views();
    if (st === ST_OUTPUT_TOO_SMALL) {
      if (!ensureOut(u32[(resPtr >>> 2) + 3])) throw statusError('encode', ST_OUT_OF_MEMORY);
      st = ex.puny_encode_utf32(inPtr, count, outPtr, outCap, resPtr);
      views();
    }
    if (st !== ST_OK) throw statusError('encode', st, u32[(resPtr >>> 2) + 4]);
    return asciiString(outPtr, u32[(resPtr >>> 2) + 2]);
  });
}

/**
 * Decodes a Punycode string (no "xn--") to a string.  Throws a RangeError
 * naming the status ("invalid_digit", "overflow", ...); non-ASCII input is an
 * error (non_basic_literal before the last "-", invalid_digit after it), and
 * `position` counts UTF-16 units.
 */
export function decode(s) {
  checkString(s, 'decode: the input');
  return guarded(() => {
    const n = s.length;
    if (!ensureIn(n + 1)) throw statusError('decode', ST_OUT_OF_MEMORY);
    views();
    // One byte per unit, so that positions are unit indexes; any non-ASCII unit
    // becomes 0xFF, a byte that is neither a basic code point nor a digit.
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      u8[inPtr + i] = c < 0x80 ? c : 0xff;
    }
    if (!ensureOut(4 * n + 4)) throw statusError('decode', ST_OUT_OF_MEMORY);
    const st = ex.puny_decode_utf32(inPtr, n, outPtr, outCap >>> 2, resPtr);
    views();
    if (st !== ST_OK) throw statusError('decode', st, u32[(resPtr >>> 2) + 4]);
    const count = u32[(resPtr >>> 2) + 2];
    const base = outPtr >>> 2;
    let out = '';
    for (let i = 0; i < count; i += 4096) {
      out += String.fromCodePoint.apply(null, u32.subarray(base + i, base + Math.min(count, i + 4096)));
    }
    return out;
  });
}

// ---------------------------------------------------------------------------
// check(): explain() as data.

/** The ISO 15924 short name of a code point's Script ("Latn", "Zyyy", ...). */
export function script(cp) {
  if (typeof cp !== 'number') throw new TypeError('puny: script() takes a code point number');
  return guarded(() => cString(ex.pj_script(cp >>> 0)));
}

/** The short names of a code point's Script_Extensions (["Arab", "Syrc"]). */
export function scriptExtensions(cp) {
  if (typeof cp !== 'number') throw new TypeError('puny: scriptExtensions() takes a code point number');
  return guarded(() => cString(ex.pj_script_extensions(cp >>> 0)).split(' ').filter(Boolean));
}

function hex(cp) {
  return 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
}

function codePointsOf(s) {
  const out = [];
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      }
    }
    out.push({ cp: c, hex: hex(c), script: cString(ex.pj_script(c)) });
  }
  return out;
}

function violation(v) {
  return { ...v, hex: v.position !== 0 ? hex(v.codePoint) : null, message: v.detail };
}

/**
 * Why a name is or is not valid: ToASCII's verdict and every rule broken,
 * located, in the words of `puny check`.  Returns {status, ok, ascii, unicode,
 * errors, unicodeErrors, label, labels, domainViolations, bidiDomain}; each
 * label has input, unicode, ascii, decoded, errors, violations ({code, label,
 * position, codePoint, hex, occurrences, detail, message}), unlisted, and
 * codePoints ({cp, hex, script}) of its unicode form.
 */
export function check(s, opts) {
  checkString(s, 'check: the domain name');
  const bits = optionBits(opts);
  if (s.length > CHECK_EXPLAIN_MAX) return checkUnexplained(s, bits);
  return guarded(() => {
    const n = s.length;
    let json = null;
    if (ensureIn(2 * n)) {
      writeUtf16(s, inPtr);
      const p = ex.pj_check16(inPtr, n, bits);
      if (p !== 0) {
        json = cString(p);
        ex.pj_free(p);
      }
    }
    if (json === null) {
      return { status: 'out_of_memory', ok: false, ascii: '', unicode: '', errors: [], unicodeErrors: [],
        label: null, labels: [], domainViolations: [], bidiDomain: null, explained: false };
    }
    const r = JSON.parse(json);
    if (!Array.isArray(r.labels)) return r;
    for (const l of r.labels) {
      l.codePoints = codePointsOf(l.unicode);
      l.violations = l.violations.map(violation);
    }
    r.domainViolations = r.domainViolations.map(violation);
    r.explained = true;
    return r;
  });
}

// explain() keeps a record of about 44 bytes per code point: past this many
// UTF-16 units (no DNS name comes near it) check() gives the verdict and the
// codes of ToASCII and ToUnicode alone, so that a hostile 16 MB string costs
// tens of megabytes of the module's memory, not more than all of it.  The
// Python package draws the same line (explain_at_most).
const CHECK_EXPLAIN_MAX = 1 << 20;

function checkUnexplained(s, bits) {
  return guarded(() => {
    let st = runToASCII(s, bits);
    const a = resultObject(st, st === ST_OK ? asciiString(outPtr, u32[(resPtr >>> 2) + 2]) : '');
    st = runToUnicode(s, bits);
    const hasText = st === ST_OK || st === ST_IDNA_ERRORS;
    const u = resultObject(st, hasText ? utf16String(outPtr, u32[(resPtr >>> 2) + 2]) : '');
    const status = a.status === 'out_of_memory' || u.status === 'out_of_memory' ? 'out_of_memory' : 'success';
    return { status, ok: a.ok, ascii: a.value, unicode: u.value, errors: a.errors, unicodeErrors: u.errors,
      label: a.label, labels: [], domainViolations: [], bidiDomain: null, explained: false };
  });
}

// ---------------------------------------------------------------------------
// Batches: one crossing for the whole array in the common case.

function checkArray(names, fn) {
  if (!Array.isArray(names)) throw new TypeError(`puny: ${fn} takes an array of strings, not ${describe(names)}`);
  let total = 0;
  for (let i = 0; i < names.length; i++) {
    if (typeof names[i] !== 'string') {
      throw new TypeError(`puny: ${fn}: element ${i} must be a string, not ${describe(names[i])}`);
    }
    total += names[i].length;
  }
  return total;
}

// Runs a batch; calls take(i, status, errors, label, position, text) for every
// name in order.  `unicode` selects ToUnicode (UTF-16 output).
function runBatch(names, total, bits, unicode, take, fn) {
  const n = names.length;
  if (n === 0) return;
  // Layout in one allocation: [in: 2 × total, padded to 4][offsets: 4 × (n + 1)][items: 24 × n]
  const inBytes = (2 * total + 3) & ~3;
  const offBytes = 4 * (n + 1);
  const need = inBytes + offBytes + RESULT_SIZE * n;
  if (!ensureIn(need)) throw statusError(fn, ST_OUT_OF_MEMORY);
  const inP = inPtr;
  const offP = inP + inBytes;
  const itemsP = offP + offBytes;
  let o = offP >>> 2;
  let pos = inP >>> 1;
  for (let i = 0; i < n; i++) {
    const s = names[i];
    u32[o++] = pos - (inP >>> 1);
    for (let j = 0; j < s.length; j++) u16[pos++] = s.charCodeAt(j);
  }
  u32[o] = pos - (inP >>> 1);
  const unit = unicode ? 2 : 1;
  const wantBytes = unicode ? 2 * total + 64 * n : total + 8 * n + 64;
  if (!ensureOut(Math.min(wantBytes, 8 * 1024 * 1024))) throw statusError(fn, ST_OUT_OF_MEMORY);
  let start = 0;
  while (start < n) {
    const call = unicode ? ex.pj_to_unicode16_batch : ex.pj_to_ascii16_batch;
    const done = call(inP, offP, n, start, bits, outPtr, (outCap / unit) >>> 0, itemsP);
    batchCrossings++;
    views();
    if (done === start) {
      const it = (itemsP >>> 2) + 6 * start;
      if (i32[it] !== ST_OUTPUT_TOO_SMALL) throw new Error(`puny: ${fn}: the batch made no progress`);
      if (!ensureOut(unit * u32[it + 3])) {
        throw statusError(fn, ST_OUT_OF_MEMORY);
      }
      continue;
    }
    // All outputs of this call as one string, then slices.
    const first = (itemsP >>> 2) + 6 * start;
    const last = (itemsP >>> 2) + 6 * (done - 1);
    let end = 0;
    for (let it = first; it <= last; it += 6) end = Math.max(end, u32[it + 2] + u32[it + 3]);
    const text = unicode ? utf16String(outPtr, end) : asciiString(outPtr, end);
    for (let i = start, it = first; i < done; i++, it += 6) {
      const st = i32[it];
      const off = u32[it + 2];
      const len = u32[it + 3];
      const hasText = unicode ? st === ST_OK || st === ST_IDNA_ERRORS : st === ST_OK;
      take(i, st, u32[it + 1], u32[it + 4], u32[it + 5], hasText ? text.slice(off, off + len) : null);
    }
    start = done;
  }
}

function batch(names, opts, unicode, detailed, fn) {
  const total = checkArray(names, fn);
  const bits = optionBits(opts);
  if (!unicode && !detailed && (bits & OPT_ASCII_INPUT_LOWERCASE_ONLY) !== 0) return asciiFirstBatch(names, bits, fn);
  return guarded(() => {
    const out = new Array(names.length);
    runBatch(names, total, bits, unicode, detailed
      ? (i, st, errors, label, position, text) => {
        out[i] = {
          value: text,
          ok: st === ST_OK,
          status: statusNames.get(st) ?? 'unknown',
          errors: errorNames(errors),
          label: label === NO_LABEL ? null : label,
          position,
        };
      }
      : unicode
        ? (i, st, errors, label, position, text) => {
          if (text === null) throw statusError(fn, st);
          out[i] = text;
        }
        : (i, st, errors, label, position, text) => { out[i] = text; },
    fn);
    return out;
  });
}

// toASCIIBatch with asciiInputLowercaseOnly: the ASCII names are answered in
// JS (whatwgAscii), the others go to the module in one batch.
function asciiFirstBatch(names, bits, fn) {
  const out = new Array(names.length);
  let rest = null;
  let restTotal = 0;
  for (let i = 0; i < names.length; i++) {
    const r = whatwgAscii(names[i], bits);
    if (r !== false) {
      out[i] = r;
    } else {
      (rest ??= []).push(i);
      restTotal += names[i].length;
    }
  }
  if (rest === null) return out;
  const sub = rest.length === names.length ? names : rest.map((i) => names[i]);
  return guarded(() => {
    runBatch(sub, restTotal, bits, false, (k, st, errors, label, position, text) => { out[rest[k]] = text; }, fn);
    return out;
  });
}

/** toASCII over an array: (string | null)[]. */
export function toASCIIBatch(names, opts) {
  return batch(names, opts, false, false, 'toASCIIBatch');
}

/** toUnicode over an array: string[]. */
export function toUnicodeBatch(names, opts) {
  return batch(names, opts, true, false, 'toUnicodeBatch');
}

/** toASCIIResult over an array. */
export function toASCIIBatchResults(names, opts) {
  return batch(names, opts, false, true, 'toASCIIBatchResults');
}

/** toUnicodeResult over an array. */
export function toUnicodeBatchResults(names, opts) {
  return batch(names, opts, true, true, 'toUnicodeBatchResults');
}

// ---------------------------------------------------------------------------
// Display decisions (puny_display) and look-alikes of protected domains.
// These C functions take UTF-8: a string with a lone surrogate never reaches
// them (TextEncoder would replace it); its ToASCII codes are reported instead.

const utf8Encoder = typeof TextEncoder === 'function' ? new TextEncoder() : null;
const utf8Decoder = typeof TextDecoder === 'function' ? new TextDecoder('utf-8') : null;
const NO_LOOKALIKE = 0xffffffff;
const DISPLAY_REASON_COUNT = 14;
let generation = 0; // counts instances, so that look-alike indexes notice a re-created one

function wellFormed(s) {
  if (typeof s.isWellFormed === 'function') return s.isWellFormed();
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
}

// Temporary allocations of one call, freed together.
function withAllocations(fn) {
  const ptrs = [];
  const alloc = (n) => {
    const p = ex.pj_alloc(n);
    if (p === 0) throw statusError('display', ST_OUT_OF_MEMORY);
    ptrs.push(p);
    views();
    return p;
  };
  try {
    return fn(alloc);
  } finally {
    if (ex !== null) for (const p of ptrs) ex.pj_free(p);
  }
}

// Copies well-formed s as UTF-8 into fresh memory: [ptr, byteLength].
function utf8In(alloc, s) {
  const p = alloc(3 * s.length + 1);
  const { written } = utf8Encoder.encodeInto(s, u8.subarray(p, p + 3 * s.length + 1));
  return [p, written];
}

function utf8Out(p, n) {
  return utf8Decoder.decode(u8.subarray(p, p + n));
}

function reasonNames(bits) {
  const out = [];
  for (let r = 0; r < DISPLAY_REASON_COUNT; r++) if (bits & (1 << r)) out.push(cString(ex.puny_display_reason_name(r)));
  return out;
}

/** The English phrase of a display reason name ("whole_script_confusable"), or null. */
export function displayReasonMessage(reason) {
  ready();
  for (let r = 0; r < DISPLAY_REASON_COUNT; r++) {
    if (cString(ex.puny_display_reason_name(r)) === reason) return cString(ex.puny_display_reason_message(r));
  }
  return null;
}

/** The display policies: ['chromium', 'firefox', 'uts39-highly-restrictive', ...]. */
export function displayPolicies() {
  ready();
  const out = [];
  for (let p = 0; ; p++) {
    const n = ex.puny_display_policy_name(p);
    if (n === 0) return out;
    out.push(cString(n));
  }
}

/**
 * Which labels of a name may be shown in Unicode under a browser's or UTS #39's
 * policy.  options: {policy ('chromium' default, 'firefox',
 * 'uts39-highly-restrictive', 'uts39-moderately-restrictive', 'ascii'),
 * protect (a LookalikeIndex), allowedCharacters, blockedCharacters (strings),
 * scripts ('Latn,Grek' or an array), cjkCompat}.  Returns {status, display,
 * shownAsIs, reasons, errors, labels: [{text, nonAscii, shownUnicode, reasons,
 * errors, codePoint, codePointIndex}], lookalike: null | {id, domain}}.
 */
export function display(s, opts) {
  checkString(s, 'display: the domain name');
  if (opts !== undefined && opts !== null && typeof opts !== 'object') {
    throw new TypeError(`puny: display options must be an object, not ${describe(opts)}`);
  }
  const o = opts ?? {};
  let policy = 0;
  if (o.policy !== undefined) {
    if (typeof o.policy !== 'string') throw new TypeError('puny: display: options.policy must be a string');
    policy = displayPolicies().indexOf(o.policy);
    if (policy < 0) throw new RangeError(`puny: display: unknown policy "${o.policy}" (${displayPolicies().join(', ')})`);
  }
  const protect = o.protect ?? null;
  if (protect !== null && !(protect instanceof LookalikeIndex)) {
    throw new TypeError('puny: display: options.protect must be a LookalikeIndex');
  }
  const lists = ['allowedCharacters', 'blockedCharacters'].map((k) => {
    const v = o[k] ?? '';
    if (typeof v !== 'string') throw new TypeError(`puny: display: options.${k} must be a string`);
    if (!wellFormed(v)) throw new RangeError(`puny: display: options.${k} holds a lone surrogate`);
    return v;
  });
  let scripts = o.scripts ?? '';
  if (Array.isArray(scripts)) scripts = scripts.join(',');
  if (typeof scripts !== 'string') throw new TypeError('puny: display: options.scripts must be a string or an array');
  if (!wellFormed(s)) {
    const r = toASCIIResult(s);
    return { status: 'idna_errors', display: null, shownAsIs: false, reasons: ['invalid'], errors: r.errors,
      labels: [], lookalike: null };
  }
  const index = protect === null ? 0 : protect._pointer();
  return guarded(() => withAllocations((alloc) => {
    const [inP, inN] = utf8In(alloc, s);
    const [aP, aN] = utf8In(alloc, lists[0]);
    const [bP, bN] = utf8In(alloc, lists[1]);
    const [sP, sN] = utf8In(alloc, scripts);
    const optP = alloc(36);
    const w = [policy, index, aP, aN, bP, bN, sP, sN, o.cjkCompat ? 1 : 0];
    for (let i = 0; i < 9; i++) u32[(optP >>> 2) + i] = w[i] >>> 0;
    let labelsCap = 1;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === 0x2e || c === 0x3002 || c === 0xff0e || c === 0xff61) labelsCap++;
    }
    const outCapBytes = 18 * inN + 64;
    const outP = alloc(outCapBytes);
    let labP = alloc(32 * labelsCap);
    const resP = alloc(32);
    let st = ex.puny_display(inP, inN, optP, outP, outCapBytes, labP, labelsCap, resP);
    views();
    const r = resP >>> 2;
    if (st === ST_OK && u32[r + 6] > labelsCap) {
      labelsCap = u32[r + 6];
      labP = alloc(32 * labelsCap);
      st = ex.puny_display(inP, inN, optP, outP, outCapBytes, labP, labelsCap, resP);
      views();
    }
    if (st !== ST_OK) {
      if (st === 65) throw new RangeError(`puny: display: invalid_argument: ${statusMessages.get(65)} (an unknown script?)`);
      return { status: statusNames.get(st) ?? 'unknown', display: null, shownAsIs: false, reasons: [],
        errors: errorNames(u32[r + 4]), labels: [], lookalike: null };
    }
    const labels = [];
    for (let i = 0; i < u32[r + 6]; i++) {
      const l = (labP >>> 2) + 8 * i;
      labels.push({
        text: utf8Out(outP + u32[l], u32[l + 1]),
        nonAscii: i32[l + 2] !== 0,
        shownUnicode: i32[l + 3] !== 0,
        reasons: reasonNames(u32[l + 4]),
        errors: errorNames(u32[l + 5]),
        codePoint: u32[l + 6] === 0 ? null : u32[l + 6],
        codePointIndex: u32[l + 6] === 0 ? null : u32[l + 7],
      });
    }
    const id = u32[r + 7];
    return {
      status: 'success',
      display: utf8Out(outP, u32[r + 1]),
      shownAsIs: u32[r + 5] === 0,
      reasons: reasonNames(u32[r + 5]),
      errors: errorNames(u32[r + 4]),
      labels,
      lookalike: id === NO_LOOKALIKE || protect === null ? null : { id, domain: protect.domain(id) },
    };
  }));
}

const indexRegistry = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry(({ ptr, gen }) => {
    if (ex !== null && gen === generation && ptr !== 0) ex.puny_lookalike_index_free(ptr);
  })
  : null;

/**
 * Protected domains, queried with Chromium's top-domain skeleton rules
 * (login.раураl.com finds paypal.com).  Lives in the module's memory: call
 * dispose() when done (a FinalizationRegistry frees it otherwise).  If the
 * instance is ever re-created after a trap, the index is rebuilt from what was
 * added to it.
 */
export class LookalikeIndex {
  #ptr = 0;
  #gen = -1;
  #log = []; // what was added, to rebuild after a re-created instance
  #token = {};
  #disposed = false;

  /** list: optional text in Chromium's top-domain list format (see addList). */
  constructor(list) {
    if (list !== undefined) this.addList(list);
    else this._pointer();
  }

  /** The index's pointer in the current instance (made or rebuilt when needed). */
  _pointer() {
    if (this.#disposed) throw new Error('puny: this LookalikeIndex was disposed');
    ready();
    if (this.#gen === generation && this.#ptr !== 0) return this.#ptr;
    return guarded(() => {
      const p = ex.puny_lookalike_index_new();
      views();
      if (p === 0) throw statusError('LookalikeIndex', ST_OUT_OF_MEMORY);
      if (indexRegistry !== null) {
        indexRegistry.unregister(this.#token);
        indexRegistry.register(this, { ptr: p, gen: generation }, this.#token);
      }
      this.#ptr = p;
      this.#gen = generation;
      const log = this.#log;
      this.#log = [];
      for (const [kind, text, top] of log) {
        if (kind === 'add') this.add(text, { topBucket: top });
        else this.addList(text);
      }
      return p;
    });
  }

  /** Adds one protected domain. Returns {ok, status, errors}. */
  add(domain, opts) {
    checkString(domain, 'LookalikeIndex.add: the domain');
    const top = !!(opts && opts.topBucket);
    const p = this._pointer();
    if (!wellFormed(domain)) {
      return { ok: false, status: 'idna_errors', errors: toASCIIResult(domain).errors };
    }
    return guarded(() => withAllocations((alloc) => {
      const [dP, dN] = utf8In(alloc, domain);
      const st = ex.puny_lookalike_index_add(p, dP, dN, top ? 1 : 0, resPtr);
      views();
      if (st === ST_OK) this.#log.push(['add', domain, top]);
      return { ok: st === ST_OK, status: statusNames.get(st) ?? 'unknown',
        errors: st === ST_IDNA_ERRORS ? errorNames(u32[(resPtr >>> 2) + 1]) : [] };
    }));
  }

  /**
   * Adds a list in Chromium's top-domain format (one domain a line, "#"
   * comments, "###END_TOP_BUCKET###" ends the top bucket).  Returns {added,
   * refused, firstRefusedLine}.
   */
  addList(text) {
    checkString(text, 'LookalikeIndex.addList: the list');
    if (!wellFormed(text)) throw new RangeError('puny: LookalikeIndex.addList: the list holds a lone surrogate');
    const p = this._pointer();
    return guarded(() => withAllocations((alloc) => {
      const [tP, tN] = utf8In(alloc, text);
      const outs = alloc(12);
      const st = ex.puny_lookalike_index_add_list(p, tP, tN, outs, outs + 4, outs + 8);
      views();
      if (st !== ST_OK) throw statusError('LookalikeIndex.addList', st);
      this.#log.push(['list', text, false]);
      const o = outs >>> 2;
      return { added: u32[o], refused: u32[o + 1], firstRefusedLine: u32[o + 2] };
    }));
  }

  /** The number of protected domains. */
  get size() {
    const p = this._pointer();
    return guarded(() => ex.puny_lookalike_index_size(p) >>> 0);
  }

  /** The protected domain of an id (Unicode form). */
  domain(id) {
    if (typeof id !== 'number') throw new TypeError('puny: LookalikeIndex.domain takes a number');
    const p = this._pointer();
    return guarded(() => withAllocations((alloc) => {
      const outs = alloc(8);
      const st = ex.puny_lookalike_index_domain(p, id >>> 0, outs, outs + 4);
      views();
      if (st !== ST_OK) return null;
      return utf8Out(u32[outs >>> 2], u32[(outs >>> 2) + 1]);
    }));
  }

  #find(name, fn, what) {
    checkString(name, `LookalikeIndex.${what}: the name`);
    const p = this._pointer();
    if (!wellFormed(name)) return null; // an invalid domain matches nothing
    return guarded(() => withAllocations((alloc) => {
      const [nP, nN] = utf8In(alloc, name);
      const m = alloc(16);
      const st = fn(p, nP, nN, m);
      views();
      if (st !== ST_OK) throw statusError(`LookalikeIndex.${what}`, st);
      const o = m >>> 2;
      if (u32[o] === NO_LOOKALIKE) return null;
      return { id: u32[o], domain: utf8Out(u32[o + 1], u32[o + 2]), topBucket: i32[o + 3] !== 0 };
    }));
  }

  /** The protected domain a name looks like ({id, domain, topBucket}), or null. */
  find(name) {
    return this.#find(name, (...a) => ex.puny_lookalike_index_find(...a), 'find');
  }

  /** Chromium's separators-removed lookup (top-bucket domains only). */
  findWithoutSeparators(name) {
    return this.#find(name, (...a) => ex.puny_lookalike_index_find_without_separators(...a), 'findWithoutSeparators');
  }

  /** Frees the index's memory; the object is unusable afterwards. */
  dispose() {
    if (this.#disposed) return;
    this.#disposed = true;
    if (indexRegistry !== null) indexRegistry.unregister(this.#token);
    if (ex !== null && this.#gen === generation && this.#ptr !== 0) ex.puny_lookalike_index_free(this.#ptr);
    this.#ptr = 0;
    this.#log = [];
  }
}

// ---------------------------------------------------------------------------
// For tests and the drop-in modules; not part of the documented API.

export const __internal = {
  /** Runs fn(exports) inside the trap guard. */
  run(fn) {
    return guarded(() => fn(ex));
  },
  exports() {
    return ready();
  },
  module() {
    return wasmModule;
  },
  /** The JS answer of the URL Standard's ASCII shortcut: a string, null, or false (not ASCII). */
  whatwgAscii(s, bits) {
    return whatwgAscii(s, bits);
  },
  /** Decode with Node's Buffer (true, where the host has it) or with the portable loops (false). */
  useNodeBuffer(on) {
    useNodeBuffer = Boolean(on) && NodeBuffer !== null;
    if (mem !== null) refreshViews();
    return useNodeBuffer;
  },
  /** How many times the batch exports were called since the module was loaded. */
  batchCrossings() {
    return batchCrossings;
  },
};
