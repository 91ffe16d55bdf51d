# What the MPS2 FPGA boards (mps2-an385, -an386, -an500) share, included by their
# board.cmake after it has set the core (A2A_BOARD_CPU, A2A_BOARD_CPU_FLAGS,
# A2A_BOARD_QEMU_MACHINE): the CMSDK peripherals, clock, capacities, memory map
# and OpenOCD configuration are the same on all three.
# The board's C sources: its board.c and the shared CMSDK drivers (APB UART,
# timer, watchdog) with the MPS2 board code they share.
set(A2A_BOARD_SOURCES
  "${A2A_BOARD_DIR}/board.c"
  "${CMAKE_CURRENT_LIST_DIR}/cmsdk.c"
  "${CMAKE_CURRENT_LIST_DIR}/mps2_board.c"
  "${CMAKE_CURRENT_LIST_DIR}/pl022.c")
set(A2A_BOARD_INCLUDE_DIRS "${CMAKE_CURRENT_LIST_DIR}")
# The slot timer's interrupt handler (look-ahead mode): CMSDK TIMER1, interrupt 9.
set(A2A_BOARD_SLOT_TIMER_SOURCES "${CMAKE_CURRENT_LIST_DIR}/cmsdk_slot_irq.cpp")
# QEMU keeps TIMER1's period (no faster than every 10 us): firmware_lookahead runs.
set(A2A_BOARD_SLOT_TIMER_IN_QEMU ON)
# The FPGA image's system clock (and PCLK of the APB peripherals): 25 MHz on
# the board and in QEMU (hw/arm/mps2.c).
set(A2A_BOARD_CPU_HZ 25000000)
# QEMU's -icount shift for tests whose outcome depends on time: 2^5 ns an instruction,
# a 31 MHz core, the nearest to the board's 25 MHz (time deterministic, as on the board).
set(A2A_BOARD_QEMU_ICOUNT_SHIFT 5)
set(A2A_BOARD_BAUD 115200)
# Switch elements on SPI shift-register chains (fabric=spi-chain, docs/switch-backends.md):
# the first PL022 (SSP) of the FPGA image. QEMU models it with its loopback mode; the
# emulated fabric's chain model is the chains' far end there.
set(A2A_BOARD_SPI_CHAIN_BASE 0x40020000)
# Its interrupt on the NVIC (SPI0 and SPI1 combined: AN385's interrupt map, and QEMU
# 7.2's mps2 model, which raises it from the PL022's FIFO levels): the image moves the
# chains' bytes from its handler.
set(A2A_BOARD_SPI_CHAIN_IRQ 11)
# Largest N of the controller image (A2A_FW_MAX_PORTS default) and of the
# portable test sweeps (A2A_TARGET_TEST_MAX_PORTS default): 4 MiB of RAM.
set(A2A_BOARD_FW_MAX_PORTS 256)
# Fault plans: three storages for four faults each (3 x 92 KiB at N = 256): the
# configured faults' plan and two re-plans around switches found faulty.
set(A2A_BOARD_FW_PLAN_SLOTS 3)
set(A2A_BOARD_FW_PLAN_FAULTS 4)
# The slice stack planning and diagnosis run on (sliced_call.hpp), bytes: the deepest
# planning chain and the interrupts (the controller's build checks it, stack-report.py).
set(A2A_BOARD_FW_SLICE_STACK 8192)
set(A2A_BOARD_TEST_MAX_PORTS 256)
# QEMU models the CMSDK watchdog (interrupt on NMI, reset on the second expiry).
set(A2A_BOARD_WATCHDOG_IN_QEMU ON)
# No fabric hardware: the image serves the register block from RAM
# (platform/emulated) at a2a_board_fabric_base().
set(A2A_BOARD_EMULATED_FABRIC ON)
# Memory map, the linker script's regions (platform/cortex-m/ld/board.ld.in), as
# QEMU models the FPGA images: 4 MiB of code memory at 0x0 (SSRAM1, where QEMU
# and the board's SD-card loader place the image) and 4 MiB of data memory at
# 0x20000000 (SSRAM2/3).
set(A2A_BOARD_FLASH_ORIGIN 0x00000000)
set(A2A_BOARD_FLASH_LENGTH "4M - 4K")
# The configuration store: the last 4 KiB of the code memory, one copy in each 2 KiB
# half. It is RAM: a reset keeps it, a power cut does not (the MCC loads the SD card's
# block at power-on; docs/flashing.md).
set(A2A_BOARD_CONFIG_ADDRESS 0x003FF000)
set(A2A_BOARD_CONFIG_LENGTH 4K)
set(A2A_BOARD_CONFIG_FLASH ram)
set(A2A_BOARD_RAM_ORIGIN 0x20000000)
set(A2A_BOARD_RAM_LENGTH 4M)
# The emulated fabric's register block: the top 1 MiB of the data memory.
set(A2A_BOARD_FABRIC_LENGTH 1M)
set(A2A_BOARD_STACK_SIZE 64K)
# Flashing (docs/flashing.md). An MPS2 FPGA image is normally loaded from the
# board's SD card / USB mass storage (the image's .bin copied to the board's
# SOFTWARE folder and named in images.txt). This is for the debug connector
# instead: a CMSIS-DAP probe (e.g. the board's own or a ULINK in CMSIS-DAP mode)
# on the Cortex-M's SWD port, then "program <image>.elf verify reset exit", which
# writes the code memory (SSRAM, lost at power-off) through the debugger. Code
# memory is RAM: no flash bank; SYSRESETREQ resets the core only.
string(CONCAT A2A_BOARD_OPENOCD "set CHIPNAME ${A2A_BOARD_CPU}\n" [=[
source [find interface/cmsis-dap.cfg]
transport select swd
source [find target/swj-dp.tcl]
swj_newdap $CHIPNAME cpu -expected-id 0
dap create $CHIPNAME.dap -chain-position $CHIPNAME.cpu
target create $CHIPNAME.cpu cortex_m -dap $CHIPNAME.dap
$CHIPNAME.cpu configure -work-area-phys 0x20000000 -work-area-size 0x10000
cortex_m reset_config sysresetreq
adapter speed 4000
]=])
