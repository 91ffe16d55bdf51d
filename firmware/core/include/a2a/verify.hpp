// Switch-level check of a whole exchange: the independent judge of a schedule.
//
// For every round and every sending port it traces the signal through the wiring
// and the switch states (not the schedule's closed formulas) and checks that
//  - the schedule's claimed destination and tag are where the path arrives and
//    the output ports it takes;
//  - no two signals of a round reach the same output (the round is a permutation);
//  - every ordered pair (i, j), i = j included, is delivered exactly once, counted
//    by the message carried (origin, final destination) with the relay-aware
//    accounting of delivery_tally.hpp: a relayed message counts when its last hop
//    arrives, and its hop out of a relay's store comes in a later round than the
//    hop that put it there;
//  - in an optical schedule, no switch carries two signals in one round;
//  - the exchange takes at least N rounds (each port sends one message a round).
// The caller provides the bit storage (pair_words_needed, and round_words_needed or
// replay_round_words_needed), so the same code runs in static_assert, on the host
// and on a board. How a round is traced depends on that storage:
//  - with replay_round_words_needed(net) words, stage-parallel (stage_replay.hpp):
//    the wiring is tabulated once, each round's signals go through the network a
//    stage at a time, all together, from the first stage whose switch states
//    differ from the round before (docs/PERFORMANCE.md, figure 5: over ten times
//    faster on the host);
//  - with round_words_needed(N, n) words (a board's small storage, a constant
//    expression), signal by signal with route(), as before.
// Both judge alike: round by round they mark outputs and switches as the fabrics'
// walk does (round_walk.hpp), then judge the signals in port order, to stop at the
// first violation with its round and port; the verdict, where it stops and the
// tally are the same either way (tests/core/stage_replay_test.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "a2a/delivery_tally.hpp"
#include "a2a/round_walk.hpp"
#include "a2a/route.hpp"
#include "a2a/schedule.hpp"
#include "a2a/stage_replay.hpp"

namespace a2a {

enum class Violation : std::uint8_t {
  none,
  storage_too_small,   ///< the caller's bit storage is smaller than pair_words_needed / round_words_needed
  wrong_round_count,   ///< fewer than N rounds: N*N pairs cannot fit
  wrong_destination,   ///< claimed destination differs from the switch-level route
  wrong_tag,           ///< claimed tag differs from the output ports the route takes
  output_conflict,     ///< two signals reach one output in one round
  pair_duplicated,     ///< an ordered pair delivered twice
  pair_missing,        ///< an ordered pair never delivered
  relay_out_of_order,  ///< a relay hop leaves a processor the message has not reached in an earlier round
  crosstalk,           ///< optical: two signals through one switch in one round
};

constexpr std::string_view describe(Violation v) {
  switch (v) {
    case Violation::none: return "ok";
    case Violation::storage_too_small: return "bit storage too small for the pairs or one round";
    case Violation::wrong_round_count: return "fewer than N rounds";
    case Violation::wrong_destination: return "claimed destination is not where the route arrives";
    case Violation::wrong_tag: return "claimed tag is not the output ports of the route";
    case Violation::output_conflict: return "two signals on one output in one round";
    case Violation::pair_duplicated: return "ordered pair delivered twice";
    case Violation::pair_missing: return "ordered pair never delivered";
    case Violation::relay_out_of_order: return "relay hop out of a processor the message had not reached earlier";
    case Violation::crosstalk: return "two signals through one switch in one round (optical)";
  }
  return "unknown violation";
}

/// The outcome: the tally of the exchange (DeliveryTally: delivered, relayed,
/// left_in_store, missing) and the first violation found, with where. The check
/// stops at a violation: the tally is then what was counted until there.
struct ExchangeCheck : DeliveryTally {
  Violation violation{Violation::none};
  std::uint32_t round{0};  ///< round of the violation
  std::uint32_t port{0};   ///< input port (or, for pair_missing, the source)
  std::uint32_t other{0};  ///< destination involved
  std::uint32_t rounds{0};
  [[nodiscard]] constexpr bool ok() const { return violation == Violation::none; }
};

/// Words of per-round storage with which check_exchange replays the rounds
/// stage-parallel: round_words_needed's marks, the replay (StageReplay: the wiring
/// tables, every port's signal after each stage, the states) and four words per port
/// (a round's relay hops and, in optical schedules, its crosstalk).
constexpr std::size_t replay_round_words_needed(const Network& net) {
  return round_words_needed(net.ports, net.stages) + StageReplay::words_needed(net) +
         4 * static_cast<std::size_t>(net.ports);
}
/// Enough for every network of at most `ports` ports and `stages` stages (static storage).
constexpr std::size_t replay_round_words_needed(std::uint32_t ports, std::uint32_t stages = kMaxStages) {
  return round_words_needed(ports, stages) + StageReplay::words_bound(ports, stages) +
         4 * static_cast<std::size_t>(ports);
}

namespace detail {

/// check_exchange's state and its steps: the storage laid out once, then each round
/// traced signal by signal or stage-parallel, each signal judged, the missing pairs
/// counted at the end. Every step records a violation in result_ and says so.
template <Schedule S>
class ExchangeChecker {
 public:
  static constexpr std::uint32_t kNoCrosstalk = 0xFFFFFFFFU;

