/* ARM CMSDK APB peripherals (Cortex-M System Design Kit, DDI 0479), as found
 * on the MPS2 FPGA images AN385/AN386/AN500 and modelled by QEMU
 * (hw/char/cmsdk-apb-uart.c, hw/timer/cmsdk-apb-timer.c,
 * hw/watchdog/cmsdk-apb-watchdog.c). Register blocks in CMSIS style: one
 * struct per peripheral, offsets and access per field (RW, RO, WO). */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* --- APB UART ------------------------------------------------------------ */
typedef struct {
  volatile uint32_t DATA;      /* 0x000 RW  [7:0] received / to send */
  volatile uint32_t STATE;     /* 0x004 RW  [0] TX buffer full, [1] RX buffer full, [3:2] overruns (write 1 clears) */
  volatile uint32_t CTRL;      /* 0x008 RW  [0] TX enable, [1] RX enable, [5:2] interrupt enables */
  volatile uint32_t INTSTATUS; /* 0x00C RW  read: interrupt status; write 1: clear */
  volatile uint32_t BAUDDIV;   /* 0x010 RW  PCLK / baud, >= 16 (QEMU sends nothing below 16) */
} a2a_cmsdk_uart_regs;

#define A2A_CMSDK_UART_STATE_TX_FULL (1u << 0)
#define A2A_CMSDK_UART_STATE_RX_FULL (1u << 1)
#define A2A_CMSDK_UART_STATE_RX_OVERRUN (1u << 3)
#define A2A_CMSDK_UART_CTRL_TX_EN (1u << 0)
#define A2A_CMSDK_UART_CTRL_RX_EN (1u << 1)
#define A2A_CMSDK_UART_CTRL_TX_INT_EN (1u << 2)
#define A2A_CMSDK_UART_CTRL_RX_INT_EN (1u << 3)
#define A2A_CMSDK_UART_INT_TX (1u << 0)
#define A2A_CMSDK_UART_INT_RX (1u << 1)

void a2a_cmsdk_uart_init(a2a_cmsdk_uart_regs* uart, uint32_t pclk_hz, uint32_t baud);
/* The transmit interrupt's work (and the thread's, interrupts masked): the bytes of
   the board's transmit ring (a2a_board_tx_pop) while the UART takes them. The
   interrupt comes when TX_FULL clears, so a UART whose ring ran empty waits for the
   next write's call. Clears the interrupt. */
void a2a_cmsdk_uart_transmit(a2a_cmsdk_uart_regs* uart);
/* The receive interrupt's work: every byte waiting into the board's ring, an
   overrun counted; clears the interrupt. */
void a2a_cmsdk_uart_receive(a2a_cmsdk_uart_regs* uart);

/* --- APB timer: 32-bit down-counter at PCLK ------------------------------ */
typedef struct {
  volatile uint32_t
      CTRL; /* 0x000 RW  [0] enable, [1] external input enable, [2] external clock, [3] interrupt enable */
  volatile uint32_t VALUE;     /* 0x004 RW  current count (counts down) */
  volatile uint32_t RELOAD;    /* 0x008 RW  value loaded when VALUE reaches 0 */
  volatile uint32_t INTSTATUS; /* 0x00C RW  read: interrupt status; write 1: clear */
} a2a_cmsdk_timer_regs;

#define A2A_CMSDK_TIMER_CTRL_EN (1u << 0)
#define A2A_CMSDK_TIMER_CTRL_IRQ_EN (1u << 3)

/* Free-running from 0xFFFFFFFF, no interrupt. */
void a2a_cmsdk_timer_start(a2a_cmsdk_timer_regs* timer);
/* An interrupt every `ticks` PCLK cycles (>= 2): counts down from ticks - 1 to 0,
   interrupts and reloads. The handler clears it with INTSTATUS = 1. */
void a2a_cmsdk_timer_start_periodic(a2a_cmsdk_timer_regs* timer, uint32_t ticks);
void a2a_cmsdk_timer_stop(a2a_cmsdk_timer_regs* timer);
/* Ticks elapsed since start, modulo 2^32 (the count is inverted). */
uint32_t a2a_cmsdk_timer_ticks(const a2a_cmsdk_timer_regs* timer);

/* --- APB watchdog (SP805-like): 32-bit down-counter at WDOGCLK ----------- */
typedef struct {
  volatile uint32_t LOAD;    /* 0x000 RW  reload value; a write also restarts the count */
  volatile uint32_t VALUE;   /* 0x004 RO  current count */
  volatile uint32_t CONTROL; /* 0x008 RW  [0] INTEN (count and interrupt), [1] RESEN (reset on the 2nd expiry) */
  volatile uint32_t INTCLR;  /* 0x00C WO  any write: clear the interrupt, reload the counter */
  volatile uint32_t RIS;     /* 0x010 RO  raw interrupt status */
  volatile uint32_t MIS;     /* 0x014 RO  masked interrupt status */
  uint32_t reserved0[762];   /* 0x018..0xBFC */
  volatile uint32_t LOCK;    /* 0xC00 RW  write 0x1ACCE551: registers writable; any other value: locked */
} a2a_cmsdk_watchdog_regs;

#define A2A_CMSDK_WATCHDOG_CONTROL_INTEN (1u << 0)
#define A2A_CMSDK_WATCHDOG_CONTROL_RESEN (1u << 1)
#define A2A_CMSDK_WATCHDOG_UNLOCK 0x1ACCE551u

/* The first expiry raises the interrupt (NMI on MPS2) and reloads; the second,
 * with the interrupt still pending, resets the system. So `ticks_per_expiry`
 * is half of the unfed time to reset. */
void a2a_cmsdk_watchdog_start(a2a_cmsdk_watchdog_regs* wdog, uint32_t ticks_per_expiry);
void a2a_cmsdk_watchdog_feed(a2a_cmsdk_watchdog_regs* wdog);

#ifdef __cplusplus
}
#endif
