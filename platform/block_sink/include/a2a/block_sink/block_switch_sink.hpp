// The a2a block's switch registers as a switch sink (switch_fabric.hpp): one more
// backend of the layer the SPI chains, crosspoint chips and GPIO lines belong to. A
// latch writes every changed stage's STAGE_CTRL as individual control and its SWITCH
// words (8 states of 4 bits each, register map 2.x), over any RegisterBus.
//
// With SplitFabric (split_fabric.hpp) the a2a block is then driven through the same
// layer as any other switch hardware: the switch settings through this sink and its
// SwitchFabric (settle and guard times included), the endpoints, counters and FAULT
// bits through FabricDriver. It is also what a switch wire's far end does on a QEMU
// board (the emulated fabric's chain model sets the block's switches with it).
#pragma once

#include <array>
#include <cstdint>

#include "a2a/hal/bus.hpp"
#include "a2a/hal/fabric_fields.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a::hal {

template <RegisterBus Bus, class Layout>
class BlockSwitchSink {
 public:
  explicit constexpr BlockSwitchSink(Bus& bus) : bus_(&bus) {}

  constexpr Errc configure(const Network& net) {
    if (!Layout::fits(net)) return Errc::fabric_capacity_exceeded;
    net_ = net;
    known_ = 0;  // the first latch writes every stage
    return Errc::ok;
  }

  /// Every stage that changed (every one after configure): STAGE_CTRL individual, then
  /// its SWITCH words. No read-back: the block's registers are memory, as the driver's.
  template <class Round>
  constexpr Errc latch(const Round& round) {
    constexpr std::uint32_t kPerWord = reg::SwitchState::kSwitchesPerWord;
    const std::uint32_t individual = reg::StageControl::Mode::insert(0, mode_code(ControlMode::individual));
    for (std::uint32_t s = 0; s < net_.stages; ++s) {
      if (!round.changed(s) && ((known_ >> s) & 1U) != 0) continue;
      bus_->write32(Layout::stage_control(s), individual);
      const std::uint32_t pattern = pattern_word(round, s);
      for (std::uint32_t y = 0; y < net_.switches_per_stage(); y += kPerWord) {
        std::uint32_t word = pattern;
        if (pattern != kNoPattern && y + kPerWord > net_.switches_per_stage())  // the last, partial word
          word &= (1U << (reg::SwitchState::kBitsPerSwitch * (net_.switches_per_stage() - y))) - 1U;
        if (pattern == kNoPattern) {
          word = 0;
          for (std::uint32_t j = 0; j < kPerWord && y + j < net_.switches_per_stage(); ++j)
            word |= round.state(s, y + j) << (reg::SwitchState::kBitsPerSwitch * j);
        }
        bus_->write32(Layout::switch_state(s, y / kPerWord), word);
      }
      known_ |= 1U << s;
    }
    return Errc::ok;
  }

 private:
  static constexpr std::uint32_t kNoPattern = 0xFFFF'FFFFU;  // no 4-bit state is 0xF in every nibble here
  /// The SWITCH word of a stage that follows a pattern (hal::StagePattern): the same for
  /// every word, as 8 divides every word's first switch; kNoPattern otherwise (a last,
  /// partial word is masked to its switches, the others 0 as element by element).
  template <class Round>
  static constexpr std::uint32_t pattern_word(const Round& round, std::uint32_t stage) {
    if constexpr (!requires { round.pattern(stage); }) {
      return kNoPattern;
    } else {
      const auto p = round.pattern(stage);  // hal::StagePattern (switch_fabric.hpp)
      if (!p.known || p.block > 4 || p.block == 3) return kNoPattern;
      if (p.block == 0) return p.state * 0x1111'1111U;
      const std::uint32_t ones = p.block == 1 ? 0x1010'1010U : p.block == 2 ? 0x1100'1100U : 0x1111'0000U;
      return p.state == 0 ? ones : ones ^ 0x1111'1111U;
    }
  }

  Bus* bus_;
  Network net_{};
  std::uint32_t known_{0};
};

}  // namespace a2a::hal
