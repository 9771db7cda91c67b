# Cross build for WebAssembly, wasm32-wasi (WASI preview 1), with Debian's
# clang 14 and its wasm32 packages: wasi-libc (C library, crt1),
# libc++-14-dev-wasm32, libc++abi-14-dev-wasm32 and
# libclang-rt-14-dev-wasm32 (compiler builtins); wasm-ld-14 (lld-14) links
# and llvm-ar-14 (llvm-14) archives.  .ci/wasm.sh uses it:
#   cmake -S <project> -B build-wasm -G Ninja \
#     -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/wasm32-wasi.cmake
# The programs run under a WASI host, e.g. Node's node:wasi
# (tests/wasm/run_wasi.mjs).
#
# CMake 3.25 has no WASI platform module (CMAKE_SYSTEM_NAME WASI only warns
# "System is unknown to cmake"), so the system is Generic: static libraries
# only, no UNIX.  CMakeGenericSystem.cmake resets CMAKE_EXECUTABLE_SUFFIX
# after this file runs, so a project that wants "name.wasm" sets
# CMAKE_EXECUTABLE_SUFFIX after project() (tests/wasm/CMakeLists.txt does).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR wasm32)

set(PUNY_WASI_TRIPLE wasm32-wasi)
set(CMAKE_C_COMPILER clang-14)
set(CMAKE_CXX_COMPILER clang++-14)
set(CMAKE_C_COMPILER_TARGET ${PUNY_WASI_TRIPLE})
set(CMAKE_CXX_COMPILER_TARGET ${PUNY_WASI_TRIPLE})
# GNU ar cannot index wasm objects, and wasm-ld refuses an archive without
# a symbol index; CMake would otherwise pick /usr/bin/ar.
find_program(CMAKE_AR NAMES llvm-ar-14 llvm-ar REQUIRED)
find_program(CMAKE_RANLIB NAMES llvm-ranlib-14 llvm-ranlib REQUIRED)

# Debian installs the WASI sysroot split across /usr: headers in
# /usr/include/wasm32-wasi (libc++'s in its c++/v1), libraries in
# /usr/lib/wasm32-wasi, builtins in clang's resource directory.  clang 14's
# WebAssembly driver finds all of them without --sysroot, but also searches
# the host's /usr/local/include and /usr/include after them, where a header
# WASI lacks would silently resolve to glibc's.  -nostdlibinc drops every
# default system directory (clang's own builtin headers stay); they are put
# back in the driver's order: libc++, clang's headers, then the C library
# (-idirafter), since libc++'s wrappers #include_next the C headers.
# --sysroot=/usr is not used: it adds /usr/include/c++/v1, the host's libc++.
set(PUNY_WASI_INCLUDE /usr/include/${PUNY_WASI_TRIPLE})
set(CMAKE_C_FLAGS_INIT "-nostdlibinc -idirafter ${PUNY_WASI_INCLUDE}")
# Exceptions: Debian's wasm32 libc++abi is built without them (it has no
# __cxa_throw or __cxa_allocate_exception) and Debian ships no wasm32
# libunwind, so clang 14's -fwasm-exceptions has nothing to link against.
# With clang's default -fexceptions a `throw` compiles and fails only at
# link time; -fno-exceptions rejects it when compiling instead.  The C API
# loses nothing: it never throws, and takes working memory with
# new (std::nothrow) (src/c_api.cpp), which returns nullptr here as
# everywhere, so PUNY_OUT_OF_MEMORY still works.  The C++ API's allocating
# wrappers cannot report std::bad_alloc: this libc++abi's plain operator
# new returns nullptr instead of throwing, and libc++ uses that pointer.
set(CMAKE_CXX_FLAGS_INIT
    "-nostdlibinc -isystem ${PUNY_WASI_INCLUDE}/c++/v1 -idirafter ${PUNY_WASI_INCLUDE} -fno-exceptions")

# CMake passes the compile flags to the link step too, where clang warns
# that -nostdlibinc is unused.
#
# wasm-ld gives a program 64 KiB of stack by default, and puny's ToASCII
# and ToUnicode keep their working memory for a domain name on the stack
# (about 60 KiB, docs/idna.md): with the C library's own frames the
# conversion of bücher.de needs 66-68 KiB (measured), so 256 KiB.  By
# default the stack also sits after the static data and grows down into
# it, so an overflow corrupts data silently; --stack-first puts it at the
# bottom of linear memory, where an overflow runs below address 0 and traps.
set(CMAKE_EXE_LINKER_FLAGS_INIT
    "-Wno-unused-command-line-argument -Wl,--stack-first -Wl,-z,stack-size=262144")
# Debian's wasm32 libc, libc++, libc++abi and builtins carry DWARF, over
# 400 KB of every program; builds without -g leave it out.
set(CMAKE_EXE_LINKER_FLAGS_RELEASE_INIT "-Wl,--strip-debug")
set(CMAKE_EXE_LINKER_FLAGS_MINSIZEREL_INIT "-Wl,--strip-debug")

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
