// Re-planning after a stop as one whole schedule, the simplest resumption and the
// oracle app_fault_recovery checks the exchange job's against: the rounds of `next`
// (e.g. the fault-tolerant schedule around the switch the stop report names), minus
// every hop of the messages rounds 0 .. rounds_done - 1 of `done` already delivered.
// The firmware re-plans through the exchange job instead (job_runner.hpp: held rounds,
// then a completion, docs/fault-tolerance.md); this lives with the tests.
#pragma once

#include <a2a/app/round_runner.hpp>
#include <a2a/hal/program_round.hpp>
#include <a2a/schedule.hpp>

#include <cstdint>

namespace a2a::test {

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
    if (app::completes_message(direct) && direct.message_origin(origin) == origin &&
        direct.message_final() == final_destination)
      return true;
    for (std::uint32_t port = 0; port < done.network().ports; ++port) {
      if (port == origin) continue;
      const PortSend s = done.send(round, port);
      if (app::completes_message(s) && s.message_origin(port) == origin && s.message_final() == final_destination)
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

}  // namespace a2a::test
