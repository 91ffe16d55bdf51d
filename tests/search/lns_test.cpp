// The large-neighbourhood search (`a2a search --lns`, docs/search.md): how it picks the
// rounds it frees, the counting test it makes before the solver, the rounds it drops,
// and whole runs on N = 20 from a padded set: better sets found and checked, the same
// seed and conflict budget giving the same set, a run resumed from its state file, and
// bad input refused by name.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "a2a/search/catalogue.hpp"
#include "a2a/search/config_set.hpp"
#include "a2a/search/encoder.hpp"
#include "a2a/search/lns.hpp"
#include "a2a/search/neighbourhood.hpp"
#include "a2a/search/search.hpp"

namespace {

using a2a::search::ConfigSet;
using a2a::search::Coverage;
using a2a::search::Neighbourhood;

a2a::Network gsen(std::uint32_t ports) { return a2a::make_network(a2a::Topology::gsen, ports).value(); }

/// Paper 000's 24 rounds for N = 20 (R(20) = 24, Theorem 5.5), with `extra` rounds of
/// pseudo-random switch states after them: still complete, no longer the fewest.
ConfigSet padded_set(std::uint32_t extra) {
  ConfigSet set = a2a::search::default_set(gsen(20));
  a2a::search::Random random(99, 0);
  for (std::uint32_t k = 0; k < extra; ++k) {
    std::vector<std::uint8_t> round(set.switches());
    for (auto& state : round) state = static_cast<std::uint8_t>(random.below(2));
    set.states.push_back(round);
  }
  return set;
}

std::string scratch(const std::string& name) {
  const auto path = std::filesystem::temp_directory_path() / ("a2a-lns-test-" + name);
  std::filesystem::remove(path);
  std::filesystem::remove(path.string() + ".lns");
  return path.string();
}

std::string write_padded(const std::string& name, std::uint32_t extra) {
  a2a::search::StoredSet stored{padded_set(extra), "padded for the LNS test"};
  std::string error;
  const std::string path = scratch(name);
  REQUIRE_MESSAGE(a2a::search::write_stored_set(path, stored, error), error);
  return path;
}

struct RunResult {
  int status{0};
  std::string out;
  std::string err;
};

RunResult run(const a2a::search::SearchOptions& options) {
  std::ostringstream out;
  std::ostringstream err;
  const int status = a2a::search::run(options, out, err);
  return {status, out.str(), err.str()};
}

a2a::search::SearchOptions lns_options(const std::string& from, const std::string& out) {
  a2a::search::SearchOptions options;
  options.ports = 20;
  options.lns = true;
  options.from = from;
  options.out = out;
  options.free_rounds = 8;
  options.attempts = 6;
  options.attempt_conflicts = 20000;
  options.seed = 3;
  return options;
}

}  // namespace

TEST_CASE("the open pairs of freed rounds are the pairs no kept round serves (make_problem's count)") {
  const ConfigSet set = padded_set(2);
  const Coverage coverage(set);
  const a2a::search::PathTrees trees = a2a::search::build_path_trees(set.net);
  for (std::uint32_t stream = 0; stream < 30; ++stream) {
    a2a::search::Random random(7, stream);
    const auto neighbourhood = static_cast<Neighbourhood>(stream % a2a::search::kNeighbourhoods);
    const std::uint32_t k = 2 + stream % 9;
    const std::vector<std::uint32_t> freed = a2a::search::choose_rounds(coverage, neighbourhood, k, random);
    INFO("stream " << stream << ", " << a2a::search::name(neighbourhood) << ", K " << k);
    REQUIRE(freed.size() == k);
    CHECK(std::is_sorted(freed.begin(), freed.end()));
    CHECK(std::set<std::uint32_t>(freed.begin(), freed.end()).size() == k);
    CHECK(freed.back() < set.rounds());
    ConfigSet kept{set.net, {}};
    for (std::uint32_t r = 0; r < set.rounds(); ++r)
      if (!std::binary_search(freed.begin(), freed.end(), r)) kept.states.push_back(set.states[r]);
    const a2a::search::Problem problem = a2a::search::make_problem(trees, kept, k);
    std::uint64_t open = 0;
    std::uint32_t busiest = 0;
    std::vector<std::uint32_t> from(20, 0), to(20, 0);
    for (std::uint32_t i = 0; i < 20; ++i)
      for (std::uint32_t j = 0; j < 20; ++j)
        if (problem.open[i * 20 + j]) {
          ++open;
          busiest = std::max({busiest, ++from[i], ++to[j]});
        }
    const a2a::search::FreedShape shape = a2a::search::freed_shape(coverage, freed);
    CHECK(shape.open == open);
    CHECK(shape.busiest == busiest);
    CHECK(shape.fits(k - 1) == (busiest <= k - 1 && open <= (k - 1) * 20U));
  }
}

TEST_CASE("a choice is the seed's and the attempt's: the same numbers, the same rounds") {
  const Coverage coverage(padded_set(4));
  for (std::uint32_t n = 0; n < a2a::search::kNeighbourhoods; ++n) {
    a2a::search::Random first(5, 11);
    a2a::search::Random again(5, 11);
    const auto neighbourhood = static_cast<Neighbourhood>(n);
    CHECK(a2a::search::choose_rounds(coverage, neighbourhood, 10, first) ==
          a2a::search::choose_rounds(coverage, neighbourhood, 10, again));
  }
  // Of 28 rounds, K = 28 frees them all; K beyond the set is cut to it.
  a2a::search::Random random(1, 1);
  CHECK(a2a::search::choose_rounds(coverage, Neighbourhood::random, 40, random).size() == 28);
}

