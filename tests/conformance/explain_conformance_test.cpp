// The explanations of <puny/explain.hpp> against UTS #46's own conformance
// data: for every line of IdnaTestV2.txt (Unicode 17.0.0), the violations
// that puny locates carry exactly the codes the file expects of toAsciiN
// and toAsciiT, and exactly the codes to_ascii() records under every other
// option set too; every violation is explained, and the code point it
// names is where it says, in the label it says.
#include <gtest/gtest.h>

#include <cstddef>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "idna/explain_locate.hpp"
#include "puny/explain.hpp"
#include "puny/idna.hpp"
#include "idna_test_v2_file.hpp"
#include "test_encoding.hpp"
#include "unicode_data.hpp"

namespace {

using puny_test::has_surrogate;
using puny_test::idna_test_v2_line;
using puny_test::show;
using puny_test::to_utf8;

std::u32string joined(const std::vector<puny::label_explanation>& labels, std::u32string puny::label_explanation::*form) {
  std::u32string s;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    if (i != 0) s += U'.';
    s += labels[i].*form;
  }
  return s;
}

std::string joined_ascii(const std::vector<puny::label_explanation>& labels) {
  std::string s;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    if (i != 0) s += '.';
    s += labels[i].ascii;
  }
  return s;
}

/// What must hold of any explanation: every violation explained, on the
/// label it is filed under, and its code point where it says.  Returns the
/// first problem, or "".
std::string check_violations(const puny::domain_explanation& e) {
  for (std::size_t index = 0; index < e.labels.size(); ++index) {
    const puny::label_explanation& l = e.labels[index];
    puny::idna_errors codes;
    for (const puny::idna_violation& v : l.violations) {
      codes.insert(v.code);
      if (v.detail.empty()) return "empty detail for " + std::string(puny::name(v.code));
      if (v.label != index) return std::string(puny::name(v.code)) + " filed under the wrong label";
      if (v.occurrences == 0) return std::string(puny::name(v.code)) + " occurs 0 times";
      if (!v.has_position()) continue;
      if (v.position > l.unicode.size()) return std::string(puny::name(v.code)) + " past the label's end";
      if (l.unicode[v.position - 1] != v.code_point) {
        return std::string(puny::name(v.code)) + " names a code point not at its position";
      }
    }
    if (codes != l.errors) return "label errors differ from its violations";
    if (l.unlisted != 0) return "violations left unlisted";
  }
  for (const puny::idna_violation& v : e.domain_violations) {
    if (v.detail.empty()) return "empty detail for " + std::string(puny::name(v.code));
    if (v.label != puny::idna_violation::no_label || v.has_position()) return "domain violation with a place";
  }
  if (e.bidi_domain) {
    const puny::bidi_domain_reason& b = *e.bidi_domain;
    if (b.label >= e.labels.size() || b.position == 0 || b.position > e.labels[b.label].unicode.size() ||
        e.labels[b.label].unicode[b.position - 1] != b.code_point) {
      return "Bidi domain reason not where it says";
    }
  }
  return {};
}

puny::domain_explanation explain_line(const idna_test_v2_line& t, const puny::idna_options& options) {
  if (has_surrogate(t.source)) return puny::explain(std::u32string_view(t.source), options);
  return puny::explain(std::string_view(to_utf8(t.source)), options);
}

constexpr std::size_t report_limit = 40;

}  // namespace

TEST(ExplainConformance, EveryIdnaTestV2LineToAsciiNAndT) {
  PUNY_OPEN_UNICODE_FILE(file, "IdnaTestV2.txt");
  const std::vector<idna_test_v2_line> lines = puny_test::read_idna_test_v2(file);
  ASSERT_EQ(lines.size(), 6391u) << "IdnaTestV2.txt of Unicode 17.0.0 has 6391 test lines";

  std::size_t agreed = 0;
  std::size_t violations = 0;
  std::size_t reported = 0;
  auto fail = [&](const idna_test_v2_line& t, std::string_view op, const std::string& why) {
    if (reported++ < report_limit) ADD_FAILURE() << "line " << t.line_number << " " << op << " \"" << show(t.source) << "\": " << why;
  };
  for (const idna_test_v2_line& t : lines) {
    for (const bool transitional : {false, true}) {
      const std::string_view op = transitional ? "toAsciiT" : "toAsciiN";
      const puny::idna_errors want = transitional ? t.to_ascii_t_status : t.to_ascii_n_status;
      puny::idna_options options;
      options.transitional_processing = transitional;

      // The locator on its own, before any reconciling with the verdict.
      const puny::detail::located_domain located = puny::detail::locate_violations(t.source, options);
      const puny::domain_explanation e = explain_line(t, options);
      const std::string problem = check_violations(e);
      if (e.code != puny::status::success) {
        fail(t, op, "status " + std::string(puny::name(e.code)));
      } else if (located.codes() != want) {
        fail(t, op, "located [" + puny::to_string(located.codes()) + "], want [" + puny::to_string(want) + "]");
      } else if (e.errors != want) {
        fail(t, op, "verdict [" + puny::to_string(e.errors) + "], want [" + puny::to_string(want) + "]");
      } else if (located.first_label() != e.label) {
        fail(t, op, "first label " + std::to_string(located.first_label()) + ", to_ascii says " + std::to_string(e.label));
      } else if (!problem.empty()) {
        fail(t, op, problem);
      } else if (joined(e.labels, &puny::label_explanation::unicode) != e.unicode) {
        fail(t, op, "labels join to \"" + show(joined(e.labels, &puny::label_explanation::unicode)) +
                        "\", ToUnicode gives \"" + show(e.unicode) + "\"");
      } else if (e.errors.empty() && joined_ascii(e.labels) != e.ascii) {
        fail(t, op, "labels join to \"" + joined_ascii(e.labels) + "\", ToASCII gives \"" + e.ascii + "\"");
      } else {
        ++agreed;
        for (const puny::label_explanation& l : e.labels) violations += l.violations.size();
        violations += e.domain_violations.size();
      }
    }
  }
  std::cout << "explain: " << agreed << "/" << 2 * lines.size() << " toAsciiN/toAsciiT explanations agree, "
            << violations << " violations located\n";
  EXPECT_EQ(agreed, 2 * lines.size());
}

