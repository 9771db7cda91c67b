/** \file
 * puny — the C API: Punycode (RFC 3492), internationalized domain names
 * (UTS #46 ToASCII / ToUnicode on Unicode 17.0; IDNA2008, RFC 5891-5893;
 * IDNA2003, RFC 3490 with Nameprep), and whether a name is safe to show
 * (UTS #39 skeletons and restriction levels, browser display policies,
 * look-alikes of protected domains), for C11 and for any language that
 * calls C.
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
 *    and PUNY_OUT_OF_MEMORY reports that it was refused.  A look-alike
 *    index holds its domains on the heap.  Every function is thread-safe
 *    (but a look-alike index must not be added to while another thread uses
 *    it) and never calls exit, abort or a callback.
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
  PUNY_IDNA_ERRORS = 64,        /**< The domain name breaks the rules of the standard called (UTS #46, IDNA2008 or IDNA2003): the result's `errors` says which. */
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
/* Batches: ToASCII and ToUnicode of many names per call (<puny/batch.hpp>). */

/** What became of one name of a batch. */
typedef struct puny_batch_item {
  int status;      /**< PUNY_OK, PUNY_IDNA_ERRORS (codes in `errors`), PUNY_INVALID_UTF8 or PUNY_SCRATCH_TOO_SMALL. */
  uint32_t errors; /**< UTS #46 codes recorded: PUNY_IDNA_BIT(code) for each. */
  size_t offset;   /**< Where the name's output starts in `out`. */
  size_t size;     /**< Its length in bytes: 0 when ToASCII failed (ToUnicode always writes one). */
  size_t position; /**< With PUNY_INVALID_UTF8: the byte offset of the first bad sequence in the name. */
  size_t label;    /**< Index (from 0) of the first label with a UTS #46 error, or PUNY_NO_LABEL. */
} puny_batch_item;

/** What a batch call did. */
typedef struct puny_batch_result {
  size_t done;    /**< Names converted, from the first: all of them unless `out` ran out of room. */
  size_t written; /**< Bytes of `out` used: the outputs of those names one after the other. */
  size_t failed;  /**< How many of them have a status other than PUNY_OK. */
  size_t needed;  /**< When `out` ran out: the room the next name's output needs. */
} puny_batch_result;

/** ToASCII of `count` UTF-8 names, name i being the bytes of `data` from
 *  offsets[i] to offsets[i + 1] (count + 1 non-decreasing offsets, as in an
 *  Arrow string column).  items[i] describes name i.  Returns PUNY_OK when
 *  every name was converted, whatever each one's status; PUNY_OUTPUT_TOO_SMALL
 *  when `out` ran out (`result->done` names were converted, the next needs
 *  `result->needed` bytes: call again from there); PUNY_INVALID_ARGUMENT
 *  for NULL pointers with a nonzero count, decreasing offsets or unknown
 *  option bits.  `result` may be NULL. */
int puny_to_ascii_batch(const char *data, const size_t *offsets, size_t count, puny_options options, char *out,
                        size_t out_cap, puny_batch_item *items, puny_batch_result *result) PUNY_NOEXCEPT;

/** ToUnicode of `count` UTF-8 names into UTF-8, as puny_to_ascii_batch. */
int puny_to_unicode_batch(const char *data, const size_t *offsets, size_t count, puny_options options, char *out,
                          size_t out_cap, puny_batch_item *items, puny_batch_result *result) PUNY_NOEXCEPT;

/* ------------------------------------------------------------------------ */
/* IDNA2008 and IDNA2003 results. */

/** What an IDNA2008 or IDNA2003 function did (the C++ API's
 *  puny::detail::standard_result).  The codes in `errors` are the
 *  standard's own: PUNY_IDNA2008_BIT(e) or PUNY_IDNA2003_BIT(e). */
typedef struct puny_standard_result {
  int status;           /**< The return value: PUNY_OK, PUNY_IDNA_ERRORS (codes recorded) or a puny_status. */
  uint32_t errors;      /**< The standard's codes recorded, over all labels: one bit per code. */
  size_t written;       /**< Elements written to the output. */
  size_t needed;        /**< With PUNY_OUTPUT_TOO_SMALL: the output size, in elements, that is enough. */
  size_t position;      /**< With PUNY_INVALID_UTF8: the byte offset of the first bad sequence. */
  size_t label;         /**< Index (from 0) of the first label with an error, or PUNY_NO_LABEL (none, or an error of the whole name). */
  size_t offset;        /**< In that label (IDNA2008: its Unicode form; IDNA2003: as given), the index in code points of the code point at fault; 0 when the rule is about the whole label. */
  uint32_t code_point;  /**< That code point (0 when the rule is about the whole label). */
} puny_standard_result;

/* ------------------------------------------------------------------------ */
/* IDNA2008 (RFC 5890-5893, Unicode 17.0): no mapping, the RFC 5892 derived
 * property, every CONTEXTJ and CONTEXTO rule, RFC 5893 Bidi across the
 * name, the A-label round trip (<puny/idna2008.hpp>).  Labels are split at
 * U+002E only. */

