// Types of puny-idna (the "." entry; ./punycode and ./tr46 have their own files).

/** The named option sets: puny's profiles (include/puny/puny.h puny_profile). */
export type Profile = 'uts46' | 'whatwg' | 'transitional' | 'display';

/**
 * Options: the profile's flags first (default 'uts46': every UTS #46 check,
 * nontransitional), then each flag given (true or false) overrides it.
 * The first seven are tr46's names.
 */
export interface Options {
  profile?: Profile;
  checkHyphens?: boolean;
  checkBidi?: boolean;
  checkJoiners?: boolean;
  useSTD3ASCIIRules?: boolean;
  transitionalProcessing?: boolean;
  /** ToASCII only: A4_1 / A4_2 for empty or too long names and labels. */
  verifyDNSLength?: boolean;
  ignoreInvalidPunycode?: boolean;
  /** URL Standard: W1 for its forbidden domain code points. */
  forbidDomainCodePoints?: boolean;
  /** URL Standard: W2 for an empty result. */
  rejectEmpty?: boolean;
  /** URL Standard: all-ASCII input is only lowercased and checked for W1. */
  asciiInputLowercaseOnly?: boolean;
  /** ToUnicode keeps a label in its input form unless it decodes and validates. */
  displayFallback?: boolean;
}

/** A UTS #46 status code as IdnaTestV2 names it, or puny's W1, W2, X4_2. */
export type IdnaCode =
  | 'A3' | 'A4_1' | 'A4_2' | 'B1' | 'B2' | 'B3' | 'B4' | 'B5' | 'B6' | 'C1' | 'C2' | 'P4' | 'U1'
  | 'V1' | 'V2' | 'V3' | 'V4' | 'V5' | 'V6' | 'V7' | 'W1' | 'W2' | 'X4_2';

/** puny_status_name(): "success", "idna_errors", "out_of_memory", "invalid_digit", ... */
export type StatusName = string;

export interface ConversionResult {
  /** ToASCII: the name, or null unless ok. ToUnicode: the name (failed labels as given); null only for out_of_memory. */
  value: string | null;
  /** status is "success". */
  ok: boolean;
  status: StatusName;
  /** The codes recorded, in code order. */
  errors: IdnaCode[];
  /** Index (from 0) of the first label with an error, or null. */
  label: number | null;
  position: number;
}

/** UTS #46 ToASCII; null when the name breaks a rule (as tr46.toASCII). Throws TypeError for a non-string. */
export function toASCII(domain: string, options?: Options): string | null;
/** UTS #46 ToUnicode; always a string. Throws TypeError for a non-string. */
export function toUnicode(domain: string, options?: Options): string;
export function toASCIIResult(domain: string, options?: Options): ConversionResult;
export function toUnicodeResult(domain: string, options?: Options): ConversionResult;

/** One crossing into WebAssembly for the whole array (a few for a huge one). */
export function toASCIIBatch(domains: readonly string[], options?: Options): (string | null)[];
export function toUnicodeBatch(domains: readonly string[], options?: Options): string[];
export function toASCIIBatchResults(domains: readonly string[], options?: Options): ConversionResult[];
export function toUnicodeBatchResults(domains: readonly string[], options?: Options): ConversionResult[];

/** An error of encode() / decode(): a RangeError whose message names the status. */
export interface PunycodeError extends RangeError {
  status: StatusName;
  position?: number;
}

/** RFC 3492 Punycode of a string's code points (no "xn--"). Throws PunycodeError (a lone surrogate: invalid_code_point). */
export function encode(input: string): string;
/** Decodes bare Punycode (no "xn--"). Throws PunycodeError; position counts UTF-16 units. */
export function decode(input: string): string;

export interface Violation {
  code: IdnaCode;
  /** 0-based label, or null for a code about the whole name (A4_1, W2). */
  label: number | null;
  /** 1-based code point position in the label's unicode form; 0 for the whole label or name. */
  position: number;
  codePoint: number;
  /** "U+200C", or null when position is 0. */
  hex: string | null;
  occurrences: number;
  /** Plain English, the words of `puny check`. */
  detail: string;
  /** The same as detail. */
  message: string;
}

export interface CodePointInfo {
  cp: number;
  hex: string;
  /** ISO 15924 short name of its Script ("Latn", "Zinh", "Zzzz"). */
  script: string;
}

export interface LabelCheck {
  input: string;
  /** Mapped, normalized and (xn--) decoded: the text the rules check. */
  unicode: string;
  /** Its ToASCII form; "" when it cannot be encoded (A3). */
  ascii: string;
  decoded: boolean;
  errors: IdnaCode[];
  violations: Violation[];
  /** Violations not listed (over 63 of one code). */
  unlisted: number;
  /** The code points of `unicode`. */
  codePoints: CodePointInfo[];
}

