// One schedule chosen at run time (from a configuration block or a command line),
// without virtual functions or heap: a tagged union over the schedule families of
// ScheduleFamilies (schedule_families.hpp), the size of the largest family plus the tag.
// Its Round is itself a Configuration, so route() and check_exchange() work on it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#include "a2a/family_union.hpp"
#include "a2a/gsen_stage_control.hpp"
#include "a2a/schedule.hpp"
#include "a2a/schedule_families.hpp"
#include "a2a/status.hpp"

namespace a2a {

/// The family a network gets when none is asked for: the shift passes on the shift
/// network; on a GSEN the fewest rounds known (never above paper 000's Fig. 14 bound):
/// a stored set of the catalogue where it has one (it holds only sets with fewer
/// rounds than the families below), alternating control for N = 2 (mod 4), the Latin
/// square for N = 2^n, the paper's doubly / quadruply alternating set where it has
/// one for N, else all 2^n stage-control words; the Latin square everywhere else it applies.
/// A build that leaves families out (A2A_FAMILIES) gets the first of these its build
/// carries, all 2^n words last; when it carries none that applies, the first (its
/// make() then says schedule_not_built).
constexpr ScheduleKind default_schedule_kind(const Network& net) {
  if (net.topology == Topology::shift) return ScheduleKind::shift;
  if (net.topology != Topology::gsen) return ScheduleKind::latin_square;
  // The catalogue's tables are looked at only where the table family is carried: a
  // build without it carries no stored set.
  if (family_built(ScheduleKind::table) && catalogue_table(net) != nullptr) return ScheduleKind::table;
  ScheduleKind best = ScheduleKind::gsen_stage_control;
  if (net.ports % 4 == 2)
    best = ScheduleKind::alternating;
  else if ((std::uint32_t{1} << net.stages) == net.ports)
    best = ScheduleKind::latin_square;
  else if (const PaperConfigurationSet* set = paper_configuration_set(net.ports))
    best = set->pattern == GsenPattern::quadruply_alternating ? ScheduleKind::quadruply_alternating
                                                              : ScheduleKind::doubly_alternating;
  if (family_built(best) || !family_built(ScheduleKind::gsen_stage_control)) return best;
  return ScheduleKind::gsen_stage_control;
}

/// Where the stored set a schedule of `kind` runs on `net` came from (its file and
/// note: the console's exchange line, `a2a plan`, the dump's schedule_source), or ""
/// when the schedule is not the table family's.
constexpr std::string_view stored_set_origin(const Network& net, ScheduleKind kind) {
  const ConfigurationTable* table =
      family_built(ScheduleKind::table) && kind == ScheduleKind::table ? catalogue_table(net) : nullptr;
  return table != nullptr ? table->origin : std::string_view{};
}

namespace detail {
template <class... F>
FamilyUnion<kLargestOf<typename F::Schedule...>, typename F::Schedule...> schedule_union_of(FamilyList<F...>);
template <class... F>
FamilyUnion<kLargestOf<typename F::Schedule::Round...>, typename F::Schedule::Round...> round_union_of(
    FamilyList<F...>);
template <class... F>
constexpr std::size_t largest_schedule(FamilyList<F...>) {
  return kLargestOf<typename F::Schedule...>;
}
template <class... F>
constexpr std::size_t largest_round(FamilyList<F...>) {
  return kLargestOf<typename F::Schedule::Round...>;
}
/// Each code's position in a family list (the list's size for a code it does not hold).
template <class... F>
constexpr auto positions_of_codes(FamilyList<F...>) {
  constexpr std::size_t codes = [] {
    std::size_t last = 0;
    ((last = static_cast<std::size_t>(F::kind) > last ? static_cast<std::size_t>(F::kind) : last), ...);
    return last + 1;
  }();
  std::array<std::uint8_t, codes> at{};
  for (std::uint8_t& a : at) a = static_cast<std::uint8_t>(sizeof...(F));
  std::uint8_t i = 0;
  ((at[static_cast<std::size_t>(F::kind)] = i++), ...);
  return at;
}
}  // namespace detail

/// The tagged union over a list of families (a FamilyList in code order);
/// AnySchedule is the one over the families this build carries (BuiltScheduleFamilies:
/// all of ScheduleFamilies unless A2A_FAMILIES chose). A list that appends families to
/// ScheduleFamilies (AppendFamilies) makes the same union with more members: that is
/// how a test adds a family without touching the core (docs/extending.md).
template <class Families>
class BasicAnySchedule {
  using Schedules = decltype(detail::schedule_union_of(Families{}));
  using Rounds = decltype(detail::round_union_of(Families{}));
  static constexpr std::size_t kFamilies = Families::size;
  template <std::size_t I>
  using Family = FamilyOf<I, Families>;
  static_assert(detail::codes_ascending(Families{}), "a family list names its families in code order");
  /// The union's position of a code (kFamilies for one the list does not hold): the
  /// code itself where the list holds every code from 0, else one read of a table.
  static constexpr bool kEveryCode = detail::codes_in_order(Families{});
  static constexpr auto kPositions = detail::positions_of_codes(Families{});
  static constexpr std::size_t position_of(ScheduleKind kind) {
    const auto code = static_cast<std::size_t>(kind);
    if constexpr (kEveryCode)
      return code < kFamilies ? code : kFamilies;
    else
      return code < kPositions.size() ? kPositions[code] : kFamilies;
  }
  /// The position of a kind_ the schedule holds (always one of the list's): the
  /// dispatch's index, with no range test on the send() path.
  static constexpr std::size_t held_position(ScheduleKind kind) {
    if constexpr (kEveryCode)
      return static_cast<std::size_t>(kind);
    else
      return kPositions[static_cast<std::size_t>(kind)];
  }
  static constexpr bool kCarriesFaults = Families::holds(ScheduleKind::fault_tolerant);
  static constexpr std::size_t kFaultPosition = position_of(ScheduleKind::fault_tolerant);

