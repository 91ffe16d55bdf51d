// Column generation (columns.hpp): the pricing against every listed round priced by
// tracing it switch by switch (route() through the round's states, not the path
// trees), and the generation from a few drawn rounds reaching the value of the LP
// over all of them (N = 76, period 4: 16,384 rounds, the value 80, the bottleneck
// bound that the stored 80-round periodic set meets), and the dive's cover through the
// switch-level check_exchange.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <random>
#include <set>

#include "a2a/route.hpp"
#include "a2a/search/columns.hpp"
#include "a2a/search/config_set.hpp"
#include "a2a/search/ilp.hpp"
#include "a2a/search/periodic.hpp"

namespace {

using a2a::search::PeriodicRounds;

a2a::Network gsen(std::uint32_t ports) { return a2a::make_network(a2a::Topology::gsen, ports).value(); }

std::vector<double> random_duals(std::uint32_t n, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> value(0.0, 1.0);
  std::vector<double> duals(static_cast<std::size_t>(n) * n);
  for (double& d : duals) d = (rng() % 3 == 0) ? 0.0 : value(rng);  // a third zero, as an LP's are
  return duals;
}

/// Each listed round's price with its pairs found by route() through its switch states.
std::vector<double> prices_by_route(const a2a::Network& net, const a2a::search::PathTrees& trees,
                                    const PeriodicRounds& rounds, const std::vector<double>& duals) {
  const std::vector<bool> all(rounds.count() + 1, true);
  const a2a::search::ConfigSet set = a2a::search::periodic_set(trees, rounds, all);
  const a2a::search::SetSchedule schedule(set);
  std::vector<double> prices;
  for (std::uint32_t c = 0; c < set.rounds(); ++c) {
    double price = 0;
    for (std::uint32_t i = 0; i < net.ports; ++i) {
      const a2a::Path path = a2a::route(net, i, schedule.round(c));
      if (path.destination < net.ports) price += duals[static_cast<std::size_t>(i) * net.ports + path.destination];
    }
    prices.push_back(price);
  }
  return prices;
}

std::vector<std::uint32_t> round_tags(const PeriodicRounds& rounds, std::size_t c) {
  return {rounds.tags.begin() + static_cast<std::ptrdiff_t>(c * rounds.period),
          rounds.tags.begin() + static_cast<std::ptrdiff_t>((c + 1) * rounds.period)};
}

std::set<std::vector<std::uint32_t>> as_set(const PeriodicRounds& rounds) {
  std::set<std::vector<std::uint32_t>> set;
  for (std::size_t c = 0; c < rounds.count(); ++c) set.insert(round_tags(rounds, c));
  return set;
}

}  // namespace

TEST_CASE("the pricing returns the best-priced periodic rounds of the full list, priced switch by switch") {
  for (const auto& [ports, period] : {std::pair<std::uint32_t, std::uint32_t>{20, 4}, {24, 8}, {36, 4}, {44, 4}}) {
    const std::uint32_t n = ports, p = period;  // named copies for INFO (clang 14)
    INFO("N = " << n << ", P = " << p);
    const a2a::Network net = gsen(n);
    const auto trees = a2a::search::build_path_trees(net);
    PeriodicRounds rounds;
    std::string error;
    REQUIRE_MESSAGE(a2a::search::list_periodic_rounds(trees, p, 1U << 20, rounds, error), error);
    const auto listed = as_set(rounds);
    for (std::uint32_t seed = 1; seed <= 3; ++seed) {
      const auto duals = random_duals(n, seed);
      std::vector<double> truth = prices_by_route(net, trees, rounds, duals);
      std::sort(truth.begin(), truth.end(), std::greater<>());
      const auto best = a2a::search::price_periodic_rounds(trees, p, duals, 0.0, 7);
      REQUIRE(best.size() == 7);
      for (std::size_t k = 0; k < best.size(); ++k) {
        CHECK(best[k].price == doctest::Approx(truth[k]));
        CHECK(listed.count(best[k].tags) == 1);  // a real periodic round
      }
      // Above a threshold: exactly the rounds priced above it, when `most` does not cut.
      const double above = truth[truth.size() / 50];
      const auto over = a2a::search::price_periodic_rounds(trees, p, duals, above, rounds.count());
      CHECK(over.size() == static_cast<std::size_t>(
                               std::count_if(truth.begin(), truth.end(), [&](double t) { return t > above + 1e-9; })));
    }
  }
}