/** RFC 5892 derived property values (the C++ puny::idna2008::derived_property, same values). */
typedef enum puny_idna2008_derived_property {
  PUNY_IDNA2008_PROPERTY_PVALID = 0,     /**< PROTOCOL VALID. */
  PUNY_IDNA2008_PROPERTY_CONTEXTJ = 1,   /**< Allowed where its Appendix A CONTEXTJ rule holds (U+200C, U+200D). */
  PUNY_IDNA2008_PROPERTY_CONTEXTO = 2,   /**< Allowed where its Appendix A CONTEXTO rule holds (25 code points). */
  PUNY_IDNA2008_PROPERTY_DISALLOWED = 3, /**< DISALLOWED. */
  PUNY_IDNA2008_PROPERTY_UNASSIGNED = 4  /**< UNASSIGNED in Unicode 17.0. */
} puny_idna2008_derived_property;

/** The derived property of code point `cp` as `Idna2008.txt` (Unicode 17.0)
 *  lists it: a puny_idna2008_derived_property (values above U+10FFFF: DISALLOWED). */
int puny_idna2008_property(uint32_t cp) PUNY_NOEXCEPT;
/** "PVALID", "CONTEXTJ", "CONTEXTO", "DISALLOWED", "UNASSIGNED", or NULL for a value out of range. */
const char *puny_idna2008_property_name(int property) PUNY_NOEXCEPT;

/** The rules an IDNA2008 name or label can break (the C++
 *  puny::idna2008::error, same values), in the order their names sort. */
typedef enum puny_idna2008_error {
  PUNY_IDNA2008_ALABEL_ASCII_ONLY = 0,        /**< RFC 5890 §2.3.2.1: an xn-- label decodes to ASCII only (a fake A-label). */
  PUNY_IDNA2008_ALABEL_NOT_CANONICAL = 1,     /**< RFC 5891 §4.2.1, §5.3: re-encoding does not give the A-label back. */
  PUNY_IDNA2008_ALABEL_UPPERCASE = 2,         /**< RFC 5891 §4.2.1 (registration): the A-label is not in lower case. */
  PUNY_IDNA2008_BIDI_1 = 3,                   /**< RFC 5893 §2 rule 1: first character not L, R or AL. */
  PUNY_IDNA2008_BIDI_2 = 4,                   /**< Rule 2: an RTL label holds a class outside R AL AN EN ES CS ET ON BN NSM. */
  PUNY_IDNA2008_BIDI_3 = 5,                   /**< Rule 3: an RTL label does not end in R, AL, EN or AN (then NSM*). */
  PUNY_IDNA2008_BIDI_4 = 6,                   /**< Rule 4: an RTL label holds both EN and AN. */
  PUNY_IDNA2008_BIDI_5 = 7,                   /**< Rule 5: an LTR label holds a class outside L EN ES CS ET ON BN NSM. */
  PUNY_IDNA2008_BIDI_6 = 8,                   /**< Rule 6: an LTR label does not end in L or EN (then NSM*). */
  PUNY_IDNA2008_CONTEXTJ = 9,           /**< RFC 5892 A.1, A.2: ZWNJ or ZWJ out of context. */
  PUNY_IDNA2008_CONTEXTO = 10,          /**< RFC 5892 A.3-A.9: a CONTEXTO code point out of context. */
  PUNY_IDNA2008_CONTEXT_NO_RULE = 11,         /**< RFC 5891 §4.2.3.3, §5.4: a CONTEXTJ/CONTEXTO code point with no rule. */
  PUNY_IDNA2008_DISALLOWED = 12,        /**< RFC 5891 §4.2.2, §5.4: a DISALLOWED code point. */
  PUNY_IDNA2008_EMPTY_LABEL = 13,             /**< RFC 1034 §3.1: an empty label other than the final root (or an empty name). */
  PUNY_IDNA2008_HYPHEN_3_4 = 14,              /**< RFC 5891 §4.2.3.1, §5.4: "--" in positions 3-4 (not an A-label). */
  PUNY_IDNA2008_HYPHEN_START_END = 15,        /**< RFC 5891 §4.2.3.1: a label begins or ends with "-". */
  PUNY_IDNA2008_LABEL_TOO_LONG = 16,          /**< RFC 5890 §2.3.2.1, RFC 5891 §4.4, §5.5: over 63 octets in ASCII form. */
  PUNY_IDNA2008_LEADING_COMBINING_MARK = 17,  /**< RFC 5891 §4.2.3.2, §5.4: the label begins with a mark. */
  PUNY_IDNA2008_NAME_TOO_LONG = 18,           /**< RFC 1034 §3.1: the name is over 253 octets in ASCII form. */
  PUNY_IDNA2008_NON_LDH_ASCII = 19,           /**< RFC 5890 §2.3.1, RFC 1123 §2.1: an ASCII label with other than a-z A-Z 0-9 -. */
  PUNY_IDNA2008_NOT_NFC = 20,                 /**< RFC 5891 §4.1, §5.4: the label is not in NFC. */
  PUNY_IDNA2008_PUNYCODE_INVALID = 21,        /**< RFC 5891 §4.2.1, §5.3; RFC 3492 §6.2: an xn-- tail that does not decode. */
  PUNY_IDNA2008_UALABEL_MISMATCH = 22,        /**< RFC 5891 §4.2.1 (registration): the U-label given is not the decoded A-label. */
  PUNY_IDNA2008_UNASSIGNED = 23         /**< RFC 5891 §4.2.2, §5.4: a code point unassigned in Unicode 17.0. */
} puny_idna2008_error;

/** The number of puny_idna2008_error values. */
#define PUNY_IDNA2008_ERROR_COUNT 24
/** The bit of a puny_idna2008_error in puny_standard_result.errors. */
#define PUNY_IDNA2008_BIT(error) ((uint32_t)1 << (error))

