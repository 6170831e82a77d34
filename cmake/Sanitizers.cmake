# -DBLOG_SANITIZE=ON: every target of the tree built with AddressSanitizer and UndefinedBehaviorSanitizer
# (tools/test builds the tests so in build-asan). Undefined behaviour aborts instead of only printing.
option(BLOG_SANITIZE "Build everything with ASan and UBSan" OFF)
if(BLOG_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
