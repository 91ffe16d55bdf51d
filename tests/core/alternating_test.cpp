// a2a/alternating.hpp: paper 000's Algorithm 4 on a GSEN with N = 2 (mod 4): round k is
// the alternating configuration A_k = gray(k), port i walks its destinations by +-1, and
// the rounds deliver what the switches say.
#include <a2a/alternating.hpp>

#include <a2a/route.hpp>
#include <a2a/topology.hpp>

#include "a2a_test.hpp"

namespace alternating_unit {
using namespace a2a;
constexpr Network gsen(std::uint32_t n) { return make_network(Topology::gsen, n).value(); }
// A_k is the Gray word of k; switch y of stage s is (y mod 2) xor a_s.
static_assert(AlternatingSchedule::make(gsen(10)).value().round(5).word() == 7);
static_assert(AlternatingSchedule::make(gsen(10)).value().round(5).switch_state(0, 3) == 1);  // a_0 = 0 (7 = 0111)
static_assert(AlternatingSchedule::make(gsen(10)).value().round(5).switch_state(1, 3) == 0);  // a_1 = 1
static_assert(AlternatingSchedule::make(gsen(10)).value().rounds() == 10);
// k = 4 = 100: the Gray words 0110 -> 0110 ^ ... change bit 2 from the right, stage n-1-2 = 1.
static_assert(AlternatingSchedule::make(gsen(10)).value().changed_stage(4) == 1);
static_assert(AlternatingSchedule::make(gsen(12)).error() == Errc::schedule_needs_ports_2_mod_4);
static_assert(AlternatingSchedule::make(make_network(Topology::omega, 16).value()).error() ==
              Errc::schedule_needs_gsen);
}  // namespace alternating_unit

TEST_CASE("alternating: every round's sends are what route() says, and Port walks them in order") {
  using namespace a2a;
  for (const std::uint32_t n : {6U, 10U, 14U, 18U, 30U}) {
    const auto s = AlternatingSchedule::make(alternating_unit::gsen(n)).value();
    for (std::uint32_t i = 0; i < n; ++i) {
      auto port = s.port(i);
      for (std::uint32_t k = 0; k < n; ++k, port.advance()) {
        INFO("N = ", n, " port ", i, " round ", k);
        const auto round = s.round(k);
        const PortSend send = s.send(round, i);
        const Path path = route(s.network(), i, round);
        CHECK(send.destination == path.destination);
        CHECK(send.tag == path.tag);
        CHECK(port.send() == send);
        // Consecutive Gray words differ in one stage, the one changed_stage() names.
        if (k > 0)
          CHECK((round.word() ^ s.round(k - 1).word()) == 1U << (s.network().stages - 1 - round.changed_stage()));
      }
    }
  }
}
