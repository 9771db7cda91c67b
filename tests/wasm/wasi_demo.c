/* A WASI program over puny's C API (include/puny/puny.h): the RFC 3492 §7.1
 * sample strings through Punycode and back, and bücher.de through UTS #46
 * ToASCII and ToUnicode.  It prints one line per conversion on stdout, which
 * tests/wasm/run_wasi.mjs compares byte for byte with tests/wasm/expected.txt;
 * a failed check is also told on stderr and makes the exit status 1, so the
 * program checks itself even where the output is not compared.
 *
 * Built for wasm32-wasi by .ci/wasm.sh (tests/wasm/CMakeLists.txt), but it is
 * plain C11 and builds and runs natively as well. */
#include <puny/puny.h>

#include <stdio.h>
#include <string.h>

/* RFC 3492 §7.1, "Sample strings": the code points of (A) to (S), and below
 * their Punycode exactly as the RFC prints them (line breaks undone), in the
 * transcription of tests/common/rfc3492_data.hpp.  §7.1 writes each code
 * point as "U+" when its Appendix A case flag is set and "u+" when not; the
 * C API takes no case flags, so only the code points are kept here.  The
 * program decodes each RFC Punycode string and checks that it gives these
 * code points, so a slip in the table shows. */
/* (A) Arabic (Egyptian) */
static const char32_t sample_a[] = {
    0x0644, 0x064A, 0x0647, 0x0645, 0x0627, 0x0628, 0x062A, 0x0643, 0x0644, 0x0645,
    0x0648, 0x0634, 0x0639, 0x0631, 0x0628, 0x064A, 0x061F};
/* (B) Chinese (simplified) */
static const char32_t sample_b[] = {
    0x4ED6, 0x4EEC, 0x4E3A, 0x4EC0, 0x4E48, 0x4E0D, 0x8BF4, 0x4E2D, 0x6587};
/* (C) Chinese (traditional) */
static const char32_t sample_c[] = {
    0x4ED6, 0x5011, 0x7232, 0x4EC0, 0x9EBD, 0x4E0D, 0x8AAA, 0x4E2D, 0x6587};
/* (D) Czech: Pro<ccaron>prost<ecaron>nemluv<iacute><ccaron>esky */
static const char32_t sample_d[] = {
    0x0050, 0x0072, 0x006F, 0x010D, 0x0070, 0x0072, 0x006F, 0x0073, 0x0074, 0x011B,
    0x006E, 0x0065, 0x006D, 0x006C, 0x0075, 0x0076, 0x00ED, 0x010D, 0x0065, 0x0073,
    0x006B, 0x0079};
/* (E) Hebrew */
static const char32_t sample_e[] = {
    0x05DC, 0x05DE, 0x05D4, 0x05D4, 0x05DD, 0x05E4, 0x05E9, 0x05D5, 0x05D8, 0x05DC,
    0x05D0, 0x05DE, 0x05D3, 0x05D1, 0x05E8, 0x05D9, 0x05DD, 0x05E2, 0x05D1, 0x05E8,
    0x05D9, 0x05EA};
/* (F) Hindi (Devanagari) */
static const char32_t sample_f[] = {
    0x092F, 0x0939, 0x0932, 0x094B, 0x0917, 0x0939, 0x093F, 0x0928, 0x094D, 0x0926,
    0x0940, 0x0915, 0x094D, 0x092F, 0x094B, 0x0902, 0x0928, 0x0939, 0x0940, 0x0902,
    0x092C, 0x094B, 0x0932, 0x0938, 0x0915, 0x0924, 0x0947, 0x0939, 0x0948, 0x0902};
/* (G) Japanese (kanji and hiragana) */
static const char32_t sample_g[] = {
    0x306A, 0x305C, 0x307F, 0x3093, 0x306A, 0x65E5, 0x672C, 0x8A9E, 0x3092, 0x8A71,
    0x3057, 0x3066, 0x304F, 0x308C, 0x306A, 0x3044, 0x306E, 0x304B};
/* (H) Korean (Hangul syllables) */
static const char32_t sample_h[] = {
    0xC138, 0xACC4, 0xC758, 0xBAA8, 0xB4E0, 0xC0AC, 0xB78C, 0xB4E4, 0xC774, 0xD55C,
    0xAD6D, 0xC5B4, 0xB97C, 0xC774, 0xD574, 0xD55C, 0xB2E4, 0xBA74, 0xC5BC, 0xB9C8,
    0xB098, 0xC88B, 0xC744, 0xAE4C};
