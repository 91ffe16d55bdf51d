// Exhaustive switch-level verification, second part (its own CTest test so the
// two halves use both cores): GSEN under Algorithm 4 for every N = 2 (mod 4) in
// range (up to 1026 on the host), and the Latin-square exchange started from
// arbitrary initial configurations M^0 (d = 2).
#include <a2a/alternating.hpp>
#include <a2a/gsen_paths.hpp>

#include "support.hpp"

using namespace a2a;
using a2a::test::check_fixed;
using a2a::test::kSweepPorts;
using a2a::test::kUniquePath;

TEST_CASE("GSEN alternating stage control (Algorithm 4), every N = 2 (mod 4) in range") {
  for (std::uint32_t n = 6; n <= kSweepPorts; n += 4) {
    const Network net = make_network(Topology::gsen, n).value();
    const ExchangeCheck c = check_fixed(AlternatingSchedule::make(net).value());
    INFO("gsen N=", n, ": ", describe(c.violation), " round ", c.round, " port ", c.port);
    CHECK(c.ok());
    CHECK(c.delivered == std::uint64_t{n} * n);
  }
}

TEST_CASE("GSEN Port walks the rounds with increments and agrees with random access") {
  for (std::uint32_t n = 6; n <= kSweepPorts && n <= 258; n += 4) {
    const auto schedule = AlternatingSchedule::make(make_network(Topology::gsen, n).value()).value();
    for (std::uint32_t i = 0; i < n; ++i) {
      auto port = schedule.port(i);
      for (std::uint32_t k = 0; k < n; ++k, port.advance()) {
        INFO("N=", n, " port ", i, " round ", k);
        REQUIRE(port.round() == k);
        CHECK(port.send() == schedule.send(schedule.round(k), i));
      }
    }
  }
  // A_k = k xor k/2 is a Gray code: one stage changes per round.
  const auto alt = AlternatingSchedule::make(make_network(Topology::gsen, 1026).value()).value();
  for (std::uint32_t k = 0; k + 1 < alt.rounds(); ++k) {
    const std::uint32_t diff = alt.round(k).word() ^ alt.round(k + 1).word();
    CHECK((diff != 0 && (diff & (diff - 1)) == 0));
  }
}

TEST_CASE("an arbitrary initial configuration M^0 (d = 2, paper 001 Corollary 4)") {
  static std::array<std::uint8_t, kSweepPorts> bits;  // n * N/2 bits <= N bytes
  a2a::test::Lcg random{2026};
  for (Topology t : kUniquePath) {
    for (std::uint32_t n = 2; n <= kSweepPorts; n *= 2) {
      const Network net = make_network(t, n).value();
      const std::size_t bytes = (net.stages * net.switches_per_stage() + 7) / 8;
      for (auto& b : bits) b = static_cast<std::uint8_t>(random.next());
      const InitialConfiguration m0{std::span<const std::uint8_t>(bits).first(bytes), net.switches_per_stage()};
      for (RoundOrder order : {RoundOrder::natural, RoundOrder::gray}) {
        const auto schedule = LatinSquareSchedule<InitialConfiguration>::make(net, order, m0).value();
        // Round x sets switch (j, s) to m0(j, s) xor digit n-1-j of x.
        const auto round = schedule.round(n - 1);
        for (std::uint32_t j = 0; j < net.stages; ++j)
          CHECK(round.switch_state(j, 0) == (m0.state(j, 0) ^ ((round.word() >> (net.stages - 1 - j)) & 1U)));
        const ExchangeCheck c = check_fixed(schedule);
        INFO(name(t), " N=", n, ": ", describe(c.violation));
        CHECK(c.ok());
      }
    }
  }
}
