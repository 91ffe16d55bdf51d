/* The board-independent half of <a2a/board/board.h>: the words in .noinit, the
 * reset cause, the software reset, the fabric's address, and the 64-bit
 * extension of the boards' 32-bit timers. */
#include "board_common.h"

/* Persistent word 0 holds the cause the next boot must report, tagged with a
 * magic in its upper half: RAM at power-on holds noise, and noise that lacks
 * the magic reads as A2A_RESET_POWER_ON. */
#define A2A_CAUSE_MAGIC 0xA2A50000u
#define A2A_CAUSE_MAGIC_MASK 0xFFFF0000u

/* .noinit (NOLOAD, see ld/sections.ld): not zeroed at start, not loaded by
 * QEMU on its system reset, so a watchdog or software reset keeps it. */
__attribute__((section(".noinit"))) static volatile uint32_t persistent[A2A_BOARD_PERSISTENT_WORDS];

static enum a2a_reset_cause boot_cause; /* .bss: settled by a2a_board_boot() */

/* The console's receive ring. Free-running 32-bit indices (head: written by the
   interrupt only; tail: by the reader only), each a single aligned word store,
   so neither side needs to mask interrupts; head - tail is the fill. */
static volatile uint8_t rx_ring[A2A_BOARD_RX_RING];
static volatile uint32_t rx_head;
static volatile uint32_t rx_tail;
static volatile uint32_t rx_lost;

void a2a_board_rx_push(uint8_t byte) {
  const uint32_t head = rx_head;
  if (head - rx_tail >= A2A_BOARD_RX_RING) {
    ++rx_lost;
    return;
  }
  rx_ring[head % A2A_BOARD_RX_RING] = byte;
  __asm__ volatile("" ::: "memory"); /* the byte before the index that publishes it */
  rx_head = head + 1u;
}

void a2a_board_rx_lost(void) { ++rx_lost; }

int a2a_board_rx_pop(void) {
  const uint32_t tail = rx_tail;
  if (tail == rx_head) return -1;
  const int byte = rx_ring[tail % A2A_BOARD_RX_RING];
  __asm__ volatile("" ::: "memory");
  rx_tail = tail + 1u;
  return byte;
}

uint32_t a2a_board_uart_overruns(void) { return rx_lost; }

/* The console's transmit ring: written by the thread (head), taken by the board's
   transmit service (tail: its interrupt, or the thread with interrupts masked).
   A power of two, so the index arithmetic is a mask. */
_Static_assert((A2A_BOARD_TX_RING & (A2A_BOARD_TX_RING - 1u)) == 0u, "A2A_BOARD_TX_RING: a power of two");
static volatile uint8_t tx_ring[A2A_BOARD_TX_RING];
static volatile uint32_t tx_head;
static volatile uint32_t tx_tail;
static volatile uint32_t tx_lost;
static bool tx_stalled; /* the transmitter made no progress for a whole wait: drop, don't wait again */

/* Waits without progress before the transmitter counts as stalled (a host that does
   not read, flow control held off): a byte takes about 87 us at 115200 baud, a few
   hundred polls; this many are milliseconds. */
#define A2A_TX_STALL_POLLS 20000u

int a2a_board_tx_pop(void) {
  const uint32_t tail = tx_tail;
  if (tail == tx_head) return -1;
  const int byte = tx_ring[tail & (A2A_BOARD_TX_RING - 1u)];
  __asm__ volatile("" ::: "memory");
  tx_tail = tail + 1u;
  return byte;
}

/* The board's transmit service from the thread, with the UART's interrupt masked so
   that one context takes from the ring at a time. */
static void tx_kick(void) {
  uint32_t primask;
  __asm__ volatile("mrs %0, primask\n\tcpsid i" : "=r"(primask)::"memory");
  a2a_board_tx_service();
  __asm__ volatile("msr primask, %0" ::"r"(primask) : "memory");
}

uint32_t a2a_board_uart_tx_room(void) {
  tx_kick(); /* a transmitter whose interrupt was missed or masked moves on here too */
  return A2A_BOARD_TX_RING - (tx_head - tx_tail);
}

uint32_t a2a_board_uart_tx_lost(void) { return tx_lost; }

/* Serves the transmitter until the ring holds at most `fill` bytes, or it has made no
   progress for A2A_TX_STALL_POLLS polls (false): the one wait of a full ring and of the
   drain before a reset. */
static bool tx_serve_until(uint32_t fill) {
  uint32_t tail = tx_tail;
  for (uint32_t n = 0; tx_head - tx_tail > fill; ++n) {
    tx_kick();
    if (tx_tail != tail) {
      tail = tx_tail;
      n = 0;
    } else if (n >= A2A_TX_STALL_POLLS) {
      return false;
    }
  }
  return true;
}

/* The ring is full: wait for a byte of room. After a stall, until room opens again,
   every byte that does not fit is dropped at once: one stall costs one wait. */
static bool tx_wait_room(void) {
  if (!tx_stalled && !tx_serve_until(A2A_BOARD_TX_RING - 1u)) tx_stalled = true;
  return !tx_stalled;
}

bool a2a_board_tx_put(char c) {
  const uint32_t head = tx_head;
  if (head - tx_tail >= A2A_BOARD_TX_RING && !tx_wait_room()) {
    ++tx_lost;
    return false;
  }
  tx_stalled = false; /* room again */
  tx_ring[head & (A2A_BOARD_TX_RING - 1u)] = (uint8_t)c;
  __asm__ volatile("" ::: "memory"); /* the byte before the index that publishes it */
  tx_head = head + 1u;
  /* The transmitter is started at a line's end (and when the ring is half full): one
     start a line, not one a character. */
  if (c == '\n' || head + 1u - tx_tail == A2A_BOARD_TX_RING / 2u) tx_kick();
  return true;
}

