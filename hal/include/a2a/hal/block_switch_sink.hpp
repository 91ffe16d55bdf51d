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
      for (std::uint32_t y = 0; y < net_.switches_per_stage(); y += kPerWord) {
        std::uint32_t word = 0;
        for (std::uint32_t j = 0; j < kPerWord && y + j < net_.switches_per_stage(); ++j)
          word |= round.state(s, y + j) << (reg::SwitchState::kBitsPerSwitch * j);
        bus_->write32(Layout::switch_state(s, y / kPerWord), word);
      }
      known_ |= 1U << s;
    }
    return Errc::ok;
  }

 private:
  Bus* bus_;
  Network net_{};
  std::uint32_t known_{0};
};

}  // namespace a2a::hal