/** The code's name ("CONTEXTO", "BIDI_1", "HYPHEN_3_4", ...), or NULL for a value out of range. */
const char *puny_idna2008_error_name(int error) PUNY_NOEXCEPT;
/** One English phrase per code ("a CONTEXTO code point is out of context"), or NULL for a value out of range. */
const char *puny_idna2008_error_message(int error) PUNY_NOEXCEPT;
/** The sections that state the rule ("RFC 5892 Appendix A.3-A.9"), or NULL for a value out of range. */
const char *puny_idna2008_error_rule(int error) PUNY_NOEXCEPT;

/** IDNA2008 options: an OR of the PUNY_IDNA2008_ bits (the members of the
 *  C++ puny::idna2008::options).  Start from PUNY_IDNA2008_LOOKUP or
 *  PUNY_IDNA2008_REGISTRATION and add or clear bits.  The rules that are
 *  MUST in both RFC 5891 §4 and §5 are always applied. */
typedef uint32_t puny_idna2008_flags;

#define PUNY_IDNA2008_CHECK_CONTEXTO ((puny_idna2008_flags)1 << 0)            /**< Evaluate the CONTEXTO rules of RFC 5892 A.3-A.9 (§5.4 lets lookup skip them). */
#define PUNY_IDNA2008_CHECK_BIDI ((puny_idna2008_flags)1 << 1)                /**< RFC 5893 on every label of a Bidi domain name (BIDI_1-BIDI_6). */
#define PUNY_IDNA2008_CHECK_HOSTNAME ((puny_idna2008_flags)1 << 2)            /**< NON_LDH_ASCII for an ASCII label other than letters, digits, "-". */
#define PUNY_IDNA2008_CHECK_HYPHENS ((puny_idna2008_flags)1 << 3)             /**< HYPHEN_START_END (RFC 5891 §4.2.3.1). */
#define PUNY_IDNA2008_REQUIRE_LOWERCASE_ALABELS ((puny_idna2008_flags)1 << 4) /**< ALABEL_UPPERCASE; otherwise A-labels are lower-cased first (§5.3). */
#define PUNY_IDNA2008_ALLOW_RESERVED_LDH ((puny_idna2008_flags)1 << 5)        /**< Accept an R-LDH label that is not an XN-label ("ab--cd") as an opaque label. */
#define PUNY_IDNA2008_VERIFY_DNS_LENGTH ((puny_idna2008_flags)1 << 6)         /**< NAME_TOO_LONG over 253 octets (labels over 63 always fail). */
#define PUNY_IDNA2008_ALLOW_TRAILING_DOT ((puny_idna2008_flags)1 << 7)        /**< Accept one trailing dot (the root); off: EMPTY_LABEL. */

/** Lookup (RFC 5891 §5), CONTEXTO rules evaluated: the C++ options::for_profile(profile::lookup). */
#define PUNY_IDNA2008_LOOKUP                                                                      \
  (PUNY_IDNA2008_CHECK_CONTEXTO | PUNY_IDNA2008_CHECK_BIDI | PUNY_IDNA2008_CHECK_HOSTNAME |      \
   PUNY_IDNA2008_VERIFY_DNS_LENGTH | PUNY_IDNA2008_ALLOW_TRAILING_DOT)
/** Registration (RFC 5891 §4): lookup, and hyphens at the ends, lower-case A-labels. */
#define PUNY_IDNA2008_REGISTRATION \
  (PUNY_IDNA2008_LOOKUP | PUNY_IDNA2008_CHECK_HYPHENS | PUNY_IDNA2008_REQUIRE_LOWERCASE_ALABELS)

/** IDNA2008 lookup ToASCII (RFC 5891 §5) of a UTF-8 name: every U-label
 *  replaced by its A-label, ASCII labels kept as they are (their case
 *  too).  Returns PUNY_OK with `result->written` bytes written;
 *  PUNY_IDNA_ERRORS when a rule is broken (nothing written; the codes in
 *  `result->errors`); PUNY_OUTPUT_TOO_SMALL with `result->needed`;
 *  PUNY_INVALID_UTF8; PUNY_OUT_OF_MEMORY; PUNY_INVALID_ARGUMENT for
 *  unknown flag bits or a NULL pointer with a nonzero length.  `result`
 *  may be NULL.  Allocation-free for domain names. */
int puny_idna2008_to_ascii(const char *in, size_t in_len, puny_idna2008_flags flags, char *out, size_t out_cap,
                           puny_standard_result *result) PUNY_NOEXCEPT;

/** IDNA2008 lookup ToUnicode: every A-label replaced by its U-label.  The
 *  output is written even with PUNY_IDNA_ERRORS: a label that breaks a rule
 *  is written as it was given.  As puny_idna2008_to_ascii() otherwise
 *  (`out_cap` 4 × `in_len` is always enough). */
int puny_idna2008_to_unicode(const char *in, size_t in_len, puny_idna2008_flags flags, char *out, size_t out_cap,
                             puny_standard_result *result) PUNY_NOEXCEPT;

