# The example product (examples/product) consumes a2a three ways from its own
# cross build and runs on QEMU's mps2-an385 (tests/package/product_test.cmake):
# add_subdirectory, FetchContent (from the source tree's path, and from an archive of
# it by URL), find_package from a prefix this cross build installs, and find_package
# from a prefix a2a's own build with the product's toolchain file installs. Included by tests/target in a cross
# build for the board the product is written for.
if(NOT A2A_QEMU_MACHINE STREQUAL "mps2-an385")
  return()
endif()
find_program(A2A_QEMU_SYSTEM_ARM qemu-system-arm REQUIRED)
foreach(mode IN ITEMS subdirectory fetchcontent fetchcontent_archive find_package find_package_own_toolchain)
  add_test(NAME package_product_${mode}
    COMMAND "${CMAKE_COMMAND}" -DMODE=${mode} "-DSOURCE_DIR=${PROJECT_SOURCE_DIR}"
            "-DBINARY_DIR=${CMAKE_CURRENT_BINARY_DIR}/product-${mode}" "-DGENERATOR=${CMAKE_GENERATOR}"
            "-DINSTALL_BUILD_DIR=${PROJECT_BINARY_DIR}" "-DINSTALL_PREFIX=${CMAKE_CURRENT_BINARY_DIR}/product-prefix-${mode}"
            "-DQEMU=${A2A_QEMU_SYSTEM_ARM}" -P "${CMAKE_CURRENT_LIST_DIR}/product_test.cmake")
  set_tests_properties(package_product_${mode} PROPERTIES LABELS "package;product" TIMEOUT 600)
endforeach()