export interface CheckResult {
  /** "success", or "out_of_memory" / "invalid_argument" (then little else is filled in). */
  status: StatusName;
  /** ToASCII succeeds: the verdict. */
  ok: boolean;
  ascii: string;
  unicode: string;
  errors: IdnaCode[];
  unicodeErrors: IdnaCode[];
  label: number | null;
  labels: LabelCheck[];
  domainViolations: Violation[];
  bidiDomain: null | { label: number; position: number; codePoint: number; bidiClass: 'R' | 'AL' | 'AN' };
  /**
   * false for a name longer than 1,048,576 UTF-16 units (no DNS name comes
   * near it): the verdict and codes of ToASCII and ToUnicode only, `labels`
   * and `domainViolations` empty.  The explanation keeps a record per code
   * point, which for a hostile 16 MB string would take most of the module's
   * 1 GiB.
   */
  explained: boolean;
}

/** Why a name is or is not valid: explain() of the C++ library. */
export function check(domain: string, options?: Options): CheckResult;

export type DisplayPolicy = 'chromium' | 'firefox' | 'uts39-highly-restrictive' | 'uts39-moderately-restrictive' | 'ascii';

export interface DisplayOptions {
  /** Default 'chromium'. */
  policy?: DisplayPolicy;
  protect?: LookalikeIndex;
  /** Characters the policy's allowed set gains. */
  allowedCharacters?: string;
  /** Characters never shown in Unicode (wins over allowed). */
  blockedCharacters?: string;
  /** Allowed scripts, ISO 15924 codes ('Latn,Grek' or ['Latn', 'Grek']); default every script. An unknown one is a RangeError. */
  scripts?: string | string[];
  /** Allow every Unified_Ideograph and Bopomofo character, as before Unicode 17. */
  cjkCompat?: boolean;
}

/** A display reason name: 'invalid', 'character_not_allowed', 'restriction_level', 'whole_script_confusable', 'lookalike_of_protected', 'ascii_policy', ... */
export type DisplayReason = string;

export interface DisplayLabel {
  /** The label as shown: Unicode, or its xn-- form, or as given when invalid. */
  text: string;
  nonAscii: boolean;
  shownUnicode: boolean;
  reasons: DisplayReason[];
  errors: IdnaCode[];
  /** The character that decided the first reason, or null. */
  codePoint: number | null;
  codePointIndex: number | null;
}

export interface DisplayResult {
  /** "success"; "idna_errors" for a string with a lone surrogate (display is null); "out_of_memory". */
  status: StatusName;
  display: string | null;
  /** No reason: the name is shown as itself. */
  shownAsIs: boolean;
  reasons: DisplayReason[];
  errors: IdnaCode[];
  labels: DisplayLabel[];
  lookalike: null | { id: number; domain: string };
}

/** Which labels may be shown in Unicode, under a browser's or UTS #39's policy. */
export function display(domain: string, options?: DisplayOptions): DisplayResult;
export function displayPolicies(): DisplayPolicy[];
export function displayReasonMessage(reason: DisplayReason): string | null;

export interface LookalikeMatch {
  id: number;
  domain: string;
  topBucket: boolean;
}

/** Protected domains, queried with Chromium's top-domain skeleton rules. Call dispose() when done. */
export class LookalikeIndex {
  /** list: optional text in Chromium's top-domain list format. */
  constructor(list?: string);
  add(domain: string, options?: { topBucket?: boolean }): { ok: boolean; status: StatusName; errors: IdnaCode[] };
  /** One domain a line, "#" comments, "###END_TOP_BUCKET###" ends the top bucket. */
  addList(text: string): { added: number; refused: number; firstRefusedLine: number };
  readonly size: number;
  domain(id: number): string | null;
  find(name: string): LookalikeMatch | null;
  findWithoutSeparators(name: string): LookalikeMatch | null;
  dispose(): void;
}

/** ISO 15924 short name of Script(cp). */
export function script(codePoint: number): string;
/** Short names of Script_Extensions(cp). */
export function scriptExtensions(codePoint: number): string[];

/** The PUNY_OPT_ bits of an options object. */
export function optionBits(options?: Options): number;
/** The names of the codes in an errors bit set. */
export function codeNames(bits: number): IdnaCode[];
export function statusName(status: number): StatusName;
export function statusMessage(status: number): string;
/** The library version ("0.1.0"). */
export function version(): string;
/** The Unicode version of the tables ("17.0.0"). */
export function unicodeVersion(): string;

// `object`, not WebAssembly.Module: that global type comes only with the
// DOM lib, and these declarations must check in a Node-only project too.
/** Instantiates a compiled puny.wasm (a WebAssembly.Module) synchronously (already done by the entry points). */
export function init(module: object): void;
export function initAsync(module: object): Promise<void>;
