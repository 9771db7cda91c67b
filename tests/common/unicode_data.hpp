// Where the conformance tests find the Unicode data, and what they do when
// it is absent: skip (GTEST_SKIP, which CTest reports as skipped), except
// under CI=true, where a missing file is a failure.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace puny_test {

/// $PUNY_UNICODE_DIR if set, else the CMake cache variable's value.
inline std::filesystem::path unicode_dir() {
  if (const char* env = std::getenv("PUNY_UNICODE_DIR"); env != nullptr && *env != '\0') return env;
#ifdef PUNY_UNICODE_DIR
  return PUNY_UNICODE_DIR;
#else
  return "../shared/unicode/17.0.0";
#endif
}

inline bool running_in_ci() {
  const char* ci = std::getenv("CI");
  return ci != nullptr && std::string_view(ci) == "true";
}

}  // namespace puny_test

/// Opens `name` from the Unicode data directory into the std::ifstream
/// `stream`, or skips the test (fails it under CI=true) when it is missing.
#define PUNY_OPEN_UNICODE_FILE(stream, name)                                                        \
  std::ifstream stream(puny_test::unicode_dir() / (name));                                          \
  if (!stream) {                                                                                    \
    if (puny_test::running_in_ci()) {                                                               \
      FAIL() << "CI=true and the Unicode data file is missing: " << (puny_test::unicode_dir() / (name)); \
    }                                                                                               \
    GTEST_SKIP() << "Unicode data file not found: " << (puny_test::unicode_dir() / (name))          \
                 << " (set PUNY_UNICODE_DIR)";                                                      \
  }
