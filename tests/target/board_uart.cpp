// The UART console backend on every board (a2a_cortex_m_image(... CONSOLE
// uart)): no semihosting at all, so the image runs as on a board without a
// debugger. One QEMU run walks through three boots (board_uart_check.sh):
//   boot 1 (power-on): prints the board's name, then 5 lines "tick <k>" 400 ms
//     apart by a2a_board_micros() (the check compares them with host time),
//     then executes an undefined instruction: the fault handler records
//     A2A_RESET_LOCKUP and resets the board;
//   boot 2 (lockup): returns 0 from main: exit() prints the status and resets
//     (A2A_RESET_SOFTWARE);
//   boot 3 (software): prints "done" (the check stops QEMU there).
// Persistent word 1 counts the boots: it must survive both resets.
#include <cstdint>

#include "a2a/board/board.h"
#include "a2a/board/console.hpp"

int main() {
  using a2a::board::println;
  a2a_board_init();  // already done by the UART backend; must be harmless
  volatile std::uint32_t* const words = a2a_board_persistent();
  const a2a_reset_cause cause = a2a_board_reset_cause();
  words[1] = words[1] + 1;
  println("board ", a2a_board_name(), " at ", a2a_board_cpu_hz(), " Hz boot cause=", static_cast<int>(cause),
          " boots=", words[1]);

  switch (cause) {
    case A2A_RESET_POWER_ON: {
      std::uint64_t next = a2a_board_micros();
      for (int k = 0; k < 5; ++k) {
        while (a2a_board_micros() < next) {
        }
        println("tick ", k, " micros=", a2a_board_micros());
        next += 400000;
      }
      println("faulting");
      __builtin_trap();
    }
    case A2A_RESET_LOCKUP: return 0;
    case A2A_RESET_SOFTWARE:
      println("done");
      for (;;) {
      }
    default:
      println("unexpected cause");
      for (;;) {
      }
  }
}
