/* The MPS2 FPGA images' CMSDK peripherals (AN385, AN386, AN500; QEMU's
 * hw/arm/mps2.c), shared by mps2_board.c and the slot timer's handler. */
#pragma once

#include "cmsdk.h"

#define MPS2_UART0 ((a2a_cmsdk_uart_regs*)0x40004000u)
#define MPS2_UART0_RX_IRQ 0u /* QEMU hw/arm/mps2.c and the AN385/386/500 manuals: UART0 RX */
#define MPS2_UART0_TX_IRQ 1u /* ... and UART0 TX */
#define MPS2_TIMER0 ((a2a_cmsdk_timer_regs*)0x40000000u)
#define MPS2_TIMER1 ((a2a_cmsdk_timer_regs*)0x40001000u)
#define MPS2_TIMER1_IRQ 9u
#define MPS2_WATCHDOG ((a2a_cmsdk_watchdog_regs*)0x40008000u)