 public:
  class Round {
   private:
    friend class BasicAnySchedule;
    template <std::size_t I>
    constexpr Round(detail::AlternativeIndex<I> i, const typename Family<I>::Schedule::Round& round)
        : kind_(Family<I>::kind), rounds_(i, round) {}

    /// Calls f with the active family's round.
    template <class F>
    constexpr decltype(auto) visit(F f) const {
      return detail::visit_index<kFamilies>(held_position(kind_),
                                            [&](auto i) { return f(rounds_.template get<decltype(i)::value>()); });
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
    /// Every stage's states as a repeating pattern (out[s] for s < out.size()) where the
    /// family's round has them (a periodic table's): their period, else 0.
    [[nodiscard]] constexpr std::uint32_t stage_patterns(std::span<std::uint32_t> out) const {
      // Only the table family's rounds have them: the others pay a compare, not a dispatch.
      if (kind_ != ScheduleKind::table) return 0;
      return visit([&](const auto& r) -> std::uint32_t {
        if constexpr (requires { r.stage_patterns(out); })
          return r.stage_patterns(out);
        else
          return 0;
      });
    }
    /// switch_state(stage, y) of the switches y < out.size(), into out[y]: the family
    /// found once, not once a switch (a host tabulating whole rounds).
    constexpr void stage_states(std::uint32_t stage, std::span<std::uint32_t> out) const {
      visit([&](const auto& r) {
        const auto round = r;  // a copy out[] cannot alias: what a stage shares is read once
        for (std::size_t y = 0; y < out.size(); ++y)
          out[y] = static_cast<std::uint32_t>(round.switch_state(stage, static_cast<std::uint32_t>(y)));
      });
    }

   private:
    ScheduleKind kind_{Family<0>::kind};
    Rounds rounds_{};  // the active member is the one of kind_ (at position_of(kind_))
  };

 private:
  friend class Result<BasicAnySchedule>;  // make() builds the schedule inside its result
  /// A planned fault-tolerant schedule (or its error) as an AnySchedule, built inside the
  /// result (no schedule-sized temporary: a small board plans beneath its round loop).
  /// Called only where the list carries the fault-tolerant family.
  static constexpr Result<BasicAnySchedule> holding(const Result<FaultTolerantSchedule>& s) {
    A2A_TRY(s);
    return Result<BasicAnySchedule>(std::in_place, detail::AlternativeIndex<kFaultPosition>{}, *s);
  }
  template <std::size_t I>
  constexpr BasicAnySchedule(detail::AlternativeIndex<I> i, const typename Family<I>::Schedule& schedule)
      : kind_(Family<I>::kind), schedules_(i, schedule) {}

