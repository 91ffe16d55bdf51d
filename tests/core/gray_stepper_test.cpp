// GrayStepper (gray_stepper.hpp) held to the schedules it steps: every round's
// changed stage and its new state as round()/next() give them, and every stage's
// state after seek(), for every topology of the core's list in Gray order with
// d = 2, 4, 8, 16 and for the alternating schedule; the schedules it refuses.
// Heap-free: the Cortex-M build runs it too.
#include <a2a/gray_stepper.hpp>

#include "support.hpp"

using namespace a2a;

namespace {

#if defined(A2A_TEST_LIGHT)
constexpr std::uint32_t kPorts = 256;
#else
constexpr std::uint32_t kPorts = 4096;
#endif

/// Steps `stepper` through every round of `schedule` and checks each against next().
template <std::uint32_t W, class S>
void check_steps(GrayStepper<W> stepper, const S& schedule) {
  REQUIRE(stepper.rounds() == schedule.rounds());
  REQUIRE(stepper.index() == 0);
  REQUIRE(stepper.control() == schedule.round(0).control());
  auto round = schedule.round(0);
  for (std::uint32_t s = 0; s < schedule.network().stages; ++s) CHECK(round.stage_state(s) == 0);
  std::uint32_t steps = 0;
  while (stepper.more()) {
    const StageStep step = stepper.step();
    const auto next = schedule.next(round);
    ++steps;
    REQUIRE(stepper.index() == next.index());
    REQUIRE(step.stage == next.changed_stage());
    REQUIRE(step.state == next.stage_state(step.stage));
    for (std::uint32_t s = 0; s < schedule.network().stages; ++s)
      if (s != step.stage) REQUIRE(next.stage_state(s) == round.stage_state(s));
    round = next;
  }
  CHECK(steps + 1 == schedule.rounds());
  // seek: every stage's state of a few rounds, as round(r) has it.
  for (const std::uint32_t r : {std::uint32_t{0}, std::uint32_t{1}, schedule.rounds() / 3, schedule.rounds() - 1}) {
    stepper.seek(r);
    const auto expected = schedule.round(r);
    for (std::uint32_t s = 0; s < schedule.network().stages; ++s)
      REQUIRE(stepper.stage_state(s) == expected.stage_state(s));
  }
}

}  // namespace

TEST_CASE("gray stepper: every Latin square in gray order, d = 2, 4, 8, 16, every topology") {
  std::uint32_t checked = 0;
  for (const Topology t : kAllTopologies) {
    for (const std::uint32_t radix : {2U, 4U, 8U, 16U}) {
      for (std::uint32_t ports = radix; ports <= kPorts; ports *= radix) {
        const auto net = make_network(t, ports, radix);
        if (!net) continue;
        const auto schedule = LatinSquareSchedule<>::make(*net, RoundOrder::gray);
        if (!schedule) continue;
        const auto any = gray_stepper<0>(*schedule);
        REQUIRE(any.ok());
        check_steps(*any, *schedule);
        const auto binary = gray_stepper<1>(*schedule);
        CHECK(binary.ok() == (radix == 2));
        if (binary) check_steps(*binary, *schedule);
        ++checked;
      }
    }
  }
  CHECK(checked > 20);
}

TEST_CASE("gray stepper: the alternating schedule (Algorithm 4), binary and run-time w") {
  for (std::uint32_t ports = 6; ports <= kPorts / 4; ports += 4) {
    const auto schedule = AlternatingSchedule::make(make_network(Topology::gsen, ports).value()).value();
    check_steps(gray_stepper<1>(schedule).value(), schedule);
    check_steps(gray_stepper<0>(schedule).value(), schedule);
  }
}

TEST_CASE("gray stepper: refused where a round changes more than one stage or d is not 2^w") {
  const Network omega = make_network(Topology::omega, 64, 2).value();
  CHECK(gray_stepper<0>(LatinSquareSchedule<>::make(omega, RoundOrder::natural).value()).error() ==
        Errc::stepper_needs_gray_steps);
  const Network d3 = make_network(Topology::omega, 27, 3).value();
  CHECK(gray_stepper<0>(LatinSquareSchedule<>::make(d3, RoundOrder::gray).value()).error() ==
        Errc::stepper_needs_gray_steps);
  CHECK(gray_stepper<0>(OpticalSchedule::make(omega).value()).error() == Errc::stepper_needs_gray_steps);
  CHECK(GrayStepper<1>::make(64, 6, 2, ControlMode::stage).error() == Errc::stepper_needs_gray_steps);
  CHECK(GrayStepper<0>::make(65, 6, 1, ControlMode::stage).error() == Errc::stepper_needs_gray_steps);
  CHECK(GrayStepper<0>::make(0, 6, 1, ControlMode::stage).error() == Errc::stepper_needs_gray_steps);
  CHECK(describe(Errc::stepper_needs_gray_steps) != describe(Errc::ok));
}

TEST_CASE("gray stepper: usable in constant expressions") {
  constexpr std::uint32_t last_stage = [] {
    const auto schedule =
        LatinSquareSchedule<>::make(make_network(Topology::omega, 16, 2).value(), RoundOrder::gray).value();
    auto stepper = gray_stepper<1>(schedule).value();
    StageStep step;
    while (stepper.more()) step = stepper.step();
    return step.stage;
  }();
  static_assert(last_stage == 3);  // round 15 changes word digit 0: stage n-1
}

TEST_CASE("trailing zeros: the de Bruijn count (ARMv6-M's) agrees with counting bit by bit") {
  for (std::uint32_t bit = 0; bit < 32; ++bit) {
    const std::uint32_t one = std::uint32_t{1} << bit;
    CHECK(a2a::detail::trailing_zeros_de_bruijn(one) == bit);
    CHECK(a2a::detail::trailing_zeros_de_bruijn(one | 0x80000000U) == bit);
    CHECK(a2a::detail::trailing_zeros(one) == bit);
  }
  for (std::uint32_t r = 1; r < 5000; ++r) {
    std::uint32_t naive = 0;
    while (((r >> naive) & 1U) == 0) ++naive;
    CHECK(a2a::detail::trailing_zeros(r) == naive);
    CHECK(a2a::detail::trailing_zeros_de_bruijn(r) == naive);
  }
  static_assert(a2a::detail::trailing_zeros_de_bruijn(0x00010000U) == 16);
}