  constexpr ExchangeChecker(const S& schedule, std::span<std::uint32_t> pair_bits, std::span<std::uint32_t> round_bits)
      : schedule_(schedule),
        net_(schedule.network()),
        n_(net_.ports),
        optical_(is_optical(schedule)),
        ledger_(pair_bits.first(pair_bitmap_words(net_.ports)),
                StoreBits(pair_bits.subspan(pair_bitmap_words(net_.ports), pair_bitmap_words(net_.ports)), net_.ports),
                net_.ports),
        // An output >= N is refused before it is marked, so N output bits suffice.
        marks_(round_bits, net_.ports, net_.switches_per_stage(), net_.stages) {
    result_.rounds = schedule.rounds();
    ledger_.clear();
    ledger_.store().clear();
    lay_out_replay(round_bits);
  }

  /// Every round in order, up to the first violation; then the pairs never delivered.
  constexpr ExchangeCheck run() {
    for (std::uint32_t r = 0; r < result_.rounds; ++r) {
      marks_.clear();
      const auto round = schedule_.round(r);
      if (replay_.built() ? stage_parallel_round(r, round) : signal_round(r, round)) return result_;
    }
    DeliveryTally& tally = result_;
    tally.missing = ledger_.missing();
    if (tally.missing != 0) {
      const std::uint64_t pair = ledger_.first_missing();
      fail(Violation::pair_missing, result_.rounds, static_cast<std::uint32_t>(pair / n_),
           static_cast<std::uint32_t>(pair % n_));
    }
    return result_;
  }

 private:
  /// The stage-parallel replay when the storage holds it; then three words per port for
  /// a round's relay hops (stored after the round) and one for its crosstalk.
  constexpr void lay_out_replay(std::span<std::uint32_t> round_bits) {
    using List = typename TopologiesOf<typename S::Round>::type;
    const std::size_t mark_words = round_words_needed(n_, net_.stages);
    if (round_bits.size() < replay_round_words_needed(net_)) return;
    replay_ = StageReplay(round_bits.subspan(mark_words, StageReplay::words_needed(net_)));
    replay_.template build<List>(net_);
    const std::span<std::uint32_t> after = round_bits.subspan(mark_words + StageReplay::words_needed(net_));
    relays_ = after.first(std::size_t{3} * n_);
    crosstalk_ = after.subspan(std::size_t{3} * n_, n_);
  }

  using Round = typename S::Round;

  constexpr bool fail(Violation v, std::uint32_t r, std::uint32_t port, std::uint32_t other) {
    result_.violation = v;
    result_.round = r;
    result_.port = port;
    result_.other = other;
    return true;
  }

  /// One signal of round r from port i, traced to `destination` by `tag`; `crosstalk`:
  /// the switch of the first stage where it met an earlier signal of the round
  /// (optical), else kNoCrosstalk. True when it is a violation (recorded in result).
  A2A_REPLAY_INLINE constexpr bool judge(std::uint32_t r, std::uint32_t i, const PortSend& claim,
                                         std::uint32_t destination, std::uint32_t tag, std::uint32_t crosstalk) {
    // destination >= N: the signal left on an output no processor reads (shift network).
    if (claim.destination != destination || destination >= n_)
      return fail(Violation::wrong_destination, r, i, claim.destination);
    if (claim.tag != tag) return fail(Violation::wrong_tag, r, i, claim.destination);
    if (!marks_.reach_output(destination)) return fail(Violation::output_conflict, r, i, destination);
    if (crosstalk != kNoCrosstalk) return fail(Violation::crosstalk, r, i, crosstalk);
    const std::uint32_t origin = claim.message_origin(i);
    const std::uint32_t final_destination = claim.message_final();
    if (origin >= n_ || final_destination >= n_) return fail(Violation::wrong_destination, r, i, final_destination);
    switch (ledger_.hop(i, destination, origin, final_destination, result_)) {
      case HopOutcome::relay_error: return fail(Violation::relay_out_of_order, r, i, final_destination);
      case HopOutcome::duplicate: return fail(Violation::pair_duplicated, r, i, final_destination);
      case HopOutcome::stored:
      case HopOutcome::delivered: break;
    }
    return false;
  }

