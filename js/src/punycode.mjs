// puny-idna/punycode: punycode.js 2.3.1's API and behaviour (Mathias Bynens's
// `punycode` npm package, MIT), on puny's RFC 3492 Punycode in WebAssembly.
//
// What is done here in JS, as punycode.js does it: ucs2.decode / ucs2.encode,
// and toASCII / toUnicode (keep the part before '@', map the separators U+3002
// U+FF0E U+FF61 to '.', then per label: toASCII encodes the labels that hold a
// non-ASCII character as 'xn--' + encode(label), toUnicode decodes the labels
// that start with 'xn--' (after lowercasing the rest); no UTS #46 mapping and no
// validation).  encode / decode call the core's Punycode, and its errors become
// punycode.js's RangeErrors with punycode.js's exact messages.
// The differences are listed in test/upstream/DIFFERENCES.md.
import { encode as coreEncode, decode as coreDecode } from './index.mjs';

const errors = {
  overflow: 'Overflow: input needs wider integers to process',
  'not-basic': 'Illegal input >= 0x80 (not a basic code point)',
  'invalid-input': 'Invalid input',
};

// puny_status_name → punycode.js's error kind.
const STATUS_KIND = new Map([
  ['non_basic_literal', 'not-basic'],
  ['invalid_digit', 'invalid-input'],
  ['truncated_integer', 'invalid-input'],
  ['empty_literal', 'invalid-input'],
  ['encoded_basic', 'invalid-input'], // punycode.js decodes these (DIFFERENCES.md)
  ['invalid_code_point', 'invalid-input'], // punycode.js: a lone surrogate, or fromCodePoint's RangeError
  ['overflow', 'overflow'],
]);

function rethrow(e) {
  const kind = e !== null && typeof e === 'object' ? STATUS_KIND.get(e.status) : undefined;
  if (kind === undefined) throw e;
  const r = new RangeError(errors[kind]);
  r.status = e.status;
  if (e.position !== undefined) r.position = e.position;
  throw r;
}

const regexPunycode = /^xn--/;
const regexNonASCII = /[^\0-\x7F]/;
const regexSeparators = /[\x2E\u3002\uFF0E\uFF61]/g;

function mapDomain(domain, callback) {
  const parts = domain.split('@');
  let result = '';
  if (parts.length > 1) {
    // In e-mail addresses, only the domain name should be punycoded; leave the
    // local part (i.e. everything up to '@') intact (as punycode.js does).
    result = parts[0] + '@';
    domain = parts[1];
  }
  domain = domain.replace(regexSeparators, '\x2E');
  const labels = domain.split('.');
  return result + labels.map(callback).join('.');
}

/** The code points of a string; a lone surrogate is kept as its value. */
export function ucs2decode(string) {
  const output = [];
  let counter = 0;
  const length = string.length;
  while (counter < length) {
    const value = string.charCodeAt(counter++);
    if (value >= 0xd800 && value <= 0xdbff && counter < length) {
      const extra = string.charCodeAt(counter++);
      if ((extra & 0xfc00) === 0xdc00) {
        output.push(((value & 0x3ff) << 10) + (extra & 0x3ff) + 0x10000);
      } else {
        output.push(value);
        counter--;
      }
    } else {
      output.push(value);
    }
  }
  return output;
}

/** A string of code points. */
export const ucs2encode = (codePoints) => String.fromCodePoint(...codePoints);

/** Punycode (no 'xn--') to a string of Unicode code points. */
export function decode(input) {
  try {
    return coreDecode(input);
  } catch (e) {
    return rethrow(e);
  }
}

/** A string of Unicode code points to Punycode (no 'xn--'). */
export function encode(input) {
  try {
    return coreEncode(input);
  } catch (e) {
    return rethrow(e);
  }
}

/** Decodes the 'xn--' labels of a domain name or e-mail address. */
export function toUnicode(input) {
  return mapDomain(input, (string) =>
    regexPunycode.test(string) ? decode(string.slice(4).toLowerCase()) : string);
}

/** Encodes the labels with non-ASCII characters of a domain name or e-mail address. */
export function toASCII(input) {
  return mapDomain(input, (string) =>
    regexNonASCII.test(string) ? 'xn--' + encode(string) : string);
}

export const version = '2.3.1';
export const ucs2 = { decode: ucs2decode, encode: ucs2encode };

const punycode = { version, ucs2, decode, encode, toASCII, toUnicode };

export default punycode;
