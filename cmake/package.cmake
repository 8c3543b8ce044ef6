# What `cmake --install` puts under the prefix (issue 14, the C++ package):
#
#   bin/polyxios                                   the CLI
#   lib/libpolyxios_{formats,collada,gltf,image,engine,model}.a
#                                                  the static libraries behind polyxios/polyxios.h
#   include/polyxios/polyxios.h                    the public header and exactly the headers of
#   include/polyxios/{scene,memory,ops}/...        include/polyxios/ it includes
#   lib/cmake/polyxios/polyxiosConfig.cmake        find_package(polyxios): polyxios::polyxios
#   lib/cmake/polyxios/polyxiosConfigVersion.cmake
#   lib/cmake/polyxios/polyxiosTargets*.cmake
#   lib/cmake/polyxios/Findminizip.cmake           how the config finds minizip (no package of its own)
#   lib/pkgconfig/polyxios.pc                      pkg-config --static --cflags --libs polyxios
#   share/man/man1/polyxios.1                      the CLI's man page (tools/cli/polyxios.1)
#   share/bash-completion/completions/polyxios     its bash completion (tools/cli/polyxios.bash)
#
# The public headers live in the repository as they are installed, under include/polyxios/, and
# include each other as "polyxios/...": a consumer's include path has include/ only, and nothing
# but polyxios/ under it: `#include <polyxios/polyxios.h>`.
# Included from the top CMakeLists.txt once every target is defined.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(PX_INSTALL_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
set(PX_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/polyxios")
set(PX_INSTALL_PKGCONFIGDIR "${CMAKE_INSTALL_LIBDIR}/pkgconfig")

# The libraries the public API needs, each depending only on those after it (the link order).
# Installed as libpolyxios_<part>.a and exported as polyxios::<part>.
set(px_package_parts formats collada gltf format_common image engine model)

# px_public_headers(OUT HEADER...): the headers of include/ HEADER... include, transitively
# (#include "polyxios/..." lines), HEADER... among them, as paths under include/; CMake configures
# again when one of them changes.
function(px_public_headers out)
  set(pending ${ARGN})
  set(found "")
  while(pending)
    list(POP_FRONT pending header)
    if(header IN_LIST found)
      continue()
    endif()
    list(APPEND found "${header}")
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/include/${header}")
    file(STRINGS "${PROJECT_SOURCE_DIR}/include/${header}" lines REGEX "^[ \t]*#[ \t]*include[ \t]+\"")
    foreach(line IN LISTS lines)
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]+\"([^\"]+)\".*" "\\1" included "${line}")
      if(EXISTS "${PROJECT_SOURCE_DIR}/include/${included}")
        list(APPEND pending "${included}")
      endif()
    endforeach()
  endwhile()
  set(${out} "${found}" PARENT_SCOPE)
endfunction()
px_public_headers(px_headers polyxios/polyxios.h)

# polyxios::polyxios: the headers, C++20, and the libraries with what they link.
# (The target `polyxios` is the CLI, hence another name here and the export name.)
add_library(px_package INTERFACE)
list(TRANSFORM px_headers PREPEND "${PROJECT_SOURCE_DIR}/include/" OUTPUT_VARIABLE px_header_paths)
set_target_properties(px_package PROPERTIES EXPORT_NAME polyxios)
target_compile_features(px_package INTERFACE cxx_std_20)
target_link_libraries(px_package INTERFACE px_formats)
target_sources(px_package INTERFACE
  FILE_SET HEADERS BASE_DIRS "${PROJECT_SOURCE_DIR}/include" FILES ${px_header_paths})

set(px_package_targets "")
set(px_pkgconfig_libs "")
foreach(part IN LISTS px_package_parts)
  set_target_properties(px_${part} PROPERTIES OUTPUT_NAME polyxios_${part} EXPORT_NAME ${part})
  list(APPEND px_package_targets px_${part})
  string(APPEND px_pkgconfig_libs " -lpolyxios_${part}")
endforeach()

install(TARGETS polyxios RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
install(TARGETS px_package ${px_package_targets} EXPORT polyxiosTargets
  ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  FILE_SET HEADERS DESTINATION "${PX_INSTALL_INCLUDEDIR}")
install(EXPORT polyxiosTargets NAMESPACE polyxios:: DESTINATION "${PX_INSTALL_CMAKEDIR}")

configure_package_config_file(cmake/polyxiosConfig.cmake.in
  "${PROJECT_BINARY_DIR}/polyxiosConfig.cmake" INSTALL_DESTINATION "${PX_INSTALL_CMAKEDIR}")
# 0.x: a minor version may change the API.
write_basic_package_version_file("${PROJECT_BINARY_DIR}/polyxiosConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/polyxiosConfig.cmake"
              "${PROJECT_BINARY_DIR}/polyxiosConfigVersion.cmake"
              cmake/Findminizip.cmake
        DESTINATION "${PX_INSTALL_CMAKEDIR}")

# polyxios.pc finds its prefix from where it lies (${pcfiledir}), so that `cmake --install
# --prefix` anywhere gives a working file.
file(RELATIVE_PATH px_pc_to_prefix "/prefix/${PX_INSTALL_PKGCONFIGDIR}" "/prefix")
string(REGEX REPLACE "/$" "" px_pc_to_prefix "${px_pc_to_prefix}")
configure_file(cmake/polyxios.pc.in "${PROJECT_BINARY_DIR}/polyxios.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/polyxios.pc" DESTINATION "${PX_INSTALL_PKGCONFIGDIR}")

install(FILES tools/cli/polyxios.1 DESTINATION "${CMAKE_INSTALL_MANDIR}/man1")
install(FILES tools/cli/polyxios.bash RENAME polyxios
        DESTINATION "${CMAKE_INSTALL_DATADIR}/bash-completion/completions")
