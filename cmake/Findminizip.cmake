# Findminizip: zlib's minizip (Debian's libminizip-dev), which reads .zae archives
# (formats/collada/read/zae_zip.h). Debian ships it with a pkg-config file and no CMake package,
# so pkg-config finds it; the library is made an imported target with a file of its own
# (IMPORTED_LOCATION), which cmake/static_archives.cmake can point at libminizip.a.
#
#   minizip::minizip   the library, its include folder (<minizip/unzip.h>) and zlib, which it links
#
# Installed beside polyxiosConfig.cmake, which finds it the same way for a consumer.
find_package(PkgConfig QUIET)
if(PKG_CONFIG_FOUND)
  pkg_check_modules(PC_MINIZIP QUIET minizip)
endif()
# The folder above minizip/ (sources include <minizip/unzip.h>), so that minizip's own crypt.h
# and zip.h never stand in for a system header of the same name.
find_path(MINIZIP_INCLUDE_DIR minizip/unzip.h HINTS "${PC_MINIZIP_INCLUDEDIR}/..")
find_library(MINIZIP_LIBRARY NAMES minizip HINTS ${PC_MINIZIP_LIBRARY_DIRS})

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(minizip REQUIRED_VARS MINIZIP_LIBRARY MINIZIP_INCLUDE_DIR)

if(minizip_FOUND AND NOT TARGET minizip::minizip)
  find_package(ZLIB REQUIRED)
  add_library(minizip::minizip UNKNOWN IMPORTED)
  set_target_properties(minizip::minizip PROPERTIES
    IMPORTED_LOCATION "${MINIZIP_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${MINIZIP_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES ZLIB::ZLIB)
endif()
mark_as_advanced(MINIZIP_INCLUDE_DIR MINIZIP_LIBRARY)
