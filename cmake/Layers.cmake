# One static library per layer, and the build enforces which layer may include which.
#
# A layer's headers are include/blog/<layer>/ and its sources src/<layer>/ (search/ for search),
# subfolders included. Each layer sees headers through a tree of its own, <build>/layers/<layer>/blog/..., holding links to exactly the headers the layer owns. A
# target's include path holds its own tree and, through PUBLIC links, the trees of the layers it
# builds on, and nothing else: an include of a layer above (or beside) it is "No such file" at
# compile time. Every header under include/blog belongs to exactly one layer (checked here).

set(BLOG_LAYER_ROOT ${PROJECT_BINARY_DIR}/layers)
file(REMOVE_RECURSE ${BLOG_LAYER_ROOT})
set_property(GLOBAL PROPERTY BLOG_OWNED_HEADERS "")

# blog_layer(<name>
#   HEADERS <globs under include/blog>   the headers the layer owns (its interface), subfolders included
#   SOURCES <globs under the project>    its .cpp files, subfolders included
#   PUBLIC <targets>                     what its headers build on (consumers see them too)
#   PRIVATE <targets>                    what only its sources use
#   PCH <headers>                        extra headers for a precompiled header of its own;
#                                        without, it reuses blog_core's (what every layer may use))
function(blog_layer name)
  cmake_parse_arguments(L "" "" "HEADERS;SOURCES;PUBLIC;PRIVATE;PCH" ${ARGN})
  set(tree ${BLOG_LAYER_ROOT}/${name})
  foreach(glob ${L_HEADERS})
    file(GLOB_RECURSE headers CONFIGURE_DEPENDS RELATIVE ${PROJECT_SOURCE_DIR}/include/blog
         ${PROJECT_SOURCE_DIR}/include/blog/${glob})
    if(NOT headers)
      message(FATAL_ERROR "layer ${name}: no header matches ${glob}")
    endif()
    foreach(header ${headers})
      get_property(owned GLOBAL PROPERTY BLOG_OWNED_HEADERS)
      if(header IN_LIST owned)
        message(FATAL_ERROR "include/blog/${header} is claimed by two layers (the second: ${name})")
      endif()
      set_property(GLOBAL APPEND PROPERTY BLOG_OWNED_HEADERS ${header})
      get_filename_component(dir ${tree}/blog/${header} DIRECTORY)
      file(MAKE_DIRECTORY ${dir})
      file(CREATE_LINK ${PROJECT_SOURCE_DIR}/include/blog/${header} ${tree}/blog/${header} SYMBOLIC)
    endforeach()
  endforeach()
  set(sources)
  foreach(glob ${L_SOURCES})
    file(GLOB_RECURSE found CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/${glob})
    list(APPEND sources ${found})
  endforeach()
  add_library(blog_${name} STATIC ${sources})
  add_library(blog::${name} ALIAS blog_${name})
  target_include_directories(blog_${name} PUBLIC ${tree})
  target_link_libraries(blog_${name} PUBLIC ${L_PUBLIC} PRIVATE blog_warnings ${L_PRIVATE})
  if(name STREQUAL "core")
    target_precompile_headers(blog_core PRIVATE ${PROJECT_SOURCE_DIR}/cmake/pch.hpp)
  elseif(L_PCH)
    target_precompile_headers(blog_${name} PRIVATE ${PROJECT_SOURCE_DIR}/cmake/pch.hpp ${L_PCH})
  else()
    target_precompile_headers(blog_${name} REUSE_FROM blog_core)
  endif()
endfunction()

# Fails the configuration when a header under include/blog belongs to no layer.
function(blog_check_every_header_owned)
  file(GLOB_RECURSE all RELATIVE ${PROJECT_SOURCE_DIR}/include/blog CONFIGURE_DEPENDS
       ${PROJECT_SOURCE_DIR}/include/blog/*.hpp)
  get_property(owned GLOBAL PROPERTY BLOG_OWNED_HEADERS)
  foreach(header ${all})
    if(NOT header IN_LIST owned)
      message(FATAL_ERROR "include/blog/${header} belongs to no layer: add it to one in CMakeLists.txt")
    endif()
  endforeach()
endfunction()
