// Switch-level check of a whole exchange: the independent judge of a schedule.
//
// For every round and every sending port it traces the signal with route() (the
// wiring and switch states, not the schedule's closed formulas) and checks that
//  - the schedule's claimed destination and tag are where the path arrives and
//    the output ports it takes;
//  - no two signals of a round reach the same output (the round is a permutation);
//  - every ordered pair (i, j), i = j included, is delivered exactly once;
//  - the exchange takes exactly N rounds.
// The caller provides the bit storage (N*N bits for pairs, N bits for one
// round's outputs), so the same code runs in static_assert, on the host and on
// a board.
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
  storage_too_small,   ///< the caller's bit storage cannot hold N*N (or N) bits
  wrong_round_count,   ///< the schedule does not take N rounds
  wrong_destination,   ///< claimed destination differs from the switch-level route
  wrong_tag,           ///< claimed tag differs from the output ports the route takes
  output_conflict,     ///< two signals reach one output in one round
  pair_duplicated,     ///< an ordered pair delivered twice
  pair_missing,        ///< an ordered pair never delivered
};

constexpr std::string_view describe(Violation v) {
  switch (v) {
    case Violation::none: return "ok";
    case Violation::storage_too_small: return "bit storage too small for N*N pairs";
    case Violation::wrong_round_count: return "number of rounds is not N";
    case Violation::wrong_destination: return "claimed destination is not where the route arrives";
    case Violation::wrong_tag: return "claimed tag is not the output ports of the route";
    case Violation::output_conflict: return "two signals on one output in one round";
    case Violation::pair_duplicated: return "ordered pair delivered twice";
    case Violation::pair_missing: return "ordered pair never delivered";
  }
  return "unknown violation";
}

/// The outcome: the first violation found (with where), and what was delivered.
struct ExchangeCheck {
  Violation violation{Violation::none};
  std::uint32_t round{0};   ///< round of the violation
  std::uint32_t port{0};    ///< input port (or, for pair_missing, the source)
  std::uint32_t other{0};   ///< destination involved
  std::uint64_t delivered{0};
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

constexpr std::size_t pair_words_needed(std::uint32_t ports) {
  return static_cast<std::size_t>((std::uint64_t{ports} * ports + 31) / 32);
}

template <Schedule S>
constexpr ExchangeCheck check_exchange(const S& schedule, std::span<std::uint32_t> pair_bits,
                                       std::span<std::uint32_t> output_bits) {
  const Network net = schedule.network();
  const std::uint32_t n = net.ports;
  ExchangeCheck result;
  result.rounds = schedule.rounds();
  if (pair_bits.size() < pair_words_needed(n) || output_bits.size() < (n + 31) / 32) {
    result.violation = Violation::storage_too_small;
    return result;
  }
  if (result.rounds != n) {
    result.violation = Violation::wrong_round_count;
    return result;
  }
  for (auto& w : pair_bits) w = 0;
  auto fail = [&](Violation v, std::uint32_t r, std::uint32_t port, std::uint32_t other) {
    result.violation = v;
    result.round = r;
    result.port = port;
    result.other = other;
    return result;
  };
  for (std::uint32_t r = 0; r < result.rounds; ++r) {
    for (auto& w : output_bits) w = 0;
    const auto round = schedule.round(r);
    for (std::uint32_t i = 0; i < n; ++i) {
      const PortSend claim = schedule.send(round, i);
      if (!claim.sends) continue;
      const Path path = route(net, i, round);
      if (claim.destination != path.destination) return fail(Violation::wrong_destination, r, i, claim.destination);
      if (claim.tag != path.tag) return fail(Violation::wrong_tag, r, i, claim.destination);
      if (detail::test_and_set(output_bits, path.destination))
        return fail(Violation::output_conflict, r, i, path.destination);
      if (detail::test_and_set(pair_bits, std::uint64_t{i} * n + path.destination))
        return fail(Violation::pair_duplicated, r, i, path.destination);
      ++result.delivered;
    }
  }
  for (std::uint64_t bit = 0; bit < std::uint64_t{n} * n; ++bit) {
    if ((pair_bits[static_cast<std::size_t>(bit / 32)] >> (bit % 32) & 1U) == 0)
      return fail(Violation::pair_missing, result.rounds, static_cast<std::uint32_t>(bit / n),
                  static_cast<std::uint32_t>(bit % n));
  }
  return result;
}

/// The same check with its storage on the stack, for small N (constant expressions, tests).
template <std::uint32_t MaxPorts, Schedule S>
constexpr ExchangeCheck check_exchange_small(const S& schedule) {
  std::array<std::uint32_t, (std::uint64_t{MaxPorts} * MaxPorts + 31) / 32> pairs{};
  std::array<std::uint32_t, (MaxPorts + 31) / 32> outputs{};
  return check_exchange(schedule, std::span<std::uint32_t>(pairs), std::span<std::uint32_t>(outputs));
}

}  // namespace a2a
