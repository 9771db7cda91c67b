/* Punycode (RFC 3492) with the C API: UTF-8 in and out, code points out,
 * and the position of an error. */
#include <stdio.h>
#include <string.h>

#include <puny/puny.h>

int main(void) {
  char out[64];
  size_t len = 0;
  if (puny_encode("bücher", strlen("bücher"), out, sizeof out, &len) != PUNY_OK) return 1;
  printf("bücher -> %.*s\n", (int)len, out);

  char text[64];
  size_t text_len = 0;
  if (puny_decode(out, len, text, sizeof text, &text_len) != PUNY_OK) return 1;
  printf("%.*s -> %.*s\n", (int)len, out, (int)text_len, text);

  /* RFC 3492 §7.1 sample (L), as code points. */
  const char *sample = "3B-ww4c5e180e575a65lsy2b";
  char32_t cps[64];
  puny_result r;
  if (puny_decode_utf32(sample, strlen(sample), cps, 64, &r) != PUNY_OK) return 1;
  printf("%s -> %zu code points:", sample, r.written);
  for (size_t i = 0; i < r.written; ++i) printf(" U+%04lX", (unsigned long)cps[i]);
  printf("\n");

  /* "-abc" would be a second encoding of "abc" (§6.2 uniqueness). */
  const int status = puny_decode_ex("-abc", 4, text, sizeof text, &r);
  printf("-abc: %s (%s) at byte %zu\n", puny_status_name(status), puny_status_message(status), r.position);
  return status == PUNY_EMPTY_LITERAL ? 0 : 1;
}
