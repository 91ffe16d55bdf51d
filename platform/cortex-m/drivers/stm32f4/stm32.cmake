# What the STM32 boards (netduinoplus2: STM32F405, netduino2: STM32F205) share,
# included by their board.cmake after it has set the core (A2A_BOARD_CPU,
# A2A_BOARD_CPU_FLAGS, A2A_BOARD_QEMU_MACHINE), the flash size and the
# configuration sector (A2A_BOARD_FLASH_LENGTH, A2A_BOARD_CONFIG_ADDRESS) and the
# OpenOCD target script (A2A_STM32_OPENOCD_TARGET). The F2's USART1, TIM2, TIM3,
# IWDG, GPIOA and RCC are the F4's (RM0033 and RM0090 agree on every register
# the drivers use), so one driver and one board code serve both.
# The board's C sources: its board.c (name, QEMU's core clock) and the shared
# STM32 board code and drivers.
set(A2A_BOARD_SOURCES
  "${A2A_BOARD_DIR}/board.c"
  "${CMAKE_CURRENT_LIST_DIR}/stm32f4_board.c"
  "${CMAKE_CURRENT_LIST_DIR}/stm32f4.c")
set(A2A_BOARD_INCLUDE_DIRS "${CMAKE_CURRENT_LIST_DIR}")
# The slot timer's interrupt handler (look-ahead mode): TIM3, interrupt 29.
set(A2A_BOARD_SLOT_TIMER_SOURCES "${CMAKE_CURRENT_LIST_DIR}/stm32f4_slot_irq.cpp")
# QEMU 7.2's TIM3 schedules each alarm at now + the time of its configuration + the
# period (hw/timer/stm32f2xx_timer.c): seconds late once an image has run that long,
# so the controller's look-ahead session (firmware_lookahead) does not run here; the
# chip keeps the period, and board_lookahead runs right after boot.
set(A2A_BOARD_SLOT_TIMER_IN_QEMU OFF)
# The reset clock (HSI, 16 MHz), which the image keeps: core, AHB, APB1, APB2.
# QEMU runs the core's SysTick at its machine's own clock (168 MHz netduinoplus2,
# 120 MHz netduino2) and the timers at 1 GHz: it does not model the RCC
# (docs/cortex-m.md).
set(A2A_BOARD_CPU_HZ 16000000)
# QEMU's -icount shift for tests whose outcome depends on time: 2^6 ns an instruction,
# a 15.6 MHz core, the nearest to the image's 16 MHz.
set(A2A_BOARD_QEMU_ICOUNT_SHIFT 6)
set(A2A_BOARD_BAUD 115200)
# 128 KiB of SRAM: N = 256 fits both the controller and the test sweeps.
set(A2A_BOARD_FW_MAX_PORTS 256)
# Fault plans: one storage for two faults (61 KiB at N = 256 of 128 KiB RAM): one plan
# around faults, configured or found.
set(A2A_BOARD_FW_PLAN_SLOTS 1)
set(A2A_BOARD_FW_PLAN_FAULTS 2)
# The slice stack planning and diagnosis run on (sliced_call.hpp), bytes: the deepest
# planning chain and the interrupts (the controller's build checks it, stack-report.py).
set(A2A_BOARD_FW_SLICE_STACK 8192)
set(A2A_BOARD_TEST_MAX_PORTS 256)
# The IWDG and the RCC reset flags exist on the chips, not in QEMU 7.2.
set(A2A_BOARD_WATCHDOG_IN_QEMU OFF)
set(A2A_BOARD_EMULATED_FABRIC ON)
# Memory map, the linker script's regions (platform/cortex-m/ld/board.ld.in):
# flash at 0x08000000 (aliased at 0x0, where the core fetches its vector table
# after reset); the configuration block alone in the last 128 KiB sector, so it
# can be erased and rewritten without the code (docs/flashing.md).
set(A2A_BOARD_FLASH_ORIGIN 0x08000000)
# The configuration store: two 128 KiB sectors, one copy each (the board.cmake names
# the first); saved through the flash interface (a2a/flash/stm32f4_flash.hpp).
set(A2A_BOARD_CONFIG_LENGTH 256K)
set(A2A_BOARD_CONFIG_FLASH stm32f4)
# 128 KiB of SRAM at 0x20000000 (SRAM1 112 KiB + SRAM2 16 KiB, contiguous).
set(A2A_BOARD_RAM_ORIGIN 0x20000000)
set(A2A_BOARD_RAM_LENGTH 128K)
# The emulated fabric's register block: the top 5 KiB of the SRAM (FabricLayout<256, 16>
# takes 4576 bytes).
set(A2A_BOARD_FABRIC_LENGTH 5K)
set(A2A_BOARD_STACK_SIZE 8K)
# Flashing (docs/flashing.md): an ST-LINK/V2 on the SWD pads; OpenOCD programs the
# internal flash (sectors are erased as needed). SYSRESETREQ resets the whole
# chip (RCC_CSR then shows SFTRSTF).
set(A2A_BOARD_OPENOCD "source [find interface/stlink.cfg]
transport select hla_swd
source [find ${A2A_STM32_OPENOCD_TARGET}]
reset_config none separate
")
