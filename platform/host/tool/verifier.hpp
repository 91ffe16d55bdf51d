// Replays a Plan switch by switch and judges it: every claimed destination and
// tag against the route the round's own switch states give, one signal per
// output per round, every ordered pair (orig, final) delivered exactly once,
// crosstalk in optical networks, messages crossing a faulty switch, and relay
// hops that leave an intermediate processor no later than they reached it.
// It never uses a schedule's formulas: only the states and the replay backend
// (which replays a whole round at once, stage-parallel).
// Deliveries are counted with the core's relay-aware accounting (DeliveryLedger,
// as check_exchange and the fabrics count them), over a store that also knows
// which processor holds each relayed message.
//
// With several threads the rounds are taken in batches: the threads replay and
// judge a batch's rounds side by side (each with its own replay), then account the
// batch's hops side by side, each for the messages of its own range of origins (its
// own rows of the pair bitmap and its own store: no word is written by two threads,
// and a message's hops are accounted in round order, as with one thread), and the
// violations are reported in round and port order. The report and every line are
// those of one thread.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
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
  std::uint64_t expected{0};  ///< N^2 ordered pairs, i = j included, less a degraded plan's left-out pairs
  std::uint32_t rounds{0};
  std::uint32_t delay{0};               ///< communication delay: rounds + stages - 1
  bool optical{false};                  ///< crosstalk is checked (tally.crosstalk) only in an optical network
  std::uint64_t fault_crossings{0};     ///< messages lost crossing a faulty switch
  std::uint64_t wrong_destinations{0};  ///< a signal's destination and tag are judged apart here;
  std::uint64_t wrong_tags{0};          ///< tally.misroutes counts a signal with either once
  std::uint64_t output_conflicts{0};    ///< signals on an output another one reached first
                                        ///< (tally.conflicts counts that one too)
  std::uint64_t double_sends{0};        ///< a port sending twice in one round
  std::uint64_t left_out{0};            ///< pairs a degraded plan says it does not deliver (not expected)
  std::uint64_t left_out_delivered{0};  ///< of those, pairs that arrive all the same (a false claim)

  [[nodiscard]] std::uint64_t violations() const {
    return tally.missing + tally.duplicates + tally.crosstalk + fault_crossings + tally.relay_errors +
           wrong_destinations + wrong_tags + output_conflicts + double_sends + left_out_delivered;
  }
  [[nodiscard]] bool clean() const { return violations() == 0 && tally.delivered == expected; }
};

/// Receives each violation as one line "<kind>: <where and what>".
using ViolationSink = std::function<void(const std::string&)>;
/// Called after each round with (rounds done, rounds in all).
using ProgressSink = std::function<void(std::uint32_t, std::uint32_t)>;

/// Makes a replay for one thread of the verifier (the backend's; each thread has its own).
using ReplayFactory = std::function<std::unique_ptr<SwitchReplay>()>;

/// The most threads verify_plan takes (`a2a verify --threads`).
inline constexpr std::uint32_t kMaxVerifyThreads = 64;

/// Verifies `plan` with `threads` threads (1 .. kMaxVerifyThreads); violation and
/// progress are called from the calling thread only, in round order.
VerifyReport verify_plan(const Plan& plan, const ReplayFactory& make_replay, const ViolationSink& violation,
                         const ProgressSink& progress = {}, std::uint32_t threads = 1);

/// The summary line: "pairs delivered 64/64, missing 0, ..., relay-order errors 0".
std::string summary_line(const VerifyReport& report);

}  // namespace a2a::tool