TEST_CASE("the LP relaxation has a row per pair and an artificial column for each pair no round serves") {
  const auto trees = a2a::search::build_path_trees(gsen(20));
  PeriodicRounds all;
  std::string error;
  REQUIRE(a2a::search::list_periodic_rounds(trees, 4, 1U << 20, all, error));
  const PeriodicRounds one{4, round_tags(all, 0)};
  const std::string lp = a2a::search::cover_relaxation_lp(trees, one);
  CHECK(lp.find(" p399:") != std::string::npos);  // 20 x 20 rows
  CHECK(lp.find(" p400:") == std::string::npos);
  CHECK(lp.find("Binary") == std::string::npos);  // a relaxation
  std::size_t artificial = 0;
  for (std::size_t at = lp.find("20 a"); at != std::string::npos; at = lp.find("20 a", at + 1)) ++artificial;
  CHECK(artificial == 400 - 20);  // one round serves 20 pairs
}

TEST_CASE("column generation from 300 drawn rounds reaches the LP over all 16,384 periodic rounds of N = 76") {
  REQUIRE_MESSAGE(!a2a::search::ilp_solver_version("cbc").empty(), "cbc is not installed (apt-get install coinor-cbc)");
  const auto trees = a2a::search::build_path_trees(gsen(76));
  const std::string scratch = (std::filesystem::temp_directory_path() / "a2a-columns-test").string();
  std::filesystem::create_directories(scratch);
  a2a::search::ColumnOptions options;
  options.lp_path = scratch + "/cover.lp";
  options.budget_seconds = 120;

  PeriodicRounds all;
  std::string error;
  REQUIRE(a2a::search::list_periodic_rounds(trees, 4, 1U << 20, all, error));
  REQUIRE(all.count() == 16384);
  const auto full = a2a::search::generate_columns(trees, all, options);
  REQUIRE_MESSAGE(full.ok, full.error);
  CHECK(full.converged);  // nothing to add to the full list
  CHECK(full.lps == 1);
  CHECK(full.lp_value == doctest::Approx(80));  // R(76) = 80, a periodic set meets it

  PeriodicRounds drawn;
  REQUIRE(a2a::search::sample_periodic_rounds(trees, 4, 300, 1, drawn, error));
  const auto generated = a2a::search::generate_columns(trees, drawn, options);
  REQUIRE_MESSAGE(generated.ok, generated.error);
  CHECK(generated.converged);
  CHECK(generated.lps > 1);  // 300 drawn rounds alone do not reach it
  CHECK(generated.lp_value == doctest::Approx(full.lp_value));
  const auto listed = as_set(all);
  for (std::size_t c = 0; c < generated.rounds.count(); ++c) CHECK(listed.count(round_tags(generated.rounds, c)) == 1);

  // The dive from the generated rounds: a cover the switch-level check accepts, never
  // below the bound (R(76) = 80), its chosen rounds among the ones it returns.
  const auto dived = a2a::search::dive_columns(trees, generated.rounds, options);
  REQUIRE_MESSAGE(dived.ok, dived.error);
  CHECK(dived.chosen >= 80);
  CHECK(dived.rounds.count() >= generated.rounds.count());
  const auto set = a2a::search::periodic_set(trees, dived.rounds, dived.model);
  CHECK(set.rounds() == dived.chosen);
  CHECK(a2a::search::verify_set(set).ok());

  options.solver = "/nonexistent/cbc";
  const auto absent = a2a::search::generate_columns(trees, drawn, options);
  CHECK_FALSE(absent.ok);
  CHECK(absent.error.find("wrote no solution") != std::string::npos);
  std::filesystem::remove_all(scratch);
}
