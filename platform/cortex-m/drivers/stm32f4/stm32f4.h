/* STM32F4 peripherals used by the boards (RM0090, STM32F405/407/415/417):
 * RCC (clock enables, reset flags), GPIO (alternate functions), USART, the
 * 32-bit general-purpose timer TIM2 and the independent watchdog IWDG. The
 * STM32F2 (RM0033, STM32F205/207/215/217) has every one of them at the same
 * address, with the same fields and reset values where used here.
 * Register blocks in CMSIS style: offsets and access per field. Only the
 * registers the drivers touch are named; the rest are reserved words. */
#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* --- RCC at 0x40023800 ----------------------------------------------------- */
typedef struct {
  volatile uint32_t CR;       /* 0x00 RW  clock control (HSI on at reset) */
  volatile uint32_t PLLCFGR;  /* 0x04 RW */
  volatile uint32_t CFGR;     /* 0x08 RW  clock switch: HSI (16 MHz) at reset, APB prescalers 1 */
  volatile uint32_t CIR;      /* 0x0C RW */
  volatile uint32_t AHB1RSTR; /* 0x10 RW */
  volatile uint32_t AHB2RSTR; /* 0x14 RW */
  volatile uint32_t AHB3RSTR; /* 0x18 RW */
  uint32_t reserved0;         /* 0x1C */
  volatile uint32_t APB1RSTR; /* 0x20 RW */
  volatile uint32_t APB2RSTR; /* 0x24 RW */
  uint32_t reserved1[2];      /* 0x28..0x2C */
  volatile uint32_t AHB1ENR;  /* 0x30 RW  [0] GPIOAEN */
  volatile uint32_t AHB2ENR;  /* 0x34 RW */
  volatile uint32_t AHB3ENR;  /* 0x38 RW */
  uint32_t reserved2;         /* 0x3C */
  volatile uint32_t APB1ENR;  /* 0x40 RW  [0] TIM2EN */
  volatile uint32_t APB2ENR;  /* 0x44 RW  [4] USART1EN */
  uint32_t reserved3[11];     /* 0x48..0x70 */
  volatile uint32_t CSR; /* 0x74 RW  [0] LSION, [1] LSIRDY, [24] RMVF (write 1: clear flags), [25..31] reset flags */
} a2a_stm32f4_rcc_regs;

#define A2A_STM32F4_RCC ((a2a_stm32f4_rcc_regs*)0x40023800u)
#define A2A_STM32F4_RCC_AHB1ENR_GPIOAEN (1u << 0)
#define A2A_STM32F4_RCC_APB1ENR_TIM2EN (1u << 0)
#define A2A_STM32F4_RCC_APB1ENR_TIM3EN (1u << 1)
#define A2A_STM32F4_RCC_APB2ENR_USART1EN (1u << 4)
#define A2A_STM32F4_RCC_CSR_RMVF (1u << 24)
#define A2A_STM32F4_RCC_CSR_BORRSTF (1u << 25)
#define A2A_STM32F4_RCC_CSR_PINRSTF (1u << 26)
#define A2A_STM32F4_RCC_CSR_PORRSTF (1u << 27)
#define A2A_STM32F4_RCC_CSR_SFTRSTF (1u << 28)
#define A2A_STM32F4_RCC_CSR_IWDGRSTF (1u << 29)
#define A2A_STM32F4_RCC_CSR_WWDGRSTF (1u << 30)
#define A2A_STM32F4_RCC_CSR_LPWRRSTF (1u << 31)

/* --- GPIO port (GPIOA at 0x40020000) -------------------------------------- */
typedef struct {
  volatile uint32_t MODER;   /* 0x00 RW  2 bits per pin: 10 = alternate function */
  volatile uint32_t OTYPER;  /* 0x04 RW */
  volatile uint32_t OSPEEDR; /* 0x08 RW */
  volatile uint32_t PUPDR;   /* 0x0C RW  2 bits per pin: 01 = pull-up */
  volatile uint32_t IDR;     /* 0x10 RO */
  volatile uint32_t ODR;     /* 0x14 RW */
  volatile uint32_t BSRR;    /* 0x18 WO */
  volatile uint32_t LCKR;    /* 0x1C RW */
  volatile uint32_t AFR[2];  /* 0x20 RW  AFRL (pins 0-7), 0x24 AFRH (pins 8-15): 4 bits per pin */
} a2a_stm32f4_gpio_regs;

#define A2A_STM32F4_GPIOA ((a2a_stm32f4_gpio_regs*)0x40020000u)

/* --- USART (USART1 at 0x40011000, on APB2) --------------------------------- */
typedef struct {
  volatile uint32_t SR;   /* 0x00 RW  [5] RXNE, [6] TC, [7] TXE */
  volatile uint32_t DR;   /* 0x04 RW  [8:0] data */
  volatile uint32_t BRR;  /* 0x08 RW  [15:4] mantissa, [3:0] fraction of fCK / (16 baud) */
  volatile uint32_t CR1;  /* 0x0C RW  [2] RE, [3] TE, [13] UE */
  volatile uint32_t CR2;  /* 0x10 RW  [13:12] stop bits (00 = 1) */
  volatile uint32_t CR3;  /* 0x14 RW */
  volatile uint32_t GTPR; /* 0x18 RW */
} a2a_stm32f4_usart_regs;

