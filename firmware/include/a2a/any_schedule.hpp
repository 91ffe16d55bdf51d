// One schedule chosen at run time (from a configuration block or a command line),
// without virtual functions or heap: a tagged union over the schedule families.
// Its Round is itself a Configuration, so route() and check_exchange() work on it.
#pragma once

#include <cstdint>
#include <string_view>
#include <type_traits>

#include "a2a/alternating.hpp"
#include "a2a/fault_tolerant.hpp"
#include "a2a/gsen_broadcast.hpp"
#include "a2a/gsen_sets.hpp"
#include "a2a/gsen_stage_control.hpp"
#include "a2a/latin_square.hpp"
#include "a2a/optical.hpp"
#include "a2a/schedule.hpp"
#include "a2a/shift_network.hpp"
#include "a2a/status.hpp"

namespace a2a {

enum class ScheduleKind : std::uint8_t {
  latin_square,  ///< stage-controlled Latin square / configurations M^x (papers 001, 002, 004)
  alternating,   ///< GSEN, N = 2 (mod 4): alternating stage control (paper 000, Algorithm 4)
  optical,       ///< crosstalk-free: each Latin-square round split by the input sets A and B (paper 002)
  shift,         ///< the shift network's cyclic-shift passes, crosstalk-free (paper 003)
  // GSEN with any even N (paper 000): configuration sets with idle ports decided on the fly.
  gsen_stage_control,     ///< all 2^n stage-control words (R_sc(N) rounds)
  doubly_alternating,     ///< doubly alternating words: the paper's set for N where it has one, else all 2^n
  quadruply_alternating,  ///< quadruply alternating words: the paper's set for N where it has one, else all 2^n
  broadcast,              ///< all-to-all BROADCAST (Algorithm 1): each processor's one message to every processor
  fault_tolerant,         ///< one faulty switch: Latin square plus two-hop relays (paper 004); make(net, SwitchFault)
};

inline constexpr ScheduleKind kAllScheduleKinds[] = {ScheduleKind::latin_square, ScheduleKind::alternating,
                                                     ScheduleKind::optical, ScheduleKind::shift,
                                                     ScheduleKind::gsen_stage_control,
                                                     ScheduleKind::doubly_alternating,
                                                     ScheduleKind::quadruply_alternating, ScheduleKind::broadcast,
                                                     ScheduleKind::fault_tolerant};

/// Names used in the schedule dump ("schedule" field), the host tool and the configuration block.
constexpr std::string_view name(ScheduleKind k) {
  switch (k) {
    case ScheduleKind::latin_square: return "latin-square";
    case ScheduleKind::alternating: return "alternating";
    case ScheduleKind::optical: return "optical";
    case ScheduleKind::shift: return "shift";
    case ScheduleKind::gsen_stage_control: return "gsen-stage-control";
    case ScheduleKind::doubly_alternating: return "doubly-alternating";
    case ScheduleKind::quadruply_alternating: return "quadruply-alternating";
    case ScheduleKind::broadcast: return "broadcast";
    case ScheduleKind::fault_tolerant: return "fault-tolerant";
  }
  return "unknown";
}

constexpr Result<ScheduleKind> parse_schedule_kind(std::string_view text) {
  for (ScheduleKind k : kAllScheduleKinds)
    if (name(k) == text) return k;
  return Errc::schedule_unknown;
}

/// The family a network gets when none is asked for: the shift passes on the shift
/// network; on a GSEN the fewest rounds known (never above paper 000's Fig. 14 bound):
/// alternating control for N = 2 (mod 4), the Latin square for N = 2^n, the paper's
/// doubly / quadruply alternating set where it has one for N, else all 2^n
/// stage-control words; the Latin square everywhere else it applies.
constexpr ScheduleKind default_schedule_kind(const Network& net) {
  if (net.topology == Topology::shift) return ScheduleKind::shift;
  if (net.topology != Topology::gsen) return ScheduleKind::latin_square;
  if (net.ports % 4 == 2) return ScheduleKind::alternating;
  if ((std::uint32_t{1} << net.stages) == net.ports) return ScheduleKind::latin_square;
  if (const PaperConfigurationSet* set = paper_configuration_set(net.ports))
    return set->pattern == GsenPattern::quadruply_alternating ? ScheduleKind::quadruply_alternating
                                                              : ScheduleKind::doubly_alternating;
  return ScheduleKind::gsen_stage_control;
}

/// Whether `kind` is one of the GSEN configuration-set families (one GsenSetSchedule underneath).
constexpr bool is_gsen_set_kind(ScheduleKind kind) {
  return kind == ScheduleKind::gsen_stage_control || kind == ScheduleKind::doubly_alternating ||
         kind == ScheduleKind::quadruply_alternating || kind == ScheduleKind::broadcast;
}

class AnySchedule {
 public:
  class Round {
   private:
    friend class AnySchedule;
    /// Calls f with the active family's round.
    template <class F>
    constexpr std::invoke_result_t<F, const LatinSquareSchedule<>::Round&> visit(F f) const {
      switch (kind_) {
        case ScheduleKind::alternating: return f(alternating_);
        case ScheduleKind::optical: return f(optical_);
        case ScheduleKind::shift: return f(shift_);
        case ScheduleKind::gsen_stage_control:
        case ScheduleKind::doubly_alternating:
        case ScheduleKind::quadruply_alternating:
        case ScheduleKind::broadcast: return f(gsen_);
        case ScheduleKind::fault_tolerant: return f(fault_tolerant_);
        default: return f(latin_);
      }
    }

