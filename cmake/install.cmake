# `cmake --install`: the library, its headers, the CMake package
# (find_package(puny) → puny::puny), puny.pc for pkg-config, and the command
# with its manual page.  Included from the top-level CMakeLists.txt when
# PUNY_INSTALL is on (the default for a top-level build).
include(CMakePackageConfigHelpers)

set(PUNY_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/puny CACHE STRING
    "Where the CMake package files go, relative to the prefix")
set(PUNY_PKGCONFIG_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig CACHE STRING
    "Where puny.pc goes, relative to the prefix")

install(TARGETS puny EXPORT puny-targets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT development
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT runtime NAMELINK_COMPONENT development
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT runtime)
# The detail/ headers go too: the Punycode codec is constexpr, so
# <puny/punycode.hpp> includes it.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/puny DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        COMPONENT development FILES_MATCHING PATTERN "*.hpp" PATTERN "*.h")

install(EXPORT puny-targets NAMESPACE puny:: FILE punyTargets.cmake
        DESTINATION ${PUNY_CMAKE_INSTALL_DIR} COMPONENT development)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/punyConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/punyConfig.cmake
                              INSTALL_DESTINATION ${PUNY_CMAKE_INSTALL_DIR})
# Before 1.0 only the same MAJOR.MINOR is compatible (see the SONAME).
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(puny_compatibility SameMinorVersion)
else()
  set(puny_compatibility SameMajorVersion)
endif()
write_basic_package_version_file(${PROJECT_BINARY_DIR}/punyConfigVersion.cmake
                                 COMPATIBILITY ${puny_compatibility})
install(FILES ${PROJECT_BINARY_DIR}/punyConfig.cmake ${PROJECT_BINARY_DIR}/punyConfigVersion.cmake
        DESTINATION ${PUNY_CMAKE_INSTALL_DIR} COMPONENT development)

# puny.pc finds its prefix from its own place (${pcfiledir}), so the
# installed tree can be moved, and `cmake --install --prefix` needs no
# reconfiguration.
if(IS_ABSOLUTE "${PUNY_PKGCONFIG_INSTALL_DIR}")
  set(puny_pc_prefix "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH puny_pc_up "/prefix/${PUNY_PKGCONFIG_INSTALL_DIR}" "/prefix")
  string(REGEX REPLACE "/$" "" puny_pc_up "${puny_pc_up}")
  set(puny_pc_prefix "\${pcfiledir}/${puny_pc_up}")
endif()
foreach(kind LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${kind}}")
    set(puny_pc_${kind} "${CMAKE_INSTALL_${kind}}")
  else()
    set(puny_pc_${kind} "\${prefix}/${CMAKE_INSTALL_${kind}}")
  endif()
endforeach()
# A static libpuny.a needs the C++ runtime when a C program links it: the
# libraries the C++ compiler adds by itself, less the C ones.
set(puny_pc_libs_private "")
foreach(lib IN LISTS CMAKE_CXX_IMPLICIT_LINK_LIBRARIES)
  if(lib MATCHES "^(stdc\\+\\+|c\\+\\+|c\\+\\+abi|m)$")
    string(APPEND puny_pc_libs_private " -l${lib}")
  endif()
endforeach()
string(STRIP "${puny_pc_libs_private}" puny_pc_libs_private)
configure_file(${PROJECT_SOURCE_DIR}/cmake/puny.pc.in ${PROJECT_BINARY_DIR}/puny.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/puny.pc DESTINATION ${PUNY_PKGCONFIG_INSTALL_DIR} COMPONENT development)

if(TARGET puny_cli)
  # With a shared libpuny the installed command finds it relative to itself.
  if(BUILD_SHARED_LIBS AND NOT IS_ABSOLUTE "${CMAKE_INSTALL_BINDIR}" AND NOT IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
    file(RELATIVE_PATH puny_bin_to_lib "/prefix/${CMAKE_INSTALL_BINDIR}" "/prefix/${CMAKE_INSTALL_LIBDIR}")
    set_target_properties(puny_cli PROPERTIES INSTALL_RPATH "$ORIGIN/${puny_bin_to_lib}")
  endif()
  install(TARGETS puny_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT runtime)
  install(FILES ${PROJECT_SOURCE_DIR}/docs/puny.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT runtime)
endif()
