// How the round loop (round_runner.hpp) programs a round and what it checks after
// one: the two ways to write a round (whole, or one Gray step after the round
// before), which failures a new attempt can cure, and the outputs' monitors.
#pragma once
// IWYU pragma: private, include "a2a/app/round_runner.hpp"

#include <concepts>
#include <cstdint>

#include "a2a/alternating.hpp"
#include "a2a/any_schedule.hpp"
#include "a2a/hal/fabric_driver.hpp"
#include "a2a/hal/program_round.hpp"
#include "a2a/latin_square.hpp"
#include "a2a/schedule.hpp"
#include "a2a/status.hpp"

namespace a2a::app::detail {

/// Failures a new attempt of the same round can cure (transient faults).
constexpr bool retryable(Errc e) {
  return e == Errc::fabric_readback_mismatch || e == Errc::fabric_timeout || e == Errc::fabric_round_not_run ||
         e == Errc::fabric_round_faulted;
}

/// A fabric that hands out a round stepper (hal::FabricDriver::stepper).
template <class C>
concept SteppingFabric = requires(C& c) {
  typename C::template RoundStepper<0>;
  { c.write_verification() } -> std::same_as<bool>;
};

struct NoStepper {};
template <class C>
struct StepperOf {
  using type = NoStepper;
};
template <SteppingFabric C>
struct StepperOf<C> {
  using type = typename C::template RoundStepper<0>;
};

/// Whether `candidate` sets every stage of every round as `schedule` does (the
/// stepper writes stage control only; the ports come from `schedule`). Once per
/// exchange: O(rounds x stages).
template <class S, class Candidate>
[[nodiscard]] constexpr bool same_stage_control(const S& schedule, const Candidate& candidate) {
  if (candidate.rounds() != schedule.rounds() || !(candidate.network() == schedule.network())) return false;
  for (std::uint32_t r = 0; r < schedule.rounds(); ++r) {
    const typename S::Round round = schedule.round(r);
    const typename Candidate::Round other = candidate.round(r);
    if (round.control() != other.control() || round.control() == ControlMode::individual) return false;
    for (std::uint32_t stage = 0; stage < schedule.network().stages; ++stage)
      if (static_cast<std::uint32_t>(round.switch_state(stage, 0)) !=
          static_cast<std::uint32_t>(other.switch_state(stage, 0)))
        return false;
  }
  return true;
}

/// The driver's stepper for `schedule`: directly for a Latin square or alternating
/// schedule; for an AnySchedule (which does not hand out its family's schedule)
/// through the gray-order Latin square or the alternating schedule of its network,
/// when that sets every round's stages as it does.
template <SteppingFabric C, class S>
[[nodiscard]] constexpr Result<typename C::template RoundStepper<0>> make_stepper(C& fabric, const S& schedule) {
  if constexpr (requires {
                  { schedule.kind() } -> std::same_as<ScheduleKind>;
                }) {
    if (schedule.kind() == ScheduleKind::latin_square) {
      const Result<LatinSquareSchedule<>> gray = LatinSquareSchedule<>::make(schedule.network(), RoundOrder::gray);
      A2A_TRY(gray);
      if (!same_stage_control(schedule, *gray)) return Errc::stepper_needs_gray_steps;
      return fabric.template stepper<0>(*gray);
    }
    if (schedule.kind() == ScheduleKind::alternating) {
      const Result<AlternatingSchedule> alternating = AlternatingSchedule::make(schedule.network());
      A2A_TRY(alternating);
      if (!same_stage_control(schedule, *alternating)) return Errc::stepper_needs_gray_steps;
      return fabric.template stepper<0>(*alternating);
    }
    return Errc::stepper_needs_gray_steps;
  } else {
    return fabric.template stepper<0>(schedule);
  }
}

/// The round loop's two ways to program a round. Whole: program_round (every
/// round on any fabric; the first, every retry, every round after an ABORT).
/// Stepped: on a FabricDriver whose stepper() takes the schedule (an AnySchedule's
/// Latin square in gray order with d = 2^w, the alternating schedule) and with
/// read-back verification off (step() writes unverified): when round r - 1 was
/// delivered by the attempt just before, not aborted, round r writes its ports
/// (headers, idle mask, relay messages: step() does not) and step() writes the one
/// stage it changes and COMMIT. A round programmed whole re-seats the stepper (seek).
/// program() writes and commits an attempt; confirmed() takes its outcome.
template <hal::FabricController C, hal::ControlledSchedule S>
class RoundProgrammer {
 public:
  constexpr RoundProgrammer(C& fabric, const S& schedule) {
    if constexpr (SteppingFabric<C>) {
      if (fabric.write_verification()) return;
      const auto made = make_stepper(fabric, schedule);
      if (made && made->rounds() == schedule.rounds()) {
        stepper_ = *made;
        usable_ = true;
      }
    }
  }

