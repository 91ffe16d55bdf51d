// A switch model's latch as the far end of a board's wire: the model latches, then the
// a2a block's switches are set from the states it decodes (hal::BlockSwitchSink), so
// the block carries the next COMMIT over them and its counters show a wrong decode.
// Used by the tests of boards whose switch path sits beside the block.
#pragma once

#include <a2a/block_sink/block_switch_sink.hpp>
#include <a2a/hal/latched_round.hpp>
#include <a2a/hal/switch_fabric.hpp>
#include <a2a/status.hpp>
#include <a2a/topology.hpp>

#include <cstdint>

#include "chain_model.hpp"

namespace a2a::test {

/// Model: its pulse() latches; Decode(model, net, stage, switch): the state it set.
template <class Layout, class Bus, class Model, class Decode>
struct LatchToBlock {
  Model* model;
  Bus* block;
  Decode decode;
  Errc pulse() {
    A2A_TRY(model->pulse());
    return sync();
  }
  /// The block's switches set from what the model decodes now (a part that commits by a
  /// register write calls this itself).
  Errc sync() {
    const auto read = [this](std::uint32_t offset) { return block->read32(offset); };
    const Result<Network> net = hal::LatchedRound<Layout, decltype(read)>(read).network();
    if (!net) return net.error();
    struct View {
      const LatchToBlock* latch;
      Network net;
      [[nodiscard]] const Network& network() const { return net; }
      [[nodiscard]] std::uint32_t state(std::uint32_t s, std::uint32_t y) const {
        return latch->decode(*latch->model, net, s, y);
      }
      [[nodiscard]] static bool changed(std::uint32_t) { return true; }
    };
    hal::BlockSwitchSink<Bus, Layout> switches(*block);
    A2A_TRY(switches.configure(*net));
    return switches.latch(View{this, *net});
  }
};

/// A chain model's element states (w bits each, chain s = stage s).
struct ChainDecode {
  std::uint32_t operator()(const ChainModel& m, const Network& net, std::uint32_t s, std::uint32_t y) const {
    return m.element_state(s, y, hal::element_bits(net.radix));
  }
};

}  // namespace a2a::test
