// The product's acknowledgements of what a round carried, for a fabric without
// delivery counters (a circuit switch, a team's own latched crossbar): once the
// fabric says a round is done, the round runner (round_runner.hpp) asks, for every
// hop the round sent, which origin the hop's destination received. A receipt that
// does not name the hop's origin loses the pair: the runner reports it
// (RunnerEvent::lost, RoundRunner::last_lost()) and goes on, every round still run
// (the fabric carried them, so nothing is sent again: nothing arrives twice), and the
// exchange ends exchange_unacknowledged. The console device reports through the same
// runner (docs/porting.md, "Acknowledgements verify a fabric without counters").
#pragma once

#include <cstdint>

namespace a2a::app {

/// The origin whose message a destination received in the round just carried, as the
/// product's endpoints acknowledged it; kNoReceipt: none arrived.
inline constexpr std::uint32_t kNoReceipt = 0xFFFFFFFFU;

/// The product's per-round acknowledgements (its endpoints' receipts): received(context,
/// destination) is the origin `destination` received in the round just carried, or
/// kNoReceipt. Asked right after the round was carried (its wait_round() said done):
/// the receipts of a round must be in by then. Unset (received null): not asked.
struct AcknowledgementHook {
  std::uint32_t (*received)(void* context, std::uint32_t destination){nullptr};
  void* context{nullptr};
  [[nodiscard]] constexpr bool set() const { return received != nullptr; }
};

/// A hop whose receipt did not name its origin.
struct LostPair {
  std::uint32_t round{0};              ///< the round that sent it (the runner's numbering)
  std::uint32_t origin{0};             ///< the port that sent it in that round
  std::uint32_t destination{0};        ///< the port it was sent to
  std::uint32_t received{kNoReceipt};  ///< the origin the destination's receipt named (kNoReceipt: none)
};

}  // namespace a2a::app
