# -DBLOG_SANITIZE=ON: every target of the tree built with AddressSanitizer and UndefinedBehaviorSanitizer
# (tools/test builds the tests so in build-asan). Undefined behaviour aborts instead of only printing.
option(BLOG_SANITIZE "Build everything with ASan and UBSan" OFF)
if(BLOG_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
  # GCC's flow analysis sees the sanitizers' checks and reports false "may be used uninitialized"
  # (here in <regex>, which the tests use); its manual warns of false positives with -fsanitize.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    add_compile_options(-Wno-maybe-uninitialized)
  endif()
endif()
