/* PL022 SPI controller and the MPS2 chain lines (pl022.h). */
#include "pl022.h"

void a2a_pl022_init(a2a_pl022_regs* spi, uint32_t cpsr, uint32_t scr, bool loopback) {
  spi->CR1 = 0; /* disabled while it is set up */
  spi->CPSR = cpsr & 0xFEu;
  spi->CR0 = ((scr & 0xFFu) << 8) | A2A_PL022_CR0_DSS_8BIT;
  spi->CR1 = (loopback ? A2A_PL022_CR1_LBM : 0u) | A2A_PL022_CR1_SSE;
}

/* CMSDK AHB GPIO0: DATAOUT at 0x004, OUTENSET at 0x010. */
#define A2A_MPS2_GPIO0 0x40010000u
#define A2A_MPS2_LATCH_LINE 15u

static volatile uint32_t* gpio0(uint32_t offset) { return (volatile uint32_t*)(A2A_MPS2_GPIO0 + offset); }

void a2a_mps2_chain_select(int chain) {
  *gpio0(0x010) = 0xFFFFu; /* lines 0..15 outputs */
  const uint32_t high = 0x7FFFu & ~(chain >= 0 && chain < 15 ? (1u << chain) : 0u);
  *gpio0(0x004) = high; /* the selected chain's line low, the latch low */
}

void a2a_mps2_chain_latch_pulse(void) {
  const uint32_t idle = *gpio0(0x004) & ~(1u << A2A_MPS2_LATCH_LINE);
  *gpio0(0x004) = idle | (1u << A2A_MPS2_LATCH_LINE);
  *gpio0(0x004) = idle;
}
