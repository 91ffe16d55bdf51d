// The far end of a board's switch chains under QEMU (fabric=spi-chain): the shift
// registers the frames go into and the switch elements their latch drives, played
// on the far side as the emulated fabric plays the block. QEMU's PL022 in loopback
// mode hands back every byte the controller shifted; the board's chain transport
// gives them here (shift), and takes what the chain's far end shifts out in turn:
// the frame that was in the chain before. A latch pulse (latch) decodes every
// chain's contents into switch states, written into the block's switch registers as
// the elements' outputs would set them, so the emulated fabric carries the block's
// next COMMIT over the switches as latched.
//
// Decoded from the wire format as docs/switch-backends.md states it, not with the
// controller's encoder (so a wrong bit order on the controller's side shows):
// element e of a stage (w bits) holds chain positions e w .. e w + w - 1, least
// significant bit first; a frame of B bytes is the chain's contents as a big-endian
// number (byte 0 first, each byte most significant bit first) whose bit p is
// position p.
//
// Wire faults for tests (`inject CHAIN:ELEMENT [ROUND] readback|timeout`): one element
// of one chain comes back flipped in every shift of that chain between two latches (the
// first such interval at or after a given latch in which the chain is shifted: a round's
// transfers, the checked second one of a chain loaded twice included), or the chain does
// not take a transfer once (the board's transport then reports a bus timeout); the
// controller must stop the round and name the place. pending(): armed and not yet fired.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "a2a/block_sink/block_switch_sink.hpp"
#include "a2a/hal/bus.hpp"
#include "a2a/hal/latched_round.hpp"
#include "a2a/hal/switch_fabric.hpp"  // element_bits
#include "a2a/limits.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a::emulated {

template <class Layout, std::uint32_t MaxFrameBytes>
class ChainFarEnd {
 public:
  /// A frame goes into chain `chain`; what the chain held comes out (as long as `in`).
  /// False: the chain did not take the transfer (an armed timeout, no such chain).
  constexpr bool shift(std::uint32_t chain, std::span<const std::uint8_t> in, std::span<std::uint8_t> out) {
    if (chain >= kMaxStages || in.size() > MaxFrameBytes) return false;  // no such chain: nothing comes back
    const bool due = armed_ && chain == fault_chain_ && latches_ >= fault_from_ && (!fired_ || latches_ == fired_at_);
    if (due && !fired_) {
      fired_ = true;
      fired_at_ = latches_;
    }
    if (due && stall_) {
      armed_ = false;  // a transfer not taken: once
      return false;
    }
    std::array<std::uint8_t, MaxFrameBytes>& held = chains_[chain];
    for (std::size_t i = 0; i < in.size() && i < out.size(); ++i) out[i] = held[i];
    if (due) flip(out.first(in.size()), fault_element_);
    for (std::size_t i = 0; i < in.size(); ++i) held[i] = in[i];
    lengths_[chain] = static_cast<std::uint32_t>(in.size());
    return true;
  }

  /// The latch pulse: every chain's contents become the block's switch states
  /// (STAGE_CTRL individual, SWITCH words), for the block's next COMMIT.
  template <hal::RegisterBus Bus>
  constexpr Errc latch(Bus& block) {
    ++latches_;
    if (fired_) armed_ = false;  // a flipped read-back lasts the interval it fired in
    const auto read = [&block](std::uint32_t offset) { return block.read32(offset); };
    const Result<Network> net = hal::LatchedRound<Layout, decltype(read)>(read).network();
    if (!net) return net.error();
    const std::uint32_t w = hal::element_bits(net->radix);
    if (w == 0) return Errc::fabric_device_mismatch;
    bits_ = w;
    // The elements' outputs set the block's switches as the block's own sink writes them.
    hal::BlockSwitchSink<Bus, Layout> switches(block);
    A2A_TRY(switches.configure(*net));
    return switches.latch(Decoded{this, *net, w});
  }

  /// Arms a read-back fault (see the top of this file), `after` latches from now.
  constexpr void inject_readback(std::uint32_t chain, std::uint32_t element, std::uint32_t after) {
    arm(chain, element, after, false);
  }
  /// Arms a transfer the chain does not take, `after` latches from now.
  constexpr void inject_timeout(std::uint32_t chain, std::uint32_t after) { arm(chain, 0, after, true); }
  constexpr void clear_faults() { armed_ = false; }
  /// An armed fault that has not fired yet (its chain not shifted since it became due).
  [[nodiscard]] constexpr bool pending() const { return armed_ && !fired_; }
  [[nodiscard]] constexpr std::uint32_t latches() const { return latches_; }

 private:
  constexpr void arm(std::uint32_t chain, std::uint32_t element, std::uint32_t after, bool stall) {
    armed_ = true;
    fired_ = false;
    stall_ = stall;
    fault_chain_ = chain;
    fault_element_ = element;
    fault_from_ = latches_ + after;
  }

  /// The chains' contents as a round of switch states (the shape a switch sink takes).
  struct Decoded {
    const ChainFarEnd* chains;
    Network net;
    std::uint32_t w;
    [[nodiscard]] constexpr const Network& network() const { return net; }
    [[nodiscard]] constexpr std::uint32_t state(std::uint32_t s, std::uint32_t y) const {
      return chains->element_state(s, y, w);
    }
    [[nodiscard]] static constexpr bool changed(std::uint32_t) { return true; }
  };

  /// Chain position p of a B-byte frame: byte B - 1 - p / 8, bit p % 8 of it.
  static constexpr bool bit_at(std::span<const std::uint8_t> frame, std::uint32_t p) {
    const std::size_t byte = frame.size() - 1 - p / 8;
    return ((frame[byte] >> (p % 8)) & 1U) != 0;
  }
  constexpr std::uint32_t element_state(std::uint32_t stage, std::uint32_t e, std::uint32_t w) const {
    const std::span<const std::uint8_t> frame(chains_[stage].data(), lengths_[stage]);
    std::uint32_t state = 0;
    for (std::uint32_t b = 0; b < w; ++b) {
      const std::uint32_t p = e * w + b;
      if (p / 8 < frame.size() && bit_at(frame, p)) state |= 1U << b;
    }
    return state;
  }
  /// Flips the least significant bit of element `e` (d = 2: its only bit) in a frame
  /// coming back; any bit of it would do, the controller compares them all.
  constexpr void flip(std::span<std::uint8_t> frame, std::uint32_t e) const {
    const std::uint32_t p = e * bits_;  // the element's first chain position
    if (p / 8 >= frame.size()) return;
    frame[frame.size() - 1 - p / 8] = static_cast<std::uint8_t>(frame[frame.size() - 1 - p / 8] ^ (1U << (p % 8)));
  }

  std::array<std::array<std::uint8_t, MaxFrameBytes>, kMaxStages> chains_{};
  std::array<std::uint32_t, kMaxStages> lengths_{};
  std::uint32_t latches_{0};
  std::uint32_t bits_{1};  // bits per element of the network last latched
  bool armed_{false};
  bool stall_{false};  // the armed fault is a transfer not taken, not a flipped bit
  bool fired_{false};  // the armed fault has fired, in the interval after latch fired_at_
  std::uint32_t fired_at_{0};
  std::uint32_t fault_chain_{0};
  std::uint32_t fault_element_{0};
  std::uint32_t fault_from_{0};
};

}  // namespace a2a::emulated
