#!/usr/bin/env bash
# Installs, with Debian's apt-get, what puny's tests and CI use beyond CMake,
# a C++20 compiler and GoogleTest.  The library itself needs none of it.
#   tools/install_dependencies.sh          what the README's test command uses:
#                                          Google Benchmark, the differential
#                                          tests' peers (ICU, CPython, libidn,
#                                          Python's idna package) and the
#                                          benchmarks' (libidn, libidn2)
#   tools/install_dependencies.sh --ci     everything .ci/run uses besides:
#                                          clang 14 (with lld and llvm-ar)
#                                          and its sanitizer and fuzzer
#                                          runtimes, doxygen, man-db, the
#                                          i686 and aarch64 cross compilers,
#                                          qemu-user, clang's wasm32-wasi
#                                          sysroot, Java 17 for Spark, and
#                                          Chromium for the inspector page
# Installs only what is missing.  Without root or apt-get it installs
# nothing from Debian, says what is missing and how to install it, and goes
# on: the build then skips what needs it, with a message (under CI=true the
# tests that need a missing peer fail instead).
#
# The IDNA2008 differential test (tests/differential/python_idna2008_test.cpp)
# compares with Python's `idna` package (kjd/idna), pinned to the version
# below: a newer release moves to a newer Unicode and its differences with
# puny are reasoned out in the test one by one, so the pin moves with the
# test.  It goes into a virtual environment of its own,
# $PUNY_PYTHON_VENV (default ~/.cache/puny/python-venv, under
# $XDG_CACHE_HOME when that is set), made with the python3 on PATH and
# filled from PyPI by pip: no system or user site-packages is touched
# (Debian 12's python3 is "externally managed", PEP 668), and the tests find
# it there (tests/CMakeLists.txt).  When PyPI cannot be reached the test
# falls back to Debian's python3-idna (installed below), restricted to the
# Unicode version that package was built for.
set -euo pipefail

python_idna_version=3.20
home="${HOME:-$(getent passwd "$(id -u)" | cut -d: -f6)}"
venv="${PUNY_PYTHON_VENV:-${XDG_CACHE_HOME:-$home/.cache}/puny/python-venv}"

# The venv with the pinned idna: made or refilled only when it lacks it.
install_python_idna() {
  local python
  python=$(command -v python3 || true)
  if [ -z "$python" ]; then
    echo "install_dependencies: no python3 on PATH, so no venv for Python's idna" >&2
    return 0
  fi
  if [ -x "$venv/bin/python3" ] &&
     [ "$("$venv/bin/python3" -I -c 'import idna; print(idna.__version__)' 2>/dev/null)" = "$python_idna_version" ]; then
    echo "install_dependencies: Python idna $python_idna_version present in $venv"
    return 0
  fi
  if ! "$python" -m venv --clear "$venv" >/dev/null 2>&1; then
    echo "install_dependencies: '$python -m venv' failed (Debian: install python3-venv); the IDNA2008" \
         "differential test falls back to python3-idna" >&2
    return 0
  fi
  if "$venv/bin/python3" -m pip install --quiet --disable-pip-version-check --no-input --timeout 30 --retries 2 \
       "idna==$python_idna_version" >/dev/null 2>&1; then
    echo "install_dependencies: Python idna $python_idna_version installed in $venv"
  else
    echo "install_dependencies: pip could not install idna==$python_idna_version into $venv; the IDNA2008" \
         "differential test falls back to python3-idna" >&2
  fi
}

packages=(libbenchmark-dev libicu-dev pkg-config libidn-dev libidn2-dev python3-idna python3-venv)
# Any python3 on PATH will do for the CPython differential tests.
command -v python3 >/dev/null 2>&1 || packages+=(python3)
if [ "${1:-}" = --ci ]; then
  packages+=(clang-14 lld-14 llvm-14 libclang-rt-14-dev idn2 doxygen man-db
             g++-i686-linux-gnu g++-aarch64-linux-gnu qemu-user
             wasi-libc libc++-14-dev-wasm32 libc++abi-14-dev-wasm32 libclang-rt-14-dev-wasm32)
  # The Python package's Spark tests run pyspark in local mode: a JVM (17).
  command -v java >/dev/null 2>&1 || packages+=(openjdk-17-jre-headless)
  # The inspector page's browser test (web/test) drives Debian's Chromium
  # headless through playwright-core; npm never downloads a browser here.
  packages+=(chromium)
elif [ $# -gt 0 ]; then
  echo "usage: tools/install_dependencies.sh [--ci]" >&2
  exit 2
fi

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "install_dependencies: not a Debian system; install by hand what these Debian packages hold:" \
       "${packages[*]}" >&2
  install_python_idna
  exit 0
fi
missing=()
for p in "${packages[@]}"; do
  if [ "$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null)" != installed ]; then missing+=("$p"); fi
done
if [ "${#missing[@]}" -eq 0 ]; then
  echo "install_dependencies: all ${#packages[@]} packages present"
elif [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "install_dependencies: missing ${missing[*]}" >&2
  echo "install_dependencies: not root, so nothing was installed; to install them:" >&2
  echo "  sudo apt-get update && sudo apt-get install ${missing[*]}" >&2
  echo "install_dependencies: until then the build skips what needs them, saying so" >&2
else
  echo "install_dependencies: installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  echo "install_dependencies: installed ${#missing[@]} packages"
fi
# After apt-get: python3-venv may just have come in.
install_python_idna
