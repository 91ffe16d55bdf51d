# Netduino Plus 2 (STM32F405RG, Cortex-M4F with single-precision FPU) and QEMU
# 7.2's "netduinoplus2" machine. Read by toolchains/arm-none-eabi.cmake (flags,
# QEMU) and platform/cortex-m (sources, linker script, OpenOCD configuration).
set(A2A_BOARD_CPU cortex-m4)
set(A2A_BOARD_CPU_FLAGS "-mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard")
set(A2A_BOARD_QEMU_MACHINE netduinoplus2)
# 1 MiB of flash; sectors 4 x 16 KiB, 64 KiB, 7 x 128 KiB: the last two (10, 11)
# hold the configuration store, one copy each. QEMU 7.2 maps 192 KiB of SRAM, the image uses
# the chip's 128; the 64 KiB of CCM RAM at 0x10000000 are not used (QEMU 7.2
# does not map them).
set(A2A_BOARD_FLASH_LENGTH "1M - 256K")
set(A2A_BOARD_CONFIG_ADDRESS 0x080C0000)
set(A2A_STM32_OPENOCD_TARGET target/stm32f4x.cfg)
# Drivers, clock, capacities, the rest of the memory map, OpenOCD: as every STM32 board.
include("${CMAKE_CURRENT_LIST_DIR}/../../drivers/stm32f4/stm32.cmake")
