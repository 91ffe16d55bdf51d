# The install (docs/c-api.md, docs/python.md, README): cmake --install <build>
# [--prefix P] puts in place
#   include/             the core's, HAL's, configuration block's, application's and
#                        memory-mapped backend's headers, a2a/version.hpp (generated)
#                        and a2a.h (C API)
#   lib/liba2a.a         the C API (a2a::capi), C++ compiled without exceptions or
#                        RTTI; it needs only the C library (memcmp, memset, strlen)
#   share/a2a/no_heap.cpp  a2a::no_heap's source (compiled by the product's build)
#   lib/cmake/a2a/       the CMake package: targets a2a::core, a2a::hal,
#                        a2a::config, a2a::app, a2a::mmio, a2a::spi_chain, a2a::flash,
#                        a2a::crosspoint, a2a::adn4604, a2a::vsc3316, a2a::gpio,
#                        a2a::block_sink, a2a::no_heap, a2a::capi (each a COMPONENT: a2aConfig.cmake.in),
#                        with the version of project() (SameMajorVersion)
# A cross build installs the same for its target (liba2a.a compiled for it): a
# product's own cross build finds it with find_package(a2a) (docs/porting.md).
#   lib/pkgconfig/a2a.pc for C programs: pkg-config --cflags --libs a2a
#   bin/a2a              the planner tool (host builds)
#   the Python module    into A2A_PYTHON_INSTALL_DIR (platform/host/python)
# Fixed paths (no GNUInstallDirs): they must match $<INSTALL_INTERFACE:include>.
include(CMakePackageConfigHelpers)
set(A2A_CMAKE_DIR lib/cmake/a2a)

install(DIRECTORY firmware/core/include/ hal/include/ firmware/config/include/ firmware/app/include/
                  platform/mmio/include/ platform/spi_chain/include/ platform/flash/include/ platform/crosspoint/include/ platform/gpio/include/
                  platform/block_sink/include/ firmware/capi/include/ "${PROJECT_BINARY_DIR}/generated/include/"
        DESTINATION include)
install(TARGETS a2a_core a2a_hal a2a_config a2a_app a2a_mmio a2a_spi_chain a2a_flash a2a_crosspoint a2a_adn4604 a2a_vsc3316 a2a_gpio a2a_block_sink a2a_no_heap a2a_capi EXPORT a2aTargets
        ARCHIVE DESTINATION lib)
install(FILES platform/no_heap/no_heap.cpp DESTINATION share/a2a)  # a2a::no_heap's source, built by the product
install(EXPORT a2aTargets NAMESPACE a2a:: DESTINATION "${A2A_CMAKE_DIR}")
# Build-tree export: find_package(a2a) also works with a2a_DIR=<build dir>.
export(EXPORT a2aTargets NAMESPACE a2a:: FILE "${PROJECT_BINARY_DIR}/a2aTargets.cmake")

configure_package_config_file(cmake/a2aConfig.cmake.in "${PROJECT_BINARY_DIR}/a2aConfig.cmake"
  INSTALL_DESTINATION "${A2A_CMAKE_DIR}")
write_basic_package_version_file("${PROJECT_BINARY_DIR}/a2aConfigVersion.cmake" COMPATIBILITY SameMajorVersion)
install(FILES "${PROJECT_BINARY_DIR}/a2aConfig.cmake" "${PROJECT_BINARY_DIR}/a2aConfigVersion.cmake"
        DESTINATION "${A2A_CMAKE_DIR}")

# pkg-config: the C API's library and the one include folder (a2a.h).
configure_file(cmake/a2a.pc.in "${PROJECT_BINARY_DIR}/a2a.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/a2a.pc" DESTINATION lib/pkgconfig)
