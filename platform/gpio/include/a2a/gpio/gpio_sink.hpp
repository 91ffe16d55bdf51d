// Switch elements on GPIO lines, for small fabrics: a SwitchSink
// (a2a/hal/switch_fabric.hpp). Every element bit has its own output line behind a
// latch (or the element follows its lines and the strobe marks the round):
//
//   - element e of stage s (d x d, d = 2^w, S elements a stage) drives lines
//     (s S + e) w .. (s S + e) w + w - 1, its state's least significant bit on the first;
//   - the lines are written 32 at a time (OutputLines::set(word, bits): lines
//     32 word .. 32 word + 31, line 32 word + i on bit i), only the words whose bits
//     changed, then the strobe (LatchLine) is pulsed once.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>

#include "a2a/hal/switch_fabric.hpp"
#include "a2a/hal/transport.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a::gpio {

/// MaxLines: the lines the board has for the fabric (a multiple of 32).
template <hal::OutputLines Lines, hal::LatchLine Strobe, std::uint32_t MaxLines>
class GpioSink {
  static_assert(MaxLines % 32 == 0 && MaxLines > 0, "lines come in words of 32");
  static constexpr std::uint32_t kWords = MaxLines / 32;

 public:
  GpioSink(Lines& lines, Strobe& strobe) : lines_(&lines), strobe_(&strobe) {}

  Errc configure(const Network& net) {
    const std::uint32_t w = hal::element_bits(net.radix);
    if (w == 0) return Errc::fabric_device_mismatch;
    if (std::uint64_t{net.stages} * net.switches_per_stage() * w > MaxLines) return Errc::fabric_capacity_exceeded;
    net_ = net;
    known_ = false;
    return Errc::ok;
  }

  /// Sets the lines of every element, writes the words that changed, pulses the strobe.
  template <class Round>
  Errc latch(const Round& round) {
    std::array<std::uint32_t, kWords> next{};
    const std::uint32_t w = hal::element_bits(net_.radix);
    const std::uint32_t per_stage = net_.switches_per_stage();
    for (std::uint32_t s = 0; s < net_.stages; ++s) {
      for (std::uint32_t e = 0; e < per_stage; ++e) {
        const std::uint32_t state = round.state(s, e);
        const std::uint32_t first = (s * per_stage + e) * w;
        for (std::uint32_t b = 0; b < w; ++b)
          if (((state >> b) & 1U) != 0) next[(first + b) / 32] |= 1U << ((first + b) % 32);
      }
    }
    const std::uint32_t used = (net_.stages * per_stage * w + 31) / 32;
    for (std::uint32_t word = 0; word < used; ++word) {
      if (known_ && next[word] == lines_now_[word]) continue;
      A2A_TRY(lines_->set(word, next[word]));
      lines_now_[word] = next[word];
    }
    known_ = true;
    return strobe_->pulse();
  }

 private:
  Lines* lines_;
  Strobe* strobe_;
  Network net_{};
  bool known_{false};  // lines_now_ holds what the lines show
  std::array<std::uint32_t, kWords> lines_now_{};
};

}  // namespace a2a::gpio
