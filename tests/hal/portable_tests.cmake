# The HAL's portable tests: heap-free sources in the a2a_test.hpp subset, built
# with doctest on the host (tests/hal/CMakeLists.txt) and with the light runner
# on Cortex-M (tests/target includes this file in the cross build).
# Paths are relative to tests/hal.
set(A2A_HAL_PORTABLE_TESTS register_test.cpp driver_test.cpp driver_v2_test.cpp fault_injection_test.cpp
    emulated_fabric_test.cpp)
# a2a::app: the fault-injection tests drive the controller's round loop (firmware/app).
set(A2A_HAL_PORTABLE_TEST_LIBS a2a::hal a2a::mock a2a::app a2a::emulated_fabric)

# The recording mock lives in platform/host/mock, which the top level adds only
# for host builds; it is heap-free, so a cross build takes it from there.
if(NOT TARGET a2a_mock AND (CMAKE_CROSSCOMPILING OR NOT A2A_BUILD_HOST))
  add_subdirectory("${PROJECT_SOURCE_DIR}/platform/host/mock" "${PROJECT_BINARY_DIR}/platform/host/mock")
endif()

# The emulated fabric (heap-free, header-only) is tested on the host and the boards alike.
if(NOT TARGET a2a_emulated_fabric)
  add_subdirectory("${PROJECT_SOURCE_DIR}/platform/emulated-fabric" "${PROJECT_BINARY_DIR}/platform/emulated-fabric")
endif()