  /// Writes round r and commits it: nothing is committed when it fails.
  [[nodiscard]] constexpr Errc program(C& fabric, const S& schedule, std::uint32_t r) {
    A2A_TRY(begin(fabric, schedule, r));
    A2A_TRY(write_ports(fabric, schedule, r, 0, schedule.network().ports));
    return commit(fabric);
  }
  /// program() a piece at a time: begin(r), write_ports() over [0, N) in pieces, commit().
  /// begin: round r's switches, unless the stepper steps to it (its COMMIT sets the
  /// stage that changes).
  [[nodiscard]] constexpr Errc begin(C& fabric, const S& schedule, std::uint32_t r) {
    periodic_ = hal::writes_periodic_ports(fabric, schedule, r);
    if constexpr (SteppingFabric<C>) {
      stepped_ = usable_ && seated_ && r != 0 && stepper_.index() + 1 == r;
      seated_ = false;
      if (stepped_) return Errc::ok;
    }
    return hal::begin_round(fabric, schedule, r);
  }
  /// Ports [first, end) of round r (first a multiple of kPortsPerIdleWord).
  [[nodiscard]] constexpr Errc write_ports(C& fabric, const S& schedule, std::uint32_t r, std::uint32_t first,
                                           std::uint32_t end) {
    return hal::write_round_ports(fabric, schedule, r, first, end);
  }
  /// Whether the round begun is written from its pattern (hal::writes_periodic_ports):
  /// a round loop may take more of its ports a step.
  [[nodiscard]] constexpr bool periodic() const { return periodic_; }
  /// Commits the round begun: the stepper's step, or COMMIT.
  [[nodiscard]] constexpr Errc commit(C& fabric) {
    if constexpr (SteppingFabric<C>) {
      if (stepped_) {
        stepper_.step();
        return Errc::ok;
      }
    }
    return fabric.commit();
  }

  /// The outcome of the attempt program() started: ok when the fabric delivered round
  /// r; `aborted`: the controller ABORTed it on the way.
  constexpr void confirmed(std::uint32_t r, Errc outcome, bool aborted) {
    if constexpr (SteppingFabric<C>) {
      if (outcome != Errc::ok || aborted || !usable_) return;
      if (!stepped_) stepper_.seek(r);  // round r is in the shadow registers; takes up the driver's ticket
      seated_ = true;
    } else {
      (void)r, (void)outcome, (void)aborted;
    }
  }

 private:
  typename StepperOf<C>::type stepper_{};
  bool usable_{false};
  bool seated_{false};    // stepper_ stands at the round the shadow registers hold, delivered
  bool stepped_{false};   // the attempt under way was stepped
  bool periodic_{false};  // the round begun is written from its pattern
};

/// Whether every sending input of ports [first, end) (end clipped to N) reached the
/// output its header named (ARRIVED, port by port): a caller that keeps each step short
/// checks a round a piece at a time. A fabric without monitors: true.
template <class C>
[[nodiscard]] constexpr bool arrivals_as_headed(C& fabric, std::uint32_t first, std::uint32_t end) {
  if constexpr (hal::OutputMonitors<C>) {
    const Result<std::uint32_t> at = fabric.first_unarrived(first, end);
    return at && *at == hal::kAllArrived;
  } else {
    (void)fabric, (void)first, (void)end;
    return true;
  }
}

/// ROUND_CHECK says the round's signals all arrived where their headers named (one
/// read); false also when it could not be read or is not valid: check port by port.
template <hal::OutputMonitors C>
[[nodiscard]] constexpr bool summary_clean(C& fabric) {
  const Result<hal::RoundCheck> check = fabric.round_check();
  return check && check->clean();
}

}  // namespace a2a::app::detail
