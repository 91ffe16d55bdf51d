// a2a/latin_square.hpp: stage-controlled Latin-square rounds (papers 000, 001). On omega
// the destination of port i in the round with word x is i (+) x digit by digit (the tag
// routing of the omega network); natural and Gray orders; the refusals.
#include <a2a/latin_square.hpp>

#include <a2a/digits.hpp>
#include <a2a/route.hpp>
#include <a2a/topology.hpp>

#include "a2a_test.hpp"

namespace latin_square_unit {
using namespace a2a;
using Latin = LatinSquareSchedule<>;
constexpr Network omega(std::uint32_t n, std::uint32_t d = 2) { return make_network(Topology::omega, n, d).value(); }
static_assert(Latin::make(omega(16)).value().rounds() == 16);
static_assert(Latin::make(omega(16), RoundOrder::gray).value().word_of_round(5) == 7);
static_assert(Latin::make(omega(16)).value().word_of_round(5) == 5);
static_assert(Latin::make(make_network(Topology::gsen, 12).value()).error() == Errc::schedule_needs_unique_path);
}  // namespace latin_square_unit

TEST_CASE("latin square: on omega, port i reaches i (+) x in the round with word x") {
  using namespace a2a;
  const std::uint32_t shapes[][2] = {{16, 2}, {27, 3}, {64, 4}};
  for (const auto& shape : shapes) {
    const auto s =
        latin_square_unit::Latin::make(latin_square_unit::omega(shape[0], shape[1]), RoundOrder::gray).value();
    const DigitArithmetic digits(shape[1], s.network().stages);
    for (std::uint32_t r = 0; r < s.rounds(); ++r) {
      const auto round = s.round(r);
      const std::uint32_t x = s.word_of_round(r);
      CHECK(round.word() == x);
      CHECK(x == digits.gray(r));
      for (std::uint32_t i = 0; i < shape[0]; ++i) {
        INFO("N = ", shape[0], " round ", r, " port ", i);
        const PortSend send = s.send(round, i);
        CHECK(send.destination == digits.add(i, x));
        CHECK(route(s.network(), i, round).destination == send.destination);
      }
    }
  }
}
