# Netduino Plus 2 (STM32F405RG, Cortex-M4F with single-precision FPU) and QEMU
# 7.2's "netduinoplus2" machine. Read by toolchains/arm-none-eabi.cmake (flags,
# QEMU) and platform/cortex-m (sources).
set(A2A_BOARD_CPU cortex-m4)
set(A2A_BOARD_CPU_FLAGS "-mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard")
set(A2A_BOARD_QEMU_MACHINE netduinoplus2)
set(A2A_BOARD_SOURCES
  "${CMAKE_CURRENT_LIST_DIR}/board.c"
  "${CMAKE_CURRENT_LIST_DIR}/../../drivers/stm32f4/stm32f4.c")
set(A2A_BOARD_INCLUDE_DIRS "${CMAKE_CURRENT_LIST_DIR}/../../drivers/stm32f4")
# The reset clock (HSI, 16 MHz), which the image keeps: core, AHB, APB1, APB2.
# QEMU runs the core's SysTick at its own 168 MHz whatever the RCC says (it
# does not model the RCC), see docs/cortex-m.md.
set(A2A_BOARD_CPU_HZ 16000000)
set(A2A_BOARD_BAUD 115200)
# 128 KiB of SRAM: N = 256 fits both the controller and the test sweeps.
set(A2A_BOARD_FW_MAX_PORTS 256)
set(A2A_BOARD_TEST_MAX_PORTS 256)
# The IWDG and the RCC reset flags exist on the chip, not in QEMU 7.2.
set(A2A_BOARD_WATCHDOG_IN_QEMU OFF)
set(A2A_BOARD_EMULATED_FABRIC ON)
# The configuration block: the start of flash sector 11 (128 KiB, the last),
# erasable and writable without touching the code (docs/flashing.md).
set(A2A_BOARD_CONFIG_ADDRESS 0x080E0000)
