/* The product's own start-up code: its vector table, its reset handler, its
   interrupt handlers. a2a owns none of them (docs/porting.md). */
#include <stdint.h>

#include "board.h"

extern uint32_t __stack_top, __data_load[], __data_start[], __data_end[], __bss_start[], __bss_end[];
typedef void (*handler)(void);
extern handler __init_array_start[], __init_array_end[];
int main(void);

void Reset_Handler(void);
static void fault(void) { board_exit(99); }
void SysTick_Handler(void); /* board.c: the QEMU stand-in of the switch hardware */
void IRQ9_Handler(void);    /* main.cpp: TIMER1, one step of the exchange */

__attribute__((used, section(".vectors"))) const handler vectors[16 + 10] = {(handler)&__stack_top,
                                                                             Reset_Handler,
                                                                             fault,
                                                                             fault,
                                                                             fault,
                                                                             fault,
                                                                             fault,
                                                                             0,
                                                                             0,
                                                                             0,
                                                                             0,
                                                                             fault,
                                                                             fault,
                                                                             0,
                                                                             fault,
                                                                             SysTick_Handler,
                                                                             fault,
                                                                             fault,
                                                                             fault,
                                                                             fault,
                                                                             fault,
                                                                             fault,
                                                                             fault,
                                                                             fault,
                                                                             fault,
                                                                             IRQ9_Handler};

void Reset_Handler(void) {
  for (uint32_t *src = __data_load, *dst = __data_start; dst < __data_end;) *dst++ = *src++;
  for (uint32_t* dst = __bss_start; dst < __bss_end;) *dst++ = 0;
  for (handler* init = __init_array_start; init < __init_array_end; ++init) (*init)();
  board_exit(main());
}
