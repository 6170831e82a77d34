# -DBLOG_FUZZ=ON with clang: the libFuzzer targets of fuzz/, built with ASan and UBSan (tools/test
# builds them in build-fuzz). Only the fuzz targets are meant to be built in such a tree.
option(BLOG_FUZZ "Build the libFuzzer targets (needs clang)" OFF)
if(BLOG_FUZZ AND NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "BLOG_FUZZ needs clang: -DCMAKE_CXX_COMPILER=clang++-16")
endif()