// Every flag that governs a code, and the other profiles: the located codes
// are to_ascii()'s, and its first failing label is the first label with a
// violation.
TEST(ExplainConformance, EveryIdnaTestV2LineUnderEveryOptionSet) {
  PUNY_OPEN_UNICODE_FILE(file, "IdnaTestV2.txt");
  const std::vector<idna_test_v2_line> lines = puny_test::read_idna_test_v2(file);
  ASSERT_EQ(lines.size(), 6391u);

  struct option_set {
    std::string_view name;
    puny::idna_options options;
  };
  std::vector<option_set> sets;
  auto with = [](auto change) {
    puny::idna_options o;
    change(o);
    return o;
  };
  sets.push_back({"no std3", with([](puny::idna_options& o) { o.use_std3_ascii_rules = false; })});
  sets.push_back({"no hyphens", with([](puny::idna_options& o) { o.check_hyphens = false; })});
  sets.push_back({"no bidi", with([](puny::idna_options& o) { o.check_bidi = false; })});
  sets.push_back({"no joiners", with([](puny::idna_options& o) { o.check_joiners = false; })});
  sets.push_back({"no dns length", with([](puny::idna_options& o) { o.verify_dns_length = false; })});
  sets.push_back({"ignore invalid punycode", with([](puny::idna_options& o) { o.ignore_invalid_punycode = true; })});
  sets.push_back({"whatwg", puny::idna_options::for_profile(puny::idna_profile::whatwg)});
  sets.push_back({"whatwg, all UTS #46", with([](puny::idna_options& o) {
                    o = puny::idna_options::for_profile(puny::idna_profile::whatwg);
                    o.ascii_input_lowercase_only = false;
                  })});
  sets.push_back({"display", puny::idna_options::for_profile(puny::idna_profile::display)});
  sets.push_back({"all checks off", with([](puny::idna_options& o) {
                    o.use_std3_ascii_rules = false;
                    o.check_hyphens = false;
                    o.check_bidi = false;
                    o.check_joiners = false;
                    o.verify_dns_length = false;
                  })});

  std::size_t agreed = 0;
  std::size_t reported = 0;
  for (const option_set& set : sets) {
    for (const idna_test_v2_line& t : lines) {
      const puny::domain_explanation e = explain_line(t, set.options);
      const puny::detail::located_domain located = puny::detail::locate_violations(t.source, set.options);
      const std::string problem = check_violations(e);
      std::string why;
      if (e.code != puny::status::success) {
        why = "status " + std::string(puny::name(e.code));
      } else if (located.codes() != e.errors) {
        why = "located [" + puny::to_string(located.codes()) + "], to_ascii [" + puny::to_string(e.errors) + "]";
      } else if (located.first_label() != e.label) {
        why = "first label " + std::to_string(located.first_label()) + ", to_ascii says " + std::to_string(e.label);
      } else if (!problem.empty()) {
        why = problem;
      } else if (!set.options.check_bidi && (e.errors.bits() & puny::idna_errors{puny::idna_code::B1, puny::idna_code::B2, puny::idna_code::B3, puny::idna_code::B4, puny::idna_code::B5, puny::idna_code::B6}.bits()) != 0) {
        why = "a B code with check_bidi off";
      }
      if (why.empty()) {
        ++agreed;
      } else if (reported++ < report_limit) {
        ADD_FAILURE() << set.name << ", line " << t.line_number << " \"" << show(t.source) << "\": " << why;
      }
    }
  }
  std::cout << "explain: " << agreed << "/" << sets.size() * lines.size() << " explanations agree under "
            << sets.size() << " other option sets\n";
  EXPECT_EQ(agreed, sets.size() * lines.size());
}

// The code point entry point gives what the UTF-8 one gives.
TEST(ExplainConformance, Utf32InputExplainsLikeUtf8) {
  PUNY_OPEN_UNICODE_FILE(file, "IdnaTestV2.txt");
  const std::vector<idna_test_v2_line> lines = puny_test::read_idna_test_v2(file);
  std::size_t compared = 0;
  for (const idna_test_v2_line& t : lines) {
    if (has_surrogate(t.source)) continue;
    const puny::domain_explanation a = puny::explain(std::string_view(to_utf8(t.source)));
    const puny::domain_explanation b = puny::explain(std::u32string_view(t.source));
    ASSERT_EQ(a.errors, b.errors) << "line " << t.line_number;
    ASSERT_EQ(a.ascii, b.ascii) << "line " << t.line_number;
    ASSERT_EQ(a.unicode, b.unicode) << "line " << t.line_number;
    ASSERT_EQ(a.labels.size(), b.labels.size()) << "line " << t.line_number;
    for (std::size_t i = 0; i < a.labels.size(); ++i) {
      ASSERT_EQ(a.labels[i].violations.size(), b.labels[i].violations.size()) << "line " << t.line_number;
      for (std::size_t k = 0; k < a.labels[i].violations.size(); ++k) {
        EXPECT_EQ(a.labels[i].violations[k].detail, b.labels[i].violations[k].detail) << "line " << t.line_number;
      }
    }
    ++compared;
  }
  EXPECT_EQ(compared, lines.size() - 2) << "two lines of IdnaTestV2.txt hold a lone surrogate";
}
