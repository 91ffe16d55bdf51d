/* Vector table and reset handler for the Cortex-M boards (M0+, M3, M4F, M7).
 * Console-neutral: what differs between a test image (semihosting) and a
 * production image (UART) is in the backend (image_backend.h).
 *
 * Written in C, not C++: it calls main(), which C++ forbids. Reset_Handler
 * brings the C/C++ run-time model up by hand because the images link no C
 * library start files (-nostartfiles): newlib's crt0 would take the stack from
 * semihosting and pull in stdio. Every handler is weak: an application defines
 * e.g. SysTick_Handler or IRQ3_Handler to take it over. */
#include <stdint.h>
#include <stdlib.h>

#include "a2a/board/console.h"
#include "board_common.h"
#include "image_backend.h"

/* Defined by the linker script (ld/sections.ld). */
extern uint32_t __stack_top;
extern uint32_t __data_load[], __data_start[], __data_end[];
extern uint32_t __bss_start[], __bss_end[];
typedef void (*a2a_init_function)(void);
extern a2a_init_function __preinit_array_start[], __preinit_array_end[];
extern a2a_init_function __init_array_start[], __init_array_end[];

int main(int argc, char** argv);

void Reset_Handler(void);
void a2a_unhandled_exception(void);

#define A2A_WEAK_HANDLER(name) void name(void) __attribute__((weak, alias("a2a_unhandled_exception")))
A2A_WEAK_HANDLER(NMI_Handler);
A2A_WEAK_HANDLER(HardFault_Handler);
A2A_WEAK_HANDLER(MemManage_Handler);  /* reserved on v6-M (M0+): never taken */
A2A_WEAK_HANDLER(BusFault_Handler);   /* idem */
A2A_WEAK_HANDLER(UsageFault_Handler); /* idem */
A2A_WEAK_HANDLER(SVC_Handler);
A2A_WEAK_HANDLER(DebugMon_Handler);
A2A_WEAK_HANDLER(PendSV_Handler);
A2A_WEAK_HANDLER(SysTick_Handler);
/* External interrupts: the MPS2 boards have 32, the micro:bit (nRF51) 26,
 * the STM32F405 82. The table holds 40: the STM32 boards' console receives on
 * USART1, interrupt 37 (entries past a core's last interrupt are never taken). */
#define A2A_IRQ(n) A2A_WEAK_HANDLER(IRQ##n##_Handler)
A2A_IRQ(0);
A2A_IRQ(1);
A2A_IRQ(2);
A2A_IRQ(3);
A2A_IRQ(4);
A2A_IRQ(5);
A2A_IRQ(6);
A2A_IRQ(7);
A2A_IRQ(8);
A2A_IRQ(9);
A2A_IRQ(10);
A2A_IRQ(11);
A2A_IRQ(12);
A2A_IRQ(13);
A2A_IRQ(14);
A2A_IRQ(15);
A2A_IRQ(16);
A2A_IRQ(17);
A2A_IRQ(18);
A2A_IRQ(19);
A2A_IRQ(20);
A2A_IRQ(21);
A2A_IRQ(22);
A2A_IRQ(23);
A2A_IRQ(24);
A2A_IRQ(25);
A2A_IRQ(26);
A2A_IRQ(27);
A2A_IRQ(28);
A2A_IRQ(29);
A2A_IRQ(30);
A2A_IRQ(31);
A2A_IRQ(32);
A2A_IRQ(33);
A2A_IRQ(34);
A2A_IRQ(35);
A2A_IRQ(36);
A2A_IRQ(37);
A2A_IRQ(38);
A2A_IRQ(39);

