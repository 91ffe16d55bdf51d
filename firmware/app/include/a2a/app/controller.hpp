// The controller's round loop: for every round, compute it, write the shadow
// registers, commit, and confirm (bounded) that the fabric delivered it. The loop
// itself is RoundRunner (round_runner.hpp: one bounded piece per step, retries,
// ABORT of a hung round, the outputs' check) and run_exchange() over it; this
// header adds what resumes an exchange after a stop.
//
// On a FabricDriver with read-back verification off, a schedule whose rounds are
// one-stage Gray steps (the Latin square in gray order with d = 2^w, the
// alternating schedule; an AnySchedule holding one) is stepped: after a round
// delivered by the attempt just before, the next writes its ports and then
// RoundStepper::step() (its one changed STAGE_CTRL and COMMIT). The first round,
// every retry and every round after an ABORT are programmed whole as before, and
// re-seat the stepper (seek). Outcomes, retries and counts are the same either way
// (round_programmer.hpp).
#pragma once

#include <cstdint>

#include "a2a/app/round_runner.hpp"
#include "a2a/hal/program_round.hpp"
#include "a2a/schedule.hpp"

namespace a2a::app {

/// Whether rounds 0 .. rounds_done - 1 of `done` completed message (origin, final).
/// O(rounds_done x n) time, O(1) memory.
template <Schedule S>
[[nodiscard]] constexpr bool delivered_before(const S& done, std::uint32_t rounds_done, std::uint32_t origin,
                                              std::uint32_t final_destination) {
  for (std::uint32_t r = 0; r < rounds_done && r < done.rounds(); ++r) {
    // Every family sends each message's last hop from its origin or from a relay;
    // ask the origin port first (direct sends), then scan the round for a relay hop.
    const typename S::Round round = done.round(r);
    const PortSend direct = done.send(round, origin);
    if (completes_message(direct) && direct.message_origin(origin) == origin &&
        direct.message_final() == final_destination)
      return true;
    for (std::uint32_t port = 0; port < done.network().ports; ++port) {
      if (port == origin) continue;
      const PortSend s = done.send(round, port);
      if (completes_message(s) && s.message_origin(port) == origin && s.message_final() == final_destination)
        return true;
    }
  }
  return false;
}

/// Re-planning after a stop: the rounds of `next` (e.g. the fault-tolerant schedule
/// around the switch the stop report names), minus every hop of the messages that
/// rounds 0 .. rounds_done - 1 of `done` already delivered (those ports stay idle).
/// Both schedules must cover the same network and deliver every message once; then
/// running all of `next` this way delivers each remaining message exactly once and
/// nothing twice. send() costs O(rounds_done x N) for the check: a recovery path.
template <hal::ControlledSchedule Done, hal::ControlledSchedule Next>
class ResumedSchedule {
 public:
  using Round = typename Next::Round;
  constexpr ResumedSchedule(const Done& done, std::uint32_t rounds_done, const Next& next)
      : done_(&done), rounds_done_(rounds_done), next_(&next) {}

  [[nodiscard]] constexpr Network network() const { return next_->network(); }
  [[nodiscard]] constexpr std::uint32_t rounds() const { return next_->rounds(); }
  [[nodiscard]] constexpr Round round(std::uint32_t r) const { return next_->round(r); }
  [[nodiscard]] constexpr PortSend send(const Round& round, std::uint32_t port) const {
    const PortSend s = next_->send(round, port);
    if (s.sends && delivered_before(*done_, rounds_done_, s.message_origin(port), s.message_final())) return {};
    return s;
  }

 private:
  const Done* done_;
  std::uint32_t rounds_done_;
  const Next* next_;
};

}  // namespace a2a::app
