// Switch-level check of a whole exchange: the independent judge of a schedule.
//
// For every round and every sending port it traces the signal with route() (the
// wiring and switch states, not the schedule's closed formulas) and checks that
//  - the schedule's claimed destination and tag are where the path arrives and
//    the output ports it takes;
//  - no two signals of a round reach the same output (the round is a permutation);
//  - every ordered pair (i, j), i = j included, is delivered exactly once, counted
//    by the message carried (origin, final destination), so a relayed message
//    counts when its last hop arrives;
//  - a relay hop out of an intermediate processor comes in a later round than
//    the hop that brought the message there;
//  - in an optical schedule, no switch carries two signals in one round;
//  - the exchange takes at least N rounds (each port sends one message a round).
// The caller provides the bit storage (pair_words_needed, round_words_needed),
// so the same code runs in static_assert, on the host and on a board.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

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

/// The outcome: the first violation found (with where), and what was delivered.
struct ExchangeCheck {
  Violation violation{Violation::none};
  std::uint32_t round{0};   ///< round of the violation
  std::uint32_t port{0};    ///< input port (or, for pair_missing, the source)
  std::uint32_t other{0};   ///< destination involved
  std::uint64_t delivered{0};  ///< messages that reached their final destination
  std::uint64_t relay_hops{0}; ///< hops into an intermediate processor
  std::uint32_t rounds{0};
  [[nodiscard]] constexpr bool ok() const { return violation == Violation::none; }
};

namespace detail {
constexpr bool test_and_set(std::span<std::uint32_t> words, std::uint64_t bit) {
  std::uint32_t& w = words[static_cast<std::size_t>(bit / 32)];
  const std::uint32_t mask = std::uint32_t{1} << (bit % 32);
  const bool was = (w & mask) != 0;
  w |= mask;
  return was;
}
}  // namespace detail

/// Words of pair storage: N*N bits of delivered messages, then N*N bits of
/// messages parked at an intermediate processor (relays).
constexpr std::size_t pair_words_needed(std::uint32_t ports) {
  return 2 * static_cast<std::size_t>((std::uint64_t{ports} * ports + 31) / 32);
}
/// Words of per-round storage: N output bits, then one bit per switch of every
/// stage (crosstalk in optical schedules). A stage has at most N switches (N/d
/// in a banyan-type MIN, N in the shift network), so N bits per stage suffice.
constexpr std::size_t round_words_needed(std::uint32_t ports, std::uint32_t stages = kMaxStages) {
  return (ports + 31) / 32 + stages * ((ports + 31) / 32);
}

template <Schedule S>
constexpr ExchangeCheck check_exchange(const S& schedule, std::span<std::uint32_t> pair_bits,
                                       std::span<std::uint32_t> round_bits) {
  const Network net = schedule.network();
  const std::uint32_t n = net.ports;
  const bool optical = is_optical(schedule);
  const std::size_t output_words = (n + 31) / 32;
  const std::size_t switch_words = (net.switches_per_stage() + 31) / 32;
  const std::uint64_t pairs = std::uint64_t{n} * n;
  const std::size_t half = pair_words_needed(n) / 2;
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
  for (auto& w : pair_bits) w = 0;
  const std::span<std::uint32_t> delivered = pair_bits.first(half);
  const std::span<std::uint32_t> parked = pair_bits.subspan(half, half);
  const std::span<std::uint32_t> outputs = round_bits.first(output_words);
  auto fail = [&](Violation v, std::uint32_t r, std::uint32_t port, std::uint32_t other) {
    result.violation = v;
    result.round = r;
    result.port = port;
    result.other = other;
    return result;
  };
  for (std::uint32_t r = 0; r < result.rounds; ++r) {
    for (auto& w : round_bits) w = 0;
    const auto round = schedule.round(r);
    for (std::uint32_t i = 0; i < n; ++i) {
      const PortSend claim = schedule.send(round, i);
      if (!claim.sends) continue;
      const Path path = route(net, i, round);
      // path.destination >= N: the signal left on an output no processor reads (shift network).
      if (claim.destination != path.destination || path.destination >= n)
        return fail(Violation::wrong_destination, r, i, claim.destination);
      if (claim.tag != path.tag) return fail(Violation::wrong_tag, r, i, claim.destination);
      if (detail::test_and_set(outputs, path.destination))
        return fail(Violation::output_conflict, r, i, path.destination);
      if (optical) {
        for (std::uint32_t s = 0; s < net.stages; ++s) {
          const auto stage_bits = round_bits.subspan(output_words + s * switch_words, switch_words);
          if (detail::test_and_set(stage_bits, path.hops[s].switch_index))
            return fail(Violation::crosstalk, r, i, path.hops[s].switch_index);
        }
      }
      const std::uint32_t origin = claim.message_origin(i);
      const std::uint32_t final_destination = claim.message_final();
      const std::uint64_t message = std::uint64_t{origin} * n + final_destination;
      if (origin >= n || final_destination >= n) return fail(Violation::wrong_destination, r, i, final_destination);
      if (origin != i) {  // the hop out of an intermediate processor
        const bool was_parked = ((parked[static_cast<std::size_t>(message / 32)] >> (message % 32)) & 1U) != 0;
        if (!was_parked) return fail(Violation::relay_out_of_order, r, i, final_destination);
      }
      if (path.destination != final_destination) {  // the hop into an intermediate processor
        ++result.relay_hops;
      } else {
        if (detail::test_and_set(delivered, message)) return fail(Violation::pair_duplicated, r, i, final_destination);
        ++result.delivered;
      }
    }
    // Messages that reached an intermediate processor this round may leave it
    // from the next round on (marked only now, so not within this round).
    for (std::uint32_t i = 0; i < n; ++i) {
      const PortSend claim = schedule.send(round, i);
      if (claim.sends && claim.destination != claim.message_final()) {
        const std::uint64_t message = std::uint64_t{claim.message_origin(i)} * n + claim.message_final();
        parked[static_cast<std::size_t>(message / 32)] |= std::uint32_t{1} << (message % 32);
      }
    }
  }
  for (std::uint64_t bit = 0; bit < pairs; ++bit) {
    if ((delivered[static_cast<std::size_t>(bit / 32)] >> (bit % 32) & 1U) == 0)
      return fail(Violation::pair_missing, result.rounds, static_cast<std::uint32_t>(bit / n),
                  static_cast<std::uint32_t>(bit % n));
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
