// Switch-level check of a whole exchange: the independent judge of a schedule.
//
// For every round and every sending port it traces the signal with route() (the
// wiring and switch states, not the schedule's closed formulas) and checks that
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
// The caller provides the bit storage (pair_words_needed, round_words_needed),
// so the same code runs in static_assert, on the host and on a board. Round by
// round it marks outputs and switches as the fabrics' walk does (round_walk.hpp),
// but signal by signal, to stop at the first violation with its round and port.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "a2a/delivery_tally.hpp"
#include "a2a/round_walk.hpp"
#include "a2a/route.hpp"
#include "a2a/schedule.hpp"

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
    return result;
  };
  for (std::uint32_t r = 0; r < result.rounds; ++r) {
    marks.clear();
    const auto round = schedule.round(r);
    for (std::uint32_t i = 0; i < n; ++i) {
      const PortSend claim = schedule.send(round, i);
      if (!claim.sends) continue;
      const Path path = route(net, i, round);
      // path.destination >= N: the signal left on an output no processor reads (shift network).
      if (claim.destination != path.destination || path.destination >= n)
        return fail(Violation::wrong_destination, r, i, claim.destination);
      if (claim.tag != path.tag) return fail(Violation::wrong_tag, r, i, claim.destination);
      if (!marks.reach_output(path.destination)) return fail(Violation::output_conflict, r, i, path.destination);
      if (optical) {
        for (std::uint32_t s = 0; s < net.stages; ++s)
          if (!marks.cross_switch(s, path.hops[s].switch_index))
            return fail(Violation::crosstalk, r, i, path.hops[s].switch_index);
      }
      const std::uint32_t origin = claim.message_origin(i);
      const std::uint32_t final_destination = claim.message_final();
      if (origin >= n || final_destination >= n) return fail(Violation::wrong_destination, r, i, final_destination);
      switch (ledger.hop(i, path.destination, origin, final_destination, tally)) {
        case HopOutcome::relay_error: return fail(Violation::relay_out_of_order, r, i, final_destination);
        case HopOutcome::duplicate: return fail(Violation::pair_duplicated, r, i, final_destination);
        case HopOutcome::stored:
        case HopOutcome::delivered: break;
      }
    }
    // Messages that reached an intermediate processor this round may leave it
    // from the next round on (stored only now, so not within this round).
    for (std::uint32_t i = 0; i < n; ++i) {
      const PortSend claim = schedule.send(round, i);
      if (claim.sends && claim.destination != claim.message_final())
        ledger.put(claim.message_origin(i), claim.message_final(), claim.destination, tally);
    }
  }
  tally.missing = ledger.missing();
  if (tally.missing != 0) {
    const std::uint64_t pair = ledger.first_missing();
    return fail(Violation::pair_missing, result.rounds, static_cast<std::uint32_t>(pair / n),
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
