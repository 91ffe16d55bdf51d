# Netduino 2 (STM32F205RF: Cortex-M3, 768 KiB flash, 128 KiB SRAM) and QEMU 7.2's
# "netduino2" machine. Read by toolchains/arm-none-eabi.cmake (flags, QEMU) and
# platform/cortex-m (sources, linker script, OpenOCD configuration).
set(A2A_BOARD_CPU cortex-m3)
set(A2A_BOARD_CPU_FLAGS "-mcpu=cortex-m3 -mthumb -mfloat-abi=soft")
set(A2A_BOARD_QEMU_MACHINE netduino2)
# board.c names the board; the STM32 board code and drivers are netduinoplus2's
# (the F2's USART1, TIM2, IWDG and RCC are the F4's, RM0033).
set(A2A_BOARD_SOURCES
  "${CMAKE_CURRENT_LIST_DIR}/board.c"
  "${CMAKE_CURRENT_LIST_DIR}/../../drivers/stm32f4/stm32f4_board.c"
  "${CMAKE_CURRENT_LIST_DIR}/../../drivers/stm32f4/stm32f4.c")
set(A2A_BOARD_INCLUDE_DIRS "${CMAKE_CURRENT_LIST_DIR}/../../drivers/stm32f4")
# The slot timer's interrupt handler (look-ahead mode): TIM3, interrupt 29.
set(A2A_BOARD_SLOT_TIMER_SOURCES "${CMAKE_CURRENT_LIST_DIR}/../../drivers/stm32f4/stm32f4_slot_irq.cpp")
# The reset clock (HSI, 16 MHz), which the image keeps: core, AHB, APB1, APB2.
# QEMU runs the core's SysTick at its own 120 MHz and the timers at 1 GHz (it
# does not model the RCC), see docs/cortex-m.md.
set(A2A_BOARD_CPU_HZ 16000000)
set(A2A_BOARD_BAUD 115200)
# 128 KiB of SRAM, as on the netduinoplus2: N = 256 fits the controller and the tests.
set(A2A_BOARD_FW_MAX_PORTS 256)
set(A2A_BOARD_TEST_MAX_PORTS 256)
# The IWDG and the RCC reset flags exist on the chip, not in QEMU 7.2 (its
# netduino2 maps neither RCC, GPIO nor IWDG and ignores accesses there).
set(A2A_BOARD_WATCHDOG_IN_QEMU OFF)
set(A2A_BOARD_EMULATED_FABRIC ON)
# Memory map, the linker script's regions (platform/cortex-m/ld/board.ld.in):
# 768 KiB of flash at 0x08000000 (aliased at 0x0, where the core fetches its
# vector table after reset; QEMU maps 1 MiB); flash sectors: 4 x 16 KiB, 64 KiB,
# 5 x 128 KiB.
set(A2A_BOARD_FLASH_ORIGIN 0x08000000)
set(A2A_BOARD_FLASH_LENGTH "768K - 128K")
# The configuration block: the start of flash sector 9 (128 KiB, the last), which
# holds it alone: erasable and writable without touching the code (docs/flashing.md).
set(A2A_BOARD_CONFIG_ADDRESS 0x080A0000)
set(A2A_BOARD_CONFIG_LENGTH 128K)
# 128 KiB of SRAM at 0x20000000 (SRAM1 112 KiB + SRAM2 16 KiB, contiguous; QEMU
# maps the same 128 KiB).
set(A2A_BOARD_RAM_ORIGIN 0x20000000)
set(A2A_BOARD_RAM_LENGTH 128K)
# The emulated fabric's register block: the top 16 KiB of the SRAM.
set(A2A_BOARD_FABRIC_LENGTH 16K)
set(A2A_BOARD_STACK_SIZE 8K)
# Flashing (docs/flashing.md): an ST-LINK/V2 on the SWD pads; OpenOCD programs the
# internal flash (sectors are erased as needed).
set(A2A_BOARD_OPENOCD [=[
source [find interface/stlink.cfg]
transport select hla_swd
source [find target/stm32f2x.cfg]
reset_config none separate
]=])
