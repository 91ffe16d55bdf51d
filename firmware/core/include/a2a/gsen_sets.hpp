// The configuration sets of paper 000 (Theorem 5.5 and the computer-found sets of
// Section 6) as constant tables, and the fewest-round configurations known for
// every GSEN.
//
// Each set is a list of word ranges, read with the pattern the paper names (A':
// doubly, A'': quadruply alternating) in natural order; GsenSetSchedule decides
// on the fly which ports send. Every set was checked at switch level (every pair
// exactly once, tests/core/gsen_sets_test.cpp); where the OCR'd text differs, the
// table holds the reading that works and docs/schedules.md says what was found:
//   N = 68: the text lists "100 ~ 104", five words, 73 in all against the stated
//   R(68) <= 72. Word 104 adds no pair; "100 ~ 103" covers every pair with 72.
#pragma once

#include <cstdint>
#include <span>

#include "a2a/digits.hpp"
#include "a2a/gsen_stage_control.hpp"
#include "a2a/topology.hpp"

namespace a2a {

/// A configuration set printed in paper 000, with the bound on R(N) it proves.
struct PaperConfigurationSet {
  std::uint32_t ports{0};
  GsenPattern pattern{GsenPattern::doubly_alternating};
  std::span<const RankRange> ranges{};
  std::uint32_t paper_bound{0};  ///< the paper's "R(N) <= x" (R(20) = 24 for Theorem 5.5)
};

namespace paper000 {
// Theorem 5.5: A' = {0, ..., 15, 20, ..., 23, 28, ..., 31}.
inline constexpr RankRange kSet20[] = {{0, 15}, {20, 23}, {28, 31}};
inline constexpr RankRange kSet36[] = {{0, 3}, {8, 19}, {24, 35}, {40, 43}, {48, 51}, {56, 59}};
inline constexpr RankRange kSet44[] = {{0, 3}, {8, 19}, {24, 35}, {40, 51}, {56, 63}};
// The text prints "100 ~ 104" (73 words); 100 ~ 103 is the reading with 72 (see above).
inline constexpr RankRange kSet68[] = {{0, 11}, {16, 43}, {48, 63}, {68, 71}, {80, 83}, {100, 103}, {112, 115}};
inline constexpr RankRange kSet72[] = {{0, 63}, {72, 79}, {88, 95}, {104, 111}, {120, 127}};  // A''
inline constexpr RankRange kSet76[] = {{0, 7}, {12, 39}, {44, 67}, {80, 91}, {96, 99}, {112, 123}};
inline constexpr RankRange kSet84[] = {{0, 11}, {16, 43}, {48, 63}, {68, 71}, {80, 95}, {100, 103}, {112, 127}};
inline constexpr RankRange kSet92[] = {{0, 7}, {12, 39}, {44, 71}, {76, 103}, {108, 127}};
}  // namespace paper000

inline constexpr PaperConfigurationSet kPaperConfigurationSets[] = {
    {20, GsenPattern::doubly_alternating, paper000::kSet20, 24},
    {36, GsenPattern::doubly_alternating, paper000::kSet36, 40},
    {44, GsenPattern::doubly_alternating, paper000::kSet44, 48},
    {68, GsenPattern::doubly_alternating, paper000::kSet68, 72},
    {72, GsenPattern::quadruply_alternating, paper000::kSet72, 96},
    {76, GsenPattern::doubly_alternating, paper000::kSet76, 88},
    {84, GsenPattern::doubly_alternating, paper000::kSet84, 96},
    {92, GsenPattern::doubly_alternating, paper000::kSet92, 112},
};

/// The paper's set for N, or nullptr when the paper gives none.
constexpr const PaperConfigurationSet* paper_configuration_set(std::uint32_t ports) {
  for (const PaperConfigurationSet& set : kPaperConfigurationSets)
    if (set.ports == ports) return &set;
  return nullptr;
}

/// The paper's set for N if it uses `pattern`, else all 2^n words of `pattern`.
constexpr GsenConfigurations gsen_configurations(std::uint32_t ports, GsenPattern pattern,
                                                 RoundOrder order = RoundOrder::natural) {
  const PaperConfigurationSet* set = paper_configuration_set(ports);
  if (set != nullptr && set->pattern == pattern) return {pattern, RoundOrder::natural, set->ranges};
  return {pattern, order, {}};
}

/// The exchange with `pattern` on a GSEN: the paper's set for N if it has one with
/// this pattern (natural order only: gray order is refused with
/// schedule_order_needs_all_configurations), else all 2^n words in `order`.
constexpr Result<GsenSetSchedule> make_gsen_pattern_schedule(const Network& net, GsenPattern pattern,
                                                             RoundOrder order = RoundOrder::natural) {
  const GsenConfigurations configs = gsen_configurations(net.ports, pattern, order);
  if (net.topology == Topology::gsen && order == RoundOrder::gray && !configs.ranges.empty())
    return Errc::schedule_order_needs_all_configurations;
  return GsenSetSchedule::make(net, configs);
}

/// The fewest rounds known for a GSEN (never above the upper bound of paper 000's Fig. 14):
///  - N = 2 (mod 4): Algorithm 4's A_0..A_{N-1}, N rounds (the ranks 0..N-1, gray order);
///  - a set of the paper for N: its configurations;
///  - otherwise all 2^n stage-control words (= N when N = 2^n; = R(N) by Theorem 5.4
///    for the other N <= 128).
constexpr GsenConfigurations best_gsen_configurations(const Network& net) {
  if (net.ports % 4 == 2) return {GsenPattern::alternating, RoundOrder::gray, {}, net.ports};
  if (const PaperConfigurationSet* set = paper_configuration_set(net.ports))
    return {set->pattern, RoundOrder::natural, set->ranges};
  return {GsenPattern::stage, RoundOrder::natural, {}};
}

}  // namespace a2a
