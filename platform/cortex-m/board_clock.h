/* The board's clock and console rate, from its board.cmake (a2a::cortex_m_board
 * exports them as compile definitions). For the board code that programs clocks
 * and baud rates (boards/<board>/board.c and the drivers they share). */
#pragma once

#ifndef A2A_BOARD_CPU_HZ
#error "A2A_BOARD_CPU_HZ comes from the board's board.cmake (a2a::cortex_m_board)"
#endif
#ifndef A2A_BOARD_BAUD
#define A2A_BOARD_BAUD 115200u
#endif
