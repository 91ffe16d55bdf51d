// The shift network of paper 003 (Topology::shift) and its schedule: the wiring as
// docs/conventions.md states it, the errors, the per-message route from (source,
// destination), the paper's N - 1 passes, and small exchanges in static_assert.
// The sweeps up to N = 1024 are in exhaustive_optical_test.cpp.
#include <a2a/shift_network.hpp>

#include "support.hpp"

using namespace a2a;
using a2a::test::check_fixed;
using a2a::test::kSweepPorts;

namespace {

Network shift_net(std::uint32_t n) { return make_network(Topology::shift, n).value(); }

/// A shift schedule whose last stage is flipped in round 1: the signals leave on
/// the last stage's unused outputs (N + switch), which the checker must refuse.
struct LastStageFlipped {
  struct Round {
    ShiftSchedule::Round inner;
    std::uint32_t last{0};
    [[nodiscard]] constexpr std::uint32_t word() const { return inner.word(); }
    [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t s, std::uint32_t y) const {
      return inner.switch_state(s, y) ^ (s == last && inner.index() == 1 ? 1U : 0U);
    }
  };
  ShiftSchedule inner;
  [[nodiscard]] constexpr bool optical() const { return true; }
  [[nodiscard]] constexpr Network network() const { return inner.network(); }
  [[nodiscard]] constexpr std::uint32_t rounds() const { return inner.rounds(); }
  [[nodiscard]] constexpr Round round(std::uint32_t r) const { return {inner.round(r), inner.network().stages - 1}; }
  [[nodiscard]] constexpr PortSend send(const Round& round, std::uint32_t i) const {
    return inner.send(round.inner, i);
  }
};

template <std::uint32_t N, RoundOrder O = RoundOrder::natural>
constexpr bool shift_ok() {
  const ExchangeCheck c = check_exchange_small<N>(shift_schedule<StaticNetwork<Topology::shift, N>, O>());
  return c.ok() && c.rounds == N && c.delivered == std::uint64_t{N} * N;
}

constexpr Violation flipped_verdict() {
  return check_exchange_small<8>(LastStageFlipped{shift_schedule<StaticNetwork<Topology::shift, 8>>()}).violation;
}

}  // namespace

// Small exchanges at compile time: every pair once in N passes, no crosstalk.
static_assert(shift_ok<2>());
static_assert(shift_ok<8>());
static_assert(shift_ok<16, RoundOrder::gray>());
static_assert(shift_ok<32>());
static_assert(flipped_verdict() == Violation::wrong_destination);
// Paper 003, Theorem 1 for N = 8, c = 5 = 101b: stages 0 and 2 take the second output.
static_assert(shift_route(StaticNetwork<Topology::shift, 8>::value, 6, 3).value().shift == 5);
static_assert(shift_route(StaticNetwork<Topology::shift, 8>::value, 6, 3).value().path.tag == 0b1010);
static_assert(make_network(Topology::shift, 12).error() == Errc::ports_not_power_of_radix);

TEST_CASE("shift network: shape and specific errors") {
  const Network s8 = shift_net(8);
  CHECK(s8.stages == 4);  // log2 N + 1
  CHECK(s8.radix == 2);
  CHECK(s8.switches_per_stage() == 8);  // N switches per stage, not N/2
  CHECK(s8.stage_words() == 16);
  CHECK(shift_net(2).stages == 2);
  CHECK(shift_net(32768).stages == 16);
  CHECK(parse_topology("shift").value() == Topology::shift);
  CHECK(name(Topology::shift) == "shift");
  CHECK(make_network(Topology::shift, 8, 3).error() == Errc::shift_needs_binary);
  CHECK(make_network(Topology::shift, 9, 3).error() == Errc::shift_needs_binary);
  CHECK(make_network(Topology::shift, 8, 1).error() == Errc::radix_too_small);
  CHECK(make_network(Topology::shift, 12).error() == Errc::ports_not_power_of_radix);
  CHECK(make_network(Topology::shift, 1).error() == Errc::ports_too_small);
  CHECK(make_network(Topology::shift, 0).error() == Errc::ports_too_small);
  CHECK(make_network(Topology::shift, 65536).error() == Errc::shift_ports_too_large);
  CHECK(make_network(Topology::shift, 131072).error() == Errc::ports_too_large);
}

