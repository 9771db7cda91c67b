// UTS #46 conformance: every line of IdnaTestV2.txt (Unicode 17.0.0), for
// the three operations the file defines — toUnicode, toAsciiN
// (nontransitional) and toAsciiT (transitional) — with the exact result
// string and the exact set of status codes.  Lines holding a lone
// surrogate go through the UTF-16 entry points, the rest through UTF-8.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "puny/idna.hpp"
#include "idna_test_v2_file.hpp"
#include "test_encoding.hpp"
#include "unicode_data.hpp"

namespace {

using puny_test::has_surrogate;
using puny_test::idna_test_v2_line;
using puny_test::show;
using puny_test::to_utf16;
using puny_test::to_utf8;

struct outcome {
  std::u32string value;
  puny::idna_errors errors;
  bool ok_status;
};

std::u32string widen(const std::string& s) { return std::u32string(s.begin(), s.end()); }

outcome run_to_unicode(const std::u32string& source) {
  if (has_surrogate(source)) {
    const auto r = puny::to_unicode(std::u16string_view(to_utf16(source)));
    std::u32string value;
    for (const char16_t u : r.value) value += u;  // the expected strings hold only BMP code points here
    return {value, r.errors, r.code == puny::status::success};
  }
  const auto r = puny::to_unicode(std::string_view(to_utf8(source)));
  return {puny_test::code_points_of(r.value), r.errors, r.code == puny::status::success};
}

outcome run_to_ascii(const std::u32string& source, bool transitional) {
  puny::idna_options o;
  o.transitional_processing = transitional;
  if (has_surrogate(source)) {
    const auto r = puny::to_ascii(std::u16string_view(to_utf16(source)), o);
    return {widen(r.value), r.errors, r.code == puny::status::success};
  }
  const auto r = puny::to_ascii(std::string_view(to_utf8(source)), o);
  return {widen(r.value), r.errors, r.code == puny::status::success};
}

}  // namespace

TEST(IdnaTestV2, EveryLineAllThreeOperations) {
  PUNY_OPEN_UNICODE_FILE(file, "IdnaTestV2.txt");
  const std::vector<idna_test_v2_line> lines = puny_test::read_idna_test_v2(file);
  ASSERT_EQ(lines.size(), 6391u) << "IdnaTestV2.txt of Unicode 17.0.0 has 6391 test lines";

  std::size_t passed_unicode = 0;
  std::size_t passed_ascii_n = 0;
  std::size_t passed_ascii_t = 0;
  std::size_t reported = 0;
  constexpr std::size_t report_limit = 40;
  auto report = [&](const idna_test_v2_line& t, std::string_view op, const outcome& got, const std::u32string& want,
                    puny::idna_errors want_status) {
    if (reported++ >= report_limit) return;
    ADD_FAILURE() << "line " << t.line_number << " " << op << " of \"" << show(t.source) << "\": got \""
                  << show(got.value) << "\" [" << puny::to_string(got.errors) << "], want \"" << show(want)
                  << "\" [" << puny::to_string(want_status) << "]";
  };

  for (const idna_test_v2_line& t : lines) {
    // toUnicode always produces its string, errors or not.
    const outcome u = run_to_unicode(t.source);
    if (u.ok_status && u.errors == t.to_unicode_status && u.value == t.to_unicode) {
      ++passed_unicode;
    } else {
      report(t, "toUnicode", u, t.to_unicode, t.to_unicode_status);
    }
    // toASCII produces a string only without errors; the file's result
    // column is then the one to match.
    const outcome n = run_to_ascii(t.source, false);
    if (n.ok_status && n.errors == t.to_ascii_n_status &&
        (!n.errors.empty() ? n.value.empty() : n.value == t.to_ascii_n)) {
      ++passed_ascii_n;
    } else {
      report(t, "toAsciiN", n, t.to_ascii_n, t.to_ascii_n_status);
    }
    const outcome a = run_to_ascii(t.source, true);
    if (a.ok_status && a.errors == t.to_ascii_t_status &&
        (!a.errors.empty() ? a.value.empty() : a.value == t.to_ascii_t)) {
      ++passed_ascii_t;
    } else {
      report(t, "toAsciiT", a, t.to_ascii_t, t.to_ascii_t_status);
    }
  }
  std::cout << "IdnaTestV2: toUnicode " << passed_unicode << "/" << lines.size() << ", toAsciiN " << passed_ascii_n
            << "/" << lines.size() << ", toAsciiT " << passed_ascii_t << "/" << lines.size() << "\n";
  EXPECT_EQ(passed_unicode, lines.size());
  EXPECT_EQ(passed_ascii_n, lines.size());
  EXPECT_EQ(passed_ascii_t, lines.size());
}
