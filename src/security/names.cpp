// puny — names, titles and messages of the UTS #39 enumerations.
#include <string_view>

#include "puny/security.hpp"

namespace puny {

std::string_view name(restriction_level level) noexcept {
  switch (level) {
    case restriction_level::ascii_only: return "ascii_only";
    case restriction_level::single_script: return "single_script";
    case restriction_level::highly_restrictive: return "highly_restrictive";
    case restriction_level::moderately_restrictive: return "moderately_restrictive";
    case restriction_level::minimally_restrictive: return "minimally_restrictive";
    case restriction_level::unrestricted: return "unrestricted";
  }
  return "unknown";
}

std::string_view title(restriction_level level) noexcept {
  // UTS #39 §5.2 names the levels so.
  switch (level) {
    case restriction_level::ascii_only: return "ASCII-Only";
    case restriction_level::single_script: return "Single Script";
    case restriction_level::highly_restrictive: return "Highly Restrictive";
    case restriction_level::moderately_restrictive: return "Moderately Restrictive";
    case restriction_level::minimally_restrictive: return "Minimally Restrictive";
    case restriction_level::unrestricted: return "Unrestricted";
  }
  return "Unknown";
}

std::string_view name(identifier_finding f) noexcept {
  switch (f) {
    case identifier_finding::restricted_character: return "restricted_character";
    case identifier_finding::mixed_script: return "mixed_script";
    case identifier_finding::mixed_numbers: return "mixed_numbers";
    case identifier_finding::repeated_mark: return "repeated_mark";
    case identifier_finding::long_mark_run: return "long_mark_run";
    case identifier_finding::hidden_overlay: return "hidden_overlay";
  }
  return "unknown";
}

std::string_view message(identifier_finding f) noexcept {
  switch (f) {
    case identifier_finding::restricted_character: return "character outside the identifier profile";
    case identifier_finding::mixed_script: return "characters of more than one script";
    case identifier_finding::mixed_numbers: return "digits of more than one numbering system";
    case identifier_finding::repeated_mark: return "the same combining mark twice on one character";
    case identifier_finding::long_mark_run: return "more than four combining marks on one character";
    case identifier_finding::hidden_overlay: return "a dot above that hides in the dot of i, j or l";
  }
  return "unknown finding";
}

}  // namespace puny
