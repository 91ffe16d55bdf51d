# The HAL's portable tests: heap-free sources in the a2a_test.hpp subset, built
# with doctest on the host (tests/hal/CMakeLists.txt) and with the light runner
# on Cortex-M (tests/target includes this file in the cross build).
# Paths are relative to tests/hal.
set(A2A_HAL_PORTABLE_TESTS register_test.cpp fabric_driver_test.cpp driver_v2_test.cpp emulated_fabric_test.cpp periodic_round_test.cpp
    register_table_test.cpp arrivals_test.cpp)
set(A2A_HAL_PORTABLE_TEST_LIBS a2a::hal a2a::mock a2a::emulated_fabric)
# The HAL's unit tests: one file per public header (tests/hal/<header>_test.cpp) whose
# test is small, built as one program, hal_units (tools/check-unit-tests.py checks
# that every header has its file).
set(A2A_HAL_UNIT_TESTS bus_test.cpp fabric_capabilities_test.cpp fabric_controller_test.cpp fabric_fields_test.cpp fabric_registers_test.cpp
    hal_test.cpp latched_round_test.cpp program_round_test.cpp recording_bus_test.cpp register_table_check_test.cpp
    register_table_types_test.cpp slot_ring_test.cpp transfer_test.cpp transport_test.cpp)
# The application's portable tests (relative to tests/app): the controller's round
# loop over the mock and the emulated fabric, its bounded retry and resume.
set(A2A_APP_PORTABLE_TESTS fault_injection_test.cpp controller_test.cpp round_runner_test.cpp)
# The application's unit tests: one file per public header whose test is small
# (tests/app/<header>_test.cpp), one program, app_units.
set(A2A_APP_UNIT_TESTS counting_bus_test.cpp device_board_test.cpp device_settings_test.cpp exchange_job_test.cpp
    line_reader_test.cpp lookahead_test.cpp sliced_call_test.cpp)
set(A2A_APP_PORTABLE_TEST_LIBS a2a::hal a2a::mock a2a::app a2a::emulated_fabric)

# The emulated fabric (heap-free, header-only) is tested on the host and the boards alike.
if(NOT TARGET a2a_block_sink)
  add_subdirectory("${PROJECT_SOURCE_DIR}/platform/block_sink" "${PROJECT_BINARY_DIR}/platform/block_sink")
endif()
if(NOT TARGET a2a_emulated_fabric)
  add_subdirectory("${PROJECT_SOURCE_DIR}/platform/emulated" "${PROJECT_BINARY_DIR}/platform/emulated")
endif()

# On a board whose fabric is emulated: the driver over the memory-mapped RAM block,
# served by SysTick (cross build only; not a host test).
if(CMAKE_CROSSCOMPILING AND A2A_BOARD_EMULATED_FABRIC AND COMMAND a2a_add_light_test
   AND TARGET a2a_emulated_fabric_cortex_m)
  a2a_add_light_test(NAME hal_emulated_board SOURCES "${CMAKE_CURRENT_LIST_DIR}/emulated_board_test.cpp"
                     LABELS hal target)
  target_include_directories(hal_emulated_board PRIVATE "${CMAKE_CURRENT_LIST_DIR}")
  target_link_libraries(hal_emulated_board PRIVATE a2a::hal a2a::mmio a2a_emulated_fabric_cortex_m)
  if(DEFINED A2A_FW_MAX_PORTS)
    target_compile_definitions(hal_emulated_board PRIVATE A2A_FW_MAX_PORTS=${A2A_FW_MAX_PORTS}U)
  endif()
  # At the board's clock (-icount), as board_lookahead: the driver's bounded waits count
  # polls, the emulator's SysTick counts time; -icount ties the two on a loaded host.
  set_tests_properties(hal_emulated_board PROPERTIES
    ENVIRONMENT "A2A_QEMU_ARGS=-icount shift=${A2A_BOARD_QEMU_ICOUNT_SHIFT}")
endif()
