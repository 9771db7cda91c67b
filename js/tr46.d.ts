// Types of puny-idna/tr46: tr46 6.0.0's API (UTS #46, Unicode 17.0).

/** All false by default (as tr46). */
export interface Options {
  checkHyphens?: boolean;
  checkBidi?: boolean;
  checkJoiners?: boolean;
  useSTD3ASCIIRules?: boolean;
  transitionalProcessing?: boolean;
  ignoreInvalidPunycode?: boolean;
}

export interface ToASCIIOptions extends Options {
  /** A4_1 / A4_2: empty or too long names and labels are errors. */
  verifyDNSLength?: boolean;
}

export interface ToUnicodeResult {
  domain: string;
  error: boolean;
}

/** UTS #46 ToASCII: the ASCII name, or null on any error. A non-string is a TypeError. */
export function toASCII(domainName: string, options?: ToASCIIOptions): string | null;
/** UTS #46 ToUnicode: the Unicode name, and whether any error was recorded. */
export function toUnicode(domainName: string, options?: Options): ToUnicodeResult;

declare const tr46: { toASCII: typeof toASCII; toUnicode: typeof toUnicode };
export default tr46;
