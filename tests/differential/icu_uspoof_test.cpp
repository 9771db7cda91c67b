// Differential test of puny's UTS #39 skeleton and restriction level
// against ICU's uspoof (Debian's ICU 72, Unicode 15.0):
//  - skeleton: uspoof_getSkeletonUTF8 (type 0) against puny::skeleton on
//    every code point U+0000..U+10FFFF but the surrogates, and on every
//    label of the corpora unicode.txt and mixed.txt;
//  - restriction level: uspoof_check2UTF8 with USPOOF_RESTRICTION_LEVEL |
//    USPOOF_AUX_INFO, the allowed set being puny's profile
//    (puny::identifier_status_of, set with uspoof_setAllowedUnicodeSet), and
//    uspoof_getCheckResultRestrictionLevel, against
//    puny::restriction_level_of, on every label of both corpora and on
//    each Allowed code point alone and after "a".
//
// puny implements Unicode 17.0 and UTS #39 revision 32; ICU 72 Unicode 15.0
// and revision 26.  A difference is explained only when the string holds
//  - a code point assigned after Unicode 15.0 (DerivedAge.txt), or
//  - a code point listed in tests/data/security/icu72_uspoof_exceptions.tsv
//    for that kind of difference: "skeleton" (its skeleton differs: its
//    confusables.txt mapping changed, or it is Default_Ignorable, which
//    revision 28 removes before mapping and ICU 72 keeps), or
//    "script_extensions" (an Allowed code point whose Script_Extensions
//    changed, which moves resolved script sets).
// With ICU 72 the test fails on an unexplained difference and on a listed
// exception that no longer differs.  With another ICU the comparison runs
// and the exception lists are reported for information only.
//
// PUNY_WRITE_ICU72_EXCEPTIONS=<file> (with ICU 72) rewrites the exception
// file from what this test observes, each line classified by ICU 72's own
// data: that is how tests/data/security/icu72_uspoof_exceptions.tsv was made.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "puny/script.hpp"
#include "puny/security.hpp"
#include "test_encoding.hpp"
#include "tsv_file.hpp"
#include "ucd_file.hpp"
#include "unicode_data.hpp"
#include "unicode_text.hpp"

#if defined(PUNY_HAVE_ICU)
#include <unicode/uniset.h>
#include <unicode/uscript.h>
#include <unicode/uspoof.h>
#include <unicode/uversion.h>

namespace {

using puny::restriction_level;
using puny_test::code_points_of;
using puny_test::hex_code_point;
using puny_test::hex_code_points;
using puny_test::to_utf8;

// ---------------------------------------------------------------------------
// The two libraries.

class icu_checker {
 public:
  icu_checker() {
    UErrorCode status = U_ZERO_ERROR;
    skeleton_ = uspoof_open(&status);
    level_ = uspoof_open(&status);
    result_ = uspoof_openCheckResult(&status);
    icu::UnicodeSet allowed;
    for (char32_t c = 0; c < 0x110000; ++c)
      if (puny::identifier_status_of(c) == puny::identifier_status::allowed) allowed.add(static_cast<UChar32>(c));
    allowed.freeze();
    uspoof_setAllowedUnicodeSet(level_, &allowed, &status);
    uspoof_setChecks(level_, USPOOF_RESTRICTION_LEVEL | USPOOF_AUX_INFO, &status);
    ok_ = U_SUCCESS(status);
  }
  ~icu_checker() {
    uspoof_closeCheckResult(result_);
    uspoof_close(level_);
    uspoof_close(skeleton_);
  }
  icu_checker(const icu_checker&) = delete;
  icu_checker& operator=(const icu_checker&) = delete;

  [[nodiscard]] bool ok() const { return ok_; }

  std::string skeleton(std::string_view utf8) {
    char buffer[1024];
    UErrorCode status = U_ZERO_ERROR;
    const int32_t n = uspoof_getSkeletonUTF8(skeleton_, 0, utf8.data(), static_cast<int32_t>(utf8.size()), buffer,
                                             sizeof buffer, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
      std::string big(static_cast<std::size_t>(n), '\0');
      status = U_ZERO_ERROR;
      uspoof_getSkeletonUTF8(skeleton_, 0, utf8.data(), static_cast<int32_t>(utf8.size()), big.data(), n, &status);
      return big;
    }
    EXPECT_TRUE(U_SUCCESS(status)) << u_errorName(status);
    return {buffer, static_cast<std::size_t>(n)};
  }