/* (I) Russian (Cyrillic) */
static const char32_t sample_i[] = {
    0x043F, 0x043E, 0x0447, 0x0435, 0x043C, 0x0443, 0x0436, 0x0435, 0x043E, 0x043D,
    0x0438, 0x043D, 0x0435, 0x0433, 0x043E, 0x0432, 0x043E, 0x0440, 0x044F, 0x0442,
    0x043F, 0x043E, 0x0440, 0x0443, 0x0441, 0x0441, 0x043A, 0x0438};
/* (J) Spanish: Porqu<eacute>nopuedensimplementehablarenEspa<ntilde>ol */
static const char32_t sample_j[] = {
    0x0050, 0x006F, 0x0072, 0x0071, 0x0075, 0x00E9, 0x006E, 0x006F, 0x0070, 0x0075,
    0x0065, 0x0064, 0x0065, 0x006E, 0x0073, 0x0069, 0x006D, 0x0070, 0x006C, 0x0065,
    0x006D, 0x0065, 0x006E, 0x0074, 0x0065, 0x0068, 0x0061, 0x0062, 0x006C, 0x0061,
    0x0072, 0x0065, 0x006E, 0x0045, 0x0073, 0x0070, 0x0061, 0x00F1, 0x006F, 0x006C};
/* (K) Vietnamese */
static const char32_t sample_k[] = {
    0x0054, 0x1EA1, 0x0069, 0x0073, 0x0061, 0x006F, 0x0068, 0x1ECD, 0x006B, 0x0068,
    0x00F4, 0x006E, 0x0067, 0x0074, 0x0068, 0x1EC3, 0x0063, 0x0068, 0x1EC9, 0x006E,
    0x00F3, 0x0069, 0x0074, 0x0069, 0x1EBF, 0x006E, 0x0067, 0x0056, 0x0069, 0x1EC7,
    0x0074};
/* (L) Japanese: 3<nen>B<gumi><kinpachi><sensei> */
static const char32_t sample_l[] = {
    0x0033, 0x5E74, 0x0042, 0x7D44, 0x91D1, 0x516B, 0x5148, 0x751F};
/* (M) Japanese: <amuro><namie>-with-SUPER-MONKEYS */
static const char32_t sample_m[] = {
    0x5B89, 0x5BA4, 0x5948, 0x7F8E, 0x6075, 0x002D, 0x0077, 0x0069, 0x0074, 0x0068,
    0x002D, 0x0053, 0x0055, 0x0050, 0x0045, 0x0052, 0x002D, 0x004D, 0x004F, 0x004E,
    0x004B, 0x0045, 0x0059, 0x0053};
/* (N) Japanese: Hello-Another-Way-<sorezore><no><basho> */
static const char32_t sample_n[] = {
    0x0048, 0x0065, 0x006C, 0x006C, 0x006F, 0x002D, 0x0041, 0x006E, 0x006F, 0x0074,
    0x0068, 0x0065, 0x0072, 0x002D, 0x0057, 0x0061, 0x0079, 0x002D, 0x305D, 0x308C,
    0x305E, 0x308C, 0x306E, 0x5834, 0x6240};
/* (O) Japanese: <hitotsu><yane><no><shita>2 */
static const char32_t sample_o[] = {
    0x3072, 0x3068, 0x3064, 0x5C4B, 0x6839, 0x306E, 0x4E0B, 0x0032};
/* (P) Japanese: Maji<de>Koi<suru>5<byou><mae> */
static const char32_t sample_p[] = {
    0x004D, 0x0061, 0x006A, 0x0069, 0x3067, 0x004B, 0x006F, 0x0069, 0x3059, 0x308B,
    0x0035, 0x79D2, 0x524D};
/* (Q) Japanese: <pafii>de<runba> */
static const char32_t sample_q[] = {
    0x30D1, 0x30D5, 0x30A3, 0x30FC, 0x0064, 0x0065, 0x30EB, 0x30F3, 0x30D0};
