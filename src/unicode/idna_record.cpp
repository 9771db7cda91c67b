// puny — the records of mapped and ignored code points with their own
// properties (see idna_record.hpp).
#include "unicode/idna_record.hpp"

namespace puny::detail::ucd {

idna_record with_own_properties(char32_t cp, idna_status status) noexcept {
  const properties p = lookup_properties(cp);
  const std::uint32_t bits =
      static_cast<std::uint32_t>(status) | std::uint32_t{static_cast<std::uint8_t>(p.bidi)} << tables::idna_bidi_shift |
      std::uint32_t{p.ccc} << tables::idna_ccc_shift |
      std::uint32_t{static_cast<std::uint8_t>(p.nfc_qc)} << tables::idna_nfc_qc_shift |
      std::uint32_t{p.mark} << tables::idna_mark_shift |
      std::uint32_t{static_cast<std::uint8_t>(p.joining)} << tables::idna_joining_shift |
      std::uint32_t{composes_first(cp)} << tables::idna_composes_shift;
  return idna_record(bits);
}

}  // namespace puny::detail::ucd
