# Debian ships static archives beside the shared libraries polyxios uses. Linked in, they spare
# every process the dynamic loader's work: mapping each library, resolving its symbols and writing
# its relocations (a copy-on-write page fault per page written), which every `polyxios convert`
# of a small file pays (issue 12).
#
#   PX_STATIC_ABSEIL   Abseil's static archives in place of its 29 shared libraries (every target)
#   PX_STATIC_LIBS     Expat's, zlib's, minizip's and libtiff's static archives (every target); libtiff's
#                      with the archives of the codecs Debian builds it with (jpeg, webp, zstd, lzma,
#                      jbig, Lerc, deflate), each an imported target of its own
#   PX_STATIC_BINARY   the polyxios binary a static PIE (-static-pie): libc, libm, libstdc++ and
#                      libgcc linked in too, so it loads no shared library at start-up
#                      (meshoptimizer is opened when a conversion needs it, below); it needs the
#                      two above. Not with PX_SANITIZE or PX_FUZZ, whose runtimes need the
#                      dynamic libc.
#
# A static glibc still loads iconv's converters (gconv modules) from the system at run time, for
# the encodings expat does not read itself (Shift_JIS, EUC-JP, ...): on a system whose glibc is
# not the one the binary was built with, such documents may be refused as unsupported encodings.
option(PX_STATIC_ABSEIL "Link Abseil's static archives rather than its shared libraries" ON)
option(PX_STATIC_LIBS "Link Expat's, zlib's and minizip's static archives, not their shared libraries" ON)
option(PX_STATIC_BINARY "Link polyxios with no shared library at all (-static-pie)" ON)

# Each imported target's library file taken from its static archive (libx.a beside libx.so).
# The shared library it replaces stays in the target's PX_SHARED_LIBRARY, for the Python module,
# a shared object that cannot take Abseil's archives (built without -fPIC) and shares the
# interpreter's own expat and zlib (python/shared_link.cmake).
function(px_use_static_archives)
  foreach(px_target IN LISTS ARGN)
    foreach(px_property IMPORTED_LOCATION_NONE IMPORTED_LOCATION_RELEASE IMPORTED_LOCATION_DEBUG
                        IMPORTED_LOCATION)
      get_target_property(px_location ${px_target} ${px_property})
      if(px_location MATCHES "\\.so(\\.[0-9.]+)?$")
        string(REGEX REPLACE "\\.so(\\.[0-9.]+)?$" ".a" px_archive "${px_location}")
        if(EXISTS "${px_archive}")
          set_target_properties(${px_target} PROPERTIES ${px_property} "${px_archive}"
                                                        PX_SHARED_LIBRARY "${px_location}")
        endif()
      endif()
    endforeach()
  endforeach()
endfunction()

if(PX_STATIC_ABSEIL)
  get_property(px_imported DIRECTORY PROPERTY IMPORTED_TARGETS)
  list(FILTER px_imported INCLUDE REGEX "^absl::")
  px_use_static_archives(${px_imported})
endif()
if(PX_STATIC_LIBS)
  px_use_static_archives(EXPAT::EXPAT ZLIB::ZLIB minizip::minizip)
  # libtiff's archive needs its codecs' archives (libtiff-4.pc's Libs.private). Each is an imported
  # target whose PX_SHARED_LIBRARY the Python module links instead (python/shared_link.cmake).
  get_target_property(px_tiff TIFF::TIFF IMPORTED_LOCATION_RELEASE)
  if(NOT px_tiff)
    get_target_property(px_tiff TIFF::TIFF IMPORTED_LOCATION)
  endif()
  get_filename_component(px_tiff_dir "${px_tiff}" DIRECTORY)
  set(px_tiff_deps "")
  foreach(px_codec webp zstd lzma Lerc jbig jpeg deflate)
    if(EXISTS "${px_tiff_dir}/lib${px_codec}.a" AND EXISTS "${px_tiff_dir}/lib${px_codec}.so")
      add_library(px_tiff_codec_${px_codec} UNKNOWN IMPORTED)
      set_target_properties(px_tiff_codec_${px_codec} PROPERTIES
        IMPORTED_LOCATION "${px_tiff_dir}/lib${px_codec}.a"
        PX_SHARED_LIBRARY "${px_tiff_dir}/lib${px_codec}.so")
      list(APPEND px_tiff_deps px_tiff_codec_${px_codec})
    endif()
  endforeach()
  if(EXISTS "${px_tiff_dir}/libtiff.a" AND px_tiff_deps)
    px_use_static_archives(TIFF::TIFF)
    set_property(TARGET TIFF::TIFF APPEND PROPERTY INTERFACE_LINK_LIBRARIES
                 ${px_tiff_deps} ZLIB::ZLIB m)
  endif()
endif()

# PX_LINK_STATIC_BINARY: whether this build links polyxios static, as the Dockerfile's defaults do
# (the deploy test checks the Docker runtime stage against such a build). meshoptimizer, which
# Debian 12 ships as a shared library only, is not linked: the binary opens it when a conversion
# first needs it (formats/gltf/meshopt_library.h), through the static glibc's dlopen, which loads
# the system's libc, libstdc++ and libm beside it (the same glibc the binary was built with, as
# Debian's package dependencies hold).
set(PX_LINK_STATIC_BINARY OFF)
if(PX_STATIC_BINARY AND NOT PX_SANITIZE AND NOT PX_FUZZ)
  if(NOT PX_STATIC_ABSEIL OR NOT PX_STATIC_LIBS)
    message(FATAL_ERROR "PX_STATIC_BINARY needs PX_STATIC_ABSEIL and PX_STATIC_LIBS")
  endif()
  set(PX_LINK_STATIC_BINARY ON)
endif()

# The static PIE relocates itself at start-up: its 9,000 relative relocations, as RELR (a bitmap of
# the words to relocate, glibc 2.36 and binutils 2.38 on) take 2 KiB where RELA took 219 KiB, and
# a `convert` of a small file 20 page faults fewer.
include(CheckLinkerFlag)
check_linker_flag(CXX "-Wl,-z,pack-relative-relocs" PX_LINKER_PACKS_RELATIVE_RELOCS)

# px_static_binary(TARGET): TARGET linked as a static PIE when PX_LINK_STATIC_BINARY.
function(px_static_binary target)
  if(PX_LINK_STATIC_BINARY)
    target_link_options(${target} PRIVATE -static-pie)
    if(PX_LINKER_PACKS_RELATIVE_RELOCS)
      target_link_options(${target} PRIVATE -Wl,-z,pack-relative-relocs)
    endif()
  endif()
endfunction()