TEST_CASE("redundant: a round whose every pair another round serves is freed first") {
  ConfigSet set = a2a::search::default_set(gsen(20));
  set.states.push_back(set.states[5]);  // rounds 5 and 24 route the same pairs
  const Coverage coverage(set);
  CHECK(coverage.slack(5) == 20);
  CHECK(coverage.slack(24) == 20);
  CHECK(coverage.common(5, 24) == 20);
  CHECK(coverage.slack(0) < 20);
  for (std::uint32_t stream = 0; stream < 8; ++stream) {
    a2a::search::Random random(2, stream);
    const auto freed = a2a::search::choose_rounds(coverage, Neighbourhood::redundant, 1, random);
    REQUIRE(freed.size() == 1);
    CHECK((freed[0] == 5 || freed[0] == 24));
  }
}

TEST_CASE("rounds a set does not need are dropped; the paper's optimal set keeps all 24") {
  ConfigSet set = a2a::search::default_set(gsen(20));
  CHECK(a2a::search::drop_unneeded_rounds(set).rounds() == 24);
  set.states.push_back(set.states[3]);
  const ConfigSet padded = padded_set(3);
  set.states.insert(set.states.end(), padded.states.begin() + 24, padded.states.end());
  REQUIRE(set.rounds() == 28);
  const ConfigSet kept = a2a::search::drop_unneeded_rounds(set);
  CHECK(kept.rounds() == 24);
  CHECK(a2a::search::verify_set(kept).ok());
}

TEST_CASE("an LNS run finds fewer rounds than its start, each set checked, and repeats with its seed") {
  const std::string start = write_padded("start.txt", 4);
  const std::string out = scratch("found.txt");
  const RunResult first = run(lns_options(start, out));
  INFO(first.err);
  REQUIRE(first.status == 0);
  CHECK(first.out.find("known: 28 rounds (padded for the LNS test)") != std::string::npos);
  CHECK(first.err.find("attempt 1 (") != std::string::npos);
  CHECK(first.err.find("attempt 6 (") != std::string::npos);
  a2a::search::StoredSet found;
  std::string error;
  REQUIRE_MESSAGE(a2a::search::read_stored_set(out, found, error), error);
  CHECK(found.set.rounds() < 28);
  CHECK(found.set.rounds() >= 24);  // R(20) = 24
  CHECK(a2a::search::verify_set(found.set).ok());
  CHECK(first.out.find("best: " + std::to_string(found.set.rounds()) + " rounds, found; check_exchange: 400/400") !=
        std::string::npos);
  CHECK(found.note.find("a2a search --lns, " + std::to_string(found.set.rounds()) + " rounds, seed 3, attempt ") == 0);

  a2a::search::LnsState state;
  REQUIRE_MESSAGE(a2a::search::read_lns_state(out + ".lns", state, error), error);
  CHECK(state.seed == 3);
  CHECK(state.attempt == 6);

  const std::string again = scratch("again.txt");
  REQUIRE(run(lns_options(start, again)).status == 0);
  a2a::search::StoredSet repeated;
  REQUIRE_MESSAGE(a2a::search::read_stored_set(again, repeated, error), error);
  CHECK(repeated.set.states == found.set.states);
}

TEST_CASE("a stopped run resumes from its set and state: the next attempt, the same seed") {
  const std::string out = scratch("resumed.txt");
  auto options = lns_options(write_padded("resume-start.txt", 4), out);
  options.attempts = 2;
  REQUIRE(run(options).status == 0);
  options.from.clear();
  options.resume = true;
  options.seed = 8;  // the state's seed wins
  options.attempts = 1;
  const RunResult resumed = run(options);
  INFO(resumed.err);
  REQUIRE(resumed.status == 0);
  CHECK(resumed.err.find("seed 3, attempt 3,") != std::string::npos);
  CHECK(resumed.err.find("attempt 3 (") != std::string::npos);
  CHECK(resumed.err.find("attempt 1 (") == std::string::npos);
  a2a::search::LnsState state;
  std::string error;
  REQUIRE_MESSAGE(a2a::search::read_lns_state(out + ".lns", state, error), error);
  CHECK(state.attempt == 3);
}

TEST_CASE("bad LNS input is refused by name") {
  a2a::search::SearchOptions options;
  options.ports = 20;
  options.resume = true;
  options.out = scratch("nothing.txt");
  RunResult refused = run(options);
  CHECK(refused.status == 2);
  CHECK(refused.err.find("--resume goes on with an --lns run") != std::string::npos);

  options.lns = true;
  {
    a2a::search::StoredSet stored{padded_set(1), "paper and one more round"};  // 24 is R(20): no LNS there
    std::string error;
    REQUIRE(a2a::search::write_stored_set(options.out, stored, error));
  }
  refused = run(options);
  CHECK(refused.status == 2);
  CHECK(refused.err.find("cannot read " + options.out + ".lns") != std::string::npos);

  std::ofstream(options.out + ".lns") << "a2a-lns-state 1\nseed 1\nattempt soon\n";
  refused = run(options);
  CHECK(refused.status == 2);
  CHECK(refused.err.find(".lns: line 3: expected \"<key> <number>\", got \"attempt soon\"") != std::string::npos);

  a2a::search::LnsState state;
  std::string error;
  std::ofstream(options.out + ".lns") << "a2a-lns-state 1\nseed 1\nattempt 2\nfree 1\nseconds 3\n";
  CHECK_FALSE(a2a::search::read_lns_state(options.out + ".lns", state, error));
  CHECK(error.find("free (at least 2)") != std::string::npos);
  CHECK(a2a::search::format_lns_state({4, 17, 9, 12.5}) ==
        "a2a-lns-state 1\nseed 4\nattempt 17\nfree 9\nseconds 12.5\n");
}
