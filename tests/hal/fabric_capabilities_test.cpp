// a2a/hal/fabric_capabilities.hpp: each optional capability found where a driver has
// it and nowhere else, and program_round writing what a fabric has: a stage-control
// fabric gets no switch words (a round that needs them is refused before anything is
// written), one without port registers no ports, one without relays no relay mode.
#include <a2a/hal/fabric_capabilities.hpp>

#include <a2a/hal/fabric_driver.hpp>
#include <a2a/hal/program_round.hpp>
#include <a2a/latin_square.hpp>

#include <array>
#include <cstdint>

#include "a2a_test.hpp"
#include "unit_bus.hpp"

namespace fabric_capabilities_unit {
using namespace a2a;
using namespace a2a::hal;
using Driver = FabricDriver<a2a::test::UnitBus, FabricLayout<16, 4>>;
// The a2a block's driver has every capability.
static_assert(IndividualSwitches<Driver> && PortHeaders<Driver> && IdleMasks<Driver> && RelayFabric<Driver> &&
              RoundCounter<Driver> && DeliveryCounters<Driver> && OutputMonitors<Driver> && FaultMarking<Driver> &&
              FaultWords<Driver> && FaultInjection<Driver>);

/// A stage-control fabric that records what it was asked; the capabilities come from
/// the flags (each a member only where it is true).
struct Calls {
  std::uint32_t stage_writes{0}, headers{0}, idle_words{0}, commits{0};
  std::uint32_t last_idle{0};
};
template <bool Ports, bool Idle>
struct StageFabric {
  Calls* calls;
  Network net{};
  bool configured{false};
  Errc configure(const Network& n, bool) {
    net = n;
    configured = true;
    return Errc::ok;
  }
  [[nodiscard]] Result<Network> network() const {
    if (!configured) return Errc::fabric_not_configured;
    return net;
  }
  Errc set_stage_control(std::uint32_t, ControlMode mode, std::uint32_t) {
    if (mode != ControlMode::stage) return Errc::fabric_operation_unsupported;
    ++calls->stage_writes;
    return Errc::ok;
  }
  Errc commit() {
    ++calls->commits;
    return Errc::ok;
  }
  Result<FabricStatus> poll_status(std::uint32_t) {
    FabricStatus s;
    s.done = true;
    return s;
  }
  Errc wait_round(std::uint32_t) { return Errc::ok; }
  Errc abort() { return Errc::ok; }
  Errc reset() { return Errc::ok; }
  Errc set_port_header(std::uint32_t, std::uint32_t, std::uint32_t) requires Ports {
    ++calls->headers;
    return Errc::ok;
  }
  Errc set_idle_word(std::uint32_t, std::uint32_t bits) requires Idle {
    ++calls->idle_words;
    calls->last_idle = bits;
    return Errc::ok;
  }
};
using Bare = StageFabric<false, false>;
using IdleOnly = StageFabric<false, true>;
using Headed = StageFabric<true, true>;
static_assert(FabricController<Bare> && FabricController<IdleOnly> && FabricController<Headed>);
static_assert(!PortHeaders<Bare> && !IdleMasks<Bare> && !PortHeaders<IdleOnly> && IdleMasks<IdleOnly>);
static_assert(PortHeaders<Headed> && IdleMasks<Headed> && !RelayFabric<Headed> && !IndividualSwitches<Headed>);

/// Headed with relays: the relay request reaches it.
struct Relaying : Headed {
  bool relaying{false};
  using Headed::configure;
  Errc configure(const Network& n, bool optical, bool relay) {
    relaying = relay;
    return Headed::configure(n, optical);
  }
  [[nodiscard]] bool relay() const { return relaying; }
  Errc set_port_message(std::uint32_t, std::uint32_t, std::uint32_t) { return Errc::ok; }
};
static_assert(RelayFabric<Relaying>);

Network omega16() { return make_network(Topology::omega, 16).value(); }
}  // namespace fabric_capabilities_unit

TEST_CASE("fabric capabilities: program_round writes the ports a fabric has, and only those") {
  using namespace fabric_capabilities_unit;
  const Network net = omega16();
  const auto schedule = LatinSquareSchedule<>::make(net).value();
  Calls bare_calls, idle_calls, headed_calls;
  Bare bare{&bare_calls};
  IdleOnly idle{&idle_calls};
  Headed headed{&headed_calls};
  REQUIRE(bare.configure(net, false) == Errc::ok);
  REQUIRE(idle.configure(net, false) == Errc::ok);
  REQUIRE(headed.configure(net, false) == Errc::ok);
  CHECK(program_round(bare, schedule, 3) == Errc::ok);
  CHECK(program_round(idle, schedule, 3) == Errc::ok);
  CHECK(program_round(headed, schedule, 3) == Errc::ok);
  // Each wrote the 4 stages and committed once.
  CHECK(bare_calls.stage_writes == 4);
  CHECK(bare_calls.commits == 1);
  CHECK(idle_calls.commits == 1);
  CHECK(headed_calls.commits == 1);
  // No port registers: nothing of a port; idle masks alone: one word (16 ports, all
  // sending in a Latin square round, ports 16..31 beyond N marked idle).
  CHECK(bare_calls.headers + bare_calls.idle_words == 0);
  CHECK(idle_calls.headers == 0);
  CHECK(idle_calls.idle_words == 1);
  CHECK(idle_calls.last_idle == 0xFFFF0000U);
  CHECK(headed_calls.headers == 16);
  CHECK(headed_calls.idle_words == 1);
}

TEST_CASE("fabric capabilities: a round that sets switches one by one is refused on stage control") {
  using namespace fabric_capabilities_unit;
  const Network net = omega16();
  const std::array<std::uint8_t, 4> m0{0x5A, 0x0F, 0x33, 0x81};  // an arbitrary M^0: each switch its own state
  const auto schedule = LatinSquareSchedule<InitialConfiguration>::make(net, RoundOrder::natural, {m0, 8}).value();
  Calls calls;
  Headed fabric{&calls};
  REQUIRE(fabric.configure(net, false) == Errc::ok);
  CHECK(program_round(fabric, schedule, 0) == Errc::fabric_operation_unsupported);
  CHECK(calls.commits == 0);
  CHECK(calls.headers == 0);
}

TEST_CASE("fabric capabilities: relay mode is refused by a fabric without relays, passed to one with") {
  using namespace fabric_capabilities_unit;
  const Network net = omega16();
  Calls calls;
  Headed plain{&calls};
  CHECK(configure_fabric(plain, net, false, true) == Errc::fabric_relay_unsupported);
  CHECK(!plain.configured);  // refused before the driver was asked
  CHECK(configure_fabric(plain, net, false, false) == Errc::ok);
  CHECK(!relays(plain));
  Relaying relaying{{&calls}};
  CHECK(configure_fabric(relaying, net, false, true) == Errc::ok);
  CHECK(relays(relaying));
  CHECK(configure_fabric(relaying, net, false, false) == Errc::ok);
  CHECK(!relays(relaying));
}
