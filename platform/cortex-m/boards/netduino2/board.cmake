# Netduino 2 (STM32F205RF: Cortex-M3, 768 KiB flash, 128 KiB SRAM) and QEMU 7.2's
# "netduino2" machine. Read by toolchains/arm-none-eabi.cmake (flags, QEMU) and
# platform/cortex-m (sources, linker script, OpenOCD configuration).
set(A2A_BOARD_CPU cortex-m3)
set(A2A_BOARD_CPU_FLAGS "-mcpu=cortex-m3 -mthumb -mfloat-abi=soft")
set(A2A_BOARD_QEMU_MACHINE netduino2)
# 768 KiB of flash (QEMU maps 1 MiB); sectors 4 x 16 KiB, 64 KiB, 5 x 128 KiB:
# the last two (8, 9) hold the configuration store, one copy each. QEMU's netduino2 maps neither
# RCC, GPIO nor IWDG and ignores accesses there.
set(A2A_BOARD_FLASH_LENGTH "768K - 256K")
set(A2A_BOARD_CONFIG_ADDRESS 0x08080000)
set(A2A_STM32_OPENOCD_TARGET target/stm32f2x.cfg)
# Drivers, clock, capacities, the rest of the memory map, OpenOCD: as every STM32 board.
include("${CMAKE_CURRENT_LIST_DIR}/../../drivers/stm32f4/stm32.cmake")
