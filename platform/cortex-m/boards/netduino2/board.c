/* Board netduino2: Netduino 2 (STM32F205RF, Cortex-M3), QEMU's "netduino2"
 * machine. The STM32F2 has the STM32F4's USART1, TIM2, IWDG and RCC: the board
 * code is netduinoplus2's (drivers/stm32f4/stm32f4_board.c); this file names
 * the image and gives the QEMU machine's core clock. */
#include "stm32f4.h"

#include "a2a/board/board.h"

const char* a2a_board_name(void) { return "netduino2"; }

/* QEMU runs this machine's core (SysTick) at 120 MHz whatever the RCC says
   (hw/arm/netduino2.c); the chip boots at 16 (A2A_BOARD_CPU_HZ). */
const uint32_t a2a_stm32f4_qemu_cpu_hz = 120000000u;
