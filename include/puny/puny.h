/** \file
 * puny — the C API: Punycode (RFC 3492) and internationalized domain names
 * (UTS #46 ToASCII / ToUnicode on Unicode 17.0), for C11 and for any
 * language that calls C.
 *
 * \code
 *   char out[256];
 *   size_t len;
 *   if (puny_to_ascii("bücher.de", 10, out, sizeof out, &len) == PUNY_OK)
 *     printf("%.*s\n", (int)len, out);          // xn--bcher-kva.de
 * \endcode
 *
 * Conventions, the same for every function:
 *  - Text is passed as pointer and length; nothing needs to be, or is,
 *    NUL-terminated.  Input is UTF-8 (or Punycode, which is ASCII); ill-formed
 *    UTF-8 is PUNY_INVALID_UTF8 at its byte offset, never replaced.
 *  - Output goes to a caller buffer of `out_cap` elements.  When it is too
 *    small the function returns PUNY_OUTPUT_TOO_SMALL and reports the size
 *    that is enough (in `*out_len`, or `result->needed`), so a call with
 *    `out_cap` 0 (and `out` NULL) asks for the size.
 *  - Functions return a status: PUNY_OK (0) or a puny_status value.  The
 *    `_ex` forms also fill a puny_result: the UTS #46 error codes, the
 *    position of an error, and the index of the first failing label.
 *  - Nothing is allocated for domain names (up to 255 bytes) and
 *    label-sized Punycode; longer input takes working memory from the heap,
 *    and PUNY_OUT_OF_MEMORY reports that it was refused.  Every function is
 *    thread-safe and never calls exit, abort or a callback.
 */
#ifndef PUNY_PUNY_H
#define PUNY_PUNY_H

#include <stddef.h>
#include <stdint.h>

#ifndef __cplusplus
#include <uchar.h>
#endif

#include "version.h"

/** Expands to `noexcept` for C++ callers: no function of the C API throws. */
#ifdef __cplusplus
#define PUNY_NOEXCEPT noexcept
#else
#define PUNY_NOEXCEPT
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** Why a function stopped.  The values from 1 to 12 are the C++ API's
 *  puny::status; values are stable, and new ones are only added. */
typedef enum puny_status {
  PUNY_OK = 0,                  /**< Success. */
  PUNY_INVALID_DIGIT = 1,       /**< RFC 3492 §6.2: a character that is not a Punycode digit. */
  PUNY_TRUNCATED_INTEGER = 2,   /**< RFC 3492 §6.2: the input ends inside a variable-length integer. */
  PUNY_NON_BASIC_LITERAL = 3,   /**< RFC 3492 §6.2: a non-ASCII character before the last delimiter. */
  PUNY_EMPTY_LITERAL = 4,       /**< The last delimiter has nothing before it ("-", "-abc"): §6.2 uniqueness. */
  PUNY_ENCODED_BASIC = 5,       /**< A delta decodes to a basic code point (never with Punycode's parameters). */
  PUNY_OVERFLOW = 6,            /**< RFC 3492 §6.4: an integer overflowed. */
  PUNY_INVALID_CODE_POINT = 7,  /**< A surrogate or a value above U+10FFFF, in the input or decoded. */
  PUNY_INVALID_UTF8 = 8,        /**< Ill-formed UTF-8; the position is the offset of the bad sequence. */
  PUNY_OUTPUT_TOO_SMALL = 9,    /**< The output buffer is too small; the size needed is reported. */
  PUNY_OUT_OF_MEMORY = 10,      /**< Working memory for a very long input could not be allocated. */
  PUNY_INVALID_PARAMETERS = 11, /**< C++ API only (Bootstring parameters); never returned here. */
  PUNY_CASE_FLAGS_SIZE = 12,    /**< C++ API only (case annotation); never returned here. */
  PUNY_IDNA_ERRORS = 64,        /**< The domain name breaks UTS #46 rules: puny_result.errors says which. */
  PUNY_INVALID_ARGUMENT = 65    /**< A NULL pointer with a nonzero length, or unknown option bits. */
} puny_status;

/** A stable identifier for a status: "invalid_digit", "idna_errors", ... ("unknown" otherwise). */
const char *puny_status_name(int status) PUNY_NOEXCEPT;
/** A short English explanation of a status. */
const char *puny_status_message(int status) PUNY_NOEXCEPT;

/* ------------------------------------------------------------------------ */
/* UTS #46 error codes. */

/** The status codes of UTS #46 as its conformance file IdnaTestV2 names
 *  them, plus the URL Standard's W1 and W2.  A puny_result carries them as
 *  bits: PUNY_IDNA_BIT(PUNY_IDNA_B1) and so on. */
