# Cross build for 32-bit x86 (the i386 ABI: 32-bit size_t, no 128-bit
# integers) with Debian's g++-i686-linux-gnu.  The static executables run
# on an x86-64 kernel with IA-32 support as they are; where the kernel
# cannot, .ci/cross.sh sets CMAKE_CROSSCOMPILING_EMULATOR to qemu-i386.
set(CMAKE_SYSTEM_PROCESSOR i686)
set(PUNY_CROSS_TRIPLE i686-linux-gnu)
set(PUNY_CROSS_MULTIARCH i386-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross-gnu.cmake)
