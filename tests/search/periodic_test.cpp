// Periodic rounds (periodic.hpp): the list checked against every configuration of small
// GSENs tried one by one, every listed round a valid configuration with period P, the
// cover solved by cadical and by cbc as an integer program (their sets pass
// check_exchange), and never an exact cover where the lower bound says R(N) > N
// (R(20) = 24, Theorem 5.5).
#include <doctest/doctest.h>

#include <filesystem>
#include <set>

#include "a2a/route.hpp"
#include "a2a/search/config_set.hpp"
#include "a2a/search/ilp.hpp"
#include "a2a/search/periodic.hpp"
#include "a2a/search/solver.hpp"

namespace {

using a2a::search::ConfigSet;

a2a::Network gsen(std::uint32_t ports) { return a2a::make_network(a2a::Topology::gsen, ports).value(); }

/// A configuration given as bits (bit k = switch k % W of stage k / W), for route().
struct Bits {
  std::uint64_t bits{0};
  std::uint32_t w{0};
  [[nodiscard]] std::uint32_t switch_state(std::uint32_t s, std::uint32_t y) const {
    return static_cast<std::uint32_t>((bits >> (s * w + y)) & 1U);
  }
};

/// Input i's tag in a configuration: the output ports it leaves the stages by.
template <class Config>
std::uint32_t tag_of(const a2a::Network& net, std::uint32_t i, const Config& config) {
  const a2a::Path path = a2a::route(net, i, config);
  std::uint32_t tag = 0;
  for (std::uint32_t s = 0; s < net.stages; ++s) tag = (tag << 1) | (path.hops[s].out_port & 1U);
  return tag;
}

/// Every configuration tried: how many give input i the tag of input i mod P.
std::uint64_t periodic_by_brute_force(const a2a::Network& net, std::uint32_t period) {
  const std::uint32_t w = net.switches_per_stage();
  const std::uint32_t switches = net.stages * w;
  std::uint64_t count = 0;
  for (std::uint64_t bits = 0; bits < (std::uint64_t{1} << switches); ++bits) {
    const Bits config{bits, w};
    bool periodic = true;
    for (std::uint32_t i = period; i < net.ports && periodic; ++i)
      periodic = tag_of(net, i, config) == tag_of(net, i % period, config);
    count += periodic ? 1U : 0U;
  }
  return count;
}

}  // namespace

TEST_CASE("the periodic rounds listed are exactly those found by trying every configuration") {
  for (const auto& [ports, period] : {std::pair<std::uint32_t, std::uint32_t>{6, 2}, {6, 3}, {10, 2}, {10, 5}}) {
    const std::uint32_t n = ports, p = period;  // named copies for INFO (clang 14)
    INFO("N = " << n << ", P = " << p);
    const a2a::Network net = gsen(n);
    const auto trees = a2a::search::build_path_trees(net);
    a2a::search::PeriodicRounds rounds;
    std::string error;
    REQUIRE_MESSAGE(a2a::search::list_periodic_rounds(trees, p, 1U << 20, rounds, error), error);
    if (p == 2) CHECK(rounds.count() > 0);  // on these N only period 2 has any
    CHECK(rounds.count() == periodic_by_brute_force(net, p));
  }
}

TEST_CASE("every listed round is a configuration in which input i takes input (i mod P)'s tag") {
  const a2a::Network net = gsen(20);
  const auto trees = a2a::search::build_path_trees(net);
  a2a::search::PeriodicRounds rounds;
  std::string error;
  REQUIRE(a2a::search::list_periodic_rounds(trees, 4, 1U << 20, rounds, error));
  REQUIRE(rounds.count() > 0);
  std::vector<bool> all(rounds.count() + 1, true);
  const ConfigSet set = a2a::search::periodic_set(trees, rounds, all);
  REQUIRE(set.rounds() == rounds.count());
  const a2a::search::SetSchedule schedule(set);
  for (std::uint32_t c = 0; c < set.rounds(); ++c) {
    std::vector<bool> reached(net.ports, false);
    for (std::uint32_t i = 0; i < net.ports; ++i) {
      const a2a::Path path = a2a::route(net, i, schedule.round(c));
      std::uint32_t tag = 0;
      for (std::uint32_t s = 0; s < net.stages; ++s) tag = (tag << 1) | (path.hops[s].out_port & 1U);
      CHECK(tag == rounds.tags[c * 4 + i % 4]);
      REQUIRE(path.destination < net.ports);
      CHECK_FALSE(reached[path.destination]);  // a permutation
      reached[path.destination] = true;
    }
  }
}