  restriction_level level(std::string_view utf8) {
    UErrorCode status = U_ZERO_ERROR;
    uspoof_check2UTF8(level_, utf8.data(), static_cast<int32_t>(utf8.size()), result_, &status);
    const URestrictionLevel r = uspoof_getCheckResultRestrictionLevel(result_, &status);
    EXPECT_TRUE(U_SUCCESS(status)) << u_errorName(status);
    // USPOOF_ASCII = 0x10000000 ... USPOOF_UNRESTRICTIVE = 0x60000000.
    return static_cast<restriction_level>(static_cast<unsigned>(r) >> 28);
  }

 private:
  USpoofChecker* skeleton_ = nullptr;
  USpoofChecker* level_ = nullptr;
  USpoofCheckResult* result_ = nullptr;
  bool ok_ = false;
};

std::string puny_skeleton(std::string_view utf8) {
  const auto r = puny::skeleton(utf8);
  EXPECT_TRUE(r.ok());
  return r.value;
}

/// Script_Extensions in ICU's own (Unicode 15.0) data, as a puny set.
puny::script_set icu_script_extensions(char32_t c) {
  UScriptCode codes[256];
  UErrorCode status = U_ZERO_ERROR;
  const int32_t n = uscript_getScriptExtensions(static_cast<UChar32>(c), codes, 256, &status);
  puny::script_set s;
  for (int32_t i = 0; i < n; ++i) {
    const auto sc = puny::script_from_name(uscript_getShortName(codes[i]));
    EXPECT_TRUE(sc.has_value()) << uscript_getShortName(codes[i]);
    if (sc) s.insert(*sc);
  }
  return s;
}

// ---------------------------------------------------------------------------
// What explains a difference.

struct exception_list {
  std::set<char32_t> skeleton;
  std::set<char32_t> script_extensions;
};

std::filesystem::path exceptions_path() {
  return puny_test::test_data_file("security", "icu72_uspoof_exceptions.tsv");
}

exception_list read_exceptions() {
  exception_list list;
  for (const puny_test::tsv_row& row : puny_test::read_tsv(exceptions_path())) {
    EXPECT_TRUE(row.size() >= 3 && row[0].rfind("U+", 0) == 0) << "line " << row.line;
    if (row.size() < 3) continue;
    // "U+0041" or a range "U+E0080..U+E00FF".
    const std::string& code = row[0];
    const auto dots = code.find("..");
    const auto first = static_cast<char32_t>(std::stoul(code.substr(2), nullptr, 16));
    const auto last = dots == std::string::npos ? first : static_cast<char32_t>(std::stoul(code.substr(dots + 4), nullptr, 16));
    const std::string& kind = row[1];
    std::set<char32_t>* into = kind == "skeleton" ? &list.skeleton : kind == "script_extensions" ? &list.script_extensions : nullptr;
    if (into == nullptr) {
      ADD_FAILURE() << "unknown kind at line " << row.line << ": " << kind;
      continue;
    }
    for (char32_t c = first; c <= last; ++c) into->insert(c);
  }
  return list;
}

/// The corpus labels: every dot-separated label of every line.
std::vector<std::string> corpus_labels(const std::string& file) {
  std::vector<std::string> labels;
  std::ifstream in(std::filesystem::path(PUNY_CORPUS_DIR) / file);
  EXPECT_TRUE(in) << "missing corpus " << file;
  std::string line;
  while (std::getline(in, line)) {
    std::size_t start = 0;
    for (;;) {
      const auto dot = line.find('.', start);
      const std::string label = line.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
      if (!label.empty()) labels.push_back(label);
      if (dot == std::string::npos) break;
      start = dot + 1;
    }
  }
  return labels;
}

bool holds_any(std::u32string_view s, const std::set<char32_t>& a, const std::set<char32_t>& b) {
  for (const char32_t c : s)
    if (a.count(c) != 0 || b.count(c) != 0) return true;
  return false;
}

struct tally {
  std::size_t compared = 0;
  std::size_t same = 0;
  std::size_t newer = 0;
  std::size_t listed = 0;
  std::vector<std::string> unexplained;
  void note(std::string what) {
    if (unexplained.size() < 10) unexplained.push_back(std::move(what));
    else unexplained.emplace_back();
  }
};

TEST(IcuUspoof, SkeletonAndRestrictionLevelAgreeUpToUnicode17Changes) {
  PUNY_OPEN_UNICODE_FILE(age_file, "DerivedAge.txt");
  // Code points assigned after Unicode 15.0 (ICU 72's version).
  const std::set<char32_t> newer = puny_test::code_points_where(age_file, [](const std::string& age) {
    const auto dot = age.find('.');
    const int major = std::stoi(age.substr(0, dot));
    return major > 15 || (major == 15 && std::stoi(age.substr(dot + 1)) > 0);
  });
  icu_checker icu;
  ASSERT_TRUE(icu.ok());
  const bool is_icu72 = U_ICU_VERSION_MAJOR_NUM == 72;
  const char* write_to = std::getenv("PUNY_WRITE_ICU72_EXCEPTIONS");
  exception_list listed = write_to != nullptr ? exception_list{} : read_exceptions();
  const std::set<char32_t> none;

  // Observed data differences, for the stale check and for regeneration:
  // why, and whether it is Default_Ignorable removal.
  std::map<char32_t, std::pair<std::string, bool>> skeleton_differs;
  std::map<char32_t, std::string> script_extensions_differ;
  std::map<char32_t, std::pair<std::string, std::string>> single_differences;  // ICU, puny

  // --- Every code point's skeleton.
  tally single;
  for (char32_t c = 0; c < 0x110000; ++c) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    ++single.compared;
    const std::string text = to_utf8(std::u32string(1, c));
    const std::string ours = puny_skeleton(text);
    const std::string theirs = icu.skeleton(text);
    if (ours == theirs) {
      ++single.same;
      continue;
    }
    if (newer.count(c) != 0) {
      ++single.newer;
      continue;
    }
    single_differences[c] = {theirs, ours};
    // Classify by the data: a Default_Ignorable code point (or one whose NFD
    // holds one) is removed by revision 28; otherwise the mapping changed.
    std::string why;
    // (Unicode 17.0 maps exactly its Default_Ignorable code points to
    // nothing, and no prototype holds one.)
    bool ignorable = false;
    for (const char32_t d : code_points_of(theirs)) ignorable |= puny_skeleton(to_utf8(std::u32string(1, d))).empty();
    if (ignorable) {
      why = "Default_Ignorable_Code_Point: UTS #39 revision 28 (Unicode 15.1) removes it before mapping "
            "(section 4 step 2); ICU 72 (revision 26) keeps it";
    } else {
      why = "confusables.txt changed from Unicode 15.0 to 17.0: ICU 72 gives " + hex_code_points(theirs) + ", Unicode 17.0 " +
            hex_code_points(ours);
    }
    skeleton_differs[c] = {why, ignorable};
  }

