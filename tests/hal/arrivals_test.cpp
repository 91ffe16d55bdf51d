// The check of a round's outputs (a2a/hal/arrivals.hpp): the port-by-port rule over
// hand-written registers, then ROUND_CHECK and the port-by-port check against the
// emulated block, each expectation computed independently by route() on the round's
// switch settings: every round of omega N = 16 with every switch hidden-dead in turn,
// and a hidden stuck switch.
//
// Portable (heap-free, small blocks): the Cortex-M build runs this file under QEMU too.
#include <a2a/a2a.hpp>
#include <a2a/emulated/fabric_emulator.hpp>
#include <a2a/emulated/ram_block.hpp>
#include <a2a/hal/arrivals.hpp>
#include <a2a/hal/hal.hpp>

#include <cstdint>

#include "a2a_test.hpp"

using namespace a2a;
using namespace a2a::hal;

namespace {

using Layout = FabricLayout<64, 6>;
using Ram = emulated::RamBlock<Layout::kSize>;
constexpr std::uint32_t kValid = reg::Arrived::Valid::mask;

/// N = 8 by hand: input i names output (i + 3) mod 8, and got there.
Ram& hand_written_round() {
  static Ram ram;
  for (std::uint32_t i = 0; i < 8; ++i) {
    ram.write32(Layout::port_header(i), (i + 3) % 8);
    ram.write32(Layout::arrived((i + 3) % 8), kValid | i);
  }
  ram.write32(Layout::idle_mask(0), 0);
  return ram;
}

}  // namespace

TEST_CASE("first_unarrived: the lowest sending input not where its header named, idle inputs skipped") {
  Ram& ram = hand_written_round();
  CHECK(first_unarrived<Layout>(ram, 8, 0, 8) == kAllArrived);
  CHECK(first_unarrived<Layout>(ram, 8, 0, 64) == kAllArrived);  // end clipped to N
  ram.write32(Layout::arrived((5 + 3) % 8), kValid | 4);         // output 0 shows input 4, not 5
  CHECK(first_unarrived<Layout>(ram, 8, 0, 8) == 5);
  CHECK(first_unarrived<Layout>(ram, 8, 6, 8) == kAllArrived);  // a piece after it
  ram.write32(Layout::arrived(0), 5);                           // input 5's signal, VALID clear
  CHECK(first_unarrived<Layout>(ram, 8, 0, 8) == 5);
  ram.write32(Layout::idle_mask(0), 1U << 5);  // input 5 sends nothing: what output 0 shows is no one's
  CHECK(first_unarrived<Layout>(ram, 8, 0, 8) == kAllArrived);
  ram.write32(Layout::port_header(2), 9);  // a header naming no output of N = 8: never read past N
  CHECK(first_unarrived<Layout>(ram, 8, 0, 8) == 2);
  CHECK(first_unarrived<Layout>(ram, 8, 3, 8) == kAllArrived);
}

TEST_CASE("RoundCheck decodes ROUND_CHECK") {
  Ram ram;
  CHECK(read_round_check<Layout>(ram) == RoundCheck{});
  CHECK_FALSE(read_round_check<Layout>(ram).clean());
  ram.write32(Layout::kRoundCheck, reg::RoundCheck::Valid::mask);
  CHECK(read_round_check<Layout>(ram).clean());
  ram.write32(Layout::kRoundCheck, reg::RoundCheck::Valid::mask | reg::RoundCheck::Mismatch::mask | 13U);
  CHECK(read_round_check<Layout>(ram) == RoundCheck{true, true, 13});
  CHECK_FALSE(read_round_check<Layout>(ram).clean());
}

