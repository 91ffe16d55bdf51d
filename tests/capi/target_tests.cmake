# The C API test program on a board (included by tests/target in the cross
# build): the same capi_test.c as on the host, its output on the board's console,
# run under QEMU and judged by the same expectation; and the symbol check of the
# library's objects as compiled for the board.
include("${CMAKE_CURRENT_LIST_DIR}/capi_test.cmake")
if(TARGET a2a::capi)
  a2a_add_capi_test(capi_test "${CMAKE_CURRENT_LIST_DIR}/capi_test_io_board.c")
  target_include_directories(capi_test PRIVATE
    $<TARGET_PROPERTY:a2a::cortex_m_board,INTERFACE_INCLUDE_DIRECTORIES>)
  a2a_cortex_m_image(capi_test)
  add_test(NAME capi_test
    COMMAND "${CMAKE_COMMAND}" -DSTATUS=0 "-DEXPECT=${CMAKE_CURRENT_LIST_DIR}/capi_test.expect"
            -P "${PROJECT_SOURCE_DIR}/tests/target/expect_run.cmake" -- ${CMAKE_CROSSCOMPILING_EMULATOR}
            $<TARGET_FILE:capi_test>)
  set_tests_properties(capi_test PROPERTIES LABELS "capi;target" TIMEOUT 120)
  a2a_add_capi_symbol_test(capi_no_allocation "${CMAKE_NM}")
endif()
