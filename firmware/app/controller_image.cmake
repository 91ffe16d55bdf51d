# The controller image for the board of this cross build (A2A_BOARD), its
# build-time configuration, and the CTest runs of it under QEMU.
set(A2A_FW_TOPOLOGY "omega" CACHE STRING "Controller image: default topology (configuration block)")
set(A2A_FW_PORTS "16" CACHE STRING "Controller image: default N")
set(A2A_FW_RADIX "2" CACHE STRING "Controller image: default d")
set(A2A_FW_SCHEDULE "auto" CACHE STRING "Controller image: default schedule (auto = the network's default family)")
set(A2A_FW_ORDER "natural" CACHE STRING "Controller image: default round order (natural | gray)")
if(A2A_BOARD STREQUAL "microbit")
  set(_a2a_fw_capacity 32)   # 16 KiB of RAM: the model's N x N pair bits must fit
else()
  set(_a2a_fw_capacity 256)
endif()
set(A2A_FW_MAX_PORTS "${_a2a_fw_capacity}" CACHE STRING "Controller image: largest N the image (and its fabric model) handles")

find_package(Python3 COMPONENTS Interpreter)
if(NOT TARGET a2a::mmio)
  add_subdirectory("${PROJECT_SOURCE_DIR}/platform/mmio" "${PROJECT_BINARY_DIR}/platform/mmio")
endif()

function(_a2a_controller_image target)
  add_executable(${target} board_main.cpp)
  target_link_libraries(${target} PRIVATE a2a::app a2a::mmio a2a::warnings)
  target_compile_definitions(${target} PRIVATE
    A2A_FW_TOPOLOGY="${A2A_FW_TOPOLOGY}" A2A_FW_PORTS=${A2A_FW_PORTS}U A2A_FW_RADIX=${A2A_FW_RADIX}U
    A2A_FW_SCHEDULE="${A2A_FW_SCHEDULE}" A2A_FW_ORDER="${A2A_FW_ORDER}" A2A_FW_MAX_PORTS=${A2A_FW_MAX_PORTS}U
    ${ARGN})
  a2a_cortex_m_image(${target})
  # The call graph with frame sizes (.ci next to the object), for the stack report.
  target_compile_options(${target} PRIVATE -fcallgraph-info=su)
  if(Python3_Interpreter_FOUND)
    add_custom_command(TARGET ${target} POST_BUILD
      COMMAND Python3::Interpreter "${CMAKE_CURRENT_SOURCE_DIR}/stack_report.py"
              "${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${target}.dir/board_main.cpp.ci"
      COMMENT "Stack usage of ${target} (${A2A_BOARD})" VERBATIM)
  endif()
endfunction()

_a2a_controller_image(a2a_controller)
# A test image whose configuration block has one flipped bit.
_a2a_controller_image(a2a_controller_bad_block A2A_FW_CORRUPT_CONFIG)

