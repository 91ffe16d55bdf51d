/* nRF51 series peripherals used by the micro:bit board (nRF51 Series Reference
 * Manual v3.0): UART0, TIMER0 and TIMER1, WDT and POWER.RESETREAS. Tasks are triggered by
 * writing 1, events read 1 when they happened and are cleared by writing 0.
 * Register blocks in CMSIS style: offsets and access per field. */
#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* --- UART0 at 0x40002000 ----------------------------------------------------- */
typedef struct {
  volatile uint32_t TASKS_STARTRX; /* 0x000 WO */
  volatile uint32_t TASKS_STOPRX;  /* 0x004 WO */
  volatile uint32_t TASKS_STARTTX; /* 0x008 WO */
  volatile uint32_t TASKS_STOPTX;  /* 0x00C WO */
  uint32_t reserved0[62];          /* 0x010..0x104 */
  volatile uint32_t EVENTS_RXDRDY; /* 0x108 RW  a byte is in RXD */
  uint32_t reserved1[4];           /* 0x10C..0x118 */
  volatile uint32_t EVENTS_TXDRDY; /* 0x11C RW  TXD has been sent */
  uint32_t reserved2a[121];        /* 0x120..0x300 */
  volatile uint32_t INTENSET;      /* 0x304 RW  [2] RXDRDY */
  volatile uint32_t INTENCLR;      /* 0x308 RW */
  uint32_t reserved2b[125];        /* 0x30C..0x4FC */
  volatile uint32_t ENABLE;        /* 0x500 RW  4: enabled */
  uint32_t reserved3;              /* 0x504 */
  volatile uint32_t PSELRTS;       /* 0x508 RW */
  volatile uint32_t PSELTXD;       /* 0x50C RW  pin number */
  volatile uint32_t PSELCTS;       /* 0x510 RW */
  volatile uint32_t PSELRXD;       /* 0x514 RW  pin number */
  volatile uint32_t RXD;           /* 0x518 RO */
  volatile uint32_t TXD;           /* 0x51C WO */
  uint32_t reserved4;              /* 0x520 */
  volatile uint32_t BAUDRATE;      /* 0x524 RW  0x01D7E000: 115200 */
  uint32_t reserved5[17];          /* 0x528..0x568 */
  volatile uint32_t CONFIG;        /* 0x56C RW  [0] HWFC, [3:1] parity: 0 = 8N1 */
} a2a_nrf51_uart_regs;

#define A2A_NRF51_UART0 ((a2a_nrf51_uart_regs*)0x40002000u)
#define A2A_NRF51_UART_ENABLE 4u
#define A2A_NRF51_UART_INT_RXDRDY (1u << 2)
#define A2A_NRF51_UART_INT_TXDRDY (1u << 7)
#define A2A_NRF51_UART0_IRQ 2u /* peripheral ID 2: UART0 */
#define A2A_NRF51_UART_BAUD_115200 0x01D7E000u
#define A2A_NRF51_PSEL_DISCONNECTED 0xFFFFFFFFu

/* --- TIMER0 at 0x40008000 (32 bits), TIMER1 at 0x40009000 (16 bits, interrupt 9) --- */
typedef struct {
  volatile uint32_t TASKS_START;       /* 0x000 WO */
  volatile uint32_t TASKS_STOP;        /* 0x004 WO */
  volatile uint32_t TASKS_COUNT;       /* 0x008 WO */
  volatile uint32_t TASKS_CLEAR;       /* 0x00C WO */
  volatile uint32_t TASKS_SHUTDOWN;    /* 0x010 WO */
  uint32_t reserved0[11];              /* 0x014..0x03C */
  volatile uint32_t TASKS_CAPTURE[4];  /* 0x040 WO  copy the counter into CC[n] */
  uint32_t reserved1[60];              /* 0x050..0x13C */
  volatile uint32_t EVENTS_COMPARE[4]; /* 0x140 RW  the counter reached CC[n] (write 0 clears) */
  uint32_t reserved2[44];              /* 0x150..0x1FC */
  volatile uint32_t SHORTS;            /* 0x200 RW  [n] COMPARE[n] -> CLEAR */
  uint32_t reserved3[64];              /* 0x204..0x300 */
  volatile uint32_t INTENSET;          /* 0x304 RW  [16 + n] interrupt on COMPARE[n] */
  volatile uint32_t INTENCLR;          /* 0x308 RW */
  uint32_t reserved4[126];             /* 0x30C..0x500 */
  volatile uint32_t MODE;              /* 0x504 RW  0: timer */
  volatile uint32_t BITMODE;           /* 0x508 RW  0: 16 bits, 3: 32 bits */
  uint32_t reserved5;                  /* 0x50C */
  volatile uint32_t PRESCALER;         /* 0x510 RW  f = 16 MHz / 2^PRESCALER */
  uint32_t reserved6[11];              /* 0x514..0x53C */
  volatile uint32_t CC[4];             /* 0x540 RW  capture/compare */
} a2a_nrf51_timer_regs;

