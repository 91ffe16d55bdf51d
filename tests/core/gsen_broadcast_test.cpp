// a2a/gsen_broadcast.hpp: all-to-all broadcast on a GSEN (paper 000, Algorithm 1) against
// the paper's configurations, tags and destination matrix; every N beyond N = 2 (mod 4).
#include <a2a/gsen_broadcast.hpp>

#include <a2a/alternating.hpp>
#include <a2a/destination_matrix.hpp>

#include "support.hpp"

TEST_CASE("all-to-all broadcast (Algorithm 1): N = 10, every processor's message to every processor") {
  using namespace a2a;
  using a2a::test::check_fixed;
  const auto gsen = [](std::uint32_t n) { return make_network(Topology::gsen, n).value(); };
  const auto b = GsenBroadcastSchedule::make(gsen(10)).value();
  // Paper 000's D (Algorithm 2; destination_matrix_test.cpp holds it to the printed matrix).
  constexpr auto kPaperD = algorithm2_destination_matrix<10>();
  CHECK(is_broadcast(b));
  CHECK_FALSE(is_broadcast(AlternatingSchedule::make(gsen(10)).value()));
  REQUIRE(b.rounds() == 10);
  constexpr std::uint32_t kA[] = {0, 1, 3, 2, 6, 7, 5, 4, 12, 13};  // A_0..A_9 as printed
  for (std::uint32_t k = 0; k < 10; ++k) {
    CHECK(b.round(k).word() == kA[k]);
    for (std::uint32_t i = 0; i < 10; ++i) {
      const PortSend s = b.send(b.round(k), i);
      CHECK(s.sends);
      CHECK(s.tag == (i % 2 == 0 ? k : 15 - k));  // Algorithm 1, line 4
      CHECK(s.destination == kPaperD.at(i, k));
    }
  }
  // Each processor receives each broadcast message once (the check counts (origin, receiver)).
  const ExchangeCheck c = check_fixed<10>(b);
  CHECK(c.ok());
  CHECK(c.delivered == 100);
  // Beyond N = 2 (mod 4): the fewest configurations known, with the same idle rule.
  CHECK(GsenBroadcastSchedule::make(gsen(20)).value().rounds() == 24);
  CHECK(GsenBroadcastSchedule::make(gsen(12)).value().rounds() == 16);
  CHECK(GsenBroadcastSchedule::make(gsen(16)).value().rounds() == 16);
  CHECK(check_fixed<20>(GsenBroadcastSchedule::make(gsen(20)).value()).ok());
}

TEST_CASE("all-to-all broadcast: only on a GSEN") {
  using namespace a2a;
  CHECK(GsenBroadcastSchedule::make(make_network(Topology::omega, 16).value()).error() ==
        Errc::gsen_schedule_on_other_topology);
  static_assert(GsenBroadcastSchedule::broadcast());
}
