/* Domain names with the C API: ToASCII into a caller buffer, asking for the
 * size first, ToUnicode, a profile, and the UTS #46 codes of a failure. */
#include <stdio.h>
#include <string.h>

#include <puny/puny.h>

static void print_codes(uint32_t errors) {
  const char *sep = "";
  for (int code = 0; code < PUNY_IDNA_CODE_COUNT; ++code) {
    if (errors & PUNY_IDNA_BIT(code)) {
      printf("%s%s", sep, puny_idna_code_name(code));
      sep = ", ";
    }
  }
}

int main(void) {
  printf("puny %s, Unicode %s\n", puny_version(), puny_unicode_version());

  const char *domain = "bücher.de";
  char out[256];
  size_t len = 0;
  if (puny_to_ascii(domain, strlen(domain), out, sizeof out, &len) != PUNY_OK) return 1;
  printf("%s -> %.*s\n", domain, (int)len, out);

  /* With no buffer the call reports the size that is enough. */
  size_t needed = 0;
  if (puny_to_ascii(domain, strlen(domain), NULL, 0, &needed) != PUNY_OUTPUT_TOO_SMALL) return 1;
  printf("needs %zu bytes\n", needed);

  char unicode[256];
  size_t unicode_len = 0;
  if (puny_to_unicode(out, len, unicode, sizeof unicode, &unicode_len) != PUNY_OK) return 1;
  printf("%.*s -> %.*s\n", (int)len, out, (int)unicode_len, unicode);

  /* A ZERO WIDTH JOINER out of context (RFC 5892 Appendix A.2): C2. */
  const char bad[] = "a\xE2\x80\x8D" "b.com";
  puny_result r;
  int status = puny_to_ascii_ex(bad, sizeof bad - 1, puny_profile_options(PUNY_PROFILE_UTS46), out, sizeof out, &r);
  printf("a<U+200D>b.com: %s: ", puny_status_name(status));
  print_codes(r.errors);
  printf(" in label %zu\n", r.label);

  /* The URL Standard's profile: all-ASCII input is only lowercased. */
  status = puny_to_ascii_ex("EXAMPLE.com", 11, puny_profile_options(PUNY_PROFILE_WHATWG), out, sizeof out, &r);
  if (status != PUNY_OK) return 1;
  printf("EXAMPLE.com -> %.*s (whatwg)\n", (int)r.written, out);
  return 0;
}
