// The schedule families AnySchedule can hold, as one list.
//
// A family is a small descriptor: its ScheduleKind (the code a configuration block
// stores in flash), its name (dump, tool, console), the summary `a2a list` prints,
// the schedule type it makes and how to make it from a network and a round order. ScheduleFamilies lists them in
// code order; AnySchedule's union and dispatch, kAllScheduleKinds, name(),
// parse_schedule_kind(), is_gsen_set_kind() and the tool's listings all come from
// it. Adding a family: its header (schedule and descriptor), an enumerator with the
// next code, and one line in ScheduleFamilies; the static_asserts below catch a
// line out of order, and the golden table pins the codes already in flash.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include "a2a/alternating.hpp"
#include "a2a/built_choice.hpp"
#include "a2a/configuration_table.hpp"
#include "a2a/fault/fault_tolerant_schedule.hpp"
#include "a2a/gsen_catalogue.hpp"
#include "a2a/gsen_broadcast.hpp"
#include "a2a/gsen_sets.hpp"
#include "a2a/latin_square.hpp"
#include "a2a/optical.hpp"
#include "a2a/shift_network.hpp"
#include "a2a/status.hpp"

namespace a2a {

/// The configuration block's schedule code (byte 9): values are stored in flash, never renumber.
enum class ScheduleKind : std::uint8_t {
  latin_square = 0,  ///< stage-controlled Latin square / configurations M^x (papers 001, 002, 004)
  alternating = 1,   ///< GSEN, N = 2 (mod 4): alternating stage control (paper 000, Algorithm 4)
  optical = 2,       ///< crosstalk-free: each Latin-square round split by the input sets A and B (paper 002)
  shift = 3,         ///< the shift network's cyclic-shift passes, crosstalk-free (paper 003)
  // GSEN with any even N (paper 000): configuration sets with idle ports decided on the fly.
  gsen_stage_control = 4,     ///< all 2^n stage-control words (R_sc(N) rounds)
  doubly_alternating = 5,     ///< doubly alternating words: the paper's set for N where it has one, else all 2^n
  quadruply_alternating = 6,  ///< quadruply alternating words: the paper's set for N where it has one, else all 2^n
  broadcast = 7,              ///< all-to-all BROADCAST (Algorithm 1): each processor's one message to every processor
  fault_tolerant = 8,  ///< one faulty switch: Latin square plus two-hop relays (paper 004); make(net, SwitchFault)
  table = 9,           ///< a stored configuration set of arbitrary switch settings (a2a search, the catalogue)
};

namespace family {

struct LatinSquare {
  static constexpr ScheduleKind kind = ScheduleKind::latin_square;
  static constexpr std::string_view name = "latin-square";
  static constexpr std::string_view summary =
      "N rounds of stage control (papers 001, 002, 004); unique-path networks: every topology with "
      "N = d^n, gsen only for N = 2^n; --order natural|gray";
  using Schedule = LatinSquareSchedule<>;
  static constexpr Result<Schedule> make(const Network& net, RoundOrder order) { return Schedule::make(net, order); }
};

struct Alternating {
  static constexpr ScheduleKind kind = ScheduleKind::alternating;
  static constexpr std::string_view name = "alternating";
  static constexpr std::string_view summary =
      "N rounds of alternating stage control (paper 000, Algorithm 4); gsen with N = 2 (mod 4)";
  using Schedule = AlternatingSchedule;
  // Its rounds are already a Gray sequence of configurations: no order to choose.
  static constexpr Result<Schedule> make(const Network& net, RoundOrder) { return Schedule::make(net); }
};

struct Optical {
  static constexpr ScheduleKind kind = ScheduleKind::optical;
  static constexpr std::string_view name = "optical";
  static constexpr std::string_view summary =
      "2N crosstalk-free passes: each Latin-square round split by the input sets A (even number of 1 "
      "bits) and B (paper 002); d = 2, where latin-square applies; --order natural|gray";
  using Schedule = OpticalSchedule;
  static constexpr Result<Schedule> make(const Network& net, RoundOrder order) { return Schedule::make(net, order); }
};

struct Shift {
  static constexpr ScheduleKind kind = ScheduleKind::shift;
  static constexpr std::string_view name = "shift";
  static constexpr std::string_view summary =
      "N crosstalk-free passes on the shift network: the identity, then the N - 1 cyclic shifts "
      "(paper 003); --order natural|gray";
  using Schedule = ShiftSchedule;
  static constexpr Result<Schedule> make(const Network& net, RoundOrder order) { return Schedule::make(net, order); }
};

/// The GSEN configuration-set families share one schedule type and differ in the set.
template <ScheduleKind Kind, GsenPattern Pattern>
struct GsenSet {
  static constexpr ScheduleKind kind = Kind;
  using Schedule = GsenSetSchedule;
  static constexpr Result<Schedule> make(const Network& net, RoundOrder order) {
    return make_gsen_pattern_schedule(net, Pattern, order);
  }
};

struct GsenStageControl : GsenSet<ScheduleKind::gsen_stage_control, GsenPattern::stage> {
  static constexpr std::string_view name = "gsen-stage-control";
  static constexpr std::string_view summary =
      "2^n rounds of stage control over every word (paper 000, R_sc(N)); gsen, any even N; a port "
      "idles when its path duplicates a pair's smaller tag; --order natural|gray";
};
struct DoublyAlternating : GsenSet<ScheduleKind::doubly_alternating, GsenPattern::doubly_alternating> {
  static constexpr std::string_view name = "doubly-alternating";
  static constexpr std::string_view summary =
      "doubly alternating stage control (paper 000, Theorem 5.5): the paper's set for N = 20, 36, 44, "
      "68, 76, 84, 92, else all 2^n words; gsen, any even N; idle ports decided on the fly";
};
struct QuadruplyAlternating : GsenSet<ScheduleKind::quadruply_alternating, GsenPattern::quadruply_alternating> {
  static constexpr std::string_view name = "quadruply-alternating";
  static constexpr std::string_view summary =
      "quadruply alternating stage control (paper 000, Section 6): the paper's set for N = 72, else "
      "all 2^n words; gsen, any even N; idle ports decided on the fly";
};

struct Broadcast {
  static constexpr ScheduleKind kind = ScheduleKind::broadcast;
  static constexpr std::string_view name = "broadcast";
  static constexpr std::string_view summary =
      "all-to-all BROADCAST (paper 000, Algorithm 1): each processor's one message to every "
      "processor, exactly once; gsen, any even N, the fewest configurations known";
  using Schedule = GsenSetSchedule;
  // Its own configurations in their own order (Algorithm 1), like alternating.
  static constexpr Result<Schedule> make(const Network& net, RoundOrder) {
    const auto s = GsenBroadcastSchedule::make(net);
    A2A_TRY(s);
    return s->configurations();
  }
};

struct FaultTolerant {
  static constexpr ScheduleKind kind = ScheduleKind::fault_tolerant;
  static constexpr std::string_view name = "fault-tolerant";
  static constexpr std::string_view summary =
      "one faulty switch (--fault STAGE:SWITCH, paper 004): the Latin square with the crossing ports "
      "idle, then relay rounds carrying the 2N blocked messages through a third processor (omega, "
      "reverse-omega, gsen 2^n: 2N + 1 rounds for a fault in stage 1 or n-2, e.g. 59 for N = 32 stage 2; "
      "baseline, banyan and their reverses: planned relays within paper 004's 3N / 2N); N = 2^n >= 16, "
      "fault in any internal stage 1 .. n-2";
  using Schedule = FaultTolerantSchedule;
  // Made from a fault (AnySchedule::make(net, SwitchFault, storage)), never from N alone.
  static constexpr Result<Schedule> make(const Network&, RoundOrder) { return Errc::schedule_needs_fault; }
};

struct Table {
  static constexpr ScheduleKind kind = ScheduleKind::table;
  static constexpr std::string_view name = "table";
  static constexpr std::string_view summary =
      "a stored set of arbitrary switch settings found by a2a search (docs/search.md), run from flash: "
      "one bit per switch and round, idle ports stored; gsen N with a catalogue entry (N = 36 and 68: N rounds "
      "against paper 000's 40 and 72; N = 76: 80 against 88); natural order";
  using Schedule = TableSchedule;
  // The stored set's own order: idle bits mark a pair's later repeats, so it is not reordered.
  static constexpr Result<Schedule> make(const Network& net, RoundOrder order) {
    const ConfigurationTable* table = catalogue_table(net);
    if (table == nullptr) return Errc::table_none_for_network;
    if (order != RoundOrder::natural) return Errc::schedule_order_needs_all_configurations;
    return Schedule::make(net, *table);
  }
};

}  // namespace family

template <class... Families>
struct FamilyList {
  static constexpr std::size_t size = sizeof...(Families);
  /// Whether the list holds the family of `kind`.
  static constexpr bool holds(ScheduleKind kind) { return ((Families::kind == kind) || ...); }
};

/// Every family, in code order: position I holds the family whose ScheduleKind is I.
using ScheduleFamilies = FamilyList<family::LatinSquare, family::Alternating, family::Optical, family::Shift,
                                    family::GsenStageControl, family::DoublyAlternating, family::QuadruplyAlternating,
                                    family::Broadcast, family::FaultTolerant, family::Table>;

namespace detail {
template <std::size_t I, class List>
struct FamilyAtImpl;
template <std::size_t I, class First, class... Rest>
struct FamilyAtImpl<I, FamilyList<First, Rest...>> : FamilyAtImpl<I - 1, FamilyList<Rest...>> {};
template <class First, class... Rest>
struct FamilyAtImpl<0, FamilyList<First, Rest...>> {
  using type = First;
};

template <class... F>
constexpr bool codes_in_order(FamilyList<F...>) {
  std::size_t i = 0;
  return ((static_cast<std::size_t>(F::kind) == i++) && ...);
}
/// Codes strictly ascending (a list a build chose from ScheduleFamilies keeps their order).
template <class... F>
constexpr bool codes_ascending(FamilyList<F...>) {
  int last = -1;
  return ((static_cast<int>(F::kind) > last ? (last = static_cast<int>(F::kind), true) : false) && ...);
}

template <std::uint32_t Mask, class Kept, class... Rest>
struct KeepFamiliesImpl {
  using type = Kept;
};
template <std::uint32_t Mask, class... Kept, class F, class... Rest>
struct KeepFamiliesImpl<Mask, FamilyList<Kept...>, F, Rest...>
    : KeepFamiliesImpl<Mask,
                       std::conditional_t<((Mask >> static_cast<std::uint32_t>(F::kind)) & 1U) != 0,
                                          FamilyList<Kept..., F>, FamilyList<Kept...>>,
                       Rest...> {};
template <std::uint32_t Mask, class List>
struct KeepFamilies;
template <std::uint32_t Mask, class... F>
struct KeepFamilies<Mask, FamilyList<F...>> : KeepFamiliesImpl<Mask, FamilyList<>, F...> {};
template <class... F>
constexpr auto all_kinds(FamilyList<F...>) {
  return std::array<ScheduleKind, sizeof...(F)>{F::kind...};
}
template <class... F>
constexpr auto all_names(FamilyList<F...>) {
  return std::array<std::string_view, sizeof...(F)>{F::name...};
}
template <class... F>
constexpr auto all_summaries(FamilyList<F...>) {
  return std::array<std::string_view, sizeof...(F)>{F::summary...};
}
template <class... F>
constexpr auto gsen_set_flags(FamilyList<F...>) {
  return std::array<bool, sizeof...(F)>{std::is_same_v<typename F::Schedule, GsenSetSchedule>...};
}
}  // namespace detail

/// The family at position (= code) I of a family list, and of ScheduleFamilies.
template <std::size_t I, class List>
using FamilyOf = typename detail::FamilyAtImpl<I, List>::type;
template <std::size_t I>
using FamilyAt = FamilyOf<I, ScheduleFamilies>;

/// A family list with more families after List's (their codes continue List's).
template <class List, class... More>
struct AppendFamiliesImpl;
template <class... F, class... More>
struct AppendFamiliesImpl<FamilyList<F...>, More...> {
  using type = FamilyList<F..., More...>;
};
template <class List, class... More>
using AppendFamilies = typename AppendFamiliesImpl<List, More...>::type;

static_assert(detail::codes_in_order(ScheduleFamilies{}),
              "ScheduleFamilies must list the families in ScheduleKind order (the code is the position)");

inline constexpr auto kAllScheduleKinds = detail::all_kinds(ScheduleFamilies{});
inline constexpr auto kScheduleNames = detail::all_names(ScheduleFamilies{});

/// Names used in the schedule dump ("schedule" field), the host tool and the configuration block.
constexpr std::string_view name(ScheduleKind k) {
  const auto i = static_cast<std::size_t>(k);
  return i < kScheduleNames.size() ? kScheduleNames[i] : "unknown";
}

/// What the family does and where it applies, as `a2a list` prints it (host only: a
/// constexpr table nothing on the controller reads, so it takes no flash there).
constexpr std::string_view schedule_summary(ScheduleKind k) {
  constexpr auto summaries = detail::all_summaries(ScheduleFamilies{});
  const auto i = static_cast<std::size_t>(k);
  return i < summaries.size() ? summaries[i] : "";
}

constexpr Result<ScheduleKind> parse_schedule_kind(std::string_view text) {
  for (ScheduleKind k : kAllScheduleKinds)
    if (name(k) == text) return k;
  return Errc::schedule_unknown;
}

/// The families this build carries (A2A_FAMILIES, built_choice.hpp): every one unless
/// the product chose, then those it named, as a mask of codes.
inline constexpr std::uint32_t kBuiltFamilyMask =
#if defined(A2A_FAMILIES)
    detail::listed_names(A2A_FAMILIES, kScheduleNames).mask;
static_assert(detail::listed_names(A2A_FAMILIES, kScheduleNames).all_known,
              "A2A_FAMILIES names a schedule family a2a does not have, or an empty one (the names: `a2a list`)");
#else
    detail::all_positions(kScheduleNames.size());
#endif
/// ScheduleFamilies less the families this build leaves out: what AnySchedule holds.
using BuiltScheduleFamilies = typename detail::KeepFamilies<kBuiltFamilyMask, ScheduleFamilies>::type;
static_assert(BuiltScheduleFamilies::size >= 1, "A2A_FAMILIES keeps no family");

/// Whether this build carries the family of `kind` (AnySchedule::make() makes it).
constexpr bool family_built(ScheduleKind kind) { return BuiltScheduleFamilies::holds(kind); }

/// Whether `kind` is one of the GSEN configuration-set families (one GsenSetSchedule underneath).
constexpr bool is_gsen_set_kind(ScheduleKind kind) {
  constexpr auto flags = detail::gsen_set_flags(ScheduleFamilies{});
  const auto i = static_cast<std::size_t>(kind);
  return i < flags.size() && flags[i];
}

/// Golden codes: configuration blocks already in flash carry these numbers, and the
/// tool and dumps these names. A change here breaks deployed boards; add, never renumber.
namespace detail {
struct GoldenScheduleCode {
  std::string_view name;
  std::uint8_t code;
};
inline constexpr GoldenScheduleCode kGoldenScheduleCodes[] = {
    {"latin-square", 0},
    {"alternating", 1},
    {"optical", 2},
    {"shift", 3},
    {"gsen-stage-control", 4},
    {"doubly-alternating", 5},
    {"quadruply-alternating", 6},
    {"broadcast", 7},
    {"fault-tolerant", 8},
    {"table", 9},
};
constexpr bool golden_codes_hold() {
  for (const GoldenScheduleCode& g : kGoldenScheduleCodes) {
    const auto kind = parse_schedule_kind(g.name);
    if (!kind || static_cast<std::uint8_t>(*kind) != g.code || name(static_cast<ScheduleKind>(g.code)) != g.name)
      return false;
  }
  return std::size(kGoldenScheduleCodes) <= kAllScheduleKinds.size();
}
}  // namespace detail
static_assert(detail::golden_codes_hold(),
              "a schedule family's code or name changed: configuration blocks in flash "
              "and dumps depend on them (kGoldenScheduleCodes)");

}  // namespace a2a
