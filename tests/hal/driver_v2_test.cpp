// The driver's register map 2.0 operations over the recording mock: tickets
// (a stale STATUS is never taken for this action's), relay mode and port
// messages, counters, LAST_ERROR, fault injection where the block has none.
// Portable (heap-free): the Cortex-M build compiles this file too.
#include <a2a/a2a.hpp>
#include <a2a/hal/hal.hpp>
#include <a2a/mock/recording_bus.hpp>

#include <cstdint>

#include "a2a_test.hpp"

using namespace a2a;
using namespace a2a::hal;

namespace {

using Layout = FabricLayout<256, 8>;
using Bus = mock::RecordingBus<512, 8>;
using Driver = FabricDriver<Bus, Layout>;
using Status = reg::Status;

static_assert(FabricController<Driver>);
static_assert(DeliveryCounters<Driver> && FaultInjection<Driver> && OutputMonitors<Driver>);

Bus& fresh_bus() {
  static Bus bus;
  bus.reset();
  bus.set_round_marker(Layout::kControl, reg::Control::Commit::mask);
  return bus;
}

/// The mock plays a v2 block of Layout's capacity, without INJECT, whose STATUS shows ticket 0x41.
void script_block(Bus& bus) {
  REQUIRE(bus.script_constant(Layout::kId, reg::kIdValue));
  REQUIRE(bus.script_constant(Layout::kVersion, reg::Version::reset));
  REQUIRE(bus.script_constant(Layout::kCapPorts, Layout::kCapPortsValue));
  REQUIRE(bus.script_constant(Layout::kCapShape, Layout::kCapShapeValue));
}

}  // namespace