if(A2A_BUILD_TESTS)
  # name | N | overrides (QEMU -append) | expected output. Runs above the
  # image's capacity (the micro:bit's 16 KiB) are left out.
  set(_a2a_fw_runs
    "default|16||pairs delivered 256/256, missing 0, duplicates 0"
    "gsen10|10|topology=gsen ports=10|pairs delivered 100/100, missing 0"
    "gsen20_doubly|20|topology=gsen ports=20|schedule doubly-alternating, natural order, 24 rounds.*pairs delivered 400/400, missing 0, duplicates 0"
    "gsen12_stage|12|topology=gsen ports=12 order=gray|schedule gsen-stage-control, gray order, 16 rounds.*pairs delivered 144/144, missing 0, duplicates 0"
    "gsen72_quadruply|72|topology=gsen ports=72|schedule quadruply-alternating, natural order, 96 rounds.*pairs delivered 5184/5184, missing 0, duplicates 0"
    "gsen20_broadcast|20|topology=gsen ports=20 schedule=broadcast|schedule broadcast, natural order, 24 rounds.*pairs delivered 400/400, missing 0, duplicates 0"
    "reverse_baseline27|27|topology=reverse-baseline ports=27 radix=3|pairs delivered 729/729, missing 0"
    "omega64_d4_gray|64|ports=64 radix=4 order=gray|pairs delivered 4096/4096, missing 0"
    "banyan128|128|topology=banyan ports=128|pairs delivered 16384/16384, missing 0"
    "shift16|16|topology=shift ports=16|pairs delivered 256/256, missing 0.*optical mode: crosstalk 0"
    "optical_baseline32|32|topology=baseline ports=32 schedule=optical|rounds 64/64.*pairs delivered 1024/1024, missing 0.*optical mode: crosstalk 0"
    "omega16_fault|16|fault=1:2|schedule fault-tolerant, natural order, 33 rounds.*pairs delivered 256/256, missing 0, duplicates 0.*messages relayed 32, relay errors 0, left in a store 0"
    "omega32_fault_middle|32|ports=32 fault=2:5|schedule fault-tolerant, natural order, 59 rounds.*pairs delivered 1024/1024, missing 0, duplicates 0.*fault: switch 5 of stage 2 avoided. rounds 32 regular . 27 relay. messages relayed 64, relay errors 0, left in a store 0"
    # Paper 004's own 16 x 16 banyan with E_21 faulty: relays planned into the image's static storage.
    "banyan16_fault|16|topology=banyan fault=2:1|schedule fault-tolerant, natural order, 40 rounds.*pairs delivered 256/256, missing 0, duplicates 0.*fault: switch 1 of stage 2 avoided. rounds 16 regular . 24 relay. messages relayed 32, relay errors 0, left in a store 0")
  foreach(run IN LISTS _a2a_fw_runs)
    string(REPLACE "|" ";" parts "${run}")
    list(GET parts 0 name)
    list(GET parts 1 ports)
    list(GET parts 2 overrides)
    list(GET parts 3 expected)
    if(ports GREATER A2A_FW_MAX_PORTS)
      continue()
    endif()
    separate_arguments(args UNIX_COMMAND "${overrides}")
    add_test(NAME firmware_${name} COMMAND a2a_controller ${args})
    set_tests_properties(firmware_${name} PROPERTIES LABELS firmware
      PASS_REGULAR_EXPRESSION "${expected}.*verified by the fabric model.*exit status 0")
  endforeach()
  # Refusals: nonzero exit, a clear message, and no register written.
  add_test(NAME firmware_bad_block COMMAND a2a_controller_bad_block)
  set_tests_properties(firmware_bad_block PROPERTIES LABELS firmware WILL_FAIL TRUE)
  add_test(NAME firmware_bad_block_message COMMAND a2a_controller_bad_block)
  set_tests_properties(firmware_bad_block_message PROPERTIES LABELS firmware
    PASS_REGULAR_EXPRESSION "CRC-32 mismatch.*no register written.*exit status 2")
  add_test(NAME firmware_over_capacity COMMAND a2a_controller ports=65536)
  set_tests_properties(firmware_over_capacity PROPERTIES LABELS firmware
    PASS_REGULAR_EXPRESSION "above this image's capacity of ${A2A_FW_MAX_PORTS} ports.*no register written.*exit status 2")
  # The shift network has N switches per stage: a block of MaxPorts ports holds it up to MaxPorts / 2.
  add_test(NAME firmware_shift_over_capacity COMMAND a2a_controller topology=shift ports=${A2A_FW_MAX_PORTS})
  set_tests_properties(firmware_shift_over_capacity PROPERTIES LABELS firmware
    PASS_REGULAR_EXPRESSION "fabric refused the network: the network needs more ports or stages.*exit status 3")
  add_test(NAME firmware_bad_override COMMAND a2a_controller topology=gsen ports=12 schedule=alternating)
  set_tests_properties(firmware_bad_override PROPERTIES LABELS firmware
    PASS_REGULAR_EXPRESSION "needs N = 2 \\(mod 4\\).*no register written.*exit status 2")
endif()
