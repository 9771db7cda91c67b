// puny — Gecko's IDN character blocklist, from netwerk/dns/IDNCharacterBlocklist.inc
// (Floorp-Projects/Floorp @1807f131e692c0384d59c92b9c4041be9644cf36; the
// same ranges as mozilla/gecko-dev).  Gecko loads it unchanged at
// nsIDNService::Init (IDNBlocklistUtils.cpp InitializeBlocklist); the old
// network.IDN.extra_{allowed,blocked}_chars prefs no longer exist there.
#include "display/firefox_blocklist.hpp"

#include <algorithm>
#include <array>

namespace puny::detail::display {
namespace {

// Sorted ascending, as the .inc file requires ("Make sure this list is
// sorted"): the lookup below is a binary search over it.
constexpr std::array<firefox_blocked_range, 54> blocklist = {{
    {u'\u0020', u'\u0020'},  // ASCII space
    {u'\u00A0', u'\u00A0'},
    {u'\u00BC', u'\u00BE'},
    {u'\u0138', u'\u0138'},
    {u'\u01C3', u'\u01C3'},
    {u'\u02D0', u'\u02D0'},
    {u'\u0337', u'\u0338'},
    {u'\u0589', u'\u058A'},
    {u'\u05C3', u'\u05C3'},
    {u'\u05F4', u'\u05F4'},
    {u'\u0609', u'\u060A'},
    {u'\u066A', u'\u066A'},
    {u'\u06D4', u'\u06D4'},
    {u'\u0701', u'\u0704'},
    {u'\u115F', u'\u1160'},
    {u'\u1735', u'\u1735'},
    {u'\u2000', u'\u200B'},
    {u'\u200E', u'\u2010'},
    {u'\u2019', u'\u2019'},
    {u'\u2024', u'\u2024'},
    {u'\u2027', u'\u202F'},
    {u'\u2039', u'\u203A'},
    {u'\u2041', u'\u2041'},
    {u'\u2044', u'\u2044'},
    {u'\u2052', u'\u2052'},
    {u'\u205F', u'\u205F'},
    {u'\u2153', u'\u215F'},
    {u'\u2215', u'\u2215'},
    {u'\u2236', u'\u2236'},
    {u'\u23AE', u'\u23AE'},
    {u'\u2571', u'\u2571'},
    {u'\u29F6', u'\u29F6'},
    {u'\u29F8', u'\u29F8'},
    {u'\u2AFB', u'\u2AFB'},
    {u'\u2AFD', u'\u2AFD'},
    {u'\u2FF0', u'\u2FFB'},
    {u'\u3000', u'\u3000'},  // ideographic space
    {u'\u3002', u'\u3002'},
    {u'\u3014', u'\u3015'},
    {u'\u3033', u'\u3033'},
    {u'\u30A0', u'\u30A0'},
    {u'\u3164', u'\u3164'},
    {u'\u321D', u'\u321E'},
    {u'\u33AE', u'\u33AF'},
    {u'\u33C6', u'\u33C6'},
    {u'\u33DF', u'\u33DF'},
    {u'\uFE14', u'\uFE15'},
    {u'\uFE3F', u'\uFE3F'},
    {u'\uFE5D', u'\uFE5E'},
    {u'\uFEFF', u'\uFEFF'},
    {u'\uFF0E', u'\uFF0F'},
    {u'\uFF61', u'\uFF61'},
    {u'\uFFA0', u'\uFFA0'},
    {u'\uFFF9', u'\uFFFD'},
}};

constexpr bool sorted_and_disjoint() noexcept {
  for (std::size_t i = 0; i < blocklist.size(); ++i) {
    if (blocklist[i].first > blocklist[i].last) return false;
    if (i > 0 && blocklist[i - 1].last >= blocklist[i].first) return false;
  }
  return true;
}
static_assert(sorted_and_disjoint(), "IDNCharacterBlocklist.inc is sorted and its ranges are disjoint");

constexpr std::size_t blocked_count() noexcept {
  std::size_t n = 0;
  for (const firefox_blocked_range& r : blocklist) n += static_cast<std::size_t>(r.last - r.first) + 1;
  return n;
}
static_assert(blocked_count() == 118, "the .inc file blocks 118 code points");

}  // namespace

std::span<const firefox_blocked_range> firefox_blocklist() noexcept { return blocklist; }

bool firefox_blocked(char32_t cp) noexcept {
  // The only blocked code point below U+00A0 is the space, and the last one
  // is U+FFFD: ASCII and the supplementary planes need no search.
  if (cp < 0xA0) return cp == 0x20;
  if (cp > 0xFFFD) return false;
  const auto c = static_cast<char16_t>(cp);
  const auto* it = std::upper_bound(blocklist.begin(), blocklist.end(), c,
                                    [](char16_t v, const firefox_blocked_range& r) { return v < r.first; });
  return it != blocklist.begin() && c <= (it - 1)->last;
}

}  // namespace puny::detail::display