/* At address 0: the hardware loads SP from entry 0 and jumps to entry 1. */
__attribute__((used, section(".isr_vector"))) const a2a_init_function a2a_vector_table[16 + 40] = {
    (a2a_init_function)&__stack_top,
    Reset_Handler,
    NMI_Handler,
    HardFault_Handler,
    MemManage_Handler,
    BusFault_Handler,
    UsageFault_Handler,
    0,
    0,
    0,
    0, /* reserved */
    SVC_Handler,
    DebugMon_Handler,
    0, /* reserved */
    PendSV_Handler,
    SysTick_Handler,
    IRQ0_Handler,
    IRQ1_Handler,
    IRQ2_Handler,
    IRQ3_Handler,
    IRQ4_Handler,
    IRQ5_Handler,
    IRQ6_Handler,
    IRQ7_Handler,
    IRQ8_Handler,
    IRQ9_Handler,
    IRQ10_Handler,
    IRQ11_Handler,
    IRQ12_Handler,
    IRQ13_Handler,
    IRQ14_Handler,
    IRQ15_Handler,
    IRQ16_Handler,
    IRQ17_Handler,
    IRQ18_Handler,
    IRQ19_Handler,
    IRQ20_Handler,
    IRQ21_Handler,
    IRQ22_Handler,
    IRQ23_Handler,
    IRQ24_Handler,
    IRQ25_Handler,
    IRQ26_Handler,
    IRQ27_Handler,
    IRQ28_Handler,
    IRQ29_Handler,
    IRQ30_Handler,
    IRQ31_Handler,
    IRQ32_Handler,
    IRQ33_Handler,
    IRQ34_Handler,
    IRQ35_Handler,
    IRQ36_Handler,
    IRQ37_Handler,
    IRQ38_Handler,
    IRQ39_Handler,
};

/* Naked: the exception frame is at MSP on entry (nothing pushed yet); handed on
   with IPSR. Thumb-1 (v6-M) has no far branch: the target through a register. */
__attribute__((naked)) void a2a_unhandled_exception(void) {
  __asm__ volatile(
      "mrs r0, msp\n\t"
      "mrs r1, ipsr\n\t"
      "ldr r2, =a2a_unhandled_exception_frame\n\t"
      "bx r2\n\t"
      ".ltorg");
}

void a2a_unhandled_exception_frame(const uint32_t* frame, uint32_t ipsr) __attribute__((used, noreturn));
void a2a_unhandled_exception_frame(const uint32_t* frame, uint32_t ipsr) { a2a_image_fault(ipsr & 0x1FFu, frame); }

void a2a_image_print_fault(uint32_t exception, const uint32_t* frame) {
  a2a_console_puts("\na2a: unhandled exception ");
  a2a_console_put_u64(exception);
  a2a_console_puts(exception == 3 ? " (HardFault) at pc " : " at pc ");
  a2a_console_put_hex32(frame[6]);
  a2a_console_puts(", lr ");
  a2a_console_put_hex32(frame[5]);
  a2a_console_puts(", sp ");
  a2a_console_put_hex32((uint32_t)(uintptr_t)frame);
}

static void enable_fpu(void) {
#if defined(__ARM_FP)
  /* CPACR: full access to coprocessors 10 and 11 (the FPU). Until this is
     set the first floating-point instruction raises a UsageFault. */
  volatile uint32_t* const cpacr = (volatile uint32_t*)0xE000ED88u;
  *cpacr |= 0xFu << 20;
  __asm__ volatile("dsb\n\tisb" ::: "memory");
#endif
}

void Reset_Handler(void) {
  enable_fpu();              /* first: the compiler may use FP registers from here on */
  a2a_board_console_early(); /* the console's receiver, before anything else takes time */

  for (uint32_t *src = __data_load, *dst = __data_start; dst < __data_end;) *dst++ = *src++;
  for (uint32_t* dst = __bss_start; dst < __bss_end;) *dst++ = 0;

  /* The reset cause (persistent word 0, the hardware's flags), before
     anything can record a new one; then the console, so that constructors
     may print. */
  a2a_board_boot();
  a2a_image_console_init();

  /* Static constructors (C++ globals, e.g. the light test runner's registry). */
  for (a2a_init_function* f = __preinit_array_start; f < __preinit_array_end; ++f) (*f)();
  for (a2a_init_function* f = __init_array_start; f < __init_array_end; ++f) (*f)();

  char** argv;
  const int argc = a2a_command_line(&argv);
  exit(main(argc, argv)); /* the backend's: status to QEMU, or a board reset */
}
