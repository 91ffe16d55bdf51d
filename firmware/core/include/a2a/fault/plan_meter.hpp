// How much work a fault planner may do, and who hears of every step of it.
//
// The planners (single_fault_planner.hpp, general_fault_planner.hpp) run variants and keep the
// shortest plan. On a host that is a fraction of a second; on a 25 MHz controller the
// same search at N = 256 is tens of seconds, longer than any watchdog period. A
// device therefore plans with a meter: every step calls its tick (the device feeds
// its watchdog there, so no step outlasts the period), and the variants stop once the
// cap is reached, the shortest plan found so far kept. A step is one extra round
// planned by one run (the round's vector chosen and its hops placed: O(N) work for N
// ports), or one source counted before the runs. Steps are counted the same way on
// every machine, so the host tool predicts a board's refusal exactly.
#pragma once

#include <cstdint>

namespace a2a {

class PlanMeter {
 public:
  using Tick = void (*)(void* context);

  constexpr PlanMeter() = default;
  /// max_steps 0: no cap; tick (may be null) is called once per step with `context`.
  constexpr explicit PlanMeter(std::uint32_t max_steps, Tick tick = nullptr, void* context = nullptr)
      : max_steps_(max_steps), tick_(tick), context_(context) {}

  /// Counts one step; false once the cap is passed (the search stops there).
  constexpr bool step() {
    ++steps_;
    if (tick_ != nullptr) tick_(context_);
    return !over();
  }
  /// One step that the cap does not stop: re-making a plan already found, whose
  /// length is known, so its cost is bounded by the search that found it.
  constexpr void step_uncapped() {
    ++steps_;
    if (tick_ != nullptr) tick_(context_);
  }
  /// A point where the work may pause (the tick is called) that is no step: it does
  /// not count against the cap, so where the checkpoints are changes no plan. Long
  /// loops between steps call it, so that no stretch between two ticks is long (a
  /// device plans in slices that end at a tick: sliced_call.hpp).
  constexpr void checkpoint() const {
    if (tick_ != nullptr) tick_(context_);
  }
  /// Counts from zero again (the next plan), cap and tick kept; a cancel is forgotten.
  constexpr void restart() {
    steps_ = 0;
    cancelled_ = false;
  }
  /// The plan under way is not wanted any more (a newer fault): over() from now on, so
  /// the search stops at its next step (restart() for the next plan).
  constexpr void cancel() { cancelled_ = true; }
  [[nodiscard]] constexpr bool cancelled() const { return cancelled_; }
  [[nodiscard]] constexpr bool over() const { return cancelled_ || (max_steps_ != 0 && steps_ > max_steps_); }
  [[nodiscard]] constexpr std::uint32_t steps() const { return steps_; }
  [[nodiscard]] constexpr std::uint32_t max_steps() const { return max_steps_; }

 private:
  std::uint32_t max_steps_{0};
  Tick tick_{nullptr};
  void* context_{nullptr};
  std::uint32_t steps_{0};
  bool cancelled_{false};
};

namespace detail {
/// A step of a search run: true to go on (no meter: always).
constexpr bool search_step(PlanMeter* meter) { return meter == nullptr || meter->step(); }
/// A step of re-making the chosen plan: never stopped.
constexpr void replay_step(PlanMeter* meter) {
  if (meter != nullptr) meter->step_uncapped();
}
/// A checkpoint of the meter, if any (no step).
constexpr void checkpoint(const PlanMeter* meter) {
  if (meter != nullptr) meter->checkpoint();
}
/// Pairs (i, j) whose reach() a scan asks between two checkpoints: reach() may try
/// every relay (O(N)), so a scan over a source's N destinations checkpoints within.
inline constexpr std::uint32_t kPairsPerCheckpoint = 32;
/// A checkpoint every kPairsPerCheckpoint destinations j of a scan.
constexpr void pair_checkpoint(const PlanMeter* meter, std::uint32_t j) {
  if (j % kPairsPerCheckpoint == kPairsPerCheckpoint - 1) checkpoint(meter);
}
/// What one run of a planner reports its rounds to: a search run may be stopped, the
/// chosen plan's replay is not.
struct RunMeter {
  PlanMeter* meter{nullptr};
  bool replay{false};
  /// Counts one planned round; false: stop this run.
  [[nodiscard]] constexpr bool round() const {
    if (replay) {
      replay_step(meter);
      return true;
    }
    return search_step(meter);
  }
};
}  // namespace detail

}  // namespace a2a
