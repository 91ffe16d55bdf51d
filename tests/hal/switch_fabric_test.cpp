// SwitchFabric (switch_fabric.hpp): any switch sink as a FabricController. The
// round's states a sink receives follow every control mode; a round is latched once
// the guard time after the round before has passed and done once it has settled,
// each a deadline looked at per poll (nothing waits); a transport error is the
// round's outcome and nothing of it is latched; relays are refused.
#include <a2a/hal/switch_fabric.hpp>

#include <a2a/hal/fabric_capabilities.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

using namespace a2a;

namespace {

constexpr std::uint32_t kSwitches = 64;
using Round = hal::RoundSwitches<kSwitches>;

/// Records what it is asked to latch: per latch, every stage's states and the changed stages.
struct RecordingSink {
  Network net{};
  std::vector<std::vector<std::uint32_t>> states;  // the last latch: [stage][switch]
  std::vector<std::uint32_t> changed;              // per latch: the stages that changed (bit mask)
  Errc fail{Errc::ok};
  Errc configure(const Network& n) {
    net = n;
    return Errc::ok;
  }
  template <class R>
  Errc latch(const R& round) {
    if (fail != Errc::ok) return fail;
    std::uint32_t mask = 0;
    states.assign(net.stages, std::vector<std::uint32_t>(net.switches_per_stage()));
    for (std::uint32_t s = 0; s < net.stages; ++s) {
      mask |= round.changed(s) ? 1U << s : 0U;
      for (std::uint32_t y = 0; y < net.switches_per_stage(); ++y) states[s][y] = round.state(s, y);
    }
    changed.push_back(mask);
    return Errc::ok;
  }
};
struct ManualClock {
  std::uint64_t t{0};
  std::uint64_t now_us() { return t; }
};
using Fabric = hal::SwitchFabric<RecordingSink, ManualClock, kSwitches>;
static_assert(hal::SwitchSink<RecordingSink>);
static_assert(hal::FabricController<Fabric>);
// Switch hardware has its switches and counts rounds; headers, relays, counters and
// fault flags are the endpoints' (none here: the round loop writes no port to it).
static_assert(hal::IndividualSwitches<Fabric> && hal::RoundCounter<Fabric>);
static_assert(!hal::PortHeaders<Fabric> && !hal::IdleMasks<Fabric> && !hal::RelayFabric<Fabric> &&
              !hal::DeliveryCounters<Fabric> && !hal::FaultMarking<Fabric> && !hal::FaultInjection<Fabric>);

Network omega(std::uint32_t ports, std::uint32_t radix = 2) {
  return make_network(Topology::omega, ports, radix).value();
}

}  // namespace

TEST_CASE("switch fabric: settle and guard times are deadlines, looked at once per poll") {
  RecordingSink sink;
  ManualClock clock;
  Fabric fabric(sink, clock, {10, 5});
  REQUIRE(fabric.configure(omega(16), false) == Errc::ok);
  REQUIRE(fabric.set_stage_control(0, ControlMode::stage, 1) == Errc::ok);
  REQUIRE(fabric.commit() == Errc::ok);
  CHECK(sink.changed.size() == 1);                      // latched at once: no round before it
  CHECK(fabric.wait_round(3) == Errc::fabric_timeout);  // settling: three looks at t = 0
  clock.t = 9;
  CHECK(fabric.poll_status(1)->busy);
  clock.t = 10;
  CHECK(fabric.poll_status(1)->done);  // settled: the round may carry traffic
  CHECK(fabric.round_counter() == 1);
  // The next round waits out the guard time (until t = 15) before it is latched.
  clock.t = 12;
  REQUIRE(fabric.commit() == Errc::ok);
  CHECK(sink.changed.size() == 1);
  CHECK(fabric.poll_status(1)->busy);
  clock.t = 15;
  CHECK(fabric.poll_status(1)->busy);  // latched now, settles until t = 25
  CHECK(sink.changed.size() == 2);
  clock.t = 25;
  CHECK(fabric.wait_round(1) == Errc::ok);
  CHECK(fabric.round_counter() == 2);
}

TEST_CASE("switch fabric: every control mode reaches the sink as per-switch states") {
  RecordingSink sink;
  ManualClock clock;
  Fabric fabric(sink, clock);
  REQUIRE(fabric.configure(omega(32), false) == Errc::ok);  // 16 switches a stage
  REQUIRE(fabric.set_stage_control(0, ControlMode::stage, 1) == Errc::ok);
  REQUIRE(fabric.set_stage_control(1, ControlMode::alternating, 0) == Errc::ok);
  REQUIRE(fabric.set_stage_control(2, ControlMode::doubly_alternating, 1) == Errc::ok);
  REQUIRE(fabric.set_stage_control(3, ControlMode::quadruply_alternating, 0) == Errc::ok);
  REQUIRE(fabric.set_stage_control(4, ControlMode::individual, 0) == Errc::ok);
  REQUIRE(fabric.set_switch_word(4, 1, 0x10101010U) == Errc::ok);  // switches 8..15: 0,1,0,1,...
  REQUIRE(fabric.commit() == Errc::ok);
  REQUIRE(sink.states.size() == 5);
  for (std::uint32_t y = 0; y < 16; ++y) {
    INFO("switch ", y);
    CHECK(sink.states[0][y] == 1);
    CHECK(sink.states[1][y] == (y & 1U));
    CHECK(sink.states[2][y] == (((y / 2) & 1U) ^ 1U));
    CHECK(sink.states[3][y] == ((y / 4) & 1U));
    CHECK(sink.states[4][y] == (y >= 8 ? (y & 1U) : 0U));
  }
  CHECK(sink.changed.back() == 0x1FU);  // the first latch writes every stage
  // A round that changes one stage: only that stage is marked changed.
  REQUIRE(fabric.set_stage_control(0, ControlMode::stage, 0) == Errc::ok);
  REQUIRE(fabric.set_stage_control(1, ControlMode::alternating, 0) == Errc::ok);  // as before
  REQUIRE(fabric.commit() == Errc::ok);
  CHECK(sink.changed.back() == 0x1U);
}

TEST_CASE("switch fabric: bad settings, relays and transport errors are refused with their reason") {
  RecordingSink sink;
  ManualClock clock;
  Fabric fabric(sink, clock);
  CHECK(fabric.commit() == Errc::fabric_not_configured);
  CHECK(hal::configure_fabric(fabric, omega(16), false, true) == Errc::fabric_relay_unsupported);
  CHECK(fabric.configure(omega(256), false) == Errc::fabric_capacity_exceeded);  // 128 switches > 64
  REQUIRE(fabric.configure(omega(64, 4), false) == Errc::ok);
  CHECK(fabric.set_stage_control(3, ControlMode::stage, 0) == Errc::stage_out_of_range);
  CHECK(fabric.set_stage_control(0, ControlMode::stage, 4) == Errc::state_out_of_range);
  CHECK(fabric.set_stage_control(0, ControlMode::stage, 3) == Errc::ok);  // d = 4: states 0..3
  CHECK(fabric.set_switch_state(0, 16, 0) == Errc::switch_out_of_range);
  CHECK(fabric.poll_status(0).error() == Errc::poll_bound_zero);
  sink.fail = Errc::bus_timeout;
  CHECK(fabric.commit() == Errc::bus_timeout);
  CHECK(fabric.last_transfer_error() == Errc::bus_timeout);
  CHECK(fabric.round_counter() == 0);  // nothing latched
  CHECK(fabric.poll_status(1)->done);  // the round is over: it failed, nothing is in flight
}
