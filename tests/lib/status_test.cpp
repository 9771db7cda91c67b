// puny::status, puny::result and puny::converted: names, messages, values.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "puny/punycode.hpp"
#include "puny/status.hpp"

namespace {

using puny::status;

constexpr status all_statuses[] = {
    status::success,          status::invalid_digit,     status::truncated_integer,
    status::non_basic_literal, status::empty_literal,    status::encoded_basic,
    status::overflow,         status::invalid_code_point, status::invalid_utf8,
    status::output_too_small, status::scratch_too_small, status::invalid_parameters,
    status::case_flags_size,
};

// "Values are stable; new ones are only appended."
TEST(Status, ValuesAreStable) {
  for (std::size_t j = 0; j < std::size(all_statuses); ++j) {
    EXPECT_EQ(static_cast<std::size_t>(all_statuses[j]), j);
  }
}

TEST(Status, NamesAreTheIdentifiers) {
  EXPECT_EQ(puny::name(status::success), "success");
  EXPECT_EQ(puny::name(status::invalid_digit), "invalid_digit");
  EXPECT_EQ(puny::name(status::truncated_integer), "truncated_integer");
  EXPECT_EQ(puny::name(status::non_basic_literal), "non_basic_literal");
  EXPECT_EQ(puny::name(status::empty_literal), "empty_literal");
  EXPECT_EQ(puny::name(status::encoded_basic), "encoded_basic");
  EXPECT_EQ(puny::name(status::overflow), "overflow");
  EXPECT_EQ(puny::name(status::invalid_code_point), "invalid_code_point");
  EXPECT_EQ(puny::name(status::invalid_utf8), "invalid_utf8");
  EXPECT_EQ(puny::name(status::output_too_small), "output_too_small");
  EXPECT_EQ(puny::name(status::scratch_too_small), "scratch_too_small");
  EXPECT_EQ(puny::name(status::invalid_parameters), "invalid_parameters");
  EXPECT_EQ(puny::name(status::case_flags_size), "case_flags_size");
  EXPECT_EQ(puny::name(static_cast<status>(200)), "unknown");
}

TEST(Status, MessagesAreDistinctAndNonEmpty) {
  std::set<std::string> messages;
  for (const status s : all_statuses) {
    const std::string_view m = puny::message(s);
    EXPECT_FALSE(m.empty());
    EXPECT_TRUE(messages.insert(std::string(m)).second) << m;
  }
  EXPECT_EQ(puny::message(static_cast<status>(200)), "unknown status");
}

TEST(Status, ResultAndConverted) {
  constexpr puny::result ok{};
  static_assert(ok.ok() && static_cast<bool>(ok) && ok.written == 0 && ok.position == 0 && ok.needed == 0);
  puny::result bad;
  bad.code = status::overflow;
  EXPECT_FALSE(bad.ok());
  EXPECT_FALSE(static_cast<bool>(bad));

  const auto good = puny::encode(U"\u00FC");
  ASSERT_TRUE(good.ok());
  ASSERT_TRUE(static_cast<bool>(good));
  EXPECT_EQ(*good, "tda");
  EXPECT_EQ(good->size(), 3u);
  std::string moved = *puny::encode(U"\u00FC");
  EXPECT_EQ(moved, "tda");
  const auto failed = puny::decode("-");
  EXPECT_FALSE(failed.ok());
  EXPECT_FALSE(static_cast<bool>(failed));
  EXPECT_TRUE(failed->empty());
}

}  // namespace
