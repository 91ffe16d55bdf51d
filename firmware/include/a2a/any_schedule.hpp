// One schedule chosen at run time (from a configuration block or a command line),
// without virtual functions or heap: a tagged union over the schedule families.
// Its Round is itself a Configuration, so route() and check_exchange() work on it.
#pragma once

#include <cstdint>
#include <string_view>

#include "a2a/alternating.hpp"
#include "a2a/latin_square.hpp"
#include "a2a/schedule.hpp"
#include "a2a/status.hpp"

namespace a2a {

enum class ScheduleKind : std::uint8_t {
  latin_square,  ///< stage-controlled Latin square / configurations M^x (papers 001, 002, 004)
  alternating,   ///< GSEN, N = 2 (mod 4): alternating stage control (paper 000, Algorithm 4)
};

inline constexpr ScheduleKind kAllScheduleKinds[] = {ScheduleKind::latin_square, ScheduleKind::alternating};

/// Names used in the schedule dump ("schedule" field), the host tool and the configuration block.
constexpr std::string_view name(ScheduleKind k) {
  switch (k) {
    case ScheduleKind::latin_square: return "latin-square";
    case ScheduleKind::alternating: return "alternating";
  }
  return "unknown";
}

constexpr Result<ScheduleKind> parse_schedule_kind(std::string_view text) {
  for (ScheduleKind k : kAllScheduleKinds)
    if (name(k) == text) return k;
  return Errc::schedule_unknown;
}

/// The family a network gets when none is asked for: alternating control for a GSEN
/// with N = 2 (mod 4), the Latin square everywhere else it applies.
constexpr ScheduleKind default_schedule_kind(const Network& net) {
  return net.topology == Topology::gsen && net.ports % 4 == 2 ? ScheduleKind::alternating
                                                              : ScheduleKind::latin_square;
}

class AnySchedule {
 public:
  class Round {
   public:
    constexpr Round() = default;
    [[nodiscard]] constexpr ScheduleKind kind() const { return kind_; }
    [[nodiscard]] constexpr std::uint32_t index() const {
      return kind_ == ScheduleKind::alternating ? alternating_.index() : latin_.index();
    }
    [[nodiscard]] constexpr ControlMode control() const {
      return kind_ == ScheduleKind::alternating ? alternating_.control() : latin_.control();
    }
    /// The round's stage word (stage 0 the most significant digit).
    [[nodiscard]] constexpr std::uint32_t word() const {
      return kind_ == ScheduleKind::alternating ? alternating_.word() : latin_.word();
    }
    [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t stage, std::uint32_t sw) const {
      return kind_ == ScheduleKind::alternating ? alternating_.switch_state(stage, sw)
                                                : latin_.switch_state(stage, sw);
    }

   private:
    friend class AnySchedule;
    ScheduleKind kind_{ScheduleKind::latin_square};
    LatinSquareSchedule<>::Round latin_{};
    AlternatingSchedule::Round alternating_{};
  };

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
    }
    return Errc::schedule_unknown;
  }

  [[nodiscard]] constexpr ScheduleKind kind() const { return kind_; }
  [[nodiscard]] constexpr Network network() const {
    return kind_ == ScheduleKind::alternating ? alternating_.network() : latin_.network();
  }
  [[nodiscard]] constexpr std::uint32_t rounds() const {
    return kind_ == ScheduleKind::alternating ? alternating_.rounds() : latin_.rounds();
  }
  [[nodiscard]] constexpr Round round(std::uint32_t r) const {
    Round round;
    round.kind_ = kind_;
    if (kind_ == ScheduleKind::alternating)
      round.alternating_ = alternating_.round(r);
    else
      round.latin_ = latin_.round(r);
    return round;
  }
  [[nodiscard]] constexpr Result<Round> checked_round(std::uint32_t r) const {
    if (r >= rounds()) return Errc::round_out_of_range;
    return round(r);
  }
  [[nodiscard]] constexpr PortSend send(const Round& round, std::uint32_t i) const {
    return kind_ == ScheduleKind::alternating ? alternating_.send(round.alternating_, i) : latin_.send(round.latin_, i);
  }
  [[nodiscard]] constexpr Result<PortSend> checked_send(const Round& round, std::uint32_t i) const {
    if (i >= network().ports) return Errc::port_out_of_range;
    return send(round, i);
  }

 private:
  ScheduleKind kind_{ScheduleKind::latin_square};
  LatinSquareSchedule<> latin_{};
  AlternatingSchedule alternating_{};
};

static_assert(Schedule<AnySchedule>);

}  // namespace a2a
