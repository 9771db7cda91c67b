// Uses the C++ API of an installed puny; exits 0 only when every answer is
// the standard's.
#include <iostream>
#include <string_view>

#include <puny/idna.hpp>
#include <puny/punycode.hpp>
#include <puny/puny.h>

int main() {
  int failures = 0;
  auto expect = [&](std::string_view what, std::string_view got, std::string_view want) {
    std::cout << what << ": " << got << '\n';
    if (got != want) {
      std::cerr << "expected " << want << '\n';
      ++failures;
    }
  };
  expect("to_ascii", puny::to_ascii("bücher.de").value, "xn--bcher-kva.de");
  expect("to_unicode", puny::to_unicode("xn--wgv71a119e.jp").value, "日本語.jp");
  expect("encode", puny::encode_utf8("bücher").value, "bcher-kva");
  expect("errors", puny::to_string(puny::to_ascii("a\u200Db.com").errors), "C2");
  expect("unicode version", puny::unicode_version(), "17.0.0");
  expect("library version", puny_version(), PUNY_VERSION_STRING);
  return failures == 0 ? 0 : 1;
}
