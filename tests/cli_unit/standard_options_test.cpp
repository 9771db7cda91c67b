// The command line of the IDNA2008 and IDNA2003 profiles: each flag sets
// the option of the profile's standard whatever their order, a flag of
// another standard is refused, and labels are split as each standard
// splits them.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "domain_labels.hpp"
#include "options.hpp"

namespace {

using puny::cli::idna_standard;
using puny::cli::parse_command_line;
using puny::cli::parsed_command_line;

parsed_command_line parse(std::vector<const char*> args) {
  return parse_command_line(std::span<const char* const>(args.data(), args.size()));
}

TEST(CliStandardOptions, ProfilesChooseTheStandardAndItsOptions) {
  const parsed_command_line lookup = parse({"to-ascii", "--profile", "idna2008", "a"});
  ASSERT_EQ(lookup.what, parsed_command_line::action::run) << lookup.error;
  EXPECT_EQ(lookup.opts.profile.standard, idna_standard::idna2008);
  EXPECT_FALSE(lookup.opts.profile.registration);
  EXPECT_TRUE(lookup.opts.profile.idna2008 ==
              puny::idna2008::options::for_profile(puny::idna2008::profile::lookup));
  EXPECT_EQ(puny::cli::standard_title(lookup.opts.profile), "IDNA2008 lookup");

  const parsed_command_line reg = parse({"check", "--profile=idna2008-registration", "a"});
  ASSERT_EQ(reg.what, parsed_command_line::action::run) << reg.error;
  EXPECT_TRUE(reg.opts.profile.registration);
  EXPECT_TRUE(reg.opts.profile.idna2008 ==
              puny::idna2008::options::for_profile(puny::idna2008::profile::registration));
  EXPECT_EQ(puny::cli::standard_title(reg.opts.profile), "IDNA2008 registration");

  const parsed_command_line old = parse({"to-unicode", "--profile", "idna2003", "a"});
  ASSERT_EQ(old.what, parsed_command_line::action::run) << old.error;
  EXPECT_EQ(old.opts.profile.standard, idna_standard::idna2003);
  EXPECT_TRUE(old.opts.profile.idna2003 == puny::idna2003::options{});
  EXPECT_EQ(puny::cli::standard_title(old.opts.profile), "IDNA2003");

  EXPECT_EQ(parse({"to-ascii", "a"}).opts.profile.standard, idna_standard::uts46);
}

TEST(CliStandardOptions, FlagsSetTheStandardsOptionWhereverTheyStand) {
  const parsed_command_line p = parse({"to-ascii", "--no-check-hyphens", "--no-check-contexto", "--check-hostname",
                                       "--no-check-bidi", "--no-verify-dns-length", "--allow-reserved-ldh",
                                       "--no-allow-trailing-dot", "--no-require-lowercase-alabels", "--profile",
                                       "idna2008-registration", "a"});
  ASSERT_EQ(p.what, parsed_command_line::action::run) << p.error;
  const puny::idna2008::options& o = p.opts.profile.idna2008;
  EXPECT_FALSE(o.check_hyphens);
  EXPECT_FALSE(o.check_contexto);
  EXPECT_TRUE(o.check_hostname);
  EXPECT_FALSE(o.check_bidi);
  EXPECT_FALSE(o.verify_dns_length);
  EXPECT_TRUE(o.allow_reserved_ldh);
  EXPECT_FALSE(o.allow_trailing_dot);
  EXPECT_FALSE(o.require_lowercase_alabels);
  // The UTS #46 options are not touched.
  EXPECT_TRUE(p.opts.idna == puny::idna_options::for_profile(puny::idna_profile::uts46));

  const parsed_command_line q =
      parse({"to-ascii", "--std3", "--allow-unassigned", "--verify-dns-length", "--profile=idna2003", "a"});
  ASSERT_EQ(q.what, parsed_command_line::action::run) << q.error;
  EXPECT_TRUE(q.opts.profile.idna2003.use_std3_ascii_rules);
  EXPECT_TRUE(q.opts.profile.idna2003.allow_unassigned);
  EXPECT_TRUE(q.opts.profile.idna2003.verify_dns_length);
  // A later flag wins over an earlier one.
  EXPECT_FALSE(parse({"to-ascii", "--profile=idna2003", "--allow-unassigned", "--no-allow-unassigned", "a"})
                   .opts.profile.idna2003.allow_unassigned);
}

TEST(CliStandardOptions, FlagsOfAnotherStandardAreRefused) {
  const parsed_command_line p = parse({"to-ascii", "--profile", "idna2003", "--check-joiners", "a"});
  EXPECT_EQ(p.what, parsed_command_line::action::usage_error);
  EXPECT_EQ(p.error,
            "option '--check-joiners' does not apply to --profile idna2003: Nameprep maps ZWJ and ZWNJ to nothing "
            "(RFC 3454 table B.1); the flags of IDNA2003 are --[no-]std3, --[no-]verify-dns-length and "
            "--[no-]allow-unassigned");
  EXPECT_EQ(parse({"check", "--profile", "idna2008", "--std3", "a"}).what, parsed_command_line::action::usage_error);
  EXPECT_EQ(parse({"check", "--check-contexto", "a"}).what, parsed_command_line::action::usage_error);
  EXPECT_EQ(parse({"compare", "--check-bidi", "a"}).what, parsed_command_line::action::usage_error);
  const parsed_command_line c = parse({"compare", "--format", "jsonl", "a"});
  ASSERT_EQ(c.what, parsed_command_line::action::run) << c.error;
  EXPECT_EQ(c.opts.cmd, puny::cli::command::compare);
}

TEST(CliStandardOptions, LabelsAreSplitAsEachStandardSplitsThem) {
  using puny::cli::label_separators;
  using puny::cli::split_labels;
  const std::string dots = "a\xE3\x80\x82" "b.c\xEF\xBC\x8E" "d";  // a。b.c．d
  EXPECT_EQ(split_labels(dots, label_separators::four_dots), (std::vector<std::string_view>{"a", "b", "c", "d"}));
  EXPECT_EQ(split_labels(dots, label_separators::full_stop_only),
            (std::vector<std::string_view>{"a\xE3\x80\x82" "b", "c\xEF\xBC\x8E" "d"}));
  EXPECT_EQ(split_labels("", label_separators::four_dots), (std::vector<std::string_view>{""}));
  EXPECT_EQ(split_labels("a.", label_separators::full_stop_only), (std::vector<std::string_view>{"a", ""}));
  EXPECT_EQ(puny::cli::label_at(dots, 1, label_separators::full_stop_only), std::string_view("c\xEF\xBC\x8E" "d"));
  EXPECT_EQ(puny::cli::label_at(dots, 1), std::string_view("b"));
}

}  // namespace