/** What puny_idna2008_register_label() did. */
typedef struct puny_registration_result {
  int status;           /**< The return value. */
  uint32_t errors;      /**< IDNA2008 codes: PUNY_IDNA2008_BIT(e) for each. */
  size_t a_written;     /**< Bytes of A-label written to `a_out`. */
  size_t a_needed;      /**< With PUNY_OUTPUT_TOO_SMALL: the room `a_out` needs. */
  size_t u_written;     /**< Bytes of U-label written to `u_out`. */
  size_t u_needed;      /**< With PUNY_OUTPUT_TOO_SMALL: the room `u_out` needs. */
  size_t position;      /**< With PUNY_INVALID_UTF8: the byte offset in the U-label given. */
  size_t offset;        /**< In the label's Unicode form, the index in code points of the code point at fault (0 when the rule is about the whole label). */
  uint32_t code_point;  /**< That code point (0 when the rule is about the whole label). */
} puny_registration_result;

/** Room always enough for puny_idna2008_register_label()'s A-label (63 octets). */
#define PUNY_IDNA2008_A_LABEL_SIZE 63
/** Room always enough for its U-label in UTF-8 (59 code points). */
#define PUNY_IDNA2008_U_LABEL_SIZE 252

/** IDNA2008 registration (RFC 5891 §4) of one label given as a U-label
 *  (UTF-8), an A-label, or both (a length of 0 means "not given"; neither
 *  given is EMPTY_LABEL).  Given both, the A-label must decode to exactly
 *  the U-label (UALABEL_MISMATCH otherwise).  On success writes the A-label
 *  to `a_out` and the U-label to `u_out` (an all-LDH label that is not an
 *  XN-label as both) and returns PUNY_OK; otherwise PUNY_IDNA_ERRORS (the
 *  codes in `result->errors`, nothing written), PUNY_OUTPUT_TOO_SMALL
 *  (`result->a_needed`, `result->u_needed`), PUNY_INVALID_UTF8,
 *  PUNY_INVALID_ARGUMENT.  Pass PUNY_IDNA2008_REGISTRATION as `flags` for
 *  the registration rules.  `result` may be NULL.  Allocation-free. */
int puny_idna2008_register_label(const char *u_label, size_t u_len, const char *a_label, size_t a_len,
                                 puny_idna2008_flags flags, char *a_out, size_t a_cap, char *u_out, size_t u_cap,
                                 puny_registration_result *result) PUNY_NOEXCEPT;

/* ------------------------------------------------------------------------ */
/* IDNA2003 (RFC 3490 ToASCII / ToUnicode, Nameprep RFC 3491 over
 * Stringprep RFC 3454, Unicode 3.2) for interoperability with older
 * software (<puny/idna2003.hpp>).  The four label separators U+002E U+3002
 * U+FF0E U+FF61 all split labels and are written as U+002E. */

/** The rules an IDNA2003 label can break (the C++ puny::idna2003::error,
 *  same values), in the order their names sort. */
typedef enum puny_idna2003_error {
  PUNY_IDNA2003_ACE_PREFIX_PRESENT = 0,          /**< RFC 3490 §4.1 step 5: a non-ASCII label begins with the ACE prefix. */
  PUNY_IDNA2003_BIDI_BOTH_L_AND_RAL = 1,         /**< RFC 3454 §6 rule 2: RandALCat and LCat in one label. */
  PUNY_IDNA2003_BIDI_PROHIBITED = 2,             /**< RFC 3454 §6 rule 1: a character of table C.8. */
  PUNY_IDNA2003_BIDI_RAL_NOT_FIRST_LAST = 3,     /**< RFC 3454 §6 rule 3: a RandALCat label not starting and ending with RandALCat. */
  PUNY_IDNA2003_INVALID_LENGTH = 4,              /**< RFC 3490 §4.1 step 8: the label is empty or over 63 code points. */
  PUNY_IDNA2003_LEADING_OR_TRAILING_HYPHEN = 5,  /**< RFC 3490 §4.1 step 3b (UseSTD3ASCIIRules). */
  PUNY_IDNA2003_NAME_TOO_LONG = 6,               /**< The name is over 253 octets in ASCII form (PUNY_IDNA2003_VERIFY_DNS_LENGTH only). */
  PUNY_IDNA2003_NON_LDH_ASCII = 7,               /**< RFC 3490 §4.1 step 3a (UseSTD3ASCIIRules): ASCII other than LDH. */
  PUNY_IDNA2003_PROHIBITED = 8,                  /**< RFC 3491 §5: a code point of C.1.2, C.2.2, C.3-C.7 or C.9. */
  PUNY_IDNA2003_PUNYCODE_ERROR = 9,              /**< RFC 3490 §4.1 step 6 / §4.2 step 5: Punycode encoding or decoding failed. */
  PUNY_IDNA2003_ROUNDTRIP_MISMATCH = 10,         /**< RFC 3490 §4.2 step 7: ToASCII of the decoded label is not the input. */
  PUNY_IDNA2003_UNASSIGNED = 11                  /**< RFC 3491 §7: a code point of A.1, AllowUnassigned off. */
} puny_idna2003_error;

/** The number of puny_idna2003_error values. */
#define PUNY_IDNA2003_ERROR_COUNT 12
/** The bit of a puny_idna2003_error in puny_standard_result.errors. */
#define PUNY_IDNA2003_BIT(error) ((uint32_t)1 << (error))

/** The code's name ("PROHIBITED", "ROUNDTRIP_MISMATCH", ...), or NULL for a value out of range. */
const char *puny_idna2003_error_name(int error) PUNY_NOEXCEPT;
/** One English phrase per code, or NULL for a value out of range. */
const char *puny_idna2003_error_message(int error) PUNY_NOEXCEPT;
/** The sections that state the rule ("RFC 3491 §5; RFC 3454 §5"), or NULL for a value out of range. */
const char *puny_idna2003_error_rule(int error) PUNY_NOEXCEPT;

