// The controller's round loop: for every round, compute it, write the shadow
// registers, commit, and wait (bounded) for the fabric to finish.
//
// It stops at the first round that fails and says which; the rounds before it
// were delivered, the rest were not started (nothing is retried or resent here).
#pragma once

#include <cstdint>

#include "a2a/hal/fabric_driver.hpp"
#include "a2a/hal/program_round.hpp"
#include "a2a/status.hpp"

namespace a2a::app {

/// Upper bound on STATUS reads per round before the controller gives up (bounded wait).
inline constexpr std::uint32_t kMaxStatusPolls = 100000;

struct ExchangeOutcome {
  Errc error{Errc::ok};         ///< ok, or why round `rounds_done` failed
  std::uint32_t rounds_done{0}; ///< rounds completed (all of them when error == ok)
};

/// Runs every round of `schedule` on `fabric`; `on_round(r, round)` is called after
/// each completed round (for logging). The fabric must be configured for the network.
template <hal::FabricController C, hal::ControlledSchedule S, class OnRound>
ExchangeOutcome run_exchange(C& fabric, const S& schedule, OnRound&& on_round,
                             std::uint32_t max_polls = kMaxStatusPolls) {
  ExchangeOutcome outcome;
  for (std::uint32_t r = 0; r < schedule.rounds(); ++r) {
    const Errc e = hal::execute_round(fabric, schedule, r, max_polls);
    if (e != Errc::ok) {
      outcome.error = e;
      return outcome;
    }
    outcome.rounds_done = r + 1;
    on_round(r, schedule.round(r));
  }
  return outcome;
}

}  // namespace a2a::app
