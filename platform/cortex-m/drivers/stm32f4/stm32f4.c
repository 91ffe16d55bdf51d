/* STM32F4 USART, TIM2, IWDG and reset-flag drivers (see stm32f4.h). The clock
 * tree is left at its reset state (HSI 16 MHz for the core, AHB and both APB
 * buses), so nothing waits on an RCC ready bit: QEMU does not model the RCC
 * and such a wait would never end there. The peripheral clock enables are
 * still written: the real chip needs them (QEMU ignores them). */
#include "stm32f4.h"

#include <stddef.h>

#include "a2a/board/board.h"
#include "board_common.h"

/* The register blocks must sit at RM0090's offsets. */
_Static_assert(offsetof(a2a_stm32f4_rcc_regs, AHB1ENR) == 0x30, "RCC AHB1ENR");
_Static_assert(offsetof(a2a_stm32f4_rcc_regs, APB1ENR) == 0x40, "RCC APB1ENR");
_Static_assert(offsetof(a2a_stm32f4_rcc_regs, APB2ENR) == 0x44, "RCC APB2ENR");
_Static_assert(offsetof(a2a_stm32f4_rcc_regs, CSR) == 0x74, "RCC CSR");
_Static_assert(offsetof(a2a_stm32f4_gpio_regs, AFR) == 0x20, "GPIO AFR");
_Static_assert(offsetof(a2a_stm32f4_usart_regs, CR1) == 0x0C, "USART CR1");
_Static_assert(offsetof(a2a_stm32f4_tim_regs, CNT) == 0x24, "TIM CNT");
_Static_assert(offsetof(a2a_stm32f4_tim_regs, ARR) == 0x2C, "TIM ARR");
_Static_assert(offsetof(a2a_stm32f4_iwdg_regs, SR) == 0x0C, "IWDG SR");

/* Bounds every wait on a status bit (an unmodelled or stuck peripheral must
 * not hang the image); far above one character time at 115200 baud. */
#define A2A_STM32F4_POLL_LIMIT 100000u

void a2a_stm32f4_usart1_init(uint32_t pclk_hz, uint32_t baud) {
  a2a_stm32f4_rcc_regs* const rcc = A2A_STM32F4_RCC;
  rcc->AHB1ENR |= A2A_STM32F4_RCC_AHB1ENR_GPIOAEN;
  rcc->APB2ENR |= A2A_STM32F4_RCC_APB2ENR_USART1EN;
  (void)rcc->APB2ENR; /* read back: the enable must land before the first access (RM0090 errata) */

  /* PA9 (TX) and PA10 (RX): alternate function 7 (USART1), RX pulled up so
     an unconnected line reads idle. */
  a2a_stm32f4_gpio_regs* const gpioa = A2A_STM32F4_GPIOA;
  gpioa->AFR[1] = (gpioa->AFR[1] & ~(0xFFu << 4)) | (7u << 4) | (7u << 8);
  gpioa->PUPDR = (gpioa->PUPDR & ~(3u << 20)) | (1u << 20);
  gpioa->MODER = (gpioa->MODER & ~(0xFu << 18)) | (2u << 18) | (2u << 20);

  /* Oversampling by 16: BRR = fCK / baud in 1/16ths, rounded (16 MHz /
     115200 = 138.9 -> 139 = 0x8B: 115108 baud, 0.08 % off). */
  a2a_stm32f4_usart_regs* const usart = A2A_STM32F4_USART1;
  usart->CR1 = 0;
  usart->BRR = (pclk_hz + baud / 2u) / baud;
  usart->CR2 = 0; /* 1 stop bit */
  usart->CR3 = 0;
  usart->CR1 = A2A_STM32F4_USART_CR1_UE | A2A_STM32F4_USART_CR1_TE | A2A_STM32F4_USART_CR1_RE |
               A2A_STM32F4_USART_CR1_RXNEIE; /* 8N1, a receive interrupt per byte */
}

void a2a_stm32f4_usart_transmit(a2a_stm32f4_usart_regs* usart) {
  while ((usart->SR & A2A_STM32F4_USART_SR_TXE) != 0u) {
    const int byte = a2a_board_tx_pop();
    if (byte < 0) {
      usart->CR1 &= ~A2A_STM32F4_USART_CR1_TXEIE; /* nothing left: TXE would interrupt for ever */
      return;
    }
    usart->DR = (uint32_t)byte;
  }
  usart->CR1 |= A2A_STM32F4_USART_CR1_TXEIE; /* the rest when the data register is free again */
}

void a2a_stm32f4_usart_receive(a2a_stm32f4_usart_regs* usart) {
  for (uint32_t sr = usart->SR; (sr & (A2A_STM32F4_USART_SR_RXNE | A2A_STM32F4_USART_SR_ORE)) != 0u; sr = usart->SR) {
    if ((sr & A2A_STM32F4_USART_SR_ORE) != 0u) a2a_board_rx_lost();
    const uint8_t byte = (uint8_t)(usart->DR & 0xFFu); /* clears RXNE, and ORE after the SR read */
    if ((sr & A2A_STM32F4_USART_SR_RXNE) != 0u) a2a_board_rx_push(byte);
  }
}

