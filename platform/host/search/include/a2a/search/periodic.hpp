// Periodic rounds: configurations in which input i takes the same tag (output-port
// sequence) as input i mod P, for a period P that divides N (docs/search.md "Periodic
// rounds"). Paper 000's alternating sets are of this kind (P = 4 and 8). There are few
// of them (4^n for P = 4 on the GSENs of the open N), so all are listed, and choosing R
// of them that serve every pair is a set cover the SAT solver answers: for R = N each
// pair exactly once (an exact cover), above N with at most R chosen (a sequential
// counter), or an ILP solver (ilp.hpp) answers. What it found: R(36) = 36 and
// R(68) = 68 (exact covers, 0.2 s and 40 s), R(76) = 80 (cbc).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "a2a/search/config_set.hpp"
#include "a2a/search/encoder.hpp"

namespace a2a::search {

/// Every periodic round of a network: tags[c * period + r] is the tag of the inputs
/// i = r (mod period) in candidate c.
struct PeriodicRounds {
  std::uint32_t period{0};
  std::vector<std::uint32_t> tags;
  [[nodiscard]] std::size_t count() const { return period == 0 ? 0 : tags.size() / period; }
};

/// Lists them stage by stage (a prefix is kept when no switch gets two states); false
/// with `error` set when the period does not divide N or more than `limit` exist.
[[nodiscard]] bool list_periodic_rounds(const PathTrees& trees, std::uint32_t period, std::uint64_t limit,
                                        PeriodicRounds& rounds, std::string& error);

/// `count` distinct periodic rounds drawn at random (seeded: the same draw on any machine
/// with the same standard library), for periods whose rounds are too many to list
/// (P = 8 where N = 8 (mod 16)); fewer when only fewer were found in 8 * count draws,
/// false with `error` set when the period does not divide N or none was found.
[[nodiscard]] bool sample_periodic_rounds(const PathTrees& trees, std::uint32_t period, std::uint64_t count,
                                          std::uint32_t seed, PeriodicRounds& rounds, std::string& error);

/// Per pair the candidates that serve it (c + 1 for candidate c), sorted, each list
/// once: pairs served by the same rounds give one clause or one row.
[[nodiscard]] std::vector<std::vector<std::int32_t>> pair_servers(const PathTrees& trees, const PeriodicRounds& rounds);

/// "R of these serve every pair": variable c + 1 chooses candidate c.
[[nodiscard]] Cnf encode_periodic_cover(const PathTrees& trees, const PeriodicRounds& rounds, std::uint32_t r);

/// The chosen candidates (model[c + 1]) as a set of configurations.
[[nodiscard]] ConfigSet periodic_set(const PathTrees& trees, const PeriodicRounds& rounds,
                                     const std::vector<bool>& model);

}  // namespace a2a::search