   public:
    constexpr Round() = default;
    [[nodiscard]] constexpr ScheduleKind kind() const { return kind_; }
    [[nodiscard]] constexpr std::uint32_t index() const {
      return visit([](const auto& r) { return r.index(); });
    }
    [[nodiscard]] constexpr ControlMode control() const {
      return visit([](const auto& r) { return r.control(); });
    }
    /// The round's stage word (stage 0 the most significant digit).
    [[nodiscard]] constexpr std::uint32_t word() const {
      return visit([](const auto& r) { return r.word(); });
    }
    [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t stage, std::uint32_t sw) const {
      return visit([&](const auto& r) { return static_cast<std::uint32_t>(r.switch_state(stage, sw)); });
    }

   private:
    ScheduleKind kind_{ScheduleKind::latin_square};
    LatinSquareSchedule<>::Round latin_{};
    AlternatingSchedule::Round alternating_{};
    OpticalSchedule::Round optical_{};
    ShiftSchedule::Round shift_{};
    GsenSetSchedule::Round gsen_{};
    FaultTolerantSchedule::Round fault_tolerant_{};
  };

 private:
  /// Calls f with the active family's schedule.
  template <class F>
  constexpr std::invoke_result_t<F, const LatinSquareSchedule<>&> visit(F f) const {
    switch (kind_) {
      case ScheduleKind::alternating: return f(alternating_);
      case ScheduleKind::optical: return f(optical_);
      case ScheduleKind::shift: return f(shift_);
      case ScheduleKind::gsen_stage_control:
      case ScheduleKind::doubly_alternating:
      case ScheduleKind::quadruply_alternating:
      case ScheduleKind::broadcast: return f(gsen_);
      case ScheduleKind::fault_tolerant: return f(fault_tolerant_);
      default: return f(latin_);
    }
  }

 public:
  constexpr AnySchedule() = default;

  static constexpr Result<AnySchedule> make(const Network& net, ScheduleKind kind,
                                            RoundOrder order = RoundOrder::natural) {
    AnySchedule any;
    any.kind_ = kind;
    switch (kind) {
      case ScheduleKind::latin_square: {
        const auto s = LatinSquareSchedule<>::make(net, order);
        if (!s) return s.error();
        any.latin_ = *s;
        return any;
      }
      case ScheduleKind::alternating: {
        const auto s = AlternatingSchedule::make(net);
        if (!s) return s.error();
        any.alternating_ = *s;
        return any;
      }
      case ScheduleKind::optical: {
        const auto s = OpticalSchedule::make(net, order);
        if (!s) return s.error();
        any.optical_ = *s;
        return any;
      }
      case ScheduleKind::shift: {
        const auto s = ShiftSchedule::make(net, order);
        if (!s) return s.error();
        any.shift_ = *s;
        return any;
      }
      case ScheduleKind::gsen_stage_control:
      case ScheduleKind::doubly_alternating:
      case ScheduleKind::quadruply_alternating: {
        const GsenPattern pattern = kind == ScheduleKind::gsen_stage_control   ? GsenPattern::stage
                                    : kind == ScheduleKind::doubly_alternating ? GsenPattern::doubly_alternating
                                                                               : GsenPattern::quadruply_alternating;
        const auto s = make_gsen_pattern_schedule(net, pattern, order);
        if (!s) return s.error();
        any.gsen_ = *s;
        return any;
      }
      case ScheduleKind::broadcast: {  // its own configurations and order (Algorithm 1), like alternating
        const auto s = GsenBroadcastSchedule::make(net);
        if (!s) return s.error();
        any.gsen_ = s->configurations();
        return any;
      }
      case ScheduleKind::fault_tolerant: return Errc::schedule_needs_fault;  // make(net, fault)
    }
    return Errc::schedule_unknown;
  }