/** IDNA2003 flags: an OR of the PUNY_IDNA2003_ bits; 0 is RFC 3490 with
 *  both of its flags off ("stored strings"). */
typedef uint32_t puny_idna2003_flags;

#define PUNY_IDNA2003_ALLOW_UNASSIGNED ((puny_idna2003_flags)1 << 0)      /**< AllowUnassigned: code points unassigned in Unicode 3.2 pass ("query strings"); the value libidn, Java and ICU give it. */
#define PUNY_IDNA2003_USE_STD3_ASCII_RULES ((puny_idna2003_flags)1 << 1)  /**< UseSTD3ASCIIRules: only LDH ASCII after Nameprep, no "-" at either end; libidn's value too. */
#define PUNY_IDNA2003_VERIFY_DNS_LENGTH ((puny_idna2003_flags)1 << 2)     /**< NAME_TOO_LONG over 253 octets (RFC 3490 sets no limit on the name). */
#define PUNY_IDNA2003_NFKC_UNICODE_3_2_TEXT ((puny_idna2003_flags)1 << 3) /**< NFKC blocks composition as the Unicode 3.2 text of UAX #15 D2 says, as libidn 1.x does (not as corrected after PRI #29). */

/** IDNA2003 ToASCII (RFC 3490 §4.1) of every label of a UTF-8 name.
 *  Returns PUNY_OK with `result->written` bytes written; PUNY_IDNA_ERRORS
 *  (nothing written; the codes in `result->errors`); PUNY_OUTPUT_TOO_SMALL
 *  with `result->needed`; PUNY_INVALID_UTF8; PUNY_OUT_OF_MEMORY;
 *  PUNY_INVALID_ARGUMENT.  `result` may be NULL. */
int puny_idna2003_to_ascii(const char *in, size_t in_len, puny_idna2003_flags flags, char *out, size_t out_cap,
                           puny_standard_result *result) PUNY_NOEXCEPT;

/** IDNA2003 ToUnicode (RFC 3490 §4.2) of every label, which never fails: a
 *  label whose conversion fails at any step is written exactly as it was
 *  given, and PUNY_IDNA_ERRORS says so, with why in `result->errors` (the
 *  output is complete all the same).  A label without the ACE prefix is
 *  given back as it was and is no error.  `out_cap` 4 × `in_len` is always
 *  enough. */
int puny_idna2003_to_unicode(const char *in, size_t in_len, puny_idna2003_flags flags, char *out, size_t out_cap,
                             puny_standard_result *result) PUNY_NOEXCEPT;

/** Nameprep (RFC 3491) of one UTF-8 label: map (B.1, B.2), NFKC (Unicode
 *  3.2), prohibit, check Bidi and, without PUNY_IDNA2003_ALLOW_UNASSIGNED,
 *  unassigned code points.  Separators are not special.  Returns PUNY_OK
 *  with `result->written` bytes written; PUNY_IDNA_ERRORS (nothing
 *  written); PUNY_OUTPUT_TOO_SMALL with `result->needed` (`out_cap` 0 asks
 *  for it); PUNY_INVALID_UTF8; PUNY_OUT_OF_MEMORY; PUNY_INVALID_ARGUMENT.
 *  PUNY_IDNA2003_USE_STD3_ASCII_RULES and PUNY_IDNA2003_VERIFY_DNS_LENGTH
 *  do not apply to Nameprep and are ignored. */
int puny_nameprep(const char *in, size_t in_len, puny_idna2003_flags flags, char *out, size_t out_cap,
                  puny_standard_result *result) PUNY_NOEXCEPT;

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
/* Unicode Security Mechanisms (UTS #39, revision 32, Unicode 17.0):
 * skeletons, confusability, restriction levels (<puny/security.hpp>). */

/** Flags of the security and display functions: an OR of the PUNY_SEC_ bits. */
typedef uint32_t puny_security_flags;

/** Unicode 17.0 made all but 19,842 Han ideographs Uncommon_Use and every
 *  Bopomofo character Limited_Use; with this flag the identifier profile also
 *  allows every Unified_Ideograph and Bopomofo character, as before 17.0 (the
 *  C++ API's puny::han_bopomofo::cjk_compat).  Without it: strict17. */
#define PUNY_SEC_CJK_COMPAT ((puny_security_flags)1 << 0)

/** The restriction levels of UTS #39 §5.2, least permissive first; values
 *  as the C++ API's puny::restriction_level. */
typedef enum puny_level {
  PUNY_LEVEL_ASCII_ONLY = 1,             /**< Every character ASCII. */
  PUNY_LEVEL_SINGLE_SCRIPT = 2,          /**< One script (the resolved script set is not empty). */
  PUNY_LEVEL_HIGHLY_RESTRICTIVE = 3,     /**< Or Latin with Han+Bopomofo, Han+Hiragana+Katakana or Han+Hangul. */
  PUNY_LEVEL_MODERATELY_RESTRICTIVE = 4, /**< Or Latin with one other Recommended script, not Cyrillic or Greek. */
  PUNY_LEVEL_MINIMALLY_RESTRICTIVE = 5,  /**< Any mix of scripts, within the identifier profile. */
  PUNY_LEVEL_UNRESTRICTED = 6            /**< A character outside the identifier profile. */
} puny_level;