void a2a_stm32f4_tim2_start(uint32_t prescaler) {
  A2A_STM32F4_RCC->APB1ENR |= A2A_STM32F4_RCC_APB1ENR_TIM2EN;
  (void)A2A_STM32F4_RCC->APB1ENR;
  a2a_stm32f4_tim_regs* const tim = A2A_STM32F4_TIM2;
  tim->CR1 = 0;
  tim->PSC = prescaler;
  tim->ARR = 0xFFFFFFFFu;
  tim->CNT = 0;
  tim->EGR = A2A_STM32F4_TIM_EGR_UG; /* PSC is buffered: load it now, not at the first wrap */
  tim->CR1 = A2A_STM32F4_TIM_CR1_CEN;
}

void a2a_stm32f4_tim3_start_periodic(uint32_t prescaler, uint32_t reload) {
  A2A_STM32F4_RCC->APB1ENR |= A2A_STM32F4_RCC_APB1ENR_TIM3EN;
  (void)A2A_STM32F4_RCC->APB1ENR;
  a2a_stm32f4_tim_regs* const tim = A2A_STM32F4_TIM3;
  tim->CR1 = 0;
  tim->DIER = 0;
  tim->PSC = prescaler;
  tim->ARR = reload;
  tim->CNT = 0;
  tim->EGR = A2A_STM32F4_TIM_EGR_UG; /* loads PSC; the update it makes sets UIF: cleared next */
  tim->SR = 0;
  tim->DIER = A2A_STM32F4_TIM_DIER_UIE;
  tim->CR1 = A2A_STM32F4_TIM_CR1_CEN;
}

void a2a_stm32f4_tim3_stop(void) {
  a2a_stm32f4_tim_regs* const tim = A2A_STM32F4_TIM3;
  tim->CR1 = 0;
  tim->DIER = 0;
  tim->SR = 0;
}

void a2a_stm32f4_iwdg_start(uint32_t timeout_ms) {
  /* The smallest prescaler whose 12-bit reload holds the timeout; LSI is
     32 kHz nominal (17..47 kHz over the part's range: the timeout is rough). */
  uint32_t pr = 0;
  uint64_t reload = (uint64_t)timeout_ms * A2A_STM32F4_LSI_HZ / (4u * 1000u);
  while (reload > 0xFFFu && pr < 6u) {
    ++pr;
    reload >>= 1;
  }
  if (reload > 0xFFFu) reload = 0xFFFu; /* 32.8 s at most */
  if (reload == 0) reload = 1;
  a2a_stm32f4_iwdg_regs* const iwdg = A2A_STM32F4_IWDG;
  iwdg->KR = A2A_STM32F4_IWDG_KEY_START; /* starts LSI and the counter (reload 0xFFF) */
  iwdg->KR = A2A_STM32F4_IWDG_KEY_UNLOCK;
  iwdg->PR = pr;
  iwdg->RLR = (uint32_t)reload;
  for (uint32_t n = 0; (iwdg->SR & 3u) != 0u && n < A2A_STM32F4_POLL_LIMIT; ++n) {
  }
  iwdg->KR = A2A_STM32F4_IWDG_KEY_RELOAD; /* also locks PR/RLR again */
}

void a2a_stm32f4_iwdg_feed(void) { A2A_STM32F4_IWDG->KR = A2A_STM32F4_IWDG_KEY_RELOAD; }

int a2a_stm32f4_take_reset_flags(void) {
  a2a_stm32f4_rcc_regs* const rcc = A2A_STM32F4_RCC;
  const uint32_t csr = rcc->CSR;
  rcc->CSR = csr | A2A_STM32F4_RCC_CSR_RMVF; /* clear: the next boot sees only its own cause */
  /* A power-on also sets PINRSTF (the pin follows the internal reset): POR first. */
  if ((csr & (A2A_STM32F4_RCC_CSR_PORRSTF | A2A_STM32F4_RCC_CSR_BORRSTF)) != 0u) return A2A_RESET_POWER_ON;
  if ((csr & (A2A_STM32F4_RCC_CSR_IWDGRSTF | A2A_STM32F4_RCC_CSR_WWDGRSTF)) != 0u) return A2A_RESET_WATCHDOG;
  if ((csr & A2A_STM32F4_RCC_CSR_SFTRSTF) != 0u) return A2A_RESET_SOFTWARE;
  if ((csr & A2A_STM32F4_RCC_CSR_PINRSTF) != 0u) return A2A_RESET_PIN;
  return -1; /* no flag (e.g. QEMU, which reads the RCC as zeros) */
}