TEST_CASE("shift network wiring, as docs/conventions.md states it") {
  for (std::uint32_t n = 2; n <= 64; n *= 2) {
    const Network net = shift_net(n);
    const std::uint32_t m = net.stages - 1;
    for (std::uint32_t i = 0; i < n; ++i) {
      INFO("N=", n, " switch ", i);
      CHECK(wiring::before_stage(net, 0, i) == 2 * i);  // processor i enters port 0 of switch i
      for (std::uint32_t k = 1; k <= m; ++k) {
        CHECK(wiring::before_stage(net, k, 2 * i) == 2 * i);  // no wiring in front of later stages
        CHECK(wiring::before_stage(net, k, 2 * i + 1) == 2 * i + 1);
      }
      for (std::uint32_t k = 0; k < m; ++k) {
        CHECK(wiring::after_stage(net, k, 2 * i) == 2 * i);  // first output: same switch, port 0
        CHECK(wiring::after_stage(net, k, 2 * i + 1) == 2 * ((i + (1U << k)) % n) + 1);  // second: 2^k down, port 1
      }
      CHECK(wiring::after_stage(net, m, 2 * i) == i);          // processor i reads output 0 of switch i
      CHECK(wiring::after_stage(net, m, 2 * i + 1) == n + i);  // output 1 of the last stage is unused
    }
  }
}

TEST_CASE("shift passes: pass r moves every processor by r, as stage control") {
  const Network net = shift_net(16);
  const auto schedule = ShiftSchedule::make(net).value();
  REQUIRE(schedule.rounds() == 16);
  CHECK(schedule.optical());
  for (std::uint32_t r = 0; r < 16; ++r) {
    const auto round = schedule.round(r);
    CHECK(round.shift() == r);
    CHECK(round.control() == ControlMode::stage);
    for (std::uint32_t s = 0; s < net.stages; ++s) {
      CHECK(round.stage_state(s) == ((round.word() >> (net.stages - 1 - s)) & 1U));  // stage 0 the MSB
      for (std::uint32_t y = 0; y < 16; ++y) CHECK(round.switch_state(s, y) == round.stage_state(s));
    }
    for (std::uint32_t i = 0; i < 16; ++i) {
      INFO("pass ", r, " processor ", i);
      const Path p = route(net, i, round);
      CHECK(p.destination == (i + r) % 16);  // paper 003, Theorem 1
      CHECK(schedule.send(round, i).destination == p.destination);
      CHECK(schedule.send(round, i).tag == p.tag);
      for (std::uint32_t k = 0; k + 1 < net.stages; ++k) CHECK(p.hops[k].out_port == ((r >> k) & 1U));
      CHECK(p.hops[net.stages - 1].out_port == 0);
    }
  }
  // Pass 0 is the identity: every switch straight, each message to its own processor.
  CHECK(schedule.round(0).word() == 0);
}

TEST_CASE("shift passes in Gray order change one bit of the shift per pass") {
  const auto schedule = ShiftSchedule::make(shift_net(64), RoundOrder::gray).value();
  for (std::uint32_t r = 1; r < 64; ++r) {
    const std::uint32_t changed = schedule.round(r).shift() ^ schedule.round(r - 1).shift();
    CHECK(changed != 0);
    CHECK((changed & (changed - 1)) == 0);
  }
  CHECK(check_fixed(schedule).ok());
}

TEST_CASE("per-message route from (source, destination) equals the switch-level route") {
  for (std::uint32_t n = 2; n <= 64; n *= 2) {
    const Network net = shift_net(n);
    const auto schedule = ShiftSchedule::make(net).value();
    for (std::uint32_t s = 0; s < n; ++s) {
      for (std::uint32_t d = 0; d < n; ++d) {
        INFO("N=", n, " ", s, " -> ", d);
        const ShiftRoute r = shift_route(net, s, d).value();
        CHECK(r.shift == (d + n - s) % n);
        const Path p = route(net, s, schedule.round(r.shift));  // natural order: pass c carries shift c
        CHECK(p.destination == d);
        CHECK(r.path.destination == d);
        CHECK(r.path.tag == p.tag);
        CHECK(r.path.backward_tag == p.backward_tag);
        for (std::uint32_t k = 0; k < net.stages; ++k) CHECK(r.path.hops[k] == p.hops[k]);
      }
    }
  }
  const Network s8 = shift_net(8);
  CHECK(shift_route(s8, 8, 0).error() == Errc::port_out_of_range);
  CHECK(shift_route(s8, 0, 8).error() == Errc::port_out_of_range);
  CHECK(shift_route(make_network(Topology::omega, 8).value(), 0, 1).error() == Errc::schedule_needs_shift_network);
}

