#!/usr/bin/env bash
# Installs, with Debian's apt-get, what puny's tests and CI use beyond CMake,
# a C++20 compiler and GoogleTest.  The library itself needs none of it.
#   tools/install_dependencies.sh          what the README's test command uses:
#                                          Google Benchmark, the differential
#                                          tests' peers (ICU, CPython) and the
#                                          benchmarks' (libidn, libidn2)
#   tools/install_dependencies.sh --ci     everything .ci/run uses besides:
#                                          clang 14 (with lld and llvm-ar)
#                                          and its sanitizer and fuzzer
#                                          runtimes, doxygen, man-db, the
#                                          i686 and aarch64 cross compilers,
#                                          qemu-user, and clang's wasm32-wasi
#                                          sysroot
# Installs only what is missing.  Without root or apt-get it installs
# nothing, says what is missing and how to install it, and exits 0: the
# build then skips what needs it, with a message (under CI=true the tests
# that need a missing peer fail instead).
set -euo pipefail

packages=(libbenchmark-dev libicu-dev pkg-config libidn-dev libidn2-dev)
# Any python3 on PATH will do for the CPython differential tests.
command -v python3 >/dev/null 2>&1 || packages+=(python3)
if [ "${1:-}" = --ci ]; then
  packages+=(clang-14 lld-14 llvm-14 libclang-rt-14-dev idn2 doxygen man-db
             g++-i686-linux-gnu g++-aarch64-linux-gnu qemu-user
             wasi-libc libc++-14-dev-wasm32 libc++abi-14-dev-wasm32 libclang-rt-14-dev-wasm32)
elif [ $# -gt 0 ]; then
  echo "usage: tools/install_dependencies.sh [--ci]" >&2
  exit 2
fi

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "install_dependencies: not a Debian system; install by hand what these Debian packages hold:" \
       "${packages[*]}" >&2
  exit 0
fi
missing=()
for p in "${packages[@]}"; do
  if [ "$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null)" != installed ]; then missing+=("$p"); fi
done
if [ "${#missing[@]}" -eq 0 ]; then
  echo "install_dependencies: all ${#packages[@]} packages present"
  exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "install_dependencies: missing ${missing[*]}" >&2
  echo "install_dependencies: not root, so nothing was installed; to install them:" >&2
  echo "  sudo apt-get update && sudo apt-get install ${missing[*]}" >&2
  echo "install_dependencies: until then the build skips what needs them, saying so" >&2
  exit 0
fi
echo "install_dependencies: installing ${missing[*]}"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install_dependencies: installed ${#missing[@]} packages"