  // --- Script_Extensions of the profile's code points (restriction levels).
  for (char32_t c = 0; c < 0x110000; ++c) {
    if (puny::identifier_status_of(c) != puny::identifier_status::allowed || newer.count(c) != 0) continue;
    const puny::script_set theirs = icu_script_extensions(c);
    const puny::script_set ours = puny::script_extensions_of(c);
    if (theirs != ours)
      script_extensions_differ[c] = "Script_Extensions changed from Unicode 15.0 to 17.0: {" +
                                    puny::to_string(theirs) + "} in ICU 72, {" + puny::to_string(ours) +
                                    "} in Unicode 17.0";
  }

  if (write_to != nullptr) {
    for (const auto& entry : skeleton_differs) listed.skeleton.insert(entry.first);
    for (const auto& entry : script_extensions_differ) listed.script_extensions.insert(entry.first);
  }
  for (const auto& [c, skeletons] : single_differences) {
    if (listed.skeleton.count(c) != 0) {
      ++single.listed;
    } else {
      single.note(hex_code_point(c) + ": ICU " + hex_code_points(skeletons.first) + ", puny " + hex_code_points(skeletons.second));
    }
  }

  // --- Restriction level of each Allowed code point, alone and after "a".
  tally probes;
  for (char32_t c = 0; c < 0x110000; ++c) {
    if (puny::identifier_status_of(c) != puny::identifier_status::allowed) continue;
    const std::u32string alone(1, c);
    std::u32string after_a = U"a";
    after_a += c;
    for (const std::u32string& s : {alone, after_a}) {
      ++probes.compared;
      const std::string text = to_utf8(s);
      const restriction_level ours = puny::restriction_level_of(text);
      const restriction_level theirs = icu.level(text);
      if (ours == theirs) {
        ++probes.same;
      } else if (holds_any(s, newer, none)) {
        ++probes.newer;
      } else if (holds_any(s, listed.script_extensions, none)) {
        ++probes.listed;
      } else {
        probes.note(hex_code_points(text) + ": ICU " + std::string(puny::name(theirs)) + ", puny " + std::string(puny::name(ours)));
      }
    }
  }

