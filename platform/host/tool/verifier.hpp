// Replays a Plan switch by switch and judges it: every claimed destination and
// tag against the route the round's own switch states give, one signal per
// output per round, every ordered pair (orig, final) delivered exactly once,
// crosstalk in optical networks, messages crossing a faulty switch, and relay
// hops that leave an intermediate processor no later than they reached it.
// It never uses a schedule's formulas: only the states and the replay backend.
// Deliveries are counted with the core's relay-aware accounting (DeliveryLedger,
// as check_exchange and the fabrics count them), over a store that also knows
// which processor holds each relayed message.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include <a2a/delivery_tally.hpp>

#include "plan.hpp"
#include "switch_replay.hpp"

namespace a2a::tool {

/// The DeliveryTally of the replay (the one every judge keeps: delivered, missing,
/// duplicates, misroutes, conflicts, crosstalk, relayed, relay_errors, left_in_store),
/// and the verifier's own counts of its violation lines by kind.
struct VerifyReport {
  DeliveryTally tally;
  std::uint64_t expected{0};  ///< N^2 ordered pairs, i = j included
  std::uint32_t rounds{0};
  std::uint32_t delay{0};  ///< communication delay: rounds + stages - 1
  bool optical{false};     ///< crosstalk is checked (tally.crosstalk) only in an optical network
  std::uint64_t fault_crossings{0};     ///< messages lost crossing a faulty switch
  std::uint64_t wrong_destinations{0};  ///< a signal's destination and tag are judged apart here;
  std::uint64_t wrong_tags{0};          ///< tally.misroutes counts a signal with either once
  std::uint64_t output_conflicts{0};    ///< signals on an output another one reached first
                                        ///< (tally.conflicts counts that one too)
  std::uint64_t double_sends{0};        ///< a port sending twice in one round

  [[nodiscard]] std::uint64_t violations() const {
    return tally.missing + tally.duplicates + tally.crosstalk + fault_crossings + tally.relay_errors +
           wrong_destinations + wrong_tags + output_conflicts + double_sends;
  }
  [[nodiscard]] bool clean() const { return violations() == 0 && tally.delivered == expected; }
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
