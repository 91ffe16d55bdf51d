// The console's line discipline: bytes from the UART in, whole command lines
// out, and a specific complaint for every line that cannot be a command.
//
// A host (or a person) may send anything: a line longer than the buffer, bytes
// that are not printable text, a line that never ends. None of these may be
// half-executed or silently dropped, so each produces exactly one event:
//   line        a complete line of printable ASCII (the terminator removed);
//   too_long    the line did not fit: everything up to its end is discarded;
//   junk        the line held a byte that is not printable ASCII, tab, CR or LF;
//   unterminated  bytes arrived but no end of line for `idle_us` microseconds.
// CR, LF and CR LF all end a line; an empty line is ignored. Capacity is a
// template parameter; no heap.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace a2a::app {

enum class LineEvent : std::uint8_t { none, line, too_long, junk, unterminated };

template <std::size_t Capacity>
class LineReader {
  static_assert(Capacity >= 16, "a2a: a command line needs at least 16 characters");

 public:
  static constexpr std::size_t kCapacity = Capacity;

  /// Takes one byte received at time `now_us`; returns the event it completes.
  constexpr LineEvent push(std::uint8_t byte, std::uint64_t now_us) {
    last_byte_us_ = now_us;
    if (byte == '\r' || byte == '\n') {
      // CR LF: the LF right after a CR ends nothing (the CR already did).
      const bool second_half = byte == '\n' && after_cr_;
      after_cr_ = byte == '\r';
      if (second_half) return LineEvent::none;
      return finish();
    }
    after_cr_ = false;
    started_ = true;
    if (byte == '\t') byte = ' ';
    if (byte < 0x20 || byte > 0x7E) {
      junk_ = true;
      return LineEvent::none;
    }
    if (used_ == Capacity) {
      overflow_ = true;
      return LineEvent::none;
    }
    text_[used_++] = static_cast<char>(byte);
    return LineEvent::none;
  }

  /// Called while no byte arrives: a started line that has been idle for
  /// `idle_us` is given up (unterminated) and the reader starts afresh.
  constexpr LineEvent idle(std::uint64_t now_us, std::uint64_t idle_us) {
    if (!started_ || now_us - last_byte_us_ < idle_us) return LineEvent::none;
    clear();
    return LineEvent::unterminated;
  }

  /// The line of the last LineEvent::line (valid until the next push()).
  [[nodiscard]] constexpr std::string_view text() const { return {text_.data(), line_length_}; }

 private:
  constexpr LineEvent finish() {
    const LineEvent event = overflow_ ? LineEvent::too_long : junk_ ? LineEvent::junk : LineEvent::line;
    line_length_ = used_;
    const bool empty = !overflow_ && !junk_ && used_ == 0;
    clear();
    return empty ? LineEvent::none : event;
  }
  constexpr void clear() {
    used_ = 0;
    started_ = false;
    overflow_ = false;
    junk_ = false;
  }

  std::array<char, Capacity> text_{};
  std::size_t used_{0};
  std::size_t line_length_{0};
  std::uint64_t last_byte_us_{0};
  bool started_{false};
  bool overflow_{false};
  bool junk_{false};
  bool after_cr_{false};
};

}  // namespace a2a::app
