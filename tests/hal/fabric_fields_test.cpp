// a2a/hal/fabric_fields.hpp: the fields of the register map 2.0 and the codes stored in
// them, worked out by hand from docs/register-map.md.
#include <a2a/hal/fabric_fields.hpp>

#include <a2a/hal/fabric_registers.hpp>
#include <a2a/hal/register.hpp>

#include <cstdint>

#include "a2a_test.hpp"

TEST_CASE("register map 2.0: tickets, relay and injection bits, port messages") {
  using namespace a2a;
  using namespace a2a::hal;
  CHECK(reg::Version::reset == 0x0000'0202U);  // 2.2: ROUND_CHECK
  CHECK(reg::CapShape::Inject::mask == 0x0200'0000U);
  CHECK(reg::CapShape::Check::mask == 0x0800'0000U);
  CHECK(reg::RoundCheck::Valid::mask == 0x8000'0000U);
  CHECK(reg::RoundCheck::Mismatch::mask == 0x4000'0000U);
  CHECK(reg::RoundCheck::First::mask == 0x0000'FFFFU);
  CHECK(hal::offset::kRoundCheck == 0x030U);
  CHECK(reg::NetShape::Relay::mask == 0x0200'0000U);
  CHECK(reg::Control::ClearCounters::mask == 0x8U);
  CHECK(reg::Control::Ticket::mask == 0x0000'FF00U);
  CHECK(reg::Status::Ticket::mask == 0x00FF'0000U);
  CHECK(reg::Inject::Stage::mask == 0x0000'00FFU);
  CHECK(reg::Inject::Switch::mask == 0x00FF'FF00U);
  CHECK(reg::Inject::Clear::mask == 0x4000'0000U);
  CHECK(reg::Inject::Arm::mask == 0x8000'0000U);
  CHECK(reg::PortMessage::Origin::mask == 0x0000'FFFFU);
  CHECK(reg::PortMessage::Final::mask == 0xFFFF'0000U);
  const auto commit = RegisterValue<reg::Control>{}.flag<reg::Control::Commit>().set<reg::Control::Ticket>(0xA5);
  CHECK(commit.raw() == 0x0000'A501U);
  CHECK(FabricStatus::decode(RegisterValue<reg::Status>::from_raw(0x00A5'0002U)).ticket == 0xA5);
  CHECK(FabricStatus::decode(RegisterValue<reg::Status>::from_raw(0x00A5'0002U)).clean());
}

TEST_CASE("topology and mode codes are fixed and round-trip") {
  using namespace a2a;
  using namespace a2a::hal;
  CHECK(topology_code(Topology::omega) == 0);
  CHECK(topology_code(Topology::gsen) == 6);
  for (Topology t : kAllTopologies) CHECK(topology_from_code(topology_code(t)).value() == t);
  CHECK(topology_code(Topology::shift) == 7);
  CHECK(topology_from_code(8).error() == Errc::topology_unknown);
  CHECK(topology_from_code(15).error() == Errc::topology_unknown);
  CHECK(mode_code(ControlMode::individual) == 0);
  CHECK(mode_code(ControlMode::stage) == 1);
  CHECK(mode_code(ControlMode::quadruply_alternating) == 4);
  CHECK(mode_from_code(2).value() == ControlMode::alternating);
  CHECK(mode_from_code(5).error() == Errc::control_mode_unknown);
  CHECK(alternating_block(ControlMode::doubly_alternating) == 2);
  CHECK(alternating_block(ControlMode::stage) == 0);
}
