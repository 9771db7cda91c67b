// puny — the names, English messages and RFC sections of the IDNA2003 rule
// codes (puny::idna2003::error), and the spelling of a set of them.
#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include "puny/idna2003.hpp"
#include "rule_error_texts.hpp"

namespace puny::idna2003 {
namespace {

// In enumerator order, which is name order.
constexpr std::array<detail::rule_error_text, error_count> texts = {{
    {"ACE_PREFIX_PRESENT", "a label that is not all ASCII begins with the ACE prefix \"xn--\"",
     "RFC 3490 §4.1 step 5"},
    {"BIDI_BOTH_L_AND_RAL", "a label holds both right-to-left (RandALCat) and left-to-right (LCat) characters",
     "RFC 3454 §6 rule 2; RFC 3491 §6"},
    {"BIDI_PROHIBITED", "a label holds a character that changes display direction or is deprecated (table C.8)",
     "RFC 3454 §6 rule 1, §5.8; RFC 3491 §6"},
    {"BIDI_RAL_NOT_FIRST_LAST", "a label with a right-to-left character does not begin and end with one",
     "RFC 3454 §6 rule 3; RFC 3491 §6"},
    {"INVALID_LENGTH", "a label is empty or has more than 63 code points after ToASCII", "RFC 3490 §4.1 step 8"},
    {"LEADING_OR_TRAILING_HYPHEN", "a label begins or ends with a hyphen (UseSTD3ASCIIRules)",
     "RFC 3490 §4.1 step 3b"},
    {"NAME_TOO_LONG", "the name is longer than 253 octets in its ASCII form", "RFC 1034 §3.1; RFC 1035 §2.3.4"},
    {"NON_LDH_ASCII", "a label holds ASCII other than letters, digits and hyphen (UseSTD3ASCIIRules)",
     "RFC 3490 §4.1 step 3a; RFC 1123 §2.1"},
    {"PROHIBITED", "a label holds a prohibited code point (tables C.1.2, C.2.2, C.3-C.7, C.9)",
     "RFC 3491 §5; RFC 3454 §5"},
    {"PUNYCODE_ERROR", "Punycode encoding or decoding of a label failed",
     "RFC 3490 §4.1 step 6, §4.2 step 5; RFC 3492 §6"},
    {"ROUNDTRIP_MISMATCH", "ToASCII of the decoded label does not give the label back", "RFC 3490 §4.2 step 7"},
    {"UNASSIGNED", "a code point is unassigned in Unicode 3.2 (table A.1) and AllowUnassigned is off",
     "RFC 3491 §7; RFC 3454 §7"},
}};

// Each name is its enumerator's in upper case, so the names sort as the
// enumerators do.
static_assert(texts.size() == error_count);
static_assert(texts[static_cast<std::size_t>(error::ace_prefix_present)].name == "ACE_PREFIX_PRESENT");
static_assert(texts[static_cast<std::size_t>(error::prohibited)].name == "PROHIBITED");
static_assert(texts[static_cast<std::size_t>(error::unassigned)].name == "UNASSIGNED");
static_assert(detail::names_sorted(texts));

}  // namespace

std::string_view name(error e) noexcept { return detail::text_of(texts, e).name; }
std::string_view message(error e) noexcept { return detail::text_of(texts, e).message; }
std::string_view rule(error e) noexcept { return detail::text_of(texts, e).rule; }

std::string to_string(error_set errors) {
  return detail::join_names(errors, [](error e) { return name(e); });
}

}  // namespace puny::idna2003
