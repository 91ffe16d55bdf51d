// The round loop of the general planner's runs (greedy_run.hpp, token_run.hpp): they
// differ in how they pick a round's vector and which hops it carries, not in how the
// rounds are laid down, which is written here once.
#pragma once

#include <cstdint>

#include "a2a/fault/plan_meter.hpp"
#include "a2a/fault/plan_storage.hpp"

namespace a2a::detail {

/// No plan: the cap or the meter stopped the run, or nothing could move.
inline constexpr std::uint32_t kRunStopped = 0xFFFFFFFFU;

/// Lays down the extra rounds of `run` in `storage`: while run.unfinished(), round r takes
/// the vector run.pick_vector() (kRunStopped: none moves anything), then the forwards and
/// the first hops that vector carries (stamp r + 1 marks the ports busy in round r), and
/// the round's hops end at offsets[N + r + 1]. Returns the number of rounds, or
/// kRunStopped after `cap` rounds or when `steps` refuses one (a device's budget).
template <class Run>
constexpr std::uint32_t run_rounds(Run& run, PlanStorageSpan storage, std::uint32_t ports, std::uint32_t cap,
                                   RunMeter steps) {
  for (std::uint32_t g = 0; g <= ports; ++g) storage.offsets[g] = 0;  // the regular rounds relay nothing
  std::uint32_t r = 0;
  while (run.unfinished()) {
    if (r == cap || !steps.round()) return kRunStopped;
    const std::uint32_t e = run.pick_vector();
    if (e == kRunStopped) return kRunStopped;  // nothing can move: cannot happen (every message has a relay)
    storage.vectors[r] = e;
    const auto stamp = static_cast<std::int32_t>(r + 1);
    run.forward(stamp, e);
    run.first_hops(stamp, e);
    storage.offsets[ports + r + 1] = run.hops();
    ++r;
  }
  return r;
}

}  // namespace a2a::detail
