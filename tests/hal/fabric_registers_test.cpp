// a2a/hal/fabric_registers.hpp: the layout of a block (offsets by capacity), the decoded
// STATUS, and which networks a block holds; offsets worked out by hand from docs/register-map.md.
#include <a2a/hal/fabric_registers.hpp>

#include <a2a/hal/fabric_fields.hpp>
#include <a2a/topology.hpp>

#include <cstdint>

#include "a2a_test.hpp"

TEST_CASE("STATUS decodes into named flags") {
  using namespace a2a;
  using namespace a2a::hal;
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
  using namespace a2a;
  using namespace a2a::hal;
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
  CHECK(L::idle_mask(0) == 0x0A0U);  // 0x80 + 8 stages * 4
  CHECK(L::idle_mask(7) == 0x0BCU);  // 256 ports / 32 = 8 words
  CHECK(L::fault(0, 0) == 0x0C0U);
  CHECK(L::fault(1, 0) == 0x0D0U);     // 128 switches / 32 = 4 words per stage
  CHECK(L::port_header(0) == 0x140U);  // 0xC0 + 8 * 4 * 4
  CHECK(L::port_header(255) == 0x53CU);
  CHECK(L::port_message(0) == 0x540U);
  CHECK(L::port_message(255) == 0x93CU);
  CHECK(L::switch_state(0, 0) == 0x940U);
  CHECK(L::switch_state(1, 0) == 0x980U);  // 128 switches / 8 = 16 words per stage
  CHECK(L::arrived(0) == 0xB40U);
  CHECK(L::arrived(255) == 0xF3CU);
  CHECK(L::kSize == 0xF40U);
  CHECK(L::kCapShapeValue == 0x0110'0208U);  // optical | max radix 16 | min radix 2 | 8 stages
}

TEST_CASE("layout of the largest block and of an odd-sized one") {
  using namespace a2a;
  using namespace a2a::hal;
  using Big = FabricLayout<65536, 16>;
  CHECK(Big::idle_mask(0) == 0x0C0U);
  CHECK(Big::kFaultBase == 0x20C0U);          // + 2048 idle words
  CHECK(Big::kPortHeaderBase == 0x1'20C0U);   // + 16 stages * 1024 words
  CHECK(Big::kPortMessageBase == 0x5'20C0U);  // + 65536 headers
  CHECK(Big::kSwitchStateBase == 0x9'20C0U);  // + 65536 messages
  CHECK(Big::arrived(0) == 0xD'20C0U);
  CHECK(Big::kSize == 0x11'20C0U);  // + 16 stages * 4096 words
  using Odd = FabricLayout<10, 4>;  // GSEN N = 10: 5 switches per stage
  CHECK(Odd::kMaxSwitches == 5);
  CHECK(Odd::kSwitchWordsPerStage == 1);
  CHECK(Odd::kIdleWords == 1);
  CHECK(Odd::switch_state(3, 0) == Odd::kSwitchStateBase + 12);
}

TEST_CASE("networks fit a block only within its capacity") {
  using namespace a2a;
  using namespace a2a::hal;
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