TEST_CASE("the paper's N - 1 passes deliver every pair i != j exactly once") {
  constexpr std::uint32_t kLimit = kSweepPorts < 256 ? kSweepPorts : 256;
  static std::array<std::uint32_t, (kLimit * kLimit + 31) / 32> seen;
  for (std::uint32_t n = 2; n <= kLimit; n *= 2) {
    const Network net = shift_net(n);
    for (RoundOrder order : {RoundOrder::natural, RoundOrder::gray}) {
      const auto schedule = ShiftSchedule::make(net, order, ShiftPasses::paper).value();
      REQUIRE(schedule.rounds() == n - 1);
      seen.fill(0);
      std::uint32_t twice = 0;
      std::uint32_t self = 0;
      for (std::uint32_t r = 0; r < schedule.rounds(); ++r) {
        const auto round = schedule.round(r);
        for (std::uint32_t i = 0; i < n; ++i) {
          const std::uint32_t d = route(net, i, round).destination;
          self += d == i ? 1U : 0U;
          const std::uint32_t bit = i * n + d;
          twice += (seen[bit / 32] >> (bit % 32)) & 1U;
          seen[bit / 32] |= 1U << (bit % 32);
        }
      }
      std::uint32_t count = 0;
      for (std::uint32_t bit = 0; bit < n * n; ++bit) count += (seen[bit / 32] >> (bit % 32)) & 1U;
      INFO("N=", n);
      CHECK(twice == 0);
      CHECK(self == 0);
      CHECK(count == n * (n - 1));
    }
  }
}

TEST_CASE("the shift network runs the shift schedule only, and the shift schedule nothing else") {
  const Network s8 = shift_net(8);
  const Network omega8 = make_network(Topology::omega, 8).value();
  CHECK(ShiftSchedule::make(omega8).error() == Errc::schedule_needs_shift_network);
  CHECK(LatinSquareSchedule<>::make(s8).error() == Errc::shift_network_needs_shift_schedule);
  CHECK(OpticalSchedule::make(s8).error() == Errc::shift_network_needs_shift_schedule);
  CHECK(AlternatingSchedule::make(s8).error() == Errc::schedule_needs_gsen);
  CHECK(AnySchedule::make(omega8, ScheduleKind::shift).error() == Errc::schedule_needs_shift_network);
  const auto schedule = ShiftSchedule::make(s8).value();
  CHECK(schedule.checked_round(8).error() == Errc::round_out_of_range);
  CHECK(schedule.checked_send(schedule.round(0), 8).error() == Errc::port_out_of_range);
  CHECK(schedule.checked_send(schedule.round(7), 7).value().destination == 6);
}

TEST_CASE("the shift family through AnySchedule: by name, default for the network, optical") {
  const Network s16 = shift_net(16);
  CHECK(parse_schedule_kind("shift").value() == ScheduleKind::shift);
  CHECK(name(ScheduleKind::shift) == "shift");
  CHECK(default_schedule_kind(s16) == ScheduleKind::shift);
  const auto any = AnySchedule::make(s16, ScheduleKind::shift).value();
  CHECK(any.optical());
  CHECK(is_optical(any));
  CHECK(any.rounds() == 16);
  const ExchangeCheck c = check_fixed(any);
  CHECK(c.ok());
  CHECK(c.delivered == 256);
  const auto direct = ShiftSchedule::make(s16).value();
  for (std::uint32_t r = 0; r < 16; ++r) {
    CHECK(any.round(r).word() == direct.round(r).word());
    CHECK(any.round(r).control() == ControlMode::stage);
    for (std::uint32_t i = 0; i < 16; ++i) CHECK(any.send(any.round(r), i) == direct.send(direct.round(r), i));
  }
}

TEST_CASE("a signal on the last stage's unused output is refused by the checker") {
  const auto schedule = ShiftSchedule::make(shift_net(8)).value();
  const LastStageFlipped flipped{schedule};
  const Path p = route(schedule.network(), 0, flipped.round(1));
  CHECK(p.destination == 8 + 1);  // output 1 of switch 1 of the last stage: no processor
  const ExchangeCheck c = check_fixed(flipped);
  CHECK(c.violation == Violation::wrong_destination);
  CHECK(c.round == 1);
}