  // --- Every label of the corpora.
  tally label_skeletons;
  tally label_levels;
  for (const char* file : {"unicode.txt", "mixed.txt"}) {
    for (const std::string& label : corpus_labels(file)) {
      const std::u32string cps = code_points_of(label);
      ++label_skeletons.compared;
      const std::string ours = puny_skeleton(label);
      const std::string theirs = icu.skeleton(label);
      if (ours == theirs) {
        ++label_skeletons.same;
      } else if (holds_any(cps, newer, none)) {
        ++label_skeletons.newer;
      } else {
        bool explained = false;
        for (const char32_t c : cps) explained |= listed.skeleton.count(c) != 0;
        if (explained) ++label_skeletons.listed;
        else label_skeletons.note(label + " (" + hex_code_points(label) + "): ICU " + hex_code_points(theirs) + ", puny " + hex_code_points(ours));
      }
      ++label_levels.compared;
      const restriction_level our_level = puny::restriction_level_of(label);
      const restriction_level their_level = icu.level(label);
      if (our_level == their_level) {
        ++label_levels.same;
      } else if (holds_any(cps, newer, none)) {
        ++label_levels.newer;
      } else {
        bool explained = false;
        for (const char32_t c : cps) explained |= listed.script_extensions.count(c) != 0;
        if (explained) ++label_levels.listed;
        else label_levels.note(label + " (" + hex_code_points(label) + "): ICU " + std::string(puny::name(their_level)) +
                               ", puny " + std::string(puny::name(our_level)));
      }
    }
  }

  // --- Listed exceptions that no longer differ.
  std::vector<std::string> stale;
  for (const char32_t c : listed.skeleton)
    if (skeleton_differs.count(c) == 0) stale.push_back(hex_code_point(c) + " skeleton");
  for (const char32_t c : listed.script_extensions)
    if (script_extensions_differ.count(c) == 0) stale.push_back(hex_code_point(c) + " script_extensions");

  auto report = [](const char* what, const tally& t) {
    std::cout << "[differential] ICU " << U_ICU_VERSION << " uspoof " << what << ": " << t.compared << " compared, "
              << t.same << " equal, " << t.newer << " differ by code points newer than Unicode 15.0, " << t.listed
              << " by listed data changes, " << t.unexplained.size() << " unexplained\n";
  };
  report("skeleton of every code point", single);
  report("skeleton of the corpus labels", label_skeletons);
  report("restriction level of each Allowed code point, alone and after \"a\"", probes);
  report("restriction level of the corpus labels", label_levels);
  std::cout << "[differential] exception list: " << listed.skeleton.size() << " skeleton, "
            << listed.script_extensions.size() << " script_extensions entries; " << stale.size()
            << " no longer differ\n";

