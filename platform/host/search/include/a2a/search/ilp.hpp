// The periodic cover as an integer program, for an ILP solver: the `cbc` program of
// Debian's coinor-cbc package, run as a child process as the SAT solver is
// (solver.hpp), chosen by `a2a search --periodic P --solver cbc`.
//
// Why an ILP beside the SAT encoding: "at most R of 16384 candidates" is a sequential
// counter of R x 16384 variables in CNF (1.4 million at N = 76), which cadical did not
// answer within 300 s; as a linear row it is one constraint, and the LP relaxation
// bounds the count from below at every node, so cbc answers N = 76 at R = 80 (the
// bottleneck bound) in seconds. An infeasible answer is cbc's word, with no proof file
// to check: the search reports it as such (an UNSAT from cadical has its DRAT proof).
#pragma once

#include <cstdint>
#include <string>

#include "a2a/search/periodic.hpp"
#include "a2a/search/solver.hpp"

namespace a2a::search {

/// The program is an ILP solver (its name is cbc), not a SAT solver.
[[nodiscard]] bool is_ilp_solver(const std::string& solver);

/// "cbc 2.10.8" (the banner of `cbc -quit`), or "" when it does not run.
[[nodiscard]] std::string ilp_solver_version(const std::string& solver);

/// The cover in CPLEX LP format: binary x<c+1> chooses candidate c; a row per pair
/// list (>= 1, or = 1 for R = N: every pair exactly once); the count at most R;
/// the count minimised, so cbc returns the fewest rounds it finds within its time.
[[nodiscard]] std::string periodic_cover_lp(const PathTrees& trees, const PeriodicRounds& rounds, std::uint32_t r);

/// Writes `lp` to request.cnf_path, runs the solver on it (its time limit
/// request.budget_seconds, its seed request.seed, request.extra_args after them) and
/// reads the solution: model[c + 1] for candidate c, as solve() gives it.
[[nodiscard]] SolveResult solve_ilp(const std::string& lp, std::size_t candidates, const SolveRequest& request);

}  // namespace a2a::search
