// What the IDNA2008 and IDNA2003 C API tests check alike: a C conversion
// of <puny/puny.h> answers as its C++ counterpart does (status, codes,
// label, offset, code point, output), over a size query and then exactly
// that much room, writing nothing past out_cap.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "puny/puny.h"
#include "puny/status.hpp"

namespace puny_test {

/// The byte written around C outputs to catch writes past out_cap.
inline constexpr char c_api_canary = '\x5A';

/// UTF-8 literal text as a std::string.
inline std::string text(std::u8string_view s) { return std::string(s.begin(), s.end()); }

/// `c(name, flags)` against `cpp(name, options_of(flags))`.  With
/// `output_on_error` (ToUnicode) the output is compared when rule codes
/// were recorded too; otherwise nothing may be written then.
template <class Flags, class OptionsOf, class Cpp, class C>
void expect_c_as_cpp(const std::string& name, Flags flags, OptionsOf options_of, Cpp cpp, C c,
                     bool output_on_error) {
  SCOPED_TRACE(name + " flags " + std::to_string(flags));
  const auto want = cpp(name, options_of(flags));
  // Ask for the size, then convert into exactly that much room.
  puny_standard_result size{};
  const int asked = c(name.data(), name.size(), flags, nullptr, 0, &size);
  std::string out(size.status == PUNY_OUTPUT_TOO_SMALL ? size.needed : 0, c_api_canary);
  out.push_back(c_api_canary);
  puny_standard_result r{};
  const int status = c(name.data(), name.size(), flags, out.data(), out.size() - 1, &r);
  EXPECT_EQ(status, r.status);
  EXPECT_EQ(out.back(), c_api_canary) << "written past out_cap";
  if (want.code != puny::status::success) {
    EXPECT_EQ(status, static_cast<int>(want.code));
    EXPECT_EQ(r.position, want.position);
    return;
  }
  EXPECT_EQ(r.errors, want.errors.bits());
  EXPECT_EQ(status, want.errors.empty() ? PUNY_OK : PUNY_IDNA_ERRORS);
  EXPECT_EQ(r.label, want.label);
  EXPECT_EQ(r.offset, want.offset);
  EXPECT_EQ(r.code_point, static_cast<std::uint32_t>(want.code_point));
  if (want.errors.empty() || output_on_error) {
    EXPECT_EQ(std::string(out.data(), r.written), want.value);
    // An empty output needs no room: the size query already succeeded.
    if (!want.value.empty()) {
      EXPECT_EQ(asked, PUNY_OUTPUT_TOO_SMALL);
    }
  } else {
    EXPECT_EQ(r.written, 0u);
  }
}

}  // namespace puny_test