  /// Round r signal by signal with route() (a small storage, a constant expression).
  constexpr bool signal_round(std::uint32_t r, const Round& round) {
    for (std::uint32_t i = 0; i < n_; ++i) {
      const PortSend claim = schedule_.send(round, i);
      if (!claim.sends) continue;
      const Path path = route(net_, i, round);
      std::uint32_t crossed = kNoCrosstalk;
      for (std::uint32_t s = 0; optical_ && s < net_.stages; ++s) {
        if (!marks_.cross_switch(s, path.hops[s].switch_index)) {
          crossed = path.hops[s].switch_index;
          break;
        }
      }
      if (judge(r, i, claim, path.destination, path.tag, crossed)) return true;
    }
    // Messages that reached an intermediate processor this round may leave it
    // from the next round on (stored only now, so not within this round).
    for (std::uint32_t i = 0; i < n_; ++i) {
      const PortSend claim = schedule_.send(round, i);
      if (claim.sends && claim.destination != claim.message_final())
        ledger_.put(claim.message_origin(i), claim.message_final(), claim.destination, result_);
    }
    return false;
  }

  /// Stage-parallel: every port's signal through the switches, then (optical) the
  /// switches each sending port crossed, marked stage by stage in port order (so a
  /// signal's crosstalk is with an earlier port, as signal by signal), then the same
  /// judgement port by port.
  constexpr bool stage_parallel_round(std::uint32_t r, const Round& round) {
    replay_.replay(round);
    if (optical_) mark_crosstalk(round);
    std::size_t relayed = 0;
    if (judge_round(r, round, relayed)) return true;
    for (std::size_t k = 0; k < relayed; ++k)
      ledger_.put(relays_[3 * k], relays_[3 * k + 1], relays_[3 * k + 2], result_);
    return false;
  }

  constexpr void mark_crosstalk(const Round& round) {
    constexpr std::uint32_t kIdle = 0xFFFFFFFEU;
    for (std::uint32_t i = 0; i < n_; ++i) crosstalk_[i] = schedule_.send(round, i).sends ? kNoCrosstalk : kIdle;
    for (std::uint32_t s = 0; s < net_.stages; ++s) {
      for (std::uint32_t i = 0; i < n_; ++i) {
        if (crosstalk_[i] == kIdle) continue;
        const std::uint32_t sw = replay_.switch_index(s, i);
        if (!marks_.cross_switch(s, sw) && crosstalk_[i] == kNoCrosstalk) crosstalk_[i] = sw;
      }
    }
  }

  /// The round's claims judged port by port: one loop with everything it calls inlined
  /// (the claim, the judgement, the ledger's hop), a few dozen instructions a message.
  A2A_REPLAY_FLATTEN constexpr bool judge_round(std::uint32_t r, const Round& round, std::size_t& relayed) {
    for (std::uint32_t i = 0; i < n_; ++i) {
      const PortSend claim = schedule_.send(round, i);
      if (!claim.sends) continue;
      if (judge(r, i, claim, replay_.output(i), replay_.tag(i), optical_ ? crosstalk_[i] : kNoCrosstalk)) return true;
      if (claim.destination != claim.message_final()) {
        relays_[3 * relayed] = claim.message_origin(i);
        relays_[3 * relayed + 1] = claim.message_final();
        relays_[3 * relayed + 2] = claim.destination;
        ++relayed;
      }
    }
    return false;
  }

  const S& schedule_;
  Network net_;
  std::uint32_t n_;
  bool optical_;
  ExchangeCheck result_{};
  DeliveryLedger<> ledger_;
  RoundMarks marks_;
  StageReplay replay_{};
  std::span<std::uint32_t> relays_{};
  std::span<std::uint32_t> crosstalk_{};
};

}  // namespace detail

template <Schedule S>
constexpr ExchangeCheck check_exchange(const S& schedule, std::span<std::uint32_t> pair_bits,
                                       std::span<std::uint32_t> round_bits) {
  const Network net = schedule.network();
  ExchangeCheck refused;
  refused.rounds = schedule.rounds();
  if (pair_bits.size() < pair_words_needed(net.ports) || round_bits.size() < round_words_needed(net.ports, net.stages))
    refused.violation = Violation::storage_too_small;
  else if (refused.rounds < net.ports)
    refused.violation = Violation::wrong_round_count;
  if (!refused.ok()) return refused;
  detail::ExchangeChecker<S> checker(schedule, pair_bits, round_bits);
  return checker.run();
}

/// The same check with its storage on the stack, for small N (constant expressions, tests).
template <std::uint32_t MaxPorts, Schedule S>
constexpr ExchangeCheck check_exchange_small(const S& schedule) {
  std::array<std::uint32_t, pair_words_needed(MaxPorts)> pairs{};
  std::array<std::uint32_t, round_words_needed(MaxPorts)> round{};
  return check_exchange(schedule, std::span<std::uint32_t>(pairs), std::span<std::uint32_t>(round));
}

}  // namespace a2a