TEST_CASE("bad periods are refused by name") {
  const auto trees = a2a::search::build_path_trees(gsen(20));
  a2a::search::PeriodicRounds rounds;
  std::string error;
  CHECK_FALSE(a2a::search::list_periodic_rounds(trees, 3, 1U << 20, rounds, error));
  CHECK(error == "--periodic 3: the period must divide N = 20 and be at most 16");
  CHECK_FALSE(a2a::search::list_periodic_rounds(trees, 20, 1U << 20, rounds, error));
  CHECK_FALSE(a2a::search::list_periodic_rounds(trees, 4, 10, rounds, error));
  CHECK(error ==
        "--periodic 4: more than 10 periodic rounds; give a smaller period, or draw some of them (--sample K)");
}

namespace {
/// Each round's P tags, one vector a round, for comparing draws with the full list.
std::set<std::vector<std::uint32_t>> as_tag_rounds(const a2a::search::PeriodicRounds& rounds) {
  std::set<std::vector<std::uint32_t>> out;
  for (std::size_t c = 0; c < rounds.count(); ++c)
    out.emplace(rounds.tags.begin() + static_cast<std::ptrdiff_t>(c * rounds.period),
                rounds.tags.begin() + static_cast<std::ptrdiff_t>((c + 1) * rounds.period));
  return out;
}
}  // namespace

TEST_CASE("drawn periodic rounds are distinct rounds of the full list, the same for the same seed") {
  const auto trees = a2a::search::build_path_trees(gsen(36));
  a2a::search::PeriodicRounds all, drawn, again, other;
  std::string error;
  REQUIRE(a2a::search::list_periodic_rounds(trees, 4, 1U << 20, all, error));
  REQUIRE(all.count() == 4096);  // docs/search.md: 4^6 at N = 36
  REQUIRE_MESSAGE(a2a::search::sample_periodic_rounds(trees, 4, 500, 0, drawn, error), error);
  CHECK(drawn.count() == 500);
  const auto listed = as_tag_rounds(all);
  const auto picked = as_tag_rounds(drawn);
  CHECK(picked.size() == 500);  // distinct
  for (const auto& round : picked) CHECK(listed.count(round) == 1);
  REQUIRE(a2a::search::sample_periodic_rounds(trees, 4, 500, 0, again, error));
  CHECK(again.tags == drawn.tags);
  REQUIRE(a2a::search::sample_periodic_rounds(trees, 4, 500, 1, other, error));
  CHECK(other.tags != drawn.tags);
  // Asked for more than exist: the draws stop with fewer, all of them real rounds.
  REQUIRE(a2a::search::sample_periodic_rounds(trees, 4, 5000, 0, other, error));
  CHECK(other.count() <= 4096);
  CHECK(other.count() > 500);
  for (const auto& round : as_tag_rounds(other)) CHECK(listed.count(round) == 1);
}

TEST_CASE("drawn period-8 rounds at N = 8 (mod 16) are configurations; period 4 has none there") {
  const a2a::Network net = gsen(40);
  const auto trees = a2a::search::build_path_trees(net);
  a2a::search::PeriodicRounds rounds;
  std::string error;
  // N = 40 = 8 * 5: the 8 inputs i + 5k share a stage-n position class, and period 4
  // gives two of them the same tag: no round at all.
  REQUIRE(a2a::search::list_periodic_rounds(trees, 4, 1U << 20, rounds, error));
  CHECK(rounds.count() == 0);
  CHECK_FALSE(a2a::search::sample_periodic_rounds(trees, 4, 10, 0, rounds, error));
  CHECK(error == "--periodic 4 --sample 10: no periodic round found (none exists at N = 40 for this period)");
  REQUIRE_MESSAGE(a2a::search::sample_periodic_rounds(trees, 8, 200, 0, rounds, error), error);
  CHECK(rounds.count() == 200);
  std::vector<bool> all(rounds.count() + 1, true);
  const ConfigSet set = a2a::search::periodic_set(trees, rounds, all);
  const a2a::search::SetSchedule schedule(set);
  for (std::uint32_t c = 0; c < set.rounds(); ++c) {
    std::vector<bool> reached(net.ports, false);
    for (std::uint32_t i = 0; i < net.ports; ++i) {
      const a2a::Path path = a2a::route(net, i, schedule.round(c));
      CHECK(tag_of(net, i, schedule.round(c)) == rounds.tags[c * 8 + i % 8]);
      REQUIRE(path.destination < net.ports);
      CHECK_FALSE(reached[path.destination]);  // a permutation
      reached[path.destination] = true;
    }
  }
}

