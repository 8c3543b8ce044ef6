# What linking the project's libraries into a shared object (the Python module) takes.
#
# The CLI links Abseil, expat and zlib from their static archives (cmake/static_archives.cmake),
# by pointing their imported targets at the archives, for every target of the build. Debian builds
# Abseil's archives without -fPIC, so no shared object can take them; and the interpreter already
# holds expat and zlib as shared libraries, whose copies a module should share rather than bring a
# second of its own. So the module does not link the project's libraries as targets (which would
# bring the archives along) but through this list.

# px_shared_link_items(OUT OUT_STATIC TARGET): in OUT, the link items of TARGET's libraries,
# transitively, in link order: each of the project's static libraries by its archive file, before
# the libraries it depends on; each imported library by its shared library (the one
# px_use_static_archives replaced, kept in PX_SHARED_LIBRARY, else its own file); items that are
# not targets (-pthread, a path) as the target spells them. In OUT_STATIC, the project's static
# libraries reached (TARGET included), which a shared object needs compiled as
# position-independent code.
function(px_shared_link_items out out_static target)
  set(px_seen "")
  set(px_order "")
  set(px_static "")
  _px_shared_link_visit("${target}")
  set(${out} "${px_order}" PARENT_SCOPE)
  set(${out_static} "${px_static}" PARENT_SCOPE)
endfunction()

# Depth first; a target goes in front of the list once everything it depends on is in, so the
# list runs from dependents to dependencies (the order static archives must be linked in). A
# target's items that are not targets follow it as it spells them, in its order: a sequence such
# as Abseil's "-Wl,--push-state,--as-needed;-latomic;-Wl,--pop-state" stays whole.
function(_px_shared_link_visit target)
  if("${target}" IN_LIST px_seen)
    return()
  endif()
  list(APPEND px_seen "${target}")
  get_target_property(px_imported "${target}" IMPORTED)
  get_target_property(px_type "${target}" TYPE)
  set(px_file "")
  if(px_imported)
    get_target_property(px_deps "${target}" INTERFACE_LINK_LIBRARIES)
    if(NOT px_type STREQUAL "INTERFACE_LIBRARY")
      get_target_property(px_file "${target}" PX_SHARED_LIBRARY)
      if(NOT px_file)
        set(px_file "$<TARGET_FILE:${target}>")
      endif()
    endif()
  else()
    get_target_property(px_deps "${target}" LINK_LIBRARIES)
    if(px_type STREQUAL "STATIC_LIBRARY")
      set(px_file "$<TARGET_FILE:${target}>")
      list(APPEND px_static "${target}")
    endif()
  endif()
  set(px_block "${px_file}")
  if(px_deps)
    foreach(px_dep IN LISTS px_deps)
      if(TARGET "${px_dep}")
        _px_shared_link_visit("${px_dep}")
      else()
        list(APPEND px_block "${px_dep}")
      endif()
    endforeach()
  endif()
  if(px_block)
    list(PREPEND px_order ${px_block})
  endif()
  set(px_seen "${px_seen}" PARENT_SCOPE)
  set(px_order "${px_order}" PARENT_SCOPE)
  set(px_static "${px_static}" PARENT_SCOPE)
endfunction()
