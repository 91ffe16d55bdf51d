// The product's board as a2a's console device sees it (a2a::app::DeviceBoard):
// its UART for the console, its TIMER1 ticks for time, its own words for the
// crumbs. The product has no configuration region and no watchdog of its own here;
// a product with them would say so through watchdog_ms() and the block it passes.
// An EOT byte (0x04) on the console is the product's own "power off" (it ends the
// QEMU run); the device never sees it.
#pragma once

#include <a2a/app/device_board.hpp>

#include <array>
#include <concepts>
#include <cstdint>
#include <string_view>

#include "board.h"

namespace acme {

class ConsoleBoard {
 public:
  int read_byte() {
    const int byte = board_read_byte();
    if (byte == 0x04) {
      power_off_ = true;
      return -1;
    }
    return byte;
  }
  [[nodiscard]] std::uint32_t console_overruns() const { return board_rx_overruns(); }
  template <class... Args>
  void print(const Args&... args) {
    (put(args), ...);
  }
  [[nodiscard]] std::uint64_t micros() const { return board_micros(); }
  /// Polls of the latch block's `carried` word per wait: the switch latches within 50 us.
  [[nodiscard]] std::uint32_t fabric_polls() const { return 100000; }
  void feed_watchdog() {}
  [[nodiscard]] std::uint32_t watchdog_ms() const { return 0; }
  [[nodiscard]] std::string_view name() const { return "acme"; }
  [[nodiscard]] a2a::app::ResetCause reset_cause() const { return a2a::app::ResetCause::power_on; }
  [[nodiscard]] std::uint32_t crumb(std::uint32_t i) const { return crumbs_[i % crumbs_.size()]; }
  void set_crumb(std::uint32_t i, std::uint32_t v) { crumbs_[i % crumbs_.size()] = v; }

  /// The console asked the product to power off (EOT).
  [[nodiscard]] bool power_off_asked() const { return power_off_; }

 private:
  static void put(std::string_view text) {
    for (const char c : text) board_put_char(c);
  }
  static void put(const char* text) { board_print(text); }
  template <std::integral T>
  static void put(T value) {
    if constexpr (std::is_signed_v<T>) {
      if (value < 0) {
        board_put_char('-');
        return put_unsigned(0ULL - static_cast<unsigned long long>(value));
      }
    }
    put_unsigned(static_cast<unsigned long long>(value));
  }
  static void put_unsigned(unsigned long long value) {
    std::array<char, 21> digits{};
    std::size_t n = digits.size();
    do {
      digits[--n] = static_cast<char>('0' + value % 10);
      value /= 10;
    } while (value != 0);
    for (; n < digits.size(); ++n) board_put_char(digits[n]);
  }

  std::array<std::uint32_t, 4> crumbs_{};  // the product keeps them in RAM: lost at a reset
  bool power_off_{false};
};
static_assert(a2a::app::DeviceBoard<ConsoleBoard>);

}  // namespace acme
