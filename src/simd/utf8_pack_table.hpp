// puny — the byte-shuffle controls that pack the UTF-8 of four code points,
// shared by the UTF-8 writers without a byte compress (simd/avx2/ and
// simd/neon/utf8_writer.hpp): each builds a code point's UTF-8 in its
// 32-bit lane, lead byte first (RFC 3629 §3), and one PSHUFB or TBL with
// the control for the four lanes' lengths packs them.  ISA-free constant
// data (4.3 KiB), one copy whatever the kernel sets.
#pragma once

#include <array>
#include <cstdint>

namespace puny::detail {

/// For the lengths l0..l3 of four code points (index bits 2i and 2i + 1
/// hold l_i - 1): the control that packs their UTF-8 bytes, and the number
/// of bytes.  Past the packed bytes the control is 0x80, which both
/// PSHUFB (top bit set) and TBL (index past the table) turn into zero.
struct utf8_pack_table {
  alignas(16) std::array<std::array<std::uint8_t, 16>, 256> control;
  std::array<std::uint8_t, 256> bytes;

  static constexpr utf8_pack_table make() noexcept {
    utf8_pack_table t{};
    for (unsigned index = 0; index < 256; ++index) {
      unsigned at = 0;
      for (unsigned lane = 0; lane < 4; ++lane) {
        const unsigned length = ((index >> (2 * lane)) & 3) + 1;
        for (unsigned k = 0; k < length; ++k) t.control[index][at++] = static_cast<std::uint8_t>(4 * lane + k);
      }
      t.bytes[index] = static_cast<std::uint8_t>(at);
      for (; at < 16; ++at) t.control[index][at] = 0x80;
    }
    return t;
  }
};

inline constexpr utf8_pack_table utf8_pack = utf8_pack_table::make();

}  // namespace puny::detail