/** The level's name: "ascii_only", "highly_restrictive", ... (NULL for a value out of range). */
const char *puny_level_name(int level) PUNY_NOEXCEPT;

/** The restriction level of UTF-8 text (UTS #39 §5.2) into `*level` (a
 *  puny_level).  Returns PUNY_OK; PUNY_INVALID_UTF8 (the byte offset in
 *  `result->position`); PUNY_INVALID_ARGUMENT for a NULL `level`, unknown
 *  flags or a NULL `in` with a nonzero length.  `result` may be NULL.
 *  Allocation-free, linear time. */
int puny_restriction_level(const char *in, size_t in_len, puny_security_flags flags, int *level,
                           puny_result *result) PUNY_NOEXCEPT;

/** The most bytes puny_skeleton() writes per input byte. */
#define PUNY_SKELETON_GROWTH 10

/** The UTS #39 §4 skeleton of UTF-8 text (NFD, Default_Ignorable_Code_Point
 *  removed, each character replaced by its confusables.txt prototype, NFD
 *  again): two strings are confusable exactly when their skeletons are
 *  equal.  Writes `result->written` bytes; PUNY_OUTPUT_TOO_SMALL with the
 *  size needed in `result->needed` (`out_cap` 0 asks for it; at most
 *  PUNY_SKELETON_GROWTH × `in_len`); PUNY_INVALID_UTF8 at `result->position`.
 *  `result` may be NULL.  Allocation-free. */
int puny_skeleton(const char *in, size_t in_len, char *out, size_t out_cap, puny_result *result) PUNY_NOEXCEPT;

/** The skeleton of code points; sizes in code points.  A surrogate or a
 *  value above U+10FFFF maps to itself.  `result` may be NULL. */
int puny_skeleton_utf32(const char32_t *in, size_t in_len, char32_t *out, size_t out_cap,
                        puny_result *result) PUNY_NOEXCEPT;

/** puny_confusable(): the two strings have the same skeleton. */
#define PUNY_CONFUSABLE ((uint32_t)1 << 0)
/** puny_confusable(): confusable, and their resolved script sets intersect. */
#define PUNY_CONFUSABLE_SINGLE_SCRIPT ((uint32_t)1 << 1)
/** puny_confusable(): confusable, and their resolved script sets do not intersect. */
#define PUNY_CONFUSABLE_MIXED_SCRIPT ((uint32_t)1 << 2)
/** puny_confusable(): mixed-script confusable, and each string is single-script. */
#define PUNY_CONFUSABLE_WHOLE_SCRIPT ((uint32_t)1 << 3)

/** Whether UTF-8 strings `a` and `b` are confusable (UTS #39 §4) and how,
 *  as an OR of the PUNY_CONFUSABLE bits in `*kinds` (0: not confusable).
 *  Returns PUNY_OK; PUNY_INVALID_UTF8 when either string is ill-formed
 *  (`*kinds` is then 0); PUNY_INVALID_ARGUMENT for a NULL `kinds` or a NULL
 *  string with a nonzero length.  Allocation-free up to 1,024 code points
 *  each. */
int puny_confusable(const char *a, size_t a_len, const char *b, size_t b_len, uint32_t *kinds) PUNY_NOEXCEPT;

/* ------------------------------------------------------------------------ */
/* Look-alikes of protected domains (<puny/lookalike.hpp>). */

/** A look-alike index: protected domains, queried with Chromium's top-domain
 *  skeleton rules (so that login.раураl.com finds paypal.com).  Opaque;
 *  made by puny_lookalike_index_new() and released by
 *  puny_lookalike_index_free().  Queries may run from any number of threads
 *  at once; adding must not run concurrently with anything on the same
 *  index. */
typedef struct puny_lookalike_index puny_lookalike_index;

/** `id` of a puny_lookalike_match that found nothing, and of a
 *  puny_display_result whose name looks like no protected domain. */
#define PUNY_NO_LOOKALIKE SIZE_MAX

/** A protected domain that a name looks like. */
typedef struct puny_lookalike_match {
  size_t id;          /**< Its index in the order domains were added; PUNY_NO_LOOKALIKE when none. */
  const char *domain; /**< Its Unicode form (UTF-8, not NUL-terminated), valid while the index lives; NULL when none. */
  size_t domain_len;  /**< The length of `domain` in bytes. */
  int top_bucket;     /**< Nonzero when it was added to the top bucket. */
} puny_lookalike_match;

/** A new, empty index, or NULL when memory is short. */
puny_lookalike_index *puny_lookalike_index_new(void) PUNY_NOEXCEPT;

/** Releases an index (NULL is allowed and does nothing). */
void puny_lookalike_index_free(puny_lookalike_index *index) PUNY_NOEXCEPT;

/** Adds a protected domain (ACE or Unicode, any case; UTS #46 ToUnicode
 *  with the uts46 profile must accept it; a trailing dot is dropped).  A
 *  domain added with `top_bucket` nonzero is also found by
 *  puny_lookalike_index_find_without_separators().  Returns PUNY_OK when it
 *  was added or was there already; PUNY_IDNA_ERRORS (the codes in
 *  `result->errors`); PUNY_INVALID_UTF8 (`result->position`);
 *  PUNY_OUT_OF_MEMORY; PUNY_INVALID_ARGUMENT for a NULL index or buffer.
 *  `result` may be NULL. */