#define A2A_STM32F4_USART1 ((a2a_stm32f4_usart_regs*)0x40011000u)
#define A2A_STM32F4_USART_SR_RXNE (1u << 5)
#define A2A_STM32F4_USART_SR_TXE (1u << 7)
#define A2A_STM32F4_USART_CR1_RE (1u << 2)
#define A2A_STM32F4_USART_CR1_TE (1u << 3)
#define A2A_STM32F4_USART_CR1_UE (1u << 13)
#define A2A_STM32F4_USART_CR1_RXNEIE (1u << 5)
#define A2A_STM32F4_USART_CR1_TXEIE (1u << 7)
#define A2A_STM32F4_USART_SR_ORE (1u << 3)
#define A2A_STM32F4_USART1_IRQ 37u /* RM0090 / RM0033 vector table: USART1 global interrupt */

/* --- general-purpose timers (TIM2 at 0x40000000: 32-bit counter; TIM3 at
 * 0x40000400: 16-bit, interrupt 29) --------------------------------------- */
typedef struct {
  volatile uint32_t CR1;   /* 0x00 RW  [0] CEN */
  volatile uint32_t CR2;   /* 0x04 RW */
  volatile uint32_t SMCR;  /* 0x08 RW */
  volatile uint32_t DIER;  /* 0x0C RW  [0] UIE: interrupt on update (wrap) */
  volatile uint32_t SR;    /* 0x10 RW  [0] UIF: update happened (write 0 clears) */
  volatile uint32_t EGR;   /* 0x14 WO  [0] UG: load PSC/ARR now */
  volatile uint32_t CCMR1; /* 0x18 RW */
  volatile uint32_t CCMR2; /* 0x1C RW */
  volatile uint32_t CCER;  /* 0x20 RW */
  volatile uint32_t CNT;   /* 0x24 RW  counter (32 bits on TIM2/TIM5) */
  volatile uint32_t PSC;   /* 0x28 RW  counter clock = timer clock / (PSC + 1) */
  volatile uint32_t ARR;   /* 0x2C RW  auto-reload (wrap) value */
} a2a_stm32f4_tim_regs;

#define A2A_STM32F4_TIM2 ((a2a_stm32f4_tim_regs*)0x40000000u)
#define A2A_STM32F4_TIM3 ((a2a_stm32f4_tim_regs*)0x40000400u)
#define A2A_STM32F4_TIM3_IRQ 29u
#define A2A_STM32F4_TIM_CR1_CEN (1u << 0)
#define A2A_STM32F4_TIM_EGR_UG (1u << 0)
#define A2A_STM32F4_TIM_DIER_UIE (1u << 0)

/* --- independent watchdog (IWDG at 0x40003000, LSI ~32 kHz) ---------------- */
typedef struct {
  volatile uint32_t KR;  /* 0x00 WO  0x5555: unlock PR/RLR, 0xAAAA: reload, 0xCCCC: start */
  volatile uint32_t PR;  /* 0x04 RW  prescaler: LSI / (4 << PR), PR = 0..6 */
  volatile uint32_t RLR; /* 0x08 RW  [11:0] reload value */
  volatile uint32_t SR;  /* 0x0C RO  [0] PVU, [1] RVU: update in progress */
} a2a_stm32f4_iwdg_regs;

#define A2A_STM32F4_IWDG ((a2a_stm32f4_iwdg_regs*)0x40003000u)
#define A2A_STM32F4_IWDG_KEY_UNLOCK 0x5555u
#define A2A_STM32F4_IWDG_KEY_RELOAD 0xAAAAu
#define A2A_STM32F4_IWDG_KEY_START 0xCCCCu
#define A2A_STM32F4_LSI_HZ 32000u

/* --- flash interface (FLASH at 0x40023C00; a2a/flash/stm32f4_flash.hpp) ------- */
/* Writes FLASH_CR = cr (a sector erase with STRT) and waits in RAM, interrupts masked,
   until BSY clears (at most ~6 s at 16 MHz), reloading the IWDG: while the sector is
   erased every flash read stalls (RM0090 3.5.3), so code in flash could not feed it. */
void a2a_stm32f4_flash_erase_in_ram(uint32_t cr);

void a2a_stm32f4_usart1_init(uint32_t pclk_hz, uint32_t baud); /* PA9 TX, PA10 RX (AF7) */
/* The transmit work of USART1's interrupt (and of the thread, interrupts masked): the
   bytes of the board's transmit ring while TXE says the data register is free; TXEIE
   stays set while bytes are left (TXE is a level: it interrupts until cleared). */
void a2a_stm32f4_usart_transmit(a2a_stm32f4_usart_regs* usart);
/* The receive interrupt's work: every byte waiting into the board's ring, an
   overrun counted (reading SR then DR clears ORE and RXNE). */
void a2a_stm32f4_usart_receive(a2a_stm32f4_usart_regs* usart);
/* TIM2 free-running over 32 bits at timer clock / (prescaler + 1). */
void a2a_stm32f4_tim2_start(uint32_t prescaler);
/* TIM3: an update interrupt every (prescaler + 1) x (reload + 1) timer clocks
   (both 16 bits); the handler clears SR.UIF. */
void a2a_stm32f4_tim3_start_periodic(uint32_t prescaler, uint32_t reload);
void a2a_stm32f4_tim3_stop(void);
void a2a_stm32f4_iwdg_start(uint32_t timeout_ms);
void a2a_stm32f4_iwdg_feed(void);
/* RCC_CSR's reset flags as an a2a_reset_cause (-1: none set), then cleared. */
int a2a_stm32f4_take_reset_flags(void);

/* For the shared board code (stm32f4_board.c): the core clock of the board's QEMU
   machine, which ignores the RCC (defined by the board's board.c). */
extern const uint32_t a2a_stm32f4_qemu_cpu_hz;

#ifdef __cplusplus
}
#endif
