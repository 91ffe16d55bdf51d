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

TEST_CASE("register map 2.0: tickets, relay and injection bits, port messages") {
  CHECK(reg::Version::reset == 0x0000'0200U);
  CHECK(reg::CapShape::Inject::mask == 0x0200'0000U);
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

TEST_CASE("STATUS decodes into named flags") {
  // 0x128: conflict, fault crossed, config invalid.
  const auto s = FabricStatus::decode(RegisterValue<reg::Status>::from_raw(0x0000'0128U));
  CHECK(s.conflict);
  CHECK(s.config_invalid);
  CHECK(s.fault_crossed);
  CHECK_FALSE(s.busy);
  CHECK_FALSE(s.done);
  CHECK_FALSE(s.clean());
  CHECK(FabricStatus::decode(RegisterValue<reg::Status>::from_raw(0x2U)).clean());
  CHECK_FALSE(FabricStatus::decode(RegisterValue<reg::Status>::from_raw(0x22U)).clean());  // done + fault crossed
}

TEST_CASE("layout of a 256-port, 8-stage block") {
  using L = FabricLayout<256, 8>;
  CHECK(L::kControl == 0x018U);
  CHECK(L::kStatus == 0x01CU);
  CHECK(L::kRoundCounter == 0x020U);
  CHECK(L::kLastError == 0x024U);
  CHECK(L::kInject == 0x028U);
  CHECK(L::kInjectRound == 0x02CU);
  CHECK(offset::kDeliveredLo == 0x040U);
  CHECK(offset::kDeliveredHi == 0x044U);
  CHECK(offset::kFaulted == 0x064U);
  CHECK(L::stage_control(0) == 0x080U);
  CHECK(L::stage_control(7) == 0x09CU);
  CHECK(L::idle_mask(0) == 0x0A0U);   // 0x80 + 8 stages * 4
  CHECK(L::idle_mask(7) == 0x0BCU);   // 256 ports / 32 = 8 words
  CHECK(L::fault(0, 0) == 0x0C0U);
  CHECK(L::fault(1, 0) == 0x0D0U);    // 128 switches / 32 = 4 words per stage
  CHECK(L::port_header(0) == 0x140U); // 0xC0 + 8 * 4 * 4
  CHECK(L::port_header(255) == 0x53CU);
  CHECK(L::port_message(0) == 0x540U);
  CHECK(L::port_message(255) == 0x93CU);
  CHECK(L::switch_state(0, 0) == 0x940U);
  CHECK(L::switch_state(1, 0) == 0x980U);  // 128 switches / 8 = 16 words per stage
  CHECK(L::kSize == 0xB40U);
  CHECK(L::kCapShapeValue == 0x0110'0208U);  // optical | max radix 16 | min radix 2 | 8 stages
}

TEST_CASE("layout of the largest block and of an odd-sized one") {
  using Big = FabricLayout<65536, 16>;
  CHECK(Big::idle_mask(0) == 0x0C0U);
  CHECK(Big::kFaultBase == 0x20C0U);          // + 2048 idle words
  CHECK(Big::kPortHeaderBase == 0x1'20C0U);   // + 16 stages * 1024 words
  CHECK(Big::kPortMessageBase == 0x5'20C0U);  // + 65536 headers
  CHECK(Big::kSwitchStateBase == 0x9'20C0U);  // + 65536 messages
  CHECK(Big::kSize == 0xD'20C0U);             // + 16 stages * 4096 words
  using Odd = FabricLayout<10, 4>;           // GSEN N = 10: 5 switches per stage
  CHECK(Odd::kMaxSwitches == 5);
  CHECK(Odd::kSwitchWordsPerStage == 1);
  CHECK(Odd::kIdleWords == 1);
  CHECK(Odd::switch_state(3, 0) == Odd::kSwitchStateBase + 12);
}

TEST_CASE("networks fit a block only within its capacity") {
  using L = FabricLayout<256, 8>;
  CHECK(L::fits(make_network(Topology::omega, 256).value()));
  CHECK(L::fits(make_network(Topology::gsen, 254).value()));
  CHECK(L::fits(make_network(Topology::omega, 243, 3).value()));
  CHECK_FALSE(L::fits(make_network(Topology::omega, 512).value()));
  CHECK_FALSE(FabricLayout<256, 4>::fits(make_network(Topology::omega, 256).value()));  // 8 stages
  // The shift network has N switches per stage: a block of MaxPorts ports runs it up to MaxPorts / 2.
  CHECK(L::fits(make_network(Topology::shift, 128).value()));
  CHECK_FALSE(FabricLayout<256, 16>::fits(make_network(Topology::shift, 256).value()));  // 256 switches a stage
}

TEST_CASE("topology and mode codes are fixed and round-trip") {
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
