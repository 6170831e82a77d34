# Warnings for our own code only, as an INTERFACE target; errors, so the build stays clean.
add_library(blog_warnings INTERFACE)
target_compile_options(blog_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wcast-align -Wunused
  -Woverloaded-virtual -Wformat=2 -Werror)
