// Runs the SAT solver: the `cadical` program packaged by Debian, as a child process.
//
// Why the program and not libcadical: the program is what Debian's `cadical` package
// installs (the library is a separate -dev package), its wall-clock limit (-t) is
// the per-R budget, it writes the DRAT proof of an UNSAT answer to a file by itself,
// and a solver that runs out of memory on a large N takes only itself down.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "a2a/search/encoder.hpp"

namespace a2a::search {

enum class SolveStatus : std::uint8_t { satisfiable, unsatisfiable, unknown, failed };

struct SolveResult {
  SolveStatus status{SolveStatus::failed};
  std::vector<bool> model;  ///< model[v], v = 1 .. variables (satisfiable only)
  double seconds{0};
  std::string error;  ///< why it failed (failed only)
};

struct SolveRequest {
  std::string solver{"cadical"};  ///< program to run (PATH lookup)
  std::string cnf_path;           ///< where the DIMACS file is written
  std::string proof_path;         ///< non-empty: the DRAT proof goes here (binary DRAT)
  bool check_proof{false};        ///< run cadical's own online proof checker (--check)
  double budget_seconds{600};
  /// Conflicts the solver may spend (cadical -c; 0: no limit): unlike the wall-clock
  /// budget, the same on any machine, so a search that uses it repeats exactly.
  std::uint64_t conflict_limit{0};
  std::uint32_t seed{0};
  std::vector<std::string> extra_args;  ///< passed to the solver before the CNF
  /// Called with the solver's periodic report lines (progress), may be empty.
  std::function<void(const std::string&)> progress;
};

[[nodiscard]] SolveResult solve(const Cnf& cnf, const SolveRequest& request);

/// `text` as one word of a shell command line (single-quoted): how the solvers' programs
/// and files are named to popen().
[[nodiscard]] std::string shell_quote(const std::string& text);

/// "12.3 s": how the search's progress lines and notes give a time.
[[nodiscard]] std::string seconds_text(double seconds);

/// "cadical 1.5.3" (the first line of `cadical --version` after the name), or "" if absent.
[[nodiscard]] std::string solver_version(const std::string& solver);

}  // namespace a2a::search
