// The large-neighbourhood search of `a2a search --lns` (docs/search.md).
//
// From the best set known (R rounds), attempt after attempt: free some of its rounds (a
// target round and a neighbourhood: random, redundant or related, in turn;
// neighbourhood.hpp), keep the others, and ask the solver within a short budget for new
// rounds serving every pair they leave open: a drop frees K and asks for K - 1; a shift
// frees K beside the target and asks for K that also serve some of the pairs only the
// target serves, so that it empties and is dropped. A set found is checked at switch
// level (check_exchange), rounds it does not need are dropped, and it becomes the best
// (written at once).
// K adapts: an UNSAT answer (no K - 1 rounds exist for that neighbourhood) makes it
// larger, a budget run out smaller. Every attempt's choice comes from the run's seed and
// the attempt's number, so with a conflict budget (--attempt-conflicts) a run repeats
// exactly; after every attempt the state (seed, attempt, K, time) is written beside the
// set (FILE.lns), and --resume goes on from there.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

#include "a2a/search/catalogue.hpp"
#include "a2a/search/encoder.hpp"
#include "a2a/search/search.hpp"

namespace a2a::search {

/// Where a run stands, kept beside its set so that it can be resumed.
struct LnsState {
  std::uint32_t seed{0};
  std::uint64_t attempt{0};  ///< attempts made so far
  std::uint32_t free{0};     ///< K for the next attempt
  double seconds{0};         ///< time spent by the run and the runs it resumes
};

/// The state file's text ("a2a-lns-state 1", then seed, attempt, free, seconds).
[[nodiscard]] std::string format_lns_state(const LnsState& state);
/// Reads a state file; false with `error` naming the line on damage.
[[nodiscard]] bool read_lns_state(const std::string& path, LnsState& state, std::string& error);

struct LnsOutcome {
  int status{0};         ///< 0, or the exit status of a failure (3)
  bool improved{false};  ///< the best set has fewer rounds than at the start
  std::string below;     ///< what is known about one round fewer than the best
};

/// Runs the search from `best` (checked by the caller) and leaves the best set found in
/// it; progress on `err`. `resumed` is the state to go on from (attempt 0 for a new run);
/// `floor` a proved lower bound (bounds.hpp): the run ends when the best set reaches it.
[[nodiscard]] LnsOutcome large_neighbourhood_search(const SearchOptions& options, const PathTrees& trees,
                                                    const std::string& version, const std::string& folder,
                                                    const LnsState& resumed, std::uint32_t floor, StoredSet& best,
                                                    std::ostream& err);

}  // namespace a2a::search
