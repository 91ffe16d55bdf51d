// a2a/app/fault_diagnosis.hpp over the emulated fabric: a test round sends every
// port where its word routes it and counts nothing; the configuration's faults
// become the locator's known ones; a hidden switch fault that disturbs a round is
// located from ARRIVED, with the test rounds counted, and test mode is off after.
#include <a2a/app/fault_diagnosis.hpp>
#include <a2a/emulated/fabric_emulator.hpp>
#include <a2a/emulated/ram_block.hpp>
#include <a2a/hal/fabric_driver.hpp>
#include <a2a/latin_square.hpp>

#include <doctest/doctest.h>

using namespace a2a;

namespace {

using Layout = hal::FabricLayout<32, 6>;
using Emulator = emulated::FabricEmulator<Layout, 32>;
using Ram = emulated::RamBlock<Layout::kSize>;
using Bus = emulated::ServicedBus<Emulator, Ram>;
using Driver = hal::FabricDriver<Bus, Layout>;
constexpr std::uint32_t kPolls = 64;

struct Bench {
  Ram ram;
  Emulator emulator;
  Bus bus{emulator, ram, 3};
  Driver driver{bus};
  Bench() {
    emulator.power_on(ram);
    REQUIRE(driver.probe() == Errc::ok);
  }
};

}  // namespace

TEST_CASE("fault diagnosis: a test round is a full stage-controlled round") {
  const Network net = make_network(Topology::baseline, 16).value();
  const app::TestRound test(net, 5);
  CHECK(test.rounds() == 1);
  const auto round = test.round(0);
  CHECK(round.control() == ControlMode::stage);
  CHECK(round.word() == 5);
  for (std::uint32_t i = 0; i < 16; ++i) {
    const PortSend s = test.send(round, i);
    CHECK(s.sends);
    CHECK(s.destination == route(net, i, StageControl{5, 2, 4}).destination);
  }
}

TEST_CASE("fault diagnosis: the faults known are the locator's known faults") {
  FaultSet<kMaxConfigFaults> known;
  REQUIRE(known.add(SwitchFault{1, 2}) == Errc::ok);
  REQUIRE(known.add(StuckFault{2, 5, 1}) == Errc::ok);
  REQUIRE(known.add(LinkFault{0, 9}) == Errc::ok);
  std::array<FaultCandidate, 4> out{};
  REQUIRE(app::known_faults(known.view(), out) == 3);
  CHECK(out[0] == FaultCandidate{LocatedKind::dead_switch, 1, 2, 0});
  CHECK(out[1] == FaultCandidate{LocatedKind::stuck_switch, 2, 5, 1});
  CHECK(out[2] == FaultCandidate{LocatedKind::dead_link, 0, 9, 0});
  std::array<FaultCandidate, 2> two{};  // no more than the room given
  CHECK(app::known_faults(known.view(), two) == 2);
}

TEST_CASE("fault diagnosis: a hidden dead switch is located from ARRIVED; test mode ends with the search") {
  static Bench b;
  const auto schedule = LatinSquareSchedule<>::make(make_network(Topology::omega, 16).value()).value();
  REQUIRE(b.driver.configure(schedule.network(), false) == Errc::ok);
  REQUIRE(b.driver.inject_fault(1, 2, 0, hal::InjectedKind{false, 0, true}) == Errc::ok);
  REQUIRE(hal::execute_round(b.driver, schedule, 0, kPolls) == Errc::ok);  // the block does not know
  std::array<std::uint16_t, 16> observed{};
  REQUIRE(app::observe_round(b.driver, schedule, 0, observed) == Errc::ok);
  std::uint32_t lost = 0;
  for (const std::uint16_t o : observed) lost += o == kLost ? 1U : 0U;
  CHECK(lost == 2);
  const app::LocatedFaults found = app::diagnose(b.driver, schedule, 0, FaultSetView{}, observed, kPolls, nullptr,
                                                 app::test_round_allowance(schedule.network()));
  REQUIRE(found.count == 1);
  CHECK(found.exact);
  CHECK(found.faults[0] == FaultCandidate{LocatedKind::dead_switch, 1, 2, 0});
  CHECK(found.test_rounds <= feng_wu_tests(16));
  const std::uint64_t before = b.driver.counters().delivered;
  REQUIRE(hal::execute_round(b.driver, schedule, 1, kPolls) == Errc::ok);
  CHECK(b.driver.counters().delivered == before + 14);  // counted again: test mode is off
}
