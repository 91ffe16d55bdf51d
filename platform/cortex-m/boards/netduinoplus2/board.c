/* Board netduinoplus2: Netduino Plus 2 (STM32F405RG, Cortex-M4F), QEMU's
 * "netduinoplus2" machine. The STM32 board code is shared with netduino2
 * (drivers/stm32f4/stm32f4_board.c): this file names the image and gives the
 * QEMU machine's core clock. */
#include "stm32f4.h"

#include "a2a/board/board.h"

const char* a2a_board_name(void) { return "netduinoplus2"; }

/* QEMU runs this machine's core (SysTick) at 168 MHz whatever the RCC says
   (hw/arm/netduinoplus2.c); the chip boots at 16 (A2A_BOARD_CPU_HZ). */
const uint32_t a2a_stm32f4_qemu_cpu_hz = 168000000u;
