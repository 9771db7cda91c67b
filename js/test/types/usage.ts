// Type-checked by test/types.test.mjs (tsc --noEmit, strict): every export of
// the three entry points used as documented, and misuses that must not
// compile (@ts-expect-error fails the check when no error follows it).
import * as puny from 'puny-idna';
import {
  toASCII, toUnicode, toASCIIResult, toUnicodeResult, toASCIIBatch, toUnicodeBatch, toASCIIBatchResults,
  toUnicodeBatchResults, encode, decode, check, display, displayPolicies, displayReasonMessage, LookalikeIndex,
  script, scriptExtensions, optionBits, codeNames, statusName, statusMessage, version, unicodeVersion,
  type Options, type ConversionResult, type CheckResult, type DisplayResult, type IdnaCode, type PunycodeError,
  type LookalikeMatch, type DisplayPolicy,
} from 'puny-idna';
import punycode, { ucs2, ucs2decode, ucs2encode } from 'puny-idna/punycode';
import * as punycodeNs from 'puny-idna/punycode';
import tr46, { type ToUnicodeResult } from 'puny-idna/tr46';

const opts: Options = { profile: 'whatwg', checkHyphens: true, verifyDNSLength: false };
const a: string | null = toASCII('Bücher.de', opts);
const u: string = toUnicode('xn--bcher-kva.de');
const r: ConversionResult = toASCIIResult('a\u200Cb');
const codes: IdnaCode[] = r.errors;
const label: number | null = r.label;
const ru: ConversionResult = toUnicodeResult('x', { displayFallback: true });
const batch: (string | null)[] = toASCIIBatch(['a', 'b'] as const);
const ubatch: string[] = toUnicodeBatch(['a']);
const details: ConversionResult[] = [...toASCIIBatchResults(['a']), ...toUnicodeBatchResults(['a'])];
const p: string = encode('bücher') + decode('bcher-kva');
try {
  decode('ü');
} catch (e) {
  const pe = e as PunycodeError;
  const s: string = pe.status;
  const at: number | undefined = pe.position;
  void s;
  void at;
}
const c: CheckResult = check('a.b', { checkBidi: false });
const explained: boolean = c.explained;
const hex: string | null = c.labels[0]?.violations[0]?.hex ?? null;
const scripts: string[] = c.labels.flatMap((l) => l.codePoints.map((x) => x.script));
const index = new LookalikeIndex('paypal.com\n');
index.add('google.com', { topBucket: true });
const added: number = index.addList('a.com\n###END_TOP_BUCKET###\n').added;
const m: LookalikeMatch | null = index.find('paypa1.com');
const policy: DisplayPolicy = displayPolicies()[0] ?? 'chromium';
const d: DisplayResult = display('xn--80ak6aa92e.com', { policy, protect: index, scripts: ['Latn'] });
const why: string | null = displayReasonMessage(d.reasons[0] ?? 'invalid');
index.dispose();
const misc: [string, string[], number, IdnaCode[], string, string, string, string, number] = [
  script(0x61), scriptExtensions(0x30fc), optionBits(opts), codeNames(3), statusName(0), statusMessage(0), version(),
  unicodeVersion(), index.size,
];
const sameModule: typeof toASCII = puny.toASCII;

// punycode.js's API
const cps: number[] = ucs2.decode('\uD834\uDF06') .concat(ucs2decode('a'));
const text: string = ucs2.encode(cps) + ucs2encode([0x61]) + punycode.toASCII('mañana.com') + punycode.version;
const viaNs: string = punycodeNs.toUnicode('xn--maana-pta.com') + punycodeNs.default.encode('ü');

// tr46's API
const t: string | null = tr46.toASCII('a.b', { checkBidi: true, verifyDNSLength: true, ignoreInvalidPunycode: false });
const tu: ToUnicodeResult = tr46.toUnicode('xn--a', { useSTD3ASCIIRules: true });
const tuDomain: string = tu.domain;
const tuError: boolean = tu.error;

// Misuses.
// @ts-expect-error a domain is a string
toASCII(42);
// @ts-expect-error no such profile
toASCII('a', { profile: 'strict' });
// @ts-expect-error ToASCII may fail: null is possible
const notNull: string = toASCII('a');
// @ts-expect-error the batch takes an array
toASCIIBatch('a.com');
// @ts-expect-error no such display policy
display('a', { policy: 'safari' });
// @ts-expect-error tr46's toUnicode returns {domain, error}
const tuString: string = tr46.toUnicode('a');
// @ts-expect-error verifyDNSLength is not a toUnicode option in tr46
tr46.toUnicode('a', { verifyDNSLength: true });

export const used = [a, u, codes, label, ru, batch, ubatch, details, p, explained, hex, scripts, added, m, why, misc,
  sameModule, text, viaNs, t, tuDomain, tuError, notNull, tuString];
