/* The far end of a board's SPI chains under QEMU (chain_far_end.hpp), served by the
 * emulated fabric's object (cortex_m_service.cpp) on an image that sets its switches on
 * a chain (fabric=spi-chain): the board's chain transport hands it the bytes QEMU's
 * PL022 looped back and the latch strobe; tests arm a read-back fault here. */
#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The n bytes that reached chain `chain` go in; what it held comes out in `out`. 0, or
 * 1 when the chain did not take them (an armed timeout): the transport's bus timeout. */
int a2a_emulated_chain_shift(uint32_t chain, const uint8_t* in, uint8_t* out, uint32_t n);
/* The latch strobe: the chains' contents become the block's switch states. 0, or the
 * a2a::Errc of a block whose network the chains cannot set. */
uint32_t a2a_emulated_chain_latch(void);
/* Element `element` of chain `chain` comes back flipped in that chain's shifts of one
 * round (stall 0), or the chain does not take a transfer once (stall 1), from the first
 * round at least `after` latches from now in which it is shifted; clear disarms it. */
void a2a_emulated_chain_inject(uint32_t chain, uint32_t element, uint32_t after, int stall);
void a2a_emulated_chain_clear(void);
/* 1 while a fault is armed and has not fired yet, else 0. */
int a2a_emulated_chain_pending(void);

#ifdef __cplusplus
}
#endif
