// Resets and their causes (semihosting console: QEMU keeps the semihosting
// connection across the guest's resets, and the command line is read again at
// every boot). Prints "boot cause=<n>" at each boot.
//   board_reset            power-on -> a2a_board_reset() -> software: exit 0
//   board_reset watchdog   power-on: starts the watchdog (200 ms), feeds it for
//                          600 ms (it must not fire), then stops feeding ->
//                          watchdog -> a2a_board_reset() -> software: exit 0
// Persistent word 1 carries a value across the resets, word 2 counts boots.
#include <cstdint>
#include <string_view>

#include "a2a/board/board.h"
#include "a2a/board/console.hpp"

namespace {
constexpr std::uint32_t kCarried = 0x5EED1234U;
}

int main(int argc, char** argv) {
  using a2a::board::println;
  a2a_board_init();  // the semihosting backend leaves it to the image
  const bool watchdog = argc > 1 && std::string_view(argv[1]) == "watchdog";
  volatile std::uint32_t* const words = a2a_board_persistent();
  const a2a_reset_cause cause = a2a_board_reset_cause();
  words[2] = words[2] + 1;
  println("boot cause=", static_cast<int>(cause), " boots=", words[2], " carried=", words[1] == kCarried);

  switch (cause) {
    case A2A_RESET_POWER_ON:
      words[1] = kCarried;
      if (!watchdog) a2a_board_reset();
      if (!a2a_board_watchdog_supported()) return 1;
      a2a_board_watchdog_start(200);
      for (std::uint64_t start = a2a_board_micros(); a2a_board_micros() - start < 600000;) {
        a2a_board_watchdog_feed();
      }
      println("fed 600 ms, now hanging");
      for (;;) {
      }
    case A2A_RESET_WATCHDOG: a2a_board_reset();
    case A2A_RESET_SOFTWARE: return words[1] == kCarried ? 0 : 2;
    default: return 3;
  }
}
