# Installs the build into a fresh prefix and checks what lands there: the
# library, every public header, the CMake package (config, version, targets),
# puny.pc, the command (it runs and reports its versions) and its manual
# page where man(1) looks for section 1.
# In a cross build EMULATOR names the program that runs the target's
# executables (qemu-aarch64).
#   cmake -DBUILD_DIR=... -DPREFIX=... -DVERSION=... -DSOURCE_DIR=... [-DEMULATOR=...] -P check_install.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed: ${rc}")
endif()
include(GNUInstallDirs)
set(lib "${PREFIX}/${CMAKE_INSTALL_LIBDIR}")
set(exe "${PREFIX}/${CMAKE_INSTALL_BINDIR}/puny")
set(man "${PREFIX}/${CMAKE_INSTALL_MANDIR}/man1/puny.1")
set(pc "${lib}/pkgconfig/puny.pc")
set(expected "${exe}" "${man}" "${pc}" "${lib}/cmake/puny/punyConfig.cmake"
    "${lib}/cmake/puny/punyConfigVersion.cmake" "${lib}/cmake/puny/punyTargets.cmake")
file(GLOB libraries "${lib}/libpuny.*")
if(NOT libraries)
  message(FATAL_ERROR "no libpuny in ${lib}")
endif()
# Every public header, the detail/ ones included (punycode.hpp needs them).
file(GLOB_RECURSE headers RELATIVE "${SOURCE_DIR}/include" "${SOURCE_DIR}/include/puny/*.h*")
foreach(h IN LISTS headers)
  list(APPEND expected "${PREFIX}/${CMAKE_INSTALL_INCLUDEDIR}/${h}")
endforeach()
foreach(f IN LISTS expected)
  if(NOT EXISTS "${f}")
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
execute_process(COMMAND ${EMULATOR} "${exe}" --version OUTPUT_VARIABLE version RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT version MATCHES "^puny ${VERSION}\nUnicode 17\\.0\\.0\nSIMD: [^\n]+\n$")
  message(FATAL_ERROR "installed puny --version gave ${rc}: ${version}")
endif()
file(READ "${man}" page)
if(NOT page MATCHES "\\.TH PUNY 1")
  message(FATAL_ERROR "installed manual page has no .TH PUNY 1 header")
endif()
file(READ "${pc}" pc_text)
if(NOT pc_text MATCHES "\nVersion: ${VERSION}\n" OR NOT pc_text MATCHES "\nLibs: -L\\\${libdir} -lpuny\n")
  message(FATAL_ERROR "puny.pc is not as expected:\n${pc_text}")
endif()
file(REMOVE_RECURSE "${PREFIX}")
