/* The product's board support for QEMU's mps2-an385: the CMSDK UART0 console,
   TIMER1 (interrupt 9), WFI, and the exit through semihosting (QEMU's power
   switch; a real board would reset or sleep). Its own code: a2a provides none. */
#include "board.h"

#include <stdint.h>

#include "endpoints.h"

#define REG(addr) (*(volatile uint32_t*)(addr))
#define UART0_DATA REG(0x40004000u)
#define UART0_STATE REG(0x40004004u)
#define UART0_CTRL REG(0x40004008u)
#define UART0_BAUDDIV REG(0x40004010u)
#define TIMER1_CTRL REG(0x40001000u)
#define TIMER1_RELOAD REG(0x40001008u)
#define TIMER1_INTSTATUS REG(0x4000100Cu)
#define SYST_CSR REG(0xE000E010u)
#define SYST_RVR REG(0xE000E014u)
#define SYST_CVR REG(0xE000E018u)
#define NVIC_ISER0 REG(0xE000E100u)

void board_init(void) {
  UART0_BAUDDIV = 25000000u / 115200u;
  UART0_CTRL = 3u; /* TX and RX enable */
  /* SysTick serves the switch hardware's stand-in (endpoints.cpp) every 50 us. */
  SYST_RVR = 1250u - 1u;
  SYST_CVR = 0u;
  SYST_CSR = 7u; /* processor clock, interrupt, enable */
}

void board_put_char(char c) {
  while ((UART0_STATE & 1u) != 0u) {
  } /* TX buffer full */
  UART0_DATA = (uint8_t)c;
}

void board_print(const char* text) {
  for (; *text != '\0'; ++text) board_put_char(*text);
}

static uint32_t rx_overruns;

int board_read_byte(void) {
  const uint32_t state = UART0_STATE;
  if ((state & 8u) != 0u) { /* RX overrun: a byte was lost; write 1 to clear */
    UART0_STATE = 8u;
    ++rx_overruns;
  }
  if ((state & 2u) == 0u) return -1; /* RX buffer empty */
  return (int)(UART0_DATA & 0xFFu);
}

uint32_t board_rx_overruns(void) { return rx_overruns; }

void board_print_u32(uint32_t value) {
  char digits[11];
  int n = 10;
  digits[n] = '\0';
  do {
    digits[--n] = (char)('0' + value % 10u);
    value /= 10u;
  } while (value != 0u);
  board_print(&digits[n]);
}

static volatile uint32_t timer1_ticks;
static uint32_t timer1_period_us;

void board_timer1_start(uint32_t ticks) {
  timer1_period_us = ticks / 25u;
  TIMER1_CTRL = 0u;
  TIMER1_RELOAD = ticks - 1u;
  TIMER1_INTSTATUS = 1u;
  TIMER1_CTRL = (1u << 3) | 1u; /* interrupt enable, enable */
  NVIC_ISER0 = 1u << 9;
}

void board_timer1_clear(void) {
  TIMER1_INTSTATUS = 1u;
  timer1_ticks = timer1_ticks + 1u;
}

uint64_t board_micros(void) { return (uint64_t)timer1_ticks * timer1_period_us; }

void board_wait_for_interrupt(void) { __asm__ volatile("wfi" ::: "memory"); }

void SysTick_Handler(void) { endpoints_serve(); }

static uint32_t semihost(uint32_t operation, const void* argument) {
  register uint32_t r0 __asm__("r0") = operation;
  register const void* r1 __asm__("r1") = argument;
  __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

void board_exit(int code) {
  const uint32_t block[2] = {0x20026u, (uint32_t)code}; /* ADP_Stopped_ApplicationExit, status */
  (void)semihost(0x20u, block);                         /* SYS_EXIT_EXTENDED */
  for (;;) board_wait_for_interrupt();
}
