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
  std::uint32_t round{0};   ///< round of the violation
  std::uint32_t port{0};    ///< input port (or, for pair_missing, the source)
  std::uint32_t other{0};   ///< destination involved
  std::uint32_t rounds{0};
  [[nodiscard]] constexpr bool ok() const { return violation == Violation::none; }
};

/// Words of per-round storage with which check_exchange replays the rounds
/// stage-parallel: round_words_needed's marks, the replay (StageReplay: the wiring
/// tables, every port's signal after each stage, the states) and four words per port
/// (a round's relay hops and, in optical schedules, its crosstalk).
constexpr std::size_t replay_round_words_needed(const Network& net) {
  return round_words_needed(net.ports, net.stages) + StageReplay::words_needed(net) + 4 * static_cast<std::size_t>(net.ports);
}
/// Enough for every network of at most `ports` ports and `stages` stages (static storage).
constexpr std::size_t replay_round_words_needed(std::uint32_t ports, std::uint32_t stages = kMaxStages) {
  return round_words_needed(ports, stages) + StageReplay::words_bound(ports, stages) + 4 * static_cast<std::size_t>(ports);
}

template <Schedule S>
constexpr ExchangeCheck check_exchange(const S& schedule, std::span<std::uint32_t> pair_bits,
                                       std::span<std::uint32_t> round_bits) {
  const Network net = schedule.network();
  const std::uint32_t n = net.ports;
  const bool optical = is_optical(schedule);
  const std::size_t half = pair_bitmap_words(n);
  ExchangeCheck result;
  result.rounds = schedule.rounds();
  if (pair_bits.size() < pair_words_needed(n) || round_bits.size() < round_words_needed(n, net.stages)) {
    result.violation = Violation::storage_too_small;
    return result;
  }
  if (result.rounds < n) {
    result.violation = Violation::wrong_round_count;
    return result;
  }
  DeliveryLedger<> ledger(pair_bits.first(half), StoreBits(pair_bits.subspan(half, half), n), n);
  ledger.clear();
  ledger.store().clear();
  // An output >= N is refused before it is marked, so N output bits suffice.
  RoundMarks marks(round_bits, n, net.switches_per_stage(), net.stages);
  DeliveryTally& tally = result;
  auto fail = [&](Violation v, std::uint32_t r, std::uint32_t port, std::uint32_t other) {
    result.violation = v;
    result.round = r;
    result.port = port;
    result.other = other;
    return true;
  };
  constexpr std::uint32_t kNoCrosstalk = 0xFFFFFFFFU;
  // One signal of round r from port i, traced to `destination` by `tag`; `crosstalk`:
  // the switch of the first stage where it met an earlier signal of the round
  // (optical), else kNoCrosstalk. True when it is a violation (recorded in result).
  auto judge = [&](std::uint32_t r, std::uint32_t i, const PortSend& claim, std::uint32_t destination,
                   std::uint32_t tag, std::uint32_t crosstalk) A2A_REPLAY_INLINE {  // once per message: inlined
    // destination >= N: the signal left on an output no processor reads (shift network).
    if (claim.destination != destination || destination >= n)
      return fail(Violation::wrong_destination, r, i, claim.destination);
    if (claim.tag != tag) return fail(Violation::wrong_tag, r, i, claim.destination);
    if (!marks.reach_output(destination)) return fail(Violation::output_conflict, r, i, destination);
    if (crosstalk != kNoCrosstalk) return fail(Violation::crosstalk, r, i, crosstalk);
    const std::uint32_t origin = claim.message_origin(i);
    const std::uint32_t final_destination = claim.message_final();
    if (origin >= n || final_destination >= n) return fail(Violation::wrong_destination, r, i, final_destination);
    switch (ledger.hop(i, destination, origin, final_destination, tally)) {
      case HopOutcome::relay_error: return fail(Violation::relay_out_of_order, r, i, final_destination);
      case HopOutcome::duplicate: return fail(Violation::pair_duplicated, r, i, final_destination);
      case HopOutcome::stored:
      case HopOutcome::delivered: break;
    }
    return false;
  };

  // The stage-parallel replay when the storage holds it; then three words per port for
  // a round's relay hops (stored after the round) and one for its crosstalk.
  using List = typename detail::TopologiesOf<typename S::Round>::type;
  const std::size_t mark_words = round_words_needed(n, net.stages);
  StageReplay replay;
  if (round_bits.size() >= replay_round_words_needed(net)) {
    replay = StageReplay(round_bits.subspan(mark_words, StageReplay::words_needed(net)));
    replay.template build<List>(net);
  }
  const std::span<std::uint32_t> relays =
      replay.built() ? round_bits.subspan(mark_words + StageReplay::words_needed(net), std::size_t{3} * n)
                     : std::span<std::uint32_t>{};
  const std::span<std::uint32_t> crosstalk =
      replay.built() ? round_bits.subspan(mark_words + StageReplay::words_needed(net) + std::size_t{3} * n, n)
                     : std::span<std::uint32_t>{};

  for (std::uint32_t r = 0; r < result.rounds; ++r) {
    marks.clear();
    const auto round = schedule.round(r);
    if (!replay.built()) {  // signal by signal
      for (std::uint32_t i = 0; i < n; ++i) {
        const PortSend claim = schedule.send(round, i);
        if (!claim.sends) continue;
        const Path path = route(net, i, round);
        std::uint32_t crossed = kNoCrosstalk;
        for (std::uint32_t s = 0; optical && s < net.stages; ++s) {
          if (!marks.cross_switch(s, path.hops[s].switch_index)) {
            crossed = path.hops[s].switch_index;
            break;
          }
        }
        if (judge(r, i, claim, path.destination, path.tag, crossed)) return result;
      }
      // Messages that reached an intermediate processor this round may leave it
      // from the next round on (stored only now, so not within this round).
      for (std::uint32_t i = 0; i < n; ++i) {
        const PortSend claim = schedule.send(round, i);
        if (claim.sends && claim.destination != claim.message_final())
          ledger.put(claim.message_origin(i), claim.message_final(), claim.destination, tally);
      }
      continue;
    }
    // Stage-parallel: every port's signal through the switches, then (optical) the
    // switches each sending port crossed, marked stage by stage in port order (so a
    // signal's crosstalk is with an earlier port, as signal by signal), then the same
    // judgement port by port.
    replay.replay(round);
    if (optical) {
      constexpr std::uint32_t kIdle = 0xFFFFFFFEU;
      for (std::uint32_t i = 0; i < n; ++i) crosstalk[i] = schedule.send(round, i).sends ? kNoCrosstalk : kIdle;
      for (std::uint32_t s = 0; s < net.stages; ++s) {
        for (std::uint32_t i = 0; i < n; ++i) {
          if (crosstalk[i] == kIdle) continue;
          const std::uint32_t sw = replay.switch_index(s, i);
          if (!marks.cross_switch(s, sw) && crosstalk[i] == kNoCrosstalk) crosstalk[i] = sw;
        }
      }
    }
    // The round's claims judged port by port: one loop with everything it calls inlined
    // (the claim, the judgement, the ledger's hop), a few dozen instructions a message.
    std::size_t relayed = 0;
    const auto judge_round = [&]() A2A_REPLAY_FLATTEN {
      for (std::uint32_t i = 0; i < n; ++i) {
        const PortSend claim = schedule.send(round, i);
        if (!claim.sends) continue;
        if (judge(r, i, claim, replay.output(i), replay.tag(i), optical ? crosstalk[i] : kNoCrosstalk)) return true;
        if (claim.destination != claim.message_final()) {
          relays[3 * relayed] = claim.message_origin(i);
          relays[3 * relayed + 1] = claim.message_final();
          relays[3 * relayed + 2] = claim.destination;
          ++relayed;
        }
      }
      return false;
    };
    if (judge_round()) return result;
    for (std::size_t k = 0; k < relayed; ++k) ledger.put(relays[3 * k], relays[3 * k + 1], relays[3 * k + 2], tally);
  }
  tally.missing = ledger.missing();
  if (tally.missing != 0) {
    const std::uint64_t pair = ledger.first_missing();
    fail(Violation::pair_missing, result.rounds, static_cast<std::uint32_t>(pair / n),
         static_cast<std::uint32_t>(pair % n));
  }
  return result;
}

/// The same check with its storage on the stack, for small N (constant expressions, tests).
template <std::uint32_t MaxPorts, Schedule S>
constexpr ExchangeCheck check_exchange_small(const S& schedule) {
  std::array<std::uint32_t, pair_words_needed(MaxPorts)> pairs{};
  std::array<std::uint32_t, round_words_needed(MaxPorts)> round{};
  return check_exchange(schedule, std::span<std::uint32_t>(pairs), std::span<std::uint32_t>(round));
}

}  // namespace a2a
