// The pipeline's working memory fills up exactly at the start of an xn--
// label: the label must still be processed (on a larger workspace), not
// loop forever.  Found by fuzz_idna.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "puny/idna.hpp"

namespace {

TEST(IdnaWorkspace, FullExactlyAtAnAceLabel) {
  for (std::size_t k = puny::max_stack_domain - 4; k <= puny::max_stack_domain + 4; ++k) {
    const std::string head(k, 'a');
    const std::string domain = head + ".xn--bcher-kva.de";
    std::vector<char> out(2 * domain.size());
    const puny::idna_result u = puny::to_unicode(std::string_view(domain), out);
    ASSERT_TRUE(u.ok()) << k;
    EXPECT_EQ(std::string(out.data(), u.written), head + ".bücher.de") << k;
    const puny::idna_result a = puny::to_ascii(std::string_view(domain), out);
    EXPECT_EQ(a.errors, puny::idna_errors({puny::idna_code::A4_1, puny::idna_code::A4_2})) << k;
    EXPECT_EQ(a.label, 0u) << k;
    const std::u32string wide = std::u32string(k, U'a') + U".xn--bcher-kva.de";
    std::vector<char32_t> out32(wide.size());
    const puny::idna_result w = puny::to_unicode(std::u32string_view(wide), out32);
    ASSERT_TRUE(w.ok()) << k;
    EXPECT_EQ(std::u32string(out32.data(), w.written), std::u32string(k, U'a') + U".bücher.de") << k;
  }
}

}  // namespace
