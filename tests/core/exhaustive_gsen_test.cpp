// Exhaustive switch-level verification, second part (run as its own CTest test so
// the two halves use both cores): GSEN under Algorithm 4 for every N = 2 (mod 4)
// up to 1026, and the Latin-square exchange from arbitrary initial configurations.
#include "support.hpp"

#include <random>

using namespace a2a;
using a2a::test::check_large;
using a2a::test::explain;
using a2a::test::label;

namespace {

constexpr Topology kUniquePath[] = {Topology::omega,         Topology::baseline,
                                    Topology::banyan,        Topology::reverse_omega,
                                    Topology::reverse_baseline, Topology::reverse_banyan};

std::vector<std::uint32_t> powers_of_two(std::uint32_t limit) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t n = 2; n <= limit; n *= 2) out.push_back(n);
  return out;
}

}  // namespace

TEST_CASE("GSEN alternating stage control (Algorithm 4), every N = 2 (mod 4) from 6 to 1026") {
  for (std::uint32_t n = 6; n <= 1026; n += 4) {
    const Network net = make_network(Topology::gsen, n).value();
    const auto schedule = AlternatingSchedule::make(net).value();
    const ExchangeCheck c = check_large(schedule);
    INFO(label(net), ": ", explain(c));
    CHECK(c.ok());
    CHECK(c.delivered == std::uint64_t{n} * n);
  }
}

TEST_CASE("an arbitrary initial configuration M^0 (d = 2, paper 001 Corollary 4), N = 2..1024") {
  std::mt19937 random(2026);
  for (Topology t : kUniquePath) {
    for (std::uint32_t n : powers_of_two(1024)) {
      const Network net = make_network(t, n).value();
      std::vector<std::uint8_t> bits((net.stages * net.switches_per_stage() + 7) / 8);
      for (auto& b : bits) b = static_cast<std::uint8_t>(random());
      const InitialConfiguration m0{bits, net.switches_per_stage()};
      for (RoundOrder order : {RoundOrder::natural, RoundOrder::gray}) {
        const auto schedule = LatinSquareSchedule<InitialConfiguration>::make(net, order, m0).value();
        // Round x sets switch (j, s) to m0(j, s) xor digit n-1-j of x.
        const auto round = schedule.round(n - 1);
        for (std::uint32_t j = 0; j < net.stages; ++j)
          CHECK(round.switch_state(j, 0) == (m0.state(j, 0) ^ ((round.word() >> (net.stages - 1 - j)) & 1U)));
        const ExchangeCheck c = check_large(schedule);
        INFO(label(net), ": ", explain(c));
        CHECK(c.ok());
      }
    }
  }
}

