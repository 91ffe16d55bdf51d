// What the outputs received in the last round against what the round's headers named:
// the check the round loop makes after every clean round on a block with output
// monitors (CAP_SHAPE.Monitor), in the two ways a block allows.
//
//  - ROUND_CHECK (register map 2.2, CAP_SHAPE.Check): the block's monitor compares as
//    the round completes; the controller reads one word, whatever N is.
//  - Port by port (a map 2.1 block, or to confirm a mismatch ROUND_CHECK reported):
//    for each sending input i (IDLE_MASK), ARRIVED at the output PORT_HEADER[i] names
//    must show i. The same rule as the block's, so both ways find the same rounds; the
//    headers are what the round wrote, read back, so no schedule is asked (a family's
//    send() costs tens to hundreds of instructions a port) and the loop is two loads
//    and a compare a port (docs/PERFORMANCE.md, "Checking the outputs after every round").
//
// Freestanding, heap-free; FabricDriver (fabric_driver.hpp) calls these with its bus.
#pragma once

#include <cstdint>

#include "a2a/hal/bus.hpp"
#include "a2a/hal/fabric_controller.hpp"
#include "a2a/hal/fabric_registers.hpp"

namespace a2a::hal {

/// ROUND_CHECK decoded: whether the last round's signals all arrived at the outputs
/// their headers named, and if not the lowest such output.
struct RoundCheck {
  bool valid{false};     ///< the block wrote it for the last round that ran
  bool mismatch{false};  ///< some signal is not what ARRIVED shows where its header named
  std::uint32_t first_output{0};
  /// Every signal where its header named, as far as a valid summary says.
  [[nodiscard]] constexpr bool clean() const { return valid && !mismatch; }
  [[nodiscard]] static constexpr RoundCheck decode(RegisterValue<reg::RoundCheck> v) {
    return {v.test<reg::RoundCheck::Valid>(), v.test<reg::RoundCheck::Mismatch>(), v.get<reg::RoundCheck::First>()};
  }
  friend constexpr bool operator==(const RoundCheck&, const RoundCheck&) = default;
};

/// first_unarrived's answer when every sending input's signal arrived as named.
inline constexpr std::uint32_t kAllArrived = ~std::uint32_t{0};

namespace detail {

/// Ports [first, end) of one idle word, all sending (the common case: a tight loop).
/// Header and arrived offsets raw. A header's destination is kept inside ARRIVED, by a
/// mask where the capacity is a power of two, else by a comparison with N: in a round
/// checked here (clean) every header names the output its signal reached, or the block
/// would have flagged MISROUTE, so only a misread header names another output, and the
/// read must stay inside the block. Unrolled: about 9.5 instructions a port on a
/// Cortex-M3 (docs/PERFORMANCE.md).
template <class Layout, RegisterBus Bus>
[[nodiscard]] constexpr std::uint32_t first_unarrived_all(Bus& bus, std::uint32_t ports, std::uint32_t first,
                                                          std::uint32_t end) {
  constexpr bool kMasked = (Layout::kMaxPorts & (Layout::kMaxPorts - 1)) == 0;
  std::uint32_t expected = reg::Arrived::Valid::mask | first;
#pragma GCC unroll 8
  for (std::uint32_t header = Layout::kPortHeaderBase + 4 * first; header != Layout::kPortHeaderBase + 4 * end;
       header += 4, ++expected) {
    std::uint32_t named = bus.read32(header);
    if constexpr (kMasked) {
      named &= Layout::kMaxPorts - 1;
    } else {
      named &= reg::PortHeader::Destination::mask;
      if (named >= ports) return expected & 0xFFFFU;
    }
    if (bus.read32(Layout::kArrivedBase + 4 * named) != expected) return expected & 0xFFFFU;
  }
  (void)ports;
  return kAllArrived;
}

}  // namespace detail

/// The first sending input in [first, end) (end clipped to `ports`, the configured N)
/// whose signal ARRIVED does not show at the output its PORT_HEADER names; kAllArrived
/// when there is none. Idle inputs (IDLE_MASK) are skipped a whole word at a time.
template <class Layout, RegisterBus Bus>
[[nodiscard]] constexpr std::uint32_t first_unarrived(Bus& bus, std::uint32_t ports, std::uint32_t first,
                                                      std::uint32_t end) {
  if (end > ports) end = ports;
  for (std::uint32_t from = first; from < end;) {
    const std::uint32_t word = from / kPortsPerIdleWord;
    const std::uint32_t to = (word + 1) * kPortsPerIdleWord < end ? (word + 1) * kPortsPerIdleWord : end;
    // Only the bits of [from, to): a word's ports past N are idle, and must not send
    // the ports before them down the slow path.
    std::uint32_t idle = bus.read32(Layout::idle_mask(word)) >> (from % kPortsPerIdleWord);
    if (const std::uint32_t count = to - from; count < kPortsPerIdleWord) idle &= (std::uint32_t{1} << count) - 1U;
    if (idle == 0) {
      if (const std::uint32_t at = detail::first_unarrived_all<Layout>(bus, ports, from, to); at != kAllArrived)
        return at;
    } else {
      for (std::uint32_t port = from; port < to; ++port) {
        if (((idle >> (port - from)) & 1U) != 0) continue;
        if (detail::first_unarrived_all<Layout>(bus, ports, port, port + 1) != kAllArrived) return port;
      }
    }
    from = to;
  }
  return kAllArrived;
}

/// ROUND_CHECK, one read.
template <class Layout, RegisterBus Bus>
[[nodiscard]] constexpr RoundCheck read_round_check(Bus& bus) {
  return RoundCheck::decode(read_register<reg::RoundCheck>(bus, Layout::kRoundCheck));
}

}  // namespace a2a::hal