int puny_lookalike_index_add(puny_lookalike_index *index, const char *domain, size_t domain_len, int top_bucket,
                             puny_result *result) PUNY_NOEXCEPT;

/** Adds every domain of a list in the format of Chromium's top-domain lists:
 *  one domain per line (LF or CRLF), "#" starts a comment line, blank lines
 *  are skipped, and a line "###END_TOP_BUCKET###" ends the top bucket (a
 *  list without it has none).  The number of domains added goes to
 *  `*added`, the number of lines refused (not domain names; a domain
 *  listed twice is not refused) to `*refused` and the 1-based
 *  number of the first one to `*first_refused_line` (0 when none); each may
 *  be NULL.  Returns PUNY_OK (lines refused included), PUNY_OUT_OF_MEMORY
 *  or PUNY_INVALID_ARGUMENT. */
int puny_lookalike_index_add_list(puny_lookalike_index *index, const char *text, size_t text_len, size_t *added,
                                  size_t *refused, size_t *first_refused_line) PUNY_NOEXCEPT;

/** The number of protected domains in the index (0 for NULL). */
size_t puny_lookalike_index_size(const puny_lookalike_index *index) PUNY_NOEXCEPT;

/** The protected domain of index `id` (Unicode, UTF-8, not NUL-terminated,
 *  valid while the index lives) through `*domain` and `*domain_len`.
 *  Returns PUNY_OK, or PUNY_INVALID_ARGUMENT for a NULL pointer or an `id`
 *  out of range. */
int puny_lookalike_index_domain(const puny_lookalike_index *index, size_t id, const char **domain,
                                size_t *domain_len) PUNY_NOEXCEPT;

/** The protected domain `domain` looks like (Chromium's full lookup: its
 *  last 4, 3 and 2 labels), in `*match`; `match->id` is PUNY_NO_LOOKALIKE
 *  when there is none.  A protected domain and its subdomains never match
 *  themselves; an invalid domain matches nothing.  Returns PUNY_OK, or
 *  PUNY_INVALID_ARGUMENT for a NULL index or match, or a NULL domain with
 *  a nonzero length.  Allocation-free. */
int puny_lookalike_index_find(const puny_lookalike_index *index, const char *domain, size_t domain_len,
                              puny_lookalike_match *match) PUNY_NOEXCEPT;

/** Chromium's separators-removed lookup: a top-bucket domain whose skeleton
 *  without "." and "-" equals that of `domain` without them.  As
 *  puny_lookalike_index_find(). */
int puny_lookalike_index_find_without_separators(const puny_lookalike_index *index, const char *domain,
                                                 size_t domain_len, puny_lookalike_match *match) PUNY_NOEXCEPT;

/* ------------------------------------------------------------------------ */
/* Display safety (<puny/display.hpp>): which labels of a domain name may be
 * shown in Unicode, under a browser's or UTS #39's policy. */

/** The display policies; values as the C++ API's puny::display_policy. */
typedef enum puny_display_policy {
  PUNY_POLICY_CHROMIUM = 0,                     /**< Chromium's IdnSpoofChecker (Unicode 17 / ICU 78.2); the default. */
  PUNY_POLICY_FIREFOX = 1,                      /**< Firefox's nsIDNService::IsLabelSafe. */
  PUNY_POLICY_UTS39_HIGHLY_RESTRICTIVE = 2,     /**< UTS #39 §5.2 Highly Restrictive, with §5.3 and §5.4. */
  PUNY_POLICY_UTS39_MODERATELY_RESTRICTIVE = 3, /**< UTS #39 §5.2 Moderately Restrictive, with §5.3 and §5.4. */
  PUNY_POLICY_ASCII = 4                         /**< Never show Unicode ("always Punycode"). */
} puny_display_policy;

/** The policy's name as the command line spells it ("chromium",
 *  "uts39-highly-restrictive", ...), or NULL for a value out of range. */
const char *puny_display_policy_name(int policy) PUNY_NOEXCEPT;

/** Why a label is not shown in Unicode (or why a name is not shown as
 *  itself); values as the C++ API's puny::display_reason.  A
 *  puny_display_result carries them as bits: PUNY_REASON_BIT(reason). */
typedef enum puny_display_reason {
  PUNY_REASON_INVALID = 0,                   /**< The label is not valid under UTS #46. */
  PUNY_REASON_CHARACTER_NOT_ALLOWED = 1,     /**< A character outside the policy's allowed set. */
  PUNY_REASON_DENY_LISTED_CHARACTER = 2,     /**< A character on the policy's or the caller's block list. */
  PUNY_REASON_SCRIPT_NOT_ALLOWED = 3,        /**< A script outside the caller's allowed scripts. */
  PUNY_REASON_RESTRICTION_LEVEL = 4,         /**< A mix of scripts above the policy's restriction level (UTS #39 §5.2). */
  PUNY_REASON_MIXED_NUMBERS = 5,             /**< Digits of more than one numbering system (UTS #39 §5.3). */
  PUNY_REASON_INVISIBLE_OR_HIDDEN_MARKS = 6, /**< Repeated or too many nonspacing marks, or a hidden overlay (§5.4). */
  PUNY_REASON_WHOLE_SCRIPT_CONFUSABLE = 7,   /**< Every letter of the label looks like a Latin letter (or the TLD's script). */
  PUNY_REASON_DIGIT_LOOKALIKE = 8,           /**< The label is digits and characters that look like digits. */
  PUNY_REASON_TLD_SPECIFIC_CHARACTER = 9,    /**< A character allowed only under its own TLD (þ ð ə, U+00B7...). */
  PUNY_REASON_DANGEROUS_PATTERN = 10,        /**< A pattern of Kana, CJK strokes or combining marks browsers reject. */
  PUNY_REASON_NON_ASCII_LATIN_MIXED = 11,    /**< Non-ASCII Latin mixed with another script. */
  PUNY_REASON_LOOKALIKE_OF_PROTECTED = 12,   /**< The name looks like a protected domain. */
  PUNY_REASON_ASCII_POLICY = 13              /**< The ascii policy shows no label in Unicode. */
} puny_display_reason;

