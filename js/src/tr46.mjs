// puny-idna/tr46: tr46 6.0.0's API (the jsdom `tr46` npm package, MIT) on
// puny's UTS #46 in WebAssembly (Unicode 17.0, as tr46 6.0.0).
//
//   toASCII(domainName, options)   → string, or null on any error
//   toUnicode(domainName, options) → { domain, error }
// Options (all false by default, as tr46): checkHyphens, checkBidi,
// checkJoiners, useSTD3ASCIIRules, transitionalProcessing, verifyDNSLength
// (toASCII only), ignoreInvalidPunycode.  Every flag is passed explicitly to
// the core (whose default profile turns the checks on), and puny's own flags
// are off.  The differences are listed in test/upstream/DIFFERENCES.md.
import { toASCII as coreToASCII, toUnicodeResult as coreToUnicodeResult } from './index.mjs';

function checkDomain(domainName) {
  if (typeof domainName !== 'string') {
    throw new TypeError('tr46: the domain name must be a string');
  }
}

// tr46's options (each false unless given, read by truthiness) as the
// core's: every flag explicit, puny's own off.  Destructuring throws the
// TypeError tr46's does for a null options object.
function coreOptions({
  checkHyphens = false,
  checkBidi = false,
  checkJoiners = false,
  useSTD3ASCIIRules = false,
  verifyDNSLength = false,
  transitionalProcessing = false,
  ignoreInvalidPunycode = false,
}, toASCII) {
  return {
    checkHyphens: !!checkHyphens,
    checkBidi: !!checkBidi,
    checkJoiners: !!checkJoiners,
    useSTD3ASCIIRules: !!useSTD3ASCIIRules,
    // tr46 reads verifyDNSLength in toASCII only.
    verifyDNSLength: toASCII && !!verifyDNSLength,
    transitionalProcessing: !!transitionalProcessing,
    ignoreInvalidPunycode: !!ignoreInvalidPunycode,
    forbidDomainCodePoints: false,
    rejectEmpty: false,
    asciiInputLowercaseOnly: false,
    displayFallback: false,
  };
}

/** UTS #46 ToASCII; null when the name breaks a rule. */
export function toASCII(domainName, options = {}) {
  checkDomain(domainName);
  return coreToASCII(domainName, coreOptions(options, true));
}

// tr46's toUnicode reports no empty-label (X4_2) or DNS-length (A4_*) error.
const IGNORED_IN_TO_UNICODE = new Set(['X4_2', 'A4_1', 'A4_2']);

/** UTS #46 ToUnicode: { domain, error }. */
export function toUnicode(domainName, options = {}) {
  checkDomain(domainName);
  const r = coreToUnicodeResult(domainName, coreOptions(options, false));
  if (r.value === null) {
    const e = new Error(`tr46: toUnicode: ${r.status}`);
    e.status = r.status;
    throw e;
  }
  return { domain: r.value, error: r.errors.some((c) => !IGNORED_IN_TO_UNICODE.has(c)) };
}

const tr46 = { toASCII, toUnicode };

export default tr46;
