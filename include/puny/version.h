/** \file
 * puny — the version of the headers, for C and C++.
 *
 * The one place the version is written: CMake reads it from here for the
 * project, the library's SONAME and the package files.  puny_version() in
 * <puny/puny.h> gives the version of the library actually linked, which can
 * differ from these macros when a shared library is upgraded. */
#ifndef PUNY_VERSION_H
#define PUNY_VERSION_H

/** Incremented for incompatible API or ABI changes (from 1.0 on; before 1.0,
 *  a MINOR increment may break compatibility and changes the SONAME). */
#define PUNY_VERSION_MAJOR 0
/** Incremented for compatible additions. */
#define PUNY_VERSION_MINOR 1
/** Incremented for fixes. */
#define PUNY_VERSION_PATCH 0
/** "MAJOR.MINOR.PATCH". */
#define PUNY_VERSION_STRING "0.1.0"
/** MAJOR * 10000 + MINOR * 100 + PATCH, for `#if PUNY_VERSION_NUMBER >= ...`. */
#define PUNY_VERSION_NUMBER (PUNY_VERSION_MAJOR * 10000 + PUNY_VERSION_MINOR * 100 + PUNY_VERSION_PATCH)

#endif /* PUNY_VERSION_H */