  if (write_to != nullptr) {
    ASSERT_TRUE(is_icu72) << "the exception file describes ICU 72";
    std::ofstream out(write_to);
    out << "# icu72_uspoof_exceptions.tsv -- where puny's UTS #39 (Unicode 17.0, revision 32) may differ from\n"
           "# ICU 72's uspoof (Unicode 15.0, revision 26), for tests/differential/icu_uspoof_test.cpp.\n"
           "# Derived by that test with PUNY_WRITE_ICU72_EXCEPTIONS=<this file>, against Debian's ICU 72.1:\n"
           "#  - skeleton: every code point assigned in Unicode 15.0 (DerivedAge.txt) whose skeleton from\n"
           "#    uspoof_getSkeletonUTF8 (type 0) differs from puny::skeleton.  Each is classified from the data:\n"
           "#    a Default_Ignorable_Code_Point (or one that decomposes to one), which UTS #39 revision 28\n"
           "#    (Unicode 15.1) removes before mapping and ICU 72 keeps; otherwise its confusables.txt mapping\n"
           "#    changed between Unicode 15.0 and 17.0 (puny's mappings are checked line by line against the\n"
           "#    17.0 file by tests/conformance/confusables_test.cpp).  ICU's and puny's skeletons are given.\n"
           "#  - script_extensions: every Identifier_Status=Allowed code point assigned in Unicode 15.0 whose\n"
           "#    Script_Extensions in ICU 72 (uscript_getScriptExtensions) differ from Unicode 17.0's: these\n"
           "#    move resolved script sets and so restriction levels (the profile is the same on both sides).\n"
           "# Code points assigned after Unicode 15.0 explain differences by themselves and are not listed.\n"
           "# A first column U+XXXX..U+YYYY stands for every code point of the range (Default_Ignorable runs).\n"
           "# Columns: code_point, differs (skeleton | script_extensions), why\n"
           "#code_point\tdiffers\twhy\n";
    // Default_Ignorable code points come in ranges (most are unassigned):
    // one line per run of consecutive ones; the rest one line each.
    std::size_t lines = 0;
    for (auto it = skeleton_differs.begin(); it != skeleton_differs.end(); ++lines) {
      const char32_t first = it->first;
      char32_t last = first;
      const bool ignorable = it->second.second;
      const std::string why = it->second.first;
      ++it;
      while (ignorable && it != skeleton_differs.end() && it->second.second &&
             (it->first == last + 1 || (last == 0xD7FF && it->first == 0xE000))) {
        last = it->first;
        ++it;
      }
      out << hex_code_point(first) << (last != first ? ".." + hex_code_point(last) : std::string()) << "\tskeleton\t" << why << '\n';
    }
    for (const auto& [c, why] : script_extensions_differ) out << hex_code_point(c) << "\tscript_extensions\t" << why << '\n';
    std::cout << "[differential] wrote " << lines + script_extensions_differ.size() << " lines to "
              << write_to << '\n';
  }

  auto show = [](const char* what, const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& l : lines)
      if (!l.empty()) text += "\n  " + l;
    return std::string(what) + " (" + std::to_string(lines.size()) + "):" + text;
  };
  if (!is_icu72) {
    std::cout << "[differential] ICU " << U_ICU_VERSION << " is not ICU 72: the exception lists are informational\n"
              << show("unexplained skeletons", single.unexplained) << '\n'
              << show("stale exceptions", stale) << '\n';
    return;
  }
  EXPECT_TRUE(single.unexplained.empty()) << show("code points whose skeletons differ", single.unexplained);
  EXPECT_TRUE(label_skeletons.unexplained.empty()) << show("labels whose skeletons differ", label_skeletons.unexplained);
  EXPECT_TRUE(probes.unexplained.empty()) << show("code points whose levels differ", probes.unexplained);
  EXPECT_TRUE(label_levels.unexplained.empty()) << show("labels whose levels differ", label_levels.unexplained);
  EXPECT_TRUE(stale.empty()) << show("listed exceptions that no longer differ", stale);
  // The comparison must have compared something.
  EXPECT_EQ(single.compared, 0x110000u - 0x800u);
  EXPECT_GT(label_skeletons.compared, 200000u);
  EXPECT_GT(label_skeletons.same, label_skeletons.compared * 9 / 10);
}

}  // namespace

#else  // !PUNY_HAVE_ICU

#if defined(PUNY_ICU_NOT_FOR_TARGET)
#define PUNY_SKIP_WITHOUT_USPOOF() GTEST_SKIP() << "cross build: ICU is not installed for this target"
#else
#define PUNY_SKIP_WITHOUT_USPOOF()                                                                               \
  if (puny_test::running_in_ci()) FAIL() << "CI=true and ICU (pkg-config icu-uc icu-i18n) was not found at configure time"; \
  GTEST_SKIP() << "ICU not built in (pkg-config icu-uc icu-i18n not found at configure time)"
#endif

TEST(IcuUspoof, SkeletonAndRestrictionLevelAgreeUpToUnicode17Changes) { PUNY_SKIP_WITHOUT_USPOOF(); }

#endif
