// Types of puny-idna/punycode: punycode.js 2.3.1's API (as @types/punycode).

/** Code points of a string; a lone surrogate is kept as its value. */
export function ucs2decode(string: string): number[];
/** A string of code points. */
export function ucs2encode(codePoints: readonly number[]): string;

export interface ucs2 {
  decode(string: string): number[];
  encode(codePoints: readonly number[]): string;
}
export const ucs2: ucs2;

/** '2.3.1': the punycode.js version whose API and behaviour this module has. */
export const version: string;

/** Punycode (no 'xn--') to Unicode. Throws RangeError('Invalid input' | 'Illegal input >= 0x80 (not a basic code point)' | 'Overflow: input needs wider integers to process'). */
export function decode(input: string): string;
/** Unicode to Punycode (no 'xn--'). A lone surrogate is a RangeError('Invalid input') (punycode.js encodes it). */
export function encode(input: string): string;
/** Encodes the non-ASCII labels of a domain name or e-mail address ('xn--' + encode). No UTS #46 mapping or validation. */
export function toASCII(input: string): string;
/** Decodes the 'xn--' labels of a domain name or e-mail address. */
export function toUnicode(input: string): string;

declare const punycode: {
  version: string;
  ucs2: ucs2;
  decode: typeof decode;
  encode: typeof encode;
  toASCII: typeof toASCII;
  toUnicode: typeof toUnicode;
};
export default punycode;
