// `a2a search`: the fewest network configurations that complete an all-to-all
// exchange, found with a SAT solver (docs/search.md).
//
// Starting from the best set the core knows (the default schedule's configurations;
// on a GSEN paper 000's sets), it asks the solver for a set of R configurations, one
// R at a time, lowering R after every set found until the solver finds none within
// the budget. Every set it reports or writes has passed check_exchange at switch
// level first. A smaller R is reported as proved impossible only when the solver
// answered UNSAT for an encoding without fixed rounds (then R(N) >= R + 1), or when
// R < N (a round serves at most N pairs).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace a2a::search {

struct SearchOptions {
  std::string topology{"gsen"};
  std::uint32_t ports{0};
  /// First R to try; 0: one below the best set known.
  std::uint32_t rounds{0};
  /// Stop after a set with this many rounds or fewer is found (0: go on down to N).
  std::uint32_t stop_at{0};
  /// Solver time per R, seconds (wall clock).
  double budget_seconds{600};
  /// Time for the whole search, seconds (0: no limit); the last R gets what is left.
  double total_seconds{0};
  /// 0: every round free. K > 0: only K rounds are free, the other R - K are fixed to
  /// the best set's configurations that serve the most pairs (a seeded search: an
  /// UNSAT answer then proves nothing about R).
  std::uint32_t free_rounds{0};
  /// Where to write the best set: FILE.json the JSON dump (docs/dump-format.md),
  /// anything else the stored set (data/gsen-sets/ format). Empty: not written.
  std::string out;
  /// A folder: each solver run's CNF and, for an unseeded run, its DRAT proof stay there.
  std::string proof_dir;
  /// Run cadical's own proof checker on every learned clause (--check; slower).
  bool check_proof{false};
  /// Write `out` even when the search found nothing better than the known set.
  bool write_known{true};
  /// A stored set (data/gsen-sets/ format) to start from instead of the core's set;
  /// it must be for the same network and pass check_exchange.
  std::string from;
  /// A family whose schedule's configurations to start from (e.g. gsen-stage-control:
  /// all 2^n words, far from the fewest but easy to improve on); empty: the default's.
  std::string from_schedule;
  /// false: no solver run, only the known set checked and written (--known-only).
  bool search{true};
  std::string solver{"cadical"};
  /// Extra arguments for the solver, e.g. "--sat" (cadical's options for satisfiable instances).
  std::vector<std::string> solver_args;
  std::uint32_t seed{0};
  /// The large-neighbourhood search (lns.hpp) instead of one R after the other: K =
  /// free_rounds (default 16) rounds freed per attempt, the solver asked for K - 1.
  bool lns{false};
  /// Attempts of this run (0: no limit; --total and --stop-at end it too).
  std::uint32_t attempts{0};
  /// Solver time per attempt, seconds.
  double attempt_seconds{30};
  /// Solver conflicts per attempt (0: no limit): the same on any machine.
  std::uint32_t attempt_conflicts{0};
  /// Go on from `out` and its state file (`out`.lns) where a run stopped.
  bool resume{false};
  /// > 0: choose the rounds among the periodic ones of this period (periodic.hpp): input
  /// i takes input i mod P's tag; each R a set cover over all of them.
  std::uint32_t period{0};
  /// > 0 (with period): only this many periodic rounds, drawn at random (seed), where
  /// all of them are too many to list.
  std::uint32_t sample{0};
  /// With period and an ILP solver: column generation (columns.hpp) before the cover:
  /// from the drawn rounds (sample, default 2000), the rounds the LP's duals price best
  /// are added until none would lower the LP (within budget_seconds).
  bool columns{false};
};

/// Runs the search; the result on `out`, progress and errors on `err`. Exit status:
/// 0 done (whether or not a better set was found), 2 bad options, 3 the solver
/// could not be run or a set failed verification.
int run(const SearchOptions& options, std::ostream& out, std::ostream& err);

/// Parses the standalone driver's command line into options (docs/search.md);
/// false with a message in `error` on a bad argument; `help` set for --help.
bool parse_arguments(int argc, const char* const* argv, SearchOptions& options, bool& help, std::string& error);

/// The driver's usage text.
const char* usage();

}  // namespace a2a::search
