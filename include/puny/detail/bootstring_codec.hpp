// puny — implementation of the Bootstring encoder and decoder (RFC 3492 §6).
// Not part of the public API: include <puny/punycode.hpp>.
//
// Both directions are O(n log n) in the worst case, and fast on labels:
//  * encoder.hpp — labels (up to 64 code points) rank their non-basic code
//    points by a branch-free pairwise comparison and write four digits at a
//    time without branching on the data; longer input sorts its code points
//    by (value, position), the order in which §6.3's loops emit them (radix
//    sort past a few thousand), and takes each delta from counts of handled
//    positions in a counting bitset, instead of rescanning the input per
//    value.
//  * decoder.hpp — labels find the end of each integer by comparing four
//    digits with their thresholds at once, take the next thresholds from a
//    table indexed by the adapted delta, and place the code points after the
//    loop; longer input parses every (code point, insertion index) pair and
//    then places them back to front into the k-th free slot, found in the
//    counting bitset, instead of moving elements on every insertion.
//  * simd_dispatch.hpp — at run time, Punycode labels without case flags
//    (up to 32 code points to encode, 63 characters to decode) go first to
//    the kernels of src/simd/ chosen at start-up, one translation unit per
//    instruction set: on x86-64 cores with AVX-512 VBMI2, an encoder that
//    computes all of a label's integers at once, one per lane, and a
//    decoder with the next integer's weight from one table load indexed by
//    (numpoints, delta) and the output order kept in one register.
//  * arithmetic.hpp — §6.1 and the digit loops with exact reciprocal
//    multiplies in place of divisions where operands are small.
#pragma once

#include "decoder.hpp"
#include "encoder.hpp"
