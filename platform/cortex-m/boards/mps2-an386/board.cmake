# ARM MPS2 AN386 (Cortex-M4F) as QEMU 7.2 models it (machine "mps2-an386", the core is fixed by the machine).
# Everything the build needs to know about this board; read by
# toolchains/arm-none-eabi.cmake (flags, QEMU) and platform/cortex-m (sources).
set(A2A_BOARD_CPU cortex-m4)
set(A2A_BOARD_CPU_FLAGS "-mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard")
set(A2A_BOARD_QEMU_MACHINE mps2-an386)
# Sources, clock, capacities, watchdog, emulated fabric, memory map, OpenOCD: as every MPS2 board.
include("${CMAKE_CURRENT_LIST_DIR}/../../drivers/cmsdk/mps2.cmake")
