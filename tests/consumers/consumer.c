/* Uses the C API of an installed puny; exits 0 only when every answer is
 * the standard's. */
#include <stdio.h>
#include <string.h>

#include <puny/puny.h>

static int failures = 0;

static void expect(const char *what, int status, const char *got, size_t len, const char *want) {
  printf("%s: %s %.*s\n", what, puny_status_name(status), (int)len, got);
  if (status != PUNY_OK || len != strlen(want) || memcmp(got, want, len) != 0) {
    fprintf(stderr, "expected %s\n", want);
    ++failures;
  }
}

int main(void) {
  char out[256];
  size_t len = 0;
  int status = puny_to_ascii("b\xC3\xBC" "cher.de", 10, out, sizeof out, &len);
  expect("to_ascii", status, out, len, "xn--bcher-kva.de");
  status = puny_to_unicode("xn--bcher-kva.de", 16, out, sizeof out, &len);
  expect("to_unicode", status, out, len, "b\xC3\xBC" "cher.de");
  status = puny_decode("bcher-kva", 9, out, sizeof out, &len);
  expect("decode", status, out, len, "b\xC3\xBC" "cher");

  /* Asking for the size: PUNY_OUTPUT_TOO_SMALL and the size needed. */
  status = puny_to_ascii("b\xC3\xBC" "cher.de", 10, NULL, 0, &len);
  printf("size query: %s %zu\n", puny_status_name(status), len);
  if (status != PUNY_OUTPUT_TOO_SMALL || len != 16) ++failures;

  puny_result r;
  status = puny_to_ascii_ex("a\xE2\x80\x8D" "b.com", 8, puny_profile_options(PUNY_PROFILE_UTS46), out, sizeof out,
                            &r);
  printf("errors: %s C2=%d label=%zu\n", puny_status_name(status), (r.errors & PUNY_IDNA_BIT(PUNY_IDNA_C2)) != 0,
         r.label);
  if (status != PUNY_IDNA_ERRORS || r.errors != PUNY_IDNA_BIT(PUNY_IDNA_C2) || r.label != 0) ++failures;

  printf("versions: %s (headers %s), Unicode %s\n", puny_version(), PUNY_VERSION_STRING, puny_unicode_version());
  if (strcmp(puny_version(), PUNY_VERSION_STRING) != 0 || strcmp(puny_unicode_version(), "17.0.0") != 0) ++failures;
  return failures == 0 ? 0 : 1;
}
