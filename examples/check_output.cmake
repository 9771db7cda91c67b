# Runs PROGRAM and compares its standard output with the file EXPECTED, in
# which @VERSION@ stands for the project's version.
# In a cross build EMULATOR names the program that runs the target's
# executables (qemu-aarch64).
#   cmake -DPROGRAM=... -DEXPECTED=... -DVERSION=... [-DEMULATOR=...] -P check_output.cmake
cmake_minimum_required(VERSION 3.25)
execute_process(COMMAND ${EMULATOR} "${PROGRAM}" OUTPUT_VARIABLE actual RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} exited with ${rc}; its output:\n${actual}")
endif()
file(READ "${EXPECTED}" expected)
string(REPLACE "@VERSION@" "${VERSION}" expected "${expected}")
if(NOT actual STREQUAL expected)
  message(FATAL_ERROR "${PROGRAM} printed:\n${actual}\ninstead of:\n${expected}")
endif()
