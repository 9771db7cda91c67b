// puny::script (generated <puny/script.hpp>) and puny::script_set
// (<puny/security.hpp>): names, lookup by name, set algebra and iteration,
// and spot checks of the per-code-point script data (UAX #24, UTS #39 §5.1).
#include <gtest/gtest.h>

#include <cstddef>
#include <iterator>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "puny/script.hpp"
#include "puny/security.hpp"
#include "security/security_data.hpp"

namespace {

using puny::script;
using puny::script_set;

// Usable in constant expressions, as the header promises.
static_assert(puny::name(script::latin) == "Latin");
static_assert(puny::short_name(script::latin) == "Latn");
static_assert(puny::script_from_name("cyrl") == script::cyrillic);
static_assert(puny::script_count <= 192);
static_assert(script_set{script::latin, script::greek}.size() == 2);
static_assert(script_set::all().size() == puny::script_count);

std::vector<script> members(const script_set& s) { return {s.begin(), s.end()}; }

TEST(Script, EveryValueHasBothNamesAndRoundTrips) {
  std::set<std::string> seen;
  for (std::size_t i = 0; i < puny::script_count; ++i) {
    const auto s = static_cast<script>(i);
    const std::string_view long_name = puny::name(s);
    const std::string_view short_name = puny::short_name(s);
    ASSERT_FALSE(long_name.empty()) << i;
    ASSERT_EQ(short_name.size(), 4u) << long_name;  // ISO 15924 codes
    EXPECT_EQ(puny::script_from_name(long_name), s) << long_name;
    EXPECT_EQ(puny::script_from_name(short_name), s) << short_name;
    EXPECT_TRUE(seen.insert(std::string(long_name)).second) << long_name;
    if (short_name != long_name) {
      EXPECT_TRUE(seen.insert(std::string(short_name)).second) << short_name;
    }
  }
  // The Script values come sorted by long name, then the three writing systems.
  for (std::size_t i = 1; i + 3 < puny::script_count; ++i) {
    EXPECT_LT(puny::name(static_cast<script>(i - 1)), puny::name(static_cast<script>(i)));
  }
}

TEST(Script, WritingSystemsOfUts39AreTheLastThree) {
  EXPECT_EQ(static_cast<std::size_t>(script::hanb), puny::script_count - 3);
  EXPECT_EQ(static_cast<std::size_t>(script::jpan), puny::script_count - 2);
  EXPECT_EQ(static_cast<std::size_t>(script::kore), puny::script_count - 1);
  EXPECT_EQ(puny::name(script::hanb), "Han_with_Bopomofo");
  EXPECT_EQ(puny::name(script::jpan), "Japanese");
  EXPECT_EQ(puny::name(script::kore), "Korean");
  EXPECT_EQ(puny::short_name(script::hanb), "Hanb");
  EXPECT_EQ(puny::short_name(script::jpan), "Jpan");
  EXPECT_EQ(puny::short_name(script::kore), "Kore");
}

TEST(Script, FromNameIgnoresAsciiCaseAndKnowsTheAliases) {
  EXPECT_EQ(puny::script_from_name("Latin"), script::latin);
  EXPECT_EQ(puny::script_from_name("LATIN"), script::latin);
  EXPECT_EQ(puny::script_from_name("latn"), script::latin);
  EXPECT_EQ(puny::script_from_name("Old_Italic"), script::old_italic);
  EXPECT_EQ(puny::script_from_name("ital"), script::old_italic);
  EXPECT_EQ(puny::script_from_name("zyyy"), script::common);
  EXPECT_EQ(puny::script_from_name("Zinh"), script::inherited);
  EXPECT_EQ(puny::script_from_name("Qaai"), script::inherited);
  EXPECT_EQ(puny::script_from_name("qaac"), script::coptic);
  EXPECT_EQ(puny::script_from_name("han_WITH_bopomofo"), script::hanb);
  EXPECT_EQ(puny::script_from_name("JPAN"), script::jpan);
  EXPECT_EQ(puny::script_from_name("Katakana_Or_Hiragana"), script::katakana_or_hiragana);
  EXPECT_EQ(puny::script_from_name(""), std::nullopt);
  EXPECT_EQ(puny::script_from_name("Lati"), std::nullopt);
  EXPECT_EQ(puny::script_from_name("Latin "), std::nullopt);
  EXPECT_EQ(puny::script_from_name("Old Italic"), std::nullopt);
  EXPECT_EQ(puny::script_from_name(std::string_view("Latn\0", 5)), std::nullopt);
  // Only ASCII letters fold: U+0130 and U+212A are not i and k.
  EXPECT_EQ(puny::script_from_name("\xC4\xB0tal"), std::nullopt);
  EXPECT_EQ(puny::script_from_name("\xE2\x84\xAA"
                                   "ana"),
            std::nullopt);
}

TEST(Script, NamesOfValuesOutsideTheEnumerationAreEmpty) {
  EXPECT_EQ(puny::name(static_cast<script>(puny::script_count)), "");
  EXPECT_EQ(puny::short_name(static_cast<script>(255)), "");
}

TEST(ScriptSet, EmptyAllAndMembership) {
  const script_set none;
  EXPECT_TRUE(none.empty());
  EXPECT_EQ(none.size(), 0u);
  EXPECT_EQ(none.begin(), none.end());
  EXPECT_FALSE(none.is_all());

  const script_set all = script_set::all();
  EXPECT_TRUE(all.is_all());
  EXPECT_EQ(all.size(), puny::script_count);
  EXPECT_TRUE(all.contains(script::adlam));
  EXPECT_TRUE(all.contains(script::kore));
  EXPECT_EQ(std::distance(all.begin(), all.end()), static_cast<std::ptrdiff_t>(puny::script_count));

  script_set s{script::latin};
  EXPECT_TRUE(s.contains(script::latin));
  EXPECT_FALSE(s.contains(script::greek));
  s.insert(script::greek);
  s.insert(script::greek);
  EXPECT_EQ(s.size(), 2u);
  s.erase(script::latin);
  s.erase(script::latin);
  EXPECT_EQ(s, script_set{script::greek});
  // Values in every one of the three words.
  script_set spread{script::adlam, script::kore, static_cast<script>(64), static_cast<script>(128)};
  EXPECT_EQ(spread.size(), 4u);
  EXPECT_TRUE(spread.contains(static_cast<script>(128)));
  EXPECT_FALSE(spread.contains(static_cast<script>(127)));
}

TEST(ScriptSet, IteratesInScriptOrder) {
  const script_set s{script::latin, script::cyrillic, script::kore, script::arabic};
  EXPECT_EQ(members(s), (std::vector<script>{script::arabic, script::cyrillic, script::latin, script::kore}));
  auto it = s.begin();
  EXPECT_EQ(*it++, script::arabic);
  EXPECT_EQ(*it, script::cyrillic);
  static_assert(std::forward_iterator<script_set::iterator>);
}

TEST(ScriptSet, IntersectionAndUnion) {
  const script_set a{script::latin, script::han, script::hanb};
  const script_set b{script::han, script::hiragana, script::jpan};
  EXPECT_EQ(a & b, script_set{script::han});
  EXPECT_EQ(a | b, (script_set{script::latin, script::han, script::hanb, script::hiragana, script::jpan}));
  EXPECT_EQ(a & script_set::all(), a);
  EXPECT_TRUE((a & script_set{script::greek}).empty());
  script_set c = a;
  c &= b;
  c |= script_set{script::greek};
  EXPECT_EQ(c, (script_set{script::greek, script::han}));
}

TEST(ScriptSet, ToStringUsesShortNamesInScriptOrder) {
  EXPECT_EQ(puny::to_string(script_set{}), "");
  EXPECT_EQ(puny::to_string(script_set{script::latin}), "Latn");
  EXPECT_EQ(puny::to_string(script_set{script::latin, script::greek}), "Grek Latn");
  EXPECT_EQ(puny::to_string(script_set{script::han, script::hanb, script::jpan, script::kore}), "Hani Hanb Jpan Kore");
  EXPECT_EQ(puny::to_string(script_set::all()), "ALL");
}

TEST(IdentifierTypes, ToStringListsTheSetAsTheDataFileDoes) {
  using puny::identifier_type;
  EXPECT_EQ(puny::to_string(puny::identifier_types{}), "");
  EXPECT_EQ(puny::to_string(puny::identifier_types{identifier_type::recommended}), "Recommended");
  EXPECT_EQ(puny::to_string(puny::identifier_types{identifier_type::technical, identifier_type::limited_use}),
            "Limited_Use Technical");
  EXPECT_EQ(puny::to_string(puny::identifier_types_of(0x0740)), "Limited_Use Technical");  // IdentifierType.txt
  EXPECT_EQ(puny::to_string(puny::identifier_types_of(0x0378)), "Not_Character");
}

// Spot checks against the data files (the conformance suite checks every code point).
TEST(CodePointProperties, ScriptsAndAugmentedSets) {
  EXPECT_EQ(puny::script_of(U'a'), script::latin);
  EXPECT_EQ(puny::script_of(0x0430), script::cyrillic);
  EXPECT_EQ(puny::script_of(U'1'), script::common);
  EXPECT_EQ(puny::script_of(0x0301), script::inherited);
  EXPECT_EQ(puny::script_of(0x0378), script::unknown);
  EXPECT_EQ(puny::script_extensions_of(U'a'), script_set{script::latin});
  EXPECT_EQ(puny::script_extensions_of(U'1'), script_set{script::common});
  // §5.1: {Common} and {Inherited} augment to ALL; Han adds Hanb, Jpan, Kore.
  EXPECT_TRUE(puny::augmented_script_set_of(U'1').is_all());
  EXPECT_TRUE(puny::augmented_script_set_of(0x0312).is_all());  // U+0301 has an explicit scx in 17.0
  EXPECT_FALSE(puny::augmented_script_set_of(0x0301).is_all());
  EXPECT_EQ(puny::augmented_script_set_of(0x6F22), (script_set{script::han, script::hanb, script::jpan, script::kore}));
  EXPECT_EQ(puny::augmented_script_set_of(0x3042), (script_set{script::hiragana, script::jpan}));
  EXPECT_EQ(puny::augmented_script_set_of(0xAC00), (script_set{script::hangul, script::kore}));
  EXPECT_EQ(puny::augmented_script_set_of(0x3105), (script_set{script::bopomofo, script::hanb}));
  // U+30FC has scx {Hira, Kana}, so "ーア" resolves to {Kana, Jpan} (notes §1.4).
  EXPECT_EQ(puny::augmented_script_set_of(0x30FC) & puny::augmented_script_set_of(0x30A2),
            (script_set{script::katakana, script::jpan}));
  // U+00B7 has an explicit multi-script scx, not ALL.
  EXPECT_FALSE(puny::augmented_script_set_of(0x00B7).is_all());
  EXPECT_TRUE(puny::augmented_script_set_of(0x00B7).contains(script::latin));
}

TEST(CodePointProperties, IdentifierStatusAndTypes) {
  using puny::identifier_status;
  using puny::identifier_type;
  EXPECT_EQ(puny::identifier_status_of(U'a'), identifier_status::allowed);
  EXPECT_EQ(puny::identifier_status_of(U'-'), identifier_status::allowed);  // Inclusion
  EXPECT_EQ(puny::identifier_types_of(U'-'), puny::identifier_types{identifier_type::inclusion});
  EXPECT_EQ(puny::identifier_status_of(U'A'), identifier_status::allowed);
  EXPECT_EQ(puny::identifier_status_of(U' '), identifier_status::restricted);
  EXPECT_EQ(puny::identifier_status_of(0x200C), identifier_status::restricted);
  EXPECT_EQ(puny::identifier_types_of(0x200D), puny::identifier_types{identifier_type::default_ignorable});
  // Unicode 17: Bopomofo is Limited_Use; most of Han Extension B Uncommon_Use.
  EXPECT_EQ(puny::identifier_status_of(0x3105), identifier_status::restricted);
  EXPECT_TRUE(puny::identifier_types_of(0x3105).contains(identifier_type::limited_use));
  EXPECT_EQ(puny::identifier_status_of(0x4E00), identifier_status::allowed);
  EXPECT_EQ(puny::identifier_status_of(0x30000), identifier_status::restricted);
  EXPECT_EQ(puny::identifier_status_of(0x110000), identifier_status::restricted);
}

TEST(SecurityRecords, SpotChecks) {
  namespace sec = puny::detail::security;
  char32_t self = 0;
  EXPECT_EQ(sec::mapped_piece(0x0430, self), U"a");          // Cyrillic а
  EXPECT_EQ(sec::mapped_piece(U'm', self), U"rn");
  EXPECT_EQ(sec::mapped_piece(U'1', self), U"l");
  EXPECT_EQ(sec::mapped_piece(0x3164, self), U"");           // Default_Ignorable wins
  EXPECT_EQ(sec::mapped_piece(0x200B, self), U"");
  EXPECT_EQ(sec::mapped_piece(U'a', self), U"a");
  EXPECT_EQ(self, U'a');
  EXPECT_EQ(sec::mapped_piece(0xFDFA, self).size(), 18u);  // the longest prototype
  EXPECT_EQ(sec::decimal_zero(U'7'), U'0');
  EXPECT_EQ(sec::decimal_zero(0x0669), char32_t{0x0660});
  EXPECT_EQ(sec::decimal_zero(U'a'), char32_t{0xFFFFFFFF});
  EXPECT_EQ(sec::decimal_zero(0x1D7FF), char32_t{0x1D7F6});  // the last of five adjacent runs
  const sec::code_point_record i = sec::record_of(U'i');
  EXPECT_TRUE(i.soft_dotted);
  EXPECT_TRUE(i.allowed);
  EXPECT_TRUE(sec::record_of(0x0307).nonspacing_mark);
  EXPECT_TRUE(sec::record_of(0x3105).cjk_compat);
  EXPECT_TRUE(sec::record_of(0x4E00).cjk_compat);
  EXPECT_FALSE(sec::record_of(U'a').cjk_compat);
  EXPECT_TRUE(sec::record_of(0x0430).has_prototype);
  EXPECT_TRUE(sec::record_of(U'9').decimal);
  EXPECT_TRUE(sec::confusable_scripts(sec::record_of(0x0441)).contains(script::latin));  // с / c
}

}  // namespace
