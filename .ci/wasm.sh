#!/usr/bin/env bash
# wasm32-wasi: builds puny with clang 14 for WebAssembly (WASI preview 1)
# with warnings as errors, and a C11 program over its C API
# (tests/wasm/wasi_demo.c) that converts the RFC 3492 §7.1 samples and
# bücher.de; runs it under Node's WASI and compares its output with
# tests/wasm/expected.txt.
#   .ci/wasm.sh [BUILD_DIR]      (default build-wasm, relative to the checkout)
# Needs clang-14, lld-14 (wasm-ld-14), llvm-14 (llvm-ar-14), wasi-libc,
# libc++-14-dev-wasm32, libc++abi-14-dev-wasm32, libclang-rt-14-dev-wasm32,
# and Node 20 or later; .ci/run installs the Debian packages.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-wasm}
jobs=$(nproc 2>/dev/null || echo 2)
packages="clang-14 lld-14 llvm-14 wasi-libc libc++-14-dev-wasm32 libc++abi-14-dev-wasm32 libclang-rt-14-dev-wasm32"

fail() {
  echo "wasm32-wasi: FAILED: $*" >&2
  exit 1
}
missing() {
  fail "$1 is missing; install it with: apt-get install $packages"
}

# Every prerequisite up front, so that a missing package is named as such
# rather than surfacing as a compiler or linker error.
for tool in clang-14 clang++-14 wasm-ld-14 llvm-ar-14 llvm-ranlib-14; do
  command -v "$tool" >/dev/null 2>&1 || missing "$tool"
done
[ -f /usr/include/wasm32-wasi/stdio.h ] && [ -f /usr/lib/wasm32-wasi/libc.a ] || missing "wasi-libc"
[ -f /usr/include/wasm32-wasi/c++/v1/string ] && [ -f /usr/lib/wasm32-wasi/libc++.a ] ||
  missing "libc++-14-dev-wasm32"
[ -f /usr/lib/wasm32-wasi/libc++abi.a ] || missing "libc++abi-14-dev-wasm32"
builtins=$(clang-14 --target=wasm32-wasi -print-libgcc-file-name)
[ -f "$builtins" ] || missing "libclang-rt-14-dev-wasm32 ($builtins)"
command -v node >/dev/null 2>&1 || fail "node is missing: Node 20 or later runs the program (node:wasi)"
node_major=$(node -p 'process.versions.node.split(".")[0]')
# Node 20 is the first with node:wasi without a flag and its version option.
[ "$node_major" -ge 20 ] || fail "node $(node --version) is too old: node:wasi needs Node 20 or later"

start=$(date +%s.%N)
cmake -S tests/wasm -B "$build" -G Ninja \
  -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchains/wasm32-wasi.cmake" -DCMAKE_BUILD_TYPE=Release \
  -DPUNY_SOURCE_DIR="$PWD" -DPUNY_BUILD_TESTS=OFF -DPUNY_BUILD_BENCH=OFF -DPUNY_BUILD_CLI=OFF \
  -DPUNY_BUILD_EXAMPLES=OFF -DPUNY_BUILD_DOCS=OFF -DPUNY_INSTALL=OFF -DPUNY_WERROR=ON ||
  fail "configuring $build with cmake/toolchains/wasm32-wasi.cmake"
cmake --build "$build" -j"$jobs" || fail "building $build"
seconds=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
program="$build/wasi_demo.wasm"
[ -f "$program" ] || fail "$program was not built"
echo "wasm32-wasi: configured and built in ${seconds} s; $program is $(wc -c <"$program") bytes"

node --no-warnings tests/wasm/run_wasi.mjs "$program" tests/wasm/expected.txt ||
  fail "$program under node:wasi: its exit status or output is wrong (see above)"
echo "wasm32-wasi: OK"
