// a2a/hal/fabric_controller.hpp: the contract a fabric's driver fulfils; FabricDriver
// fulfils both concepts, a driver missing an operation fulfils neither.
#include <a2a/hal/fabric_controller.hpp>

#include <a2a/hal/fabric_driver.hpp>
#include <a2a/mock/recording_bus.hpp>

#include "a2a_test.hpp"
#include "unit_bus.hpp"

namespace fabric_controller_unit {
using namespace a2a;
using namespace a2a::hal;
using Driver = FabricDriver<a2a::test::UnitBus, FabricLayout<16, 4>>;
static_assert(FabricController<Driver> && FabricDiagnostics<Driver>);
/// Everything but abort().
struct NoAbort {
  Errc configure(const Network&, bool, bool = false) { return Errc::ok; }
  [[nodiscard]] Result<Network> network() const { return Errc::fabric_not_configured; }
  [[nodiscard]] bool relay() const { return false; }
  Errc set_stage_control(std::uint32_t, ControlMode, std::uint32_t) { return Errc::ok; }
  Errc set_switch_state(std::uint32_t, std::uint32_t, std::uint32_t) { return Errc::ok; }
  Errc set_switch_word(std::uint32_t, std::uint32_t, std::uint32_t) { return Errc::ok; }
  Errc set_port_header(std::uint32_t, std::uint32_t, std::uint32_t) { return Errc::ok; }
  Errc set_port_message(std::uint32_t, std::uint32_t, std::uint32_t) { return Errc::ok; }
  Errc set_idle_word(std::uint32_t, std::uint32_t) { return Errc::ok; }
  Errc commit() { return Errc::ok; }
  Errc reset() { return Errc::ok; }
  Result<FabricStatus> poll_status(std::uint32_t) { return Errc::fabric_timeout; }
  Errc wait_round(std::uint32_t) { return Errc::ok; }
  std::uint32_t round_counter() { return 0; }
  Result<bool> switch_faulty(std::uint32_t, std::uint32_t) { return false; }
};
static_assert(!FabricController<NoAbort> && !FabricDiagnostics<NoAbort>);
/// NoAbort with abort(): a controller, but no diagnostics.
struct Plain : NoAbort {
  Errc abort() { return Errc::ok; }
};
static_assert(FabricController<Plain> && !FabricDiagnostics<Plain>);
// FAULT read a word at a time: an optional capability the round loop's locate uses.
static_assert(!FaultWords<Plain> && FaultWords<Driver>);
// Eight 4-bit switch states a SWITCH_STATE word; 32 ports an IDLE_MASK word.
static_assert(kSwitchesPerWord == 8 && kPortsPerIdleWord == 32);
}  // namespace fabric_controller_unit

TEST_CASE("fabric controller: the driver's diagnostics answer before anything ran") {
  using namespace a2a;
  test::UnitBus& bus = test::unit_bus();
  fabric_controller_unit::Driver fabric(bus);
  CHECK(fabric.round_counter() == 0);
  CHECK(fabric.counters() == DeliveryTally{});
  CHECK(!fabric.network().ok());
}
