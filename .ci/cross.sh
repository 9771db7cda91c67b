#!/usr/bin/env bash
# Cross-builds the library, the puny command, the examples and the whole
# test suite for another architecture and runs the suite there:
#   .ci/cross.sh i686|aarch64 [build-dir]
# i686 (32-bit size_t, no 128-bit integers) runs natively on an x86-64
# kernel with IA-32 support, else under qemu-i386; aarch64 runs under
# qemu-aarch64.  Static executables need no target loader or libraries.
# Every test runs, emulated or not: under qemu the slowest takes about 40 s.
set -euo pipefail
cd "$(dirname "$0")/.."
arch=${1:?usage: .ci/cross.sh i686|aarch64 [build-dir]}
build=${2:-build-$arch}
jobs=$(nproc 2>/dev/null || echo 2)
toolchain=cmake/toolchains/$arch-linux-gnu.cmake
[ -f "$toolchain" ] || { echo "no toolchain file $toolchain" >&2; exit 2; }
command -v "$arch-linux-gnu-g++" >/dev/null || { echo "$arch-linux-gnu-g++ not found (Debian: g++-$arch-linux-gnu)" >&2; exit 1; }

emulator=()
emulated=no
case $arch in
  i686)
    # Can this kernel run a static i386 program as it is?
    probe=$(mktemp -d)
    printf 'int main(void) { return sizeof(void*) == 4 ? 0 : 1; }\n' >"$probe/probe.c"
    i686-linux-gnu-gcc -static -o "$probe/probe" "$probe/probe.c"
    if ! "$probe/probe" 2>/dev/null; then
      command -v qemu-i386 >/dev/null || { echo "cannot run i386 programs and qemu-i386 not found (Debian: qemu-user)" >&2; exit 1; }
      emulator=(-DCMAKE_CROSSCOMPILING_EMULATOR="$(command -v qemu-i386)")
      emulated=yes
      echo "this kernel does not run i386 programs: running them under qemu-i386"
    else
      echo "i386 programs run natively"
    fi
    rm -rf "$probe"
    ;;
  aarch64)
    command -v qemu-aarch64 >/dev/null || { echo "qemu-aarch64 not found (Debian: qemu-user)" >&2; exit 1; }
    emulated=yes
    ;;
esac

cmake -S . -B "$build" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$toolchain" "${emulator[@]}" -DCMAKE_BUILD_TYPE=Release \
  -DPUNY_BUILD_TESTS=ON -DPUNY_BUILD_CLI=ON -DPUNY_BUILD_EXAMPLES=ON -DPUNY_BUILD_BENCH=OFF -DPUNY_BUILD_DOCS=OFF \
  -DPUNY_WERROR=ON
cmake --build "$build" -j"$jobs"
echo "emulated: $emulated"
ctest --test-dir "$build" --output-on-failure -j"$jobs"
