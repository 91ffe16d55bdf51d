// Column generation for the periodic cover (`a2a search --periodic P --columns`):
// where the period-P rounds are too many to list (P = 8: millions at N = 136), the
// cover's LP relaxation is solved over a few of them, and the rounds its duals price
// best are added until none would lower it (docs/search.md "Column generation").
//
// The pricing is exact, not drawn: a round's price is the sum of the duals of the pairs
// it serves, a sum over the P classes of what each class's tag serves (w[r][t]), so a
// depth-first descent over the stages (the sampler's order, with the same switch check)
// bounded by each class's best tag under its prefix finds the best rounds without
// listing them. When no round prices above 1 the LP value is a lower bound on every
// cover by period-P rounds (it says nothing about rounds that are not periodic).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "a2a/search/periodic.hpp"

namespace a2a::search {

/// A round (its P tags) and its price: the sum of the duals of the pairs it serves.
struct PricedRound {
  std::vector<std::uint32_t> tags;
  double price{0};
};

/// The `most` periodic rounds of highest price above `above` (highest first), with
/// duals[i * N + j] for the pair (i, j); every round priced above `above` is either
/// returned or prices at most the last one returned.
[[nodiscard]] std::vector<PricedRound> price_periodic_rounds(const PathTrees& trees, std::uint32_t period,
                                                             const std::vector<double>& duals, double above,
                                                             std::size_t most);

/// The cover's LP relaxation over `rounds` in CPLEX LP format: x<c+1> >= 0 for
/// candidate c, row p<i*N+j> for every pair (>= 1), and for a pair no candidate serves
/// an artificial column a<i*N+j> of cost N (so the LP is feasible and the pair's dual
/// asks for a round that serves it).
/// With `covered` (per pair, may be empty): rows only for the pairs not yet covered.
[[nodiscard]] std::string cover_relaxation_lp(const PathTrees& trees, const PeriodicRounds& rounds,
                                              const std::vector<bool>& covered = {});

struct ColumnOptions {
  std::string solver{"cbc"};
  std::string lp_path;           ///< scratch file for the LP (its solution goes to lp_path + ".sol")
  double budget_seconds{600};    ///< for the whole generation; it stops with what it has
  std::size_t per_pricing{200};  ///< rounds added after each LP at most
  std::function<void(const std::string&)> progress;  ///< one line per LP solved, may be empty
};

struct ColumnOutcome {
  bool ok{false};
  std::string error;
  PeriodicRounds rounds;  ///< the first ones and every round added
  double lp_value{0};     ///< of the last LP solved
  bool converged{false};  ///< no round priced above 1: lp_value bounds every periodic cover
  std::uint32_t lps{0};   ///< LPs solved
  double seconds{0};
};

/// Column generation from `first` (every pair served by some round of it, or by an
/// artificial column) with the ILP solver's LP (relaxation.cpp).
[[nodiscard]] ColumnOutcome generate_columns(const PathTrees& trees, PeriodicRounds first,
                                             const ColumnOptions& options);

struct DiveOutcome {
  bool ok{false};
  std::string error;
  PeriodicRounds rounds;    ///< the columns given and every round priced on the way
  std::vector<bool> model;  ///< model[c + 1]: candidate c chosen (periodic_set() reads it)
  std::uint32_t chosen{0};
  std::uint32_t lps{0};
  double seconds{0};
};

/// A cover from the LP, where cbc finds no integer solution over the generated columns
/// within its time (N = 136 and 152): the rounds at 1 in the LP (or the largest, when
/// none is) are chosen, their pairs taken out, new rounds priced for what is left (at
/// most `lps_a_step` LPs), until every pair is served. A heuristic: it proves nothing.
[[nodiscard]] DiveOutcome dive_columns(const PathTrees& trees, PeriodicRounds columns, const ColumnOptions& options,
                                       std::uint32_t lps_a_step = 4);

}  // namespace a2a::search
