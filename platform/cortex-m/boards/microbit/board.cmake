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
# The slot timer's interrupt handler (look-ahead mode): TIMER1, interrupt 9.
set(A2A_BOARD_SLOT_TIMER_SOURCES "${CMAKE_CURRENT_LIST_DIR}/../../drivers/nrf51/nrf51_slot_irq.cpp")
# QEMU keeps TIMER1's period (no faster than every 10 us): firmware_lookahead runs.
set(A2A_BOARD_SLOT_TIMER_IN_QEMU ON)
# HFCLK from the internal 16 MHz RC oscillator (QEMU: 16 MHz too).
set(A2A_BOARD_CPU_HZ 16000000)
# QEMU's -icount shift for tests whose outcome depends on time: 2^6 ns an instruction,
# a 15.6 MHz core, the nearest to the chip's 16 MHz.
set(A2A_BOARD_QEMU_ICOUNT_SHIFT 6)
set(A2A_BOARD_BAUD 115200)
# 16 KiB of RAM: the controller's fabric model (N x N pair bits) fits N = 32,
# the portable test sweeps N = 64.
set(A2A_BOARD_FW_MAX_PORTS 32)
# One fault-plan storage, for the single-fault designs only (SingleFaultPlanStorage<32>,
# 3.4 KiB; planning a fault set takes more RAM and stack than the 16 KiB leave): one
# plan around one internal fault, configured or found, in paper 004's rounds; several
# faults, dead links and degraded mode are refused (fault_plan_storage_too_small); a
# second switch found faulty is reported.
set(A2A_BOARD_FW_PLAN_SLOTS 1)
set(A2A_BOARD_FW_PLAN_FAULTS 0)
# Planning and diagnosis in slices (sliced_call.hpp) on a stack of 3680 bytes: the
# single-fault planner's chain (3360; the image leaves the general planner out, as its
# storage holds single-fault plans only), the switch, one interrupt's frame (handlers
# run on MSP): 3552 (stack-report.py checks it at every build).
set(A2A_BOARD_FW_SLICE_STACK 3680)
set(A2A_BOARD_TEST_MAX_PORTS 64)
# The WDT and POWER.RESETREAS exist on the chip, not in QEMU 7.2.
set(A2A_BOARD_WATCHDOG_IN_QEMU OFF)
set(A2A_BOARD_EMULATED_FABRIC ON)
# Memory map, the linker script's regions (platform/cortex-m/ld/board.ld.in), as
# QEMU's "microbit" machine models the chip: 256 KiB of flash at 0x0 (1 KiB
# pages) and 16 KiB of RAM at 0x20000000.
set(A2A_BOARD_FLASH_ORIGIN 0x00000000)
set(A2A_BOARD_FLASH_LENGTH 254K)
# The configuration store: the last two 1 KiB flash pages, one copy each (the NVMC
# erases a page without the code; docs/flashing.md).
set(A2A_BOARD_CONFIG_ADDRESS 0x0003F800)
set(A2A_BOARD_CONFIG_LENGTH 2K)
set(A2A_BOARD_CONFIG_FLASH nrf51)
set(A2A_BOARD_RAM_ORIGIN 0x20000000)
set(A2A_BOARD_RAM_LENGTH 16K)
# The emulated fabric's register block: the top 784 bytes of the RAM (FabricLayout<32, 16>
# takes 772).
set(A2A_BOARD_FABRIC_LENGTH 784)
# The console's transmit ring: 256 bytes (the other boards: 2048). Replies longer than
# it wait for the UART to send (bounded: a host that stops reading loses the rest of
# that reply, counted; docs/protocol.md, "A slow host").
set(A2A_BOARD_TX_RING 256)
# The least RAM the linker leaves the stack (MSP): the controller image needs about 2340
# bytes beside its slice stack (main, the interrupts, the allowance: stack-report.py
# checks it at every build).
set(A2A_BOARD_STACK_SIZE 2432)
# Flashing (docs/flashing.md): the board's interface chip (KL26, DAPLink
# firmware) is a CMSIS-DAP probe on USB; OpenOCD programs the nRF51's flash.
# (DAPLink also mounts a MICROBIT drive: copying the image's .hex there flashes it.)
set(A2A_BOARD_OPENOCD [=[
source [find interface/cmsis-dap.cfg]
transport select swd
source [find target/nrf51.cfg]
]=])
