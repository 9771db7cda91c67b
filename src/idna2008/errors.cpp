// puny — the names, English messages and RFC sections of the IDNA2008 rule
// codes (puny::idna2008::error), and the spelling of a set of them.
#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include "puny/idna2008.hpp"
#include "rule_error_texts.hpp"

namespace puny::idna2008 {
namespace {

// In enumerator order, which is name order.
constexpr std::array<detail::rule_error_text, error_count> texts = {{
    {"ALABEL_ASCII_ONLY", "an xn-- label decodes to ASCII only, so it is not an A-label", "RFC 5890 §2.3.2.1"},
    {"ALABEL_NOT_CANONICAL", "re-encoding the decoded xn-- label does not give the label back",
     "RFC 5890 §2.3.2.1; RFC 5891 §4.2.1, §5.3"},
    {"ALABEL_UPPERCASE", "an A-label is not in lower case", "RFC 5891 §4.2.1"},
    {"BIDI_1", "Bidi rule 1: the first character is not of Bidi class L, R or AL", "RFC 5893 §2 rule 1"},
    {"BIDI_2", "Bidi rule 2: a right-to-left label holds a character of a class not allowed there",
     "RFC 5893 §2 rule 2"},
    {"BIDI_3", "Bidi rule 3: a right-to-left label does not end in R, AL, EN or AN (then NSM)",
     "RFC 5893 §2 rule 3"},
    {"BIDI_4", "Bidi rule 4: a right-to-left label holds both European and Arabic-Indic digits",
     "RFC 5893 §2 rule 4"},
    {"BIDI_5", "Bidi rule 5: a left-to-right label holds a character of a class not allowed there",
     "RFC 5893 §2 rule 5"},
    {"BIDI_6", "Bidi rule 6: a left-to-right label does not end in L or EN (then NSM)", "RFC 5893 §2 rule 6"},
    {"CONTEXTJ", "a ZERO WIDTH NON-JOINER or ZERO WIDTH JOINER is out of context",
     "RFC 5892 Appendix A.1-A.2; RFC 5891 §4.2.3.3, §5.4"},
    {"CONTEXTO", "a CONTEXTO code point is out of context", "RFC 5892 Appendix A.3-A.9; RFC 5891 §4.2.3.3"},
    {"CONTEXT_NO_RULE", "a CONTEXTJ or CONTEXTO code point has no rule", "RFC 5891 §4.2.3.3, §5.4"},
    {"DISALLOWED", "a code point is DISALLOWED", "RFC 5892 §2-3; RFC 5891 §4.2.2, §5.4"},
    {"EMPTY_LABEL", "a label is empty (or the name is)", "RFC 1034 §3.1"},
    {"HYPHEN_3_4", "a label has \"--\" in the third and fourth positions and is not an A-label",
     "RFC 5890 §2.3.1; RFC 5891 §4.2.3.1, §5.4"},
    {"HYPHEN_START_END", "a label begins or ends with a hyphen", "RFC 5891 §4.2.3.1; RFC 5890 §2.3.1"},
    {"LABEL_TOO_LONG", "a label is longer than 63 octets in its ASCII form",
     "RFC 5890 §2.3.2.1; RFC 5891 §4.2.4, §4.4, §5.5"},
    {"LEADING_COMBINING_MARK", "a label begins with a combining mark", "RFC 5891 §4.2.3.2, §5.4"},
    {"NAME_TOO_LONG", "the name is longer than 253 octets in its ASCII form", "RFC 1034 §3.1; RFC 1035 §2.3.4"},
    {"NON_LDH_ASCII", "an ASCII label holds a character other than a-z, A-Z, 0-9 and hyphen",
     "RFC 5890 §2.3.1; RFC 1123 §2.1"},
    {"NOT_NFC", "a label is not in Normalization Form C", "RFC 5891 §4.1, §5.4; RFC 5890 §2.3.2.1"},
    {"PUNYCODE_INVALID", "an xn-- label is not valid Punycode", "RFC 5891 §4.2.1, §5.3; RFC 3492 §6.2"},
    {"UALABEL_MISMATCH", "the U-label given is not the decoded A-label", "RFC 5891 §4.2.1"},
    {"UNASSIGNED", "a code point is unassigned in Unicode 17.0", "RFC 5891 §4.2.2, §5.4"},
}};

// The table is in enumerator order: each name is the enumerator's, so the
// names sort as the enumerators do.
static_assert(texts.size() == error_count);
static_assert(texts[static_cast<std::size_t>(error::unassigned)].name == "UNASSIGNED");
static_assert(texts[static_cast<std::size_t>(error::context_no_rule)].name == "CONTEXT_NO_RULE");
static_assert(detail::names_sorted(texts));

}  // namespace

std::string_view name(error e) noexcept { return detail::text_of(texts, e).name; }
std::string_view message(error e) noexcept { return detail::text_of(texts, e).message; }
std::string_view rule(error e) noexcept { return detail::text_of(texts, e).rule; }

std::string to_string(error_set errors) {
  return detail::join_names(errors, [](error e) { return name(e); });
}

}  // namespace puny::idna2008
