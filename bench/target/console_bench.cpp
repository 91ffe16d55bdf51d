// The console's transmit ring on the board (docs/PERFORMANCE.md, "The console's
// transmit ring"): what the controller pays for its output since issue 45, through the
// board's own UART driver and its transmit interrupt. QEMU's UART here takes every byte
// at once (-serial null), so a line's bytes are queued and sent within the interval:
// the queueing, the transmit interrupts (or the thread's service) and the UART writes,
// all counted. Groups: the room query the device makes at every poll() (the ring
// empty), and a trace line of omega N = 16 (its longest form) queued and sent.
#include <cstdint>
#include <string_view>

#include "a2a/board/board.h"
#include "a2a/board/console.hpp"
#include "icount_markers.h"

namespace {

using a2a::board::println;

// A trace line as the device prints it at N = 16 (its longest form: 16 sends).
constexpr std::string_view kLine =
    "round 15: word 15, 19 register writes, sends 0->15 1->14 2->13 3->12 4->11 5->10 6->9 7->8 8->7 9->6 10->5 "
    "11->4 12->3 13->2 14->1 15->0\n";

[[gnu::noinline]] void calibrate() {
  for (int i = 0; i < 4; ++i) {
    A2A_ICOUNT_START();
    A2A_ICOUNT_STOP();
  }
}

}  // namespace

int main() {
  a2a_board_init();  // the UART and its interrupts (the semihosting backend leaves it to the image)
  println("board name=", a2a_board_name(), " ring=", A2A_BOARD_TX_RING, " line=", kLine.size());
  calibrate();
  println("bench calibrate");
  A2A_ICOUNT_FLUSH();
  std::uint32_t room = 0;
  for (int i = 0; i < 8; ++i) {
    A2A_ICOUNT_START();
    room = a2a_board_uart_tx_room();
    A2A_ICOUNT_STOP();
  }
  println("bench room room=", room);
  A2A_ICOUNT_FLUSH();
  std::size_t queued = 0;
  for (int i = 0; i < 8; ++i) {
    A2A_ICOUNT_START();
    queued = a2a_board_uart_write(kLine.data(), kLine.size());
    A2A_ICOUNT_STOP();
  }
  println("bench line queued=", queued);
  A2A_ICOUNT_FLUSH();
  println("bench done lost=", a2a_board_uart_tx_lost());
  return 0;
}
