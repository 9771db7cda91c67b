# Cross build for 64-bit ARM (AArch64: Graviton, Ampere, Apple silicon under
# Linux) with Debian's g++-aarch64-linux-gnu.  The static executables run
# under qemu-aarch64 (Debian qemu-user), which ctest and the tests that
# start the puny command take from CMAKE_CROSSCOMPILING_EMULATOR.
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(PUNY_CROSS_TRIPLE aarch64-linux-gnu)
set(PUNY_CROSS_MULTIARCH aarch64-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross-gnu.cmake)
if(NOT CMAKE_CROSSCOMPILING_EMULATOR)
  find_program(PUNY_QEMU_AARCH64 qemu-aarch64)
  if(PUNY_QEMU_AARCH64)
    set(CMAKE_CROSSCOMPILING_EMULATOR ${PUNY_QEMU_AARCH64})
  endif()
endif()
