# What the MPS2 FPGA boards (mps2-an385, -an386, -an500) share, included by their
# board.cmake after it has set the core (A2A_BOARD_CPU, A2A_BOARD_CPU_FLAGS,
# A2A_BOARD_QEMU_MACHINE): the CMSDK peripherals, clock, capacities and the
# configuration address are the same on all three.
# The board's C sources: its board.c and the shared CMSDK drivers (APB UART,
# timer, watchdog) with the MPS2 board code they share.
set(A2A_BOARD_SOURCES
  "${A2A_BOARD_DIR}/board.c"
  "${CMAKE_CURRENT_LIST_DIR}/cmsdk.c"
  "${CMAKE_CURRENT_LIST_DIR}/mps2_board.c")
set(A2A_BOARD_INCLUDE_DIRS "${CMAKE_CURRENT_LIST_DIR}")
# The FPGA image's system clock (and PCLK of the APB peripherals): 25 MHz on
# the board and in QEMU (hw/arm/mps2.c).
set(A2A_BOARD_CPU_HZ 25000000)
set(A2A_BOARD_BAUD 115200)
# Largest N of the controller image (A2A_FW_MAX_PORTS default) and of the
# portable test sweeps (A2A_TARGET_TEST_MAX_PORTS default): 4 MiB of RAM.
set(A2A_BOARD_FW_MAX_PORTS 256)
set(A2A_BOARD_TEST_MAX_PORTS 256)
# QEMU models the CMSDK watchdog (interrupt on NMI, reset on the second expiry).
set(A2A_BOARD_WATCHDOG_IN_QEMU ON)
# No fabric hardware: the image serves the register block from RAM
# (platform/emulated-fabric) at a2a_board_fabric_base().
set(A2A_BOARD_EMULATED_FABRIC ON)
# Where the 64-byte configuration block lives (the CONFIG region of board.ld).
set(A2A_BOARD_CONFIG_ADDRESS 0x003FF000)