/* (R) Japanese: <sono><supiido><de> */
static const char32_t sample_r[] = {
    0x305D, 0x306E, 0x30B9, 0x30D4, 0x30FC, 0x30C9, 0x3067};
/* (S) "-> $1.00 <-": basic code points only */
static const char32_t sample_s[] = {
    0x002D, 0x003E, 0x0020, 0x0024, 0x0031, 0x002E, 0x0030, 0x0030, 0x0020, 0x003C,
    0x002D};

struct sample {
  char name;
  const char32_t *code_points;
  size_t length;
  const char *punycode; /* as RFC 3492 §7.1 prints it */
};

#define SAMPLE(letter, array, punycode) {letter, array, sizeof array / sizeof array[0], punycode}

static const struct sample samples[] = {
    SAMPLE('A', sample_a, "egbpdaj6bu4bxfgehfvwxn"),
    SAMPLE('B', sample_b, "ihqwcrb4cv8a8dqg056pqjye"),
    SAMPLE('C', sample_c, "ihqwctvzc91f659drss3x8bo0yb"),
    SAMPLE('D', sample_d, "Proprostnemluvesky-uyb24dma41a"),
    SAMPLE('E', sample_e, "4dbcagdahymbxekheh6e0a7fei0b"),
    SAMPLE('F', sample_f, "i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd"),
    SAMPLE('G', sample_g, "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa"),
    SAMPLE('H', sample_h, "989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c"),
    SAMPLE('I', sample_i, "b1abfaaepdrnnbgefbaDotcwatmq2g4l"),
    SAMPLE('J', sample_j, "PorqunopuedensimplementehablarenEspaol-fmd56a"),
    SAMPLE('K', sample_k, "TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g"),
    SAMPLE('L', sample_l, "3B-ww4c5e180e575a65lsy2b"),
    SAMPLE('M', sample_m, "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"),
    SAMPLE('N', sample_n, "Hello-Another-Way--fc4qua05auwb3674vfr0b"),
    SAMPLE('O', sample_o, "2-u9tlzr9756bt3uc0v"),
    SAMPLE('P', sample_p, "MajiKoi5-783gue6qz075azm5e"),
    SAMPLE('Q', sample_q, "de-jg4avhby1noc0d"),
    SAMPLE('R', sample_r, "d9juau41awczczp"),
    SAMPLE('S', sample_s, "-> $1.00 <--"),
};

/* The longest sample, (J), has 40 code points and the longest Punycode,
 * (H), 67 characters. */
enum { max_code_points = 64, max_punycode = 128 };

static int failures = 0;

static void fail(const char *what, char name, int status) {
  ++failures;
  fprintf(stderr, "FAIL: sample %c: %s (%s)\n", name, what, puny_status_name(status));
}

/* stdout carries the samples as UTF-8 (RFC 3629 §3), so the expected output
 * can be read as text; the table holds no surrogates or values above
 * U+10FFFF. */
static void put_utf8(const char32_t *cp, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    const unsigned long c = cp[i];
    if (c < 0x80) {
      putchar((int)c);
    } else if (c < 0x800) {
      putchar((int)(0xC0 | (c >> 6)));
      putchar((int)(0x80 | (c & 0x3F)));
    } else if (c < 0x10000) {
      putchar((int)(0xE0 | (c >> 12)));
      putchar((int)(0x80 | ((c >> 6) & 0x3F)));
      putchar((int)(0x80 | (c & 0x3F)));
    } else {
      putchar((int)(0xF0 | (c >> 18)));
      putchar((int)(0x80 | ((c >> 12) & 0x3F)));
      putchar((int)(0x80 | ((c >> 6) & 0x3F)));
      putchar((int)(0x80 | (c & 0x3F)));
    }
  }
}

static char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }

/* RFC 3492 §7.1 prints the Punycode with Appendix A's mixed-case annotation:
 * the case of the last digit of each delta carries the flag of the code point
 * it inserts (sample I's "D").  The C API takes no flags and writes lowercase
 * digits, and digits are case-insensitive (§5), so after the last delimiter
 * the strings compare without case; the basic code points before it are
 * copied verbatim (§6.3) and compare exactly. */