typedef enum puny_idna_code {
  PUNY_IDNA_A3 = 0,    /**< UTS #46 §4.2 ToASCII step 3: Punycode encoding failed. */
  PUNY_IDNA_A4_1 = 1,  /**< §4.2 step 4: the domain is empty or longer than 253. */
  PUNY_IDNA_A4_2 = 2,  /**< §4.2 step 4: a label is empty or longer than 63. */
  PUNY_IDNA_B1 = 3,    /**< RFC 5893 §2 rule 1. */
  PUNY_IDNA_B2 = 4,    /**< RFC 5893 §2 rule 2. */
  PUNY_IDNA_B3 = 5,    /**< RFC 5893 §2 rule 3. */
  PUNY_IDNA_B4 = 6,    /**< RFC 5893 §2 rule 4. */
  PUNY_IDNA_B5 = 7,    /**< RFC 5893 §2 rule 5. */
  PUNY_IDNA_B6 = 8,    /**< RFC 5893 §2 rule 6. */
  PUNY_IDNA_C1 = 9,    /**< RFC 5892 Appendix A.1: ZERO WIDTH NON-JOINER out of context. */
  PUNY_IDNA_C2 = 10,   /**< RFC 5892 Appendix A.2: ZERO WIDTH JOINER out of context. */
  PUNY_IDNA_P4 = 11,   /**< UTS #46 §4 step 4: an xn-- label is not valid Punycode. */
  PUNY_IDNA_U1 = 12,   /**< UseSTD3ASCIIRules: ASCII other than a-z 0-9 -. */
  PUNY_IDNA_V1 = 13,   /**< §4.1 criterion 1: a label is not in NFC. */
  PUNY_IDNA_V2 = 14,   /**< criterion 2: "--" in the third and fourth positions. */
  PUNY_IDNA_V3 = 15,   /**< criterion 3: a label begins or ends with "-". */
  PUNY_IDNA_V4 = 16,   /**< criterion 4: a label begins with "xn--". */
  PUNY_IDNA_V5 = 17,   /**< criterion 5: a label contains U+002E. */
  PUNY_IDNA_V6 = 18,   /**< criterion 6: a label begins with a combining mark. */
  PUNY_IDNA_V7 = 19,   /**< criterion 7: a disallowed code point. */
  PUNY_IDNA_W1 = 20,   /**< URL Standard: a forbidden domain code point (puny's name). */
  PUNY_IDNA_W2 = 21,   /**< URL Standard: the domain is empty (puny's name). */
  PUNY_IDNA_X4_2 = 22  /**< ToUnicode: a label is empty. */
} puny_idna_code;

/** The number of puny_idna_code values. */
#define PUNY_IDNA_CODE_COUNT 23
/** The bit of a puny_idna_code in puny_result.errors. */
#define PUNY_IDNA_BIT(code) ((uint32_t)1 << (code))

/** The code's name as IdnaTestV2 spells it ("A4_1", "B1", ...), or NULL for a value out of range. */
const char *puny_idna_code_name(int code) PUNY_NOEXCEPT;
/** One English phrase per code, for diagnostics, or NULL for a value out of range. */
const char *puny_idna_code_message(int code) PUNY_NOEXCEPT;

/* ------------------------------------------------------------------------ */
/* Options and profiles. */

/** UTS #46 processing options: an OR of the PUNY_OPT_ bits.  Start from
 *  puny_profile_options() and add or clear bits. */
typedef uint32_t puny_options;

#define PUNY_OPT_USE_STD3_ASCII_RULES ((puny_options)1 << 0)     /**< UTS #46 UseSTD3ASCIIRules (U1). */
#define PUNY_OPT_CHECK_HYPHENS ((puny_options)1 << 1)            /**< CheckHyphens (V2, V3). */
#define PUNY_OPT_CHECK_BIDI ((puny_options)1 << 2)               /**< CheckBidi (B1–B6). */
#define PUNY_OPT_CHECK_JOINERS ((puny_options)1 << 3)            /**< CheckJoiners (C1, C2). */
#define PUNY_OPT_TRANSITIONAL_PROCESSING ((puny_options)1 << 4)  /**< Transitional_Processing (deprecated). */
#define PUNY_OPT_VERIFY_DNS_LENGTH ((puny_options)1 << 5)        /**< VerifyDnsLength (A4_1, A4_2). */
#define PUNY_OPT_IGNORE_INVALID_PUNYCODE ((puny_options)1 << 6)  /**< IgnoreInvalidPunycode (no P4 for a failed conversion). */
#define PUNY_OPT_FORBID_DOMAIN_CODE_POINTS ((puny_options)1 << 7) /**< URL Standard: W1 for its forbidden domain code points. */
#define PUNY_OPT_REJECT_EMPTY ((puny_options)1 << 8)             /**< URL Standard: W2 for an empty result. */
#define PUNY_OPT_ASCII_INPUT_LOWERCASE_ONLY ((puny_options)1 << 9) /**< URL Standard: all-ASCII input is only lowercased and checked for W1. */
#define PUNY_OPT_DISPLAY_FALLBACK ((puny_options)1 << 10)        /**< ToUnicode keeps a label in its input form unless it decodes and validates. */

