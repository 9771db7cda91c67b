// puny — helpers shared by the fuzz targets.
#pragma once

#include <cstdio>
#include <cstdlib>

// A property failed: say which and stop the fuzzer with a crash it reports.
#define PUNY_FUZZ_CHECK(cond)                                                       \
  do {                                                                              \
    if (!(cond)) {                                                                  \
      std::fprintf(stderr, "%s:%d: property failed: %s\n", __FILE__, __LINE__, #cond); \
      std::abort();                                                                 \
    }                                                                               \
  } while (0)
