// a2a/hal/hal.hpp, the HAL's umbrella: one include gives the typed registers, the layout,
// the bus concept, the driver and program_round.
#include <a2a/hal/hal.hpp>

#include <a2a/latin_square.hpp>
#include <a2a/mock/recording_bus.hpp>

#include "a2a_test.hpp"
#include "unit_bus.hpp"

namespace hal_unit {
using namespace a2a::hal;
using Driver = FabricDriver<a2a::test::UnitBus, FabricLayout<16, 4>>;
static_assert(FabricController<Driver> && DeliveryCounters<Driver> && FaultInjection<Driver>);
static_assert(RegisterBus<a2a::test::UnitBus>);
static_assert(offset::kControl == 0x018 && reg::Control::Commit::mask == 1U);
}  // namespace hal_unit

TEST_CASE("the HAL umbrella: a round programmed through one include ends in a COMMIT") {
  using namespace a2a;
  using namespace a2a::hal;
  test::UnitBus& bus = test::unit_bus();
  hal_unit::Driver fabric(bus);
  const Network net = make_network(Topology::omega, 16).value();
  REQUIRE(fabric.configure(net, false) == Errc::ok);
  const auto schedule = LatinSquareSchedule<>::make(net).value();
  CHECK(program_round(fabric, schedule, 3) == Errc::ok);
  CHECK(reg::Control::Commit::extract(bus.read32(offset::kControl)) == 1);
}