/** The named option sets (the C++ API's puny::idna_profile). */
typedef enum puny_profile {
  PUNY_PROFILE_UTS46 = 0,        /**< Every UTS #46 check, nontransitional: as IdnaTestV2 runs. */
  PUNY_PROFILE_WHATWG = 1,       /**< URL Standard "domain to ASCII" with beStrict = false. */
  PUNY_PROFILE_TRANSITIONAL = 2, /**< uts46 with Transitional_Processing. */
  PUNY_PROFILE_DISPLAY = 3       /**< uts46, and ToUnicode shows only labels that decode and validate. */
} puny_profile;

/** The options of a profile; for an unknown profile, a value every function
 *  rejects with PUNY_INVALID_ARGUMENT. */
puny_options puny_profile_options(int profile) PUNY_NOEXCEPT;

/* ------------------------------------------------------------------------ */
/* Results. */

/** puny_result.label when no label failed. */
#define PUNY_NO_LABEL SIZE_MAX

/** What an `_ex` function did. */
typedef struct puny_result {
  int status;      /**< The return value: PUNY_OK or a puny_status. */
  uint32_t errors; /**< UTS #46 codes recorded: PUNY_IDNA_BIT(code) for each; 0 for Punycode functions. */
  size_t written;  /**< Elements written to the output. */
  size_t needed;   /**< With PUNY_OUTPUT_TOO_SMALL: the output size, in elements, that is enough. */
  size_t position; /**< On a Punycode or UTF-8 error: the index in the input (bytes, or code points for UTF-32) where it was found. */
  size_t label;    /**< Index (from 0) of the first label with a UTS #46 error, or PUNY_NO_LABEL. */
} puny_result;

/* ------------------------------------------------------------------------ */
/* Domain names: UTS #46 §4.2 ToASCII and §4.3 ToUnicode. */

/** ToASCII with the default profile (uts46).  Writes `*out_len` characters
 *  and returns PUNY_OK; PUNY_IDNA_ERRORS when the name breaks a rule
 *  (nothing is written); PUNY_OUTPUT_TOO_SMALL with the size needed in
 *  `*out_len`; PUNY_INVALID_UTF8.  `out_len` may be NULL. */
int puny_to_ascii(const char *in, size_t in_len, char *out, size_t out_cap, size_t *out_len) PUNY_NOEXCEPT;

/** ToUnicode with the default profile, into UTF-8.  The output is written
 *  even when it returns PUNY_IDNA_ERRORS (UTS #46 §4.3: ToUnicode always
 *  gives a result, with the bad labels as they were). */
int puny_to_unicode(const char *in, size_t in_len, char *out, size_t out_cap, size_t *out_len) PUNY_NOEXCEPT;

/** ToASCII with any options.  `result` may be NULL. */
int puny_to_ascii_ex(const char *in, size_t in_len, puny_options options, char *out, size_t out_cap,
                     puny_result *result) PUNY_NOEXCEPT;

/** ToUnicode with any options.  `result` may be NULL. */
int puny_to_unicode_ex(const char *in, size_t in_len, puny_options options, char *out, size_t out_cap,
                       puny_result *result) PUNY_NOEXCEPT;

/* ------------------------------------------------------------------------ */
/* Punycode (RFC 3492 §6), in its bare form: no "xn--" prefix. */

/** Punycode of UTF-8 text ("bücher" → "bcher-kva").  `out_len` may be NULL. */
int puny_encode(const char *utf8, size_t utf8_len, char *out, size_t out_cap, size_t *out_len) PUNY_NOEXCEPT;

/** UTF-8 text of a Punycode string ("bcher-kva" → "bücher").  Digits are
 *  case-insensitive; only canonical encodings are accepted (§6.2).
 *  `out_len` may be NULL. */
int puny_decode(const char *in, size_t in_len, char *out_utf8, size_t out_cap, size_t *out_len) PUNY_NOEXCEPT;

/** puny_encode with the error position: `result` may be NULL. */
int puny_encode_ex(const char *utf8, size_t utf8_len, char *out, size_t out_cap, puny_result *result) PUNY_NOEXCEPT;

/** puny_decode with the error position: `result` may be NULL. */
int puny_decode_ex(const char *in, size_t in_len, char *out_utf8, size_t out_cap, puny_result *result) PUNY_NOEXCEPT;

/** Punycode of code points.  Surrogates and values above U+10FFFF are
 *  PUNY_INVALID_CODE_POINT at their index.  `result` may be NULL. */
int puny_encode_utf32(const char32_t *in, size_t in_len, char *out, size_t out_cap, puny_result *result) PUNY_NOEXCEPT;

/** Code points of a Punycode string; `out_cap` and the sizes are in code
 *  points.  `result` may be NULL. */
int puny_decode_utf32(const char *in, size_t in_len, char32_t *out, size_t out_cap, puny_result *result) PUNY_NOEXCEPT;

/* ------------------------------------------------------------------------ */
/* Versions. */

/** The version of the library linked ("0.1.0"), which may be newer than the
 *  PUNY_VERSION_STRING a program was compiled with. */
const char *puny_version(void) PUNY_NOEXCEPT;

/** The version of the Unicode data the library's tables were generated from ("17.0.0"). */
const char *puny_unicode_version(void) PUNY_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PUNY_PUNY_H */
