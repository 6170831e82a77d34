# Warnings for our own code only, as an INTERFACE target; errors, so the build stays clean.
add_library(blog_warnings INTERFACE)
target_compile_options(blog_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wcast-align -Wunused
  -Woverloaded-virtual -Wformat=2 -Werror
  # GCC 12 reports std::string concatenation at -O2 as out of bounds (GCC bug 105329 and its
  # kin); these three give only such false alarms here.
  -Wno-array-bounds -Wno-stringop-overflow -Wno-restrict)