/** The number of puny_display_reason values. */
#define PUNY_DISPLAY_REASON_COUNT 14
/** The bit of a puny_display_reason in a reasons mask. */
#define PUNY_REASON_BIT(reason) ((uint32_t)1 << (reason))

/** The reason's name ("whole_script_confusable"), or NULL for a value out of range. */
const char *puny_display_reason_name(int reason) PUNY_NOEXCEPT;
/** One English phrase per reason, or NULL for a value out of range. */
const char *puny_display_reason_message(int reason) PUNY_NOEXCEPT;

/** What a caller can set beyond the policy.  Zero-initialized
 *  (`puny_display_options o = {0};`), every member has its default: the
 *  chromium policy, no protected domains, nothing added or blocked, every
 *  script, strict17. */
typedef struct puny_display_options {
  int policy;                          /**< A puny_display_policy. */
  const puny_lookalike_index *protect; /**< Protected domains (NULL: none); consulted by every policy but ascii. */
  const char *allowed_characters;      /**< UTF-8 characters the policy's allowed set gains (may be NULL). */
  size_t allowed_characters_len;       /**< Its length in bytes. */
  const char *blocked_characters;      /**< UTF-8 characters never shown in Unicode; wins over allowed (may be NULL). */
  size_t blocked_characters_len;       /**< Its length in bytes. */
  const char *scripts;                 /**< Allowed scripts, ISO 15924 codes separated by commas ("Latn,Grek"); NULL or empty: every script. */
  size_t scripts_len;                  /**< Its length in bytes. */
  puny_security_flags flags;           /**< PUNY_SEC_CJK_COMPAT or 0. */
} puny_display_options;

/** The decision for one label. */
typedef struct puny_display_label {
  size_t offset;           /**< Where the label's shown form starts in the output. */
  size_t length;           /**< Its length in bytes. */
  int non_ascii;           /**< Nonzero for an IDN label (its Unicode form is not ASCII). */
  int shown_unicode;       /**< Nonzero when its Unicode form is shown (0 for ASCII labels). */
  uint32_t reasons;        /**< Why not: PUNY_REASON_BIT(reason) for each (0 when shown or ASCII). */
  uint32_t errors;         /**< Its UTS #46 codes: PUNY_IDNA_BIT(code) for each. */
  uint32_t code_point;     /**< The character that decided the first reason, if one did (else 0). */
  size_t code_point_index; /**< Its index, in code points, in the label's Unicode form. */
} puny_display_label;

/** What puny_display() did. */
typedef struct puny_display_result {
  int status;       /**< The return value. */
  size_t written;   /**< Bytes of display string written. */
  size_t needed;    /**< With PUNY_OUTPUT_TOO_SMALL: the output size that is enough. */
  size_t position;  /**< With PUNY_INVALID_UTF8: the byte offset of the first bad sequence. */
  uint32_t errors;  /**< UTS #46 codes of the whole name: PUNY_IDNA_BIT(code) for each. */
  uint32_t reasons; /**< Union of the labels' reasons, and PUNY_REASON_LOOKALIKE_OF_PROTECTED: 0 when the name is shown as itself. */
  size_t labels;    /**< Labels in the name (only the first `labels_cap` are written). */
  size_t lookalike; /**< The id in the index of the protected domain it looks like, or PUNY_NO_LOOKALIKE. */
} puny_display_result;

/** Room puny_display() needs for a domain of `n` bytes. */
#define PUNY_DISPLAY_BUFFER_SIZE(n) (18 * (size_t)(n) + 64)

/** The display string of a domain name (any form UTS #46 accepts): each
 *  label in Unicode where the policy allows it, else its xn-- form (a label
 *  with UTS #46 errors as it was given).  It always converts back, by
 *  ToASCII, to the ToASCII of the input.  One puny_display_label per label
 *  goes to `labels` (up to `labels_cap`; may be NULL with 0).  `options` may
 *  be NULL (the defaults).  Returns PUNY_OK when the display string was
 *  written, whatever the decision: `result->reasons` is 0 when the name is
 *  shown as itself.  PUNY_OUTPUT_TOO_SMALL with `result->needed`;
 *  PUNY_INVALID_UTF8 at `result->position`; PUNY_INVALID_ARGUMENT for an
 *  unknown policy or flag, an unknown script name, ill-formed UTF-8 in the
 *  character lists, or a NULL pointer with a nonzero length;
 *  PUNY_OUT_OF_MEMORY.  `result` may be NULL.  Allocation-free for domain
 *  names. */
int puny_display(const char *in, size_t in_len, const puny_display_options *options, char *out, size_t out_cap,
                 puny_display_label *labels, size_t labels_cap, puny_display_result *result) PUNY_NOEXCEPT;

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
