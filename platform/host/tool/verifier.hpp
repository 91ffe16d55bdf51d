// Replays a Plan switch by switch and judges it: every claimed destination and
// tag against the route the round's own switch states give, one signal per
// output per round, every ordered pair (orig, final) delivered exactly once,
// crosstalk in optical networks, messages crossing a faulty switch, and relay
// hops that leave an intermediate processor no later than they reached it.
// It never uses a schedule's formulas: only the states and the replay backend.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "plan.hpp"
#include "switch_replay.hpp"

namespace a2a::tool {

struct VerifyReport {
  std::uint64_t expected{0};   ///< N^2 ordered pairs, i = j included
  std::uint64_t delivered{0};  ///< distinct pairs (orig, final) that arrived at final
  std::uint64_t missing{0};
  std::uint64_t duplicates{0};
  std::uint32_t rounds{0};
  std::uint32_t delay{0};  ///< communication delay: rounds + stages - 1
  bool optical{false};
  std::uint64_t crosstalk{0};  ///< (round, switch) carrying two or more signals; optical only
  std::uint64_t fault_crossings{0};
  std::uint64_t relay_order_errors{0};
  std::uint64_t wrong_destinations{0};
  std::uint64_t wrong_tags{0};
  std::uint64_t output_conflicts{0};
  std::uint64_t double_sends{0};  ///< a port sending twice in one round

  [[nodiscard]] std::uint64_t violations() const {
    return missing + duplicates + crosstalk + fault_crossings + relay_order_errors + wrong_destinations + wrong_tags +
           output_conflicts + double_sends;
  }
  [[nodiscard]] bool clean() const { return violations() == 0 && delivered == expected; }
};

/// Receives each violation as one line "<kind>: <where and what>".
using ViolationSink = std::function<void(const std::string&)>;
/// Called after each round with (rounds done, rounds in all).
using ProgressSink = std::function<void(std::uint32_t, std::uint32_t)>;

VerifyReport verify_plan(const Plan& plan, SwitchReplay& replay, const ViolationSink& violation,
                         const ProgressSink& progress = {});

/// The summary line: "pairs delivered 64/64, missing 0, ..., relay-order errors 0".
std::string summary_line(const VerifyReport& report);

}  // namespace a2a::tool