TEST_CASE("tickets: probe starts from the block's, each action writes the next, STATUS must echo it") {
  Bus& bus = fresh_bus();
  script_block(bus);
  bus.set_ticket_echo(false);
  bus.write32(Layout::kStatus, Status::Ticket::insert(Status::Done::mask, 0x41));  // a previous driver's round
  Driver fabric(bus);
  REQUIRE(fabric.probe() == Errc::ok);
  CHECK(fabric.ticket() == 0x41);
  REQUIRE(fabric.configure(make_network(Topology::omega, 16).value(), false) == Errc::ok);
  bus.clear();
  REQUIRE(fabric.commit() == Errc::ok);
  CHECK(bus.last_write(Layout::kControl).value == 0x0000'4201U);  // COMMIT, ticket 0x42
  // STATUS still shows DONE of ticket 0x41: stale, as good as busy.
  CHECK(fabric.wait_round(4) == Errc::fabric_timeout);
  CHECK(bus.reads_of(Layout::kStatus) == 4);
  bus.set_ticket_echo(true);  // the block takes the COMMIT up
  REQUIRE(bus.script_constant(Layout::kStatus, Status::Done::mask));
  CHECK(fabric.wait_round(4) == Errc::ok);
  // The ticket wraps after 0xFF.
  for (std::uint32_t k = 0; k < 0xBD; ++k) REQUIRE(fabric.commit() == Errc::ok);
  CHECK(fabric.ticket() == 0xFF);
  REQUIRE(fabric.commit() == Errc::ok);
  CHECK(fabric.ticket() == 0);
  CHECK(bus.last_write(Layout::kControl).value == 0x0000'0001U);
}

TEST_CASE("tickets: reset and clear_counters wait (bounded) for theirs") {
  Bus& bus = fresh_bus();
  Driver fabric(bus);
  REQUIRE(fabric.clear_counters(3) == Errc::ok);
  CHECK(bus.last_write(Layout::kControl).value == 0x0000'0108U);  // CLEAR_COUNTERS, ticket 1
  bus.set_ticket_echo(false);                                     // a block that never takes anything up
  bus.clear();
  CHECK(fabric.clear_counters(3) == Errc::fabric_timeout);
  CHECK(bus.reads_of(Layout::kStatus) == 3);
  CHECK(fabric.reset(5) == Errc::fabric_timeout);
  CHECK(bus.reads_of(Layout::kStatus) == 8);
  CHECK(fabric.clear_counters(0) == Errc::fabric_timeout);
}

TEST_CASE("relay mode: NET_SHAPE.Relay, validated port messages, program_round writes them") {
  Bus& bus = fresh_bus();
  Driver fabric(bus);
  const Network net = make_network(Topology::omega, 16).value();
  CHECK(fabric.set_port_message(0, 0, 1) == Errc::fabric_not_configured);
  REQUIRE(fabric.configure(net, false) == Errc::ok);
  CHECK_FALSE(fabric.relay());
  CHECK(fabric.set_port_message(0, 0, 1) == Errc::fabric_relay_off);
  REQUIRE(fabric.configure(net, false, true) == Errc::ok);
  CHECK(fabric.relay());
  CHECK(bus.last_write(Layout::kNetShape).value == 0x0200'0402U);  // relay, omega, n = 4, d = 2
  bus.clear();
  CHECK(fabric.set_port_message(16, 0, 1) == Errc::port_out_of_range);
  CHECK(fabric.set_port_message(0, 16, 1) == Errc::port_out_of_range);
  CHECK(fabric.set_port_message(0, 0, 16) == Errc::port_out_of_range);
  CHECK(bus.writes() == 0);
  CHECK(fabric.set_port_message(3, 7, 12) == Errc::ok);
  CHECK(bus.last_write(Layout::port_message(3)).value == 0x000C'0007U);

  // A fault-tolerant round with relays: each sending port's message follows its header.
  const AnySchedule ft = AnySchedule::make(net, SwitchFault{1, 2}).value();
  const auto relays = [&](std::uint32_t round_index) {
    const auto rd = ft.round(round_index);
    for (std::uint32_t port = 0; port < 16; ++port) {
      const PortSend s = ft.send(rd, port);
      if (s.sends && (s.message_origin(port) != port || s.message_final() != s.destination)) return true;
    }
    return false;
  };
  std::uint32_t r = 0;
  while (r < ft.rounds() && !relays(r)) ++r;  // the first round with relay hops
  REQUIRE(r < ft.rounds());
  bus.clear();
  REQUIRE(program_round(fabric, ft, r) == Errc::ok);
  const auto round = ft.round(r);
  std::uint32_t relayed = 0;
  for (std::uint32_t port = 0; port < 16; ++port) {
    const PortSend send = ft.send(round, port);
    INFO("port ", port);
    const auto message = bus.last_write(Layout::port_message(port));
    CHECK(message.found == send.sends);
    if (!send.sends) continue;
    CHECK(message.value == (send.message_origin(port) | send.message_final() << 16));
    relayed += send.message_origin(port) != port || send.message_final() != send.destination ? 1U : 0U;
  }
  CHECK(relayed > 0);

  // Without relay mode program_round writes no message at all.
  REQUIRE(fabric.configure(net, false) == Errc::ok);
  bus.clear();
  REQUIRE(program_round(fabric, ft, r) == Errc::ok);
  CHECK(bus.writes_in(Layout::kPortMessageBase, Layout::kSwitchStateBase) == 0);
}

TEST_CASE("counters, LAST_ERROR, and fault injection refused by a block without it") {
  Bus& bus = fresh_bus();
  script_block(bus);
  Driver fabric(bus);
  REQUIRE(bus.script_constant(offset::kDeliveredLo, 0x0000'0005U));
  REQUIRE(bus.script_constant(offset::kDeliveredHi, 0x0000'0001U));
  bus.write32(offset::kFaulted, 3);
  bus.write32(offset::kHeld, 2);
  bus.write32(Layout::kLastError, 0x0007'0022U);
  const DeliveryTally c = fabric.counters();
  CHECK(c.delivered == 0x1'0000'0005ULL);
  CHECK(c.faulted_rounds == 3);
  CHECK(c.left_in_store == 2);
  CHECK(c.duplicates == 0);
  CHECK(fabric.last_error() == 0x0007'0022U);
  CHECK_FALSE(fabric.can_inject());
  REQUIRE(fabric.configure(make_network(Topology::omega, 16).value(), false) == Errc::ok);
  bus.clear();
  CHECK(fabric.inject_fault(1, 2, 0) == Errc::fabric_inject_unsupported);
  CHECK(fabric.clear_injected_faults() == Errc::fabric_inject_unsupported);
  CHECK(bus.writes() == 0);
  CHECK(describe(Errc::fabric_inject_unsupported) != describe(Errc::ok));
  CHECK(describe(Errc::fabric_relay_unsupported) != describe(Errc::ok));
  CHECK(describe(Errc::fabric_relay_off) != describe(Errc::ok));
}