  /// The fault-tolerant schedule for one faulty switch (paper 004): the errors of
  /// FaultTolerantSchedule::make (fault_out_of_range, fault_cuts_off_processors,
  /// faults_not_supported, fault_plan_storage_too_small). Baseline, banyan and their
  /// reverses need `storage` for N ports, which must outlive the schedule.
  static constexpr Result<AnySchedule> make(const Network& net, SwitchFault fault, RelayPlanSpan storage = {}) {
    const auto s = FaultTolerantSchedule::make(net, fault, storage);
    if (!s) return s.error();
    AnySchedule any;
    any.kind_ = ScheduleKind::fault_tolerant;
    any.fault_tolerant_ = *s;
    return any;
  }
  /// The fault of a fault-tolerant schedule (nullptr for the other families).
  [[nodiscard]] constexpr const FaultTolerantSchedule* fault_tolerant() const {
    return kind_ == ScheduleKind::fault_tolerant ? &fault_tolerant_ : nullptr;
  }

  [[nodiscard]] constexpr ScheduleKind kind() const { return kind_; }
  [[nodiscard]] constexpr Network network() const {
    return visit([](const auto& s) { return s.network(); });
  }
  [[nodiscard]] constexpr std::uint32_t rounds() const {
    return visit([](const auto& s) { return s.rounds(); });
  }
  /// True for the all-to-all broadcast: each port's one message, every (origin, receiver) once.
  [[nodiscard]] constexpr bool broadcast() const { return kind_ == ScheduleKind::broadcast; }
  /// True for the crosstalk-free families (optical, shift): check_exchange then checks crosstalk.
  [[nodiscard]] constexpr bool optical() const {
    return visit([](const auto& s) { return is_optical(s); });
  }
  [[nodiscard]] constexpr Round round(std::uint32_t r) const {
    Round round;
    round.kind_ = kind_;
    switch (kind_) {
      case ScheduleKind::alternating: round.alternating_ = alternating_.round(r); break;
      case ScheduleKind::optical: round.optical_ = optical_.round(r); break;
      case ScheduleKind::shift: round.shift_ = shift_.round(r); break;
      case ScheduleKind::gsen_stage_control:
      case ScheduleKind::doubly_alternating:
      case ScheduleKind::quadruply_alternating:
      case ScheduleKind::broadcast: round.gsen_ = gsen_.round(r); break;
      case ScheduleKind::fault_tolerant: round.fault_tolerant_ = fault_tolerant_.round(r); break;
      default: round.latin_ = latin_.round(r); break;
    }
    return round;
  }
  [[nodiscard]] constexpr Result<Round> checked_round(std::uint32_t r) const {
    if (r >= rounds()) return Errc::round_out_of_range;
    return round(r);
  }
  [[nodiscard]] constexpr PortSend send(const Round& round, std::uint32_t i) const {
    switch (kind_) {
      case ScheduleKind::alternating: return alternating_.send(round.alternating_, i);
      case ScheduleKind::optical: return optical_.send(round.optical_, i);
      case ScheduleKind::shift: return shift_.send(round.shift_, i);
      case ScheduleKind::gsen_stage_control:
      case ScheduleKind::doubly_alternating:
      case ScheduleKind::quadruply_alternating:
      case ScheduleKind::broadcast: return gsen_.send(round.gsen_, i);
      case ScheduleKind::fault_tolerant: return fault_tolerant_.send(round.fault_tolerant_, i);
      default: return latin_.send(round.latin_, i);
    }
  }
  [[nodiscard]] constexpr Result<PortSend> checked_send(const Round& round, std::uint32_t i) const {
    if (i >= network().ports) return Errc::port_out_of_range;
    return send(round, i);
  }

 private:
  ScheduleKind kind_{ScheduleKind::latin_square};
  LatinSquareSchedule<> latin_{};
  AlternatingSchedule alternating_{};
  OpticalSchedule optical_{};
  ShiftSchedule shift_{};
  GsenSetSchedule gsen_{};
  FaultTolerantSchedule fault_tolerant_{};
};

static_assert(Schedule<AnySchedule>);

}  // namespace a2a
