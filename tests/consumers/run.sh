#!/usr/bin/env bash
# Builds and runs the consumers of an installed puny: CMake find_package
# (C++), pkg-config (C++), and a C11 program with -Wall -Wextra -Wpedantic
# -Werror through pkg-config.  Called by .ci/run for a static and a shared
# installation:
#   tests/consumers/run.sh PREFIX static|shared WORKDIR
set -euo pipefail
prefix=$(cd "$1" && pwd)
kind=$2
work=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"

# GNUInstallDirs may have chosen lib, lib64 or lib/<multiarch>.
pc=$(find "$prefix" -name puny.pc -path '*/pkgconfig/*' | head -n 1)
[ -n "$pc" ] || { echo "no puny.pc under $prefix" >&2; exit 1; }
export PKG_CONFIG_PATH
PKG_CONFIG_PATH=$(dirname "$pc")
pc_flags=()
if [ "$kind" = static ]; then
  pc_flags=(PUNY_PC_FLAGS=--static)
else
  # The pkg-config consumers link the shared library by its -L path only.
  export LD_LIBRARY_PATH
  LD_LIBRARY_PATH=$(pkg-config --variable=libdir puny)${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi

echo "-- find_package(puny) ($kind)"
cmake -S "$here/find_package" -B "$work/find_package" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/find_package" >/dev/null
"$work/find_package/consumer"

echo "-- pkg-config, C++ ($kind)"
make -s -C "$here/pkg_config" OUT="$work" "${pc_flags[@]}" >/dev/null
mv "$work/consumer" "$work/pkg_config_consumer"
"$work/pkg_config_consumer"

echo "-- pkg-config, C11 ($kind)"
make -s -C "$here/c11" OUT="$work" "${pc_flags[@]}" >/dev/null
"$work/consumer"

if [ "$kind" = shared ]; then
  # The programs really use the shared library.  ldd's output is captured
  # first: `ldd | grep -q` under pipefail fails when grep exits early and
  # ldd gets SIGPIPE.
  deps=$(ldd "$work/consumer")
  grep -q "libpuny\.so" <<<"$deps" || { echo "C consumer does not load libpuny.so" >&2; exit 1; }
fi
