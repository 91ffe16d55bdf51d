# BBC micro:bit v1 (nRF51822: Cortex-M0, 256 KiB flash, 16 KiB RAM) and QEMU
# 7.2's "microbit" machine, its only ARMv6-M board. The images are built for
# Cortex-M0+ (same ARMv6-M instruction set). Read by
# toolchains/arm-none-eabi.cmake (flags, QEMU) and platform/cortex-m (sources).
set(A2A_BOARD_CPU cortex-m0plus)
set(A2A_BOARD_CPU_FLAGS "-mcpu=cortex-m0plus -mthumb -mfloat-abi=soft")
set(A2A_BOARD_QEMU_MACHINE microbit)
set(A2A_BOARD_SOURCES
  "${CMAKE_CURRENT_LIST_DIR}/board.c"
  "${CMAKE_CURRENT_LIST_DIR}/../../drivers/nrf51/nrf51.c")
set(A2A_BOARD_INCLUDE_DIRS "${CMAKE_CURRENT_LIST_DIR}/../../drivers/nrf51")
# HFCLK from the internal 16 MHz RC oscillator (QEMU: 16 MHz too).
set(A2A_BOARD_CPU_HZ 16000000)
set(A2A_BOARD_BAUD 115200)
# 16 KiB of RAM: the controller's fabric model (N x N pair bits) fits N = 32,
# the portable test sweeps N = 64.
set(A2A_BOARD_FW_MAX_PORTS 32)
set(A2A_BOARD_TEST_MAX_PORTS 64)
# The WDT and POWER.RESETREAS exist on the chip, not in QEMU 7.2.
set(A2A_BOARD_WATCHDOG_IN_QEMU OFF)
set(A2A_BOARD_EMULATED_FABRIC ON)
# The configuration block: the last 1 KiB flash page.
set(A2A_BOARD_CONFIG_ADDRESS 0x0003FC00)
