# Cross build for Cortex-M boards with arm-none-eabi GCC (Debian's
# gcc-arm-none-eabi + newlib), run under qemu-system-arm.
#
# One cache variable picks the board; it fixes the CPU flags, the QEMU machine
# and (in platform/cortex-m) the memory layout:
#   A2A_BOARD   mps2-an385 (Cortex-M3, default) | mps2-an386 (Cortex-M4F)
#               | mps2-an500 (Cortex-M7, double-precision FPU) | microbit (Cortex-M0+)
# Derived (read-only) variables: A2A_CORTEX_M_CPU, A2A_QEMU_MACHINE, A2A_CPU_FLAGS.
#
# The images use no C library start files: platform/cortex-m provides the vector
# table, the reset handler, the semihosting console and exit (see docs/cortex-m.md).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)

set(A2A_BOARD "mps2-an385" CACHE STRING "Cortex-M board (QEMU machine) the images are built for")
set_property(CACHE A2A_BOARD PROPERTY STRINGS mps2-an385 mps2-an386 mps2-an500 microbit)
# try_compile projects get A2A_BOARD too (they re-read this file).
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES A2A_BOARD)

if(A2A_BOARD STREQUAL "mps2-an385")
  set(A2A_CORTEX_M_CPU cortex-m3)
  set(A2A_CPU_FLAGS "-mcpu=cortex-m3 -mthumb -mfloat-abi=soft")
elseif(A2A_BOARD STREQUAL "mps2-an386")
  set(A2A_CORTEX_M_CPU cortex-m4)
  set(A2A_CPU_FLAGS "-mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard")
elseif(A2A_BOARD STREQUAL "mps2-an500")
  set(A2A_CORTEX_M_CPU cortex-m7)
  set(A2A_CPU_FLAGS "-mcpu=cortex-m7 -mthumb -mfpu=fpv5-d16 -mfloat-abi=hard")
elseif(A2A_BOARD STREQUAL "microbit")
  set(A2A_CORTEX_M_CPU cortex-m0plus)
  set(A2A_CPU_FLAGS "-mcpu=cortex-m0plus -mthumb -mfloat-abi=soft")
else()
  message(FATAL_ERROR "A2A_BOARD='${A2A_BOARD}' is not one of: mps2-an385 mps2-an386 mps2-an500 microbit")
endif()
# The QEMU machine has the board's name (MPS2 machines fix the core; no -cpu).
set(A2A_QEMU_MACHINE "${A2A_BOARD}")

set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_CXX_COMPILER arm-none-eabi-g++)
set(CMAKE_ASM_COMPILER arm-none-eabi-gcc)
find_program(CMAKE_SIZE NAMES arm-none-eabi-size)
find_program(CMAKE_OBJCOPY NAMES arm-none-eabi-objcopy)
find_program(CMAKE_NM NAMES arm-none-eabi-nm)

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
# (platform/cortex-m/no_heap.cpp) link only when nothing allocates.
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