size_t a2a_board_uart_write(const char* text, size_t length) {
  size_t queued = 0;
  for (size_t n = 0; n < length; ++n) queued += a2a_board_tx_put(text[n]) ? 1u : 0u;
  tx_kick();
  return queued;
}

void a2a_board_uart_drain(void) { (void)tx_serve_until(0); }

void a2a_board_rx_start(uint32_t irq, void (*receive)(void)) {
  a2a_board_irq_enable(irq);
  __asm__ volatile("cpsid i" ::: "memory");
  receive(); /* bytes that arrived before the interrupt was enabled */
  __asm__ volatile("cpsie i" ::: "memory");
}

/* The FABRIC region's start (ld/sections.ld). */
extern uint32_t __a2a_fabric_region[];

volatile uint32_t* a2a_board_persistent(void) { return persistent; }

void a2a_board_record_reset_cause(enum a2a_reset_cause cause) { persistent[0] = A2A_CAUSE_MAGIC | (uint32_t)cause; }

void a2a_board_boot(void) {
  const uint32_t word = persistent[0];
  const int hardware = a2a_board_hw_reset_cause(); /* read (and cleared) every boot */
  if ((word & A2A_CAUSE_MAGIC_MASK) == A2A_CAUSE_MAGIC && (word & 0xFFFFu) <= A2A_RESET_LOCKUP) {
    /* Recorded by this image before it reset: more precise than the hardware
       flags (which say "software" for both a2a_board_reset() and a fault). */
    boot_cause = (enum a2a_reset_cause)(word & 0xFFFFu);
  } else if (hardware >= 0) {
    boot_cause = (enum a2a_reset_cause)hardware;
  } else {
    boot_cause = A2A_RESET_POWER_ON;
  }
  if ((word & A2A_CAUSE_MAGIC_MASK) != A2A_CAUSE_MAGIC) {
    /* Power-on noise: the application's words start at 0, not at garbage. */
    for (uint32_t i = 1; i < A2A_BOARD_PERSISTENT_WORDS; ++i) persistent[i] = 0;
  }
  /* Cleared with the magic: a reset nobody records (the reset pin, a
     debugger) then reads as the hardware tells, or as power-on. */
  a2a_board_record_reset_cause(A2A_RESET_POWER_ON);
}

enum a2a_reset_cause a2a_board_reset_cause(void) { return boot_cause; }

_Noreturn void a2a_board_system_reset(void) {
  /* AIRCR: VECTKEY 0x05FA, SYSRESETREQ (bit 2). The DSBs make the cause
     record and the request complete before the core waits for the reset. */
  volatile uint32_t* const aircr = (volatile uint32_t*)0xE000ED0Cu;
  __asm__ volatile("dsb" ::: "memory");
  *aircr = 0x05FA0004u;
  __asm__ volatile("dsb" ::: "memory");
  for (;;) {
    /* The reset takes effect within a few cycles. */
  }
}

_Noreturn void a2a_board_reset(void) {
  a2a_board_record_reset_cause(A2A_RESET_SOFTWARE);
  a2a_board_system_reset();
}

uintptr_t a2a_board_fabric_base(void) { return (uintptr_t)__a2a_fabric_region; }

/* NVIC set-enable, clear-enable and clear-pending registers (ARMv6-M and ARMv7-M). */
#define A2A_NVIC_ISER ((volatile uint32_t*)0xE000E100u)
#define A2A_NVIC_ICER ((volatile uint32_t*)0xE000E180u)
#define A2A_NVIC_ICPR ((volatile uint32_t*)0xE000E280u)

void a2a_board_irq_enable(uint32_t irq) {
  A2A_NVIC_ICPR[irq / 32u] = 1u << (irq % 32u);
  A2A_NVIC_ISER[irq / 32u] = 1u << (irq % 32u);
}

void a2a_board_irq_disable(uint32_t irq) {
  A2A_NVIC_ICER[irq / 32u] = 1u << (irq % 32u);
  __asm__ volatile("dsb\n\tisb" ::: "memory"); /* no handler runs after this returns */
  A2A_NVIC_ICPR[irq / 32u] = 1u << (irq % 32u);
}

/* Defined by the slot interrupt's handler (platform/cortex-m/slot_timer.cpp, in
   a2a::cortex_m_slot_timer): an image without it has no handler for the timer. */
extern const uint32_t a2a_slot_service_present __attribute__((weak));

bool a2a_board_slot_service_linked(void) { return &a2a_slot_service_present != 0; }

uint64_t a2a_board_extend_ticks(uint32_t (*read_ticks)(void)) {
  static uint32_t last;
  static uint64_t total;
  uint32_t primask;
  __asm__ volatile("mrs %0, primask\n\tcpsid i" : "=r"(primask)::"memory");
  /* Read inside the critical section: an interrupt that also asks for the
     time cannot move `last` past this reading. */
  const uint32_t ticks_now = read_ticks();
  total += (uint32_t)(ticks_now - last); /* modulo 2^32: one wrap at most */
  last = ticks_now;
  const uint64_t result = total;
  __asm__ volatile("msr primask, %0" ::"r"(primask) : "memory");
  return result;
}
