# What the Debian cross toolchains have in common, included by the
# toolchain files of each target, which set PUNY_CROSS_TRIPLE (the GNU
# triplet, e.g. aarch64-linux-gnu) and PUNY_CROSS_MULTIARCH (Debian's
# multiarch directory, e.g. aarch64-linux-gnu, i386-linux-gnu) first.
# Executables are linked statically: they then need no loader or
# libraries of the target on the machine that runs them.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_C_COMPILER ${PUNY_CROSS_TRIPLE}-gcc)
set(CMAKE_CXX_COMPILER ${PUNY_CROSS_TRIPLE}-g++)
set(CMAKE_EXE_LINKER_FLAGS_INIT -static)
set(CMAKE_FIND_ROOT_PATH /usr/${PUNY_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# pkg-config must not hand the host's libraries (ICU, libidn) to the target:
# only .pc files installed for the target count.
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/${PUNY_CROSS_MULTIARCH}/pkgconfig:/usr/${PUNY_CROSS_TRIPLE}/lib/pkgconfig)
