// a2a/hal/fabric_controller.hpp: the eight calls every fabric has. FabricDriver has
// them; a driver missing one is no controller; one with only these is a controller
// with none of the optional capabilities (fabric_capabilities.hpp).
#include <a2a/hal/fabric_controller.hpp>

#include <a2a/hal/fabric_capabilities.hpp>
#include <a2a/hal/fabric_driver.hpp>
#include <a2a/mock/recording_bus.hpp>

#include "a2a_test.hpp"
#include "unit_bus.hpp"

namespace fabric_controller_unit {
using namespace a2a;
using namespace a2a::hal;
using Driver = FabricDriver<a2a::test::UnitBus, FabricLayout<16, 4>>;
static_assert(FabricController<Driver>);
/// The controller's calls but abort().
struct NoAbort {
  Errc configure(const Network&, bool) { return Errc::ok; }
  [[nodiscard]] Result<Network> network() const { return Errc::fabric_not_configured; }
  Errc set_stage_control(std::uint32_t, ControlMode, std::uint32_t) { return Errc::ok; }
  Errc commit() { return Errc::ok; }
  Errc reset() { return Errc::ok; }
  Result<FabricStatus> poll_status(std::uint32_t) { return Errc::fabric_timeout; }
  Errc wait_round(std::uint32_t) { return Errc::ok; }
};
static_assert(!FabricController<NoAbort>);
/// NoAbort with abort(): the least a fabric is, a controller with no capability.
struct Plain : NoAbort {
  Errc abort() { return Errc::ok; }
};
static_assert(FabricController<Plain>);
static_assert(!IndividualSwitches<Plain> && !PortHeaders<Plain> && !IdleMasks<Plain> && !RelayFabric<Plain> &&
              !RoundCounter<Plain> && !DeliveryCounters<Plain> && !OutputMonitors<Plain> && !FaultMarking<Plain> &&
              !FaultInjection<Plain>);
/// A wait_round() that returns no Errc is not the contract's.
struct WrongWait : Plain {
  bool wait_round(std::uint32_t) { return true; }
};
static_assert(!FabricController<WrongWait>);
// Eight 4-bit switch states a SWITCH_STATE word; 32 ports an IDLE_MASK word.
static_assert(kSwitchesPerWord == 8 && kPortsPerIdleWord == 32);
}  // namespace fabric_controller_unit

TEST_CASE("fabric controller: the driver answers before anything ran") {
  using namespace a2a;
  test::UnitBus& bus = test::unit_bus();
  fabric_controller_unit::Driver fabric(bus);
  CHECK(!fabric.network().ok());
  CHECK(fabric.network().error() == Errc::fabric_not_configured);
  CHECK(fabric.commit() == Errc::fabric_not_configured);
  CHECK(fabric.set_stage_control(0, ControlMode::stage, 0) == Errc::fabric_not_configured);
}
