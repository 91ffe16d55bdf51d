// a2a/hal/latched_round.hpp: the far side of the block decodes what the driver wrote: the
// network, every switch's state and every port's header are the schedule's own.
#include <a2a/hal/latched_round.hpp>

#include <a2a/alternating.hpp>
#include <a2a/hal/fabric_driver.hpp>
#include <a2a/hal/program_round.hpp>
#include <a2a/latin_square.hpp>
#include <a2a/mock/recording_bus.hpp>

#include "a2a_test.hpp"
#include "unit_bus.hpp"

namespace latched_round_unit {
using namespace a2a;
using namespace a2a::hal;
using Layout = FabricLayout<64, 6>;
using Bus = a2a::test::UnitBus;

/// Programs round r of `schedule` and checks the latched view of it, port by port.
template <class S>
void check_round(const S& schedule, std::uint32_t r) {
  Bus& bus = a2a::test::unit_bus();
  FabricDriver<Bus, Layout> fabric(bus);
  const Network net = schedule.network();
  REQUIRE(fabric.configure(net, false) == Errc::ok);
  REQUIRE(program_round(fabric, schedule, r) == Errc::ok);
  const auto read = [&bus](std::uint32_t offset) { return bus.read32(offset); };
  const LatchedRound<Layout, decltype(read)> latched(read);
  REQUIRE(latched.network().ok());
  CHECK(latched.network().value() == net);
  CHECK(latched.states_valid(net));
  CHECK(!latched.relay());
  const auto round = schedule.round(r);
  for (std::uint32_t s = 0; s < net.stages; ++s)
    for (std::uint32_t y = 0; y < net.switches_per_stage(); ++y)
      CHECK(latched.switch_state(net, s, y) == round.switch_state(s, y));
  for (std::uint32_t i = 0; i < net.ports; ++i) {
    INFO("round ", r, " port ", i);
    const PortSend send = schedule.send(round, i);
    CHECK(latched.idle(i) == !send.sends);
    CHECK(latched.signal(i).destination == send.destination);
    CHECK(latched.signal(i).tag == send.tag);
  }
}
}  // namespace latched_round_unit

TEST_CASE("latched round: what the driver wrote is the schedule's round (stage and alternating control)") {
  using namespace a2a;
  const auto latin = LatinSquareSchedule<>::make(make_network(Topology::baseline, 64).value()).value();
  for (const std::uint32_t r : {0U, 31U, 63U}) latched_round_unit::check_round(latin, r);
  const auto alternating = AlternatingSchedule::make(make_network(Topology::gsen, 30).value()).value();
  for (const std::uint32_t r : {0U, 17U, 29U}) latched_round_unit::check_round(alternating, r);
}

TEST_CASE("latched round: a block configured beyond its capacity is refused") {
  using namespace a2a;
  using namespace a2a::hal;
  const auto read = [](std::uint32_t offset) -> std::uint32_t {
    if (offset == offset::kNetPorts) return 128;  // the block holds 64
    if (offset == offset::kNetShape) return 2U | (7U << 8);
    return 0;
  };
  const LatchedRound<latched_round_unit::Layout, decltype(read)> latched(read);
  CHECK(latched.network().error() == Errc::fabric_capacity_exceeded);
}