static int same_punycode(const char *got, size_t got_len, const char *rfc) {
  const size_t rfc_len = strlen(rfc);
  if (got_len != rfc_len) return 0;
  const char *delimiter = strrchr(rfc, '-');
  const size_t literal = delimiter ? (size_t)(delimiter - rfc) + 1 : 0;
  if (memcmp(got, rfc, literal) != 0) return 0;
  for (size_t i = literal; i < rfc_len; ++i)
    if (ascii_lower(got[i]) != ascii_lower(rfc[i])) return 0;
  return 1;
}

static int same_code_points(const char32_t *a, size_t a_len, const char32_t *b, size_t b_len) {
  return a_len == b_len && memcmp(a, b, a_len * sizeof *a) == 0;
}

static void convert_sample(const struct sample *s) {
  char encoded[max_punycode];
  puny_result r;
  int status = puny_encode_utf32(s->code_points, s->length, encoded, sizeof encoded, &r);
  printf("encode %c: \"", s->name);
  put_utf8(s->code_points, s->length);
  if (status != PUNY_OK) {
    printf("\" -> %s\n", puny_status_name(status));
    fail("puny_encode_utf32 failed", s->name, status);
    return;
  }
  printf("\" -> \"%.*s\"\n", (int)r.written, encoded);
  if (!same_punycode(encoded, r.written, s->punycode))
    fail("the Punycode differs from RFC 3492 section 7.1", s->name, status);

  char32_t decoded[max_code_points];
  const size_t encoded_len = r.written;
  status = puny_decode_utf32(encoded, encoded_len, decoded, max_code_points, &r);
  printf("decode %c: \"%.*s\" -> ", s->name, (int)encoded_len, encoded);
  if (status != PUNY_OK) {
    printf("%s\n", puny_status_name(status));
    fail("puny_decode_utf32 failed", s->name, status);
    return;
  }
  putchar('"');
  put_utf8(decoded, r.written);
  puts("\"");
  if (!same_code_points(decoded, r.written, s->code_points, s->length))
    fail("the round trip does not give the sample's code points", s->name, status);

  /* The RFC's own spelling, annotation and all, decodes to the same code
   * points: Appendix A's case is a display hint, not part of the value. */
  status = puny_decode_utf32(s->punycode, strlen(s->punycode), decoded, max_code_points, &r);
  if (status != PUNY_OK || !same_code_points(decoded, r.written, s->code_points, s->length))
    fail("the Punycode of RFC 3492 section 7.1 does not decode to the sample", s->name, status);
}

/* The C API's two domain conversions have one signature. */
typedef int (*domain_conversion)(const char *in, size_t in_len, char *out, size_t out_cap, size_t *out_len);

/* Prints `name: "in" -> "result"` (or the status), and counts a failure
 * when the result is not `expected`. */
static void check_conversion(const char *name, domain_conversion convert, const char *in, const char *expected) {
  char out[256];
  size_t len = 0;
  const int status = convert(in, strlen(in), out, sizeof out, &len);
  printf("%s: \"%s\" -> ", name, in);
  if (status != PUNY_OK) {
    printf("%s\n", puny_status_name(status));
    ++failures;
    fprintf(stderr, "FAIL: %s(%s): %s\n", name, in, puny_status_name(status));
    return;
  }
  printf("\"%.*s\"\n", (int)len, out);
  if (len != strlen(expected) || memcmp(out, expected, len) != 0) {
    ++failures;
    fprintf(stderr, "FAIL: %s(%s) is not %s\n", name, in, expected);
  }
}

/* UTS #46 §4.2 ToASCII and §4.3 ToUnicode of the C API's own example
 * (puny.h), with the default profile. */
static void convert_domain(const char *unicode, const char *ascii) {
  check_conversion("to_ascii", puny_to_ascii, unicode, ascii);
  check_conversion("to_unicode", puny_to_unicode, ascii, unicode);
}

int main(void) {
  /* stderr, so that a new version does not change the compared output. */
  fprintf(stderr, "puny %s (Unicode %s)\n", puny_version(), puny_unicode_version());
  for (size_t i = 0; i < sizeof samples / sizeof samples[0]; ++i) convert_sample(&samples[i]);
  convert_domain("bücher.de", "xn--bcher-kva.de");
  if (fflush(stdout) != 0) {
    perror("stdout");
    return 1;
  }
  if (failures != 0) fprintf(stderr, "%d check(s) failed\n", failures);
  return failures == 0 ? 0 : 1;
}
