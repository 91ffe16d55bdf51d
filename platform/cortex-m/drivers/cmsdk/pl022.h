/* ARM PrimeCell PL022 synchronous serial port (DDI 0194) as an SPI controller for
 * switch elements on shift-register chains (fabric=spi-chain, docs/switch-backends.md),
 * and the MPS2 lines that select a chain and strobe its latch. The MPS2 FPGA images
 * have five PL022s; QEMU 7.2 models them, with loopback mode (CR1.LBM) but no line
 * speed. CMSIS-style register block; nothing here waits. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  volatile uint32_t CR0;  /* 0x000 RW  [15:8] SCR, [7] SPH, [6] SPO, [5:4] FRF (0 Motorola), [3:0] DSS (7: 8 bits) */
  volatile uint32_t CR1;  /* 0x004 RW  [0] LBM loopback, [1] SSE enable, [2] MS (0 master), [3] SOD */
  volatile uint32_t DR;   /* 0x008 RW  transmit FIFO (write) / receive FIFO (read) */
  volatile uint32_t SR;   /* 0x00C RO  [0] TFE, [1] TNF, [2] RNE, [3] RFF, [4] BSY */
  volatile uint32_t CPSR; /* 0x010 RW  [7:0] clock prescale divisor, even, 2..254 */
  volatile uint32_t IMSC; /* 0x014 RW  interrupt mask: [0] RORIM, [1] RTIM, [2] RXIM, [3] TXIM (1: enabled) */
  volatile uint32_t RIS;  /* 0x018 RO  raw interrupt status, the same bits */
  volatile uint32_t MIS;  /* 0x01C RO  masked interrupt status */
  volatile uint32_t ICR;  /* 0x020 WO  [0] RORIC, [1] RTIC: clears the overrun and receive-timeout interrupts */
} a2a_pl022_regs;

#define A2A_PL022_CR0_DSS_8BIT 0x7u
#define A2A_PL022_CR1_LBM (1u << 0)
#define A2A_PL022_CR1_SSE (1u << 1)
#define A2A_PL022_SR_TNF (1u << 1)
#define A2A_PL022_SR_RNE (1u << 2)
#define A2A_PL022_SR_BSY (1u << 4)
#define A2A_PL022_INT_ROR (1u << 0) /* receive overrun */
#define A2A_PL022_INT_RT (1u << 1)  /* receive timeout: frames left in the receive FIFO, the line idle */
#define A2A_PL022_INT_RX (1u << 2)  /* receive FIFO half full or more */
#define A2A_PL022_INT_TX (1u << 3)  /* transmit FIFO half empty or less */

/* Master, Motorola SPI mode 0, 8-bit frames, bit rate PCLK / (cpsr x (1 + scr));
 * loopback: the transmit line is wired to the receive one inside the controller. */
void a2a_pl022_init(a2a_pl022_regs* spi, uint32_t cpsr, uint32_t scr, bool loopback);

/* Transfers are moved by the status flags a FIFO's worth at a time, without waiting,
 * from the PL022's interrupt where the board wires it (A2A_BOARD_SPI_CHAIN_IRQ: the MPS2
 * boards' SPI0 and SPI1 share interrupt 11, in QEMU 7.2 too), else once a step
 * (Pl022Chains in platform/cortex-m/controller/switch_chain.hpp). */

/* The MPS2 chain lines (CMSDK AHB GPIO0 at 0x40010000): chain c's chip select is
 * line c, active low; the latch strobe is line 15, a high pulse. (QEMU does not model
 * this GPIO: the writes are dropped there, and the emulated far end takes the frames
 * and the strobe from the controller's transport instead.) */
void a2a_mps2_chain_select(int chain); /* -1: none selected */
void a2a_mps2_chain_latch_pulse(void);

#ifdef __cplusplus
}
#endif
