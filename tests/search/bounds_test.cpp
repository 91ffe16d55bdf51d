// The counting lower bounds (bounds.hpp): paper 000's proved values reproduced
// (Theorem 5.4: R(12) = 16, R(24) = 32, R(40) = R(48) = 64; Theorem 5.5: R(20) = 24),
// the single-path pairs counted against a closed form derived from the GSEN's wiring,
// the per-round limit never exceeded by any round of any stored set, R(44) = 48,
// R(92) = 112, and by bottleneck ports R(72) = R(84) = 96 (Fig. 14 optimal), R(76) >= 80.
#include <doctest/doctest.h>

#include <filesystem>

#include "a2a/route.hpp"
#include "a2a/search/bounds.hpp"
#include "a2a/search/catalogue.hpp"
#include "a2a/search/config_set.hpp"

namespace {

a2a::Network gsen(std::uint32_t ports) { return a2a::make_network(a2a::Topology::gsen, ports).value(); }

/// docs/conventions.md: before every stage terminal t goes to 2t mod N (+1 past N/2),
/// so after n stages i reaches (2^n i + tag) mod N; a pair has one tag when that residue
/// is at least 2^n - N, else two (tag r and r + N).
std::uint64_t single_pairs_by_formula(std::uint32_t n_ports, std::uint32_t stages) {
  const std::uint64_t all = std::uint64_t{1} << stages;
  std::uint64_t count = 0;
  for (std::uint64_t i = 0; i < n_ports; ++i)
    for (std::uint64_t j = 0; j < n_ports; ++j)
      if ((j + n_ports * all - (all * i) % n_ports) % n_ports >= all - n_ports) ++count;
  return count;
}

}  // namespace

TEST_CASE("the counting bound gives paper 000's proved R(N) = 2^n (Theorem 5.4)") {
  CHECK(a2a::search::counting_bound(gsen(12)).bound == 16);
  CHECK(a2a::search::counting_bound(gsen(24)).bound == 32);
  CHECK(a2a::search::counting_bound(gsen(40)).bound == 64);
  CHECK(a2a::search::counting_bound(gsen(48)).bound == 64);
  // 2^n networks: every pair has one path, a round serves N of them: the bound is N.
  for (const std::uint32_t n : {8U, 16U, 64U}) CHECK(a2a::search::counting_bound(gsen(n)).bound == n);
  const auto omega = a2a::make_network(a2a::Topology::omega, 32).value();
  CHECK(a2a::search::counting_bound(omega).bound == 32);
}

TEST_CASE("Fig. 14's 48 for N = 44 and 112 for N = 92 are optimal: the counting bound reaches them") {
  const auto b44 = a2a::search::counting_bound(gsen(44));
  CHECK(b44.single_pairs == 1056);
  CHECK(b44.per_round == 22);
  CHECK(b44.stage == 1);
  CHECK(b44.bound == 48);
  const auto b92 = a2a::search::counting_bound(gsen(92));
  CHECK(b92.single_pairs == 5152);
  CHECK(b92.per_round == 46);
  CHECK(b92.bound == 112);
  CHECK(b92.why.find("5152 pairs have a single path") == 0);
}

TEST_CASE("bottleneck ports: Theorem 5.5's R(20) = 24, Fig. 14's 96 optimal at N = 72 and 84, R(76) >= 80") {
  // Paper 000 proves R(20) = 24 by an argument of its own; two ports reach it here.
  const auto b20 = a2a::search::counting_bound(gsen(20));
  CHECK(b20.bound == 24);
  CHECK(b20.bottleneck.count == 2);
  for (const std::uint32_t n : {72U, 84U}) {
    INFO("N = " << n);
    const auto b = a2a::search::counting_bound(gsen(n));
    CHECK(b.bound == 96);  // Fig. 14's value: the paper's set (96 rounds) is optimal
    CHECK(b.bottleneck.count == 2);
    CHECK(b.bottleneck.crossings == 192);
    CHECK(b.bottleneck.bound() > (b.single_pairs + b.per_round - 1) / b.per_round);  // counting alone: less
    CHECK(b.why.find("192 pairs cross stage ") == 0);
  }
  const auto b76 = a2a::search::counting_bound(gsen(76));
  CHECK(b76.bound == 80);  // the stored set has 80: R(76) = 80
  // Where every pair has a single path, no port set does better than N.
  for (const std::uint32_t n : {8U, 16U, 64U}) CHECK(a2a::search::counting_bound(gsen(n)).bottleneck.bound() <= n);
}

TEST_CASE("single-path pairs: route() agrees with the closed form for every N = 0 (mod 4) up to 128") {
  for (std::uint32_t n = 12; n <= 128; n += 4) {
    const auto net = gsen(n);
    INFO("N = " << n);
    CHECK(a2a::search::counting_bound(net).single_pairs == single_pairs_by_formula(n, net.stages));
  }
}

TEST_CASE("no round of a stored set serves more single-path pairs than the bound's limit") {
  for (const auto& entry : std::filesystem::directory_iterator(A2A_GSEN_SETS_DIR)) {
    if (entry.path().extension() != ".txt") continue;
    a2a::search::StoredSet stored;
    std::string error;
    REQUIRE_MESSAGE(a2a::search::read_stored_set(entry.path().string(), stored, error), error);
    const a2a::Network& net = stored.set.net;
    const auto bound = a2a::search::counting_bound(net);
    INFO(entry.path().filename().string() << ": at most " << bound.per_round << " a round");
    CHECK(stored.set.rounds() >= bound.bound);
    const std::uint64_t all = std::uint64_t{1} << net.stages;
    const a2a::search::SetSchedule schedule(stored.set);
    std::uint32_t most = 0;
    for (std::uint32_t r = 0; r < stored.set.rounds(); ++r) {
      std::uint32_t single = 0;
      for (std::uint32_t i = 0; i < net.ports; ++i) {
        const std::uint32_t j = a2a::route(net, i, schedule.round(r)).destination;
        if ((j + net.ports * all - (all * i) % net.ports) % net.ports >= all - net.ports) ++single;
      }
      most = std::max(most, single);
    }
    CHECK(most <= bound.per_round);
    // Paper 000's sets for 44 and 92 serve exactly H in every round: the bound is tight.
    if (net.ports == 44 || net.ports == 92) CHECK(most == bound.per_round);
  }
}
