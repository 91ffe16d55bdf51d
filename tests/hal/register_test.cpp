// Register typing and the register map's layout. Portable (heap-free): the
// Cortex-M build compiles this file too. Expected offsets and raw values are
// worked out by hand from docs/register-map.md, not read back from the code.
#include <a2a/hal/fabric_fields.hpp>
#include <a2a/hal/fabric_registers.hpp>
#include <a2a/hal/hal.hpp>
#include <a2a/hal/register.hpp>

#include <cstdint>

#include "a2a_test.hpp"

using namespace a2a;
using namespace a2a::hal;

TEST_CASE("fields know their position, width and mask") {
  CHECK(reg::StageControl::Mode::mask == 0x0000'0007U);
  CHECK(reg::StageControl::State::position == 8);
  CHECK(reg::StageControl::State::mask == 0x0000'0F00U);
  CHECK(reg::StageControl::State::max == 15);
  CHECK(reg::PortHeader::Destination::mask == 0x0000'FFFFU);
  CHECK(reg::PortHeader::Tag::mask == 0xFFFF'0000U);
  CHECK(reg::NetPorts::Ports::max >= 65536U);  // N = 65536 must fit
  CHECK(reg::RoundCounter::Count::mask == 0xFFFF'FFFFU);
  CHECK(reg::SwitchState::Switch<7>::mask == 0xF000'0000U);
  CHECK(reg::Control::Reset::mask == 0x4U);
  CHECK(reg::Status::Aborted::mask == 0x400U);
}

TEST_CASE("a register value starts at the reset value and is built field by field") {
  CHECK(RegisterValue<reg::IdleMask>{}.raw() == 0xFFFF'FFFFU);
  CHECK(RegisterValue<reg::Version>{}.get<reg::Version::Major>() == 2);
  CHECK(reg::Id::reset == 0x4132'4146U);  // "A2AF"

  RegisterValue<reg::StageControl> v;
  v.set<reg::StageControl::Mode>(1).set<reg::StageControl::State>(3);
  CHECK(v.raw() == 0x0000'0301U);
  v.set<reg::StageControl::State>(0xA);  // replaces only its own bits
  CHECK(v.raw() == 0x0000'0A01U);
  CHECK(v.get<reg::StageControl::Mode>() == 1);

  const auto header =
      RegisterValue<reg::PortHeader>{}.set<reg::PortHeader::Destination>(0xBEEF).set<reg::PortHeader::Tag>(0x1234);
  CHECK(header.raw() == 0x1234'BEEFU);
  const auto commit = RegisterValue<reg::Control>{}.flag<reg::Control::Commit>();
  CHECK(commit.raw() == 1U);
  const auto read_back = RegisterValue<reg::Status>::from_raw(0x0000'0012U);
  CHECK(read_back.test<reg::Status::Done>());
  CHECK(read_back.test<reg::Status::Crosstalk>());
  CHECK_FALSE(read_back.test<reg::Status::Busy>());
}

TEST_CASE("register values are usable in constant expressions") {
  constexpr auto packed = RegisterValue<reg::SwitchState>{}
                              .set<reg::SwitchState::Switch<0>, 1>()
                              .set<reg::SwitchState::Switch<3>, 15>()
                              .raw();
  static_assert(packed == 0x0000'F001U);
  CHECK(packed == 0x0000'F001U);
}