  /// Calls f with the active family's schedule.
  template <class F>
  constexpr decltype(auto) visit(F f) const {
    return detail::visit_index<kFamilies>(held_position(kind_),
                                          [&](auto i) { return f(schedules_.template get<decltype(i)::value>()); });
  }

 public:
  constexpr BasicAnySchedule() = default;

  static constexpr Result<BasicAnySchedule> make(const Network& net, ScheduleKind kind,
                                                 RoundOrder order = RoundOrder::natural) {
    const std::size_t at = position_of(kind);
    if (at >= kFamilies)
      return static_cast<std::size_t>(kind) < kAllScheduleKinds.size() ? Errc::schedule_not_built
                                                                       : Errc::schedule_unknown;
    return detail::visit_index<kFamilies>(at, [&](auto i) -> Result<BasicAnySchedule> {
      const auto s = Family<decltype(i)::value>::make(net, order);
      A2A_TRY(s);
      return Result<BasicAnySchedule>(std::in_place, i, *s);
    });
  }

  /// The fault-tolerant schedule for one faulty switch (paper 004): the errors of
  /// FaultTolerantSchedule::make (fault_out_of_range, fault_cuts_off_processors,
  /// faults_not_supported, fault_plan_storage_too_small). Baseline, banyan and their
  /// reverses need `storage` for N ports, which must outlive the schedule.
  static constexpr Result<BasicAnySchedule> make(const Network& net, SwitchFault fault, PlanStorageSpan storage = {}) {
    if constexpr (kCarriesFaults)
      return holding(FaultTolerantSchedule::make(net, fault, storage));
    else
      return Errc::schedule_not_built;
  }
  /// The fault-tolerant schedule for a set of faulty switches and dead links
  /// (FaultTolerantSchedule::make(net, FaultSetView, ...): the general planner, and
  /// for one internal switch the fewer rounds of it and the single-fault designs).
  /// `storage` (FaultPlanStorage<N, faults>) must outlive the schedule.
  static constexpr Result<BasicAnySchedule> make(const Network& net, FaultSetView faults, PlanStorageSpan storage,
                                                 FaultPlanOptions options = {}) {
    if constexpr (kCarriesFaults)
      return holding(FaultTolerantSchedule::make(net, faults, storage, options));
    else
      return Errc::schedule_not_built;
  }
  /// The completion of an exchange a fault interrupted (FaultTolerantSchedule::completion):
  /// the messages of `held` around `faults`, in the held list's storage (it must outlive
  /// the schedule); degraded: those no relay carries counted in `left_out`.
  static constexpr Result<BasicAnySchedule> completion(const Network& net, FaultSetView faults, HeldList& held,
                                                       const FaultPlanOptions& options, LeftOutMessages& left_out) {
    if constexpr (kCarriesFaults)
      return holding(FaultTolerantSchedule::completion(net, faults, held, options, left_out));
    else
      return Errc::schedule_not_built;
  }
  /// A completion frame (FaultTolerantSchedule::completion_frame): fault_tolerant()->complete() plans it.
  static constexpr Result<BasicAnySchedule> completion_frame(const Network& net, FaultSetView faults,
                                                             const PlanMeter* meter = nullptr) {
    if constexpr (kCarriesFaults)
      return holding(FaultTolerantSchedule::completion_frame(net, faults, meter));
    else
      return Errc::schedule_not_built;
  }
  /// The fault of a fault-tolerant schedule (nullptr for the other families).
  [[nodiscard]] constexpr const FaultTolerantSchedule* fault_tolerant() const {
    if constexpr (kCarriesFaults)
      return kind_ == ScheduleKind::fault_tolerant ? &schedules_.template get<kFaultPosition>() : nullptr;
    else
      return nullptr;
  }
  /// The same, to plan into (a completion frame's complete()).
  [[nodiscard]] constexpr FaultTolerantSchedule* fault_tolerant() {
    if constexpr (kCarriesFaults)
      return kind_ == ScheduleKind::fault_tolerant ? &schedules_.template get<kFaultPosition>() : nullptr;
    else
      return nullptr;
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
    return detail::visit_index<kFamilies>(
        held_position(kind_), [&](auto i) { return Round(i, schedules_.template get<decltype(i)::value>().round(r)); });
  }
  [[nodiscard]] constexpr Result<Round> checked_round(std::uint32_t r) const {
    if (r >= rounds()) return Errc::round_out_of_range;
    return round(r);
  }
  /// Precondition: `round` came from this schedule (same family); a round of another
  /// family is a contract violation (the round's kind is checked).
  [[nodiscard]] constexpr PortSend send(const Round& round, std::uint32_t i) const {
    if (round.kind_ != kind_) detail::contract_violation();
    return detail::visit_index<kFamilies>(held_position(kind_), [&](auto f) {
      return schedules_.template get<decltype(f)::value>().send(round.rounds_.template get<decltype(f)::value>(), i);
    });
  }
  /// send(round, first + k) into out[k] for every k < out.size(): the family found once,
  /// not once a port (a host tabulating whole rounds). Same precondition as send().
  constexpr void sends(const Round& round, std::uint32_t first, std::span<PortSend> out) const {
    if (round.kind_ != kind_) detail::contract_violation();
    detail::visit_index<kFamilies>(held_position(kind_), [&](auto f) {
      const auto schedule = schedules_.template get<decltype(f)::value>();  // copies out[] cannot alias
      const auto r = round.rounds_.template get<decltype(f)::value>();
      for (std::size_t k = 0; k < out.size(); ++k) out[k] = schedule.send(r, first + static_cast<std::uint32_t>(k));
    });
  }
  /// Whether the family's rounds have their ports as a pattern (a periodic table's):
  /// a compare for every other family.
  [[nodiscard]] constexpr bool periodic() const {
    if (kind_ != ScheduleKind::table) return false;
    return detail::visit_index<kFamilies>(held_position(kind_), [&](auto f) -> bool {
      const auto& schedule = schedules_.template get<decltype(f)::value>();
      if constexpr (requires { schedule.periodic(); })
        return schedule.periodic();
      else
        return false;
    });
  }
  /// The round's ports as a pattern where the family's rounds have one (a periodic
  /// table's), else period 0. Same precondition as send().
  [[nodiscard]] constexpr PeriodicPorts periodic_ports(const Round& round) const {
    if (round.kind_ != kind_) detail::contract_violation();
    if (kind_ != ScheduleKind::table) return {};  // the others pay a compare, not a dispatch
    return detail::visit_index<kFamilies>(held_position(kind_), [&](auto f) -> PeriodicPorts {
      const auto& schedule = schedules_.template get<decltype(f)::value>();
      if constexpr (requires { schedule.periodic_ports(round.rounds_.template get<decltype(f)::value>()); })
        return schedule.periodic_ports(round.rounds_.template get<decltype(f)::value>());
      else
        return {};
    });
  }
  [[nodiscard]] constexpr Result<PortSend> checked_send(const Round& round, std::uint32_t i) const {
    if (i >= network().ports) return Errc::port_out_of_range;
    return send(round, i);
  }

 private:
  ScheduleKind kind_{Family<0>::kind};
  Schedules schedules_{};  // the active member is the one of kind_ (at position_of(kind_))
};

/// The schedule a controller runs: one of the families this build carries.
using AnySchedule = BasicAnySchedule<BuiltScheduleFamilies>;

static_assert(Schedule<AnySchedule>);
// A real tagged union: the largest family plus the tag, not every family side by side.
// (A round's union is padded to its strictest member's alignment: a table round holds a
// pointer, 8-aligned on the host.)
static_assert(sizeof(AnySchedule) <= detail::largest_schedule(BuiltScheduleFamilies{}) + 8 &&
                  sizeof(AnySchedule::Round) <=
                      (detail::largest_round(BuiltScheduleFamilies{}) + alignof(AnySchedule::Round) - 1) /
                              alignof(AnySchedule::Round) * alignof(AnySchedule::Round) +
                          alignof(AnySchedule::Round),
              "AnySchedule must stay a tagged union of its families");

}  // namespace a2a