#define A2A_NRF51_TIMER0 ((a2a_nrf51_timer_regs*)0x40008000u)
#define A2A_NRF51_TIMER1 ((a2a_nrf51_timer_regs*)0x40009000u)
#define A2A_NRF51_TIMER1_IRQ 9u
#define A2A_NRF51_TIMER_SHORTS_COMPARE0_CLEAR (1u << 0)
#define A2A_NRF51_TIMER_INT_COMPARE0 (1u << 16)

/* --- WDT at 0x40010000 (LFCLK 32768 Hz) -------------------------------------- */
typedef struct {
  volatile uint32_t TASKS_START;    /* 0x000 WO */
  uint32_t reserved0[63];           /* 0x004..0x0FC */
  volatile uint32_t EVENTS_TIMEOUT; /* 0x100 RW */
  uint32_t reserved1[191];          /* 0x104..0x3FC */
  volatile uint32_t RUNSTATUS;      /* 0x400 RO  [0] running */
  volatile uint32_t REQSTATUS;      /* 0x404 RO */
  uint32_t reserved2[63];           /* 0x408..0x500 */
  volatile uint32_t CRV;            /* 0x504 RW  timeout = (CRV + 1) / 32768 s */
  volatile uint32_t RREN;           /* 0x508 RW  [n] reload request register n enabled */
  volatile uint32_t CONFIG;         /* 0x50C RW  [0] run while sleeping, [3] run while halted by the debugger */
  uint32_t reserved3[60];           /* 0x510..0x5FC */
  volatile uint32_t RR[8];          /* 0x600 WO  write 0x6E524635 to reload */
} a2a_nrf51_wdt_regs;

#define A2A_NRF51_WDT ((a2a_nrf51_wdt_regs*)0x40010000u)
#define A2A_NRF51_WDT_RELOAD 0x6E524635u

/* --- POWER.RESETREAS at 0x40000400 --------------------------------------------- */
#define A2A_NRF51_POWER_RESETREAS ((volatile uint32_t*)0x40000400u)
#define A2A_NRF51_POWER_RAMON ((volatile uint32_t*)0x40000524u) /* reset value 0x3: both RAM blocks on */
#define A2A_NRF51_RESETREAS_RESETPIN (1u << 0)
#define A2A_NRF51_RESETREAS_DOG (1u << 1)
#define A2A_NRF51_RESETREAS_SREQ (1u << 2)
#define A2A_NRF51_RESETREAS_LOCKUP (1u << 3)

void a2a_nrf51_uart_init(uint32_t tx_pin, uint32_t rx_pin);
/* The transmit work of UART0's interrupt (and of the thread, interrupts masked): the
   next byte of the board's transmit ring once TXDRDY says the last one left TXD. */
void a2a_nrf51_uart_transmit(void);
/* The receive interrupt's work: every byte waiting into the board's ring. */
void a2a_nrf51_uart_receive(void);
void a2a_nrf51_timer0_start(void); /* 1 MHz, 32 bits */
uint32_t a2a_nrf51_timer0_ticks(void);
/* TIMER1: COMPARE[0] every `ticks` (1..65535) of 16 MHz / 2^prescaler, which
   clears the counter and interrupts; the handler clears EVENTS_COMPARE[0]. */
void a2a_nrf51_timer1_start_periodic(uint32_t prescaler, uint32_t ticks);
void a2a_nrf51_timer1_stop(void);
void a2a_nrf51_wdt_start(uint32_t timeout_ms);
void a2a_nrf51_wdt_feed(void);
int a2a_nrf51_take_reset_reason(void); /* an a2a_reset_cause, or -1; then cleared */

#ifdef __cplusplus
}
#endif
