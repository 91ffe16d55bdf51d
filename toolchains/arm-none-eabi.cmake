# Cross build for Cortex-M boards with arm-none-eabi GCC (Debian's
# gcc-arm-none-eabi + newlib), run under qemu-system-arm.
#
# One cache variable picks the board: A2A_BOARD names a folder
# platform/cortex-m/boards/<board>/, and that folder's board.cmake says
# everything about it (CPU flags, QEMU machine, clock, capacities, sources,
# memory map, OpenOCD configuration; docs/cortex-m.md lists the variables). The
# valid boards are the folders that hold a board.cmake: adding a board is adding
# a folder, nothing here changes, and no preset is needed: any arm preset with
# -DA2A_BOARD=<board> builds it (in a fresh build directory: the CPU flags are
# read once, when the directory is first configured).
# Derived variables kept for older callers: A2A_CORTEX_M_CPU, A2A_QEMU_MACHINE,
# A2A_CPU_FLAGS (= A2A_BOARD_CPU, A2A_BOARD_QEMU_MACHINE, A2A_BOARD_CPU_FLAGS).
#
# The images use no C library start files: platform/cortex-m provides the vector
# table, the reset handler, the console and exit (see docs/cortex-m.md).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)

get_filename_component(A2A_BOARDS_DIR "${CMAKE_CURRENT_LIST_DIR}/../platform/cortex-m/boards" ABSOLUTE)
file(GLOB _a2a_board_files RELATIVE "${A2A_BOARDS_DIR}" "${A2A_BOARDS_DIR}/*/board.cmake")
set(A2A_BOARDS "")
foreach(_a2a_file IN LISTS _a2a_board_files)
  get_filename_component(_a2a_name "${_a2a_file}" DIRECTORY)
  list(APPEND A2A_BOARDS "${_a2a_name}")
endforeach()
list(SORT A2A_BOARDS)

set(A2A_BOARD "mps2-an385" CACHE STRING "Cortex-M board (a folder of platform/cortex-m/boards) the images are built for")
set_property(CACHE A2A_BOARD PROPERTY STRINGS ${A2A_BOARDS})
# try_compile projects get A2A_BOARD too (they re-read this file).
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES A2A_BOARD)
if(NOT A2A_BOARD IN_LIST A2A_BOARDS)
  string(REPLACE ";" " " _a2a_list "${A2A_BOARDS}")
  message(FATAL_ERROR "A2A_BOARD='${A2A_BOARD}' is not one of: ${_a2a_list} (folders of ${A2A_BOARDS_DIR})")
endif()
set(A2A_BOARD_DIR "${A2A_BOARDS_DIR}/${A2A_BOARD}")
include("${A2A_BOARD_DIR}/board.cmake")
# The memory map (A2A_BOARD_FLASH_* ... A2A_BOARD_STACK_SIZE) becomes the board's
# linker script in the build tree (platform/cortex-m/ld/board.ld.in).
foreach(_a2a_var A2A_BOARD_CPU A2A_BOARD_CPU_FLAGS A2A_BOARD_QEMU_MACHINE A2A_BOARD_SOURCES A2A_BOARD_CPU_HZ
                 A2A_BOARD_BAUD A2A_BOARD_FW_MAX_PORTS A2A_BOARD_TEST_MAX_PORTS
                 A2A_BOARD_FLASH_ORIGIN A2A_BOARD_FLASH_LENGTH A2A_BOARD_CONFIG_ADDRESS A2A_BOARD_CONFIG_LENGTH
                 A2A_BOARD_RAM_ORIGIN A2A_BOARD_RAM_LENGTH A2A_BOARD_FABRIC_LENGTH A2A_BOARD_STACK_SIZE
                 A2A_BOARD_QEMU_ICOUNT_SHIFT)
  if(NOT DEFINED ${_a2a_var})
    message(FATAL_ERROR "${A2A_BOARD_DIR}/board.cmake does not set ${_a2a_var} (docs/cortex-m.md)")
  endif()
endforeach()
set(A2A_CORTEX_M_CPU "${A2A_BOARD_CPU}")
set(A2A_CPU_FLAGS "${A2A_BOARD_CPU_FLAGS}")
set(A2A_QEMU_MACHINE "${A2A_BOARD_QEMU_MACHINE}")

set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_CXX_COMPILER arm-none-eabi-g++)
set(CMAKE_ASM_COMPILER arm-none-eabi-gcc)
find_program(CMAKE_SIZE NAMES arm-none-eabi-size)
find_program(CMAKE_OBJCOPY NAMES arm-none-eabi-objcopy)
find_program(CMAKE_NM NAMES arm-none-eabi-nm)
find_program(A2A_OBJDUMP NAMES arm-none-eabi-objdump)

# No host linking is possible while probing the compiler (no start files yet).
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

# -fstack-usage writes a .su file next to every object (stack bytes per function).
# -fno-threadsafe-statics: one core, no threads; no __cxa_guard_* calls.
# -Wno-psabi: libstdc++ otherwise floods the build with ABI-change notes.
set(_a2a_common "${A2A_CPU_FLAGS} -ffunction-sections -fdata-sections -fstack-usage")
set(CMAKE_C_FLAGS_INIT "${_a2a_common}")
set(CMAKE_ASM_FLAGS_INIT "${A2A_CPU_FLAGS}")
set(CMAKE_CXX_FLAGS_INIT
    "${_a2a_common} -fno-exceptions -fno-rtti -fno-threadsafe-statics -Wno-psabi")
# nano.specs: the small newlib (we use only its string functions). No start
# files: platform/cortex-m's startup is the entry point. --gc-sections drops
# unreferenced functions, which is also what lets the no-heap guard objects
# (platform/no_heap/no_heap.cpp) link only when nothing allocates.
set(CMAKE_EXE_LINKER_FLAGS_INIT
    "${A2A_CPU_FLAGS} --specs=nano.specs -nostartfiles -Wl,--gc-sections")

# Tests run in QEMU: add_test(COMMAND <target> args...) becomes
#   qemu-run.sh <machine> <image.elf> args...
set(CMAKE_CROSSCOMPILING_EMULATOR
    "${CMAKE_CURRENT_LIST_DIR}/../platform/cortex-m/qemu-run.sh;${A2A_QEMU_MACHINE}")

# Search the target's root only for libraries and headers, never for programs.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