TEST_CASE("cadical covers N = 20 with at most 26 periodic rounds and finds no 20 (R(20) = 24)") {
  REQUIRE_MESSAGE(!a2a::search::solver_version("cadical").empty(),
                  "cadical is not installed (apt-get install cadical)");
  const a2a::Network net = gsen(20);
  const auto trees = a2a::search::build_path_trees(net);
  a2a::search::PeriodicRounds rounds;
  std::string error;
  REQUIRE(a2a::search::list_periodic_rounds(trees, 4, 1U << 20, rounds, error));
  a2a::search::SolveRequest request;
  request.cnf_path = (std::filesystem::temp_directory_path() / "a2a-periodic-test.cnf").string();
  request.budget_seconds = 60;
  const auto found = a2a::search::solve(a2a::search::encode_periodic_cover(trees, rounds, 26), request);
  REQUIRE(found.status == a2a::search::SolveStatus::satisfiable);
  const ConfigSet set = a2a::search::periodic_set(trees, rounds, found.model);
  CHECK(set.rounds() <= 26);
  CHECK(set.rounds() >= 24);  // R(20) = 24: fewer cannot serve every pair
  CHECK(a2a::search::verify_set(set).ok());
  // 20 rounds, an exact cover: cadical cannot refute it quickly, but it must never find one.
  request.budget_seconds = 3;
  const auto exact = a2a::search::solve(a2a::search::encode_periodic_cover(trees, rounds, 20), request);
  CHECK(exact.status != a2a::search::SolveStatus::satisfiable);
}

namespace {
std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}
}  // namespace

TEST_CASE("the integer program has a row per pair list, the count row, a binary per candidate") {
  const auto trees = a2a::search::build_path_trees(gsen(20));
  a2a::search::PeriodicRounds rounds;
  std::string error;
  REQUIRE(a2a::search::list_periodic_rounds(trees, 4, 1U << 20, rounds, error));
  const std::size_t lists = a2a::search::pair_servers(trees, rounds).size();
  const std::string cover = a2a::search::periodic_cover_lp(trees, rounds, 26);
  CHECK(count_of(cover, " >= 1\n") == lists);
  CHECK(count_of(cover, " = 1\n") == 0);
  CHECK(count_of(cover, " <= 26\n") == 1);
  const std::string binaries = cover.substr(cover.find("Binary\n"));
  CHECK(count_of(binaries, " x") == rounds.count());
  CHECK(cover.ends_with("End\n"));
  // R = N: every pair exactly once.
  const std::string exact = a2a::search::periodic_cover_lp(trees, rounds, 20);
  CHECK(count_of(exact, " = 1\n") == lists);
  CHECK(count_of(exact, " >= 1\n") == 0);
}

TEST_CASE("cbc covers N = 20 with at most 26 periodic rounds and proves no 20 (R(20) = 24)") {
  CHECK(a2a::search::is_ilp_solver("cbc"));
  CHECK(a2a::search::is_ilp_solver("/usr/bin/cbc"));
  CHECK_FALSE(a2a::search::is_ilp_solver("cadical"));
  REQUIRE_MESSAGE(!a2a::search::ilp_solver_version("cbc").empty(), "cbc is not installed (apt-get install coinor-cbc)");
  const auto trees = a2a::search::build_path_trees(gsen(20));
  a2a::search::PeriodicRounds rounds;
  std::string error;
  REQUIRE(a2a::search::list_periodic_rounds(trees, 4, 1U << 20, rounds, error));
  a2a::search::SolveRequest request;
  request.solver = "cbc";
  request.cnf_path = (std::filesystem::temp_directory_path() / "a2a-periodic-test.lp").string();
  request.budget_seconds = 60;
  const auto found = a2a::search::solve_ilp(a2a::search::periodic_cover_lp(trees, rounds, 26), rounds.count(), request);
  REQUIRE(found.status == a2a::search::SolveStatus::satisfiable);
  const ConfigSet set = a2a::search::periodic_set(trees, rounds, found.model);
  CHECK(set.rounds() >= 24);  // R(20) = 24: fewer cannot serve every pair
  CHECK(set.rounds() <= 26);
  CHECK(a2a::search::verify_set(set).ok());
  // An exact cover of 20 rounds does not exist: cbc says infeasible (or runs out of
  // time), never a set.
  const auto exact = a2a::search::solve_ilp(a2a::search::periodic_cover_lp(trees, rounds, 20), rounds.count(), request);
  CHECK(exact.status != a2a::search::SolveStatus::satisfiable);
  CHECK(exact.status != a2a::search::SolveStatus::failed);
  // A solver that is not there fails with a clear word.
  request.solver = "/nonexistent/cbc";
  const auto absent =
      a2a::search::solve_ilp(a2a::search::periodic_cover_lp(trees, rounds, 26), rounds.count(), request);
  CHECK(absent.status == a2a::search::SolveStatus::failed);
  CHECK(absent.error.find("apt-get install coinor-cbc") != std::string::npos);
  std::filesystem::remove(request.cnf_path);
}