namespace {

using Emulator = emulated::FabricEmulator<Layout, 64>;
using Bus = emulated::ServicedBus<Emulator, Ram>;
using Driver = FabricDriver<Bus, Layout>;
constexpr std::uint32_t kPolls = 64;

struct Bench {
  Ram ram;
  Emulator emulator;
  Bus bus{emulator, ram, 1};
  Driver driver{bus};
};

Bench& fresh_bench(const Network& net) {
  static Bench bench;
  bench.emulator.power_on(bench.ram);
  bench.bus = Bus(bench.emulator, bench.ram, 1);
  bench.driver = Driver(bench.bus);
  if (bench.driver.probe() != Errc::ok || bench.driver.configure(net, false) != Errc::ok)
    a2a::detail::contract_violation();
  return bench;
}

/// What a round with switch (stage, sw) dead loses, by route(): the lowest input through
/// it and the lowest output such an input's header names (N when none).
struct Lost {
  std::uint32_t input;
  std::uint32_t output;
};
template <class Round>
Lost lost_through(const Network& net, const Round& round, std::uint32_t stage, std::uint32_t sw) {
  Lost lost{net.ports, net.ports};
  for (std::uint32_t i = 0; i < net.ports; ++i) {
    const Path p = route(net, i, round);
    if (p.hops[stage].switch_index != sw) continue;
    if (i < lost.input) lost.input = i;
    if (p.destination < lost.output) lost.output = p.destination;
  }
  return lost;
}

}  // namespace

TEST_CASE("ROUND_CHECK and the port-by-port check agree with route() on every round, every switch dead in turn") {
  const auto schedule = LatinSquareSchedule<>::make(make_network(Topology::omega, 16).value()).value();
  const Network net = schedule.network();
  Bench& b = fresh_bench(net);
  for (std::uint32_t r = 0; r < schedule.rounds(); ++r) {  // no fault: every round as headed
    REQUIRE(execute_round(b.driver, schedule, r, kPolls) == Errc::ok);
    CHECK(b.driver.round_check().value() == RoundCheck{true, false, 0});
    CHECK(b.driver.first_unarrived(0, net.ports).value() == kAllArrived);
  }
  std::uint32_t checked = 0;
  for (std::uint32_t stage = 0; stage < net.stages; ++stage) {
    for (std::uint32_t sw = 0; sw < net.switches_per_stage(); ++sw) {
      REQUIRE(b.driver.clear_injected_faults() == Errc::ok);
      REQUIRE(b.driver.inject_fault(stage, sw, 0, InjectedKind{false, 0, true}) == Errc::ok);
      for (std::uint32_t r = 0; r < schedule.rounds(); ++r) {
        const Lost lost = lost_through(net, schedule.round(r), stage, sw);
        REQUIRE(lost.input < net.ports);                                    // a full round uses every switch
        REQUIRE(execute_round(b.driver, schedule, r, kPolls) == Errc::ok);  // the block cannot tell
        CHECK(b.driver.round_check().value() == RoundCheck{true, true, lost.output});
        CHECK(b.driver.first_unarrived(0, net.ports).value() == lost.input);
        ++checked;
      }
    }
  }
  CHECK(checked == 4 * 8 * 16);
}

TEST_CASE("ROUND_CHECK: a hidden stuck switch swaps two signals; the round is flagged and both outputs differ") {
  const auto schedule = LatinSquareSchedule<>::make(make_network(Topology::omega, 16).value()).value();
  const Network net = schedule.network();
  Bench& b = fresh_bench(net);
  REQUIRE(b.driver.inject_fault(1, 2, 0, InjectedKind{true, 0, true}) == Errc::ok);
  for (std::uint32_t r = 0; r < schedule.rounds(); ++r) {
    const bool wants_other = schedule.round(r).switch_state(1, 2) != 0;
    const Errc e = execute_round(b.driver, schedule, r, kPolls);
    CHECK(e == (wants_other ? Errc::fabric_round_faulted : Errc::ok));  // STATUS.MISROUTE
    const RoundCheck check = b.driver.round_check().value();
    CHECK(check.mismatch == wants_other);
    if (wants_other) CHECK(check.first_output == lost_through(net, schedule.round(r), 1, 2).output);
  }
}
