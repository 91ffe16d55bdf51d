// The same switch-level checks inside static_assert: the core is usable in
// constant expressions, and a wrong schedule would not compile.
#include <a2a/static_network.hpp>

#include "support.hpp"

using namespace a2a;

namespace {

template <Topology T, std::uint32_t N, std::uint32_t D, RoundOrder O = RoundOrder::natural>
constexpr bool latin_ok() {
  using Net = StaticNetwork<T, N, D>;
  const auto schedule = latin_square_schedule<Net, O>();
  const ExchangeCheck c = check_exchange_small<N>(schedule);
  return c.ok() && c.rounds == N && c.delivered == std::uint64_t{N} * N;
}

template <std::uint32_t N>
constexpr bool alternating_ok() {
  const auto schedule = alternating_schedule<StaticNetwork<Topology::gsen, N>>();
  const ExchangeCheck c = check_exchange_small<N>(schedule);
  return c.ok() && c.delivered == std::uint64_t{N} * N;
}

/// A schedule that lies about one destination: the checker must catch it.
struct LyingSchedule {
  using Round = LatinSquareSchedule<>::Round;
  LatinSquareSchedule<> inner;
  [[nodiscard]] constexpr Network network() const { return inner.network(); }
  [[nodiscard]] constexpr std::uint32_t rounds() const { return inner.rounds(); }
  [[nodiscard]] constexpr Round round(std::uint32_t r) const { return inner.round(r); }
  [[nodiscard]] constexpr PortSend send(const Round& round, std::uint32_t i) const {
    PortSend s = inner.send(round, i);
    if (round.index() == 3 && i == 5) s.destination ^= 1U;
    return s;
  }
};

constexpr Violation lying_verdict() {
  const LyingSchedule lying{latin_square_schedule<StaticNetwork<Topology::omega, 8>>()};
  return check_exchange_small<8>(lying).violation;
}

}  // namespace

// Binary unique-path networks, both round orders.
static_assert(latin_ok<Topology::omega, 2, 2>());
static_assert(latin_ok<Topology::omega, 16, 2>());
static_assert(latin_ok<Topology::baseline, 16, 2, RoundOrder::gray>());
static_assert(latin_ok<Topology::banyan, 16, 2>());
static_assert(latin_ok<Topology::reverse_omega, 8, 2, RoundOrder::gray>());
static_assert(latin_ok<Topology::reverse_baseline, 16, 2>());
static_assert(latin_ok<Topology::reverse_banyan, 16, 2, RoundOrder::gray>());
// d-ary networks.
static_assert(latin_ok<Topology::omega, 9, 3>());
static_assert(latin_ok<Topology::omega, 16, 4, RoundOrder::gray>());
static_assert(latin_ok<Topology::baseline, 27, 3>());
static_assert(latin_ok<Topology::banyan, 16, 4>());
static_assert(latin_ok<Topology::reverse_baseline, 25, 5, RoundOrder::gray>());
// GSEN, Algorithm 4.
static_assert(alternating_ok<6>());
static_assert(alternating_ok<10>());
static_assert(alternating_ok<14>());
static_assert(alternating_ok<18>());

// Paper 000, Fig. 4(a): input 2 reaches output 5 with tag 13 under stage control C = 9.
static_assert(route(StaticNetwork<Topology::gsen, 10>::value, 2, StageControl{9, 2, 4}).destination == 5);
static_assert(route(StaticNetwork<Topology::gsen, 10>::value, 2, StageControl{9, 2, 4}).tag == 13);
// Paper 000, Fig. 9: round 2 uses A_2 = 3.
static_assert(alternating_schedule<StaticNetwork<Topology::gsen, 10>>().round(2).word() == 3);
// The checker is not a rubber stamp.
static_assert(lying_verdict() == Violation::wrong_destination);
// Errors at compile time, as values.
static_assert(make_network(Topology::gsen, 9).error() == Errc::ports_odd);
static_assert(make_network(Topology::omega, 12).error() == Errc::ports_not_power_of_radix);
static_assert(AlternatingSchedule::make(make_network(Topology::gsen, 12).value()).error() ==
              Errc::schedule_needs_ports_2_mod_4);
static_assert(DigitArithmetic(2, 4).gray(5) == 7);
static_assert(DigitArithmetic(3, 2).add(5, 7) == 0);  // (1,2) + (2,1) = (0,0) in base 3

TEST_CASE("the constexpr checks also hold at run time") {
  CHECK(latin_ok<Topology::banyan, 16, 2>());
  CHECK(alternating_ok<10>());
  CHECK(lying_verdict() == Violation::wrong_destination);
}
