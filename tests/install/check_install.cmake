# Installs the build into a fresh prefix and checks what the command needs
# there: the binary runs and reports its Unicode version, and the manual
# page sits where man(1) looks for section 1.
#   cmake -DBUILD_DIR=... -DPREFIX=... -P check_install.cmake
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed: ${rc}")
endif()
include(GNUInstallDirs)
set(exe "${PREFIX}/${CMAKE_INSTALL_BINDIR}/puny")
set(man "${PREFIX}/${CMAKE_INSTALL_MANDIR}/man1/puny.1")
foreach(f "${exe}" "${man}")
  if(NOT EXISTS "${f}")
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
execute_process(COMMAND "${exe}" --version OUTPUT_VARIABLE version RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT version MATCHES "^puny [0-9.]+\nUnicode 17\\.0\\.0\n$")
  message(FATAL_ERROR "installed puny --version gave ${rc}: ${version}")
endif()
file(READ "${man}" page)
if(NOT page MATCHES "\\.TH PUNY 1")
  message(FATAL_ERROR "installed manual page has no .TH PUNY 1 header")
endif()
file(REMOVE_RECURSE "${PREFIX}")
